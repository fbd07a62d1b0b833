"""The sibling repetition features of blocks.c: how many children of a block's parent share its tag and
class (digits aside), read per parent off the element table, an only child counting one."""

from __future__ import annotations

import math
from array import array

from conftest import block_features as blocks
from conftest import feature_index

# log1p(repeats - 1) of the block, of the most repeated of five levels up, of its parent; the unit's distance up
REP, MAXREP, PARENT_REP, UNIT_UP = (feature_index(n) for n in (
    "log_repeat", "log_repeat_up5", "log_parent_repeat", "unit_up"))


def lg(v: int) -> float:
    return array("f", [math.log1p(v)])[0]


def test_siblings_of_one_tag_and_class_count_together_and_others_apart() -> None:
    b = blocks(
        "<ul>"
        + "".join(f'<li class="card-{k}">Card number {k} of the grid, with a few words.</li>' for k in range(4))
        + '<li class="note">A note that is shaped otherwise than the cards.</li>'
        + '<li class="card-9 x">A card whose class list is another one.</li>'
        + "</ul>"
        + "<div><p>An only child paragraph in its own wrapper, alone.</p></div>"
        + "<section>" + "".join(f"<div><p>Post {k} of a thread, one paragraph.</p></div>" for k in range(3))
        + "</section>"
    )
    assert b["Card number 2 of the grid, with a few words."][REP] == lg(3)  # four cards: three others
    assert b["A note that is shaped otherwise than the cards."][REP] == 0.0
    assert b["A card whose class list is another one."][REP] == 0.0
    assert b["An only child paragraph in its own wrapper, alone."][REP] == 0.0
    post = b["Post 1 of a thread, one paragraph."]
    assert post[REP] == 0.0 and post[PARENT_REP] == lg(2) and post[MAXREP] == lg(2)
    assert post[UNIT_UP] == 1.0  # the repeated unit is the post's <div>, one level up
