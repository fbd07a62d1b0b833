"""A block's text measures (features 0, 2, 3, 4 and 5) are those of the block's own text.

blocks.c reads each text node's measures back from the element table's walk instead of measuring the
text again; the two walks must meet the text nodes in the same order, never-content subtrees (script,
SVG, MathML, template) skipped alike. Every block below has a different length, word, comma, stop and
digit count, so a measure read for the wrong text node shows. (A block's text is its pieces joined
by a space, blocks.h, hence "br\u00fbl\u00e9e , 2024.".)
"""

from __future__ import annotations

import math
import re
from array import array

import distill
from distill import _core


def blocks(body: str) -> dict[str, list[float]]:
    doc = distill.parse(f"<!doctype html><html><head><title>t</title></head><body>{body}</body></html>")
    texts, feats, nfeat = _core._article_blocks(doc)
    a = array("f")
    a.frombytes(feats)
    return {t: list(a[i * nfeat:(i + 1) * nfeat]) for i, t in enumerate(texts)}


def f32(x: float) -> float:
    return array("f", [x])[0]


def test_block_measures_are_the_blocks_own_text() -> None:
    body = (
        "<p>One, two.</p><script>var skipped = 'a b c d e f';</script>"
        "<div>Alpha <b>beta</b> gamma 42<svg><text>never content 1 2 3</text></svg> delta!</div>"
        "<ul><li>First item, with 7 words? Yes.</li><li>x</li></ul>"
        "<template><p>inert text 99</p></template>"
        "<p>Caf\u00e9 cr\u00e8me <i>br\u00fbl\u00e9e</i>, 2024.<math><mi>x</mi></math> End</p>"
        "<table><tr><td>Cell 1</td><td>Cell two, 2, 3.</td></tr></table>"
    )
    got = blocks(body)
    assert set(got) == {"One, two.", "Alpha beta gamma 42 delta!", "First item, with 7 words? Yes.", "x",
                        "Caf\u00e9 cr\u00e8me br\u00fbl\u00e9e , 2024. End", "Cell 1", "Cell two, 2, 3."}
    for text, f in got.items():
        chars, words = len(text), len(text.split())
        assert f[0] == f32(math.log1p(chars)), text
        assert f[5] == f32(math.log1p(words)), text
        assert f[2] == f32(text.count(",") / (words + 1.0)), text
        assert f[3] == f32(len(re.findall(r"[.!?]", text)) / (words + 1.0)), text
        assert f[4] == f32(len(re.findall(r"[0-9]", text)) / chars), text
