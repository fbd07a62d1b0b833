"""Reading WARC files: each response record with an HTML payload, bounded, one bad record at a time.

Why distill reads WARC itself rather than through fastwarc or warcio: the batch command must give the
same records whichever reader is installed (the two disagreed on a WARC compressed as one gzip member),
inflate nothing beyond the page cap before it allocates (a 16 KB record can hold a 2 GiB gzip payload),
and let one corrupt or truncated record cost that record only. Neither reader resumes after a corrupt
gzip member, and both inflate a record's payload whole. The format itself is small (ISO 28500: a
header block, ``Content-Length`` bytes of block, two CRLF), and zlib does the inflating in C.

How a file is read:

- A gzip file is a series of members; crawlers write one member per record, ``gzip crawl.warc``
  writes one member for the whole file, and both are read the same way, in order. A record never
  runs past the end of its member: a record whose ``Content-Length`` claims more is an error record,
  and the next member starts the next record.
- A corrupt member (a zlib error, or bytes between members that are not a member) is an error record
  (with the URL of the record it held, when its header was read); reading resumes at the first place
  after the member's start where a gzip member begins that inflates to the start of a WARC record
  (:func:`starts_record`, the same test that cuts a file into ranges for worker processes, so the
  records are the same however the file is cut).
- In an uncompressed WARC (or inside one large member), a record whose block is not followed by the
  blank line and the next record is an error record, and reading resumes at the first record start
  (``CRLF CRLF WARC/``) found after its header: a ``Content-Length`` that claims too much does not
  swallow the records it covers. A file is read again from there; a pipe or a single gzip member
  gives back what was kept while skipping (the page cap plus 64 KiB from the first record start).
- Only ``response`` records whose HTTP ``Content-Type`` is HTML (or missing) become pages. A payload
  stored with its ``Transfer-Encoding: chunked`` is de-chunked and one stored with its
  ``Content-Encoding`` (gzip, deflate) is inflated, both bounded by the page cap.
- Memory: a block is held only when its page is admitted (at most the cap plus 64 KiB of HTTP
  headers); larger blocks and other records are skipped in 256 KiB reads.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import IO, Any

from distill._inflate import GZIP_ERRORS, GZIP_MAGIC, CorruptData, Inflater, TooLarge, gzip_decompressobj

__all__ = ["WarcPage", "member_start", "read_warc", "starts_record"]

_READ = 1 << 18
_MAX_HEADER = 1 << 16  # a WARC or HTTP header block longer than this is not one
_KEEP = 4 << 20  # compressed bytes of a member kept to resume from its start when it turns out corrupt
_PROBE = 4096  # compressed bytes inflated to tell a member that starts a WARC record
_STEP = 8192  # compressed bytes of a member inflated at a time
_RECORD_START = b"\r\n\r\nWARC/"  # the end of one record and the start of the next


@dataclass(frozen=True, slots=True)
class WarcPage:
    """One HTML response record, or an error in its place.

    ``offset``: where the record starts (its gzip member's offset in a compressed file);
    ``record_id``/``url``: from the WARC header when it was read; ``payload``/``charset``: the page
    and its HTTP charset; ``error``: why there is no page (then ``payload`` is None).
    """

    offset: int
    record_id: str | None
    url: str | None
    payload: bytes | None = None
    charset: str | None = None
    error: str | None = None


class _Corrupt(Exception):
    """A gzip member cannot be inflated (corrupt or cut short)."""


def starts_record(buf: bytes | bytearray, at: int) -> bool:
    """Whether a gzip member starts at ``buf[at]`` and inflates to the start of a WARC record."""
    if buf[at:at + 3] != b"\x1f\x8b\x08":
        return False
    try:
        return zlib.decompressobj(31).decompress(bytes(buf[at:at + _PROBE]), 8).startswith(b"WARC/")
    except zlib.error:
        return False


def member_start(f: IO[bytes], pos: int, limit: int) -> int | None:
    """The first offset >= pos (and < limit) of a seekable file where :func:`starts_record` holds."""
    window = 1 << 18
    while pos < limit:
        f.seek(pos)
        block = f.read(min(window + _PROBE, limit - pos + _PROBE))
        if not block:
            return None
        at = 0
        while (at := block.find(b"\x1f\x8b\x08", at)) != -1 and at < window and pos + at < limit:
            if starts_record(block, at):
                return pos + at
            at += 1
        pos += window
    return None


def _seekable(f: IO[bytes]) -> bool:
    try:
        return f.seekable()
    except (OSError, ValueError):
        return False


# ---- the compressed layer: segments --------------------------------------------------------------------


class _Plain:
    """An uncompressed WARC: one segment, the whole input."""

    def __init__(self, raw: IO[bytes], base: int) -> None:
        self.raw = raw
        self.base = base
        self.started = False

    def next_segment(self, stop: int | None = None) -> int | None:
        if self.started:
            return None
        self.started = True
        return self.base

    def read(self, n: int) -> bytes:
        return self.raw.read(n)


class _Garbage(Exception):
    """Bytes where a gzip member should start; ``offset`` is where they begin."""

    def __init__(self, offset: int) -> None:
        super().__init__(offset)
        self.offset = offset


class _Members:
    """A gzip WARC: each member a segment.

    A member is inflated from its start in steps of :data:`_STEP` compressed bytes (the last one
    shorter), whatever the reads of the file: what a member gives before it turns out corrupt (and so
    which record its error names) depends on its bytes alone, not on where a worker's range began.
    A step inflates to at most about a thousand times its size (deflate's limit), 8 MiB.
    """

    def __init__(self, raw: IO[bytes], base: int) -> None:
        self.raw = raw
        self.base = base  # the offset of raw's position 0
        self.at = base  # offset of pending[0]
        self.pending = bytearray()  # compressed bytes not yet given to a member
        self.d: Any = None
        self.start = base  # the current member's offset
        self.fed = 0  # its bytes given to zlib
        self.kept = bytearray()  # its compressed bytes so far, while they fit in _KEEP
        self.kept_whole = True
        self.eof = False

    def _more(self) -> bool:
        data = self.raw.read(_READ)
        if not data:
            self.eof = True
            return False
        self.pending += data
        return True

    def next_segment(self, stop: int | None = None) -> int | None:
        """The offset of the next member, None at the end of the input or at ``stop`` or beyond."""
        if stop is not None and self.at >= stop:
            return None
        while len(self.pending) < 2 and not self.eof:
            self._more()
        if not self.pending:
            return None
        if not self.pending.startswith(GZIP_MAGIC):
            raise _Garbage(self.at)
        self.d = gzip_decompressobj()
        self.start = self.at
        self.fed = 0
        self.kept = bytearray()
        self.kept_whole = True
        return self.start

    def read(self, n: int) -> bytes:
        """The member's next inflated bytes (one step's worth; ``n`` is a hint), b"" at its end."""
        d = self.d
        assert d is not None
        while not d.eof:
            need = _STEP - self.fed % _STEP
            while len(self.pending) < need and self._more():
                pass
            if not self.pending:
                raise _Corrupt("cut short")
            data = bytes(self.pending[:need])
            del self.pending[:need]
            self.fed += len(data)
            self.at += len(data)
            if self.kept_whole and len(self.kept) + len(data) <= _KEEP:
                self.kept += data
            else:
                self.kept_whole = False
                self.kept = bytearray()
            try:
                out: bytes = d.decompress(data)
            except GZIP_ERRORS:
                raise _Corrupt("corrupt") from None
            if d.eof:
                left = d.unused_data
                self.pending[0:0] = left
                self.at -= len(left)
                self.fed -= len(left)
            if out:
                return out
        return b""

    def first_header(self) -> tuple[str | None, str | None]:
        """(record id, target URI) of the WARC header a corrupt member starts with, when it inflates.

        Inflated in small steps from the member's start, so that what comes before the damage is
        seen whatever the steps :meth:`read` took.
        """
        if not self.kept_whole:
            return None, None
        d = zlib.decompressobj(31)
        out = bytearray()
        try:
            for i in range(0, len(self.kept), 256):
                out += d.decompress(bytes(self.kept[i:i + 256]))
                if b"\r\n\r\n" in out or len(out) > _MAX_HEADER or d.eof:
                    break
        except zlib.error:
            pass
        end = out.find(b"\r\n\r\n")
        if not out.startswith(b"WARC/") or end == -1:
            return None, None
        h = _headers(bytes(out[:end]))
        uri = h.get("warc-target-uri")
        return h.get("warc-record-id"), uri.strip("<>") if uri else None

    def resync(self) -> None:
        """Go on at the next place :func:`starts_record` holds, or at the end of the input.

        The search starts after the current member's start (or at the garbage where a member should
        have started).
        """
        d = self.d
        if d is not None and not d.eof:  # a corrupt member: from its second byte
            if self.kept_whole:
                buf, base = bytearray(self.kept[1:]), self.start + 1
            elif _seekable(self.raw):  # too large to have been kept: read it again
                self.raw.seek(self.start + 1 - self.base)
                self.pending = bytearray()
                self.eof = False
                buf, base = bytearray(), self.start + 1
            else:  # a pipe: on from where the damage was found
                buf, base = bytearray(), self.at
        else:  # bytes between members that are not a member (their first two bytes are not one)
            buf, base = bytearray(), self.at
        buf += self.pending
        self.pending = bytearray()
        self.d = None
        self.kept = bytearray()
        pos = 0
        while True:
            i = buf.find(b"\x1f\x8b\x08", pos)
            if i != -1 and (len(buf) - i >= _PROBE or self.eof):
                if starts_record(buf, i):
                    self.pending = buf[i:]
                    self.at = base + i
                    return
                pos = i + 1
                continue
            keep = i if i != -1 else max(len(buf) - 2, 0)  # a candidate, or the bytes that may begin one
            del buf[:keep]
            base += keep
            pos = 0
            if self.eof:
                self.at = base + len(buf)
                return
            if not self._read_into(buf):
                self.eof = True

    def _read_into(self, buf: bytearray) -> bool:
        data = self.raw.read(_READ)
        buf += data
        return bool(data)


# ---- the record layer ----------------------------------------------------------------------------------


class _Reader:
    """Buffered reads of one segment (a gzip member, or a whole uncompressed file)."""

    def __init__(self, read: Callable[[int], bytes]) -> None:
        self._read = read
        self.buf = bytearray()
        self.done = False
        self.received = 0  # bytes the segment has given so far

    @property
    def position(self) -> int:
        """Bytes of the segment consumed so far."""
        return self.received - len(self.buf)

    def fill(self, n: int) -> bool:
        """At least ``n`` bytes buffered; False when the segment ends first."""
        while len(self.buf) < n:
            if self.done:
                return False
            data = self._read(max(n - len(self.buf), _READ))
            if not data:
                self.done = True
                return False
            self.received += len(data)
            self.buf += data
        return True

    def find(self, pattern: bytes, limit: int) -> int:
        """The index of ``pattern`` starting within the first ``limit`` bytes, else -1."""
        start = 0
        while True:
            i = self.buf.find(pattern, start, limit + len(pattern) - 1)
            if i != -1:
                return i
            if len(self.buf) >= limit + len(pattern) - 1 or not self.fill(len(self.buf) + 1):
                return -1
            start = max(0, len(self.buf) - len(pattern) - _READ)

    def take(self, n: int) -> bytes:
        """The next ``n`` bytes (fewer when the segment ends first), copied once."""
        if len(self.buf) >= n:
            with memoryview(self.buf) as view:
                out = bytes(view[:n])
            del self.buf[:n]
            return out
        parts = [bytes(self.buf)]
        have = len(self.buf)
        self.buf.clear()
        while have < n:
            data = self._read(max(n - have, _READ))
            if not data:
                self.done = True
                break
            self.received += len(data)
            if have + len(data) > n:
                cut = n - have
                parts.append(data[:cut])
                self.buf += data[cut:]
                break
            parts.append(data)
            have += len(data)
        return b"".join(parts)

    def skip(self, n: int, retain: int) -> tuple[int, bytearray]:
        """Skip ``n`` bytes; (how many there were, the skipped bytes from the first record start on).

        The bytes from the first :data:`_RECORD_START` on are kept (at most ``retain`` of them), so
        that a block whose ``Content-Length`` claims too much can give back the records it covers.
        """
        skipped = 0
        kept = bytearray()
        found = False
        while skipped < n:
            if not self.buf and not self.fill(1):
                break
            piece = self.buf[:n - skipped]
            if found:
                if len(kept) + len(piece) <= retain:
                    kept += piece
            else:
                i = (kept + piece).find(_RECORD_START)
                if i != -1:
                    found = True
                    joined = kept + piece
                    kept = joined[i:] if len(joined) - i <= retain else bytearray()
                else:  # the last bytes may begin a record start the next piece ends
                    kept = (kept + piece)[-(len(_RECORD_START) - 1):]
            skipped += len(piece)
            del self.buf[:len(piece)]
        return skipped, kept if found else bytearray()

    def unread(self, data: bytes | bytearray) -> None:
        self.buf[0:0] = data  # the position goes back by as much

    def skip_newlines(self) -> bool:
        """Skip CR and LF bytes; False at the end of the segment."""
        while True:
            if not self.fill(1):
                return False
            n = len(self.buf) - len(self.buf.lstrip(b"\r\n"))
            if n < len(self.buf):
                del self.buf[:n]
                return True
            self.buf.clear()

    def seek_record(self) -> bool:
        """Drop bytes up to the next record start (:data:`_RECORD_START`); False when there is none."""
        while True:
            i = self.buf.find(_RECORD_START)
            if i != -1:
                del self.buf[:i + 4]
                return True
            del self.buf[:max(0, len(self.buf) - len(_RECORD_START) + 1)]
            if not self.fill(len(self.buf) + 1):
                self.buf.clear()
                return False


def _headers(block: bytes) -> dict[str, str]:
    """Header lines (after the first) as a dict: names in lower case, repeats joined by ", "."""
    out: dict[str, str] = {}
    last = ""
    for raw in block.split(b"\n")[1:]:
        line = raw.rstrip(b"\r").decode("utf-8", "replace")
        if not line.strip():
            continue
        if line[0] in " \t" and last:  # a continuation line
            out[last] += " " + line.strip()
            continue
        name, sep, value = line.partition(":")
        if not sep:
            continue
        last = name.strip().lower()
        out[last] = f"{out[last]}, {value.strip()}" if last in out else value.strip()
    return out


def is_html_type(content_type: str | None) -> bool:
    """Whether an HTTP Content-Type names HTML (a missing one counts: the bytes decide)."""
    ct = (content_type or "").split(";", 1)[0].strip().lower()
    return ct in ("text/html", "application/xhtml+xml", "")


def charset_of(content_type: str | None) -> str | None:
    """The charset parameter of a Content-Type, or None."""
    for part in (content_type or "").split(";")[1:]:
        k, _, v = part.partition("=")
        if k.strip().lower() == "charset" and v.strip():
            return v.strip().strip("\"'")
    return None


def _dechunk(data: bytes, cap: int) -> bytes:
    """A body stored in HTTP chunked transfer coding, decoded; ValueError when it is not one."""
    parts: list[bytes] = []
    pos = total = 0
    while True:
        nl = data.find(b"\n", pos)
        if nl == -1:
            raise ValueError("the chunked body is cut short")
        size = int(data[pos:nl].split(b";", 1)[0].strip() or b"x", 16)
        pos = nl + 1
        if size == 0:
            return b"".join(parts)
        if pos + size > len(data):
            raise ValueError("the chunked body is cut short")
        total += size
        if cap and total > cap:
            raise TooLarge(f"more than {cap} bytes")
        parts.append(data[pos:pos + size])
        pos += size
        if data[pos:pos + 2] == b"\r\n":
            pos += 2
        elif data[pos:pos + 1] == b"\n":
            pos += 1


def decode_payload(body: bytes, headers: dict[str, str], cap: int) -> bytes:
    """The page of an HTTP payload as stored in a WARC: de-chunked and inflated, within ``cap`` bytes.

    Raises :class:`~distill._inflate.TooLarge` past the cap and ValueError for a coding that is corrupt.
    A payload stored already decoded under its original headers (some crawlers do) is taken as it is:
    a chunked body whose first chunk size does not parse, a gzip body without the gzip magic, a
    deflate or other coding whose bytes begin with markup.
    """
    if "chunked" in headers.get("transfer-encoding", "").lower():
        try:
            body = _dechunk(body, cap)
        except TooLarge:
            raise
        except ValueError:
            first = body.split(b"\n", 1)[0].split(b";", 1)[0].strip()
            if first and all(c in b"0123456789abcdefABCDEF" for c in first):
                raise  # it was chunked, and broke later
    codings = [c.strip().lower() for c in headers.get("content-encoding", "").split(",") if c.strip()]
    codings = [c for c in codings if c != "identity"]
    coding = codings[0] if codings else None
    if body.startswith(GZIP_MAGIC):  # gzip bytes, whatever the header says (or when it is gone)
        coding = "gzip"
    elif coding in ("gzip", "x-gzip") or (coding is not None and body.lstrip()[:1] == b"<"):
        coding = None  # stored decoded under the original header
    elif coding is not None and (coding != "deflate" or len(codings) > 1):
        raise ValueError(f"unsupported Content-Encoding {', '.join(codings)!r}")
    if coding is None:
        if cap and len(body) > cap:
            raise TooLarge(f"{len(body)} bytes")
        return body
    inf = Inflater(coding, cap)
    try:
        out = inf.feed(body)
        inf.finish()
    except CorruptData as e:
        raise ValueError(str(e)) from None
    return out


def too_large(n: int | None, cap: int) -> str:
    """The error of a page over the cap (``n``: its size, when known); the batch command's wording."""
    if n is None:
        return f"page too large: more than the cap of {cap} bytes (--max-page-bytes)"
    return f"page too large: {n} bytes, more than the cap of {cap} (--max-page-bytes)"  # as the C core says


class _Records:
    """The HTML response records of one segment, with the record being read when it breaks off."""

    def __init__(self, reader: _Reader, start: int, plain: bool, cap: int,
                 rewind: Callable[[int], None] | None = None) -> None:
        self.r = reader
        self.rewind = rewind  # an uncompressed, seekable input: go back to an offset of the segment
        self.start = start
        self.plain = plain
        self.cap = cap
        self.retain = (cap or 64 << 20) + _MAX_HEADER
        self.record_id: str | None = None
        self.url: str | None = None
        self.short = False  # the last block ended with the segment
        self.completed = 0  # records read whole

    def _offset(self) -> int:
        return self.start + self.r.position if self.plain else self.start

    def _error(self, at: int, message: str) -> WarcPage:
        return WarcPage(at, self.record_id, self.url, error=message)

    def __iter__(self) -> Iterator[WarcPage]:
        r = self.r
        while True:
            self.record_id = self.url = None
            if not r.skip_newlines():
                return
            at = self._offset()
            end = r.find(b"\r\n\r\n", _MAX_HEADER)
            if end == -1 or not r.buf.startswith(b"WARC/"):
                yield self._error(at, f"cannot read the WARC: no record header at byte {at}")
                del r.buf[:1]
                if not r.seek_record():
                    return
                continue
            h = _headers(r.take(end + 4))
            block_at = r.position
            self.record_id = h.get("warc-record-id")
            uri = h.get("warc-target-uri")
            self.url = uri.strip("<>") if uri else None
            length = h.get("content-length", "")
            if not (length.isascii() and length.isdigit()):
                yield self._error(at, f"cannot read the WARC: the record at byte {at} has no valid Content-Length")
                if not r.seek_record():
                    return
                continue
            page, pushback = self._block(at, h, int(length))
            if pushback is None:  # the block ends where the next record starts
                if page is not None:
                    yield page
                continue
            what = "ends before its Content-Length" if self.short else "is not followed by the next record"
            yield self._error(at, f"cannot read the WARC: the block of the record at byte {at} {what}")
            self.short = False
            if self.rewind is not None and len(pushback) < r.position - block_at:
                # the bytes kept while skipping are not all the block held: read it again from its start
                self.rewind(block_at)
            else:
                r.unread(pushback)
            if not r.seek_record():
                return

    def _block(self, at: int, h: dict[str, str], length: int) -> tuple[WarcPage | None, bytes | bytearray | None]:
        """The page of a record's block (None when it is not one), and the bytes to look for the next record in.

        The bytes are None when the block is followed by the next record, as it should be.
        """
        r = self.r
        block_type = h.get("content-type", "application/http").lower()
        if h.get("warc-type", "").lower() != "response" or not block_type.startswith("application/http"):
            return None, self._skip(length)
        limit = min(length, _MAX_HEADER)
        sep = 4
        head_end = r.find(b"\r\n\r\n", limit)
        if head_end == -1:
            sep, head_end = 2, r.find(b"\n\n", limit)
        if head_end == -1 or head_end + sep > length:
            page = self._error(at, "cannot read the HTTP response header")
            return page, self._skip(length)
        http = _headers(bytes(r.buf[:head_end]))
        content_type = http.get("content-type")
        if not is_html_type(content_type):
            return None, self._skip(length)
        size = length - head_end - sep
        if self.cap and size > self.cap:
            return self._error(at, too_large(size, self.cap)), self._skip(length)
        head = r.take(head_end + sep)
        body = r.take(length - len(head))
        self.short = len(head) + len(body) < length
        if self.short or not self._at_record_end():
            return None, head + body
        self.completed += 1
        try:
            payload = decode_payload(body, http, self.cap)
        except TooLarge:
            return self._error(at, too_large(None, self.cap)), None
        except ValueError as e:
            return self._error(at, f"cannot decode the payload: {e}"), None
        return WarcPage(at, self.record_id, self.url, payload, charset_of(content_type)), None

    def _skip(self, length: int) -> bytearray | None:
        n, kept = self.r.skip(length, self.retain)
        self.short = n < length
        if self.short or not self._at_record_end():
            return kept
        self.completed += 1
        return None

    def _at_record_end(self) -> bool:
        """Whether what follows is the blank line and the next record (or the end of the segment)."""
        r = self.r
        r.fill(9)
        j = 0
        while j < 4 and j < len(r.buf) and r.buf[j] in (10, 13):
            j += 1
        rest = bytes(r.buf[j:j + 5])
        return rest == b"WARC/" or (not rest and r.done)


def read_warc(raw: IO[bytes], cap: int, compressed: bool, base: int = 0, stop: int | None = None,
              stopped: list[int] | None = None) -> Iterator[WarcPage]:
    """The HTML response records of a WARC (``compressed``: gzip), each a page or an error in its place.

    ``raw`` is read from its current position, which is offset ``base`` of the file; ``cap`` bounds a
    page (0: no bound). Errors of the input itself (OSError) propagate.

    ``stop`` (gzip only): start no member at that offset or beyond; a member that starts before it is
    read to its end, wherever that is. ``stopped`` gets the offset where reading stopped (the next
    member's start): a worker reading a range passes the range's end, and the range after it is right
    only when it starts there (see ``distill.batch``).
    """
    src: _Members | _Plain = _Members(raw, base) if compressed else _Plain(raw, base)
    while True:
        try:
            start = src.next_segment(stop)
        except _Garbage as g:
            yield WarcPage(g.offset, None, None,
                           error=f"cannot read the WARC: the bytes at {g.offset} are not gzip data")
            assert isinstance(src, _Members)
            src.resync()
            continue
        if start is None:
            if stopped is not None and isinstance(src, _Members):
                stopped.append(src.at)
            return
        reader = _Reader(src.read)
        rewind = None
        if not compressed and _seekable(raw):
            def rewind(offset: int, reader: _Reader = reader) -> None:
                raw.seek(offset)  # the input's offset 0 is the segment's start (base)
                reader.buf.clear()
                reader.done = False
                reader.received = offset
        records = _Records(reader, start, not compressed, cap, rewind)
        try:
            yield from records
        except _Corrupt:
            assert isinstance(src, _Members)
            record_id, url = records.record_id, records.url
            if record_id is None and not records.completed:  # the member's own record, when its header inflates
                record_id, url = src.first_header()
            yield WarcPage(start, record_id, url,
                           error=f"cannot read the WARC: corrupt or truncated gzip member at byte {start}")
            src.resync()
