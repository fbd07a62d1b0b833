"""The one pipeline's costs: what a rendering adds once the article is extracted, in the library and in
`distill extract`'s records.

Article.markdown and Article.html render the selection the extraction kept (extract/pipeline/pipeline.h):
they must not cost a second extraction. Measured on the corpus (aeb by default): article().text, then
.markdown and .html on the same Articles, in alternating rounds (medians of per-round ratios); and
`distill extract --jobs 1` over the corpus's pages written to files, text-only records against
`--markdown` records, alternating runs, the command's CPU time (user + system) read from the children's
resource usage.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench import common
from bench.common import REPO, Corpus, Section


def _renderings(corpus: Corpus, rounds: int) -> list[str]:
    import distill

    pages = corpus.pages
    text, md, html = [], [], []
    for _ in range(rounds):
        t0 = common.clock()
        arts = [distill.article(p) for p in pages]
        sink = [a.text for a in arts]
        t1 = common.clock()
        sink = [a.markdown for a in arts]
        t2 = common.clock()
        sink = [a.html for a in arts]
        t3 = common.clock()
        text.append(t1 - t0)
        md.append(t2 - t1)
        html.append(t3 - t2)
        del sink
    m = statistics.median(b / a for a, b in zip(text, md, strict=True))
    h = statistics.median(b / a for a, b in zip(text, html, strict=True))
    return [f"{len(pages)} pages, {rounds} rounds: `.markdown` after `.text` adds {m:.0%} of article()'s time, "
            f"`.html` after them {h:.0%} (medians of per-round ratios)."]


def _command(corpus: Corpus, rounds: int) -> list[str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO / "src"), os.environ.get("PYTHONPATH", "")]))
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for k, page in enumerate(corpus.pages):
            f = Path(tmp) / f"{k:05d}.html"
            f.write_bytes(page)
            files.append(str(f))
        files *= 5  # the pages five times over: the interpreter's start-up is a small part of the run

        def cpu(extra: list[str]) -> float:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([sys.executable, "-m", "distill", "extract", "--jobs", "1", "-q", *extra, *files],
                           env=env, stdout=subprocess.DEVNULL, check=False)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

        ratios = []
        for r in range(rounds):
            if r % 2:
                m, t = cpu(["--markdown"]), cpu([])
            else:
                t, m = cpu([]), cpu(["--markdown"])
            ratios.append(m / t)
    return [f"`distill extract --jobs 1` over {len(files)} page files, {rounds} alternating runs: `--markdown` "
            f"records take {statistics.median(ratios):.2f}x the CPU time of text-only records (median)."]


def run(corpus: Corpus, rounds: int) -> Section:
    """The renderings' cost in the library and in the command."""
    return Section("The pipeline's renderings", [*_renderings(corpus, rounds), "", *_command(corpus, rounds)])
