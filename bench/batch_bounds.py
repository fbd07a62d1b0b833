"""What the batch command's bounds cost on the inputs made to break them: `python -m bench.batch_bounds`.

Each row builds one hostile input in a temporary directory (the shapes of issue 36), runs the installed
command (or `python -m distill.cli.main`) on it in a fresh process, and reports the records, the exit
status, the wall time and the peak resident set the kernel gives for the process (wait4's ru_maxrss:
the command and the children it waited for). `--quick` leaves out the rows that write a gigabyte.

    PYTHONPATH=src python -m bench.batch_bounds [--quick]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import http.server
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

MiB = 1 << 20
PAGE = ("<html><head><title>{t}</title></head><body><article><p>{b} The first paragraph is long enough to "
        "be content, with commas, clauses, and more words.</p><p>A second paragraph goes on.</p></article>"
        "</body></html>")


def _page(title: str, body: str = "") -> bytes:
    return PAGE.format(t=title, b=body).encode()


def _command(name: str) -> list[str]:
    found = shutil.which(name)
    if found:
        return [found]
    return [sys.executable, "-m", "distill.cli.main" if name == "distill" else "distill.cli.article"]


def _run(cmd: list[str], lines: bool) -> tuple[int, list[int], str, float, int]:
    """(exit status, [output bytes, lines, error lines], stderr, seconds, peak RSS bytes) of one run.

    The output is counted from its file, never held: a child's peak resident set starts at this
    process's size (Linux keeps the high-water mark across fork and exec).
    """
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t = time.monotonic()
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.monotonic() - t
        counts = [out.tell(), 0, 0]
        out.seek(0)
        digest = hashlib.sha256()
        for line in out if lines else ():  # JSON lines; the article command's output is not counted
            digest.update(line)
            counts[1] += 1
            counts[2] += b',"error":null,' not in line
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
        counts.append(int(digest.hexdigest()[:12], 16))
        return proc.returncode, counts, text, seconds, usage.ru_maxrss * 1024


def _response(uri: str, head: bytes, body: bytes) -> bytes:
    block = head + b"\r\n" + body
    return (b"WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: %s\r\n"
            b"Content-Type: application/http; msgtype=response\r\nContent-Length: %d\r\n\r\n"
            % (uri.encode(), len(block)) + block + b"\r\n\r\n")


def _crawl(path: Path, n: int) -> list[int]:
    """A gzip WARC of n pages, one member per record; the members' offsets."""
    rnd = random.Random(4)
    words = [f"w{k}" for k in range(4000)]
    starts, pos = [], 0
    with path.open("wb") as f:
        for i in range(n):
            head = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
            body = _page(f"P{i}", " ".join(rnd.choice(words) for _ in range(600)))
            member = gzip.compress(_response(f"http://example.test/{i}", head, body))
            starts.append(pos)
            f.write(member)
            pos += len(member)
    return starts


def _row(what: str, cmd: list[str]) -> str:
    is_article = "article" in " ".join(cmd[:3])
    code, counts, err, seconds, peak = _run(cmd, not is_article)
    if is_article:
        output = f"{counts[0] / MiB:,.1f} MB written"
    else:
        output = f"{counts[1]:,} records, {counts[2]:,} errors (output sha256 {counts[3]:012x})"
    summary = err.strip().splitlines()[-1] if err.strip() else ""
    row = f"| {what} | {output} | {code} | {seconds:.2f} s | {peak / MiB:,.0f} MiB | {summary[:110]} |"
    print(row, flush=True)
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="leave out the rows that write a gigabyte")
    args = ap.parse_args()
    distill, article = _command("distill"), _command("article")
    rows = ["| input | output | exit | wall | peak RSS | last line of stderr |", "|---|---|---|---|---|---|"]
    print("\n".join(rows), flush=True)
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        # a 2 GiB gzip payload (Content-Encoding: gzip) in one record of a small .warc.gz, between two pages
        bomb = gzip.compress(bytes(MiB), 9) * 2048
        head = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n"
        plain = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
        warc = tmp / "bomb.warc.gz"
        warc.write_bytes(gzip.compress(_response("http://example.test/a", plain, _page("A")))
                         + gzip.compress(_response("http://example.test/bomb", head, bomb), 9)
                         + gzip.compress(_response("http://example.test/b", plain, _page("B"))))
        rows.append(_row(f"{warc.stat().st_size / 1024:.0f} KB .warc.gz, a record inflating to 2 GiB",
                         [*distill, "extract", "--jobs", "1", str(warc)]))
        html = tmp / "bomb.html.gz"
        html.write_bytes(gzip.compress(b"<p>" + b"a" * (MiB - 3), 9) * 1024)
        rows.append(_row(f"{html.stat().st_size / 1024:.0f} KB .html.gz inflating to 1 GiB",
                         [*distill, "extract", "--jobs", "1", str(html)]))
        # one corrupt member among 1,810: records for jobs 1, 2, 4
        crawl = tmp / "crawl.warc.gz"
        starts = _crawl(crawl, 1810)
        data = bytearray(crawl.read_bytes())
        mid = (starts[500] + starts[501]) // 2
        data[mid:mid + 64] = bytes(64)
        crawl.write_bytes(bytes(data))
        for jobs in ("1", "2", "4"):
            rows.append(_row(f"1,810-record .warc.gz, 64 zero bytes in record 501, --jobs {jobs}",
                             [*distill, "extract", "--jobs", jobs, str(crawl)]))
        # JSONL lines nested 100,000 deep, and a 1 GB line
        deep = tmp / "deep.jsonl"
        deep.write_text(json.dumps({"html": _page("Before").decode()}) + "\n" + "[" * 100_000 + "\n"
                        + json.dumps({"html": _page("After").decode()}) + "\n")
        rows.append(_row("JSONL: a line nested 100,000 deep between two pages",
                         [*distill, "extract", "--jobs", "1", str(deep)]))
        if not args.quick:
            long = tmp / "long.jsonl"
            with long.open("wb") as f:
                f.write(json.dumps({"html": _page("Before").decode()}).encode() + b"\n" + b'{"html": "')
                for _ in range(1024):
                    f.write(b"x" * MiB)
                f.write(b'"}\n' + json.dumps({"html": _page("After").decode()}).encode() + b"\n")
            for jobs in ("1", "2"):
                rows.append(_row(f"JSONL: a 1 GiB line between two pages, --jobs {jobs}",
                                 [*distill, "extract", "--jobs", jobs, str(long)]))
            long.unlink()
        # a directory 1,100 deep
        top = tmp / "deep"
        top.mkdir()
        p = top
        for _ in range(1100):
            p = p / "d"
            p.mkdir()
        (p / "bottom.html").write_bytes(_page("Bottom"))
        rows.append(_row("a directory 1,100 deep", [*distill, "extract", "--jobs", "1", str(top)]))
        (p / "bottom.html").unlink()
        while p != top:
            p.rmdir()
            p = p.parent
        rows.append(_row("--jobs 64 on this machine", [*distill, "extract", "--jobs", "64", str(warc)]))
        rows += _fetch_rows(distill)
        rows += _article_rows(article, tmp, args.quick)
    return 0


def _fetch_rows(distill: list[str]) -> list[str]:
    page = _page("Served")

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
            if self.path.startswith("/trickle"):
                try:
                    for b in b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 3\r\n\r\nabc":
                        self.wfile.write(bytes([b]))
                        self.wfile.flush()
                        time.sleep(0.25)
                except OSError:
                    pass
                return
            time.sleep(1.0)
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *a: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        urls = [f"{base}/p{i}" for i in range(10)]
        rows = [_row("ten URLs, each answered after 1 s, -j 8", [*distill, "extract", "-j", "8", *urls])]
        rows.append(_row("a server trickling its status line (25 s), --timeout 2, --retries 0",
                         [*distill, "extract", "--timeout", "2", "--retries", "0", f"{base}/trickle"]))
    finally:
        server.shutdown()
    return rows


def _write_winner(path: Path, parts: list[tuple[bytes, int]]) -> None:
    """A page whose one <div> holds each (unit, count) in turn, written a MiB at a time: this process
    stays small, and so does the peak RSS its children inherit across fork and exec."""
    with path.open("wb") as f:
        f.write(b"<html><body><div class=a>")
        for unit, count in parts:
            per = max(1, MiB // len(unit))
            for done in range(0, count, per):
                f.write(unit * min(per, count - done))
        f.write(b"</div></body></html>")


def _article_rows(article: list[str], tmp: Path, quick: bool) -> list[str]:
    rows = []
    para = b"<p>" + b"Words of a paragraph that goes on, with commas, and more words to read. " * 13 + b"</p>\n"
    prose, dense, mixed, too_dense = (tmp / f"{n}.html" for n in ("prose", "dense", "mixed", "too-dense"))
    with prose.open("wb") as f:  # paragraphs that differ (article() keeps one of many identical ones)
        f.write(b"<html><body><div class=a>")
        n = 0
        while f.tell() < 64 * MiB:
            f.write(b"".join(b"<p>%d: %s</p>\n" % (n + k, para[3:-5]) for k in range(1000)))
            n += 1000
        f.write(b"</div></body></html>")
    _write_winner(dense, [(b"<p>a b</p>", 499_000)])
    small = b"<p>Words of a paragraph that goes on, with commas.</p>"
    _write_winner(mixed, [(small, 499_000), (b"<p>", 1), (b"x ", (64 * MiB - 499_000 * len(small)) // 2), (b"</p>", 1)])
    _write_winner(too_dense, [(b"<p>a b</p>", 6_700_000)])
    for path, what in ((prose, "64 MB winner of prose, 71,000 paragraphs"), (dense, "5 MB winner of 499,000 <p>"),
                       (mixed, "64 MB winner with 499,000 <p>"), (too_dense, "67 MB winner of 6.7 million <p>")):
        for fmt in (["--format", "html"], ["--text"], ["--format", "markdown"]):
            rows.append(_row(f"article {' '.join(fmt)}: {what}", [*article, "-q", *fmt, str(path)]))
    if not quick:
        huge = tmp / "huge.html"
        _write_winner(huge, [(para, (1 << 30) // len(para) + 1)])
        rows.append(_row("article --text: a winner over 1 GiB", [*article, "-q", "--text", str(huge)]))
        huge.unlink()
    return rows


if __name__ == "__main__":
    sys.exit(main())
