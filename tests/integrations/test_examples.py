"""Every example in examples/ runs as a user runs it (a subprocess, on a WARC of the test's own making)
where what it imports is installed, and is skipped with the extra to install otherwise."""

from __future__ import annotations

import ast
import gzip
import importlib.util
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import PROSE, REPO

import distill

EXAMPLES = REPO / "examples"
TESTED = {"ccpyspark_parser.py", "datatrove_pipeline.py", "nemo_curator_extractor.py", "spark_warc_job.py"}


def _needs(*modules: str, extra: str) -> None:
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)}: pip install '.[{extra}]'")


def _env() -> dict[str, str]:
    # the examples import the distill these tests import (an in-place build or the installed package)
    e = dict(os.environ)
    e["PYTHONPATH"] = str(Path(distill.__file__).resolve().parents[1]) + os.pathsep + e.get("PYTHONPATH", "")
    return e


def _page(title: str, first: str) -> bytes:
    paragraphs = "".join(f"<p>{p}</p>" for p in [first, *PROSE])
    return (f"<!doctype html><html><head><title>{title}</title></head><body>"
            f"<nav><a href=/>Home</a> <a href=/news>News</a></nav>"
            f"<article><h1>{title}</h1>{paragraphs}</article>"
            f"<footer><a href=/about>About us</a></footer></body></html>").encode()


PAGES = [
    ("http://example.test/budget", "text/html; charset=utf-8",
     _page("Budget approved", "The first paragraph tells of a budget approved after a night of talks.")),
    ("http://example.test/library", "text/html",
     _page("Library reopens", "The old library building downtown opens its doors again next month.")),
    ("http://example.test/report.pdf", "application/pdf", b"%PDF-1.4 not a page"),
    ("http://example.test/roads", "text/html; charset=utf-8",
     _page("Roads plan", "Opposition members want a larger share of the budget for the roads.")),
]
HTML_PAGES = [p for p in PAGES if p[1].startswith("text/html")]


def _warc(folder: Path) -> Path:
    """A gzip WARC of PAGES, one gzip member per record, as crawlers write them."""
    pytest.importorskip("warcio", reason="writing the test's WARC needs warcio (the test extra has it)")
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "crawl.warc.gz"
    with path.open("wb") as out:
        writer = WARCWriter(out, gzip=True)
        for uri, ctype, payload in PAGES:
            headers = StatusAndHeaders("200 OK", [("Content-Type", ctype)], protocol="HTTP/1.1")
            writer.write_record(writer.create_warc_record(uri, "response", payload=io.BytesIO(payload),
                                                          http_headers=headers))
    return path


def _run(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*args], capture_output=True, text=True, timeout=timeout, env=_env())


def test_every_example_has_a_test_here() -> None:
    assert {p.name for p in EXAMPLES.glob("*.py")} == TESTED


def test_ccpyspark_parser_example(tmp_path: Path) -> None:
    _needs("fastwarc", extra="warc")
    warc = _warc(tmp_path)
    r = _run(sys.executable, str(EXAMPLES / "ccpyspark_parser.py"), str(warc))
    assert r.returncode == 0, r.stderr
    lines = [line.split("\t") for line in r.stdout.splitlines()]
    # one line per HTML response, in the WARC's order; the PDF is not read
    assert [u for u, _, _ in lines] == [u for u, _, _ in HTML_PAGES]
    for (_, length, start), (_, _, payload) in zip(lines, HTML_PAGES, strict=True):
        text = distill.article(payload).text
        assert int(length) == len(text) > 500
        # the article's own first paragraph, not the navigation before it
        first = payload.split(b"<p>")[1].split(b"</p>")[0].decode()
        assert ast.literal_eval(start).startswith(first)


def test_datatrove_pipeline_example(tmp_path: Path) -> None:
    _needs("datatrove", "warcio", "cchardet", "magic", "orjson", extra="datatrove")
    warc = _warc(tmp_path / "warcs")
    out = tmp_path / "out"
    r = _run(sys.executable, str(EXAMPLES / "datatrove_pipeline.py"), str(warc.parent), str(out))
    assert r.returncode == 0, r.stderr[-3000:]
    docs = [json.loads(line) for f in sorted(out.glob("*.jsonl*"))
            for line in (gzip.open(f, "rt") if f.suffix == ".gz" else f.open()).read().splitlines()]
    by_url = {d["metadata"]["url"]: d for d in docs}
    assert set(by_url) == {u for u, _, _ in HTML_PAGES}
    for uri, _, payload in HTML_PAGES:
        art = distill.article(payload)
        assert by_url[uri]["text"] == art.text and by_url[uri]["metadata"]["title"] == art.title


def test_nemo_curator_example(tmp_path: Path) -> None:
    _needs("nemo_curator", "fastwarc", extra="nemo")
    warc = _warc(tmp_path)
    r = _run(sys.executable, str(EXAMPLES / "nemo_curator_extractor.py"), str(warc))
    assert r.returncode == 0, r.stderr[-3000:]
    lines = [line.split("\t") for line in r.stdout.splitlines()]
    assert [u for u, _, _ in lines] == [u for u, _, _ in HTML_PAGES]
    assert all(lang == "ENGLISH" for _, lang, _ in lines)


def test_spark_warc_job_example(tmp_path: Path) -> None:
    _needs("pyspark", "pyarrow", "pandas", "fastwarc", extra="spark")
    if shutil.which("java") is None:
        pytest.skip("Spark needs Java on PATH")
    warc = _warc(tmp_path)
    out = tmp_path / "articles.parquet"
    submit = Path(sys.executable).parent / "spark-submit"
    cmd = [str(submit)] if submit.exists() else ["spark-submit"]
    env_python = {"PYSPARK_PYTHON": sys.executable, "PYSPARK_DRIVER_PYTHON": sys.executable}
    os.environ.update(env_python)
    try:
        r = _run(*cmd, "--master", "local[2]", str(EXAMPLES / "spark_warc_job.py"), str(out), str(warc), timeout=600)
    finally:
        for k in env_python:
            os.environ.pop(k, None)
    assert r.returncode == 0, r.stderr[-3000:]
    import pyarrow.parquet as pq

    rows = {row["url"]: row for row in pq.read_table(out).to_pylist()}
    assert set(rows) == {u for u, _, _ in HTML_PAGES}
    for uri, _, payload in HTML_PAGES:
        assert rows[uri]["title"] == distill.article(payload).title and rows[uri]["error"] is None
