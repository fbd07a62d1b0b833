"""distill.batch in-process: input kinds, order, determinism across jobs, the C batch call's records."""

import gzip
import json
import random
import time
import zlib

import pytest
from batch_helpers import page, write_warc

import distill
import distill._warc
import distill.batch as batch
from distill import _core
from distill.batch import BatchOptions, Page, Stats, extract, extract_jsonl, extract_page, iter_pages


def test_directory_inputs_come_out_sorted_and_recursive(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "2.html").write_bytes(page("Two"))
    (tmp_path / "1.htm").write_bytes(page("One"))
    with gzip.open(tmp_path / "b" / "3.html.gz", "wb") as f:
        f.write(page("Three"))
    (tmp_path / "notes.txt").write_text("not a page")
    stats = Stats()
    sources = [p.source for p in iter_pages([tmp_path], stats=stats)]
    assert [s.rsplit("/", 1)[1] for s in sources] == ["1.htm", "2.html", "3.html.gz"]
    assert [s.rsplit("/", 1)[1] for s, _ in stats.skipped] == ["notes.txt"]


def test_records_agree_with_the_article_api(tmp_path):
    pages = [page(f"T{i}", "word " * i) for i in range(5)]
    pages.append(b"<html lang=fr><head><meta property='article:tag' content='a'><meta property='og:site_name' "
                 b"content='S'><link rel=canonical href='/c'></head><body><p>court</p></body></html>")
    files = []
    for i, p in enumerate(pages):
        files.append(tmp_path / f"{i}.html")
        files[-1].write_bytes(p)
    for rec, raw in zip(extract(files, jobs=1), pages, strict=True):
        art = distill.article(raw)
        assert (rec.title, rec.byline, rec.date, rec.description, rec.lang, rec.site_name, rec.canonical, rec.image,
                rec.tags, rec.text) == (art.title, art.byline, art.date, art.description, art.lang, art.site_name,
                                        art.canonical, art.image, art.tags, art.text)


def test_a_page_that_could_not_be_read_becomes_an_error_record():
    rec = extract_page(Page("x", "http://example.test/", b"", error="cannot read"))
    assert rec.error == "cannot read" and rec.text is None and rec.url == "http://example.test/"


def test_jsonl_input_and_bad_lines(tmp_path):
    f = tmp_path / "pages.jsonl"
    f.write_text(json.dumps({"html": page("J").decode(), "url": "http://example.test/j"}) + "\n"
                 + "not json\n\n" + json.dumps({"html": "<title>\ud800</title><p>x</p>"}) + "\n")
    recs = list(extract([f], jobs=1))
    assert recs[0].title == "J" and recs[0].url == "http://example.test/j" and recs[0].error is None
    assert recs[1].error is not None and recs[1].source.endswith(":2")
    assert recs[2].error is None and set(recs[2].title) == {"\ufffd"}  # a lone surrogate is repaired, not fatal


def test_warc_response_records_with_transport_charset(tmp_path):
    pytest.importorskip("warcio")
    path = tmp_path / "crawl.warc.gz"
    body = "<html><head><title>Caf\xe9</title></head><body><p>x</p></body></html>".encode("latin-1")
    write_warc(path, [("http://example.test/a", "text/html; charset=iso-8859-1", body),
                      ("http://example.test/img", "image/png", b"\x89PNG")])
    recs = list(extract([path], jobs=1))
    assert len(recs) == 1  # the image response is not a page
    assert recs[0].url == "http://example.test/a"
    assert recs[0].title == "Caf\xe9"  # decoded with the transport-layer charset, not as UTF-8


def _crawl(tmp_path, n=300):
    rnd = random.Random(3)
    items = []
    for i in range(n):
        kind = rnd.randrange(10)
        if kind == 0:
            items.append((f"http://example.test/{i}", "text/html", bytes(rnd.randrange(256) for _ in range(3000))))
        elif kind == 1:
            items.append((f"http://example.test/{i}", "text/html; charset=windows-1252",
                          page(f"Caf\xe9 {i}").decode().encode("cp1252")))
        else:
            items.append((f"http://example.test/{i}", "text/html", page(f"Page {i}", "word " * rnd.randrange(400))))
    path = tmp_path / "crawl.warc.gz"
    write_warc(path, items)
    return path


def test_output_is_byte_identical_whatever_the_jobs_and_finishing_order(tmp_path, monkeypatch):
    pytest.importorskip("warcio")
    warc = _crawl(tmp_path)
    jsonl = tmp_path / "pages.jsonl"
    with jsonl.open("w") as f:
        for i in range(60):
            f.write(json.dumps({"url": f"u{i}", "html": page(f"J{i}", "x " * i).decode()}) + "\n")
    inputs = [jsonl, warc, jsonl]
    opts = BatchOptions(markdown=True, html=True)
    reference = b"".join(extract_jsonl(inputs, jobs=1, options=opts))
    assert reference.count(b"\n") == 60 + 300 + 60
    # Small chunks and small WARC ranges, so many units are in flight; random delays, so they finish
    # in a different order each time.
    monkeypatch.setattr(batch, "_CHUNK_PAGES", 3)
    monkeypatch.setattr(batch, "_RANGE_MIN", 16 * 1024)
    real = batch._run_chunk

    def jittered(*args):
        time.sleep(random.random() / 200)
        return real(*args)

    monkeypatch.setattr(batch, "_run_chunk", jittered)
    assert len(batch._warc_ranges(warc, 4)) > 4  # the WARC really is read by several processes
    for jobs in (2, 3, 4):
        assert b"".join(extract_jsonl(inputs, jobs=jobs, options=opts)) == reference


def test_records_of_split_warc_keep_their_sources(tmp_path, monkeypatch):
    pytest.importorskip("warcio")
    warc = _crawl(tmp_path, 80)
    monkeypatch.setattr(batch, "_RANGE_MIN", 8 * 1024)
    one = [(r.source, r.url, r.text) for r in extract([warc], jobs=1)]
    two = [(r.source, r.url, r.text) for r in extract([warc], jobs=2)]
    assert one == two and len(one) == 80 and all("#<urn:uuid:" in s for s, _, _ in one)


def test_warc_ranges_start_at_records_and_cover_the_file(tmp_path):
    pytest.importorskip("warcio")
    warc = _crawl(tmp_path, 120)
    data = warc.read_bytes()
    saved = batch._RANGE_MIN
    try:
        batch._RANGE_MIN = 4096
        ranges = batch._warc_ranges(warc, 2)
    finally:
        batch._RANGE_MIN = saved
    assert ranges[0][0] == 0 and ranges[-1][1] == len(data)
    assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:], strict=False))
    for a, _ in ranges:
        assert zlib.decompressobj(31).decompress(data[a:a + 4096], 5) == b"WARC/"


def test_one_member_gzip_warc_is_not_split(tmp_path):
    pytest.importorskip("warcio")
    plain = tmp_path / "crawl.warc"
    write_warc(plain, [(f"http://example.test/{i}", "text/html", page(f"P{i}", "w " * 3000)) for i in range(40)])
    one = tmp_path / "one.warc.gz"
    one.write_bytes(gzip.compress(plain.read_bytes()))
    assert batch._warc_ranges(one, 8) == [(0, one.stat().st_size)]
    assert [r.title for r in extract([one], jobs=2)] == [f"P{i}" for i in range(40)]


def test_batch_call_json_is_valid_for_hostile_text():
    hostile = "<title>a\"b\\c\x01\x1f\x7f\u2028</title><p>" + "tab\there, newline\nthere, quote\" and \\ " * 5
    out, errors = _core._extract_batch([(hostile, "http://x/\"q", None), (hostile.encode(), None, "utf-8")])
    lines = out.decode("utf-8").splitlines()
    assert errors == 0 and len(lines) == 2
    recs = [json.loads(line) for line in lines]
    assert recs[0]["title"] == distill.article(hostile).title and recs[0]["url"] == "http://x/\"q"
    assert recs[0]["text"] == recs[1]["text"] == distill.article(hostile).text


def test_batch_call_rejects_bad_arguments():
    with pytest.raises(TypeError):
        _core._extract_batch([("<p>x", None)])
    with pytest.raises(TypeError):
        _core._extract_batch([(1, None, None)])
    with pytest.raises(TypeError):
        _core._extract_batch([], options="recall")  # options is an Extraction (or None), never a loose value
    with pytest.raises(ValueError):
        _core._extract_batch([], max_nodes=-1)
    assert _core._extract_batch([]) == (b"", 0)


def test_not_html_check_spares_real_pages_and_catches_noise():
    rnd = random.Random(11)
    cases = {
        "latin-1 undeclared": (page("Ol\xe9", "ni\xf1o " * 50).decode().encode("latin-1"), None),
        "shift_jis": ("<title>日本</title><p>" + "日本語の文章です。" * 40 + "</p>").encode("shift_jis"),
        "utf-16 BOM": b"\xff\xfe" + page("U16").decode().encode("utf-16-le"),
        "one control char": page("Ctl", "a\x01b"),
    }
    pages = [(v[0] if isinstance(v, tuple) else v, None, None) for v in cases.values()]
    noise = [bytes(rnd.randrange(256) for _ in range(4000)) for _ in range(5)]
    bad_utf8 = b"<p>" + bytes(rnd.randrange(128, 256) for _ in range(4000))
    out, errors = _core._extract_batch(pages + [(n, None, None) for n in noise] + [(bad_utf8, None, "utf-8")])
    recs = [json.loads(line) for line in out.splitlines()]
    assert [r["error"] for r in recs[:len(pages)]] == [None] * len(pages), list(cases)
    assert all(r["error"].startswith("not HTML") for r in recs[len(pages):])
    assert errors == 6


def test_jsonl_split_between_processes_keeps_lines_and_sources(tmp_path, monkeypatch):
    f = tmp_path / "pages.jsonl"
    lines = []
    for i in range(200):
        lines.append("" if i % 17 == 0 else "not json" if i % 23 == 0 else
                     json.dumps({"url": f"u{i}", "html": page(f"L{i}", "z " * (i % 50)).decode()}))
    f.write_text("\n".join(lines))  # no newline after the last line
    monkeypatch.setattr(batch, "_RANGE_MIN", 4096)
    ranges = batch._jsonl_ranges(f, 2)
    assert len(ranges) > 3 and ranges[-1][1] == f.stat().st_size
    one = [(r.source, r.url, r.error, r.text) for r in extract([f], jobs=1)]
    two = [(r.source, r.url, r.error, r.text) for r in extract([f], jobs=2)]
    assert one == two
    assert [s.rsplit(":", 1)[1] for s, *_ in one] == [str(i + 1) for i, line in enumerate(lines) if line]


def test_error_lines_are_written_as_the_c_writer_writes_them():
    # The same url and message, once as the C core's error record (binary input: "not HTML") and once
    # as the reader's (a page that could not be read): the lines must be byte-identical, for every
    # character the escaping treats specially.
    url = 'http://x.test/"q"\\\x01\x08\x0c\x1f\x7f\u2028\u2029é'
    noise = bytes(random.Random(5).randrange(256) for _ in range(4000))
    out, errors = _core._extract_batch([(noise, url, None)], fields=1)
    (c_line,) = out.splitlines(keepends=True)
    message = json.loads(c_line)["error"]
    assert errors == 1 and message.startswith("not HTML")
    names = BatchOptions(markdown=True).field_names
    py_line = batch._error_line(Page("s", url, b"", error=message), names)
    assert py_line == c_line


def test_pages_in_memory_give_the_records_of_their_files(tmp_path):
    pages = [page(f"Mem {i}", "word " * i) for i in range(40)]
    files = []
    for i, p in enumerate(pages):
        files.append(tmp_path / f"{i:02}.html")
        files[-1].write_bytes(p)
    from_files = [(r.title, r.text, r.error) for r in extract(files, jobs=1)]
    tuples = [(p, f"http://example.test/{i}") for i, p in enumerate(pages)]
    from_memory = [(r.title, r.text, r.error) for r in batch.extract_pages(tuples)]
    assert from_memory == from_files and len(from_memory) == 40
    lines = b"".join(batch.extract_pages_jsonl(tuples, jobs=2))
    assert [json.loads(x)["url"] for x in lines.splitlines()] == [u for _, u in tuples]


def test_a_str_page_or_url_with_lone_surrogates_costs_nothing_else():
    # A lone surrogate cannot be UTF-8: the C call refused the whole chunk with UnicodeEncodeError.
    good = page("Good")
    recs = list(batch.extract_pages([(good, "http://a/"), ("<title>x\ud800y</title><p>z", "http://b/"),
                                     (good, "http://c/\udcff"), (good.decode(), None)]))
    assert [r.error for r in recs] == [None, None, None, None]
    assert recs[1].title == "x\ufffdy" and recs[2].url == "http://c/\ufffd"
    assert recs[0].title == recs[2].title == recs[3].title == "Good"


def _crawl_copies(tmp_path, n=40):
    """The same records as a plain WARC, one gzip member per record, and one gzip member in all."""
    plain = tmp_path / "crawl.warc"
    write_warc(plain, [(f"http://example.test/{i}", "text/html", page(f"P{i}", "w " * 300)) for i in range(n)])
    members = tmp_path / "members.warc.gz"
    write_warc(members, [(f"http://example.test/{i}", "text/html", page(f"P{i}", "w " * 300)) for i in range(n)])
    single = tmp_path / "single.warc.gz"
    single.write_bytes(gzip.compress(plain.read_bytes()))
    return plain, members, single


def test_every_framing_of_a_warc_gives_the_same_records(tmp_path):
    pytest.importorskip("warcio")
    plain, members, single = _crawl_copies(tmp_path)
    seen = [[(r.url, r.title, r.text, r.error) for r in extract([p], jobs=1)] for p in (plain, members, single)]
    assert seen[0] == seen[1] == seen[2]
    assert len(seen[0]) == 40 and all(e is None for *_, e in seen[0])


def test_stored_transfer_and_content_encodings_are_decoded_within_the_cap():
    from distill._warc import decode_payload

    body = page("Coded")
    chunked = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + 100]), body[i:i + 100]) for i in range(0, len(body), 100))
    assert decode_payload(chunked + b"0\r\n\r\n", {"transfer-encoding": "chunked"}, 0) == body
    assert decode_payload(gzip.compress(body), {"content-encoding": "gzip"}, 0) == body
    assert decode_payload(zlib.compress(body), {"content-encoding": "deflate"}, 0) == body
    assert decode_payload(body, {"content-encoding": "gzip"}, 0) == body  # stored decoded
    from distill._inflate import TooLarge

    with pytest.raises(TooLarge):
        decode_payload(gzip.compress(b"\0" * 10_000_000), {"content-encoding": "gzip"}, 1_000_000)
    with pytest.raises(ValueError, match="unsupported"):
        decode_payload(b"\x8b\x00binary", {"content-encoding": "br"}, 0)


def _warc_members(path):
    data = path.read_bytes()
    starts = [i for i in range(len(data) - 2) if distill._warc.starts_record(data, i)]
    return data, starts


def test_corrupt_member_records_agree_with_and_without_the_isal_accelerator(tmp_path, monkeypatch):
    pytest.importorskip("warcio")
    _, members, _ = _crawl_copies(tmp_path)
    data, starts = _warc_members(members)
    bad = bytearray(data)
    for k in (3, 17):  # two members damaged after their WARC header: the error records keep the URL
        end = starts[k + 1] - 8  # the gzip trailer (CRC-32, length) follows the deflate stream
        bad[end - 32:end] = bytes(32)
    hurt = tmp_path / "hurt.warc.gz"
    hurt.write_bytes(bytes(bad))
    import distill._inflate as inflate

    first = [(r.url, r.error) for r in extract([hurt], jobs=1)]
    monkeypatch.setattr(inflate, "_gzip_zlib", zlib)  # the standard library's zlib, whatever is installed
    second = [(r.url, r.error) for r in extract([hurt], jobs=1)]
    assert first == second and len(first) == 40
    assert [u for u, e in first if e] == ["http://example.test/3", "http://example.test/17"]


def test_a_gzip_warc_stored_inside_a_record_does_not_cut_the_file(tmp_path, monkeypatch):
    # A crawl of an archive site: one response's payload is itself a .warc.gz. Deflate stores
    # incompressible bytes as they are, so the inner file's members appear literally inside the outer
    # member, and the range splitter takes them for record starts. The range after such a cut must not
    # give the inner records: it is read again from where the range before it stopped.
    pytest.importorskip("warcio")
    inner = tmp_path / "inner.warc.gz"
    rnd = random.Random(8)
    # random text: each inner member compresses to more than deflate's 32 KiB window, so nothing in the
    # outer compression can refer back to the inner gzip headers, and the blocks are stored as they are
    noise = [" ".join("".join(rnd.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(7))
                      for _ in range(12_000)) for _ in range(4)]
    write_warc(inner, [(f"http://inner.test/{i}", "text/html", page(f"Inner {i}", noise[i])) for i in range(4)])
    outer = tmp_path / "outer.warc.gz"
    items = [(f"http://outer.test/{i}", "text/html", page(f"Outer {i}", "w " * 100)) for i in range(10)]
    items.insert(5, ("http://outer.test/archive.warc.gz", "text/html", inner.read_bytes()))
    write_warc(outer, items)
    monkeypatch.setattr(batch, "_RANGE_MIN", 1024)
    monkeypatch.setattr(batch, "_RANGE_MAX", 1024)
    data, raw = outer.read_bytes(), inner.read_bytes()
    inner_starts = [i for i in range(1, len(raw) - 2) if distill._warc.starts_record(raw, i)]
    literal = {data.find(raw[i:i + 64]) for i in inner_starts} - {-1}
    assert literal, "the inner members are not stored literally: the test's premise is gone"
    cuts = [a for a, _ in batch._warc_ranges(outer, 2)]
    assert literal & set(cuts)  # the splitter cut inside the archive's record
    one = [(r.url, r.error) for r in extract([outer], jobs=1)]
    two = [(r.url, r.error) for r in extract([outer], jobs=2)]
    assert two == one and len(one) == 11
    assert not any("inner.test" in (u or "") for u, _ in one)
