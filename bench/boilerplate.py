"""Paragraph-level boilerplate classification: distill.boilerplate() against justext and boilerpy3.

Speed on the corpus (parse included), and accuracy of the text each keeps (the non-boilerplate
paragraphs joined) with the benchmark's metric.
"""

from __future__ import annotations

from collections.abc import Callable

from bench.common import Corpus, Section, optional, ratio, time_alternating, version
from bench.extract import score


def contenders() -> tuple[dict[str, Callable[[bytes], str]], list[str]]:
    import distill

    found: dict[str, Callable[[bytes], str]] = {
        "distill boilerplate()": lambda b: "\n".join(p.text for p in distill.boilerplate(b) if not p.is_boilerplate),
        "distill boilerplate(justext preset)": lambda b: "\n".join(
            p.text for p in distill.boilerplate(b, distill.Extraction.justext()) if not p.is_boilerplate),
    }
    notes = []
    jt = optional("justext")
    if jt:
        stop = jt.get_stoplist("English")
        found[f"justext {version('justext')}"] = lambda b: "\n".join(
            p.text for p in jt.justext(b, stop) if not p.is_boilerplate)
    else:
        notes.append("justext not installed: skipped")
    bp = optional("boilerpy3.extractors")
    if bp:
        ex = bp.ArticleExtractor(raise_on_failure=False)
        found[f"boilerpy3 {version('boilerpy3')} ArticleExtractor"] = lambda b: ex.get_content(
            b.decode("utf-8", "replace"))
    else:
        notes.append("boilerpy3 not installed: skipped")
    return found, notes


def run(corpus: Corpus, rounds: int) -> Section:
    found, notes = contenders()
    acc = {n: score(corpus, fn) for n, fn in found.items()}
    timings = time_alternating(found, corpus.pages, rounds=rounds)
    base = timings["distill boilerplate()"]
    n = len(corpus.pages)
    lines = ["| classifier | F1 of kept text | precision | recall | ms per page | time relative to distill |",
             "|---|---|---|---|---|---|"]
    for name, t in timings.items():
        p, r, f1 = acc[name]
        lines.append(f"| {name} | {f1:.3f} | {p:.3f} | {r:.3f} | {1000 * t.median / n:.2f} | {ratio(t, base):.2f}x |")
    lines += [f"- {x}" for x in notes]
    return Section("Boilerplate classification", lines)
