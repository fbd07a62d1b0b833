"""One digest per corpus page of what the parser made of it, to show that a refactoring changed nothing.

For every page of the shared development corpora (aeb, wcxb-dev, traf-dev, meta-dev) it hashes the
serialized tree of `distill.parse(raw)`, every element's source span, the DOCTYPE's identifiers, and the
tokenizer's token counts when the page is fed whole, in 4 KiB chunks and in 61-byte chunks (so a chunk
boundary falls inside tags, references and comments). Run it on a build before the change and after,
then compare the two files:

    PYTHONPATH=src python tools/tree_digest.py > /tmp/before.txt    # on the old build
    PYTHONPATH=src python tools/tree_digest.py > /tmp/after.txt     # on the new build
    PYTHONPATH=src python tools/tree_digest.py --compare /tmp/before.txt /tmp/after.txt

Each output line is `corpus/page digest`; the last line is a digest of all of them.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import sys
from collections.abc import Iterator
from pathlib import Path

import distill
from distill import _core

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
CORPORA = ("aeb", "wcxb-dev", "traf-dev", "meta-dev")


def pages(root: Path) -> Iterator[tuple[str, bytes]]:
    """(corpus/page name, raw bytes) for every page of the corpora, in a stable order."""
    for corpus in CORPORA:
        folder = root / corpus / "html"
        if not folder.is_dir():
            raise SystemExit(f"missing corpus folder {folder}")
        for path in sorted(folder.iterdir()):
            raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
            yield f"{corpus}/{path.name}", raw


def digest(raw: bytes) -> str:
    """Hash of the tree, its source spans and the chunked token counts of one page."""
    h = hashlib.sha256()
    doc = distill.parse(raw)
    h.update(doc.serialize().encode("utf-8", "surrogatepass"))
    for el in doc.iter():
        h.update(f"|{el.tag}{el.source_span}".encode())
    for node in doc:
        if isinstance(node, distill.Doctype):
            h.update(f"|doctype {node.name!r} {node.public_id!r} {node.system_id!r}".encode())
    for chunk in (0, 4096, 61):
        h.update(f"|tokens/{chunk} {_core._tokenize_count(raw, chunk)}".encode())
    return h.hexdigest()[:16]


def compare(before: Path, after: Path) -> int:
    """Print the pages whose digests differ; 0 when none do."""
    a = dict(line.split() for line in before.read_text().splitlines())
    b = dict(line.split() for line in after.read_text().splitlines())
    differ = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
    for k in differ:
        print(f"{k}: {a.get(k)} -> {b.get(k)}")
    print(f"{len(a)} pages before, {len(b)} after, {len(differ)} lines differ", file=sys.stderr)
    return 1 if differ else 0


def main() -> int:
    """Write one digest line per page to stdout, or compare two such files."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus-root", type=Path, default=SHARED, help="folder holding the corpora")
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = ap.parse_args()
    if args.compare:
        return compare(*args.compare)
    total = hashlib.sha256()
    for name, raw in pages(args.corpus_root):
        d = digest(raw)
        total.update(f"{name} {d}\n".encode())
        print(name, d)
    print("ALL", total.hexdigest()[:16])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
