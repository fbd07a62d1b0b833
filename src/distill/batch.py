"""Batch extraction: many pages, in input order, on every core, one record per page.

    from distill.batch import extract
    for record in extract(["crawl.warc.gz", "pages/"], jobs=None):
        print(record.url, record.title, len(record.text or ""))

Inputs: HTML files (gzip-compressed or not, recognised by their first bytes whatever their name),
directories of them (walked in sorted order at any depth; files that are not pages by name are skipped
and counted in :class:`Stats`), WARC files (``.warc``, ``.warc.gz``; response records with an HTML
content type, read by distill's own reader, see ``distill/_warc.py``), JSONL files with an ``html``
field (and optionally ``url``), ``-`` for standard input, and ``http(s)://`` URLs (fetched in parallel
with :func:`distill.fetch.fetch`, see :class:`FetchOptions`).

Pages already in memory (a framework's documents, a DataFrame's column) go through
:func:`extract_pages` (records) or :func:`extract_pages_jsonl` (JSON lines): the same C call, the
same records.

How it runs: the calling thread reads pages and groups them into chunks; each chunk is one call into
the C core (``_core._extract_batch``) that decodes, parses, extracts and writes the JSON line of every
page of the chunk with the GIL released, so worker threads run in parallel. A ``.warc.gz`` or an
uncompressed JSONL file is cut into byte ranges that worker processes read themselves. Records come out
in input order whatever the number of jobs and the order chunks finish in: the output is byte-identical
for any ``jobs``.

One bad record costs that record only: a page that cannot be read (too large, a corrupt or truncated
gzip member, a JSONL line that is not JSON or is nested too deep, an undecodable name) becomes an error
record in its place, and reading resumes at the next record.

Bounds per page: a page larger than ``max_page_bytes`` (default :data:`MAX_PAGE_BYTES`, 32 MiB) becomes
an error record without being read whole, and no decompression produces more than that before it
stops (a gzip file, a gzip member of a WARC, a payload's Content-Encoding, a fetched body); a JSONL line
longer than the cap plus 64 KiB is skipped to its end; a page with more than ``max_nodes / 2`` tags is
refused before its tree is built, and a tree of more than ``max_nodes`` nodes (default
:data:`MAX_NODES`, two million) after it, both as error records.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import re
import sys
import zlib
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from distill import _core
from distill._warc import charset_of, member_start, read_warc, too_large

__all__ = [
    "MAX_NODES",
    "MAX_PAGE_BYTES",
    "OPTIONAL_FIELDS",
    "RECORD_FIELDS",
    "BatchOptions",
    "FetchOptions",
    "MissingExtra",
    "Page",
    "Record",
    "Stats",
    "error_kind",
    "extract",
    "extract_jsonl",
    "extract_page",
    "extract_pages",
    "extract_pages_jsonl",
    "iter_pages",
    "shutdown_workers",
    "usable_jobs",
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
# The other fields of a JSONL line and the JSON escapes of its page: a line may be this much longer
# than the page cap.
_JSONL_SLACK = 64 * 1024

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

    ``source`` (where the page came from: a path, ``path#record-id``, ``path@offset``, ``path:line``)
    is not part of the JSON record; ``markdown``, ``html`` and ``comments`` are None unless asked for.
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
class FetchOptions:
    """How URL inputs are fetched: in parallel, politely, with retries.

    ``connections``: fetches in flight at once; ``per_host``: at most this many to one host at once
    (browsers open six); ``retries``: further attempts after a transient failure (a connection error,
    a timeout, HTTP 429, 500, 502, 503 or 504), waiting ``backoff`` seconds before the first and twice
    as long before each next one (or what ``Retry-After`` asks, up to 60 s); ``robots``: fetch each
    host's ``/robots.txt`` first and leave out the URLs it disallows for ``user_agent``; ``timeout``:
    seconds for each whole fetch (see :func:`distill.fetch.fetch`); ``user_agent``: None for distill's.
    """

    connections: int = 16
    per_host: int = 6
    retries: int = 2
    backoff: float = 0.5
    robots: bool = False
    timeout: float = 30.0
    user_agent: str | None = None

    def __post_init__(self) -> None:
        """Reject values that cannot work."""
        if self.connections < 1 or self.per_host < 1:
            raise ValueError("connections and per_host must be at least 1")
        if self.retries < 0 or self.backoff < 0 or not self.timeout > 0:
            raise ValueError("retries and backoff must be >= 0 and timeout > 0")


@dataclass(frozen=True, slots=True)
class BatchOptions:
    """What to extract, the per-page bounds, and how URLs are fetched.

    ``extraction``: a :class:`distill.Extraction` (its ``favor`` shapes the text); ``markdown``, ``html``,
    ``comments``: add those fields; ``max_page_bytes``, ``max_nodes``: the per-page caps (0: none);
    ``fetch``: :class:`FetchOptions` for URL inputs.
    """

    extraction: Any = None
    markdown: bool = False
    html: bool = False
    comments: bool = False
    max_page_bytes: int = MAX_PAGE_BYTES
    max_nodes: int = MAX_NODES
    fetch: FetchOptions = FetchOptions()

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
    """What a run read, filled in as it goes.

    ``pages``: records written (one per page, error records included); ``errors``: error records;
    ``error_kinds``: error records by kind (:func:`error_kind`); ``skipped``: files in directories that
    are not pages by name (path, reason); ``unreadable``: inputs that could not be opened or listed
    (path, reason; a file that could not be opened also has its error record); ``empty``: directories
    without a page. ``log``, when set, is called as each thing happens that a user should hear of,
    with a one-line message and whether it is an error: an input that cannot be read (True), a failed
    fetch, an empty directory (False; the failed fetch also has its error record).
    """

    pages: int = 0
    errors: int = 0
    error_kinds: dict[str, int] = field(default_factory=dict)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    empty: list[str] = field(default_factory=list)
    log: Callable[[str, bool], None] | None = field(default=None, repr=False, compare=False)

    def note(self, message: str, error: bool = False) -> None:
        """Pass a diagnostic to ``log``, if any."""
        if self.log is not None:
            self.log(message, error)

    def count(self, out: bytes, records: int, errors: int) -> None:
        """Count a chunk of JSON lines: records, errors and their kinds."""
        self.pages += records
        self.errors += errors
        if errors:
            for kind in _error_kinds(out):
                self.error_kinds[kind] = self.error_kinds.get(kind, 0) + 1


def error_kind(message: str) -> str:
    """The kind of an error record's message: what comes before its first colon.

    ``"not HTML"``, ``"page too large"``, ``"cannot fetch"``, ``"HTTP status 404"``, ...
    """
    return message.split(":", 1)[0].strip()[:60]


def _error_kinds(out: bytes) -> Iterator[str]:
    # An error record's line has its error right after the url; a page's line has "error":null there.
    # The pattern cannot occur inside the url: a quote in a JSON string is escaped.
    decoder = json.JSONDecoder()
    for line in out.splitlines():
        at = line.find(b',"error":"')
        if at != -1:
            message, _ = decoder.raw_decode(line[at + 9:].decode("utf-8", "replace"))
            yield error_kind(message)


def usable_jobs() -> int:
    """The CPUs this process may run on (its affinity mask where the OS has one): what ``jobs`` is clamped to."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


# ---- reading ------------------------------------------------------------------------------------------

_SURROGATE = re.compile("[\ud800-\udfff]")


def _text(s: str) -> str:
    """``s`` with each lone surrogate (from JSON's escapes, a file name that is not UTF-8) as U+FFFD."""
    return _SURROGATE.sub("\ufffd", s)


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
        data, more = _read_capped(stream, cap)  # a gzip stream inflates at most cap + 1 bytes here
    except (OSError, EOFError, zlib.error) as e:  # a truncated or corrupt gzip stream
        return Page(source, url, b"", error=f"cannot read the page: {e}")
    if more:
        return Page(source, url, b"", error=too_large(None, cap))
    return Page(source, url, data)


def _warc_pages(f: IO[bytes], name: str, cap: int, compressed: bool, base: int = 0, stop: int | None = None,
                stopped: list[int] | None = None) -> Iterator[Page]:
    """The HTML response records of a WARC as pages (see ``distill/_warc.py`` for ``stop``, ``stopped``)."""
    n = 0
    try:
        for wp in read_warc(f, cap, compressed, base, stop, stopped):
            n += 1
            source = f"{name}#{wp.record_id}" if wp.record_id else f"{name}@{wp.offset}"
            if wp.error is not None or wp.payload is None:
                yield Page(source, wp.url, b"", error=wp.error or "no payload")
            else:
                yield Page(source, wp.url, wp.payload, wp.charset)
    except Exception as e:  # noqa: BLE001 - the input itself failed (an I/O error): the rest of this file
        yield Page(f"{name}@{n}", None, b"", error=f"cannot read the WARC after {n} records: {e}")


def _skip_line(f: IO[bytes]) -> None:
    while (rest := f.readline(1 << 20)) and not rest.endswith(b"\n"):
        pass  # the rest of an over-long line, never held whole


def _jsonl_pages(f: IO[bytes], name: str, cap: int, first_line: int = 1) -> Iterator[Page]:
    limit = cap + _JSONL_SLACK if cap else -1
    n = first_line - 1
    while True:
        source = f"{name}:{n + 1}"
        try:
            line = f.readline(limit)
            if limit > 0 and len(line) == limit and not line.endswith(b"\n"):
                _skip_line(f)
                n += 1
                yield Page(source, None, b"", error=f"page too large: the line is longer than the cap of {cap} "
                                                    f"bytes and 64 KiB (--max-page-bytes)")
                continue
        except (OSError, EOFError, zlib.error) as e:  # a corrupt or truncated gzip stream: the rest is lost
            yield Page(source, None, b"", error=f"cannot read the JSONL after line {n}: {e}")
            return
        if not line:
            return
        n += 1
        if not line.strip():
            continue
        page = _jsonl_page(line, source)
        del line
        yield page


def _jsonl_page(line: bytes, source: str) -> Page:
    try:
        obj = json.loads(line)
        html = obj["html"]
        url = obj.get("url")
        if not isinstance(html, str | bytes) or not (url is None or isinstance(url, str)):
            raise TypeError
    except RecursionError:
        return Page(source, None, b"", error="bad JSONL line: nested too deep to read")
    except MemoryError:
        return Page(source, None, b"", error="bad JSONL line: out of memory reading it")
    except (ValueError, KeyError, TypeError, AttributeError):
        return Page(source, None, b"", error="bad JSONL line: not a JSON object with an 'html' string")
    del obj
    url = _text(url) if url is not None else None
    if isinstance(html, str):
        try:
            data = html.encode("utf-8")
        except UnicodeEncodeError:  # lone surrogates (JSON allows "\\ud800"): U+FFFD, as for any text
            data = _text(html).encode("utf-8")
        return Page(source, url, data, "utf-8")
    return Page(source, url, html)


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
    try:
        head = raw.peek(64)[:64]
    except OSError as e:
        yield Page(name, url, b"", error=f"cannot read: {e.strerror or e}")
        return
    gz = head[:2] == _GZIP_MAGIC
    if gz:  # look at the decompressed start without consuming the stream
        try:
            head = zlib.decompressobj(31).decompress(raw.peek(4096), 16)
        except (zlib.error, OSError):
            head = b""
    kind = _kind(name, head)
    if kind == "warc":
        yield from _warc_pages(raw, name, cap, gz)
        return
    if kind == "html" and cap and not gz and size is not None and size > cap:
        yield Page(name, url, b"", error=too_large(size, cap))  # refused before it is read
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
            stats.note(f"{name}: {reason}", error=True)
        yield Page(name, _text(name), b"", error=f"cannot open: {reason}")
        return
    with f:
        try:
            size: int | None = os.fstat(f.fileno()).st_size
        except OSError:
            size = None
        yield from _stream_pages(f, name, _text(name), cap, size)


_PAGE_SUFFIXES = HTML_SUFFIXES + WARC_SUFFIXES + JSONL_SUFFIXES


def _walk(root: Path, stats: Stats | None) -> Iterator[Path]:
    """The files under ``root`` in sorted order (as ``sorted(root.rglob("*"))`` lists them), at any depth.

    Iterative, so that depth costs no recursion; symbolic links to directories are not followed (as
    ``rglob`` does not), so no loop is possible. A directory that cannot be listed is noted in
    ``stats.unreadable`` and skipped.
    """

    def entries(path: str) -> Iterator[os.DirEntry[str]]:
        try:
            with os.scandir(path) as it:
                return iter(sorted(it, key=lambda e: e.name))
        except OSError as e:
            reason = e.strerror or str(e)
            if stats is not None:
                stats.unreadable.append((path, reason))
                stats.note(f"{path}: {reason}; skipped", error=True)
            return iter(())

    stack = [entries(str(root))]
    while stack:
        entry = next(stack[-1], None)
        if entry is None:
            stack.pop()
            continue
        try:
            is_dir = entry.is_dir(follow_symlinks=False)
            is_file = not is_dir and entry.is_file()
        except OSError:
            continue
        if is_dir:
            stack.append(entries(entry.path))
        elif is_file:
            yield Path(entry.path)


def _dir_pages(path: Path, cap: int, stats: Stats | None) -> Iterator[Page]:
    found = 0
    for sub in _walk(path, stats):
        if sub.name.lower().endswith(_PAGE_SUFFIXES):
            found += 1
            yield from _file_pages(sub, cap, stats)
        elif stats is not None:
            stats.skipped.append((str(sub), "not a page by its name (.html, .htm, .warc, .jsonl, ...)"))
    if not found and stats is not None:
        stats.empty.append(str(path))
        stats.note(f"{path}: no pages in this directory (no file named .html, .htm, .warc, .jsonl, ...)")


def _is_url(item: str | os.PathLike[str]) -> bool:
    """Whether an input is an http(s) URL (fetched) rather than a path."""
    return isinstance(item, str) and item[:8].lower().startswith(("http://", "https://"))


def _url_pages(urls: Iterator[str], cap: int, options: FetchOptions, stats: Stats | None) -> Iterator[Page]:
    """The pages at a run of URLs, fetched in parallel (see ``distill/_crawl.py``), in input order."""
    from distill._crawl import fetch_all

    for url, outcome in fetch_all(urls, options, cap):
        if isinstance(outcome, str):
            if stats is not None:
                stats.note(f"{url}: {outcome}")
            yield Page(url, _text(url), b"", error=outcome)
            continue
        final = _text(outcome.url)
        if not outcome.ok:
            message = f"HTTP status {outcome.status}"
            if stats is not None:
                stats.note(f"{url}: {message}")
            yield Page(url, final, b"", error=message)
            continue
        content_type = outcome.headers.get("content-type")
        yield Page(url, final, outcome.body, outcome.encoding or charset_of(content_type))


def iter_pages(
    inputs: Iterable[str | os.PathLike[str]],
    *,
    max_page_bytes: int = MAX_PAGE_BYTES,
    stats: Stats | None = None,
    fetch: FetchOptions | None = None,
) -> Iterator[Page]:
    """Every page of the inputs, in order (directories sorted by path, at any depth).

    Files in a directory that are not pages by name (HTML, WARC or JSONL suffixes) are skipped and
    listed in ``stats.skipped``; a file named on its own is always read, its kind told by its bytes.
    Consecutive URL inputs are fetched in parallel as ``fetch`` says (:class:`FetchOptions`).
    """
    items = iter(inputs)
    ahead: list[str | os.PathLike[str]] = []  # the item after a run of URLs, read to see the run end

    def url_run(first: str) -> Iterator[str]:
        yield first
        for nxt in items:
            if not _is_url(nxt):
                ahead.append(nxt)
                return
            yield os.fspath(nxt)

    while True:
        item = ahead.pop() if ahead else next(items, _END)
        if item is _END:
            return
        text = os.fspath(item)
        if text == "-":
            yield from _stream_pages(sys.stdin.buffer, "-", "-", max_page_bytes)
        elif _is_url(text):
            yield from _url_pages(url_run(text), max_page_bytes, fetch or FetchOptions(), stats)
        else:
            path = Path(text)
            if path.is_dir():
                yield from _dir_pages(path, max_page_bytes, stats)
            else:
                yield from _file_pages(path, max_page_bytes, stats)


_END: Any = object()


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


# JSON string escapes as the C writer makes them (batch/batch.c dl_json_string): a record's error line
# is written in the same style as every other line.
_ESCAPES = {i: f"\\u{i:04x}" for i in range(0x20)}
_ESCAPES.update({0x7F: "\\u007f", 0x22: '\\"', 0x5C: "\\\\", 0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t",
                 0x2028: "\\u2028", 0x2029: "\\u2029"})


def _json_string(s: str | None) -> str:
    return "null" if s is None else '"' + _text(s).translate(_ESCAPES) + '"'


def _error_line(page: Page, names: tuple[str, ...]) -> bytes:
    """The JSON line of a page that could not be read, byte for byte as the C writer would make it."""
    rest = "".join(f',"{name}":null' for name in names[2:])
    return f'{{"url":{_json_string(page.url)},"error":{_json_string(page.error)}{rest}}}\n'.encode()


def _core_page(page: Page) -> tuple[bytes | str, str | None, str | None]:
    return page.html, (_text(page.url) if page.url is not None else None), page.encoding


def _one_by_one(pages: list[Page], kwargs: dict[str, Any], names: tuple[str, ...]) -> tuple[bytes, int]:
    """The chunk page by page, after the C call refused it whole: one page's failure is its record only."""
    parts: list[bytes] = []
    errors = 0
    for p in pages:
        html, url, encoding = _core_page(p)
        if isinstance(html, str) and _SURROGATE.search(html):  # lone surrogates cannot be UTF-8: U+FFFD
            html = _text(html)
        try:
            out, n = _core._extract_batch([(html, url, encoding)], **kwargs)
        except MemoryError:
            out, n = _error_line(Page(p.source, p.url, b"", error="out of memory extracting the page"), names), 1
        except Exception as e:  # noqa: BLE001 - whatever one page does, the others go on
            out, n = _error_line(Page(p.source, p.url, b"", error=f"cannot extract: {type(e).__name__}: {e}"),
                                 names), 1
        parts.append(out)
        errors += n
    return b"".join(parts), errors


def _run_chunk(chunk: list[Page], kwargs: dict[str, Any], names: tuple[str, ...]) -> tuple[bytes, int]:
    """One chunk to its JSON lines, in order; pages that could not be read get their error line."""
    readable = [p for p in chunk if p.error is None]
    try:
        out, errors = _core._extract_batch([_core_page(p) for p in readable], **kwargs)
    except Exception:  # noqa: BLE001 - a page the core refuses (a str it cannot encode, ...): one by one
        out, errors = _one_by_one(readable, kwargs, names)
    if len(readable) == len(chunk):
        return out, errors
    lines = iter(out.splitlines(keepends=True))
    parts = [_error_line(p, names) if p.error is not None else next(lines) for p in chunk]
    return b"".join(parts), errors + len(chunk) - len(readable)


# ---- files split into byte ranges, one worker process each ----------------------------------------------
#
# Reading records (the WARC reader's Python between its inflate calls) and parsing JSON hold the GIL, so
# worker threads cannot share that work. A crawl's .warc.gz compresses every record as its own gzip
# member, so the file can be cut at member starts and each range read by its own process, with nothing
# but the output lines crossing process boundaries; an uncompressed JSONL file is cut after newlines. A
# file that is one gzip member (or whose members cannot be found) stays one range and is read in order.

# Bytes per range: at most 4 MiB (a few hundred pages, well under a second of work, so Ctrl-C is
# prompt), and at least eight ranges per worker so that the last ones balance the load.
_RANGE_MAX = 4 * 1024 * 1024
_RANGE_MIN = 256 * 1024


def _member_start(f: IO[bytes], pos: int, limit: int) -> int | None:
    """The first offset >= pos (and < limit) where a gzip member holding a WARC record begins."""
    return member_start(f, pos, limit)


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


def _line_end(f: IO[bytes], pos: int, size: int) -> int:
    """The offset just after the first newline at or after ``pos`` (``size`` when none).

    Read in 1 MiB blocks, so that a line of any length costs no memory.
    """
    f.seek(pos)
    while pos < size:
        block = f.read(1 << 20)
        if not block:
            return size
        i = block.find(b"\n")
        if i != -1:
            return pos + i + 1
        pos += len(block)
    return size


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
        while start < size:
            end = _line_end(f, min(start + step, size), size) if start + step < size else size
            f.seek(start)
            lines, left = 0, end - start
            while left:  # count the newlines of the range in 1 MiB blocks
                block = f.read(min(left, 1 << 20))
                if not block:
                    break
                lines += block.count(b"\n")
                left -= len(block)
            ranges.append((start, end, line))
            line += lines
            start = end
    return ranges


class _RangeView(io.RawIOBase):
    """Bytes ``start`` to ``end`` of an open file, as a file of their own (read-only, seekable)."""

    def __init__(self, f: IO[bytes], start: int, end: int) -> None:
        super().__init__()
        self.f = f
        self.start = start
        self.size = end - start
        self.pos = 0
        f.seek(start)

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def seek(self, pos: int, whence: int = 0) -> int:
        base = {0: 0, 1: self.pos, 2: self.size}[whence]
        self.pos = max(0, min(base + pos, self.size))
        self.f.seek(self.start + self.pos)
        return self.pos

    def tell(self) -> int:
        return self.pos

    def readinto(self, b: Any) -> int:
        n = min(len(b), self.size - self.pos)
        if n <= 0:
            return 0
        data = self.f.read(n)
        b[:len(data)] = data
        self.pos += len(data)
        return len(data)


def _worker_init() -> None:
    """In each worker process: Ctrl-C is the parent's to handle, and the worker dies with its parent."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:  # Linux: SIGTERM when the process that forked this worker (the forkserver) ends
        import ctypes

        ctypes.CDLL(None).prctl(1, int(signal.SIGTERM))  # PR_SET_PDEATHSIG
        if os.getppid() == 1:  # the parent ended before the call took effect
            os._exit(0)
    except (OSError, AttributeError):
        pass


def _run_range(
    path: str, start: int, end: int, first_line: int, kwargs: dict[str, Any], names: tuple[str, ...], cap: int
) -> tuple[bytes, list[str], int, int]:
    """Extract one byte range of a WARC or JSONL file in a worker process.

    Returns the JSON lines, their sources, the error count, and where the reading stopped.
    ``first_line`` is 0 for a WARC range, else the number of the JSONL range's first line. A WARC range
    reads every member that starts before ``end``, the last one to its end wherever that is (as reading
    the whole file would), and reports the offset of the member after it: the next range's records are
    right only if it starts there (see :func:`_ordered_units`).
    """
    if kwargs.get("fields", 0) & _FIELD_BITS["html"] and "policy" not in kwargs:
        # The compiled policy is a capsule, which does not cross process boundaries: each worker compiles it.
        from distill.sanitize import Policy, Sanitizer

        kwargs = {**kwargs, "policy": Sanitizer(Policy.relaxed())._compiled}
    parts, sources, errors = [], [], 0
    stopped: list[int] = []
    with open(path, "rb") as f:
        if first_line:
            pages = _jsonl_pages(io.BufferedReader(_RangeView(f, start, end), 1 << 18), path, cap, first_line)
        else:
            view = io.BufferedReader(_RangeView(f, start, os.fstat(f.fileno()).st_size), 1 << 18)
            pages = _warc_pages(view, path, cap, True, start, end, stopped)
        for chunk in _chunks(pages):
            out, n = _run_chunk(chunk, kwargs, names)
            parts.append(out)
            sources += [p.source for p in chunk]
            errors += n
    return b"".join(parts), sources, errors, stopped[0] if stopped else end


@dataclass(frozen=True, slots=True)
class _Range:
    path: str
    start: int
    end: int
    first_line: int = 0  # 0: a WARC range; else a JSONL range starting at this line
    file: int = 0  # which split file of the run (the same path may come twice)


def _file_ranges(item: str | os.PathLike[str], jobs: int) -> list[tuple[int, int, int]]:
    """The byte ranges worker processes read a .warc.gz or uncompressed JSONL file in.

    [] or one range: the file is read in order here.
    """
    text = os.fspath(item)
    lower = text.lower()
    if jobs == 1 or not lower.endswith((".warc.gz", ".jsonl", ".ndjson")) or _is_url(text):
        return []
    path = Path(text)
    # JSON parsing holds the GIL as inflating does: both are split between processes.
    try:
        if not path.is_file():
            return []
        if lower.endswith(".warc.gz"):
            return [(a, b, 0) for a, b in _warc_ranges(path, jobs)]
        return _jsonl_ranges(path, jobs)
    except OSError:  # unreadable: read in order, where it becomes an error record
        return []


def _units(inputs: Iterable[str | os.PathLike[str]], jobs: int, cap: int, stats: Stats | None,
           fetch: FetchOptions | None) -> Iterator[Any]:
    """Work units in input order: lists of pages (read here), or file byte ranges (jobs > 1).

    Worker processes read the ranges themselves. The inputs are taken one at a time, so that a list of
    inputs of any length (``-i urls.txt``) is read as it goes.
    """
    items = iter(inputs)
    split: list[tuple[str, list[tuple[int, int, int]]]] = []
    files = 0

    def run() -> Iterator[str | os.PathLike[str]]:
        """The inputs up to the next file read in ranges (left in ``split``)."""
        for item in items:
            ranges = _file_ranges(item, jobs)
            if len(ranges) > 1:
                split.append((os.fspath(item), ranges))
                return
            yield item

    while True:
        yield from _chunks(iter_pages(run(), max_page_bytes=cap, stats=stats, fetch=fetch))
        if not split:
            return
        text, ranges = split.pop()
        files += 1
        for a, b, line in ranges:
            yield _Range(text, a, b, line, files)


def _range_error(unit: _Range, error: BaseException, names: tuple[str, ...]) -> tuple[list[str], bytes, int]:
    source = f"{unit.path}@{unit.start}"
    page = Page(source, None, b"", error=f"worker failed: bytes {unit.start}-{unit.end} of {unit.path}: "
                                         f"{type(error).__name__}: {error}")
    return [source], _error_line(page, names), 1


def _ordered_units(
    units: Iterator[Any], jobs: int, kwargs: dict[str, Any], names: tuple[str, ...], cap: int
) -> Iterator[tuple[list[str], bytes, int]]:
    """(sources, JSON lines, error count) of every unit, in order.

    A WARC is cut where a gzip member seems to start (:func:`_warc_ranges`); a range's records are kept
    only when the reading of the range before it stopped exactly there. Otherwise (the cut fell inside
    a member: a corrupt one that runs on, or a gzip file stored whole inside a record) the range is read
    again, here, from where that reading stopped: the records are those of reading the file in order.
    """
    chain: dict[int, int] = {}  # split file -> where the reading of its last range stopped

    def checked(unit: _Range, got: tuple[bytes, list[str], int, int]) -> tuple[list[str], bytes, int]:
        if unit.first_line:
            return got[1], got[0], got[2]
        expected = chain.get(unit.file, unit.start)
        if expected != unit.start:
            got = _run_range(unit.path, expected, max(unit.end, expected), 0, kwargs, names, cap)
        chain[unit.file] = got[3]
        return got[1], got[0], got[2]

    if jobs == 1:
        for unit in units:
            if isinstance(unit, _Range):
                yield checked(unit, _run_range(unit.path, unit.start, unit.end, unit.first_line, kwargs, names, cap))
            else:
                yield ([p.source for p in unit], *_run_chunk(unit, kwargs, names))
        return
    # A bounded window of futures, consumed in submission order: input order and flat memory however
    # long the input, and the output does not depend on which worker finishes first.
    threads = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="distill")
    procs: ProcessPoolExecutor | None = None
    done = False
    pending: deque[tuple[Any, Future[Any]]] = deque()

    def result(unit: Any, fut: Future[Any]) -> tuple[list[str], bytes, int]:
        nonlocal procs
        if isinstance(unit, _Range):
            try:
                return checked(unit, fut.result())
            except Exception as e:  # noqa: BLE001 - a worker that failed or died costs its range only
                from concurrent.futures.process import BrokenProcessPool

                if isinstance(e, BrokenProcessPool) and procs is not None:
                    _drop_process_pool(procs)
                    procs = None
                chain[unit.file] = unit.end
                return _range_error(unit, e, names)
        out, errors = fut.result()
        return unit, out, errors

    try:
        for unit in units:
            if isinstance(unit, _Range):
                if procs is None:
                    procs = _process_pool(jobs)
                portable = {k: v for k, v in kwargs.items() if k != "policy"}
                pending.append((unit, procs.submit(_run_range, unit.path, unit.start, unit.end, unit.first_line,
                                                   portable, names, cap)))
            else:
                pending.append(([p.source for p in unit], threads.submit(_run_chunk, unit, kwargs, names)))
            if len(pending) >= 2 * jobs:
                yield result(*pending.popleft())
        while pending:
            yield result(*pending.popleft())
        done = True
    finally:
        # On an early stop (Ctrl-C, a signal, a closed pipe, the consumer breaking off) drop what has not
        # started; a running chunk is one C call of tens of milliseconds, a running range is ended.
        threads.shutdown(wait=False, cancel_futures=True)
        if procs is not None and not done:
            _drop_process_pool(procs, kill=True)


# The worker processes outlive one call, so that a program extracting file after file (or a benchmark)
# pays for starting them once; they are shut down at exit, or dropped after an interrupted run.
_POOLS: dict[int, ProcessPoolExecutor] = {}


def _process_pool(jobs: int) -> ProcessPoolExecutor:
    pool = _POOLS.get(jobs)
    if pool is None:
        pool = _POOLS[jobs] = ProcessPoolExecutor(jobs, mp_context=_mp_context(), initializer=_worker_init)
    return pool


def _drop_process_pool(pool: ProcessPoolExecutor, kill: bool = False) -> None:
    """Forget a pool; ``kill``: end its workers now rather than after their current range."""
    for jobs, p in list(_POOLS.items()):
        if p is pool:
            del _POOLS[jobs]
    workers = list((getattr(pool, "_processes", None) or {}).values())
    # shutdown() forgets these two
    writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    if kill:
        for w in workers:
            try:
                w.kill()
            except (OSError, ValueError, AttributeError):
                pass
        for w in workers:
            try:
                w.join(1)
            except (OSError, ValueError, AssertionError, AttributeError):
                pass
        # A worker killed while it wrote a result leaves the pool's manager thread reading the rest of
        # that message for ever, and the interpreter joins that thread at exit: the command hung after
        # a signal. Closing this process's write end of the result pipe (the workers' ends died with
        # them) turns that read into an EOF, and the thread ends the pool as broken. It is waited for
        # here, so that the interpreter's exit does not wake it while it closes its pipes.
        if writer is not None:
            try:
                writer.close()
            except OSError:
                pass
        if manager is not None:
            manager.join(2)


def shutdown_workers() -> None:
    """End the worker processes now (the command calls this when a signal stops it)."""
    for pool in list(_POOLS.values()):
        _drop_process_pool(pool, kill=True)


def _mp_context() -> Any:
    import multiprocessing

    # forkserver: safe in a program that already runs threads (fork is not), cheaper than spawn.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def _check_jobs(jobs: int | None) -> int:
    """Worker count for ``jobs``: None is every usable CPU, and more than that is clamped to it.

    Workers beyond the CPUs only contend for them.
    """
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise ValueError(f"jobs must be a positive int or None, not {jobs!r}")
    cpus = usable_jobs()
    return min(jobs or cpus, cpus)


def _lines(
    inputs: Iterable[str | os.PathLike[str]], jobs: int | None, options: BatchOptions | None, stats: Stats
) -> Iterator[tuple[list[str], bytes]]:
    n = _check_jobs(jobs)
    opts = options or BatchOptions()
    units = _units(inputs, n, opts.max_page_bytes, stats, opts.fetch)
    for sources, out, errors in _ordered_units(units, n, opts.core_kwargs(), opts.field_names, opts.max_page_bytes):
        stats.count(out, len(sources), errors)
        yield sources, out


def extract_jsonl(
    inputs: Iterable[str | os.PathLike[str]],
    jobs: int | None = None,
    options: BatchOptions | None = None,
    stats: Stats | None = None,
) -> Iterator[bytes]:
    """The JSON lines (UTF-8) of every page of ``inputs``, in input order, a chunk of lines at a time.

    This is what ``distill extract`` writes: no Python object per record or field is built.
    ``jobs``: workers (None: every usable CPU; 1: the calling thread only; more than the CPUs is
    clamped to them, see :func:`usable_jobs`).
    """
    for _, out in _lines(inputs, jobs, options, stats if stats is not None else Stats()):
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

    ``jobs`` is the number of workers: ``None`` uses every usable CPU, ``1`` runs in the calling
    thread. ``markdown=True`` is ``options=BatchOptions(markdown=True)``.
    """
    opts = options or BatchOptions(markdown=markdown)
    for sources, out in _lines(inputs, jobs, opts, stats if stats is not None else Stats()):
        for source, line in zip(sources, out.splitlines(), strict=True):
            yield _record(line, source)


def _page_chunks(pages: Iterable[Page | tuple[Any, ...]]) -> Iterator[list[Page]]:
    def as_pages() -> Iterator[Page]:
        for i, p in enumerate(pages):
            if isinstance(p, Page):
                yield p
            else:  # (html, url) or (html, url, encoding)
                html, url, *rest = p
                yield Page(str(i), url, html, rest[0] if rest else None)

    return _chunks(as_pages())


def extract_pages_jsonl(
    pages: Iterable[Page | tuple[Any, ...]], options: BatchOptions | None = None, jobs: int | None = 1
) -> Iterator[bytes]:
    """The JSON lines of pages already in memory, in order, a chunk of lines at a time.

    Each page is a :class:`Page` or a tuple ``(html, url)`` / ``(html, url, encoding)``; ``html`` is
    bytes or str. One line per page, exactly what ``distill extract`` writes for it (an error record
    for a page that fails). This is the call the Spark and datatrove adapters make: the JSON can go
    straight to pyarrow's JSON reader. ``jobs``: worker threads (1: the calling thread).
    """
    opts = options or BatchOptions()
    n = _check_jobs(jobs)
    for _, out, _errors in _ordered_units(_page_chunks(pages), n, opts.core_kwargs(), opts.field_names,
                                         opts.max_page_bytes):
        yield out


def extract_pages(
    pages: Iterable[Page | tuple[Any, ...]], options: BatchOptions | None = None, jobs: int | None = 1
) -> Iterator[Record]:
    """:class:`Record` objects of pages already in memory, in order (see :func:`extract_pages_jsonl`)."""
    opts = options or BatchOptions()
    n = _check_jobs(jobs)
    for sources, out, _errors in _ordered_units(_page_chunks(pages), n, opts.core_kwargs(), opts.field_names,
                                               opts.max_page_bytes):
        for source, line in zip(sources, out.splitlines(), strict=True):
            yield _record(line, source)


def extract_page(page: Page, markdown: bool = False, options: BatchOptions | None = None) -> Record:
    """Extract one page; any failure becomes the record's ``error``, never an exception."""
    opts = options or BatchOptions(markdown=markdown)
    out, _ = _run_chunk([page], opts.core_kwargs(), opts.field_names)
    return _record(out, page.source)


