"""distill as the HTML parser of a cc-pyspark job.

cc-pyspark's jobs (``sparkcc.py``) take a parser object with ``get_html_tree(page, encoding)`` and
``html_to_text(tree)``; ``distill.integrations.ccpyspark.HTMLParser`` is one, whose text is the page's
article. Outside Spark, the same calls on one WARC:

    python examples/ccpyspark_parser.py crawl.warc.gz
"""

import sys

from fastwarc.warc import ArchiveIterator, WarcRecordType

from distill.integrations.ccpyspark import HTMLParser


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    parser = HTMLParser()
    with open(sys.argv[1], "rb") as f:
        for rec in ArchiveIterator(f, record_types=WarcRecordType.response, parse_http=True):
            if not (rec.http_content_type or "").startswith("text/html"):
                continue
            tree = parser.get_html_tree(rec.reader.read(), encoding=rec.http_charset)
            text = parser.html_to_text(tree)
            print(f"{rec.headers.get('WARC-Target-URI')}\t{len(text)}\t{text[:80]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
