import gzip
import io
import json
import subprocess
import sys

import pytest

from distill.batch import Page, Record, extract, extract_page, iter_pages

ARTICLE = """<html lang="en"><head><title>{title}</title></head><body>
<nav><a href="/">Home</a> <a href="/a">About</a></nav>
<div class="post"><h1>{title}</h1>
<p>{body} The first paragraph is long enough to be content, with commas, clauses, and more words.</p>
<p>A second paragraph continues the story, again with enough text to count as prose for the scorer.</p>
</div><footer>Copyright</footer></body></html>"""


def page(title: str, body: str = "") -> bytes:
    return ARTICLE.format(title=title, body=body).encode()


def test_directory_inputs_come_out_sorted_and_recursive(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "2.html").write_bytes(page("Two"))
    (tmp_path / "1.htm").write_bytes(page("One"))
    with gzip.open(tmp_path / "b" / "3.html.gz", "wb") as f:
        f.write(page("Three"))
    (tmp_path / "notes.txt").write_text("not a page")
    sources = [p.source for p in iter_pages([tmp_path])]
    assert [s.rsplit("/", 1)[1] for s in sources] == ["1.htm", "2.html", "3.html.gz"]


def test_records_keep_input_order_with_threads(tmp_path):
    files = []
    for i in range(40):
        f = tmp_path / f"p{i:02}.html"
        f.write_bytes(page(f"Title {i}", "x" * (i * 50)))
        files.append(f)
    seq = list(extract(files, jobs=1))
    par = list(extract(files, jobs=4))
    assert [r.title for r in par] == [f"Title {i}" for i in range(40)]
    assert [(r.source, r.text) for r in seq] == [(r.source, r.text) for r in par]


def test_a_failing_page_becomes_an_error_record():
    rec = extract_page(Page("x", None, b"", "invalid"))
    assert rec.error and rec.text is None


def test_jsonl_input_and_bad_lines(tmp_path):
    f = tmp_path / "pages.jsonl"
    f.write_text(json.dumps({"html": page("J").decode(), "url": "http://example.test/j"}) + "\n"
                 + "not json\n")
    recs = list(extract([f], jobs=1))
    assert recs[0].title == "J" and recs[0].url == "http://example.test/j" and recs[0].error is None
    assert recs[1].error is not None


def test_warc_response_records_with_transport_charset(tmp_path):
    warcio = pytest.importorskip("warcio")
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    path = tmp_path / "crawl.warc.gz"
    with path.open("wb") as out:
        w = WARCWriter(out, gzip=True)
        body = "<html><head><title>Caf\xe9</title></head><body><p>x</p></body></html>".encode("latin-1")
        for uri, ctype, payload in [
            ("http://example.test/a", "text/html; charset=iso-8859-1", body),
            ("http://example.test/img", "image/png", b"\x89PNG"),
        ]:
            headers = StatusAndHeaders("200 OK", [("Content-Type", ctype)], protocol="HTTP/1.1")
            w.write_record(w.create_warc_record(uri, "response", payload=io.BytesIO(payload), http_headers=headers))
    assert warcio is not None
    recs = list(extract([path], jobs=1))
    assert len(recs) == 1  # the image response is not a page
    assert recs[0].url == "http://example.test/a"
    assert recs[0].title == "Caf\xe9"  # decoded with the transport-layer charset, not as UTF-8


def test_command_writes_jsonl_and_reports_missing_input(tmp_path):
    f = tmp_path / "a.html"
    f.write_bytes(page("Cmd"))
    r = subprocess.run([sys.executable, "-m", "distill.cli.main", "extract", str(f), "--jobs", "1"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    rec = json.loads(r.stdout.splitlines()[0])
    assert rec["title"] == "Cmd" and set(Record.__dataclass_fields__) == set(rec)
    assert r.stderr == ""  # not a terminal: no progress line
    r = subprocess.run([sys.executable, "-m", "distill.cli.main", "extract", str(tmp_path / "missing.html")],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "missing.html" in r.stderr and "Traceback" not in r.stderr


def test_parquet_output(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    f = tmp_path / "a.html"
    f.write_bytes(page("Pq"))
    out = tmp_path / "out.parquet"
    r = subprocess.run([sys.executable, "-m", "distill.cli.main", "extract", str(f), "-o", str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    table = pq.read_table(out)
    assert table.column("title").to_pylist() == ["Pq"]
