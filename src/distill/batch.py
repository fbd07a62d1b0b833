"""Batch extraction: many pages, in input order, on all cores.

    from distill.batch import extract
    for record in extract(["crawl.warc.gz", "pages/"], jobs=None):
        print(record.url, record.title, len(record.text))

Inputs are HTML files (``.html``, ``.htm``, optionally ``.gz``), directories of them (recursively),
WARC files (``.warc``, ``.warc.gz``; response records with an HTML content type, read with fastwarc or
warcio from the ``distill[warc]`` extra) and JSONL files with an ``html`` field (and optionally ``url``).

The C core releases the GIL while it parses and extracts, so a thread pool keeps every core busy without
the cost of pickling pages to worker processes; ``bench/batch.py`` measures threads against processes.
"""

from __future__ import annotations

import gzip
import json
import os
import time
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, Any

__all__ = ["Page", "Record", "extract", "iter_pages", "extract_page", "MissingExtra"]

HTML_SUFFIXES = (".html", ".htm", ".html.gz", ".htm.gz")
WARC_SUFFIXES = (".warc", ".warc.gz")
JSONL_SUFFIXES = (".jsonl", ".jsonl.gz", ".ndjson", ".ndjson.gz")


class MissingExtra(ImportError):
    """An optional dependency is needed for this input or output; the message names the extra."""


@dataclass(frozen=True, slots=True)
class Page:
    """One page to extract: where it came from, its URL if known, its bytes and transport encoding."""

    source: str
    url: str | None
    html: bytes
    encoding: str | None = None


@dataclass(frozen=True, slots=True)
class Record:
    """One output record: the article's fields, the time extraction took, or the error it raised."""

    source: str
    url: str | None
    title: str | None = None
    byline: str | None = None
    date: str | None = None
    lang: str | None = None
    description: str | None = None
    text: str | None = None
    markdown: str | None = None
    seconds: float = 0.0
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The record as a plain dict (JSON-ready)."""
        return asdict(self)


def _open(path: Path) -> IO[bytes]:
    if path.name.endswith(".gz"):
        return gzip.open(path, "rb")  # type: ignore[return-value]  # GzipFile is a binary IO
    return path.open("rb")


def _is_html_type(content_type: str | None) -> bool:
    ct = (content_type or "").split(";", 1)[0].strip().lower()
    return ct in ("text/html", "application/xhtml+xml") or ct == ""


def _charset(content_type: str | None) -> str | None:
    for part in (content_type or "").split(";")[1:]:
        k, _, v = part.partition("=")
        if k.strip().lower() == "charset" and v.strip():
            return v.strip().strip("\"'")
    return None


def _warc_pages(path: Path) -> Iterator[Page]:
    try:
        from fastwarc.warc import ArchiveIterator, WarcRecordType
    except ImportError:
        pass
    else:
        with path.open("rb") as f:
            for rec in ArchiveIterator(f, record_types=WarcRecordType.response, parse_http=True):
                ct = rec.http_content_type
                if not _is_html_type(ct):
                    continue
                yield Page(f"{path}#{rec.record_id}", rec.headers.get("WARC-Target-URI"), rec.reader.read(),
                           rec.http_charset or None)
        return
    try:
        from warcio.archiveiterator import ArchiveIterator as WarcioIterator
    except ImportError as e:
        raise MissingExtra(f"reading {path} needs a WARC reader: pip install 'distill[warc]'") from e
    with path.open("rb") as f:
        for rec in WarcioIterator(f):
            if rec.rec_type != "response" or rec.http_headers is None:
                continue
            ct = rec.http_headers.get_header("Content-Type")
            if not _is_html_type(ct):
                continue
            yield Page(f"{path}#{rec.rec_headers.get_header('WARC-Record-ID')}",
                       rec.rec_headers.get_header("WARC-Target-URI"), rec.content_stream().read(), _charset(ct))


def _jsonl_pages(path: Path) -> Iterator[Page]:
    with _open(path) as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            source = f"{path}:{n}"
            try:
                obj = json.loads(line)
                html = obj["html"]
            except (ValueError, KeyError, TypeError):
                yield Page(source, None, b"", "invalid")  # becomes a record with an error
                continue
            data = html.encode("utf-8", "surrogatepass") if isinstance(html, str) else bytes(html)
            yield Page(source, obj.get("url"), data, "utf-8" if isinstance(html, str) else None)


def iter_pages(inputs: Iterable[str | os.PathLike[str]]) -> Iterator[Page]:
    """Every page of the inputs, in order (directories sorted by path, recursively)."""
    for item in inputs:
        path = Path(item)
        if path.is_dir():
            for sub in sorted(p for p in path.rglob("*") if p.is_file() and p.name.lower().endswith(HTML_SUFFIXES)):
                with _open(sub) as f:
                    yield Page(str(sub), None, f.read())
            continue
        name = path.name.lower()
        if name.endswith(WARC_SUFFIXES):
            yield from _warc_pages(path)
        elif name.endswith(JSONL_SUFFIXES):
            yield from _jsonl_pages(path)
        else:
            with _open(path) as f:
                yield Page(str(path), None, f.read())


def extract_page(page: Page, markdown: bool = False) -> Record:
    """Extract one page; any failure becomes the record's ``error``, never an exception."""
    import distill

    start = time.perf_counter()
    try:
        if page.encoding == "invalid":
            raise ValueError("the line is not a JSON object with an 'html' field")
        try:
            doc = distill.parse(page.html, encoding=page.encoding)
        except LookupError:
            doc = distill.parse(page.html)  # a bogus transport charset: sniff as if none was given
        art = doc.article()
        md = art.markdown if markdown else None
        return Record(page.source, page.url, art.title, art.byline, art.date, art.lang, art.description, art.text,
                      md, time.perf_counter() - start)
    except Exception as e:  # one broken page must not stop a batch
        return Record(page.source, page.url, seconds=time.perf_counter() - start, error=f"{type(e).__name__}: {e}")


def _ordered(executor: Executor, pages: Iterator[Page], markdown: bool, window: int) -> Iterator[Record]:
    # A bounded window of futures keeps input order and memory flat however long the input is.
    pending: deque[Future[Record]] = deque()
    for page in pages:
        pending.append(executor.submit(extract_page, page, markdown))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


def extract(
    inputs: Iterable[str | os.PathLike[str]], jobs: int | None = None, markdown: bool = False
) -> Iterator[Record]:
    """Extract every page of ``inputs``; records come out in input order.

    ``jobs`` is the number of worker threads: ``None`` uses every core, ``1`` runs strictly
    sequentially in the calling thread.
    """
    if jobs is not None and jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    pages = iter_pages(inputs)
    n = jobs or os.cpu_count() or 1
    if n == 1:
        for page in pages:
            yield extract_page(page, markdown)
        return
    with ThreadPoolExecutor(max_workers=n, thread_name_prefix="distill") as ex:
        yield from _ordered(ex, pages, markdown, window=4 * n)
