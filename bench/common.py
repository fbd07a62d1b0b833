"""Timing done one way for every benchmark: warm-up, alternating rounds, medians, pair-wise ratios.

Machines here are shared and noisy, so an absolute time means little. Every contender is timed on the
same pages in the same process; rounds alternate the order of contenders so that drift (thermal, a
neighbour's load) hits all of them alike; the ratio of a peer to distill is computed round by round and
its median reported, which cancels most of the drift that the medians alone would carry.
"""

from __future__ import annotations

import gzip
import importlib.metadata
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = REPO.parent / "shared" / "corpus" / "aeb"
OUT = Path(__file__).resolve().parent / "out"


@dataclass
class Corpus:
    """The benchmark pages, decompressed in advance so that no contender pays for gzip."""

    path: Path
    ids: list[str]
    pages: list[bytes]
    truth: dict[str, str]

    @property
    def total_bytes(self) -> int:
        return sum(len(p) for p in self.pages)


def load_corpus(path: Path | None = None) -> Corpus:
    path = path or DEFAULT_CORPUS
    if not (path / "ground-truth.json").exists():
        raise SystemExit(f"no corpus at {path}: give --corpus PATH (html/*.html.gz and ground-truth.json)")
    truth_raw = json.loads((path / "ground-truth.json").read_text())
    ids = sorted(truth_raw)
    pages = [gzip.open(path / "html" / f"{k}.html.gz").read() for k in ids]
    return Corpus(path, ids, pages, {k: truth_raw[k].get("articleBody", "") for k in ids})


# What time_alternating reads. Wall time by default: what a user waits. "cpu" (python -m bench --clock
# cpu) reads the calling thread's CPU time instead: on a shared machine a contender that is taken off
# the core by another job is not charged for the wait, so ratios between contenders that run on the
# calling thread (distill and every peer here does) stay stable under load, where wall-time ratios
# drift by tens of percent. It still sees the cache and memory bandwidth a neighbour takes.
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}
clock: Callable[[], float] = time.perf_counter


def set_clock(name: str) -> None:
    """Choose what time_alternating measures: "wall" or "cpu" (see CLOCKS)."""
    global clock
    clock = CLOCKS[name]


@dataclass
class Timing:
    """One contender's per-round wall times (seconds for the whole corpus)."""

    name: str
    rounds: list[float] = field(default_factory=list)
    note: str = ""

    @property
    def median(self) -> float:
        return statistics.median(self.rounds)

    @property
    def spread(self) -> float:
        """Relative half-range of the rounds: how much to trust the median."""
        if len(self.rounds) < 2:
            return 0.0
        return (max(self.rounds) - min(self.rounds)) / (2 * self.median)


def time_alternating(
    contenders: dict[str, Callable[[bytes], Any]],
    pages: Sequence[bytes],
    rounds: int = 5,
    warmup: int = 1,
) -> dict[str, Timing]:
    """Time each contender over all pages, rounds alternating the order; returns per-round times."""
    names = list(contenders)
    out = {n: Timing(n) for n in names}
    for n in names:
        fn = contenders[n]
        for _ in range(warmup):
            for p in pages:
                fn(p)
    for r in range(rounds):
        order = names[r % len(names):] + names[: r % len(names)]
        if r % 2:
            order.reverse()
        for n in order:
            fn = contenders[n]
            t0 = clock()
            for p in pages:
                fn(p)
            out[n].rounds.append(clock() - t0)
    return out


def ratio(peer: Timing, base: Timing) -> float:
    """Median over rounds of peer/base, pair by pair (same round)."""
    return statistics.median(p / b for p, b in zip(peer.rounds, base.rounds, strict=False))


def version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        # a package imported from a source tree (PYTHONPATH=src) is not installed: its own __version__
        try:
            return str(getattr(importlib.import_module(dist), "__version__", "?"))
        except ImportError:
            return "?"


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
            f"Python {sys.version.split()[0]}")


def timing_table(timings: dict[str, Timing], base: str, pages: int, total_bytes: int) -> list[str]:
    """Markdown rows: median ms per page, spread, MB/s and the per-round ratio to `base`."""
    rows = ["| contender | ms per page (median) | spread | MB/s | ratio to distill |",
            "|---|---|---|---|---|"]
    b = timings.get(base)
    for name, t in timings.items():
        r = f"{ratio(t, b):.2f}x" if b is not None else "-"
        rows.append(f"| {name} | {1000 * t.median / pages:.3f} | ±{100 * t.spread:.0f}% | "
                    f"{total_bytes / t.median / 1e6:.1f} | {r} |")
    return rows


@dataclass
class Section:
    """One benchmark's output: a title, Markdown lines, and data points for the chart."""

    title: str
    lines: list[str]
    points: list[dict[str, Any]] = field(default_factory=list)


def optional(module: str) -> Any | None:
    """Import a peer if installed; None (and the caller notes it as skipped) otherwise."""
    try:
        return importlib.import_module(module)
    except Exception:  # a peer that fails to import for any reason is skipped, never fatal
        return None
