"""`distill extract` as a user runs it: the installed command in a subprocess."""

import gzip
import http.server
import json
import os
import random
import resource
import signal
import subprocess
import threading
import time

import pytest
from batch_helpers import command, env, page, run, write_warc

import distill
from distill.batch import RECORD_FIELDS


def records(stdout: bytes) -> list[dict]:
    return [json.loads(line) for line in stdout.decode().splitlines()]


def test_schema_fields_in_order_and_article_fields(tmp_path):
    f = tmp_path / "a.html"
    f.write_bytes(page("Schema"))
    r = run("extract", str(f))
    assert r.returncode == 0, r.stderr
    (rec,) = records(r.stdout)
    assert list(rec) == list(RECORD_FIELDS)  # the documented order (NOTES.md, README)
    assert rec["title"] == "Schema" and rec["byline"] == "Ann Author" and rec["lang"] == "en"
    assert rec["error"] is None and "first paragraph is long enough" in rec["text"]
    assert rec["url"] == str(f)  # a file without a URL is named by its path
    # not a terminal: no progress line, only the summary
    assert r.stderr.decode().startswith("distill: 1 record: 1 page extracted, 0 errors; ")
    assert r.stderr.count(b"\n") == 1
    assert run("extract", "-q", str(f)).stderr == b""


def test_markdown_and_html_fields_follow_text(tmp_path):
    f = tmp_path / "a.html"
    f.write_bytes(page("Md"))
    (rec,) = records(run("extract", str(f), "--markdown", "--html").stdout)
    assert list(rec)[-3:] == ["text", "markdown", "html"]
    assert "[the next part](/next)" in rec["markdown"]
    assert rec["html"].startswith("<") and "<script" not in rec["html"]


def test_markdown_links_resolve_against_the_warc_target_uri(tmp_path):
    pytest.importorskip("warcio")
    warc = tmp_path / "c.warc.gz"
    write_warc(warc, [("http://example.test/dir/a", "text/html", page("Base"))])
    (rec,) = records(run("extract", str(warc), "--markdown").stdout)
    assert rec["url"] == "http://example.test/dir/a"
    assert "[the next part](http://example.test/next)" in rec["markdown"]


def test_gzip_is_recognised_by_its_bytes_whatever_the_name(tmp_path):
    f = tmp_path / "page.html"  # gzip data named .html
    f.write_bytes(gzip.compress(page("Zipped")))
    g = tmp_path / "page.dat"
    g.write_bytes(gzip.compress(page("Dat")))
    recs = records(run("extract", str(f), str(g)).stdout)
    assert [r["title"] for r in recs] == ["Zipped", "Dat"]
    assert all(r["error"] is None for r in recs)


def test_binary_and_undecodable_input_becomes_an_error_record(tmp_path):
    rnd = random.Random(7)
    noise = tmp_path / "noise.html"
    noise.write_bytes(bytes(rnd.randrange(256) for _ in range(20000)))
    png = tmp_path / "image.html"
    png.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(rnd.randrange(256) for _ in range(5000)))
    zipped_noise = tmp_path / "z.html"
    zipped_noise.write_bytes(gzip.compress(noise.read_bytes()))
    text = tmp_path / "plain.html"
    text.write_bytes(b"Just a line of text, no markup at all.\n" * 10)
    r = run("extract", str(noise), str(png), str(zipped_noise), str(text))
    assert r.returncode == 1, r.stderr  # pages failed: the status says so
    recs = records(r.stdout)
    assert len(recs) == 4
    for rec in recs:
        assert rec["error"].startswith("not HTML"), rec
        assert rec["text"] is None and rec["title"] is None
    assert b"4 records: 0 pages extracted, 4 errors (4 not HTML)" in r.stderr
    r = run("extract", "--allow-errors", str(noise))
    assert r.returncode == 0


def test_legacy_pages_are_not_mistaken_for_binary(tmp_path):
    latin = tmp_path / "latin.html"
    latin.write_bytes(page("Caf\xe9 cr\xe8me", "\xc0 la carte, na\xefve fa\xe7ade.").decode().encode("latin-1"))
    utf16 = tmp_path / "utf16.html"
    utf16.write_bytes(b"\xff\xfe" + page("Sixteen").decode().encode("utf-16-le"))
    recs = records(run("extract", str(latin), str(utf16)).stdout)
    assert [r["error"] for r in recs] == [None, None]
    assert recs[0]["title"] == "Caf\xe9 cr\xe8me" and recs[1]["title"] == "Sixteen"


def test_files_skipped_in_a_directory_are_counted_and_reported(tmp_path):
    (tmp_path / "a.html").write_bytes(page("A"))
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.htm").write_bytes(page("B"))
    (tmp_path / "notes.txt").write_text("not a page")
    (tmp_path / "page-without-suffix").write_bytes(page("NoSuffix"))
    r = run("extract", str(tmp_path))
    assert [x["title"] for x in records(r.stdout)] == ["A", "B"]
    assert b"2 files skipped (not named as pages" in r.stderr
    r = run("extract", "-q", str(tmp_path))
    assert r.stderr == b""
    # named on its own, a file is read whatever its name
    (rec,) = records(run("extract", str(tmp_path / "page-without-suffix")).stdout)
    assert rec["title"] == "NoSuffix"


def test_dash_reads_standard_input(tmp_path):
    r = run("extract", "-", stdin=page("Stdin"))
    (rec,) = records(r.stdout)
    assert rec["title"] == "Stdin" and rec["url"] == "-"
    r = run("extract", "-", stdin=gzip.compress(page("Gz stdin")))
    assert records(r.stdout)[0]["title"] == "Gz stdin"
    pytest.importorskip("warcio")
    warc = tmp_path / "s.warc.gz"
    write_warc(warc, [(f"http://example.test/{i}", "text/html", page(f"W{i}")) for i in range(3)])
    r = run("extract", "-", stdin=warc.read_bytes())
    assert [x["title"] for x in records(r.stdout)] == ["W0", "W1", "W2"]


def test_page_size_cap_gives_an_error_record_without_reading_the_page(tmp_path):
    big = tmp_path / "big.html"
    with big.open("wb") as f:  # 48 MB of nested markup, over the default cap
        chunk = b"<div><p>" + b"x" * 4088 + b"</p></div>"
        for _ in range(48 * 256):
            f.write(chunk)
    small = tmp_path / "small.html"
    small.write_bytes(page("Small"))
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    r = run("extract", str(big), str(small))
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    assert r.returncode == 1 and b"1 page too large" in r.stderr
    recs = records(r.stdout)
    assert recs[0]["error"].startswith("page too large") and "--max-page-bytes" in recs[0]["error"]
    assert recs[1]["title"] == "Small"
    if peak_kib > before:  # this child set the record: it never held the page
        assert peak_kib < 200 * 1024
    r = run("extract", "--max-page-bytes", "300", str(small))
    assert records(r.stdout)[0]["error"].startswith("page too large")
    gz = tmp_path / "bomb.html"
    gz.write_bytes(gzip.compress(b"<p>" + b"a" * 3_000_000))
    r = run("extract", "--max-page-bytes", "1000000", str(gz))
    assert records(r.stdout)[0]["error"].startswith("page too large")


def test_warc_record_over_the_cap_is_an_error_record(tmp_path):
    pytest.importorskip("warcio")
    warc = tmp_path / "c.warc.gz"
    write_warc(warc, [("http://example.test/big", "text/html", b"<p>" + b"y" * 50000),
                      ("http://example.test/ok", "text/html", page("Ok"))])
    recs = records(run("extract", "--max-page-bytes", "10000", str(warc)).stdout)
    assert recs[0]["url"] == "http://example.test/big" and recs[0]["error"].startswith("page too large")
    assert recs[1]["title"] == "Ok"


def test_tree_size_cap(tmp_path):
    f = tmp_path / "wide.html"
    f.write_bytes(b"<ul>" + b"<li>item</li>" * 500 + b"</ul>")
    (rec,) = records(run("extract", "--max-nodes", "300", str(f)).stdout)
    assert rec["error"].startswith("tree too large") and "--max-nodes" in rec["error"]
    assert "tags" in rec["error"]  # refused before its tree was built
    (rec,) = records(run("extract", "--max-nodes", "5000", str(f)).stdout)
    assert rec["error"] is None
    # few tags, many nodes (each <table><td> implies a tbody and a tr): caught after parsing
    g = tmp_path / "tables.html"
    g.write_bytes(b"<table><td>x" * 100)
    (rec,) = records(run("extract", "--max-nodes", "420", str(g)).stdout)
    assert rec["error"].startswith("tree too large") and "nodes, more than the cap of 420" in rec["error"]


def _many_pages(path, n):
    with path.open("w") as f:
        for i in range(n):
            f.write(json.dumps({"url": f"http://example.test/{i}", "html": page(f"P{i}", "word " * 300).decode()}))
            f.write("\n")


def test_ctrl_c_stops_within_a_second_and_leaves_no_partial_output(tmp_path):
    src = tmp_path / "pages.jsonl"
    _many_pages(src, 5000)
    out = tmp_path / "out.jsonl"
    # The same file 400 times: two million pages, far more than can finish before the signal.
    # A suite started in the background by a shell without job control inherits SIGINT ignored, and so would
    # the command (ignoring it then is the Unix convention, which Python follows): give the child the default.
    proc = subprocess.Popen([*command(), "extract", *[str(src)] * 400, "-o", str(out), "--jobs", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(),
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(1.5)
    assert proc.poll() is None, "the run finished before it could be interrupted"
    proc.send_signal(signal.SIGINT)
    t0 = time.monotonic()
    _, err = proc.communicate(timeout=10)
    assert time.monotonic() - t0 < 1.0 + 0.5  # a second, and scheduling slack on a shared machine
    assert proc.returncode == 130
    assert b"Traceback" not in err and b"interrupted" in err
    assert not out.exists() and not [p for p in os.listdir(tmp_path) if p.endswith(".part")]


def test_complete_output_replaces_the_file_only_when_done(tmp_path):
    f = tmp_path / "a.html"
    f.write_bytes(page("Done"))
    out = tmp_path / "out.jsonl"
    out.write_text("old\n")
    assert run("extract", str(f), "-o", str(out)).returncode == 0
    assert records(out.read_bytes())[0]["title"] == "Done"
    assert sorted(os.listdir(tmp_path)) == ["a.html", "out.jsonl"]


def test_closed_pipe_ends_quietly(tmp_path):
    src = tmp_path / "pages.jsonl"
    _many_pages(src, 3000)
    proc = subprocess.Popen([*command(), "extract", str(src)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env())
    first = proc.stdout.readline()
    proc.stdout.close()  # what `| head -1` does
    err = proc.stderr.read()
    proc.wait(timeout=30)
    assert json.loads(first)["title"] == "P0"
    assert err == b"" and proc.returncode == 141


def test_version_and_help():
    r = run("--version")
    assert r.returncode == 0 and r.stdout.decode().strip() == f"distill {distill.__version__}"
    r = run("extract", "--help")
    assert r.returncode == 0 and b"exit status" in r.stdout and b"--max-page-bytes" in r.stdout


def test_usage_errors_exit_2_without_traceback(tmp_path):
    r = run("extract", str(tmp_path / "missing.html"))
    assert r.returncode == 2 and b"missing.html" in r.stderr and b"Traceback" not in r.stderr
    r = run("extract", "--jobs", "0", str(tmp_path))
    assert r.returncode == 2


def test_parquet_output_has_the_schema(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    f = tmp_path / "a.html"
    f.write_bytes(page("Pq"))
    noise = tmp_path / "n.html"
    noise.write_bytes(bytes(range(256)) * 40)
    out = tmp_path / "out.parquet"
    r = run("extract", str(f), str(noise), "-o", str(out))
    assert r.returncode == 1, r.stderr  # the noise is an error record
    table = pq.read_table(out)
    assert table.schema.names == list(RECORD_FIELDS)
    assert table.column("title").to_pylist() == ["Pq", None]
    assert table.column("error").to_pylist()[1].startswith("not HTML")
    import pyarrow as pa

    assert pa.types.is_list(table.schema.field("tags").type)
    assert table.column("tags").to_pylist()[0] == []


def test_urls_are_fetched(tmp_path):
    body = page("Served")

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the stdlib's name)
            if self.path == "/missing":
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/page"
        (rec, missing) = records(run("extract", url, url.replace("/page", "/missing")).stdout)
    finally:
        server.shutdown()
    try:
        import distill.fetch  # noqa: F401
    except ImportError:
        assert rec["error"] and "distill.fetch" in rec["error"]  # said plainly until the fetcher lands
    else:
        assert rec["error"] is None and rec["title"] == "Served" and rec["url"] == url
        assert missing["error"] == "HTTP status 404" and missing["text"] is None


# ---- issue 35: nothing silent ------------------------------------------------------------------------


def test_exit_status_tells_a_script_what_happened(tmp_path):
    good = tmp_path / "good.html"
    good.write_bytes(page("Good"))
    noise = tmp_path / "noise.html"
    noise.write_bytes(bytes(random.Random(1).randrange(256) for _ in range(5000)))
    assert run("extract", str(good)).returncode == 0
    r = run("extract", str(good), str(noise))
    assert r.returncode == 1 and len(records(r.stdout)) == 2
    assert run("extract", "--allow-errors", str(good), str(noise)).returncode == 0
    locked = tmp_path / "sub"
    locked.mkdir()
    (locked / "a.html").write_bytes(page("Sub"))
    r = run("extract", str(good), str(tmp_path / "sub" / "a.html" / "x"))  # a path through a file
    assert r.returncode == 2


def test_the_summary_counts_records_and_errors_by_kind(tmp_path):
    files = []
    for i in range(3):
        files.append(tmp_path / f"p{i}.html")
        files[-1].write_bytes(page(f"P{i}"))
    noise = tmp_path / "noise.html"
    noise.write_bytes(bytes(random.Random(2).randrange(256) for _ in range(3000)))
    big = tmp_path / "big.html"
    big.write_bytes(b"<p>" + b"x" * 5000)
    r = run("extract", "--max-page-bytes", "4000", *map(str, files), str(noise), str(big))
    last = r.stderr.decode().splitlines()[-1]
    assert last.startswith("distill: 5 records: 3 pages extracted, 2 errors (1 not HTML, 1 page too large); ")
    assert last.endswith(" s")


def test_an_empty_directory_says_so(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "notes.txt").write_text("no page here")
    r = run("extract", str(empty))
    assert r.stdout == b"" and r.returncode == 0
    err = r.stderr.decode()
    assert f"distill: {empty}: no pages in this directory" in err
    assert "0 records" in err and "no pages in the inputs" in err


def test_the_output_format_follows_the_name_or_is_refused(tmp_path):
    f = tmp_path / "a.html"
    f.write_bytes(page("Fmt"))
    r = run("extract", str(f), "-o", str(tmp_path / "out.csv"))
    assert r.returncode == 2 and b"out.csv: cannot tell the output format" in r.stderr
    assert not (tmp_path / "out.csv").exists() and r.stdout == b""
    assert run("extract", str(f), "-o", str(tmp_path / "out.json")).returncode == 0
    assert records((tmp_path / "out.json").read_bytes())[0]["title"] == "Fmt"
    assert run("extract", str(f), "-o", str(tmp_path / "out.jsonl.gz")).returncode == 0
    assert records(gzip.decompress((tmp_path / "out.jsonl.gz").read_bytes()))[0]["title"] == "Fmt"
    assert run("extract", str(f), "--format", "jsonl", "-o", str(tmp_path / "out.csv")).returncode == 0
    assert records((tmp_path / "out.csv").read_bytes())[0]["title"] == "Fmt"


def test_an_unwritable_output_is_named_as_the_user_gave_it(tmp_path):
    f = tmp_path / "a.html"
    f.write_bytes(page("Out"))
    for target in (tmp_path / "missing-dir" / "out.jsonl", f / "out.jsonl"):  # no such directory; a file
        r = run("extract", str(f), "-o", str(target))
        err = r.stderr.decode()
        assert r.returncode == 2 and err.startswith(f"distill: {target}: "), err
        assert ".part" not in err and "Traceback" not in err
    r = run("extract", str(f), "-o", str(tmp_path))
    assert r.returncode == 2 and f"{tmp_path}: is a directory" in r.stderr.decode()


def test_an_input_list_is_read_from_a_file_or_standard_input(tmp_path):
    for i in range(3):
        (tmp_path / f"{i}.html").write_bytes(page(f"L{i}"))
    listing = tmp_path / "inputs.txt"
    listing.write_text(f"# pages\n{tmp_path / '0.html'}\n\n{tmp_path / '1.html'}\n")
    r = run("extract", str(tmp_path / "2.html"), "-i", str(listing))
    assert [x["title"] for x in records(r.stdout)] == ["L2", "L0", "L1"]
    r = run("extract", "-i", "-", stdin=f"{tmp_path / '1.html'}\n{tmp_path / '0.html'}".encode())
    assert [x["title"] for x in records(r.stdout)] == ["L1", "L0"]
    r = run("extract", "-", "-i", "-", stdin=b"")
    assert r.returncode == 2 and b"only once" in r.stderr
    # a listed path that is not there: its error record, said on stderr even with -q, exit 2
    missing = tmp_path / "gone.html"
    r = run("extract", "-q", "-i", "-", stdin=f"{tmp_path / '0.html'}\n{missing}\n".encode())
    assert [x["error"] for x in records(r.stdout)] == [None, "cannot open: No such file or directory"]
    assert r.stderr.decode() == f"distill: {missing}: No such file or directory\n" and r.returncode == 2


class _Site:
    """A local HTTP server: latency, 503 then 200, robots.txt, and the most connections seen at once."""

    def __init__(self, latency=0.0):
        self.latency = latency
        self.lock = threading.Lock()
        self.now = self.most = 0
        self.hits: dict[str, int] = {}
        site = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (the stdlib's name)
                with site.lock:
                    site.now += 1
                    site.most = max(site.most, site.now)
                    site.hits[self.path] = site.hits.get(self.path, 0) + 1
                    hits = site.hits[self.path]
                try:
                    time.sleep(site.latency)
                    if self.path == "/robots.txt":
                        self.reply(200, b"User-agent: *\nDisallow: /private\n", "text/plain")
                    elif self.path.startswith("/flaky") and hits == 1:
                        self.send_response(503)
                        self.send_header("Retry-After", "0")
                        self.send_header("Content-Length", "0")
                        self.end_headers()
                    elif self.path == "/missing":
                        self.reply(404, b"<p>gone</p>")
                    else:
                        self.reply(200, page(f"Served {self.path}"))
                finally:
                    with site.lock:
                        site.now -= 1

            def reply(self, status, body, ctype="text/html; charset=utf-8"):
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def test_urls_are_fetched_in_parallel_in_input_order(tmp_path):
    site = _Site(latency=0.4)
    try:
        urls = [f"{site.url}/page/{i}" for i in range(10)]
        listing = tmp_path / "urls.txt"
        listing.write_text("\n".join(urls) + "\n")
        r = run("extract", "-j", "8", "-i", str(listing))
        assert [x["url"] for x in records(r.stdout)] == urls
        assert [x["title"] for x in records(r.stdout)] == [f"Served /page/{i}" for i in range(10)]
        assert site.most >= 5  # the server saw the fetches overlap (default: 6 at once to one host)
        site.most = 0
        r = run("extract", "--per-host", "2", *urls[:6])
        assert len(records(r.stdout)) == 6 and site.most <= 2
    finally:
        site.close()


def test_transient_failures_are_retried_and_failures_said_on_stderr(tmp_path):
    site = _Site()
    try:
        r = run("extract", f"{site.url}/flaky", f"{site.url}/missing")
        flaky, missing = records(r.stdout)
        assert flaky["error"] is None and site.hits["/flaky"] == 2  # a 503, then the page
        assert missing["error"] == "HTTP status 404"
        assert f"distill: {site.url}/missing: HTTP status 404\n".encode() in r.stderr
        assert r.returncode == 1
        r = run("extract", "--retries", "0", f"{site.url}/flaky-again")
        assert records(r.stdout)[0]["error"] == "HTTP status 503"
    finally:
        site.close()


def test_robots_txt_is_honoured_when_asked(tmp_path):
    site = _Site()
    try:
        urls = [f"{site.url}/public", f"{site.url}/private/x"]
        recs = records(run("extract", *urls).stdout)
        assert [x["error"] for x in recs] == [None, None] and "/robots.txt" not in site.hits
        r = run("extract", "--robots", *urls)
        public, private = records(r.stdout)
        assert public["error"] is None
        assert private["error"] == f"disallowed by robots.txt: {site.url}/robots.txt"
        assert site.hits["/robots.txt"] == 1 and site.hits["/private/x"] == 1  # only the first run fetched it
    finally:
        site.close()


def test_failed_fetch_records_are_written_in_the_same_json_style(tmp_path):
    site = _Site()
    try:
        noise = tmp_path / "noise.html"
        noise.write_bytes(bytes(random.Random(3).randrange(256) for _ in range(5000)))
        r = run("extract", f"{site.url}/missing", str(noise))
        fetched, c_written = r.stdout.splitlines()
        assert list(json.loads(fetched)) == list(json.loads(c_written)) == list(RECORD_FIELDS)
        # the C writer's spacing: no blank after a comma or colon outside strings
        for line in (fetched, c_written):
            assert b'", "' not in line and b'": ' not in line and b"null, " not in line
    finally:
        site.close()
