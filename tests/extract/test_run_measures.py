"""An inline run (text written straight into a container) is a paragraph from 25 folded characters on
(article_rules.h DL_ART_PARA_MIN_CHARS), its text children measured with its inline elements' text.

The classic selection reads each text child's measure back from the element table's walk, stepping
over the measures of the element children's subtrees between two text children; here the inline
elements hold most of the text, and never-content elements (script, SVG) sit between the text
children, so a measure read for the wrong node moves the run across the floor.
"""

from __future__ import annotations

import pytest

import distill
from distill import _core

FLOOR = 25


def run_host(filler: str) -> str:
    # the run's folded text: "a <b>..<i>in</i></b> c <script/> d <svg/> <i>x</i> e"
    return (f"<div>a <b>{filler}<i>in</i></b> c<script>var words = 'many many many many';</script> d"
            f"<svg><text>never content text here</text></svg> <i>x</i> e</div>")


def folded(filler: str) -> int:
    return len(f"a {filler}in c d x e")


@pytest.mark.parametrize("extra", [0, 1])
def test_a_run_counts_from_the_floor_on(extra: int) -> None:
    filler = next("w" * n for n in range(1, FLOOR) if folded("w" * n) == FLOOR - 1 + extra)
    assert folded(filler) == FLOOR - 1 + extra
    doc = distill.parse(f"<!doctype html><html><body>{run_host(filler)}</body></html>")
    text = _core._article_text(doc, classic=True)
    if extra:  # a paragraph of its own: its div wins
        assert filler in text and "many" not in text and "never" not in text
    else:  # below the floor: no paragraph, nothing scores
        assert text == ""
