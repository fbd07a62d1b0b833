"""Main-content extraction: speed and accuracy of distill and its peers on the same pages, one run.

Accuracy uses the benchmark's own metric, imported from ../shared/tools/score_aeb.py (word 4-gram
shingles, F1 of mean precision and mean recall). Times include parsing, as a user pays it. A second
table times article() beside trafilatura on WCXB dev (../shared/corpus/wcxb-dev, every kind of page,
not only news), in alternating rounds.
"""

from __future__ import annotations

import gzip
import importlib.util
import statistics
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from bench.common import REPO, Corpus, Section, optional, ratio, time_alternating, version

WCXB = REPO.parent / "shared" / "corpus" / "wcxb-dev"

Extractor = Callable[[bytes], str]


def metric() -> ModuleType:
    path = REPO.parent / "shared" / "tools" / "score_aeb.py"
    spec = importlib.util.spec_from_file_location("score_aeb", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"the metric is missing: {path}")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def score(corpus: Corpus, fn: Extractor) -> tuple[float, float, float]:
    """(precision, recall, f1) of fn over the corpus with the benchmark's metric."""
    m = metric()
    rows = [m.page_counts(corpus.truth[k], fn(p) or "") for k, p in zip(corpus.ids, corpus.pages, strict=True)]
    p, r, f1 = m.summarize(rows)
    return p, r, f1


def extractors() -> tuple[dict[str, Extractor], list[str]]:
    import distill

    found: dict[str, Extractor] = {
        "distill article()": lambda b: distill.article(b).text,
        "distill main_text()": lambda b: distill.parse(b).main_text(),
    }
    notes: list[str] = []
    th = optional("turbohtml")
    if th:
        found[f"turbohtml {version('turbohtml')} main_text()"] = lambda b: th.parse(b).main_text()
    else:
        notes.append("turbohtml not installed: skipped")
    tr = optional("trafilatura")
    if tr:
        found[f"trafilatura {version('trafilatura')} extract()"] = lambda b: tr.extract(b) or ""
    else:
        notes.append("trafilatura not installed: skipped")
    rd = optional("readability")
    lh = optional("lxml.html")
    if rd and lh:
        def readability(b: bytes) -> str:
            summary = rd.Document(b).summary()
            return str(lh.fromstring(summary).text_content()) if summary else ""
        found[f"readability-lxml {version('readability-lxml')}"] = readability
    else:
        notes.append("readability-lxml not installed: skipped")
    rp = optional("resiliparse.extract.html2text")
    rh = optional("resiliparse.parse.html")
    if rp and rh:
        found[f"resiliparse {version('resiliparse')} main_content"] = lambda b: rp.extract_plain_text(
            rh.HTMLTree.parse_from_bytes(b), main_content=True)
    else:
        notes.append("resiliparse not installed: skipped")
    return found, notes


def run(corpus: Corpus, rounds: int) -> Section:
    found, notes = extractors()
    acc = {name: score(corpus, fn) for name, fn in found.items()}
    timings = time_alternating(found, corpus.pages, rounds=rounds)
    base_name = next((n for n in found if n.startswith("turbohtml")), "distill main_text()")
    base = timings[base_name]
    n = len(corpus.pages)
    lines = [f"{n} pages of {corpus.path.name}, {rounds} rounds; times include parsing.", "",
             f"| extractor | F1 | precision | recall | ms per page | time relative to {base_name} |",
             "|---|---|---|---|---|---|"]
    points: list[dict[str, Any]] = []
    for name in sorted(found, key=lambda k: -acc[k][2]):
        p, r, f1 = acc[name]
        t = timings[name]
        lines.append(f"| {name} | {f1:.3f} | {p:.3f} | {r:.3f} | {1000 * t.median / n:.2f} | "
                     f"{ratio(t, base):.2f}x |")
        points.append({"name": name, "f1": f1, "ms": 1000 * t.median / n})
    lines += [f"- {x}" for x in notes]
    lines += ["", *wcxb_times(rounds)]
    return Section("Article extraction: accuracy and speed", lines, points)


def wcxb_times(rounds: int) -> list[str]:
    """article() and trafilatura's extract() on every WCXB dev page: ms per page, alternating rounds.

    trafilatura takes ~20-60 ms a page, so at most two rounds are run (a minute or more each)."""
    if not (WCXB / "html").is_dir():
        return [f"WCXB dev not found at {WCXB}: article() beside trafilatura there skipped."]
    import distill

    pages = [gzip.open(p).read() for p in sorted((WCXB / "html").glob("*.html.gz"))]
    found = {"distill article()": lambda b: distill.article(b).text}
    tr = optional("trafilatura")
    if tr:
        found[f"trafilatura {version('trafilatura')} extract()"] = lambda b: tr.extract(b) or ""
    for fn in found.values():  # first-call set-up is not extraction
        for p in pages[:20]:
            fn(p)
    timings = time_alternating(found, pages, rounds=max(1, min(rounds, 2)), warmup=0)
    base = timings["distill article()"]
    lines = [f"{len(pages)} pages of WCXB dev (all seven page types), {len(base.rounds)} alternating round(s); "
             "times include parsing.", "",
             "| extractor | ms per page | time relative to distill article() |", "|---|---|---|"]
    for name, t in timings.items():
        lines.append(f"| {name} | {1000 * statistics.median(t.rounds) / len(pages):.2f} | {ratio(t, base):.2f}x |")
    if not tr:
        lines.append("- trafilatura not installed: skipped")
    return lines


def chart(points: list[dict[str, Any]], path: Path) -> bool:
    """Time per page against F1, one point per extractor (matplotlib optional)."""
    plt_mod = optional("matplotlib")
    if plt_mod is None:
        return False
    plt_mod.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    for pt in points:
        color = "tab:red" if pt["name"].startswith("distill") else "tab:blue"
        ax.scatter(pt["ms"], pt["f1"], color=color, s=40)
        ax.annotate(pt["name"], (pt["ms"], pt["f1"]), textcoords="offset points", xytext=(5, 4), fontsize=8)
    ax.set_xscale("log")
    ax.set_xlabel("milliseconds per page, parse included (log scale)")
    ax.set_ylabel("F1 on the article-extraction benchmark")
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return True
