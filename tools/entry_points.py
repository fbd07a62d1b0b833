"""Every way into the extraction, run on the same pages and compared: they must agree byte for byte.

distill has one extraction pipeline (src/distill/_core/extract/pipeline.h) and many ways in: the
library's ``distill.article()`` and ``Node.article()``, ``distill.batch`` (``extract_page`` and
``extract`` over files), the ``distill extract`` command, and the adapters (Spark's
``extract_series`` when pandas is installed, datatrove's extractor when datatrove is). This runs each
available one on every page of ../shared/corpus/{aeb,wcxb-dev,traf-dev} (or every ``--every``-th page)
and reports every page where any of them differs from ``distill.article()`` on text, markdown, html,
title, byline, date or page_type:

    PYTHONPATH=src python tools/entry_points.py              # all 2,169 pages
    PYTHONPATH=src python tools/entry_points.py --every 40   # a sample

Exit status 1 when any page differs. tests/extract/test_entry_points.py runs the sample in CI.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

FIELDS = ("text", "markdown", "html", "title", "byline", "date", "page_type")
CORPORA = ("aeb", "wcxb-dev", "traf-dev")
SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"

Fields = dict[str, Any]


def pages(shared: Path = SHARED, every: int = 1) -> list[tuple[str, bytes]]:
    """(page id, bytes) of the development pages, every `every`-th of each corpus."""
    out = []
    for name in CORPORA:
        for k, p in enumerate(sorted((shared / name / "html").glob("*.html.gz"))):
            if k % every == 0:
                out.append((f"{name}/{p.name.removesuffix('.html.gz')}", gzip.open(p).read()))
    return out


def of_article(a: Any) -> Fields:
    return {f: getattr(a, f) for f in FIELDS}


def of_record(r: Any) -> Fields:
    d = r if isinstance(r, dict) else r.to_dict()
    return {f: d.get(f) for f in FIELDS}


def library(url: str, raw: bytes) -> Fields:
    import distill

    return of_article(distill.article(raw, base_url=url))


def node_article(url: str, raw: bytes) -> Fields:
    import distill

    return of_article(distill.parse(raw).article(base_url=url))


def batch_page(url: str, raw: bytes) -> Fields:
    from distill.batch import BatchOptions, Page, extract_page

    return of_record(extract_page(Page(url, url, raw), options=BatchOptions(markdown=True, html=True)))


def command() -> list[str]:
    """The installed `distill` command beside this interpreter, else the module it runs."""
    beside = Path(sys.executable).parent / "distill"
    return [str(beside)] if beside.exists() else [sys.executable, "-m", "distill.cli.main"]


def many(batch: list[tuple[str, bytes]]) -> dict[str, dict[str, Fields]]:
    """The entry points that take many pages at once (files on disk: their path is their url)."""
    import distill
    from distill.batch import BatchOptions, extract

    out: dict[str, dict[str, Fields]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for k, (_, raw) in enumerate(batch):
            p = Path(tmp) / f"{k:05d}.html"
            p.write_bytes(raw)
            paths.append(str(p))
        by_path = dict(zip(paths, (pid for pid, _ in batch), strict=True))
        opts = BatchOptions(markdown=True, html=True)
        out["batch.extract"] = {by_path[r.url]: of_record(r) for r in extract(paths, jobs=2, options=opts)}
        env = dict(os.environ, PYTHONPATH=str(Path(distill.__file__).resolve().parent.parent))
        proc = subprocess.run([*command(), "extract", "--markdown", "--html", "-j", "2", *paths],
                              capture_output=True, env=env, check=False)
        lines = [json.loads(x) for x in proc.stdout.splitlines()]
        out["distill extract"] = {by_path[d["url"]]: of_record(d) for d in lines if d.get("url") in by_path}
        lib = {pid: library(p, raw) for p, (pid, raw) in zip(paths, batch, strict=True)}
        out["article() on the files"] = lib
        try:
            import pandas as pd

            from distill.spark import extract_series
        except ImportError:
            pass
        else:
            frame = extract_series(pd.Series([raw for _, raw in batch]), pd.Series(paths),
                                   options=BatchOptions(markdown=True, html=True))
            out["spark.extract_series"] = {by_path[row["url"]]: of_record(row.to_dict())
                                           for _, row in frame.iterrows()}
    return out


SINGLE: dict[str, Callable[[str, bytes], Fields]] = {
    "Node.article()": node_article,
    "batch.extract_page": batch_page,
}


def differences(batch: list[tuple[str, bytes]]) -> Iterator[tuple[str, str, list[str]]]:
    """(page id, entry point, fields that differ from distill.article()) for every disagreement."""
    url = "https://example.test/page/"
    for pid, raw in batch:
        want = library(url, raw)
        for name, fn in SINGLE.items():
            got = fn(url, raw)
            bad = [f for f in FIELDS if got[f] != want[f]]
            if bad:
                yield pid, name, bad
    results = many(batch)
    want_files = results.pop("article() on the files")
    for name, got_all in results.items():
        for pid, want in want_files.items():
            got = got_all.get(pid)
            if got is None:
                yield pid, name, ["missing record"]
                continue
            bad = [f for f in FIELDS if got[f] != want[f]]
            if bad:
                yield pid, name, bad


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--every", type=int, default=1, help="take every N-th page of each corpus")
    ap.add_argument("--shared", type=Path, default=SHARED, help="the shared corpus folder")
    args = ap.parse_args()
    batch = pages(args.shared, args.every)
    n = 0
    for pid, name, bad in differences(batch):
        n += 1
        print(f"{pid}\t{name}\t{','.join(bad)}")
    print(f"{len(batch)} pages, {n} disagreements", file=sys.stderr)
    return 1 if n else 0


if __name__ == "__main__":
    raise SystemExit(main())
