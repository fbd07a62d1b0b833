"""Batch throughput: the corpus packed into a WARC, pages per second on one core and on all of them.

distill runs through distill.batch (threads, and processes for comparison); trafilatura and resiliparse
run in a process pool over the same records, as a crawl job would run them.
"""

from __future__ import annotations

import io
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bench.common import Corpus, Section, optional, version


def write_warc(corpus: Corpus, path: Path) -> bool:
    warcio = optional("warcio.warcwriter")
    if warcio is None:
        return False
    from warcio.statusandheaders import StatusAndHeaders

    with path.open("wb") as out:
        w = warcio.WARCWriter(out, gzip=True)
        for k, page in zip(corpus.ids, corpus.pages, strict=True):
            headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8")], protocol="HTTP/1.1")
            w.write_record(w.create_warc_record(f"http://example.test/{k}", "response", payload=io.BytesIO(page),
                                                http_headers=headers))
    return True


def _distill_page(page: bytes) -> int:
    import distill

    return len(distill.parse(page, encoding="utf-8").article().text or "")


def _trafilatura_page(page: bytes) -> int:
    import trafilatura

    return len(trafilatura.extract(page) or "")


def _resiliparse_page(page: bytes) -> int:
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.html import HTMLTree

    return len(extract_plain_text(HTMLTree.parse_from_bytes(page), main_content=True))


def _pool_run(fn: Callable[[bytes], int], warc: Path, jobs: int) -> int:
    from distill.batch import iter_pages

    pages = [p.html for p in iter_pages([warc])]
    if jobs == 1:
        return sum(1 for p in pages if fn(p) >= 0)
    with ProcessPoolExecutor(jobs) as ex:
        return sum(1 for n in ex.map(fn, pages, chunksize=8) if n >= 0)


def _distill_threads(warc: Path, jobs: int) -> int:
    from distill.batch import extract

    return sum(1 for _ in extract([warc], jobs=jobs))


def run(corpus: Corpus, rounds: int) -> Section:
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as tmp:
        warc = Path(tmp) / "corpus.warc.gz"
        if not write_warc(corpus, warc):
            return Section("Batch throughput", ["not run: warcio is needed to pack the corpus into a WARC"])
        jobs: dict[str, Callable[[], int]] = {
            "distill --jobs 1": lambda: _distill_threads(warc, 1),
            f"distill, {cores} threads": lambda: _distill_threads(warc, cores),
            f"distill, {cores} processes": lambda: _pool_run(_distill_page, warc, cores),
        }
        notes = []
        if optional("trafilatura"):
            jobs[f"trafilatura {version('trafilatura')}, {cores} processes"] = lambda: _pool_run(
                _trafilatura_page, warc, cores)
        else:
            notes.append("trafilatura not installed: skipped")
        if optional("resiliparse"):
            jobs[f"resiliparse {version('resiliparse')}, {cores} processes"] = lambda: _pool_run(
                _resiliparse_page, warc, cores)
        else:
            notes.append("resiliparse not installed: skipped")
        times: dict[str, list[float]] = {k: [] for k in jobs}
        counts: dict[str, int] = {}
        names = list(jobs)
        for r in range(max(3, rounds // 2)):
            for name in names[r % len(names):] + names[: r % len(names)]:
                t0 = time.perf_counter()
                counts[name] = jobs[name]()
                times[name].append(time.perf_counter() - t0)
    base = statistics.median(times["distill --jobs 1"])
    lines = [f"{len(corpus.pages)} pages in one WARC, {cores} cores; pages per second (median of rounds).", "",
             "| job | pages/s | relative to distill --jobs 1 |", "|---|---|---|"]
    for name in names:
        med = statistics.median(times[name])
        lines.append(f"| {name} | {counts[name] / med:,.0f} | {base / med:.2f}x |")
    lines += [f"- {n}" for n in notes]
    return Section("Batch throughput", lines)
