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
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

import shared_scorer

import distill

SHARED = shared_scorer.SHARED
SEPARATORS = re.compile(r"\s+[|\-\u2013\u2014\u00b7\u2022\u00bb]\s+")


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
    sm = shared_scorer.load("score_meta")
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for page_id, expected, page_type, raw in shared_scorer.wcxb_pages(args.corpus, "title"):
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
            print(f"{page_id} {page_type} truth={side} got={got}")
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
