"""Bounded decompression of HTTP content codings and gzip files, shared by ``fetch`` and the batch readers.

Every output is bounded before it is allocated: :class:`Inflater` hands zlib a maximum output size on
every call, so a small compressed body that expands to gigabytes (a "zip bomb") costs at most ``limit``
bytes of memory and stops with :class:`TooLarge` as soon as it passes the limit.

What the codings accept, as browsers and ``gzip -d`` do:

- ``gzip``: one or more gzip members, one after the other (RFC 1952 allows concatenated members and
  ``gzip -d`` decodes them all); anything after a member that is not another member is an error.
- ``deflate``: the zlib format RFC 9110 names, or the raw deflate data many servers send instead; the
  first two bytes tell them apart (a zlib header is a multiple of 31 with compression method 8).

A stream that stops before its end (a truncated member) is an error, never a shorter page.

gzip is inflated by ``isal`` (Intel's ISA-L, the ``distill[warc]`` extra) when it is installed, about
twice as fast as zlib, else by the standard library's zlib; the output is the same (deflate decodes
to one result, and both check each member's CRC-32 and length), and the error messages here do not
quote either library, so a record never depends on which one ran. Raw deflate, which carries no
checksum, always goes through zlib.
"""

from __future__ import annotations

import zlib
from typing import Any

__all__ = ["GZIP_ERRORS", "CorruptData", "Inflater", "TooLarge", "gzip_decompressobj", "inflate"]

GZIP_MAGIC = b"\x1f\x8b"

_gzip_zlib: Any = zlib
try:
    from isal import isal_zlib
except ImportError:  # the optional accelerator is not installed
    pass
else:
    _gzip_zlib = isal_zlib

GZIP_ERRORS: tuple[type[Exception], ...] = (zlib.error, _gzip_zlib.error)
"""What a corrupt gzip stream raises, whichever library inflates it."""


def gzip_decompressobj() -> Any:
    """A decompressor of one gzip member (zlib's interface), from isal when it is installed."""
    return _gzip_zlib.decompressobj(31)


class CorruptData(ValueError):
    """The compressed data is corrupt or cut short."""


class TooLarge(ValueError):
    """The decompressed data passes the limit (the data after the limit is never produced)."""


def _is_zlib_header(head: bytes) -> bool:
    return len(head) >= 2 and head[0] & 0x0F == 8 and head[0] >> 4 <= 7 and ((head[0] << 8) | head[1]) % 31 == 0


class Inflater:
    """Incremental, bounded decompression of one ``gzip`` or ``deflate`` coded stream.

    ``feed(data)`` returns what ``data`` decodes to; ``finish()`` checks the stream ended where it
    should. ``limit`` bounds the total output (0: no bound). Raises :class:`TooLarge` when the output
    passes the limit and :class:`CorruptData` on data that is not the coding or is cut short.
    """

    def __init__(self, coding: str, limit: int) -> None:
        """``coding``: ``"gzip"`` (or ``"x-gzip"``) or ``"deflate"``."""
        if coding not in ("gzip", "x-gzip", "deflate"):
            raise ValueError(f"unknown coding {coding!r}")
        self.gzip = coding != "deflate"
        self.limit = limit
        self.produced = 0
        self._d: Any = gzip_decompressobj() if self.gzip else None
        self._head = b""  # deflate: the first bytes, until they tell zlib from raw deflate
        self._between = b""  # gzip: bytes after a member's end, until they show whether another follows

    def _start_member(self, data: bytes) -> bytes:
        """``data`` after a gzip member ended: the start of the next member, which must be one."""
        data = self._between + data
        self._between = b""
        if len(data) < 2:
            self._between = data
            return b""
        if not data.startswith(GZIP_MAGIC):
            raise CorruptData("data after the end of the gzip stream is not another gzip member")
        self._d = gzip_decompressobj()
        return data

    def feed(self, data: bytes) -> bytes:
        """Decode the next piece of the stream; the output so far stays within the limit."""
        if not data:
            return b""
        if self._d is None and not self.gzip:
            self._head += data
            if len(self._head) < 2:
                return b""
            data, self._head = self._head, b""
            self._d = zlib.decompressobj(zlib.MAX_WBITS if _is_zlib_header(data) else -zlib.MAX_WBITS)
        parts: list[bytes] = []
        while data:
            d = self._d
            if d is None or d.eof:
                if not self.gzip:
                    raise CorruptData("data after the end of the deflate stream")
                data = self._start_member(data)
                if not data:
                    break
                d = self._d
                assert d is not None
            room = self.limit - self.produced + 1 if self.limit else 0  # one byte more tells "too large"
            try:
                out = d.decompress(data, room)
            except GZIP_ERRORS:
                raise CorruptData(f"corrupt {'gzip' if self.gzip else 'deflate'} data") from None
            self.produced += len(out)
            if self.limit and self.produced > self.limit:
                raise TooLarge(f"decompresses to more than {self.limit} bytes")
            parts.append(out)
            data = d.unused_data if d.eof else d.unconsumed_tail
        return b"".join(parts)

    def finish(self) -> bytes:
        """The end of the input: anything left to output; CorruptData when the stream is cut short."""
        if self._between:
            raise CorruptData("data after the end of the gzip stream is not another gzip member")
        if self._d is None:
            if self._head or not self.gzip:
                raise CorruptData("the deflate stream is cut short")
            return b""
        if not self._d.eof:
            raise CorruptData(f"the {'gzip' if self.gzip else 'deflate'} stream is cut short")
        return b""


def inflate(data: bytes, coding: str, limit: int) -> bytes:
    """The whole of ``data`` decoded (see :class:`Inflater`), at most ``limit`` bytes (0: no bound)."""
    inf = Inflater(coding, limit)
    out = inf.feed(data)
    inf.finish()
    return out
