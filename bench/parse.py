"""Parse the corpus with distill and with each installed peer parser, same process, alternating."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

from bench.common import Corpus, Section, optional, time_alternating, timing_table, version


def contenders() -> tuple[dict[str, Callable[[bytes], Any]], list[str]]:
    import distill

    found: dict[str, Callable[[bytes], Any]] = {f"distill {version('distill')}": distill.parse}
    notes: list[str] = []
    th = optional("turbohtml")
    if th:
        found[f"turbohtml {version('turbohtml')}"] = th.parse
    else:
        notes.append("turbohtml not installed: skipped")
    lex = optional("selectolax.lexbor")
    if lex:
        found[f"selectolax {version('selectolax')} (lexbor)"] = lex.LexborHTMLParser
    else:
        notes.append("selectolax not installed: skipped")
    rp = optional("resiliparse.parse.html")
    if rp:
        found[f"resiliparse {version('resiliparse')}"] = rp.HTMLTree.parse_from_bytes
    else:
        notes.append("resiliparse not installed: skipped")
    lx = optional("lxml.html")
    if lx:
        found[f"lxml {version('lxml')}"] = lx.document_fromstring
    else:
        notes.append("lxml not installed: skipped")
    return found, notes


# Run in a child so that the parent's allocations do not blur the reading.
_MEMORY_PROBE = r"""
import gc, sys, distill
from bench.common import load_corpus
from pathlib import Path
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096
corpus = load_corpus(Path(sys.argv[1]))
pages = corpus.pages
gc.collect(); before = rss()
docs = [distill.parse(p) for p in pages]
after = rss()
print((after - before) / corpus.total_bytes)
"""


def tree_memory_ratio(corpus: Corpus) -> float | None:
    """Resident memory of all parsed trees held at once, over the input size."""
    r = subprocess.run([sys.executable, "-c", _MEMORY_PROBE, str(corpus.path)], capture_output=True,
                       text=True, check=False)
    try:
        return float(r.stdout.strip())
    except ValueError:
        return None


def run(corpus: Corpus, rounds: int) -> Section:
    found, notes = contenders()
    timings = time_alternating(found, corpus.pages, rounds=rounds)
    base = next(iter(found))
    lines = [f"{len(corpus.pages)} pages, {corpus.total_bytes / 1e6:.1f} MB, {rounds} rounds.", ""]
    lines += timing_table(timings, base, len(corpus.pages), corpus.total_bytes)
    mem = tree_memory_ratio(corpus)
    if mem is not None:
        lines += ["", f"Resident memory of the parsed trees: {mem:.2f}x the input size."]
    lines += [f"- {n}" for n in notes]
    return Section("Parse", lines)
