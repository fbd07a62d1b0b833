"""The ``distill`` command: ``distill extract INPUT... [-i LIST] [-o OUT] [--jobs N]``.

One JSON line (or Parquet row) per page, in input order, with the record schema of
:data:`distill.batch.RECORD_FIELDS`; a page that fails gets an ``error`` and nulls instead of stopping
the run. Data goes to standard output (or ``-o``), diagnostics to standard error: a failed URL, an
unreadable input or an empty directory as it happens, and one summary line at the end; a progress line
is drawn only when standard error is a terminal. The exit status tells a script what happened
(:data:`EXIT_CODES`).
"""

from __future__ import annotations

import argparse
import gzip
import os
import signal
import sys
import tempfile
import time
from collections.abc import Iterator
from types import FrameType
from typing import IO, Any

from distill.batch import (
    MAX_NODES,
    MAX_PAGE_BYTES,
    BatchOptions,
    FetchOptions,
    MissingExtra,
    Stats,
    extract_jsonl,
    shutdown_workers,
    usable_jobs,
)
from distill.cli.options import add_content_options, extraction_from_args

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2

EXIT_CODES = """exit status:
  0    every input was read and every page extracted
  1    the run completed, but some pages are error records (counted by kind on the last
       line of standard error); --allow-errors exits 0 then
  2    usage error (an input named here that does not exist: nothing is extracted), an input
       that could not be read (an unreadable file or directory, a path in an -i list that is not
       there: the others are still extracted), a missing extra, or the output could not be written
  129  stopped by SIGHUP, 130 by SIGINT (Ctrl-C), 143 by SIGTERM (128 + the signal's number):
       an -o file is not left behind half written, and no worker process outlives the command
  141  the reader of standard output went away (| head): stops quietly, as Unix tools do"""

# Output formats by the -o file's name; anything else is refused unless --format names one.
_FORMATS = {".jsonl": "jsonl", ".json": "jsonl", ".ndjson": "jsonl", ".parquet": "parquet"}


class _Stopped(BaseException):
    """SIGTERM or SIGHUP arrived: unwind so that every cleanup runs, then exit 128 + the signal.

    A BaseException, as KeyboardInterrupt is: no ``except Exception`` on the way may take it for a
    failure of the work it interrupted.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _on_signal(signum: int, frame: FrameType | None) -> None:
    raise _Stopped(signum)


class _Progress:
    """Pages, pages per second and errors on one stderr line, redrawn at most ten times a second."""

    def __init__(self, stream: IO[str], stats: Stats) -> None:
        self.stream = stream
        self.stats = stats
        self.start = self.last = time.monotonic()
        self.drawn = False

    def update(self) -> None:
        now = time.monotonic()
        if now - self.last >= 0.1:
            self.last = now
            self._draw(now)

    def _draw(self, now: float) -> None:
        rate = self.stats.pages / max(now - self.start, 1e-9)
        self.stream.write(f"\r{self.stats.pages} pages  {rate:,.0f} pages/s  {self.stats.errors} errors")
        self.stream.flush()
        self.drawn = True

    def clear(self) -> None:
        """End the progress line, so that the next message starts on a line of its own."""
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = False

    def close(self) -> None:
        self._draw(time.monotonic())
        self.clear()


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
        raise MissingExtra("--format parquet needs pyarrow: pip install pyarrow") from e
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


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


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
                    "(files not named as pages are skipped and counted), WARC files (.warc, .warc.gz), "
                    "JSONL with an 'html' field (and 'url'), '-' for standard input, and http(s) URLs "
                    "(fetched in parallel). Records: url, error, title, byline, date, date_modified, "
                    "description, lang, site_name, canonical, image, tags, page_type, text (then markdown, "
                    "html, comments when asked). The last line on standard error counts the records and "
                    "the errors by kind.")
    ex.add_argument("inputs", nargs="*", metavar="INPUT")
    ex.add_argument("-i", "--input-list", action="append", default=[], metavar="FILE",
                    help="read more inputs (URLs or paths), one a line, from FILE ('-': standard input); "
                         "blank lines and lines starting with # are ignored")
    ex.add_argument("-o", "--output", default="-", help="output file (default: standard output); the format "
                                                         "follows its name (.jsonl, .json, .ndjson, .parquet, "
                                                         "and .gz after a JSON name); written to a temporary "
                                                         "file and renamed when complete")
    ex.add_argument("-j", "--jobs", type=_positive, default=None,
                    help="extraction workers (default: all usable CPUs; more is clamped to them; 1: sequential)")
    ex.add_argument("--format", choices=("jsonl", "parquet"), default=None,
                    help="output format, whatever the -o file's name")
    ex.add_argument("--markdown", action="store_true", help="add the article as Markdown to each record")
    ex.add_argument("--html", action="store_true", help="add the article as sanitized HTML to each record")
    add_content_options(ex)  # the content flags the article command shares (distill.Extraction's fields)
    ex.add_argument("--max-page-bytes", type=int, default=MAX_PAGE_BYTES, metavar="N",
                    help=f"a larger page becomes an error record without being read or inflated further "
                         f"(default {MAX_PAGE_BYTES}; 0: no cap)")
    ex.add_argument("--max-nodes", type=int, default=MAX_NODES, metavar="N",
                    help=f"a page whose tree has more nodes becomes an error record (default {MAX_NODES}; 0: no cap)")
    ex.add_argument("--allow-errors", action="store_true",
                    help="exit 0 even when some pages are error records (they and the summary still say so)")
    ex.add_argument("-q", "--quiet", action="store_true",
                    help="no diagnostics on standard error, the summary line included; inputs that cannot be "
                         "read are still said")
    ex.add_argument("--progress", choices=("auto", "always", "never"), default="auto",
                    help="progress line on stderr (auto: only when stderr is a terminal)")
    f = ex.add_argument_group("fetching http(s) inputs")
    d = FetchOptions()
    f.add_argument("--connections", type=_positive, default=d.connections, metavar="N",
                   help=f"fetches in flight at once (default {d.connections})")
    f.add_argument("--per-host", type=_positive, default=d.per_host, metavar="N",
                   help=f"fetches in flight to one host at once (default {d.per_host})")
    f.add_argument("--retries", type=int, default=d.retries, metavar="N",
                   help=f"retries after a connection error, a timeout or HTTP 429/5xx, with backoff "
                        f"(default {d.retries})")
    f.add_argument("--timeout", type=float, default=d.timeout, metavar="SECONDS",
                   help=f"for each whole fetch, redirects and body included (default {d.timeout:g})")
    f.add_argument("--robots", action="store_true", help="honour each host's robots.txt")
    f.add_argument("--user-agent", default=None, metavar="UA", help="the User-Agent header (default distill's)")
    return ap


def _count(n: int, word: str, plural: str | None = None) -> str:
    return f"{n:,} {word if n == 1 else plural or word + 's'}"


def _summary(stats: Stats, seconds: float) -> str:
    """The last line of a run: records, pages extracted, errors by kind, skipped files."""
    extracted = stats.pages - stats.errors
    line = (f"distill: {_count(stats.pages, 'record')}: {_count(extracted, 'page')} extracted, "
            f"{_count(stats.errors, 'error')}")
    if stats.error_kinds:
        kinds = sorted(stats.error_kinds.items(), key=lambda kv: (-kv[1], kv[0]))
        line += " (" + ", ".join(f"{n:,} {kind}" for kind, n in kinds) + ")"
    if stats.skipped:
        line += f"; {_count(len(stats.skipped), 'file')} skipped (not named as pages, e.g. {stats.skipped[0][0]})"
    if stats.unreadable:
        line += f"; {_count(len(stats.unreadable), 'input')} unreadable"
    if not stats.pages:
        line += "; no pages in the inputs"
    return f"{line}; {seconds:.1f} s"


def _input_lines(path: str) -> Iterator[str]:
    """The inputs of an -i list, one a line, read as they are needed."""
    f: IO[bytes] = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115 - closed below
    try:
        while line := f.readline(1 << 16):
            if not line.endswith(b"\n") and len(line) == 1 << 16:  # longer than any URL or path
                while (rest := f.readline(1 << 16)) and not rest.endswith(b"\n"):
                    pass
                continue
            text = os.fsdecode(line.strip())
            if text and not text.startswith("#"):
                yield text
    finally:
        if f is not sys.stdin.buffer:
            f.close()


def _inputs(args: argparse.Namespace) -> Iterator[str]:
    yield from args.inputs
    for path in args.input_list:
        yield from _input_lines(path)


def _format(args: argparse.Namespace) -> tuple[str, bool] | str:
    """(format, gzip) of the output, or the reason it is refused."""
    name = args.output.lower()
    packed = name.endswith(".gz") and args.output != "-"
    if packed:
        name = name[:-3]
    if args.format:
        return args.format, packed and args.format == "jsonl"
    if args.output == "-":
        return "jsonl", False
    fmt = _FORMATS.get(os.path.splitext(name)[1])
    if fmt is None or (packed and fmt == "parquet"):
        return (f"{args.output}: cannot tell the output format from the name (use .jsonl, .json, .ndjson, "
                f".parquet, or .jsonl.gz; or say --format jsonl)")
    return fmt, packed


def _check(args: argparse.Namespace) -> str | None:
    """The usage error in the arguments, if any."""
    if not args.inputs and not args.input_list:
        return "no input: name files, directories, URLs or '-', or give a list with -i"
    for item in args.inputs:
        if item != "-" and not item.lower().startswith(("http://", "https://")) and not os.path.lexists(item):
            return f"{item}: no such file or directory"
    stdin_uses = args.inputs.count("-") + args.input_list.count("-")
    if stdin_uses > 1:
        return "standard input ('-') can be read only once"
    if args.max_page_bytes < 0 or args.max_nodes < 0:
        return "--max-page-bytes and --max-nodes must be >= 0"
    if args.retries < 0 or not args.timeout > 0:
        return "--retries must be >= 0 and --timeout > 0"
    for path in args.input_list:
        if path != "-" and not os.path.isfile(path):
            return f"{path}: no such file (-i)"
    if getattr(args, "base_url", None):
        return ("each page's base URL is its own (the WARC target URI, the JSONL url, the fetched URL); "
                "--base-url is for the article command")
    if args.output != "-" and os.path.isdir(args.output):
        return f"{args.output}: is a directory"
    return None


def _write(args: argparse.Namespace, chunks: Iterator[bytes], fmt: str, packed: bool, names: tuple[str, ...],
           state: dict[str, Any]) -> None:
    if args.output == "-":
        out = sys.stdout.buffer
        for chunk in chunks:
            out.write(chunk)
        out.flush()
        return
    # Written beside the target and renamed when complete: an interrupted run leaves the old file (or
    # none), never half a file.
    target = os.path.abspath(args.output)
    try:
        fd, state["tmp"] = tempfile.mkstemp(prefix=".distill-", suffix=".part", dir=os.path.dirname(target))
    except OSError as e:
        raise OSError(e.errno, e.strerror, args.output) from None  # named as the user named it
    with os.fdopen(fd, "wb") as f:
        if fmt == "parquet":
            _write_parquet(chunks, f, names)
        elif packed:
            with gzip.GzipFile(fileobj=f, mode="wb", compresslevel=6) as z:
                for chunk in chunks:
                    z.write(chunk)
        else:
            for chunk in chunks:
                f.write(chunk)
    try:
        os.replace(state["tmp"], target)
    except OSError as e:
        raise OSError(e.errno, e.strerror, args.output) from None
    state["tmp"] = None


def main(argv: list[str] | None = None) -> int:
    """Run the command; returns the exit status (see ``distill extract --help``)."""
    started = time.monotonic()
    args = _parser().parse_args(argv)
    if sys.stdout is None and args.output == "-":  # started with stdout closed (>&-)
        print("distill: standard output is closed", file=sys.stderr)
        return EXIT_USAGE
    problem = _check(args)
    fmt_or_reason = _format(args)
    if problem is None and isinstance(fmt_or_reason, str):
        problem = fmt_or_reason
    if problem is None and fmt_or_reason[0] == "parquet" and args.output == "-":
        problem = "--format parquet needs an output file (-o FILE)"
    if problem is not None:
        print(f"distill: {problem}", file=sys.stderr)
        return EXIT_USAGE
    assert not isinstance(fmt_or_reason, str)
    fmt, packed = fmt_or_reason
    cpus = usable_jobs()
    if args.jobs is not None and args.jobs > cpus and not args.quiet:
        print(f"distill: --jobs {args.jobs} is more than the {cpus} CPUs this process may use; extracting "
              f"with {cpus} (more would only contend for them; fetching uses --connections)", file=sys.stderr)
    options = BatchOptions(extraction_from_args(args), markdown=args.markdown, html=args.html,
                           comments=args.include_comments, max_page_bytes=args.max_page_bytes,
                           max_nodes=args.max_nodes,
                           fetch=FetchOptions(connections=args.connections, per_host=args.per_host,
                                              retries=args.retries, robots=args.robots, timeout=args.timeout,
                                              user_agent=args.user_agent))
    show = not args.quiet and (args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty()))
    stats = Stats()
    progress = _Progress(sys.stderr, stats) if show else None

    def log(message: str, error: bool) -> None:
        if args.quiet and not error:  # -q: errors only (an input that cannot be read)
            return
        if progress:
            progress.clear()
        print(f"distill: {message}", file=sys.stderr, flush=True)

    stats.log = log
    chunks = _tracked(extract_jsonl(_inputs(args), jobs=args.jobs, options=options, stats=stats), progress)
    state: dict[str, Any] = {"tmp": None}
    previous = {}
    for stop in (signal.SIGTERM, signal.SIGHUP):
        try:
            previous[stop] = signal.signal(stop, _on_signal)
        except (ValueError, OSError):  # not the main thread: leave signals alone
            pass
    try:
        _write(args, chunks, fmt, packed, options.field_names, state)
    except MissingExtra as e:
        print(f"distill: {e}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader left (| head): no message, no flush error at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 128 + signal.SIGPIPE
    except (KeyboardInterrupt, _Stopped) as e:
        signum = e.signum if isinstance(e, _Stopped) else int(signal.SIGINT)
        shutdown_workers()
        if progress:
            progress.clear()
        what = "interrupted" if signum == signal.SIGINT else f"stopped by {signal.Signals(signum).name}"
        print(f"distill: {what}", file=sys.stderr)
        return 128 + signum
    except OSError as e:
        if progress:
            progress.clear()
        print(f"distill: {e.filename or args.output}: {e.strerror or e}", file=sys.stderr)
        return EXIT_USAGE
    finally:
        for stop, handler in previous.items():
            signal.signal(stop, handler)
        if state["tmp"] is not None:
            try:
                os.unlink(state["tmp"])
            except OSError:
                pass
    if progress:
        progress.close()
    if not args.quiet:
        print(_summary(stats, time.monotonic() - started), file=sys.stderr)
    if stats.unreadable:
        return EXIT_USAGE
    return EXIT_ERRORS if stats.errors and not args.allow_errors else EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
