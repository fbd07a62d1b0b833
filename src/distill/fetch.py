"""Fetch a page over HTTP(S) with the standard library, bounded in time, size and redirects.

::

    page = distill.fetch("https://example.com/post")
    art = distill.article(page)          # the body, read in page.encoding, links resolved on page.url

The result is a :class:`Response`: the URL after redirects, the status, the headers, the body bytes
and the encoding the HTTP ``Content-Type`` names. Passing it to :func:`distill.parse` or
:func:`distill.article` hands that encoding to the parser as the transport-layer charset.
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import urllib.request

from distill import _core

__all__ = [
    "DEFAULT_MAX_BYTES",
    "DEFAULT_MAX_REDIRECTS",
    "DEFAULT_TIMEOUT",
    "FetchError",
    "Response",
    "default_user_agent",
    "fetch",
]

DEFAULT_TIMEOUT = 30.0
"""Seconds a whole fetch may take by default (connecting, waiting, and reading the body)."""
DEFAULT_MAX_BYTES = 32 << 20
"""Body bytes a fetch accepts by default (32 MiB, after decompression): far above any real article
page, low enough that a hostile or broken server cannot exhaust memory."""
DEFAULT_MAX_REDIRECTS = 10
"""Redirects followed by default (browsers stop near 20; chains past 10 are loops in practice)."""
_READ = 1 << 16


def default_user_agent() -> str:
    """The default User-Agent: ``distill/<version>`` and the Python urllib it runs on."""
    import distill

    return f"distill/{distill.__version__} (+Python-urllib)"


class FetchError(OSError):
    """The page could not be fetched: network error, timeout, too large, too many redirects.

    ``url`` is the URL being fetched when it failed. HTTP error statuses (404, 500, ...) are not
    errors: they come back as a :class:`Response` with that ``status``.
    """

    def __init__(self, message: str, url: str) -> None:
        """Record the message and the URL."""
        super().__init__(message)
        self.url = url


@dataclass(frozen=True, slots=True)
class Response:
    """One fetched page."""

    url: str
    """The URL after redirects (what relative links resolve against)."""
    status: int
    """The HTTP status of the last response (200, 404, ...)."""
    headers: Mapping[str, str] = field(repr=False)
    """The last response's headers, names in lower case; repeated headers joined by ", "."""
    body: bytes = field(repr=False)
    """The body, decompressed when the server sent it gzip- or deflate-encoded."""
    encoding: str | None
    """The WHATWG name of the charset ``Content-Type`` names, None when it names none or an unknown
    one (the parser then sniffs the body). A legacy charset on a body that is valid UTF-8 with
    non-ASCII text is taken for a mislabel and given as ``"utf-8"``, the rule the parser applies to a
    ``<meta>``; the header itself is unchanged in ``headers``."""

    @property
    def ok(self) -> bool:
        """Whether the status is 2xx."""
        return 200 <= self.status < 300


def _redirect_handler(limit: int) -> urllib.request.HTTPRedirectHandler:
    """The redirect handling of urllib (http and https targets only) with the caller's bound."""
    import urllib.request

    class Bounded(urllib.request.HTTPRedirectHandler):
        max_redirections = limit
        max_repeats = min(urllib.request.HTTPRedirectHandler.max_repeats, max(limit, 1))

    return Bounded()


def _charset(content_type: str | None) -> str | None:
    if not content_type:
        return None
    import email.message

    msg = email.message.Message()
    msg["content-type"] = content_type
    label = msg.get_param("charset")
    if not isinstance(label, str):
        return None
    try:
        return _core._lookup_encoding(label)
    except LookupError:
        return None


def _transport_encoding(charset: str | None, body: bytes) -> str | None:
    # The same rule parse() applies to a <meta> (encoding/sniff.c): a legacy label over bytes that
    # are valid UTF-8 with non-ASCII text is a mislabel. Servers' default charsets make it common.
    if charset is not None and charset != "utf-8" and _core._utf8_non_ascii(body):
        return "utf-8"
    return charset


def _read_body(resp: Any, url: str, max_bytes: int, deadline: float) -> bytes:
    coding = (resp.headers.get("content-encoding") or "identity").strip().lower()
    inflate: Any = None
    if coding in ("gzip", "x-gzip"):
        inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
    elif coding == "deflate":
        inflate = zlib.decompressobj()
    elif coding != "identity":
        raise FetchError(f"{url}: unsupported Content-Encoding {coding!r}", url)
    length = resp.headers.get("content-length")
    if inflate is None and length and length.isdigit() and int(length) > max_bytes:
        raise FetchError(f"{url}: the body is {int(length)} bytes, more than max_bytes={max_bytes}", url)
    parts: list[bytes] = []
    size = 0
    # read1 returns what one receive brings: the deadline is checked between receives, so a server
    # that trickles bytes cannot hold the fetch much past it.
    read = getattr(resp, "read1", None) or resp.read
    while True:
        if time.monotonic() > deadline:
            raise FetchError(f"{url}: timed out reading the body", url)
        chunk = read(_READ)
        if not chunk:
            break
        if inflate is not None:
            # Bounded inflation: a small compressed body cannot expand past the cap (a zip bomb).
            chunk = inflate.decompress(chunk, max_bytes + 1 - size)
            if inflate.unconsumed_tail:
                size = max_bytes + 1
        size += len(chunk)
        if size > max_bytes:
            raise FetchError(f"{url}: the body is larger than max_bytes={max_bytes}", url)
        parts.append(chunk)
    if inflate is not None:
        try:
            parts.append(inflate.flush())
        except zlib.error as e:
            raise FetchError(f"{url}: the {coding} body is corrupt: {e}", url) from e
    return b"".join(parts)


def fetch(
    url: str,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_redirects: int = DEFAULT_MAX_REDIRECTS,
    user_agent: str | None = None,
) -> Response:
    """GET ``url`` (http or https) and return the :class:`Response`.

    ``timeout`` bounds the whole fetch in seconds (each connection and wait for data, and the body as a
    whole); ``max_bytes`` the body after decompression; ``max_redirects`` the redirects followed.
    ``user_agent`` replaces the default ``distill/<version>`` one. An HTTP error status is returned,
    not raised; a network failure, a timeout, a body over ``max_bytes`` or too many redirects raise
    :class:`FetchError`; a URL that is not http(s) raises ValueError.
    """
    # urllib, http.client and email load only here: `import distill` stays light (the article
    # command's memory is mostly the interpreter's).
    import urllib.error
    import urllib.parse
    import urllib.request
    from http.client import HTTPException

    if not isinstance(url, str):
        raise TypeError(f"url must be a str, not {type(url).__name__}")
    scheme = urllib.parse.urlsplit(url).scheme.lower()
    if scheme not in ("http", "https"):
        raise ValueError(f"fetch() takes an http or https URL, got {url!r}")
    if isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < 0:
        raise ValueError(f"max_bytes must be a non-negative int, got {max_bytes!r}")
    if isinstance(max_redirects, bool) or not isinstance(max_redirects, int) or max_redirects < 0:
        raise ValueError(f"max_redirects must be a non-negative int, got {max_redirects!r}")
    if not timeout > 0:
        raise ValueError(f"timeout must be a positive number of seconds, got {timeout!r}")
    deadline = time.monotonic() + timeout
    opener = urllib.request.build_opener(_redirect_handler(max_redirects))
    request = urllib.request.Request(
        url,
        headers={
            "User-Agent": user_agent or default_user_agent(),
            "Accept": "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
            "Accept-Encoding": "gzip, deflate",
        },
    )
    resp: Any
    try:
        try:
            resp = opener.open(request, timeout=timeout)
        except urllib.error.HTTPError as e:
            if e.code in (301, 302, 303, 307, 308) and e.headers.get("location"):
                # urllib raises the redirect itself once the bound is reached
                raise FetchError(f"{url}: more than {max_redirects} redirects", e.url or url) from None
            resp = e  # an error status with a body: returned like any response
        with resp:
            final_url = str(resp.geturl())
            status = int(getattr(resp, "status", None) or getattr(resp, "code", 0) or 0)
            hdrs = resp.headers
            body = _read_body(resp, final_url, max_bytes, deadline)
    except FetchError:
        raise
    except urllib.error.URLError as e:
        raise FetchError(f"{url}: {e.reason}", url) from e
    except (TimeoutError, HTTPException, OSError, ValueError) as e:
        raise FetchError(f"{url}: {e or type(e).__name__}", url) from e
    headers: dict[str, str] = {}
    for name, value in hdrs.items():
        key = name.lower()
        headers[key] = f"{headers[key]}, {value}" if key in headers else value
    encoding = _transport_encoding(_charset(headers.get("content-type")), body)
    return Response(final_url, status, headers, body, encoding)
