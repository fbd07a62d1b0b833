#!/usr/bin/env python3
"""Score main_text() and article().text on ../shared/corpus/aeb with the benchmark's own metric.

Prints F1, precision and recall of both side by side, then the pages where they do worst. The metric
is ../shared/tools/score_aeb.py's (word 4-gram shingles, per-page TP/FP/FN normalised, precision and
recall averaged over pages, F1 from the two means); it is imported from there, not reimplemented.

    PYTHONPATH=src python tools/eval_aeb.py [--worst 10] [--corpus PATH] [--json]
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

REPO = Path(__file__).resolve().parent.parent
SCORER = REPO.parent / "shared" / "tools" / "score_aeb.py"
sys.path.insert(0, str(REPO / "tools"))

import aeb_functions  # noqa: E402


def load_scorer(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("score_aeb", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load the scorer at {path}")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def page_f1(s: ModuleType, c: tuple[float, float, float]) -> float:
    p, r = s.precision(*c), s.recall(*c)
    return 2 * p * r / (p + r) if p + r else 0.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=None, help="defaults to the scorer's corpus")
    ap.add_argument("--worst", type=int, default=10)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not SCORER.exists():
        print(
            f"{SCORER} is absent: the evaluation needs ../shared beside the repository",
            file=sys.stderr,
        )
        return 2
    s = load_scorer(SCORER)
    corpus = args.corpus or s.CORPUS
    truth = json.loads((corpus / "ground-truth.json").read_text())
    pages = {k: gzip.open(corpus / "html" / f"{k}.html.gz").read() for k in truth}
    extractors: dict[str, Callable[[bytes], str]] = {
        "main_text()": aeb_functions.main_text,
        "article().text": aeb_functions.article_text,
    }
    per: dict[str, dict[str, tuple[float, float, float]]] = {}
    rows = []
    for name, fn in extractors.items():
        start = time.perf_counter()
        preds = {k: fn(raw) or "" for k, raw in pages.items()}
        elapsed = time.perf_counter() - start
        per[name] = {k: s.page_counts(truth[k]["articleBody"], preds[k]) for k in truth}
        p, r, f1 = s.summarize(list(per[name].values()))
        rows.append(
            {
                "extractor": name,
                "f1": round(f1, 4),
                "precision": round(p, 4),
                "recall": round(r, 4),
                "ms_per_page": round(1000 * elapsed / len(pages), 3),
            }
        )
    if args.json:
        print(json.dumps({"pages": len(pages), "results": rows}))
        return 0
    print(f"{len(pages)} pages, metric of {SCORER.name}")
    print(f"{'extractor':<16} {'F1':>7} {'precision':>10} {'recall':>8} {'ms/page':>8}")
    for row in rows:
        print(
            f"{row['extractor']:<16} {row['f1']:>7.4f} {row['precision']:>10.4f} "
            f"{row['recall']:>8.4f} {row['ms_per_page']:>8.2f}"
        )
    if args.worst:
        names = list(extractors)
        print(f"\nworst {args.worst} pages by {names[0]} F1 (F1 of each extractor, then the page):")
        order = sorted(truth, key=lambda k: page_f1(s, per[names[0]][k]))
        for k in order[: args.worst]:
            f1s = "  ".join(f"{page_f1(s, per[n][k]):.3f}" for n in names)
            print(f"{f1s}  {k[:16]}  {truth[k].get('url', '')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
