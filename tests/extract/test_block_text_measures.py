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

from conftest import block_features as blocks
from conftest import feature_index


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
        assert f[feature_index("log_chars")] == f32(math.log1p(chars)), text
        assert f[feature_index("log_words")] == f32(math.log1p(words)), text
        assert f[feature_index("commas_per_word")] == f32(text.count(",") / (words + 1.0)), text
        assert f[feature_index("stops_per_word")] == f32(len(re.findall(r"[.!?]", text)) / (words + 1.0)), text
        assert f[feature_index("digit_share")] == f32(len(re.findall(r"[0-9]", text)) / chars), text


# Sibling repetition (blocks.c count_repeats): how many children of one parent share a block's tag and
# class, digits in the class ignored ("item-1" and "item-2" are one shape). Feature 52 is
# log1p(repeats - 1) of the block's own element, 54 the same for its parent; each group has its own
# size, so a count read from the wrong slot of the table shows.
OWN, PARENT = 52, 54


def test_repeats_count_same_tag_and_class_under_one_parent() -> None:
    items = "".join(f'<li class="item-{k}">Item number {k} of the list.</li>' for k in range(1, 6))
    body = (
        f'<ul>{items}<li class="other">The odd one, first.</li><li class="other">The odd one, second.</li>'
        '<li>Plain item without a class.</li></ul>'
        # the same class under another parent is another group
        '<ol><li class="item-9">Elsewhere, alone in its list.</li></ol>'
        # same class, other tag: not the same shape
        '<div><p class="item-1">A paragraph named like an item.</p><span class="item-1">x</span></div>'
    )
    got = blocks(body)
    for k in range(1, 6):
        assert got[f"Item number {k} of the list."][OWN] == f32(math.log1p(4))
    assert got["The odd one, first."][OWN] == f32(math.log1p(1))
    assert got["The odd one, second."][OWN] == f32(math.log1p(1))
    assert got["Plain item without a class."][OWN] == 0.0
    assert got["Elsewhere, alone in its list."][OWN] == 0.0
    assert got["A paragraph named like an item."][OWN] == 0.0
    # the lists themselves are alone under <body>
    assert got["Item number 1 of the list."][PARENT] == 0.0


def test_many_groups_under_many_parents() -> None:
    # enough elements that the table's probes collide: every group still keeps its own count
    sections = "".join(
        "<section>" + "".join(f'<div class="g{c}">Group {c} member {m} in section {s}.</div>'
                              for c in "abc" for m in range(ord(c) - ord("a") + 2)) + "</section>"
        for s in range(40))
    got = blocks(sections)
    for s in range(40):
        for c, size in (("a", 2), ("b", 3), ("c", 4)):
            for m in range(size):
                assert got[f"Group {c} member {m} in section {s}."][OWN] == f32(math.log1p(size - 1))
