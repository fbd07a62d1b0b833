"""A datatrove pipeline: WARC files in, distill's article text out, as JSONL.

    python examples/datatrove_pipeline.py WARC_FOLDER OUT_FOLDER [TASKS]

Needs ``pip install 'distill[datatrove]'`` (datatrove, and what its WarcReader needs). Every document
keeps its WARC metadata and gains distill's (title, byline, date, ...); pages without an article are
dropped. Extraction options pass through the step: ``DistillExtractor(favor="precision")``.
"""

import sys

from datatrove.executor import LocalPipelineExecutor
from datatrove.pipeline.readers import WarcReader
from datatrove.pipeline.writers import JsonlWriter

from distill.integrations.datatrove import DistillExtractor


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    warcs, out = sys.argv[1], sys.argv[2]
    tasks = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    LocalPipelineExecutor(
        pipeline=[WarcReader(warcs), DistillExtractor(favor="balanced"), JsonlWriter(out)],
        tasks=tasks,
        logging_dir=f"{out}/logs",
    ).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
