"""The ``distill`` command: ``distill extract INPUT... [-o OUT] [--jobs N] [--format jsonl|parquet]``.

One JSON line (or Parquet row) per page, in input order, with the article's fields; a page that fails
gets an ``error`` field instead of stopping the run. A progress line goes to stderr when it is a
terminal and nowhere otherwise, so the output pipes cleanly.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Iterable, Iterator
from typing import IO

from distill.batch import MissingExtra, Record, extract


class _Progress:
    """Pages, pages per second and errors on one stderr line, redrawn at most ten times a second."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.start = self.last = time.monotonic()
        self.pages = self.errors = 0

    def update(self, rec: Record) -> None:
        self.pages += 1
        self.errors += rec.error is not None
        now = time.monotonic()
        if now - self.last >= 0.1:
            self.last = now
            self._draw(now)

    def _draw(self, now: float) -> None:
        rate = self.pages / max(now - self.start, 1e-9)
        self.stream.write(f"\r{self.pages} pages  {rate:,.0f} pages/s  {self.errors} errors")
        self.stream.flush()

    def close(self) -> None:
        self._draw(time.monotonic())
        self.stream.write("\n")
        self.stream.flush()


def _write_jsonl(records: Iterable[Record], out: IO[str]) -> None:
    for rec in records:
        out.write(json.dumps(rec.to_dict(), ensure_ascii=False))
        out.write("\n")


def _write_parquet(records: Iterable[Record], path: str, batch: int = 1024) -> None:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as e:
        raise MissingExtra("--format parquet needs pyarrow: pip install 'distill[parquet]'") from e
    fields = list(Record.__dataclass_fields__)
    schema = pa.schema([(f, pa.float64() if f == "seconds" else pa.string()) for f in fields])
    with pq.ParquetWriter(path, schema) as writer:
        rows: list[dict[str, object]] = []
        for rec in records:
            rows.append(rec.to_dict())
            if len(rows) >= batch:
                writer.write_table(pa.Table.from_pylist(rows, schema=schema))
                rows = []
        if rows:
            writer.write_table(pa.Table.from_pylist(rows, schema=schema))


def _tracked(records: Iterator[Record], progress: _Progress | None) -> Iterator[Record]:
    for rec in records:
        if progress:
            progress.update(rec)
        yield rec


def main(argv: list[str] | None = None) -> int:
    """Run the command; returns the exit status (0 ok, 1 some pages failed with --strict, 2 usage)."""
    ap = argparse.ArgumentParser(prog="distill", description="Extract articles from web pages in bulk.")
    sub = ap.add_subparsers(dest="command", required=True)
    ex = sub.add_parser("extract", help="extract every page of the inputs, one record per page",
                        description="Inputs: HTML files (.html, .htm, .gz), directories of them, WARC files "
                                    "(.warc, .warc.gz; needs distill[warc]) and JSONL with an 'html' field.")
    ex.add_argument("inputs", nargs="+", metavar="INPUT")
    ex.add_argument("-o", "--output", default="-", help="output file (default: standard output)")
    ex.add_argument("-j", "--jobs", type=int, default=None, help="worker threads (default: all cores; 1: sequential)")
    ex.add_argument("--format", choices=("jsonl", "parquet"), default=None,
                    help="output format (default: parquet for a .parquet output, else jsonl)")
    ex.add_argument("--markdown", action="store_true", help="add the article as Markdown to each record")
    ex.add_argument("--strict", action="store_true", help="exit 1 when any page failed")
    ex.add_argument("--progress", choices=("auto", "always", "never"), default="auto",
                    help="progress line on stderr (auto: only when stderr is a terminal)")
    args = ap.parse_args(argv)
    if sys.stdout is None and args.output == "-":  # started with stdout closed (>&-)
        print("distill: standard output is closed", file=sys.stderr)
        return 2

    for item in args.inputs:
        if not os.path.exists(item):
            print(f"distill: {item}: no such file or directory", file=sys.stderr)
            return 2
    if args.jobs is not None and args.jobs < 1:
        print("distill: --jobs must be at least 1", file=sys.stderr)
        return 2
    fmt = args.format or ("parquet" if args.output.endswith(".parquet") else "jsonl")
    if fmt == "parquet" and args.output == "-":
        print("distill: --format parquet needs an output file (-o FILE)", file=sys.stderr)
        return 2
    show = args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty())
    progress = _Progress(sys.stderr) if show else None
    records = _tracked(extract(args.inputs, jobs=args.jobs, markdown=args.markdown), progress)
    failed = 0

    def counted(rs: Iterator[Record]) -> Iterator[Record]:
        nonlocal failed
        for r in rs:
            failed += r.error is not None
            yield r

    try:
        if fmt == "parquet":
            _write_parquet(counted(records), args.output)
        elif args.output == "-":
            _write_jsonl(counted(records), sys.stdout)
        else:
            with open(args.output, "w", encoding="utf-8") as out:
                _write_jsonl(counted(records), out)
    except MissingExtra as e:
        print(f"distill: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"distill: {e.filename or args.output}: {e.strerror or e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    finally:
        if progress:
            progress.close()
    return 1 if (args.strict and failed) else 0


if __name__ == "__main__":
    sys.exit(main())
