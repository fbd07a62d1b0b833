"""A digest of ``distill.article()`` on every development page, to prove a speed change left output alone.

For each page of ``../shared/corpus/{aeb,wcxb-dev,traf-dev}`` it hashes what a user reads from the
Article: text, title, byline, date, date_modified, page_type (with its confidence, rounded),
markdown, html, the element's and the regions' source spans. Write the digests before a change and
compare after:

    PYTHONPATH=src python tools/article_digest.py --write /tmp/before.json
    PYTHONPATH=src python tools/article_digest.py --compare /tmp/before.json

``--compare`` prints every page whose digest moved, with the fields that moved, and exits 1 if any did.
``--no-html`` leaves the sanitized HTML out (the slowest rendering) for a quick check.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
from pathlib import Path

import distill

CORPORA = ("aeb", "wcxb-dev", "traf-dev")
SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"


def fields(raw: bytes, html: bool) -> dict[str, object]:
    """The Article's user-visible fields for one page, spans as lists."""
    a = distill.article(raw)
    out: dict[str, object] = {
        "text": a.text, "title": a.title, "byline": a.byline, "date": a.date,
        "date_modified": a.date_modified, "page_type": a.page_type,
        "page_type_confidence": round(a.page_type_confidence, 9),
        "element": list(a.element.source_span or ()) if a.element is not None else None,
        "regions": [list(r.source_span or ()) for r in a.regions],
        "markdown": a.markdown,
    }
    if html:
        out["html"] = a.html
    return out


def digest(raw: bytes, html: bool) -> dict[str, str]:
    """One short hash per field."""
    return {k: hashlib.sha1(json.dumps(v, ensure_ascii=False).encode()).hexdigest()[:16]
            for k, v in fields(raw, html).items()}


def pages(shared: Path) -> list[tuple[str, Path]]:
    out = []
    for name in CORPORA:
        for p in sorted((shared / name / "html").glob("*.html.gz")):
            out.append((f"{name}/{p.name.removesuffix('.html.gz')}", p))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--write", type=Path)
    g.add_argument("--compare", type=Path)
    ap.add_argument("--no-html", action="store_true")
    ap.add_argument("--shared", type=Path, default=SHARED)
    args = ap.parse_args()
    got = {key: digest(gzip.open(p).read(), not args.no_html) for key, p in pages(args.shared)}
    if args.write:
        args.write.write_text(json.dumps(got, indent=0, sort_keys=True))
        print(f"{len(got)} pages written to {args.write}")
        return 0
    want = json.loads(args.compare.read_text())
    moved = 0
    for key in sorted(set(want) | set(got)):
        a, b = want.get(key), got.get(key)
        if a is None or b is None:
            print(f"{key}: only in {'after' if a is None else 'before'}")
            moved += 1
            continue
        diff = [k for k in b if k in a and a[k] != b[k]]
        if diff:
            print(f"{key}: {', '.join(diff)}")
            moved += 1
    print(f"{len(got)} pages, {moved} moved")
    return 1 if moved else 0


if __name__ == "__main__":
    sys.exit(main())
