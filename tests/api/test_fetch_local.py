"""distill.fetch against an http.server the test starts on 127.0.0.1 (no other address is contacted)."""

from __future__ import annotations

import gzip
import threading
import time
import zlib
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

import distill
from distill.fetch import FetchError, Response, default_user_agent, fetch

LONG = "This sentence is long enough to count as a paragraph on its own merit."
ARTICLE_HTML = (
    f"<html><body><nav><a href='/'>Home</a></nav><article><p>{LONG}</p><p>{LONG} Two.</p></article></body></html>"
)


class Handler(BaseHTTPRequestHandler):
    """Routes: each path answers one way a server can."""

    seen_agents: list[str] = []

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - quiet test server
        pass

    def send(self, status: int, body: bytes, headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        for k, v in (headers or {"Content-Type": "text/html"}).items():
            self.send_header(k, v)
        if "Content-Length" not in (headers or {}):
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        Handler.seen_agents.append(self.headers.get("User-Agent", ""))
        p = self.path
        if p == "/page":
            self.send(200, ARTICLE_HTML.encode())
        elif p == "/cp1251":
            body = f"<p>Привет, мир. {LONG}</p>".encode("cp1251")
            self.send(200, body, {"Content-Type": "text/html; charset=windows-1251"})
        elif p == "/mislabelled":
            body = f"<p>中文 Crème brûlée. {LONG}</p>".encode()
            self.send(200, body, {"Content-Type": "text/html; charset=iso-8859-1"})
        elif p == "/ascii-latin1":
            self.send(200, b"<p>plain</p>", {"Content-Type": "text/html; charset=iso-8859-1"})
        elif p.startswith("/redirect/"):
            n = int(p.rsplit("/", 1)[1])
            target = "/page" if n == 0 else f"/redirect/{n - 1}"
            self.send(302, b"", {"Location": target, "Content-Length": "0"})
        elif p == "/loop":
            self.send(301, b"", {"Location": "/loop", "Content-Length": "0"})
        elif p == "/missing":
            self.send(404, b"<p>not here</p>")
        elif p == "/big":
            self.send(200, b"<p>" + b"x" * 200_000 + b"</p>")
        elif p == "/big-chunked":
            # No Content-Length: the cap must hold while reading.
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Connection", "close")
            self.end_headers()
            for _ in range(50):
                self.wfile.write(b"y" * 10_000)
        elif p == "/gzip":
            self.send(200, gzip.compress(ARTICLE_HTML.encode()),
                      {"Content-Type": "text/html", "Content-Encoding": "gzip"})
        elif p == "/bomb":
            self.send(200, gzip.compress(b"\0" * 5_000_000),
                      {"Content-Type": "text/html", "Content-Encoding": "gzip"})
        elif p == "/slow":
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            try:
                for _ in range(100):
                    self.wfile.write(b"z" * 10)
                    self.wfile.flush()
                    time.sleep(0.1)
            except OSError:
                pass
        elif p == "/to-ftp":
            self.send(302, b"", {"Location": "ftp://127.0.0.1/secret", "Content-Length": "0"})
        elif p == "/to-file":
            self.send(301, b"", {"Location": "file:///etc/passwd", "Content-Length": "0"})
        elif p == "/hop-to-ftp":
            self.send(302, b"", {"Location": "/to-ftp", "Content-Length": "0"})
        elif p == "/trickle-status":
            self.trickle(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 3\r\n\r\nabc")
        elif p == "/trickle-headers":
            self.wfile.write(b"HTTP/1.1 200 OK\r\n")
            self.trickle(b"X-Padding: " + b"p" * 200 + b"\r\n\r\n")
        elif p.startswith("/slow-redirect/"):
            time.sleep(0.3)
            n = int(p.rsplit("/", 1)[1])
            self.send(302, b"", {"Location": f"/slow-redirect/{n + 1}", "Content-Length": "0"})
        elif p == "/raw-deflate":
            c = zlib.compressobj(wbits=-15)
            self.send(200, c.compress(ARTICLE_HTML.encode()) + c.flush(),
                      {"Content-Type": "text/html", "Content-Encoding": "deflate"})
        elif p == "/zlib-deflate":
            self.send(200, zlib.compress(ARTICLE_HTML.encode()),
                      {"Content-Type": "text/html", "Content-Encoding": "deflate"})
        elif p == "/corrupt-deflate":
            self.send(200, b"\xff" * 64, {"Content-Type": "text/html", "Content-Encoding": "deflate"})
        elif p == "/corrupt-gzip":
            data = bytearray(gzip.compress(ARTICLE_HTML.encode() * 20))
            data[30:60] = b"\x00" * 30
            self.send(200, bytes(data), {"Content-Type": "text/html", "Content-Encoding": "gzip"})
        elif p == "/truncated-gzip":
            data = gzip.compress(ARTICLE_HTML.encode() * 20)
            self.send(200, data[: len(data) // 2], {"Content-Type": "text/html", "Content-Encoding": "gzip"})
        elif p == "/two-members":
            self.send(200, gzip.compress(b"<p>first half, ") + gzip.compress(b"second half</p>"),
                      {"Content-Type": "text/html", "Content-Encoding": "gzip"})
        elif p == "/gzip-then-garbage":
            self.send(200, gzip.compress(b"<p>page</p>") + b"garbage after the stream",
                      {"Content-Type": "text/html", "Content-Encoding": "gzip"})
        elif p == "/short":
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", "5000")
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(b"<p>only part of the body")
            self.close_connection = True
        else:
            self.send(500, b"unexpected path")

    def trickle(self, data: bytes) -> None:
        """One byte every 50 ms: each receive comes well within any socket timeout."""
        try:
            for i in range(len(data)):
                self.wfile.write(data[i:i + 1])
                self.wfile.flush()
                time.sleep(0.05)
        except OSError:
            pass


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    t = threading.Thread(target=httpd.serve_forever, daemon=True)
    t.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(autouse=True)
def no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    # A proxy in the environment would send 127.0.0.1 requests elsewhere.
    for var in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(var, raising=False)


def test_fetch_returns_the_typed_record_and_names_distill(server: str) -> None:
    r = fetch(server + "/page")
    assert isinstance(r, Response) and r.ok
    assert r.status == 200 and r.url == server + "/page"
    assert r.body == ARTICLE_HTML.encode()
    assert r.headers["content-type"] == "text/html" and r.encoding is None
    assert Handler.seen_agents[-1] == default_user_agent()
    fetch(server + "/page", user_agent="probe/1")
    assert Handler.seen_agents[-1] == "probe/1"


def test_article_of_a_response_reads_its_body(server: str) -> None:
    art = distill.article(fetch(server + "/page"))
    assert LONG in art.text and "Home" not in art.text


def test_http_charset_reaches_the_parser(server: str) -> None:
    r = fetch(server + "/cp1251")
    assert r.encoding == "windows-1251"
    assert "Привет, мир." in distill.article(r).text
    assert distill.parse(r).find("p").text.startswith("Привет")  # type: ignore[union-attr]


def test_legacy_http_charset_over_utf8_bytes_reads_utf8(server: str) -> None:
    r = fetch(server + "/mislabelled")
    assert r.headers["content-type"].endswith("iso-8859-1")
    assert r.encoding == "utf-8"
    assert "中文 Crème brûlée." in distill.article(r).text
    # All-ASCII bodies keep their label: nothing to tell them apart by.
    assert fetch(server + "/ascii-latin1").encoding == "windows-1252"


def test_redirects_are_followed_and_bounded(server: str) -> None:
    r = fetch(server + "/redirect/3")
    assert r.url == server + "/page" and r.status == 200
    with pytest.raises(FetchError, match="redirect"):
        fetch(server + "/redirect/3", max_redirects=2)
    with pytest.raises(FetchError):
        fetch(server + "/loop")


def test_error_status_is_returned_not_raised(server: str) -> None:
    r = fetch(server + "/missing")
    assert r.status == 404 and not r.ok and r.body == b"<p>not here</p>"


def test_size_cap_with_and_without_content_length(server: str) -> None:
    with pytest.raises(FetchError, match="max_bytes"):
        fetch(server + "/big", max_bytes=100_000)
    assert len(fetch(server + "/big", max_bytes=300_000).body) == 200_007
    with pytest.raises(FetchError, match="max_bytes"):
        fetch(server + "/big-chunked", max_bytes=100_000)


def test_gzip_is_decoded_and_a_bomb_is_capped(server: str) -> None:
    assert fetch(server + "/gzip").body == ARTICLE_HTML.encode()
    with pytest.raises(FetchError, match="max_bytes"):
        fetch(server + "/bomb", max_bytes=1_000_000)


def test_timeout_bounds_a_trickling_body(server: str) -> None:
    t = time.monotonic()
    with pytest.raises(FetchError, match="timed out"):
        fetch(server + "/slow", timeout=1.0)
    assert time.monotonic() - t < 5


def test_refuses_other_schemes_and_bad_arguments() -> None:
    for url in ("file:///etc/passwd", "ftp://127.0.0.1/x", "127.0.0.1/page"):
        with pytest.raises(ValueError, match="http or https"):
            fetch(url)
    with pytest.raises(ValueError):
        fetch("http://127.0.0.1/", max_bytes=-1)
    with pytest.raises(ValueError):
        fetch("http://127.0.0.1/", timeout=0)


def test_connection_refused_is_a_fetch_error() -> None:
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens there now
    with pytest.raises(FetchError) as e:
        fetch(f"http://127.0.0.1:{port}/", timeout=5)
    assert e.value.url.endswith(f":{port}/")


def test_redirect_to_another_scheme_is_refused_by_name(server: str) -> None:
    # urllib would follow ftp: (and log in to an FTP server the page names); file: was reported as
    # "more than 10 redirects". Each is refused, naming the scheme, at the first hop or a later one.
    for path, scheme in (("/to-ftp", "ftp"), ("/to-file", "file"), ("/hop-to-ftp", "ftp")):
        with pytest.raises(FetchError) as e:
            fetch(server + path)
        assert f"{scheme}:" in str(e.value) and "redirects" not in str(e.value)
        assert not e.value.retryable


def test_one_deadline_bounds_status_line_headers_and_redirects(server: str) -> None:
    # Each trickle would take 3-10 s and each redirect 0.3 s (a chain of 11 is 3.3 s); every socket
    # read comes within any per-read timeout, so only a deadline for the whole fetch stops them.
    for path in ("/trickle-status", "/trickle-headers", "/slow-redirect/0"):
        t = time.monotonic()
        with pytest.raises(FetchError, match="timed out after 1 s") as e:
            fetch(server + path, timeout=1.0)
        assert time.monotonic() - t < 2.5, path  # the trickle alone would take 3 s or more
        assert e.value.retryable


def test_deflate_in_either_framing_is_decoded(server: str) -> None:
    assert fetch(server + "/raw-deflate").body == ARTICLE_HTML.encode()
    assert fetch(server + "/zlib-deflate").body == ARTICLE_HTML.encode()


def test_every_decoding_error_is_a_fetch_error(server: str) -> None:
    for path in ("/corrupt-deflate", "/corrupt-gzip", "/truncated-gzip", "/gzip-then-garbage"):
        with pytest.raises(FetchError, match="corrupt") as e:
            fetch(server + path)
        assert e.value.url.endswith(path)


def test_gzip_members_one_after_the_other_are_all_decoded(server: str) -> None:
    assert fetch(server + "/two-members").body == b"<p>first half, second half</p>"


def test_a_body_shorter_than_its_content_length_is_an_error(server: str) -> None:
    with pytest.raises(FetchError, match="Content-Length"):
        fetch(server + "/short")
