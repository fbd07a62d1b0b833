"""The new Markdown paths stay linear on shapes a page controls: nested formula containers, a figure
of many images, many footnote references, a wide table of rowspans. Each input is measured at 1x and
4x in the same run; the 4x run must cost well under 16x (quadratic) of the 1x run."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

import distill

SHAPES: dict[str, Callable[[int], str]] = {
    "nested katex without math": lambda n: '<span class="katex">' * n + "x" + "</span>" * n,
    "figure of many images": lambda n: "<figure>" + '<img src="a.png">' * n + "<figcaption>c</figcaption></figure>",
    "many note references": lambda n: "".join(f'<p>w<sup><a href="#n{i}">{i}</a></sup></p>' for i in range(n))
    + "<ol>" + "".join(f'<li id="n{i}">note</li>' for i in range(n)) + "</ol>",
    "rowspans": lambda n: "<table><tr>" + '<td rowspan="65534">x</td>' * 200 + "</tr>" + "<tr><td>y</td></tr>" * n
    + "</table>",
}


def _cost(markup: str) -> float:
    doc = distill.parse(markup)
    best = float("inf")
    for _ in range(7):
        t = time.perf_counter()
        doc.to_markdown()
        best = min(best, time.perf_counter() - t)
    return best


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_markdown_cost_grows_linearly(shape: str) -> None:
    make = SHAPES[shape]
    small, large = _cost(make(5000)), _cost(make(20000))
    # 4x the input: linear is about 4x; quadratic would be 16x (best of 7 runs damps a busy machine)
    assert large < 10 * max(small, 1e-3), (shape, small, large)
