"""The batch readers under generated input: the invariants of fuzz/readers_fuzz.py, driven by hypothesis.

The atheris harness (``python fuzz/readers_fuzz.py``) runs the same :func:`check` for as long as one
likes; here it replays the harness's corpus and runs on WARCs, JSONL and compressed bodies that
hypothesis builds and damages, so that the suite holds the invariants on every run: nothing raises but
the documented errors, no page passes the cap, and a gzip WARC read in ranges as worker processes read
it gives the records of reading it in order.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import sys
import zlib
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "fuzz"))
import readers_fuzz  # noqa: E402

EXAMPLES = int(os.environ.get("DISTILL_PROPERTY_EXAMPLES", "40"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_the_harness_corpus_and_its_findings_replay():
    for path in sorted((REPO / "fuzz" / "corpus" / "readers_fuzz").iterdir()):
        readers_fuzz.check(path.read_bytes())
    regressions = REPO / "fuzz" / "regressions" / "readers_fuzz"
    for path in sorted(regressions.iterdir()) if regressions.exists() else []:
        readers_fuzz.check(path.read_bytes())


_text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40)
_record = st.tuples(
    st.sampled_from(["response", "request", "resource", "response"]),
    st.sampled_from(["text/html", "text/html; charset=latin-1", "image/png", "", "application/xhtml+xml"]),
    st.sampled_from(["", "gzip", "deflate", "br"]),
    st.booleans(),  # chunked
    _text,
)


def _warc(records: list[tuple[str, str, str, bool, str]]) -> bytes:
    out = []
    for i, (kind, ctype, coding, chunked, words) in enumerate(records):
        body = f"<html><title>{words}</title><p>{words} {i}</p></html>".encode()
        if coding == "gzip":
            body = gzip.compress(body)
        elif coding == "deflate":
            body = zlib.compress(body)
        if chunked:
            body = b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body) if body else b"0\r\n\r\n"
        head = b"HTTP/1.1 200 OK\r\n"
        if ctype:
            head += f"Content-Type: {ctype}\r\n".encode()
        if coding:
            head += f"Content-Encoding: {coding}\r\n".encode()
        if chunked:
            head += b"Transfer-Encoding: chunked\r\n"
        block = head + b"\r\n" + body
        out.append(f"WARC/1.0\r\nWARC-Type: {kind}\r\nWARC-Record-ID: <urn:r:{i}>\r\nWARC-Target-URI: "
                   f"http://x.test/{i}\r\nContent-Type: application/http; msgtype=response\r\n"
                   f"Content-Length: {len(block)}\r\n\r\n".encode() + block + b"\r\n\r\n")
    return b"".join(out)


@SETTINGS
@given(st.lists(_record, max_size=8), st.integers(0, 2**24 - 1), st.integers(0, 255), st.sampled_from([0, 1]))
def test_warcs_whole_and_damaged(records, at, flip, mode):
    stream = _warc(records)
    readers_fuzz.check(bytes([mode]) + stream + at.to_bytes(3, "little") + bytes([flip]))


@SETTINGS
@given(st.lists(_record, min_size=1, max_size=6), st.lists(st.integers(0, 10_000), max_size=3))
def test_gzip_warc_with_cut_and_padded_members(records, cuts):
    # members cut short, and junk between members: ranges must still agree with reading in order
    data = bytearray(readers_fuzz._members(_warc(records)))
    for c in cuts:
        c %= len(data)
        data[c:c] = b"junk" if c % 2 else b""
        del data[c:c + (c % 7)]
    readers_fuzz.check(b"\x02" + bytes(data))


@SETTINGS
@given(st.lists(st.one_of(
    st.builds(lambda t, u: json.dumps({"html": f"<p>{t}</p>", "url": u}), _text, st.one_of(st.none(), _text)),
    st.builds(lambda n: "[" * n, st.integers(0, 3000)),
    st.binary(max_size=50).map(lambda b: b.decode("latin-1")),
    st.just('{"html": "\\ud800<p>x", "url": "\\udcff"}'),
), max_size=10))
def test_jsonl_lines(lines):
    readers_fuzz.check(b"\x03" + "\n".join(lines).encode("utf-8", "surrogateescape"))


@SETTINGS
@given(st.binary(max_size=3000), st.integers(0, 2))
def test_inflaters_and_payloads(data, shape):
    if shape == 1:
        data = gzip.compress(data) + data[:10]
    elif shape == 2:
        data = zlib.compress(data)[: max(1, len(data) // 2)]
    readers_fuzz.check(b"\x04" + data)
    readers_fuzz.check(b"\x05" + b"cgzip\n" + data)
    readers_fuzz.check(b"\x05" + b"-deflate\n" + data)


def test_the_jsonl_reader_reads_every_line_once():
    lines = [json.dumps({"html": f"<p>line {i}</p>", "url": f"u{i}"}) for i in range(5)]
    pages = list(readers_fuzz.batch._jsonl_pages(io.BufferedReader(io.BytesIO("\n".join(lines).encode())), "t", 4096))
    assert [p.url for p in pages] == [f"u{i}" for i in range(5)] and all(p.error is None for p in pages)
