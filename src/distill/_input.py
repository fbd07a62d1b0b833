"""The input kinds the facade functions accept, turned into what the C parser reads.

:func:`distill.parse`, :func:`distill.article` and :func:`distill.boilerplate` take ``bytes`` (or
another bytes-like object), a ``str`` of markup, an ``os.PathLike`` (read whole), a binary file
object (read to its end) or a :class:`distill.Response` (its body, read in its HTTP charset).
A ``str`` that is plainly a URL or a file path, not markup, is refused with a ValueError that says
what to call instead: parsing it would return the URL or the path as the page's text.
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING, NamedTuple, Protocol, Union

from distill import _core
from distill.fetch import Response

if TYPE_CHECKING:
    from distill._core import Document


class BinaryReadable(Protocol):
    """A file object opened in binary mode (anything with ``read()`` returning bytes)."""

    def read(self, size: int = -1, /) -> bytes:
        """Read up to ``size`` bytes, all of them when -1."""


Markup = Union[str, bytes, bytearray, memoryview, "os.PathLike[str]", "os.PathLike[bytes]", BinaryReadable]
"""What the facade functions accept as a page."""

# A single-line str without markup that starts with a scheme and "//": a URL, never a page.
_URL = re.compile(r"\s*[A-Za-z][A-Za-z0-9+.-]*://\S+\s*")
# File names that name an HTML page: a str of that shape without '<' or white space is a path.
_PAGE_SUFFIX = re.compile(r"\S+\.(?:x?html?|htm|xml|php|aspx?|jsp)(?:\.gz)?", re.IGNORECASE)
_MAX_PATH = 4096


class Source(NamedTuple):
    """A page ready for the C parser: the markup, the transport charset, and the URL it came from.

    A named tuple, not a frozen dataclass: one is built on every call of the facade, and a tuple is
    built in C (the dataclass's __init__ set each field by a Python call, a microsecond a page).
    """

    markup: str | bytes
    encoding: str | None = None
    url: str | None = None


def _refuse_str(text: str, caller: str) -> None:
    if len(text) > _MAX_PATH or "<" in text or "\n" in text:
        return
    if _URL.fullmatch(text):
        raise ValueError(
            f"{caller}() got a URL, not markup: {text.strip()!r}. To fetch the page, call "
            f"distill.{caller}(distill.fetch(url)); to parse the URL as text, pass it as bytes"
        )
    path = text.strip()
    if path and not any(c.isspace() for c in path) and (_PAGE_SUFFIX.fullmatch(path) or _exists(path)):
        raise ValueError(
            f"{caller}() got a file path, not markup: {path!r}. To read the file, call "
            f"distill.{caller}(pathlib.Path(path)); to parse the path as text, pass it as bytes"
        )


def _exists(path: str) -> bool:
    # A file that exists, named with a directory or an extension: a lone word ("x") or a directory
    # ("/", ".") is more likely text than a path, and stays markup.
    if "/" not in path and os.sep not in path and "." not in path:
        return False
    try:
        return os.path.isfile(path)
    except (OSError, ValueError):
        return False


def read_source(markup: object, caller: str) -> Source:
    """``markup`` as a :class:`Source`; ``caller`` names the public function in error messages.

    Raises ValueError for a URL or path passed as a ``str``, TypeError for a kind it does not take
    (a text-mode file included), OSError when a path or file cannot be read.
    """
    if isinstance(markup, bytes):
        return Source(markup)
    if isinstance(markup, str):
        _refuse_str(markup, caller)
        return Source(markup)
    if isinstance(markup, bytearray | memoryview):
        return Source(bytes(markup))
    if isinstance(markup, Response):
        return Source(markup.body, markup.encoding, markup.url)
    if isinstance(markup, os.PathLike):
        with open(os.fspath(markup), "rb") as f:
            return Source(f.read())
    read = getattr(markup, "read", None)
    if callable(read):
        data = read()
        if isinstance(data, str):
            raise TypeError(f"{caller}() needs a file opened in binary mode ('rb'), not text mode")
        if not isinstance(data, bytes | bytearray | memoryview):
            raise TypeError(f"{caller}(): read() returned {type(data).__name__}, not bytes")
        return Source(bytes(data))
    raise TypeError(
        f"{caller}() takes bytes, str markup, a path (os.PathLike), a binary file or a "
        f"distill.Response, not {type(markup).__name__}"
    )


def parse(markup: Markup | object, /, *, encoding: str | None = None, scripting: bool = True) -> Document:
    """Parse a whole HTML document (the WHATWG tree construction) and return its :class:`Document`.

    ``markup`` may be bytes, a ``str`` of markup, a path (``os.PathLike``), a binary file object or a
    :class:`distill.Response`. Bytes are decoded after sniffing their encoding: a byte order
    mark, else ``encoding`` (a WHATWG label, as an HTTP charset; a Response's own charset when not
    given), else a ``<meta>`` in the first 1,024 bytes, else UTF-8 when the bytes are valid UTF-8,
    else a guess from the bytes, else windows-1252. Where a ``<meta>`` declares a legacy encoding but
    the bytes are valid UTF-8 with non-ASCII text, UTF-8 is read (the HTML Standard trusts the
    ``<meta>``; pass ``encoding=`` to be read strictly as declared). ``scripting`` is the
    scripting flag (``<noscript>`` content is raw text when True, as in a browser with scripts).
    """
    src = read_source(markup, "parse")
    return _core.parse(src.markup, encoding=encoding or src.encoding, scripting=scripting)
