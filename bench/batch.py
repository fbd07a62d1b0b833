"""Batch throughput: the corpus packed into a gzip WARC (one member per record, as crawlers write it).

Two tables:
- scaling: `distill extract`'s engine (distill.batch.extract_jsonl) with jobs 1 and jobs = cores on the
  corpus repeated four times, rounds alternating, the jobs-N/jobs-1 speed-up computed round by round
  (its median is the figure); plus the share of a page's CPU time spent inside the C batch call
  (thread CPU time inside _core._extract_batch over the process CPU time, jobs 1), which bounds what
  more cores can give;
- peers: pages per second on the same WARC (the corpus once) for distill, trafilatura, resiliparse and
  datatrove's Trafilatura extractor, each peer in a process pool of `cores` workers over the records, as a
  crawl job runs them.

Wall-clock figures need a quiet machine; the ratios are measured alternately in one process.
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


def write_warc(corpus: Corpus, path: Path, repeat: int = 1) -> bool:
    warcio = optional("warcio.warcwriter")
    if warcio is None:
        return False
    from warcio.statusandheaders import StatusAndHeaders

    with path.open("wb") as out:
        w = warcio.WARCWriter(out, gzip=True)
        for r in range(repeat):
            for k, page in zip(corpus.ids, corpus.pages, strict=True):
                headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8")],
                                           protocol="HTTP/1.1")
                w.write_record(w.create_warc_record(f"http://example.test/{r}/{k}", "response",
                                                    payload=io.BytesIO(page), http_headers=headers))
    return True


def _trafilatura_page(page: bytes) -> int:
    import trafilatura

    return len(trafilatura.extract(page) or "")


def _resiliparse_page(page: bytes) -> int:
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.html import HTMLTree

    return len(extract_plain_text(HTMLTree.parse_from_bytes(page), main_content=True))


_DATATROVE = None


def _datatrove_page(page: bytes) -> int:
    global _DATATROVE
    if _DATATROVE is None:
        from datatrove.pipeline.extractors import Trafilatura

        _DATATROVE = Trafilatura(favour_precision=True)
    return len(_DATATROVE.extract(page.decode("utf-8", "replace")) or "")


def _pool_run(fn: Callable[[bytes], int], warc: Path, jobs: int, pool: ProcessPoolExecutor | None) -> int:
    from distill.batch import iter_pages

    pages = [p.html for p in iter_pages([warc]) if isinstance(p.html, bytes)]
    if pool is None:
        return sum(1 for p in pages if fn(p) >= 0)
    return sum(1 for n in pool.map(fn, pages, chunksize=4) if n >= 0)


def _distill(warc: Path, jobs: int) -> int:
    from distill.batch import extract_jsonl

    return sum(chunk.count(b"\n") for chunk in extract_jsonl([warc], jobs=jobs))


def _c_share(warc: Path) -> tuple[float, float]:
    """(CPU ms per page, share of it inside _core._extract_batch), jobs 1, best of three."""
    import distill.batch as batch
    from distill import _core

    real = _core._extract_batch
    inside = [0.0]

    def timed(*args: object, **kwargs: object) -> object:
        t = time.thread_time()
        try:
            return real(*args, **kwargs)  # type: ignore[arg-type]
        finally:
            inside[0] += time.thread_time() - t

    best = (float("inf"), 0.0)
    batch._core._extract_batch = timed  # type: ignore[assignment]
    try:
        for _ in range(3):
            inside[0] = 0.0
            t = time.process_time()
            n = _distill(warc, 1)
            total = time.process_time() - t
            best = min(best, (total / n * 1e3, inside[0] / total))
    finally:
        batch._core._extract_batch = real  # type: ignore[assignment]
    return best


def _cpu_model(warc: Path, jobs: int) -> tuple[float, float, float]:
    """CPU seconds of jobs 1, and of jobs N split into the parent's and the workers' (all of them).

    On a machine shared with other work, wall-clock speed-ups say little; CPU time does. With the
    workers' CPU spread over `jobs` cores and the parent's running beside them, a quiet machine's
    speed-up is about cpu1 / max(parent, workers / jobs) (the ranges are small enough to balance).
    """
    import multiprocessing
    import resource

    import distill.batch as batch

    t = time.process_time()
    _distill(warc, 1)
    cpu1 = time.process_time() - t
    saved = batch._mp_context
    for pool in list(batch._POOLS.values()):  # fresh workers, forked as direct children so their
        batch._drop_process_pool(pool)         # CPU time is ours to read once they are joined
    batch._mp_context = lambda: multiprocessing.get_context("fork")  # type: ignore[assignment]
    try:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.process_time()
        _distill(warc, jobs)
        parent = time.process_time() - t
        for pool in list(batch._POOLS.values()):
            batch._POOLS.clear()
            pool.shutdown(wait=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    finally:
        batch._mp_context = saved  # type: ignore[assignment]
    workers = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu1, parent, workers


def _alternate(jobs: dict[str, Callable[[], int]], rounds: int) -> tuple[dict[str, list[float]], dict[str, int]]:
    times: dict[str, list[float]] = {k: [] for k in jobs}
    counts: dict[str, int] = {}
    names = list(jobs)
    for name in names:  # warm-up: imports, worker processes, caches
        counts[name] = jobs[name]()
    for r in range(rounds):
        for name in names[r % len(names):] + names[: r % len(names)]:
            t0 = time.perf_counter()
            counts[name] = jobs[name]()
            times[name].append(time.perf_counter() - t0)
    return times, counts


def run(corpus: Corpus, rounds: int) -> Section:
    cores = os.cpu_count() or 1
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        once, four = Path(tmp) / "corpus.warc.gz", Path(tmp) / "corpus4.warc.gz"
        if not write_warc(corpus, once) or not write_warc(corpus, four, repeat=4):
            return Section("Batch throughput", ["not run: warcio is needed to pack the corpus into a WARC"])

        # ---- scaling ----
        scale_jobs = {"jobs 1": lambda: _distill(four, 1), f"jobs {cores}": lambda: _distill(four, cores)}
        times, counts = _alternate(scale_jobs, max(5, rounds))
        ratios = [a / b for a, b in zip(times["jobs 1"], times[f"jobs {cores}"], strict=True)]
        ms, share = _c_share(once)
        lines += [f"`distill extract` engine on {counts['jobs 1']} pages ({len(corpus.pages)} corpus pages x 4) in "
                  f"one gzip WARC, {cores} cores, median of {len(ratios)} alternating rounds.", "",
                  "| jobs | pages/s | speed-up over jobs 1 (median of per-round ratios) |", "|---|---|---|"]
        for name in scale_jobs:
            med = statistics.median(times[name])
            ratio = "1.00x" if name == "jobs 1" else (f"{statistics.median(ratios):.2f}x "
                                                      f"(rounds {min(ratios):.2f}-{max(ratios):.2f})")
            lines.append(f"| {name.split()[1]} | {counts[name] / med:,.0f} | {ratio} |")
        models = [_cpu_model(four, cores) for _ in range(3)]
        cpu1, parent, workers = min(models, key=lambda m: m[1] + m[2])
        bound = cpu1 / max(parent, workers / cores)
        n = counts["jobs 1"]
        lines += ["", f"jobs 1: {ms:.3f} ms of CPU per page, {share:.0%} of it inside the C batch call "
                      f"(GIL released); the rest is WARC reading (fastwarc's inflate holds the GIL) and Python.",
                  f"jobs {cores} in CPU time: parent {parent / n * 1e3:.3f} ms/page, workers {workers / n * 1e3:.3f} "
                  f"ms/page in all (jobs 1: {cpu1 / n * 1e3:.3f}); speed-up these allow on {cores} idle cores: "
                  f"{bound:.2f}x (the wall-clock figure above is only as good as the machine is quiet).", ""]

        # ---- peers ----
        pool = ProcessPoolExecutor(cores)
        try:
            peers: dict[str, Callable[[], int]] = {
                "distill --jobs 1": lambda: _distill(once, 1),
                f"distill --jobs {cores}": lambda: _distill(once, cores),
            }
            notes = []
            if optional("trafilatura"):
                peers[f"trafilatura {version('trafilatura')}, {cores} processes"] = lambda: _pool_run(
                    _trafilatura_page, once, cores, pool)
            else:
                notes.append("trafilatura not installed: skipped")
            if optional("resiliparse"):
                peers[f"resiliparse {version('resiliparse')}, {cores} processes"] = lambda: _pool_run(
                    _resiliparse_page, once, cores, pool)
            else:
                notes.append("resiliparse not installed: skipped")
            if optional("datatrove.pipeline.extractors"):
                peers[f"datatrove {version('datatrove')} Trafilatura extractor, {cores} processes"] = (
                    lambda: _pool_run(_datatrove_page, once, cores, pool))
            else:
                notes.append("datatrove not installed: skipped")
            ptimes, pcounts = _alternate(peers, max(3, rounds // 2))
        finally:
            pool.shutdown()
    base = statistics.median(ptimes["distill --jobs 1"])
    lines += [f"Peers on the same WARC ({len(corpus.pages)} pages), pages per second (median of rounds).", "",
              "| extractor | pages/s | relative to distill --jobs 1 |", "|---|---|---|"]
    for name in ptimes:
        med = statistics.median(ptimes[name])
        lines.append(f"| {name} | {pcounts[name] / med:,.0f} | {base / med:.2f}x |")
    lines += [f"- {n}" for n in notes]
    return Section("Batch throughput", lines)
