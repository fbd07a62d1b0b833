"""Which title WCXB dev's truth takes where a page's <h1> and its declared title disagree.

Usage: PYTHONPATH=src python tools/title_agreement.py [--corpus ../shared/corpus/wcxb-dev] [--list]

For every page with a title in the truth, the first non-empty <h1> is set against the declared title
(<title>, else og:title) cut at its separators (" | ", " - ", " – ", " — ", " · ", " • ", " » "). Where
the <h1> is neither the declared title nor one of its parts, the page counts under the candidate the
truth equals: the <h1>, the declared title (whole, one of its parts, or all but its last part), or
neither. Printed per WCXB page type, with how many of each distill's article().title gets. The comparison
is score_meta.py's own (whitespace, case, typographic quotes and dashes folded). This measures how far a
rule that picks one of the two can go on this corpus: where the truth splits evenly between them, no
choice made from the page alone gets both halves.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path
from types import ModuleType

import distill

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
SEPARATORS = re.compile(r"\s+[|\-\u2013\u2014\u00b7\u2022\u00bb]\s+")


def scorer() -> ModuleType:
    path = SHARED / "tools" / "score_meta.py"
    spec = importlib.util.spec_from_file_location("score_meta", path)
    if spec is None or spec.loader is None:
        sys.exit(f"title_agreement: cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def squeeze(text: str) -> str:
    return " ".join(text.split())


def declared_title(doc: distill.Document) -> str:
    title = doc.find("title")
    if title is not None and squeeze(title.text):
        return squeeze(title.text)
    for meta in doc.find_all("meta"):
        if (meta.attrs.get("property") or "").lower() == "og:title":
            return squeeze(meta.attrs.get("content") or "")
    return ""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=SHARED / "corpus" / "wcxb-dev")
    ap.add_argument("--list", action="store_true", help="print each disagreeing page")
    args = ap.parse_args()
    if not (args.corpus / "ground-truth").is_dir():
        sys.exit(f"title_agreement: no WCXB corpus at {args.corpus}")
    sm = scorer()
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for truth_file in sorted((args.corpus / "ground-truth").glob("*.json")):
        record = json.loads(truth_file.read_text())
        expected = (record.get("ground_truth") or {}).get("title")
        if not isinstance(expected, str) or not expected.strip():
            continue
        page_type = record["_internal"]["page_type"]["primary"]
        raw = gzip.open(args.corpus / "html" / f"{truth_file.stem}.html.gz").read()
        doc = distill.parse(raw)
        h1 = next((squeeze(e.text) for e in doc.find_all("h1") if squeeze(e.text)), "")
        declared = declared_title(doc)
        parts = SEPARATORS.split(declared) if declared else []
        readings = set(parts) | {declared, " - ".join(parts[:-1])} if parts else set()
        if not h1 or not declared or any(sm.hit("title", h1, r) for r in readings if r):
            continue
        if sm.hit("title", expected, h1):
            side = "h1"
        elif any(sm.hit("title", expected, r) for r in readings if r):
            side = "declared"
        else:
            side = "neither"
        got = sm.hit("title", expected, distill.article(raw).title)
        for key in (page_type, "all"):
            counts[key][side] += 1
            counts[key][side + " got"] += got
        if args.list:
            print(f"{truth_file.stem} {page_type} truth={side} got={got}")
            print(f"  h1: {h1[:100]}\n  declared: {declared[:100]}")
    header = f"{'type':15s} {'pages':>5s} {'truth h1':>9s} {'declared':>9s} {'neither':>8s}"
    print(header + "   distill gets: h1 / declared / neither")
    for key in sorted(counts, key=lambda k: (k == "all", k)):
        c = counts[key]
        total = c["h1"] + c["declared"] + c["neither"]
        print(
            f"{key:15s} {total:5d} {c['h1']:9d} {c['declared']:9d} {c['neither']:8d}   "
            f"{c['h1 got']} / {c['declared got']} / {c['neither got']}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
