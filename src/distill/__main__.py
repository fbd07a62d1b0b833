"""``python -m distill``: the ``distill`` command (``python -m distill extract crawl.warc.gz -o out.jsonl``)."""

import sys

from distill.cli import distill_command

if __name__ == "__main__":
    sys.exit(distill_command())
