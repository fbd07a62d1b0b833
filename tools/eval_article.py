"""Score main_text() and article().text side by side on the benchmark pages, with the worst pages.

Usage: PYTHONPATH=src python tools/eval_article.py [--corpus ../shared/corpus/aeb] [--worst 10] [--favor]

The metric is the benchmark's own, imported from ../shared/tools/score_aeb.py: word 4-gram shingles per
page, precision and recall averaged over pages, F1 of the two means. --favor adds the precision and
recall settings of article() as extra columns.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import distill

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"

Extractor = Callable[[bytes], str]


def metric() -> ModuleType:
    """The benchmark's scorer, loaded from ../shared/tools/score_aeb.py."""
    path = SHARED / "tools" / "score_aeb.py"
    spec = importlib.util.spec_from_file_location("score_aeb", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"the metric is missing: {path}")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def extractors(with_favor: bool) -> dict[str, Extractor]:
    """The contenders: main_text() and article().text, through the public API when it exists."""
    found: dict[str, Extractor] = {}
    method = "main_text"  # the design's text (issue 3), when the extract subsystem provides it
    if hasattr(distill.parse(b"<p>x</p>"), method):
        found["main_text()"] = lambda b: str(getattr(distill.parse(b), method)())
    article = getattr(distill, "article", None)
    if article is not None:
        found["article().text"] = lambda b: str(article(b).text)
    else:  # before article() is wired: the same C function it calls
        found["article().text"] = lambda b: str(distill._core._article_text(distill.parse(b)))
    if with_favor and article is not None:
        precise, loose = distill.Extraction(favor="precision"), distill.Extraction(favor="recall")
        found["article(favor=precision)"] = lambda b: str(article(b, precise).text)
        found["article(favor=recall)"] = lambda b: str(article(b, loose).text)
    return found


def f1_of(m: ModuleType, counts: tuple[float, float, float]) -> float:
    p, r = m.precision(*counts), m.recall(*counts)
    return float(2 * p * r / (p + r)) if p + r else 0.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=SHARED / "corpus" / "aeb")
    ap.add_argument("--worst", type=int, default=10)
    ap.add_argument("--favor", action="store_true", help="also score favor=precision and favor=recall")
    args = ap.parse_args()
    if not (args.corpus / "ground-truth.json").exists():
        print(f"no corpus at {args.corpus}", file=sys.stderr)
        return 2
    m = metric()
    truth = json.loads((args.corpus / "ground-truth.json").read_text())
    ids = sorted(truth)
    pages = {k: gzip.open(args.corpus / "html" / f"{k}.html.gz").read() for k in ids}
    per_page: dict[str, dict[str, tuple[float, float, float]]] = {}
    print(f"{'extractor':28s} {'F1':>7s} {'P':>7s} {'R':>7s} {'ms/page':>8s}")
    for name, fn in extractors(args.favor).items():
        start = time.perf_counter()
        outs = {k: fn(pages[k]) for k in ids}
        ms = 1000 * (time.perf_counter() - start) / len(ids)
        rows = {k: m.page_counts(truth[k]["articleBody"], outs[k]) for k in ids}
        per_page[name] = rows
        p, r, f1 = m.summarize(list(rows.values()))
        print(f"{name:28s} {f1:7.4f} {p:7.4f} {r:7.4f} {ms:8.2f}")
    if args.worst and "article().text" in per_page:
        rows = per_page["article().text"]
        names = list(per_page)
        print(f"\nlowest F1 of article().text (columns: {', '.join(names)}):")
        for k in sorted(ids, key=lambda k: f1_of(m, rows[k]))[: args.worst]:
            cols = "  ".join(f"{f1_of(m, per_page[n][k]):.3f}" for n in names)
            print(f"  {cols}  {k[:12]}  {truth[k].get('url', '')[:70]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
