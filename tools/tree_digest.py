"""Hash the tree distill.parse builds for every page of the shared corpora: one line per page.

A refactoring of the tokenizer or the tree builder must not change any tree. Run this before the change
(on an unchanged build) and after, then diff the two files: every differing line names a page whose tree
changed. Each page's digest covers its serialisation (tag names, namespaces, attributes, text, comments,
doctype, template contents) and, from the `_parse_nodes` test hook, every node's kind, depth, source
span, implied-end flag and zero-copy flag (so a text node split in two, or a moved span, shows too).

Run: PYTHONPATH=src python tools/tree_digest.py [--corpus DIR ...] > digest.txt
     (default corpora: ../shared/corpus/{aeb,wcxb-dev,traf-dev,meta-dev} next to the repository)
Compare: diff before.txt after.txt   (the last line is a digest of all pages together)
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import sys
from pathlib import Path

import distill
from distill import _core

REPO = Path(__file__).resolve().parent.parent
CORPORA = ["aeb", "wcxb-dev", "traf-dev", "meta-dev"]


def pages(corpus: Path) -> list[Path]:
    """The corpus's pages (html/*.html.gz or html/*.html), in name order."""
    folder = corpus / "html"
    return sorted(p for p in folder.iterdir() if p.name.endswith((".html", ".html.gz")))


def read(page: Path) -> bytes:
    """The page's bytes, ungzipped."""
    raw = page.read_bytes()
    return gzip.decompress(raw) if page.suffix == ".gz" else raw


def digest(raw: bytes) -> str:
    """The hex digest of the tree parse(raw) builds (serialisation plus node structure and spans)."""
    h = hashlib.sha256()
    doc = distill.parse(raw)
    h.update(doc.encoding.encode())
    h.update(b"\0")
    h.update(doc.serialize().encode("utf-8", "surrogatepass"))
    h.update(b"\0")
    h.update(repr(_core._parse_nodes(raw)).encode())
    return h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    """Print `corpus/page digest` per page and a final `ALL digest`; 1 when no corpus was found."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, action="append",
                    help="a corpus folder with html/ inside (repeatable; default: the four shared ones)")
    args = ap.parse_args(argv)
    folders = args.corpus or [REPO.parent / "shared" / "corpus" / name for name in CORPORA]
    folders = [f for f in folders if (f / "html").is_dir()]
    if not folders:
        print("tree_digest: no corpus found (expected ../shared/corpus/<name>/html)", file=sys.stderr)
        return 1
    total = hashlib.sha256()
    for folder in folders:
        for page in pages(folder):
            line = f"{folder.name}/{page.name} {digest(read(page))}"
            total.update(line.encode() + b"\n")
            print(line)
    print(f"ALL {total.hexdigest()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
