"""Show what an extractor gets wrong on aeb pages: output lines not in the truth, truth lines missed.

For each page id (a prefix is enough) of ../shared/corpus/aeb, runs the extractor named module:function
(page bytes in, text out; default distill.article's text) and prints, word-normalised, each output line
whose words are not in the ground truth ("+") and each truth line whose words are not in the output
("-"). The quickest way to see why a page scores low (score_aeb.py --worst gives the page ids).

Run: PYTHONPATH=src python tools/aeb_diff.py [--extractor mod:func] PAGEID [PAGEID ...]
"""

from __future__ import annotations

import argparse
import gzip
import importlib
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

AEB = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "aeb"
WORD = re.compile(r"\w+")


def words(text: str) -> str:
    """The text's words joined by single spaces (what the comparison sees)."""
    return " ".join(WORD.findall(text))


def diff(output: str, truth: str) -> tuple[list[str], list[str]]:
    """(output lines absent from the truth, truth lines absent from the output), word-normalised."""
    tw, ow = words(truth), words(output)
    extra = [line for line in output.split("\n") if words(line) and words(line) not in tw]
    missed = [line for line in truth.split("\n") if words(line) and words(line) not in ow]
    return extra, missed


def _distill_text(page: bytes) -> str:
    import distill

    return distill.article(page).text or ""


def _load(spec: str | None) -> Callable[[bytes], str]:
    if not spec:
        return _distill_text
    mod, _, fn = spec.partition(":")
    return getattr(importlib.import_module(mod), fn)  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    """Print the differences for each page given; 2 when the corpus or a page is missing."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pages", nargs="+", help="aeb page ids (or unique prefixes)")
    ap.add_argument("--extractor", help="module:function, page bytes -> text (default distill.article)")
    args = ap.parse_args(argv)
    if not AEB.exists():
        print(f"{AEB} is absent: this tool needs the shared corpus", file=sys.stderr)
        return 2
    truth = json.loads((AEB / "ground-truth.json").read_text())
    extract = _load(args.extractor)
    for prefix in args.pages:
        files = sorted((AEB / "html").glob(f"{prefix}*.html.gz"))
        if not files:
            print(f"no aeb page starts with {prefix}", file=sys.stderr)
            return 2
        key = files[0].name.split(".")[0]
        body = truth[key]["articleBody"]
        extra, missed = diff(extract(gzip.open(files[0]).read()), body)
        print("==", key[:12], truth[key].get("url", ""))
        for line in extra:
            print("  +", line[:150])
        for line in missed:
            print("  -", line[:150])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
