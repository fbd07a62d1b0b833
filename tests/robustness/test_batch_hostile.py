"""`distill extract` on inputs made to hurt it: one bad record costs that record only, memory stays bounded.

Each hostile input is made by the test itself; the command runs in a subprocess under an address-space
limit and a timeout, and the test checks its records, its exit status and (where the finding was about
memory) the peak resident set the kernel reports for it (``wait4``).
"""

from __future__ import annotations

import gzip
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "batch"))
from batch_helpers import command, env, page, write_warc  # noqa: E402

import distill.batch as batch  # noqa: E402
from distill._warc import starts_record  # noqa: E402

MiB = 1 << 20


@dataclass
class Run:
    returncode: int
    stdout: bytes
    stderr: bytes
    peak: int  # bytes: the largest resident set of the command (and of any child it waited for)

    def records(self) -> list[dict]:
        return [json.loads(line) for line in self.stdout.decode().splitlines()]


# The command runs under a small Python that reports its peak: Linux keeps a process's peak resident set
# across fork and exec, so a command started by this (large) test process would report at least this
# process's size; started by a fresh small one, it reports its own.
_WRAPPER = """
import os, subprocess, sys
proc = subprocess.Popen(sys.argv[2:])
_, status, usage = os.wait4(proc.pid, 0)
with open(sys.argv[1], "w") as f:
    f.write(str(usage.ru_maxrss))
sys.exit(os.waitstatus_to_exitcode(status) % 256)
"""


def run_limited(*args: str, memory: int = 1024 * MiB, timeout: float = 60, stdin: bytes | None = None) -> Run:
    """The command under RLIMIT_AS = ``memory`` (two malloc arenas, so threads do not reserve more)."""
    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    e = env()
    e["MALLOC_ARENA_MAX"] = "2"
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as inp, \
            tempfile.NamedTemporaryFile("r") as peak:
        if stdin is not None:
            inp.write(stdin)
            inp.seek(0)
        proc = subprocess.Popen([sys.executable, "-c", _WRAPPER, peak.name, *command(), *args], stdin=inp,
                                stdout=out, stderr=err, env=e, preexec_fn=limits, start_new_session=True)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait()
            raise AssertionError(f"distill {' '.join(args)} did not finish in {timeout} s") from None
        out.seek(0)
        err.seek(0)
        return Run(proc.returncode, out.read(), err.read(), int(peak.read() or 0) * 1024)


def _gzip_stream(total: int, piece: bytes = bytes(MiB)) -> bytes:
    """``total`` bytes of ``piece`` repeated, as gzip (a compression bomb): one member per piece,
    compressed once and repeated, so that making it costs nothing (gzip allows any number of members)."""
    return gzip.compress(piece, 9) * (total // len(piece))


def _response(uri: str, http_head: bytes, body: bytes) -> bytes:
    block = http_head + b"\r\n" + body
    return (b"WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:%s>\r\nWARC-Target-URI: %s\r\n"
            b"Content-Type: application/http; msgtype=response\r\nContent-Length: %d\r\n\r\n"
            % (uri.rsplit("/", 1)[1].encode(), uri.encode(), len(block)) + block + b"\r\n\r\n")


# ---- 2: every decompression bounded by the page cap before it allocates --------------------------------


def test_a_gzip_bomb_inside_a_warc_record_is_that_records_error(tmp_path):
    # A 2 MB response whose Content-Encoding: gzip body inflates to 1 GiB, in a 2 KB .warc.gz member,
    # between two good records: the command ran out of memory inflating it whole, losing the records after.
    bomb = _gzip_stream(1024 * MiB)
    head = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n"
    good = [_response(f"http://example.test/good{i}", b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n",
                      page(f"Good {i}")) for i in range(2)]
    warc = tmp_path / "bomb.warc.gz"
    warc.write_bytes(gzip.compress(good[0]) + gzip.compress(_response("http://example.test/bomb", head, bomb))
                     + gzip.compress(good[1]))
    assert warc.stat().st_size < 64 * 1024
    r = run_limited("extract", "--jobs", "1", str(warc), memory=768 * MiB)
    recs = r.records()
    assert [x["url"].rsplit("/", 1)[1] for x in recs] == ["good0", "bomb", "good1"], r.stderr
    assert recs[1]["error"].startswith("page too large") and recs[0]["error"] is recs[2]["error"] is None
    assert r.returncode == 1 and b"1 page too large" in r.stderr
    assert r.peak < 400 * MiB  # the cap is 32 MiB: the bomb is never inflated past it


def test_a_gzip_file_and_a_gzip_jsonl_line_are_inflated_only_to_the_cap(tmp_path):
    html_bomb = tmp_path / "bomb.html.gz"
    html_bomb.write_bytes(_gzip_stream(1024 * MiB, b"<p>" + b"a" * (MiB - 3)))
    jsonl_bomb = tmp_path / "bomb.jsonl.gz"
    jsonl_bomb.write_bytes(gzip.compress(json.dumps({"html": page("Before").decode()}).encode() + b"\n")
                           + _gzip_stream(256 * MiB, b" " * MiB))
    after = tmp_path / "after.html"
    after.write_bytes(page("After"))
    r = run_limited("extract", "--jobs", "1", str(html_bomb), str(jsonl_bomb), str(after), memory=768 * MiB)
    recs = r.records()
    assert [x["error"] is None for x in recs] == [False, True, False, True], r.stderr
    assert recs[0]["error"].startswith("page too large") and recs[2]["error"].startswith("page too large")
    assert recs[3]["title"] == "After"
    assert r.peak < 400 * MiB


# ---- 3: per-record isolation ----------------------------------------------------------------------------


def test_a_bad_jsonl_line_a_name_or_a_url_costs_its_own_record_only(tmp_path):
    lines = [json.dumps({"url": "http://example.test/a", "html": page("A").decode()}),
             "[" * 100_000,  # RecursionError in json.loads
             '{"url": "http://example.test/\\ud800", "html": ' + json.dumps(page("Surrogate").decode()) + "}",
             json.dumps({"url": "http://example.test/b", "html": page("B").decode()})]
    jsonl = tmp_path / "pages.jsonl"
    jsonl.write_text("\n".join(lines) + "\n")
    odd = Path(os.fsdecode(bytes(tmp_path) + b"/caf\xe9-latin1.html"))  # a name that is not UTF-8
    odd.write_bytes(page("Odd name"))
    r = run_limited("extract", "--jobs", "1", str(jsonl), str(odd))
    recs = r.records()
    assert [x["title"] for x in recs] == ["A", None, "Surrogate", "B", "Odd name"], r.stderr
    assert recs[1]["error"] == "bad JSONL line: nested too deep to read"
    assert recs[2]["url"] == "http://example.test/\ufffd" and recs[4]["url"].endswith("caf\ufffd-latin1.html")
    assert r.returncode == 1 and b"Traceback" not in r.stderr


def test_a_directory_nested_1100_deep_is_walked(tmp_path):
    deep = tmp_path / "top"
    deep.mkdir()
    (deep / "first.html").write_bytes(page("First"))
    d = deep
    for _ in range(1100):
        d = d / "d"
        d.mkdir()
    (d / "bottom.html").write_bytes(page("Bottom"))
    (deep / "z.html").write_bytes(page("Last"))
    try:
        r = run_limited("extract", "--jobs", "1", str(deep))
        assert [x["title"] for x in r.records()] == ["Bottom", "First", "Last"], r.stderr[-500:]
        assert r.returncode == 0
    finally:  # bottom up, without recursion (pytest's own clean-up would recurse 1,100 deep)
        (d / "bottom.html").unlink()
        while d != deep:
            d.rmdir()
            d = d.parent


# ---- 4: one corrupt gzip member costs that record only, whatever --jobs --------------------------------


def _crawl(path: Path, n: int) -> list[int]:
    """A gzip WARC of n pages (about 3 KB compressed each); the offsets of its members."""
    rnd = random.Random(4)
    words = [f"w{k}" for k in range(4000)]
    write_warc(path, [(f"http://example.test/{i}", "text/html",
                       page(f"P{i}", " ".join(rnd.choice(words) for _ in range(800)))) for i in range(n)])
    data = path.read_bytes()
    return [i for i in range(len(data) - 2) if data[i:i + 3] == b"\x1f\x8b\x08" and starts_record(data, i)]


def test_a_corrupt_member_costs_its_record_and_the_records_do_not_depend_on_jobs(tmp_path):
    pytest.importorskip("warcio")
    warc = tmp_path / "crawl.warc.gz"
    starts = _crawl(warc, 400)
    assert len(starts) == 400 and warc.stat().st_size > 3 * batch._RANGE_MIN  # several ranges per worker
    data = bytearray(warc.read_bytes())
    for k in (101, 250):  # 64 zero bytes inside record 101 and over the gzip header of record 250
        at = (starts[k] + starts[k + 1]) // 2 if k == 101 else starts[k]
        data[at:at + 64] = bytes(64)
    warc.write_bytes(bytes(data))
    outputs = {}
    for jobs in ("1", "2", "4"):
        r = run_limited("extract", "--jobs", jobs, "--allow-errors", str(warc), memory=2048 * MiB)
        assert r.returncode == 0, r.stderr
        outputs[jobs] = r.stdout
    assert outputs["1"] == outputs["2"] == outputs["4"]
    recs = [json.loads(x) for x in outputs["1"].splitlines()]
    assert len(recs) == 400
    bad = [(i, x["url"]) for i, x in enumerate(recs) if x["error"]]
    assert bad == [(101, "http://example.test/101"), (250, None)]
    assert all(x["title"] == f"P{i}" for i, x in enumerate(recs) if i not in (101, 250))


def _plain_records(n: int) -> tuple[bytes, list[int]]:
    path = Path(tempfile.mkdtemp()) / "c.warc"
    write_warc(path, [(f"http://example.test/{i}", "text/html", page(f"P{i}")) for i in range(n)])
    data = path.read_bytes()
    starts = [i for i in range(len(data)) if data.startswith(b"WARC/1.", i)]
    return data, starts


def _set_length(record: bytes, delta: int) -> bytes:
    head, sep, rest = record.partition(b"\r\n\r\n")
    lines = [b"Content-Length: %d" % (int(line.split(b":")[1]) + delta) if line.startswith(b"Content-Length")
             else line for line in head.split(b"\r\n")]
    return b"\r\n".join(lines) + sep + rest


def test_a_cut_record_and_a_lying_content_length_are_error_records(tmp_path):
    pytest.importorskip("warcio")
    data, starts = _plain_records(6)
    records = [data[a:b] for a, b in zip(starts, starts[1:] + [len(data)], strict=True)]
    cases = {
        # cut inside the last record's payload: its page must not come out as if whole
        "cut.warc": b"".join(records[:5]) + records[5][: len(records[5]) // 2],
        "cut.warc.gz": b"".join(gzip.compress(r) for r in records[:5]) + gzip.compress(records[5])[:300],
        # record 2 claims 5,000 bytes more than it has: the two after it were swallowed
        "long.warc": b"".join(records[:2]) + _set_length(records[2], 5000) + b"".join(records[3:]),
        "long.warc.gz": b"".join(gzip.compress(r) for r in records[:2] + [_set_length(records[2], 5000)]
                                 + records[3:]),
        "huge.warc": b"".join(records[:2]) + _set_length(records[2], 10**12) + b"".join(records[3:]),
        "short.warc": b"".join(records[:2]) + _set_length(records[2], -40) + b"".join(records[3:]),
    }
    for name, content in cases.items():
        f = tmp_path / name
        f.write_bytes(content)
        r = run_limited("extract", "--jobs", "1", str(f))
        recs = r.records()
        assert r.returncode == 1, (name, r.stderr)
        errors = [i for i, x in enumerate(recs) if x["error"]]
        if name.startswith("cut"):
            assert len(recs) == 6 and errors == [5], (name, recs)
            assert "P5" not in (recs[5]["text"] or "")
        else:
            assert len(recs) == 6 and errors == [2], (name, [x["error"] for x in recs])
            assert [x["title"] for x in recs[3:]] == ["P3", "P4", "P5"]


# ---- 6: streams read with bounded buffers; --jobs clamped -----------------------------------------------


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_long_jsonl_line_is_skipped_without_being_held(tmp_path, jobs):
    jsonl = tmp_path / "long.jsonl"
    with jsonl.open("wb") as f:
        f.write(json.dumps({"html": page("Before").decode()}).encode() + b"\n")
        f.write(b'{"html": "')
        for _ in range(200):
            f.write(b"x" * MiB)
        f.write(b'"}\n')
        f.write(json.dumps({"html": page("After").decode()}).encode() + b"\n")
    r = run_limited("extract", "--jobs", jobs, "--max-page-bytes", str(8 * MiB), str(jsonl), memory=2048 * MiB)
    recs = r.records()
    assert [x["title"] for x in recs] == ["Before", None, "After"], r.stderr
    assert recs[1]["error"].startswith("page too large: the line is longer than the cap")
    assert r.peak < 150 * MiB  # readline() held the 200 MB line, twice with --jobs 2


def test_jobs_beyond_the_cpus_are_clamped_with_a_word(tmp_path):
    f = tmp_path / "a.html"
    f.write_bytes(page("Clamp"))
    r = run_limited("extract", "--jobs", "64", str(f))
    assert r.returncode == 0 and r.records()[0]["title"] == "Clamp"
    cpus = batch.usable_jobs()
    assert f"--jobs 64 is more than the {cpus} CPUs".encode() in r.stderr
    assert batch._check_jobs(64) == cpus and batch._check_jobs(None) == cpus


def test_a_lying_length_in_a_large_uncompressed_warc_loses_no_record_after_it(tmp_path):
    # The claimed block runs to the end of the file, far past what the reader keeps while skipping (the
    # page cap plus 64 KiB): a file is read again from the block's start instead.
    pytest.importorskip("warcio")
    data, starts = _plain_records(300)
    records = [data[a:b] for a, b in zip(starts, starts[1:] + [len(data)], strict=True)]
    f = tmp_path / "lying.warc"
    f.write_bytes(b"".join(records[:10]) + _set_length(records[10], 10**12) + b"".join(records[11:]))
    assert f.stat().st_size > 4 * (4096 + 65536)
    r = run_limited("extract", "--jobs", "1", "--max-page-bytes", "4096", str(f))
    recs = r.records()
    assert len(recs) == 300 and [i for i, x in enumerate(recs) if x["error"]] == [10], r.stderr
    assert [x["title"] for x in recs[11:]] == [f"P{i}" for i in range(11, 300)]
