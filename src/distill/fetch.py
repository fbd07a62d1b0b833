"""Fetch a page over HTTP(S) with the standard library, bounded in time, size, redirects and schemes.

::

    page = distill.fetch("https://example.com/post")
    art = distill.article(page)          # the body, read in page.encoding, links resolved on page.url

The result is a :class:`Response`: the URL after redirects, the status, the headers, the body bytes
and the encoding the HTTP ``Content-Type`` names. Passing it to :func:`distill.parse` or
:func:`distill.article` hands that encoding to the parser as the transport-layer charset.

What a hostile server or page cannot make a fetch do:

- **leave http and https**: every redirect target is checked; a redirect to ``ftp:``, ``file:`` or any
  other scheme is a :class:`FetchError` naming the scheme (no other protocol handler exists here).
- **outlast the timeout**: one deadline covers the whole fetch (name resolution, connecting, the TLS
  handshake, the status line, the headers, every redirect and the body). A watchdog shuts the socket
  down when it passes, so a server trickling one byte a second cannot hold the fetch.
- **exhaust memory**: the body is capped after decompression, and decompression is bounded before it
  allocates (a small gzip body that expands to gigabytes stops at the cap).
- **pass a broken body off as a page**: a body shorter than its ``Content-Length``, a truncated or
  corrupt gzip or deflate stream and a broken chunked encoding are errors. Several gzip members one
  after the other are decoded, as ``gzip -d`` and RFC 1952 allow.

HTTP goes through :mod:`http.client` directly (not urllib, whose redirect handling follows ``ftp:`` and
whose timeouts bound each socket operation rather than the fetch). Proxies named by the usual
environment variables (``http_proxy``, ``https_proxy``, ``no_proxy``) are honoured.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from distill import _core
from distill._inflate import CorruptData, Inflater, TooLarge

if TYPE_CHECKING:
    import http.client

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
"""Seconds a whole fetch may take by default (resolving, connecting, redirects, and reading the body)."""
DEFAULT_MAX_BYTES = 32 << 20
"""Body bytes a fetch accepts by default (32 MiB, after decompression): far above any real article
page, low enough that a hostile or broken server cannot exhaust memory."""
DEFAULT_MAX_REDIRECTS = 10
"""Redirects followed by default (browsers stop near 20; chains past 10 are loops in practice)."""
_READ = 1 << 16
_REDIRECTS = (301, 302, 303, 307, 308)
_SCHEMES = ("http", "https")


def default_user_agent() -> str:
    """The default User-Agent: ``distill/<version>`` and the HTTP client it runs on."""
    import distill

    return f"distill/{distill.__version__} (Python http.client)"


class FetchError(OSError):
    """The page could not be fetched: network error, timeout, too large, corrupt body, bad redirect.

    ``url`` is the URL being fetched when it failed. ``retryable`` is True when trying again later may
    succeed (the connection failed, was reset or timed out), False when the same answer would come
    back (too large, a corrupt body, a redirect to another scheme, too many redirects). HTTP error
    statuses (404, 500, ...) are not errors: they come back as a :class:`Response` with that ``status``.
    """

    def __init__(self, message: str, url: str, *, retryable: bool = False) -> None:
        """Record the message, the URL and whether a retry may help."""
        super().__init__(message)
        self.url = url
        self.retryable = retryable


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


# ---- the deadline ------------------------------------------------------------------------------------


class _Deadline:
    """One deadline for a whole fetch, enforced by shutting the current connection's socket down.

    Socket timeouts bound each receive, not their sum; the watchdog bounds the sum. It holds a
    duplicate of the connection's socket (shutdown acts on the socket, not on one descriptor, and the
    duplicate survives the TLS wrapper taking the original over).
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.end = time.monotonic() + seconds
        self.expired = False
        self._lock = threading.Lock()
        self._watched: list[socket.socket] = []
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True
        self._timer.start()

    def remaining(self) -> float:
        left = self.end - time.monotonic()
        if left <= 0 or self.expired:
            raise TimeoutError()
        return left

    def watch(self, sock: socket.socket) -> None:
        dup = sock.dup()
        with self._lock:
            self._watched.append(dup)
            if not self.expired:
                return
        self._shutdown(dup)

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            watched = list(self._watched)
        for s in watched:
            self._shutdown(s)

    @staticmethod
    def _shutdown(s: socket.socket) -> None:
        try:
            s.shutdown(socket.SHUT_RDWR)
        except OSError:  # already closed by the peer
            pass

    def close(self) -> None:
        self._timer.cancel()
        with self._lock:
            watched, self._watched = self._watched, []
        for s in watched:
            s.close()


def _resolve(host: str, port: int, deadline: _Deadline) -> list[Any]:
    """The addresses of host (getaddrinfo), bounded by the deadline (the resolver's own timeouts can be far longer)."""
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        pass
    else:  # a literal address: nothing to look up, no thread needed
        return socket.getaddrinfo(host.strip("[]"), port, 0, socket.SOCK_STREAM)
    result: list[Any] = []
    failure: list[BaseException] = []

    def lookup() -> None:
        try:
            result.extend(socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM))
        except OSError as e:
            failure.append(e)

    t = threading.Thread(target=lookup, name="distill-resolve", daemon=True)
    t.start()
    t.join(deadline.remaining())
    if t.is_alive():
        raise TimeoutError()
    if failure:
        raise failure[0]
    return result


def _connector(deadline: _Deadline) -> Any:
    """A ``create_connection`` for http.client that resolves and connects within the deadline."""

    def create_connection(address: tuple[str, int], timeout: Any = None, source_address: Any = None) -> socket.socket:
        host, port = address
        error: OSError | None = None
        for family, kind, proto, _, addr in _resolve(host, port, deadline):
            sock = socket.socket(family, kind, proto)
            try:
                sock.settimeout(deadline.remaining())
                deadline.watch(sock)
                sock.connect(addr)
                return sock
            except OSError as e:
                sock.close()
                error = e
        raise error or OSError(f"cannot resolve {host}")

    return create_connection


# ---- one request --------------------------------------------------------------------------------------


def _proxy_for(scheme: str, host: str) -> tuple[str, int, dict[str, str]] | None:
    """(host, port, headers) of the proxy the environment names for this URL, or None."""
    import urllib.parse
    import urllib.request

    proxy = urllib.request.getproxies().get(scheme)
    if not proxy or urllib.request.proxy_bypass(host):
        return None
    if "://" not in proxy:
        proxy = "http://" + proxy
    p = urllib.parse.urlsplit(proxy)
    headers = {}
    if p.username is not None:
        import base64

        cred = f"{urllib.parse.unquote(p.username)}:{urllib.parse.unquote(p.password or '')}"
        headers["Proxy-Authorization"] = "Basic " + base64.b64encode(cred.encode()).decode()
    return p.hostname or "", p.port or 8080, headers


def _open(url: str, headers: dict[str, str], deadline: _Deadline) -> tuple[Any, http.client.HTTPResponse]:
    """Send the GET for ``url``; (connection, response) with the status line and headers read."""
    import http.client
    import ssl
    import urllib.parse

    parts = urllib.parse.urlsplit(url)
    scheme = parts.scheme.lower()
    host = parts.hostname or ""
    port = parts.port or (443 if scheme == "https" else 80)
    target = urllib.parse.urlunsplit(("", "", parts.path or "/", parts.query, ""))
    proxy = _proxy_for(scheme, host)
    conn: http.client.HTTPConnection
    timeout = deadline.remaining()
    if scheme == "https":
        context = ssl.create_default_context()
        if proxy is not None:
            conn = http.client.HTTPSConnection(proxy[0], proxy[1], timeout=timeout, context=context)
            conn.set_tunnel(host, port, headers=proxy[2])
        else:
            conn = http.client.HTTPSConnection(host, port, timeout=timeout, context=context)
    elif proxy is not None:
        conn = http.client.HTTPConnection(proxy[0], proxy[1], timeout=timeout)
        target = urllib.parse.urlunsplit((scheme, parts.netloc, parts.path or "/", parts.query, ""))
        headers = {**headers, **proxy[2]}
    else:
        conn = http.client.HTTPConnection(host, port, timeout=timeout)
    conn._create_connection = _connector(deadline)  # type: ignore[attr-defined]  # http.client's own hook
    try:
        conn.putrequest("GET", target, skip_accept_encoding=True)
        for name, value in headers.items():
            conn.putheader(name, value)
        conn.endheaders()
        return conn, conn.getresponse()
    except BaseException:
        conn.close()
        raise


def _content_length(resp: http.client.HTTPResponse) -> int | None:
    value = resp.getheader("content-length")
    if value is None or resp.chunked:
        return None
    value = value.split(",")[0].strip()
    return int(value) if value.isascii() and value.isdigit() else None


def _read_body(resp: http.client.HTTPResponse, url: str, max_bytes: int, deadline: _Deadline) -> bytes:
    codings = [c.strip().lower() for c in (resp.getheader("content-encoding") or "").split(",") if c.strip()]
    codings = [c for c in codings if c != "identity"]
    if len(codings) > 1 or (codings and codings[0] not in ("gzip", "x-gzip", "deflate")):
        raise FetchError(f"{url}: unsupported Content-Encoding {', '.join(codings)!r}", url)
    inflate = Inflater(codings[0], max_bytes) if codings else None
    length = _content_length(resp)
    if inflate is None and max_bytes and length is not None and length > max_bytes:
        raise FetchError(f"{url}: the body is {length} bytes, more than max_bytes={max_bytes}", url)
    parts: list[bytes] = []
    size = 0
    received = 0
    while True:
        deadline.remaining()
        chunk = resp.read1(_READ)
        if not chunk:
            break
        received += len(chunk)
        if inflate is not None:
            try:
                chunk = inflate.feed(chunk)
            except TooLarge:
                raise FetchError(f"{url}: the body is larger than max_bytes={max_bytes}", url) from None
            except CorruptData as e:
                raise FetchError(f"{url}: the {codings[0]} body is corrupt: {e}", url) from None
        size += len(chunk)
        if max_bytes and size > max_bytes:
            raise FetchError(f"{url}: the body is larger than max_bytes={max_bytes}", url)
        parts.append(chunk)
    deadline.remaining()  # a read that ended because the watchdog shut the socket is a timeout
    if length is not None and received < length:
        raise FetchError(f"{url}: the body ended after {received} of its {length} bytes (Content-Length)", url,
                         retryable=True)
    if inflate is not None:
        try:
            inflate.finish()
        except CorruptData as e:
            raise FetchError(f"{url}: the {codings[0]} body is corrupt: {e}", url) from None
    return b"".join(parts)


# ---- the response ------------------------------------------------------------------------------------


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


def _check_arguments(url: object, timeout: float, max_bytes: int, max_redirects: int) -> None:
    import urllib.parse

    if not isinstance(url, str):
        raise TypeError(f"url must be a str, not {type(url).__name__}")
    scheme = urllib.parse.urlsplit(url).scheme.lower()
    if scheme not in _SCHEMES or not urllib.parse.urlsplit(url).hostname:
        raise ValueError(f"fetch() takes an http or https URL, got {url!r}")
    if isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < 0:
        raise ValueError(f"max_bytes must be a non-negative int, got {max_bytes!r}")
    if isinstance(max_redirects, bool) or not isinstance(max_redirects, int) or max_redirects < 0:
        raise ValueError(f"max_redirects must be a non-negative int, got {max_redirects!r}")
    if not timeout > 0:
        raise ValueError(f"timeout must be a positive number of seconds, got {timeout!r}")


def fetch(
    url: str,
    *,
    timeout: float = DEFAULT_TIMEOUT,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_redirects: int = DEFAULT_MAX_REDIRECTS,
    user_agent: str | None = None,
) -> Response:
    """GET ``url`` (http or https) and return the :class:`Response`.

    ``timeout`` bounds the whole fetch in seconds: resolving, connecting, every redirect, the headers
    and the body, together. ``max_bytes`` bounds the body after decompression (0: no bound);
    ``max_redirects`` the redirects followed, each of which must lead to http or https.
    ``user_agent`` replaces the default ``distill/<version>`` one. An HTTP error status is returned,
    not raised; a network failure, a timeout, a body over ``max_bytes``, a corrupt or cut-short body, a
    redirect to another scheme or too many redirects raise :class:`FetchError`; a URL that is not
    http(s) raises ValueError.
    """
    import urllib.parse
    from http.client import HTTPException

    _check_arguments(url, timeout, max_bytes, max_redirects)
    headers = {
        "User-Agent": user_agent or default_user_agent(),
        "Accept": "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
        "Accept-Encoding": "gzip, deflate",
        "Connection": "close",
    }
    deadline = _Deadline(float(timeout))
    current = url
    try:
        for hop in range(max_redirects + 1):
            conn, resp = _open(current, headers, deadline)
            try:
                location = resp.getheader("location")
                if resp.status in _REDIRECTS and location:
                    target = urllib.parse.urljoin(current, location.strip())
                    scheme = urllib.parse.urlsplit(target).scheme.lower()
                    if scheme not in _SCHEMES:
                        raise FetchError(f"{current}: redirect to a {scheme or 'relative'}: URL, "
                                         f"not followed (only http and https are)", current)
                    if hop == max_redirects:
                        raise FetchError(f"{url}: more than {max_redirects} redirects", current)
                    current = target
                    continue
                body = _read_body(resp, current, max_bytes, deadline)
                status = resp.status
                raw_headers = resp.getheaders()
            finally:
                conn.close()
            break
    except FetchError:
        raise
    except (TimeoutError, HTTPException, OSError, ValueError) as e:
        if deadline.expired or isinstance(e, TimeoutError):
            raise FetchError(f"{current}: timed out after {timeout:g} s", current, retryable=True) from None
        retry = isinstance(e, OSError) and not isinstance(e, ValueError)
        raise FetchError(f"{current}: {e or type(e).__name__}", current, retryable=retry) from e
    finally:
        deadline.close()
    merged: dict[str, str] = {}
    for name, value in raw_headers:
        key = name.lower()
        merged[key] = f"{merged[key]}, {value}" if key in merged else value
    encoding = _transport_encoding(_charset(merged.get("content-type")), body)
    return Response(current, status, merged, body, encoding)
