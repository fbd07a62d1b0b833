"""Fetching a list of URLs the way a crawl needs it: in parallel, politely, with retries, in input order.

:func:`fetch_all` runs ``connections`` worker threads over a bounded look-ahead window of the URLs
(two per connection), so a list of any length (a file, standard input) is read as it goes and memory
stays at a window of pages. Each worker takes the first waiting URL whose host has fewer than
``per_host`` fetches in flight, so one slow host cannot hold every connection. The results come back
in the order of the URLs, whatever order the fetches finish in.

A fetch that fails in a way that may pass (a connection refused or reset, a timeout, a body cut short;
HTTP 429, 500, 502, 503, 504) is tried again ``retries`` times, after ``backoff`` seconds, then twice
that, and so on, or after what a ``Retry-After`` header asks (at most 60 s). With ``robots``, each
origin's ``/robots.txt`` is fetched once, before its first URL, and read with the standard library's
:mod:`urllib.robotparser` as RFC 9309 says: a 4xx answer allows everything, a 5xx answer or a failed
fetch disallows everything.

Every fetch is :func:`distill.fetch.fetch`, with its deadline, caps and schemes.
"""

from __future__ import annotations

import threading
import time
import urllib.parse
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from distill.fetch import FetchError, Response, fetch

if TYPE_CHECKING:
    from urllib.robotparser import RobotFileParser

    from distill.batch import FetchOptions

__all__ = ["fetch_all"]

_TRANSIENT_STATUS = (429, 500, 502, 503, 504)
_MAX_WAIT = 60.0
_ROBOTS_BYTES = 512 * 1024  # RFC 9309: a crawler must read at least 500 KiB of robots.txt


@dataclass(eq=False)
class _Job:
    url: str
    host: str
    done: threading.Event = field(default_factory=threading.Event)
    result: Response | str = ""


class _Robots:
    """One origin's robots.txt: fetched once, by the first worker that needs it; the others wait."""

    def __init__(self) -> None:
        self.ready = threading.Event()
        self.parser: RobotFileParser | None = None
        self.note = ""

    def load(self, origin: str, options: FetchOptions) -> None:
        from urllib.robotparser import RobotFileParser

        parser = RobotFileParser(origin + "/robots.txt")
        try:
            resp = fetch(origin + "/robots.txt", timeout=options.timeout, max_bytes=_ROBOTS_BYTES,
                         user_agent=options.user_agent)
        except (FetchError, ValueError) as e:
            parser.disallow_all = True  # type: ignore[attr-defined]  # unreachable: RFC 9309 2.3.1.4
            self.note = f" (robots.txt could not be fetched: {e})"
        else:
            if 200 <= resp.status < 300:
                parser.parse(resp.body.decode("utf-8", "replace").splitlines())
            elif 400 <= resp.status < 500:
                parser.allow_all = True  # type: ignore[attr-defined]  # "unavailable": RFC 9309 2.3.1.3
            else:
                parser.disallow_all = True  # type: ignore[attr-defined]
                self.note = f" (robots.txt answered HTTP {resp.status})"
        parser.modified()
        self.parser = parser
        self.ready.set()


class _Crawler:
    def __init__(self, options: FetchOptions, cap: int) -> None:
        self.options = options
        self.cap = cap
        self.cond = threading.Condition()
        self.waiting: deque[_Job] = deque()
        self.active: dict[str, int] = {}
        self.robots: dict[str, _Robots] = {}
        self.stopping = threading.Event()
        from distill.fetch import default_user_agent

        self.agent = options.user_agent or default_user_agent()
        self.threads = [threading.Thread(target=self._work, name="distill-fetch", daemon=True)
                        for _ in range(options.connections)]
        for t in self.threads:
            t.start()

    def run(self, urls: Iterator[str]) -> Iterator[tuple[str, Response | str]]:
        window: deque[_Job] = deque()
        limit = 2 * self.options.connections  # pages held: at most this many, each within the page cap
        more = True
        while True:
            while more and len(window) < limit:
                url = next(urls, None)
                if url is None:
                    more = False
                    break
                job = _Job(url, (urllib.parse.urlsplit(url).netloc or url).lower())
                window.append(job)
                with self.cond:
                    self.waiting.append(job)
                    self.cond.notify()
            if not window:
                return
            job = window.popleft()
            job.done.wait()
            yield job.url, job.result

    def stop(self) -> None:
        self.stopping.set()
        with self.cond:
            self.waiting.clear()
            self.cond.notify_all()

    def _next(self) -> _Job | None:
        with self.cond:
            while not self.stopping.is_set():
                for job in self.waiting:
                    if self.active.get(job.host, 0) < self.options.per_host:
                        self.waiting.remove(job)
                        self.active[job.host] = self.active.get(job.host, 0) + 1
                        return job
                self.cond.wait()
        return None

    def _work(self) -> None:
        while (job := self._next()) is not None:
            try:
                job.result = self._fetch(job.url)
            except Exception as e:  # noqa: BLE001 - one URL's failure is its record only
                job.result = f"cannot fetch: {type(e).__name__}: {e}"
            finally:
                with self.cond:
                    self.active[job.host] -= 1
                    self.cond.notify_all()
                job.done.set()

    def _allowed(self, url: str) -> tuple[bool, str]:
        parts = urllib.parse.urlsplit(url)
        origin = f"{parts.scheme.lower()}://{parts.netloc.lower()}"
        with self.cond:
            entry = self.robots.get(origin)
            first = entry is None
            if entry is None:
                entry = self.robots[origin] = _Robots()
        if first:
            entry.load(origin, self.options)
        entry.ready.wait()
        assert entry.parser is not None
        return entry.parser.can_fetch(self.agent, url), origin + "/robots.txt" + entry.note

    def _fetch(self, url: str) -> Response | str:
        o = self.options
        if o.robots:
            allowed, where = self._allowed(url)
            if not allowed:
                return f"disallowed by robots.txt: {where}"
        delay = o.backoff
        for attempt in range(o.retries + 1):
            last = attempt == o.retries
            try:
                resp = fetch(url, timeout=o.timeout, max_bytes=self.cap, user_agent=o.user_agent)
            except FetchError as e:
                if e.retryable and not last and not self.stopping.wait(delay):
                    delay *= 2
                    continue
                return f"cannot fetch: {e}"
            except ValueError as e:  # not a URL fetch() takes
                return f"cannot fetch: {e}"
            if resp.status in _TRANSIENT_STATUS and not last:
                wait = min(_retry_after(resp.headers.get("retry-after")) or delay, _MAX_WAIT)
                if not self.stopping.wait(wait):
                    delay *= 2
                    continue
            return resp
        return "cannot fetch: stopped"


def _retry_after(value: str | None) -> float | None:
    """Seconds a Retry-After header asks for (a number or an HTTP date), None when it says nothing usable."""
    if not value:
        return None
    value = value.strip()
    if value.isascii() and value.isdigit():
        return float(value)
    import email.utils

    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def fetch_all(urls: Iterator[str], options: FetchOptions, cap: int) -> Iterator[tuple[str, Response | str]]:
    """(url, Response or the reason it failed) for each URL, in order, fetched as ``options`` says.

    ``cap`` bounds each body (0: no bound). Stopping early (closing the generator) stops the workers
    after their current fetch.
    """
    crawler = _Crawler(options, cap)
    try:
        yield from crawler.run(urls)
    finally:
        crawler.stop()
