"""Output bounded by input (issue 36): every renderer writes at most a documented multiple of the page.

docs/limits.md ("Output bounds") states the bounds this file checks: plain text at most TEXT times the
page's size, Markdown MARKDOWN times, sanitized HTML HTML times, plus SLACK bytes; a record of
``distill extract`` holds the article's three renderings and its metadata (at most TEXT + MARKDOWN +
HTML + META times the page in all) and is at most 6 times the strings it holds (the JSON escaping of
a control character), plus a constant.

Every hostile shape below is built by the test at n, 4n and 16n and rendered in a child process whose
address space is limited to LIMIT (a renderer that multiplied the page fails there with MemoryError,
or with a size the bound refuses, instead of taking the machine's memory). A test asserts
- the bound: output <= BOUND * input + SLACK, at every size;
- linearity, for the renderers that render the whole page (the article's renderings depend on what
  the extraction keeps, which can change with the size): the output the step from 4n to 16n adds per
  input byte is at most GROWTH times what the step from n to 4n added, plus a little. A quadratic
  renderer's step adds 4x as much per byte each time; a shape's fixed part (a table's wide first
  row) does not move the comparison.
No test reads a clock.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import distill
from distill import Markdown, PlainText, Policy, Sanitizer, _core
from distill.batch import BatchOptions

TEXT = 24
MARKDOWN = 40
HTML = 24
META = 8
SLACK = 4096
LIMIT = 2 << 30
GROWTH = 1.3
N = 400
BASE = "https://example.org/" + "dir/" * 20 + "page.html?q=1"  # a long (106-byte) page URL


def a(n: int) -> str:
    return "a" * n


# name -> builder of the page for a size n; each names what multiplied (or could multiply) its page.
SHAPES: dict[str, Callable[[int], str]] = {
    # Pipe tables padded every row to the widest (the issue: colspan=1000 over short rows).
    "colspan row over short rows": lambda n: "<table><tr><td colspan=1000>x" + "<tr><td>y" * n + "</table>",
    "wide row over short rows": lambda n: "<table><tr>" + "<td>x" * n + "<tr><td>y" * n + "</table>",
    "rowspans over short rows": lambda n: "<table><tr>" + "<td rowspan=65534>x" * 1000 + "<tr><td>y" * n,
    "one-cell tables with colspan": lambda n: "<table><td colspan=1000>x</table>" * n,
    "small wide tables": lambda n: "<table><td colspan=32>x</table>" * n,
    # URL resolution wrote the base once per link (the issue: a long <base href> and many links).
    "long base href and links": lambda n: f'<base href="http://h/{a(n)}/"><p>' + "<a href=x>y</a>" * n,
    "long base href and images": lambda n: f'<base href="http://h/{a(n)}/"><p>' + "<img src=x alt=y>" * n,
    "long base query and links": lambda n: f'<base href="http://h/?{a(n)}"><p>' + "<a href=?x>y</a><a href=x>y</a>" * n,
    "short links": lambda n: "<p>" + "<a href=x>y" * n,
    "short images": lambda n: "<p>" + "<img src=x>" * n,
    # A Markdown link repeated on every line its text takes; copies of a misnested element.
    "link around line breaks": lambda n: f'<p><a href="http://h/{a(n)}" title="{a(n)}">' + "x<br>" * n + "</a>",
    "link around paragraphs": lambda n: f'<a href="http://h/{a(n)}">' + "<p>x" * n + "</a>",
    "misnested link copies": lambda n: f'<p><a href="http://h/{a(n)}">x</p>' + "<p>y</p>" * n,
    "misnested title copies": lambda n: f'<p><b title="{a(n)}">x</p>' + "<p>y</p>" * n,
    "reopened formatting": lambda n: "<p>" + "".join(f"<strong class=c{i}>" for i in range(256)) + "</p>" + "<p>x" * n,
    "figure of many images": lambda n: (
        "<figure>" + "<img src=a>" * n + "<figcaption>" + "w " * n + "</figcaption></figure>"
    ),
    # Line prefixes: every line carries its containers' prefix.
    "deep quotes and paragraphs": lambda n: "<blockquote>" * 60 + "<p>x" * n,
    "deep ordered lists and breaks": lambda n: "<ol start=999999999><li>" * 60 + "x<br>" * n,
    "deep quotes, pre blank lines": lambda n: "<blockquote>" * 60 + "<pre>x" + "\n" * n + "x",
    "deep quotes, pre lines": lambda n: "<blockquote>" * 60 + "<pre>" + "x\n" * n,
    "deep lists, quote, pre newlines": lambda n: "<ol start=999999999><li>" * 47 + "<blockquote><pre>x" + "\n" * n,
    # Escaping and markup each renderer adds to a byte.
    "footnote references": lambda n: (
        "<p>"
        + "".join(f'<sup><a href="#n{i}">{i % 100}</a></sup>' for i in range(n))
        + "".join(f'<li id="n{i}">z' for i in range(n))
    ),
    "math backslashes": lambda n: "<math><mi>" + "\\" * n + "</mi></math>",
    "math tables": lambda n: "<math><mtable>" + "<mtr><mtd><mi>x</mi></mtd></mtr>" * n + "</mtable></math>",
    "escaped punctuation": lambda n: "<p>" + "*_[`<a" * n,
    "quotes in attributes": lambda n: "<p><a href=x title='" + '"' * n + "'>y</a>",
    "ampersands and less-thans": lambda n: "<p>" + "&<" * n,
    "no-break spaces": lambda n: "<p>" + "x\u00a0" * n,
    "control characters": lambda n: "<p>" + "\x01\x02" * n,
    "carriage return references": lambda n: "<p>" + "&#13;&#10;" * n,
    "line separators": lambda n: "<p>" + "\u2028" * n,
    "list items": lambda n: "<ol start=999999999>" + "<li>x" * n,
    "headings": lambda n: "<h6>x" * n,
}

_RELAXED = Sanitizer(Policy.relaxed())


def _record(markup: str) -> bytes:
    out, _ = _core._extract_batch(
        [(markup.encode(), BASE, None)], **BatchOptions(markdown=True, html=True).core_kwargs()
    )
    return out


# stage -> (bound, whole page?, renderer); the bound of "record" is that of the strings it holds.
STAGES: dict[str, tuple[int, bool, Callable[[str], str | bytes]]] = {
    "to_text": (TEXT, True, lambda m: distill.parse(m).to_text(PlainText(links="inline", images=True, base_url=BASE))),
    "to_text footnotes": (TEXT, True, lambda m: distill.parse(m).to_text(PlainText(links="footnote", base_url=BASE))),
    "to_text wrapped": (TEXT, True, lambda m: distill.parse(m).to_text(PlainText(width=1))),
    "to_markdown": (MARKDOWN, True, lambda m: distill.parse(m).to_markdown(Markdown(base_url=BASE))),
    "sanitize": (HTML, True, lambda m: _RELAXED.sanitize(m, base_url=BASE)),
    "Article.text": (TEXT, False, lambda m: distill.article(m, base_url=BASE).text),
    "Article.markdown": (MARKDOWN, False, lambda m: distill.article(m, base_url=BASE).markdown),
    "Article.html": (HTML, False, lambda m: distill.article(m, base_url=BASE).html),
    "record": (TEXT + MARKDOWN + HTML + META, False, _record),
}


def _size(out: str | bytes) -> int:
    return len(out) if isinstance(out, bytes) else len(out.encode("utf-8", "surrogatepass"))


def measure(n: int) -> dict[str, Any]:
    """In the child: input and output sizes of every shape and stage at n, 4n and 16n (-1: MemoryError)."""
    got: dict[str, Any] = {}
    for name, build in SHAPES.items():
        for k in (1, 4, 16):
            markup = build(k * n)
            for stage, (_, _, render) in STAGES.items():
                try:
                    out = render(markup)
                except MemoryError:
                    size, strings = -1, 0
                else:
                    size = _size(out)
                    strings = _record_strings(out) if stage == "record" else 0
                got.setdefault(f"{name}|{stage}", []).append([len(markup.encode()), size, strings])
    return got


def _record_strings(line: str | bytes) -> int:
    """The UTF-8 size of every string a record holds (keys and values), the JSON's content."""
    total = 0
    stack: list[object] = [json.loads(line)]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            total += sum(len(str(k).encode()) for k in v)
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, str):
            total += len(v.encode("utf-8", "surrogatepass"))
    return total


def run_limited(code: str) -> str:
    """Run Python code in a child limited to LIMIT bytes of address space; its stdout."""
    src = str(Path(distill.__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([src, str(Path(__file__).parent)])}

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))

    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, preexec_fn=limit, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@cache
def sizes() -> dict[str, Any]:
    out = run_limited(f"import json, test_output_bounds as t; print(json.dumps(t.measure({N})))")
    result: dict[str, Any] = json.loads(out)
    return result


@pytest.mark.parametrize(("shape", "stage"), [(s, t) for s in SHAPES for t in STAGES], ids=lambda x: x)
def test_output_is_bounded_by_the_page(shape: str, stage: str) -> None:
    """Output <= BOUND * input + SLACK at n, 4n and 16n, and (whole-page renderers) linear growth."""
    bound, whole, _ = STAGES[stage]
    got = sizes()[f"{shape}|{stage}"]
    for i, o, s in got:
        assert o >= 0, f"{shape} / {stage}: MemoryError under a {LIMIT >> 20} MB address space at {i} bytes"
        if stage == "record":
            # dl_json_string writes at most 6 bytes a byte (a control character as \u00XX).
            assert o <= 6 * s + 1024, f"{shape}: a record of {o} bytes holds {s} bytes of strings"
            o = s
        assert o <= bound * i + SLACK, f"{shape} / {stage}: {i} bytes of page gave {o} ({o / i:.1f}x > {bound}x)"
    if whole:
        (i1, o1, _), (i4, o4, _), (i16, o16, _) = got
        first, second = (o4 - o1) / (i4 - i1), (o16 - o4) / (i16 - i4)
        assert second <= GROWTH * first + 0.1, (
            f"{shape} / {stage}: {first:.2f} bytes a byte from {i1} to {i4} bytes, {second:.2f} from {i4} to {i16}"
        )


# The issue's reproducers at their sizes, each in a child limited to LIMIT: (page, what to render,
# bound). Before the fix: 176 MB of Markdown from the first, 400 MB from the second and third, 89 MB
# of record from the fourth, 10 GB of sanitized HTML from the fifth (MemoryError under LIMIT).
P = "".join(f"<p>Paragraph {i} of the article, with words enough to be read as content.</p>" for i in range(10))
REPRODUCERS: dict[str, tuple[str, str, int]] = {
    "800 KB colspan table": (
        "'<table><tr><td colspan=1000>x' + '<tr><td>y' * 88000 + '</table>'",
        "distill.parse(m).to_markdown()",
        MARKDOWN,
    ),
    "0.32 MB base href and links": (
        "'<base href=\"http://h/' + 'a' * 20000 + '/\"><p>' + '<a href=x>y</a>' * 20000",
        "distill.parse(m).to_markdown()",
        MARKDOWN,
    ),
    "the same, plain text with links": (
        "'<base href=\"http://h/' + 'a' * 20000 + '/\"><p>' + '<a href=x>y</a>' * 20000",
        "distill.parse(m).to_text(distill.PlainText(links='inline'))",
        TEXT,
    ),
    "an 840 KB page's record": (
        "'<html><body><article><h1>A title</h1>' + t.P + '<table><tr><td colspan=1000>x</td></tr>'"
        " + '<tr><td>y</td></tr>' * 44000 + '</table>' + t.P + '</article>'",
        "'x' * t._record_strings(t._record(m))",
        TEXT + MARKDOWN + HTML + META,
    ),
    "a title on 100,000 copies": (
        "'<p><b title=\"' + 't' * 100000 + '\">x</p>' + '<p>y</p>' * 100000",
        "distill.Sanitizer(distill.Policy.relaxed()).sanitize(m)",
        HTML,
    ),
}


@pytest.mark.parametrize("name", REPRODUCERS)
def test_issue_reproducers_are_bounded(name: str) -> None:
    page, render, bound = REPRODUCERS[name]
    out = run_limited(
        "import distill, test_output_bounds as t\n"
        f"m = {page}\n"
        f"o = {render}\n"
        "print(len(m.encode()), len(o) if isinstance(o, bytes) else len(o.encode('utf-8', 'surrogatepass')))"
    )
    size, written = map(int, out.split())
    assert written <= bound * size + SLACK, f"{name}: {size} bytes of page gave {written}"


def report(n: int = N) -> str:
    """The largest output-to-page ratio of each rendering over the shapes (at 16n), for docs/limits.md."""
    got = measure(n)
    lines = ["| rendering | bound | largest ratio at 16n | its shape |", "|---|---|---|---|"]
    for stage, (bound, _, _) in STAGES.items():
        columns = [(1, stage, f"{bound}x")]
        if stage == "record":
            columns = [(2, "record's strings", f"{bound}x"), (1, "record (JSON)", "6x its strings")]
        for col, label, stated in columns:
            rows = [(v[-1][col] / v[-1][0], k.split("|")[0]) for k, v in got.items() if k.endswith(f"|{stage}")]
            ratio, shape = max(rows)
            lines.append(f"| {label} | {stated} | {ratio:.1f}x | {shape} |")
    return "\n".join(lines)


if __name__ == "__main__":
    # python tests/robustness/test_output_bounds.py: the table of docs/limits.md ("Output bounds").
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))
    print(report())
