"""distill as NeMo Curator's HTML extraction algorithm.

    python examples/nemo_curator_extractor.py crawl.warc.gz

In a Curator pipeline, pass the algorithm to the Common Crawl stage::

    from nemo_curator.stages.text.download.common_crawl.extract import CommonCrawlHTMLExtractor
    from distill.integrations.nemo import DistillHTMLExtractor

    CommonCrawlHTMLExtractor(algorithm=DistillHTMLExtractor(favor="precision"))

This example runs that stage's ``extract`` on every HTML response of one WARC, as Curator does per record.
"""

import sys

from fastwarc.warc import ArchiveIterator, WarcRecordType
from nemo_curator.stages.text.download.common_crawl.extract import CommonCrawlHTMLExtractor

from distill.integrations.nemo import DistillHTMLExtractor


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    stage = CommonCrawlHTMLExtractor(algorithm=DistillHTMLExtractor())
    with open(sys.argv[1], "rb") as f:
        for rec in ArchiveIterator(f, record_types=WarcRecordType.response, parse_http=True):
            out = stage.extract({"content": rec.reader.read(), "url": rec.headers.get("WARC-Target-URI"),
                                 "warc_id": rec.record_id, "source_id": sys.argv[1]})
            if out:
                print(f"{out['url']}\t{out['language']}\t{out['text'][:80]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
