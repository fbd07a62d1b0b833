"""Exporters and sanitizer: distill's to_text(), to_markdown() and Sanitizer against their peers.

Every contender gets the same input, each aeb page decoded once to str in advance, and does its whole
job on it: distill parses and exports (the "parse + ..." rows; the "... only" rows time the export of
an already parsed tree, which is what Article.markdown pays), the peers parse with their own parsers.
Rounds alternate the order of contenders; the table gives median times and, round by round, the
median ratio of each contender to distill's parse + export (> 1: distill is faster).

Peers (each optional, skipped with a note when missing): inscriptis and html2text for text,
html2text and markdownify for Markdown, nh3 and bleach for sanitizing.

    PYTHONPATH=src python -m bench --only exporters          # with the other suites' machinery
    PYTHONPATH=src python bench/exporters.py [--rounds 5]    # alone
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `bench` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import Corpus, Section, load_corpus, optional, time_alternating, timing_table, version


def _decode(pages: list[bytes]) -> list[str]:
    import distill

    # The encoding distill sniffs for each page, so every contender reads the same characters.
    out = []
    for p in pages:
        enc = distill.parse(p).encoding
        try:
            out.append(p.decode(enc, errors="replace"))
        except LookupError:
            out.append(p.decode("utf-8", errors="replace"))
    return out


def _table(title: str, found: dict[str, Callable[[int], Any]], texts: list[str], rounds: int,
           notes: list[str]) -> Section:
    idx = list(range(len(texts)))
    total = sum(len(t.encode("utf-8", "surrogatepass")) for t in texts)
    timings = time_alternating(found, idx, rounds=rounds)  # type: ignore[arg-type]
    base = next(iter(found))
    lines = timing_table(timings, base, len(texts), total)
    lines[0] = lines[0].replace("ratio to distill", f"ratio to {base}")
    lines += [""] + [f"- {n}" for n in notes]
    # No chart points: the suite chart plots time against extraction F1, which exporters do not have.
    return Section(title, lines)


def text_section(texts: list[str], rounds: int) -> Section:
    import distill

    docs = [distill.parse(t) for t in texts]
    found: dict[str, Callable[[int], Any]] = {
        "distill parse + to_text()": lambda i: distill.parse(texts[i]).to_text(),
        "distill to_text() only": lambda i: docs[i].to_text(),
    }
    notes = []
    ins = optional("inscriptis")
    if ins:
        found[f"inscriptis {version('inscriptis')} get_text()"] = lambda i: ins.get_text(texts[i])
    else:
        notes.append("inscriptis not installed: skipped")
    h2t = optional("html2text")
    if h2t:
        def h2t_text(i: int) -> str:
            h = h2t.HTML2Text()
            h.body_width = 0
            h.ignore_links = True
            h.ignore_images = True
            h.ignore_emphasis = True
            return str(h.handle(texts[i]))
        found[f"html2text {version('html2text')} (links, images, emphasis off)"] = h2t_text
    else:
        notes.append("html2text not installed: skipped")
    return _table("Plain text (to_text)", found, texts, rounds, notes)


def markdown_section(texts: list[str], rounds: int) -> Section:
    import distill

    docs = [distill.parse(t) for t in texts]
    found: dict[str, Callable[[int], Any]] = {
        "distill parse + to_markdown()": lambda i: distill.parse(texts[i]).to_markdown(),
        "distill to_markdown() only": lambda i: docs[i].to_markdown(),
    }
    notes = []
    h2t = optional("html2text")
    if h2t:
        def h2t_md(i: int) -> str:
            h = h2t.HTML2Text()
            h.body_width = 0
            return str(h.handle(texts[i]))
        found[f"html2text {version('html2text')}"] = h2t_md
    else:
        notes.append("html2text not installed: skipped")
    mdf = optional("markdownify")
    if mdf:
        found[f"markdownify {version('markdownify')}"] = lambda i: mdf.markdownify(texts[i])
    else:
        notes.append("markdownify not installed: skipped")
    return _table("Markdown (to_markdown)", found, texts, rounds, notes)


def sanitize_section(texts: list[str], rounds: int) -> Section:
    import distill

    basic = distill.Sanitizer()
    docs = [distill.parse(t) for t in texts]
    found: dict[str, Callable[[int], Any]] = {
        "distill Sanitizer().sanitize(str)": lambda i: basic.sanitize(texts[i]),
        "distill sanitize(parsed document) only": lambda i: basic.sanitize(docs[i]),
    }
    notes = ["distill uses Policy.basic(); nh3 and bleach their default allowlists"]
    nh3 = optional("nh3")
    if nh3:
        found[f"nh3 {version('nh3')} clean()"] = lambda i: nh3.clean(texts[i])
    else:
        notes.append("nh3 not installed: skipped")
    bleach = optional("bleach")
    if bleach:
        found[f"bleach {version('bleach')} clean(strip=True)"] = lambda i: bleach.clean(texts[i], strip=True)
    else:
        notes.append("bleach not installed: skipped")
    return _table("Sanitizer", found, texts, rounds, notes)


def run(corpus: Corpus, rounds: int) -> Section:
    texts = _decode(corpus.pages)
    parts = [text_section(texts, rounds), markdown_section(texts, rounds), sanitize_section(texts, rounds)]
    lines: list[str] = [f"{len(texts)} aeb pages, {rounds} alternating rounds.", ""]
    for s in parts:
        lines += [f"### {s.title}", ""] + s.lines + [""]
    return Section("Exporters and sanitizer", lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--corpus", type=Path, default=None)
    ap.add_argument("--limit", type=int, default=0, help="only the first N pages (0: all)")
    ap.add_argument("--only", default="text,markdown,sanitize")
    args = ap.parse_args()
    corpus = load_corpus(args.corpus)
    if args.limit:
        corpus.pages = corpus.pages[: args.limit]
        corpus.ids = corpus.ids[: args.limit]
    texts = _decode(corpus.pages)
    makers = {"text": text_section, "markdown": markdown_section, "sanitize": sanitize_section}
    for name in args.only.split(","):
        sec = makers[name](texts, args.rounds)
        print(f"### {sec.title}\n\n" + "\n".join(sec.lines) + "\n", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
