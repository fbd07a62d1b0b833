"""Which of article()'s date misses on WCXB dev have a true date that the page does not write at all.

Usage: PYTHONPATH=src python tools/date_absent.py [--corpus ../shared/corpus/wcxb-dev] [--list]

For every page whose truth has a publish_date that article().date misses (score_meta.py's comparison:
the calendar day, as written or in UTC), the page's bytes are searched, case-insensitively, for that day
in the forms pages write it: ISO (2025-08-19, 2025/08/19), numeric day-month and month-day orders with
slashes and dots, English month names and their abbreviations in both orders ("August 19, 2025",
"19 Aug 2025"), and the CJK form. A miss whose day is in none of them cannot be read off the page; the
rest are the misses a rule could still reach. Prints the two counts (and each page with --list).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import shared_scorer

import distill

SHARED = shared_scorer.SHARED
MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]


def written_forms(day: str) -> list[str]:
    """The ways a page may write the calendar day YYYY-MM-DD, lower case."""
    y, m, d = day.split("-")
    mi, di = int(m), int(d)
    name = MONTHS[mi - 1]
    forms = [
        day,
        f"{y}/{m}/{d}",
        f"{m}/{d}/{y}",
        f"{d}/{m}/{y}",
        f"{mi}/{di}/{y}",
        f"{di}/{mi}/{y}",
        f"{d}.{m}.{y}",
        f"{di}.{mi}.{y}",
        f"{y}\u5e74{mi}\u6708{di}\u65e5",
    ]
    for month in (name, name[:3], name[:3] + "."):
        forms += [
            f"{month} {di}, {y}",
            f"{month} {d}, {y}",
            f"{di} {month} {y}",
            f"{d} {month} {y}",
            f"{di} {month}, {y}",
        ]
    return forms


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=SHARED / "corpus" / "wcxb-dev")
    ap.add_argument("--list", action="store_true", help="print each miss and whether its day is written")
    args = ap.parse_args()
    sm = shared_scorer.load("score_meta")
    absent = written = 0
    for page_id, expected, _, raw in shared_scorer.wcxb_pages(args.corpus, "publish_date"):
        if len(expected.strip()) < 10:
            continue
        got = distill.article(raw).date
        if sm.hit("date", expected, got):
            continue
        page = raw.decode("utf-8", "replace").lower()
        shown = any(form in page for form in written_forms(expected.strip()[:10]))
        written += shown
        absent += not shown
        if args.list:
            print(f"{page_id}  expected {expected!r}  got {got!r}  {'written' if shown else 'absent'}")
    print(f"misses {absent + written}: the true day written in the page {written}, written nowhere {absent}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
