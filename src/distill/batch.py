"""Batch extraction: many pages, in input order, on every core, one record per page.

    from distill.batch import extract
    for record in extract(["crawl.warc.gz", "pages/"], jobs=None):
        print(record.url, record.title, len(record.text or ""))

Inputs: HTML files (gzip-compressed or not, recognised by their first bytes whatever their name),
directories of them (recursively, in sorted order; files that are not pages by name are skipped and
counted in :class:`Stats`), WARC files (``.warc``, ``.warc.gz``; response records with an HTML content
type, read with fastwarc from the ``distill[warc]`` extra, or warcio), JSONL files with an ``html`` field
(and optionally ``url``), ``-`` for standard input, and ``http(s)://`` URLs (fetched with
:func:`distill.fetch.fetch` when that module is present).

How it runs: the calling thread reads pages and groups them into chunks; each chunk is one call into
the C core (``_core._extract_batch``) that decodes, parses, extracts and writes the JSON line of every
page of the chunk with the GIL released, so worker threads run in parallel. Records come out in input
order whatever the number of jobs and the order chunks finish in: the output is byte-identical for any
``jobs``.

Bounds per page: a page larger than ``max_page_bytes`` (default :data:`MAX_PAGE_BYTES`, 32 MiB) becomes
an error record without being read whole; a page with more than ``max_nodes / 2`` tags is refused before
its tree is built, and a tree of more than ``max_nodes`` nodes (default :data:`MAX_NODES`, two million)
after it, both as error records. Parsing and extraction are linear in the page's size, so the worst case
the defaults allow is a 32 MiB page of just under a million tags: measured at about 0.6 s of CPU and
300 MB peak for that one page (tree and page together, freed before the next), so N jobs hold at most N
such pages.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import shutil
import sys
import tempfile
import zlib
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from distill import _core

__all__ = [
    "MAX_NODES",
    "MAX_PAGE_BYTES",
    "OPTIONAL_FIELDS",
    "RECORD_FIELDS",
    "BatchOptions",
    "MissingExtra",
    "Page",
    "Record",
    "Stats",
    "extract",
    "extract_jsonl",
    "extract_page",
    "iter_pages",
]

MAX_PAGE_BYTES = 32 * 1024 * 1024
"""Default per-page input cap (bytes, after decompression): far above real pages (the largest of the
development corpora is under 2 MB), far below what would take gigabytes of memory."""
MAX_NODES = 2_000_000
"""Default cap on a page's tree (nodes): a real page has a few thousand."""

RECORD_FIELDS, OPTIONAL_FIELDS = _core._record_fields()
"""RECORD_FIELDS: the record schema, in output order; OPTIONAL_FIELDS: the fields added after ``text`` when
asked, in this order. Both as the C core declares them (extract/pipeline/record.h); the docs list them."""
RECORD_TYPES: dict[str, str] = _core._record_types()
"""Each field's value type in a table: ``"string"``, ``"list"`` (of strings) or ``"double"``."""

HTML_SUFFIXES = (".html", ".htm", ".xhtml", ".shtml", ".html.gz", ".htm.gz", ".xhtml.gz")
WARC_SUFFIXES = (".warc", ".warc.gz")
JSONL_SUFFIXES = (".jsonl", ".jsonl.gz", ".ndjson", ".ndjson.gz")

_GZIP_MAGIC = b"\x1f\x8b"

_FIELD_BITS = {"markdown": 1, "html": 2, "comments": 4}  # DL_BATCH_* of batch/batch.h
# A chunk is one C call: large enough that the GIL is taken once per tens of milliseconds of C work,
# small enough that Ctrl-C is honoured within a second and memory stays a few chunks of pages.
_CHUNK_PAGES = 32
_CHUNK_BYTES = 8 * 1024 * 1024


class MissingExtra(ImportError):
    """An optional dependency is needed for this input or output; the message names the extra."""


@dataclass(frozen=True, slots=True)
class Page:
    """One page to extract: where it came from, its URL if known, its bytes and transport encoding.

    ``error`` set means the page could not be read (too large, unreadable): it becomes an error record.
    """

    source: str
    url: str | None
    html: bytes | str
    encoding: str | None = None
    error: str | None = None


@dataclass(frozen=True, slots=True)
class Record:
    """One output record, the schema of ``distill extract`` (see :data:`RECORD_FIELDS`).

    ``source`` (where the page came from: a path, ``path#record-id``, ``path:line``) is not part of the
    JSON record; ``markdown``, ``html`` and ``comments`` are None unless asked for.
    """

    url: str | None
    error: str | None = None
    title: str | None = None
    byline: str | None = None
    date: str | None = None
    date_modified: str | None = None
    description: str | None = None
    lang: str | None = None
    site_name: str | None = None
    canonical: str | None = None
    image: str | None = None
    tags: tuple[str, ...] | None = None
    page_type: str | None = None
    quality: float | None = None
    text: str | None = None
    markdown: str | None = None
    html: str | None = None
    comments: str | None = None
    source: str = field(default="", compare=False)

    def to_dict(self) -> dict[str, Any]:
        """The record's schema fields as a plain dict (JSON-ready; optional fields only when set)."""
        d: dict[str, Any] = {name: getattr(self, name) for name in RECORD_FIELDS}
        if self.tags is not None:
            d["tags"] = list(self.tags)
        for name in OPTIONAL_FIELDS:
            if getattr(self, name) is not None:
                d[name] = getattr(self, name)
        return d


@dataclass(frozen=True, slots=True)
class BatchOptions:
    """What to extract and the per-page bounds.

    ``extraction``: a :class:`distill.Extraction` (its ``favor`` shapes the text); ``markdown``, ``html``,
    ``comments``: add those fields; ``max_page_bytes``, ``max_nodes``: the per-page caps (0: none).
    """

    extraction: Any = None
    markdown: bool = False
    html: bool = False
    comments: bool = False
    max_page_bytes: int = MAX_PAGE_BYTES
    max_nodes: int = MAX_NODES

    def __post_init__(self) -> None:
        """Reject negative caps."""
        if self.max_page_bytes < 0 or self.max_nodes < 0:
            raise ValueError("max_page_bytes and max_nodes must be >= 0")

    @property
    def field_names(self) -> tuple[str, ...]:
        """Every field of a record under these options, in output order."""
        return RECORD_FIELDS + tuple(n for n in OPTIONAL_FIELDS if getattr(self, n))

    def core_kwargs(self) -> dict[str, Any]:
        """The keyword arguments of ``_core._extract_batch`` for these options."""
        from distill.extract import Extraction

        ex = self.extraction if self.extraction is not None else Extraction()
        if not isinstance(ex, Extraction):
            raise TypeError(f"extraction must be an Extraction or None, not {type(ex).__name__}")
        kw: dict[str, Any] = {
            "options": ex,
            "fields": sum(bit for name, bit in _FIELD_BITS.items() if getattr(self, name)),
            "max_nodes": self.max_nodes,
            "max_bytes": self.max_page_bytes,
        }
        if self.html:
            from distill.sanitize import Policy, Sanitizer

            kw["policy"] = Sanitizer(Policy.relaxed())._compiled
        return kw


@dataclass
class Stats:
    """What a run read: pages, error records, the files it skipped and those it could not open (path, reason).

    A file that could not be opened also has its error record.
    """

    pages: int = 0
    errors: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)
    unreadable: list[tuple[str, str]] = field(default_factory=list)


# ---- reading ------------------------------------------------------------------------------------------


def _too_large(n: int | str, cap: int) -> str:
    return f"page too large: {n} bytes, more than the cap of {cap} (--max-page-bytes)"


def _read_capped(f: IO[bytes], cap: int) -> tuple[bytes, bool]:
    """At most cap bytes of f (everything when cap is 0) and whether there was more."""
    if not cap:
        return f.read(), False
    data = f.read(cap + 1)
    return data[:cap], len(data) > cap


def _buffered(f: IO[bytes]) -> io.BufferedReader:
    return f if isinstance(f, io.BufferedReader) else io.BufferedReader(f)  # type: ignore[arg-type]


def _html_page(source: str, url: str | None, stream: IO[bytes], cap: int) -> Page:
    try:
        data, more = _read_capped(stream, cap)
    except (OSError, EOFError, zlib.error) as e:  # a truncated or corrupt gzip stream
        return Page(source, url, b"", error=f"cannot read the page: {e}")
    if more:
        return Page(source, url, b"", error=_too_large(f"more than {cap}", cap))
    return Page(source, url, data)


def _is_html_type(content_type: str | None) -> bool:
    ct = (content_type or "").split(";", 1)[0].strip().lower()
    return ct in ("text/html", "application/xhtml+xml", "")


def _charset(content_type: str | None) -> str | None:
    for part in (content_type or "").split(";")[1:]:
        k, _, v = part.partition("=")
        if k.strip().lower() == "charset" and v.strip():
            return v.strip().strip("\"'")
    return None


def _payload(source: str, url: str | None, data: bytes, charset: str | None) -> Page:
    if data[:2] == _GZIP_MAGIC:  # a payload stored with its Content-Encoding
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as e:
            return Page(source, url, b"", error=f"cannot decompress the payload: {e}")
    return Page(source, url, data, charset)


def _warc_pages(f: IO[bytes], name: str, cap: int) -> Iterator[Page]:
    """The HTML response records of a WARC; a WARC that breaks off ends with an error record saying so."""
    n = 0
    try:
        for page in _warc_records(f, name, cap):
            n += 1
            yield page
    except BaseException as e:  # a truncated or corrupt WARC: what was read stands, the rest is reported
        # fastwarc reports some corrupt input as a Rust panic (pyo3's PanicException, a BaseException).
        if isinstance(e, MissingExtra | KeyboardInterrupt | SystemExit | GeneratorExit):
            raise
        yield Page(f"{name}#{n + 1}", None, b"", error=f"cannot read the WARC after {n} records: {e}")


def _warc_records(f: IO[bytes], name: str, cap: int) -> Iterator[Page]:
    try:
        from fastwarc.warc import ArchiveIterator, WarcRecordType
    except ImportError:
        pass
    else:
        if not f.seekable():  # fastwarc seeks: a pipe is spooled to a temporary file first
            spool = tempfile.TemporaryFile()
            shutil.copyfileobj(f, spool, 1 << 20)
            spool.seek(0)
            f = spool
        for rec in ArchiveIterator(f, record_types=WarcRecordType.response, parse_http=True):
            if not _is_html_type(rec.http_content_type):
                continue
            source, url = f"{name}#{rec.record_id}", rec.headers.get("WARC-Target-URI")
            # Decided from the record's length before reading it (the HTTP headers count too); the payload
            # is then read whole, which fastwarc does far faster than a read with a size limit.
            if cap and rec.content_length > cap:
                yield Page(source, url, b"", error=_too_large(rec.content_length, cap))
                continue
            yield _payload(source, url, rec.reader.read(), rec.http_charset or None)
        return
    try:
        from warcio.archiveiterator import ArchiveIterator as WarcioIterator
    except ImportError as e:
        raise MissingExtra(f"reading {name} needs a WARC reader: pip install 'distill[warc]'") from e
    for wrec in WarcioIterator(f):
        if wrec.rec_type != "response" or wrec.http_headers is None:
            continue
        ct = wrec.http_headers.get_header("Content-Type")
        if not _is_html_type(ct):
            continue
        source = f"{name}#{wrec.rec_headers.get_header('WARC-Record-ID')}"
        url = wrec.rec_headers.get_header("WARC-Target-URI")
        data, more = _read_capped(wrec.content_stream(), cap)
        if more:
            yield Page(source, url, b"", error=_too_large(f"more than {cap}", cap))
            continue
        yield _payload(source, url, data, _charset(ct))


def _jsonl_pages(f: IO[bytes], name: str, cap: int, first_line: int = 1) -> Iterator[Page]:
    # JSON escapes can make a line up to six times its page, plus the other fields.
    limit = 6 * cap + 65536 if cap else -1
    n = first_line - 1
    while True:
        line = f.readline(limit)
        if not line:
            return
        n += 1
        source = f"{name}:{n}"
        if not line.endswith(b"\n") and len(line) == limit:
            while (rest := f.readline(1 << 20)) and not rest.endswith(b"\n"):
                pass  # skip the rest of the oversized line without holding it
            yield Page(source, None, b"", error=_too_large(f"more than {cap}", cap))
            continue
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            html = obj["html"]
            url = obj.get("url")
            if not isinstance(html, str | bytes) or not (url is None or isinstance(url, str)):
                raise TypeError
        except (ValueError, KeyError, TypeError, AttributeError):
            yield Page(source, None, b"", error="the line is not a JSON object with an 'html' string")
            continue
        if isinstance(html, str):
            try:
                data = html.encode("utf-8")
            except UnicodeEncodeError:  # lone surrogates (JSON allows "\\ud800"): the C core repairs them
                data = html.encode("utf-8", "surrogatepass")
            yield Page(source, url, data, "utf-8")
        else:
            yield Page(source, url, html)


def _kind(name: str, head: bytes) -> str:
    """'warc', 'jsonl' or 'html' for a file, from its name and its first (decompressed) bytes."""
    lower = name.lower()
    if head.startswith(b"WARC/") or lower.endswith(WARC_SUFFIXES):
        return "warc"
    if lower.endswith(JSONL_SUFFIXES):
        return "jsonl"
    return "html"


def _stream_pages(f: IO[bytes], name: str, url: str | None, cap: int, size: int | None = None) -> Iterator[Page]:
    """The pages of one stream: a WARC, JSONL or one HTML page, each gzip-compressed or not (by its magic)."""
    raw = _buffered(f)
    head = raw.peek(64)[:64]
    gz = head[:2] == _GZIP_MAGIC
    if gz:  # look at the decompressed start without consuming the stream
        try:
            head = zlib.decompressobj(31).decompress(raw.peek(4096), 16)
        except zlib.error:
            head = b""
    kind = _kind(name, head)
    if kind == "warc":
        yield from _warc_pages(raw, name, cap)  # fastwarc and warcio read gzip themselves
        return
    if kind == "html" and cap and not gz and size is not None and size > cap:
        yield Page(name, url, b"", error=_too_large(size, cap))  # refused before it is read
        return
    stream: IO[bytes] = gzip.GzipFile(fileobj=raw, mode="rb") if gz else raw  # type: ignore[assignment]
    if kind == "jsonl":
        yield from _jsonl_pages(stream, name, cap)
    else:
        yield _html_page(name, url, stream, cap)


def _file_pages(path: Path, cap: int, stats: Stats | None) -> Iterator[Page]:
    name = str(path)
    try:
        f = path.open("rb")
    except OSError as e:
        reason = e.strerror or str(e)
        if stats is not None:
            stats.unreadable.append((name, reason))
        yield Page(name, name, b"", error=f"cannot open: {reason}")
        return
    with f:
        yield from _stream_pages(f, name, name, cap, os.fstat(f.fileno()).st_size)


def _url_pages(url: str, cap: int) -> Iterator[Page]:
    """The page at an http(s) URL, fetched with distill.fetch (timeouts, size cap, redirects)."""
    import importlib

    try:
        fetch_module = importlib.import_module("distill.fetch")
    except ImportError:
        yield Page(url, url, b"", error="fetching URLs needs distill.fetch, which this build does not have")
        return
    try:
        resp = fetch_module.fetch(url, max_bytes=cap) if cap else fetch_module.fetch(url)
    except Exception as e:  # a network failure, a timeout, a body over the cap: this page's error
        yield Page(url, url, b"", error=f"cannot fetch: {e}")
        return
    final = getattr(resp, "url", None) or url
    status = getattr(resp, "status", 200)
    if not 200 <= status < 300:
        yield Page(url, final, b"", error=f"HTTP status {status}")
        return
    body: Any = getattr(resp, "body", None)
    if not isinstance(body, bytes | str):
        body = getattr(resp, "content", b"")
    yield _payload(url, final, body, getattr(resp, "encoding", None))


def iter_pages(
    inputs: Iterable[str | os.PathLike[str]], *, max_page_bytes: int = MAX_PAGE_BYTES, stats: Stats | None = None
) -> Iterator[Page]:
    """Every page of the inputs, in order (directories sorted by path, recursively).

    Files in a directory that are not pages by name (HTML, WARC or JSONL suffixes) are skipped and
    listed in ``stats.skipped``; a file named on its own is always read, its kind told by its bytes.
    """
    for item in inputs:
        text = os.fspath(item)
        if text == "-":
            yield from _stream_pages(sys.stdin.buffer, "-", "-", max_page_bytes)
            continue
        if text.startswith(("http://", "https://")):
            yield from _url_pages(text, max_page_bytes)
            continue
        path = Path(text)
        if path.is_dir():
            for sub in sorted(p for p in path.rglob("*") if p.is_file()):
                if sub.name.lower().endswith(HTML_SUFFIXES + WARC_SUFFIXES + JSONL_SUFFIXES):
                    yield from _file_pages(sub, max_page_bytes, stats)
                elif stats is not None:
                    stats.skipped.append((str(sub), "not a page by its name (.html, .htm, .warc, .jsonl, ...)"))
            continue
        yield from _file_pages(path, max_page_bytes, stats)


# ---- extracting ---------------------------------------------------------------------------------------


def _chunks(pages: Iterator[Page]) -> Iterator[list[Page]]:
    chunk: list[Page] = []
    size = 0
    for page in pages:
        chunk.append(page)
        size += len(page.html)
        if len(chunk) >= _CHUNK_PAGES or size >= _CHUNK_BYTES:
            yield chunk
            chunk, size = [], 0
    if chunk:
        yield chunk


def _error_line(page: Page, names: tuple[str, ...]) -> bytes:
    rec = dict.fromkeys(names)
    rec["url"], rec["error"] = page.url, page.error
    line = json.dumps(rec, ensure_ascii=False).replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return (line + "\n").encode()  # one line for every reader, as the C writer makes them


def _run_chunk(chunk: list[Page], kwargs: dict[str, Any], names: tuple[str, ...]) -> tuple[bytes, int]:
    """One chunk to its JSON lines, in order; pages that could not be read get their error line."""
    readable = [(p.html, p.url, p.encoding) for p in chunk if p.error is None]
    out, errors = _core._extract_batch(readable, **kwargs)
    if len(readable) == len(chunk):
        return out, errors
    lines = iter(out.splitlines(keepends=True))
    parts = [_error_line(p, names) if p.error is not None else next(lines) for p in chunk]
    return b"".join(parts), errors + len(chunk) - len(readable)


# ---- gzip WARC files split into byte ranges, one worker process each -----------------------------------
#
# fastwarc holds the GIL while it inflates (about a third of a page's time in one job), so worker threads
# cannot share that work. A crawl's .warc.gz compresses every record as its own gzip member, so the file
# can be cut at member starts and each range read by its own process, with nothing but the output lines
# crossing process boundaries. A range holds whole members; a file that is one gzip member (or whose
# members cannot be found) stays one range and is read in order.

# Compressed bytes per range: at most 4 MiB (a few hundred pages, well under a second of work, so
# Ctrl-C is prompt), and at least eight ranges per worker so that the last ones balance the load.
_RANGE_MAX = 4 * 1024 * 1024
_RANGE_MIN = 256 * 1024


def _member_start(f: IO[bytes], pos: int, limit: int) -> int | None:
    """The first offset >= pos (and < limit) where a gzip member holding a WARC record begins."""
    window = 1 << 18
    while pos < limit:
        f.seek(pos)
        block = f.read(min(window + 4096, limit - pos + 4096))
        if not block:
            return None
        at = 0
        while (at := block.find(b"\x1f\x8b\x08", at)) != -1 and at < window:
            try:  # a candidate is a member start when it inflates to the start of a WARC record
                if zlib.decompressobj(31).decompress(block[at:at + 4096], 8).startswith(b"WARC/"):
                    return pos + at
            except zlib.error:
                pass
            at += 1
        pos += window
    return None


def _warc_ranges(path: Path, jobs: int) -> list[tuple[int, int]]:
    """Byte ranges of a gzip WARC, each starting at a record's gzip member ([(0, size)]: unsplittable)."""
    size = path.stat().st_size
    step = max(_RANGE_MIN, min(_RANGE_MAX, size // (8 * jobs)))
    starts = [0]
    with path.open("rb") as f:
        if f.read(2) != _GZIP_MAGIC:
            return [(0, size)]
        cut = step
        while cut < size:
            nxt = _member_start(f, max(cut, starts[-1] + 1), size)
            if nxt is None:
                break
            starts.append(nxt)
            cut = nxt + step
    return list(zip(starts, starts[1:] + [size], strict=True))


def _run_range(
    path: str, start: int, end: int, first_line: int, kwargs: dict[str, Any], names: tuple[str, ...], cap: int
) -> tuple[bytes, list[str], int]:
    """Extract one byte range of a WARC or JSONL file in a worker process: lines, sources, errors.

    ``first_line`` is 0 for a WARC range, else the number of the JSONL range's first line.
    """
    if kwargs.get("fields", 0) & _FIELD_BITS["html"] and "policy" not in kwargs:
        # The compiled policy is a capsule, which does not cross process boundaries: each worker compiles it.
        from distill.sanitize import Policy, Sanitizer

        kwargs = {**kwargs, "policy": Sanitizer(Policy.relaxed())._compiled}
    with open(path, "rb") as f:
        f.seek(start)
        data = f.read(end - start)
    if first_line:
        pages = _jsonl_pages(io.BytesIO(data), path, cap, first_line)
    else:
        pages = _warc_pages(io.BytesIO(data), path, cap)
    parts, sources, errors = [], [], 0
    for chunk in _chunks(pages):
        out, n = _run_chunk(chunk, kwargs, names)
        parts.append(out)
        sources += [p.source for p in chunk]
        errors += n
    return b"".join(parts), sources, errors


def _jsonl_ranges(path: Path, jobs: int) -> list[tuple[int, int, int]]:
    """Byte ranges of an uncompressed JSONL file cut after newlines, each with its first line's number.

    [] when the file is gzip-compressed: it is then read in order.
    """
    size = path.stat().st_size
    step = max(_RANGE_MIN, min(_RANGE_MAX, size // (8 * jobs)))
    ranges, start, line = [], 0, 1
    with path.open("rb") as f:
        if f.read(2) == _GZIP_MAGIC:
            return []
        f.seek(0)
        while start < size:
            block = f.read(step)
            rest = f.readline() if block and not block.endswith(b"\n") else b""
            end = start + len(block) + len(rest)
            ranges.append((start, end, line))
            line += block.count(b"\n") + rest.count(b"\n")
            start = end
            if not block:
                break
    return ranges


@dataclass(frozen=True, slots=True)
class _Range:
    path: str
    start: int
    end: int
    first_line: int = 0  # 0: a WARC range; else a JSONL range starting at this line


def _units(inputs: Iterable[str | os.PathLike[str]], jobs: int, cap: int, stats: Stats | None) -> Iterator[Any]:
    """Work units in input order: lists of pages (read here), or gzip WARC byte ranges (jobs > 1).

    Worker processes read the ranges themselves.
    """
    pending: list[str | os.PathLike[str]] = []
    for item in inputs:
        text = os.fspath(item)
        path = Path(text)
        lower = text.lower()
        if jobs > 1 and lower.endswith((".warc.gz", ".jsonl", ".ndjson")) and path.is_file():
            # JSON parsing holds the GIL as fastwarc's inflate does: both are split between processes.
            try:
                ranges = ([(a, b, 0) for a, b in _warc_ranges(path, jobs)] if lower.endswith(".warc.gz")
                          else _jsonl_ranges(path, jobs))
            except OSError:  # unreadable: read in order below, where it becomes an error record
                ranges = []
            if len(ranges) > 1:
                if pending:
                    yield from _chunks(iter_pages(pending, max_page_bytes=cap, stats=stats))
                    pending = []
                for a, b, line in ranges:
                    yield _Range(text, a, b, line)
                continue
        pending.append(item)
    if pending:
        yield from _chunks(iter_pages(pending, max_page_bytes=cap, stats=stats))


def _ordered_units(
    units: Iterator[Any], jobs: int, kwargs: dict[str, Any], names: tuple[str, ...], cap: int
) -> Iterator[tuple[list[str], bytes, int]]:
    """(sources, JSON lines, error count) of every unit, in order."""
    if jobs == 1:
        for unit in units:
            if isinstance(unit, _Range):
                yield _swap(_run_range(unit.path, unit.start, unit.end, unit.first_line, kwargs, names, cap))
            else:
                yield ([p.source for p in unit], *_run_chunk(unit, kwargs, names))
        return
    # A bounded window of futures, consumed in submission order: input order and flat memory however
    # long the input, and the output does not depend on which worker finishes first.
    threads = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="distill")
    procs: ProcessPoolExecutor | None = None
    done = False
    pending: deque[tuple[list[str] | None, Future[Any]]] = deque()

    def result(sources: list[str] | None, fut: Future[Any]) -> tuple[list[str], bytes, int]:
        if sources is None:
            return _swap(fut.result())
        out, errors = fut.result()
        return sources, out, errors

    try:
        for unit in units:
            if isinstance(unit, _Range):
                if procs is None:
                    procs = _process_pool(jobs)
                portable = {k: v for k, v in kwargs.items() if k != "policy"}
                pending.append((None, procs.submit(_run_range, unit.path, unit.start, unit.end, unit.first_line,
                                                   portable, names, cap)))
            else:
                pending.append(([p.source for p in unit], threads.submit(_run_chunk, unit, kwargs, names)))
            if len(pending) >= 2 * jobs:
                yield result(*pending.popleft())
        while pending:
            yield result(*pending.popleft())
        done = True
    finally:
        # On an early stop (Ctrl-C, a closed pipe, the consumer breaking off) drop what has not started;
        # a running chunk is one C call of tens of milliseconds, a running range a few hundred.
        threads.shutdown(wait=False, cancel_futures=True)
        if procs is not None and not done:
            _drop_process_pool(procs)


# The worker processes outlive one call, so that a program extracting file after file (or a benchmark)
# pays for starting them once; they are shut down at exit, or dropped after an interrupted run.
_POOLS: dict[int, ProcessPoolExecutor] = {}


def _process_pool(jobs: int) -> ProcessPoolExecutor:
    pool = _POOLS.get(jobs)
    if pool is None:
        pool = _POOLS[jobs] = ProcessPoolExecutor(jobs, mp_context=_mp_context())
    return pool


def _drop_process_pool(pool: ProcessPoolExecutor) -> None:
    for jobs, p in list(_POOLS.items()):
        if p is pool:
            del _POOLS[jobs]
    pool.shutdown(wait=False, cancel_futures=True)


def _swap(r: tuple[bytes, list[str], int]) -> tuple[list[str], bytes, int]:
    return r[1], r[0], r[2]


def _mp_context() -> Any:
    import multiprocessing

    # forkserver: safe in a program that already runs threads (fork is not), cheaper than spawn.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def _check_jobs(jobs: int | None) -> int:
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise ValueError(f"jobs must be a positive int or None, not {jobs!r}")
    return jobs or os.cpu_count() or 1


def extract_jsonl(
    inputs: Iterable[str | os.PathLike[str]],
    jobs: int | None = None,
    options: BatchOptions | None = None,
    stats: Stats | None = None,
) -> Iterator[bytes]:
    """The JSON lines (UTF-8) of every page of ``inputs``, in input order, a chunk of lines at a time.

    This is what ``distill extract`` writes: no Python object per record or field is built.
    ``jobs``: worker threads (None: every core; 1: the calling thread only).
    """
    n = _check_jobs(jobs)
    opts = options or BatchOptions()
    stats = stats if stats is not None else Stats()
    units = _units(inputs, n, opts.max_page_bytes, stats)
    for sources, out, errors in _ordered_units(units, n, opts.core_kwargs(), opts.field_names, opts.max_page_bytes):
        stats.pages += len(sources)
        stats.errors += errors
        yield out


def _record(line: bytes, source: str) -> Record:
    d = json.loads(line)
    tags = d.pop("tags")
    return Record(**d, tags=None if tags is None else tuple(tags), source=source)


def extract(
    inputs: Iterable[str | os.PathLike[str]],
    jobs: int | None = None,
    markdown: bool = False,
    options: BatchOptions | None = None,
    stats: Stats | None = None,
) -> Iterator[Record]:
    """Extract every page of ``inputs``; :class:`Record` objects in input order.

    ``jobs`` is the number of worker threads: ``None`` uses every core, ``1`` runs in the calling
    thread. ``markdown=True`` is ``options=BatchOptions(markdown=True)``.
    """
    n = _check_jobs(jobs)
    opts = options or BatchOptions(markdown=markdown)
    units = _units(inputs, n, opts.max_page_bytes, stats)
    for sources, out, errors in _ordered_units(units, n, opts.core_kwargs(), opts.field_names, opts.max_page_bytes):
        if stats is not None:
            stats.pages += len(sources)
            stats.errors += errors
        for source, line in zip(sources, out.splitlines(), strict=True):
            yield _record(line, source)


def extract_page(page: Page, markdown: bool = False, options: BatchOptions | None = None) -> Record:
    """Extract one page; any failure becomes the record's ``error``, never an exception."""
    opts = options or BatchOptions(markdown=markdown)
    out, _ = _run_chunk([page], opts.core_kwargs(), opts.field_names)
    return _record(out, page.source)

