"""One digest per corpus page of the tokens the tokenizer makes of it, to show that a change to the
tokenizer changed nothing it emits.

For every page of the shared development corpora (aeb, wcxb-dev, traf-dev, meta-dev) it tokenizes the
raw bytes through `_core._tokenize_ex`, with the tree builder's content-model switches (script data after
<script>, RAWTEXT after <style>, RCDATA after <title>, ...) so the text states run too, and hashes every
token, every parse error with its offset and every token's source span, for the page fed whole, in
4 KiB chunks and in 61-byte chunks (so chunk boundaries fall inside tags, references and comments).
It also says when a chunked run disagrees with the whole run (tokens, errors, spans) apart from the
spans' zero-copy flags, which differ by design: text that straddles a chunk boundary is copied.

    PYTHONPATH=src python tools/token_digest.py > /tmp/before.txt    # on the old build
    PYTHONPATH=src python tools/token_digest.py > /tmp/after.txt     # on the new build
    python tools/token_digest.py --compare /tmp/before.txt /tmp/after.txt

Each output line is `corpus/page digest`; the last line is a digest of all of them. (The tree the
parser builds is hashed by tools/tree_digest.py, from branch i17-tree.)
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import sys
from collections.abc import Iterator
from pathlib import Path

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"
CORPORA = ("aeb", "wcxb-dev", "traf-dev", "meta-dev")
CHUNKS = (0, 4096, 61)
# The start tags after which the tree builder switches the tokenizer's state (HTML Standard 13.2.6.4.4,
# 13.2.6.4.7), as the tree builder does it with scripting on.
SWITCH = {"script": "Script data state", "title": "RCDATA state", "textarea": "RCDATA state",
          "style": "RAWTEXT state", "xmp": "RAWTEXT state", "iframe": "RAWTEXT state",
          "noembed": "RAWTEXT state", "noframes": "RAWTEXT state", "noscript": "RAWTEXT state",
          "plaintext": "PLAINTEXT state"}


def pages(root: Path) -> Iterator[tuple[str, bytes]]:
    """(corpus/page name, raw bytes) for every page of the corpora, in a stable order."""
    for corpus in CORPORA:
        folder = root / corpus / "html"
        if not folder.is_dir():
            raise SystemExit(f"missing corpus folder {folder}")
        for path in sorted(folder.iterdir()):
            raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
            yield f"{corpus}/{path.name}", raw


def digest(raw: bytes) -> tuple[str, bool]:
    """Hash of the tokens, errors and spans of one page under every chunking, and whether they agree."""
    from distill import _core

    h = hashlib.sha256()
    runs = []
    for chunk in CHUNKS:
        tokens, errors, spans = _core._tokenize_ex(raw, "Data state", None, chunk, False, SWITCH)
        h.update(f"|chunk {chunk}|".encode())
        h.update(repr((tokens, errors, spans)).encode("utf-8", "surrogatepass"))
        unflagged = [(start, end, [(a, b) for a, b, _ in attrs]) for start, end, _, attrs in spans]
        runs.append((tokens, errors, unflagged))
    return h.hexdigest()[:16], all(r == runs[0] for r in runs)


def compare(before: Path, after: Path) -> int:
    """Print the pages whose digests differ; 0 when none do."""
    a = dict(line.split()[:2] for line in before.read_text().splitlines())
    b = dict(line.split()[:2] for line in after.read_text().splitlines())
    differ = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
    for k in differ:
        print(f"{k}: {a.get(k)} -> {b.get(k)}")
    print(f"{len(a)} lines before, {len(b)} after, {len(differ)} differ", file=sys.stderr)
    return 1 if differ else 0


def main() -> int:
    """Write one digest line per page to stdout, or compare two such files."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--corpus-root", type=Path, default=SHARED, help="folder holding the corpora")
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = ap.parse_args()
    if args.compare:
        return compare(*args.compare)
    total = hashlib.sha256()
    disagree = 0
    for name, raw in pages(args.corpus_root):
        d, same = digest(raw)
        total.update(f"{name} {d}\n".encode())
        print(name, d)
        if not same:
            disagree += 1
            print(f"{name}: a chunked run differs from the whole run", file=sys.stderr)
    print("ALL", total.hexdigest()[:16])
    return 1 if disagree else 0


if __name__ == "__main__":
    raise SystemExit(main())
