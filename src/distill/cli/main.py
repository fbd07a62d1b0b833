"""The ``distill`` command: ``distill extract INPUT... [-o OUT] [--jobs N] [--format jsonl|parquet]``.

One JSON line (or Parquet row) per page, in input order, with the record schema of
:data:`distill.batch.RECORD_FIELDS`; a page that fails gets an ``error`` and nulls instead of stopping
the run. Data goes to standard output (or ``-o``), diagnostics to standard error; a progress line is
drawn only when standard error is a terminal.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
import time
from collections.abc import Iterator
from typing import IO

from distill.batch import MAX_NODES, MAX_PAGE_BYTES, BatchOptions, MissingExtra, Stats, extract_jsonl
from distill.cli.options import add_content_options, extraction_from_args

EXIT_CODES = """exit status:
  0    every input was read (pages that failed have an error record)
  1    --strict and at least one page failed
  2    usage error, a missing or unreadable input (the others are still extracted), a missing extra,
       or the output could not be written
  130  interrupted (Ctrl-C): an -o file is not left behind, half written
  141  the reader of standard output went away (| head): stops quietly, as Unix tools do"""


class _Progress:
    """Pages, pages per second and errors on one stderr line, redrawn at most ten times a second."""

    def __init__(self, stream: IO[str], stats: Stats) -> None:
        self.stream = stream
        self.stats = stats
        self.start = self.last = time.monotonic()

    def update(self) -> None:
        now = time.monotonic()
        if now - self.last >= 0.1:
            self.last = now
            self._draw(now)

    def _draw(self, now: float) -> None:
        rate = self.stats.pages / max(now - self.start, 1e-9)
        self.stream.write(f"\r{self.stats.pages} pages  {rate:,.0f} pages/s  {self.stats.errors} errors")
        self.stream.flush()

    def close(self) -> None:
        self._draw(time.monotonic())
        self.stream.write("\n")
        self.stream.flush()


def _tracked(chunks: Iterator[bytes], progress: _Progress | None) -> Iterator[bytes]:
    for chunk in chunks:
        yield chunk
        if progress:
            progress.update()


def _write_parquet(chunks: Iterator[bytes], out: IO[bytes], names: tuple[str, ...]) -> None:
    """JSON lines to Parquet with pyarrow's JSON reader: no Python object per record or field."""
    try:
        import pyarrow as pa
        import pyarrow.json as pj
        import pyarrow.parquet as pq
    except ImportError as e:
        raise MissingExtra("--format parquet needs pyarrow: pip install 'distill[parquet]'") from e
    from distill.batch import RECORD_TYPES

    arrow = {"list": pa.list_(pa.string()), "double": pa.float64()}
    schema = pa.schema([(name, arrow.get(RECORD_TYPES.get(name, "string"), pa.string())) for name in names])
    parse = pj.ParseOptions(explicit_schema=schema, unexpected_field_behavior="error")
    with pq.ParquetWriter(out, schema) as writer:
        for chunk in chunks:
            if chunk:
                table = pj.read_json(pa.BufferReader(chunk), parse_options=parse,
                                     read_options=pj.ReadOptions(block_size=max(len(chunk), 1 << 20)))
                writer.write_table(table.select(list(names)))


def _parser() -> argparse.ArgumentParser:
    from distill import __version__

    ap = argparse.ArgumentParser(prog="distill", description="Extract articles from web pages in bulk.",
                                 epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--version", action="version", version=f"distill {__version__}")
    sub = ap.add_subparsers(dest="command", required=True)
    ex = sub.add_parser(
        "extract", help="extract every page of the inputs, one record per page", epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Inputs: HTML files (gzip-compressed or not, told by their bytes), directories of them "
                    "(files not named as pages are skipped and counted), WARC files (.warc, .warc.gz; "
                    "needs distill[warc]), JSONL with an 'html' field (and 'url'), '-' for standard input, "
                    "and http(s) URLs. Records: url, error, title, byline, date, date_modified, description, "
                    "lang, site_name, canonical, image, tags, page_type, text (then markdown, html, "
                    "comments when asked).")
    ex.add_argument("inputs", nargs="+", metavar="INPUT")
    ex.add_argument("-o", "--output", default="-", help="output file (default: standard output); written to a "
                                                         "temporary file and renamed when complete")
    ex.add_argument("-j", "--jobs", type=int, default=None, help="worker threads (default: all cores; 1: sequential)")
    ex.add_argument("--format", choices=("jsonl", "parquet"), default=None,
                    help="output format (default: parquet for a .parquet output, else jsonl)")
    ex.add_argument("--markdown", action="store_true", help="add the article as Markdown to each record")
    ex.add_argument("--html", action="store_true", help="add the article as sanitized HTML to each record")
    add_content_options(ex)  # the content flags the article command shares (distill.Extraction's fields)
    ex.add_argument("--max-page-bytes", type=int, default=MAX_PAGE_BYTES, metavar="N",
                    help=f"a larger page becomes an error record without being read (default {MAX_PAGE_BYTES}; "
                         "0: no cap)")
    ex.add_argument("--max-nodes", type=int, default=MAX_NODES, metavar="N",
                    help=f"a page whose tree has more nodes becomes an error record (default {MAX_NODES}; 0: no cap)")
    ex.add_argument("--strict", action="store_true", help="exit 1 when any page failed")
    ex.add_argument("-q", "--quiet", action="store_true", help="no diagnostics on standard error (errors aside)")
    ex.add_argument("--progress", choices=("auto", "always", "never"), default="auto",
                    help="progress line on stderr (auto: only when stderr is a terminal)")
    return ap


def _report(stats: Stats, quiet: bool) -> None:
    if quiet or not stats.skipped:
        return
    first = stats.skipped[0][0]
    print(f"distill: skipped {len(stats.skipped)} file(s) not named as pages (.html, .htm, .warc, .jsonl, ...), "
          f"e.g. {first}; name a file on the command line to extract it whatever its name", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Run the command; returns the exit status (see ``distill extract --help``)."""
    args = _parser().parse_args(argv)
    if sys.stdout is None and args.output == "-":  # started with stdout closed (>&-)
        print("distill: standard output is closed", file=sys.stderr)
        return 2
    for item in args.inputs:
        if item != "-" and not item.startswith(("http://", "https://")) and not os.path.exists(item):
            print(f"distill: {item}: no such file or directory", file=sys.stderr)
            return 2
    if args.jobs is not None and args.jobs < 1:
        print("distill: --jobs must be at least 1", file=sys.stderr)
        return 2
    if args.max_page_bytes < 0 or args.max_nodes < 0:
        print("distill: --max-page-bytes and --max-nodes must be >= 0", file=sys.stderr)
        return 2
    fmt = args.format or ("parquet" if args.output.endswith(".parquet") else "jsonl")
    if fmt == "parquet" and args.output == "-":
        print("distill: --format parquet needs an output file (-o FILE)", file=sys.stderr)
        return 2
    if getattr(args, "base_url", None):
        print("distill: each page's base URL is its own (the WARC target URI, the JSONL url, the fetched URL); "
              "--base-url is for the article command", file=sys.stderr)
        return 2
    options = BatchOptions(extraction_from_args(args), markdown=args.markdown, html=args.html,
                           comments=args.include_comments, max_page_bytes=args.max_page_bytes,
                           max_nodes=args.max_nodes)
    stats = Stats()
    show = not args.quiet and (args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty()))
    progress = _Progress(sys.stderr, stats) if show else None
    chunks = _tracked(extract_jsonl(args.inputs, jobs=args.jobs, options=options, stats=stats), progress)
    tmp: str | None = None
    try:
        if args.output == "-":
            out = sys.stdout.buffer
            for chunk in chunks:
                out.write(chunk)
            out.flush()
        else:
            # Written beside the target and renamed when complete: an interrupted run leaves the old file
            # (or none), never half a file.
            target = os.path.abspath(args.output)
            fd, tmp = tempfile.mkstemp(prefix=".distill-", suffix=".part", dir=os.path.dirname(target))
            with os.fdopen(fd, "wb") as f:
                if fmt == "parquet":
                    _write_parquet(chunks, f, options.field_names)
                else:
                    for chunk in chunks:
                        f.write(chunk)
            os.replace(tmp, target)
            tmp = None
    except MissingExtra as e:
        print(f"distill: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader left (| head): no message, no flush error at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 128 + signal.SIGPIPE
    except KeyboardInterrupt:
        if progress:
            progress.stream.write("\n")
        print("distill: interrupted", file=sys.stderr)
        return 130
    except OSError as e:
        print(f"distill: {e.filename or args.output}: {e.strerror or e}", file=sys.stderr)
        return 2
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
    if progress:
        progress.close()
    _report(stats, args.quiet)
    for path, reason in stats.unreadable:  # as cat and grep do: said on stderr, the run goes on, exit 2
        print(f"distill: {path}: {reason}", file=sys.stderr)
    if stats.unreadable:
        return 2
    return 1 if (args.strict and stats.errors) else 0


if __name__ == "__main__":
    sys.exit(main())
