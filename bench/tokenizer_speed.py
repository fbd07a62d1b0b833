"""Tokenizer throughput on the aeb corpus pages, next to whole-document parsers for context.

distill's number is the C tokenizer alone (no tree), through _core._tokenize_count, which runs with
the GIL released and counts tokens without building Python objects. The peers are full parsers (they
also build a tree), so the comparison bounds how much of a parse budget the tokenizer takes.

Runs alternate between contenders for `--rounds` rounds; the median round time is reported.

    PYTHONPATH=src python bench/tokenizer_speed.py [--rounds 7]
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from distill import _core

AEB = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "aeb" / "html"


def load_pages() -> list[bytes]:
    pages = [gzip.decompress(p.read_bytes()) for p in sorted(AEB.glob("*.html.gz"))]
    if not pages:
        raise SystemExit(f"no pages under {AEB}")
    return pages


def contenders(pages: list[bytes]) -> dict[str, Callable[[], object]]:
    out: dict[str, Callable[[], object]] = {
        "distill tokenizer (1 call/page)": lambda: [_core._tokenize_count(p) for p in pages],
        "distill tokenizer (4 KiB chunks)": lambda: [_core._tokenize_count(p, 4096) for p in pages],
    }
    try:
        from selectolax.lexbor import LexborHTMLParser

        out["selectolax/lexbor parse"] = lambda: [LexborHTMLParser(p) for p in pages]
    except ImportError:
        pass
    try:
        import turbohtml

        out["turbohtml parse"] = lambda: [turbohtml.parse(p) for p in pages]
    except (ImportError, AttributeError):
        pass
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
    pages = load_pages()
    total = sum(len(p) for p in pages)
    runs = contenders(pages)
    for fn in runs.values():  # warm up, and fail early if a contender cannot run
        fn()
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(args.rounds):
        for name, fn in runs.items():
            t0 = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t0)
    print(f"{len(pages)} pages, {total / 1e6:.1f} MB, median of {args.rounds} alternating rounds")
    base = statistics.median(times[next(iter(runs))])
    for name, ts in times.items():
        med = statistics.median(ts)
        print(f"  {name:36s} {med * 1e3:8.1f} ms  {total / med / 1e6:8.1f} MB/s  x{med / base:5.2f}")


if __name__ == "__main__":
    main()
