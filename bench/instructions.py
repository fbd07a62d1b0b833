"""Instructions spent parsing, counted by valgrind's callgrind: a figure the machine's load cannot blur.

Wall-clock ratios on a shared, loaded machine drift by tens of percent; instruction counts are
deterministic. Each contender parses the first pages of the corpus in a child interpreter run under
callgrind, twice: once parsing, once only loading the pages. The difference is what parsing cost,
Python call overhead and freeing the trees included, so every contender is charged alike. For distill
the count of the C entry point (`py_parse`, inclusive) is given too, with the tokenizer's share.

A second table does the same for extraction, parse included: `distill.article(page).text` against
turbohtml's `parse(page).main_text()` (the issue's speed goal: article() at most 1.0x it), with the
inclusive count of `Node.article()`'s C entry point.

The child is the real interpreter binary (`sys.executable` resolved through symlinks), never a
launcher shim, whose own start-up would be counted instead. Skipped with a note when valgrind is absent.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.common import REPO, Corpus, Section, optional, version

PAGES = 15  # enough markup to dominate start-up noise, few enough for callgrind's ~50x slowdown

_CHILD = r"""
import gzip, sys
from pathlib import Path
which, corpus, n, do_parse = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
import json
ids = sorted(json.loads((corpus / "ground-truth.json").read_text()))[:n]
pages = [gzip.open(corpus / "html" / f"{k}.html.gz").read() for k in ids]
if which == "distill":
    import distill
    fn = distill.parse
elif which == "turbohtml":
    import turbohtml
    fn = turbohtml.parse
elif which == "selectolax":
    from selectolax.lexbor import LexborHTMLParser as fn
elif which == "distill-article":
    import distill
    fn = lambda b: distill.article(b).text
elif which == "turbohtml-main_text":
    import turbohtml
    fn = lambda b: turbohtml.parse(b).main_text()
else:
    raise SystemExit("unknown contender " + which)
fn(b"<p>warm</p>")  # first-call set-up (lazy tables, type objects) is not parsing
if do_parse:
    for p in pages:
        fn(p)
"""

_TOTAL = re.compile(r"^\s*([\d,]+)\s+\(100\.0+%\)\s+PROGRAM TOTALS", re.M)


def _interpreter() -> str:
    return os.path.realpath(sys.executable)


def _callgrind(script: Path, args: list[str], out: Path) -> str | None:
    """Run the child under callgrind; the annotated profile (inclusive), or None on failure."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO / "src"), os.environ.get("PYTHONPATH", "")]))
    r = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", _interpreter(),
                        str(script), *args], capture_output=True, text=True, env=env, check=False)
    if r.returncode != 0 or not out.exists():
        return None
    a = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(out)],
                       capture_output=True, text=True, check=False)
    return a.stdout if a.returncode == 0 else None


def _total(profile: str) -> int | None:
    m = _TOTAL.search(profile)
    return int(m.group(1).replace(",", "")) if m else None


def _function(profile: str, name: str) -> int | None:
    """Inclusive count of the first line naming `name` ("file.c:function", the function's own entry)."""
    m = re.search(rf"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+\S*{re.escape(name)}\b", profile, re.M)
    return int(m.group(1).replace(",", "")) if m else None


def run(corpus: Corpus, rounds: int) -> Section:
    """Callgrind instruction counts of parsing the first pages; `rounds` is unused (counts repeat exactly)."""
    if not shutil.which("valgrind") or not shutil.which("callgrind_annotate"):
        return Section("Instructions", ["not run: valgrind (callgrind) is not installed"])
    n = min(PAGES, len(corpus.pages))
    size = sum(len(corpus.pages[corpus.ids.index(k)]) for k in sorted(corpus.ids)[:n])
    names = {"distill": f"distill {version('distill')}"}
    notes: list[str] = []
    if optional("turbohtml"):
        names["turbohtml"] = f"turbohtml {version('turbohtml')}"
    else:
        notes.append("turbohtml not installed: skipped")
    if optional("selectolax.lexbor"):
        names["selectolax"] = f"selectolax {version('selectolax')} (lexbor)"
    else:
        notes.append("selectolax not installed: skipped")
    counts, inside = _count(corpus, n, names, notes, "distill", ["py_binding.c:py_parse", "treebuilder.c:sink"])
    entry, tree = inside
    lines = [f"First {n} pages ({size / 1e6:.2f} MB), callgrind on {_interpreter()}; "
             "each figure is a parsing run minus a loading-only run.", "",
             "| contender | instructions | per input byte | ratio to distill |", "|---|---|---|---|"]
    d = counts.get("distill")
    for key, c in counts.items():
        r = f"{c / d:.2f}x" if d else "-"
        lines.append(f"| {names[key]} | {c / 1e6:.1f} M | {c / size:.1f} | {r} |")
    if entry is not None:
        extra = (f", of which the tree builder (the tokenizer's sink, inclusive) {tree / 1e6:.1f} M"
                 if tree is not None else "")
        lines += ["", f"distill's C entry point `py_parse`, inclusive: {entry / 1e6:.1f} M{extra}."]
    lines += [f"- {x}" for x in notes]
    lines += ["", *_extraction(corpus, n, size)]
    return Section("Instructions", lines)


def _count(corpus: Corpus, n: int, names: dict[str, str], notes: list[str], inspect: str,
           functions: list[str]) -> tuple[dict[str, int], list[int | None]]:
    """Instructions of each contender (a working run minus a loading-only run) and, for the contender
    `inspect`, the inclusive count of each of `functions` in its working run."""
    counts: dict[str, int] = {}
    inside: list[int | None] = [None] * len(functions)
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "child.py"
        script.write_text(_CHILD)
        for key in names:
            base = [key, str(corpus.path), str(n)]
            idle = _callgrind(script, [*base, "0"], Path(tmp) / f"{key}.idle")
            busy = _callgrind(script, [*base, "1"], Path(tmp) / f"{key}.busy")
            t0 = _total(idle) if idle else None
            t1 = _total(busy) if busy else None
            if t0 is None or t1 is None:
                notes.append(f"{names[key]}: callgrind run failed")
                continue
            counts[key] = t1 - t0
            if key == inspect and busy:
                inside = [_function(busy, f) for f in functions]
    return counts, inside


# Where article()'s instructions go: the stages of the pipeline (extract/pipeline/pipeline.h), each the
# inclusive count of the C function that runs it. What is left of the total is Python: the facade, the
# Article object, freeing the tree.
_STAGES = [
    ("parse (decode and tree construction)", "py_binding.c:py_parse"),
    ("article(): the whole pipeline", "py_pipeline.c:dl_py_node_article"),
    ("- the page index walk (table, page-type features, metadata harvest)", "index.c:dl_index_build"),
    ("-- of which the metadata harvest's visits", "harvest.c:dl_meta_visit_known"),
    ("- the classic selection", "select.c:dl_tab_select"),
    ("- the block features", "blocks.c:dl_blocks_compute"),
    ("- the block model", "block_model.c:dl_block_model"),
    ("- the edge rules", "region_edges.c:dl_region_edges"),
    ("- the text rendering", "text.c:dl_to_text_nodes"),
    ("- the metadata resolution", "resolve.c:dl_meta_resolve"),
]


def _extraction(corpus: Corpus, n: int, size: int) -> list[str]:
    """article() against turbohtml's main_text(), parse included, counted the same way, and where
    article()'s instructions go."""
    names = {"distill-article": f"distill {version('distill')} article().text"}
    if optional("turbohtml"):
        names["turbohtml-main_text"] = f"turbohtml {version('turbohtml')} parse().main_text()"
    notes: list[str] = []
    counts, inside = _count(corpus, n, names, notes, "distill-article", [f for _, f in _STAGES])
    lines = [f"Extraction on the same {n} pages ({size / 1e6:.2f} MB), parse included:", "",
             "| contender | instructions | per input byte | ratio to turbohtml main_text() |", "|---|---|---|---|"]
    t = counts.get("turbohtml-main_text")
    for key, c in counts.items():
        r = f"{c / t:.2f}x" if t else "-"
        lines.append(f"| {names[key]} | {c / 1e6:.1f} M | {c / size:.1f} | {r} |")
    total = counts.get("distill-article")
    if total and any(v is not None for v in inside):
        lines += ["", "Where distill's article() spends them (inclusive counts of each stage's C function):", "",
                  "| stage | instructions | share of article() |", "|---|---|---|"]
        for (label, _), v in zip(_STAGES, inside, strict=True):
            if v is not None:
                lines.append(f"| {label} | {v / 1e6:.1f} M | {v / total:.0%} |")
        parse, pipeline = inside[0], inside[1]
        if parse is not None and pipeline is not None:
            rest = total - parse - pipeline
            lines.append(f"| Python: the facade, the Article object, freeing the tree | {rest / 1e6:.1f} M | "
                         f"{rest / total:.0%} |")
    if "turbohtml-main_text" not in names:
        notes.append("turbohtml not installed: the ratio is not given")
    return lines + [f"- {x}" for x in notes]
