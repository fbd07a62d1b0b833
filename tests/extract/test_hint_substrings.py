"""The design's class/id hints are substrings, ASCII case-insensitive, anywhere in the value.

rules.c rules a byte out by the letter after it before comparing whole words (no hint word starts
with that pair); the words must still be found at the very start and the very end of a value, inside
longer names, in any case, and a word cut short by the value's end is no word.
"""

from __future__ import annotations

import pytest

import distill


def winner_id(markup: str) -> str | None:
    el = distill.parse(markup).main_content()
    return None if el is None else el.attrs.get("id", el.tag)


TEXT = "".join(f"<p>ab, ab, ab, sentence {k} long enough to count for the score.</p>" for k in range(6))


@pytest.mark.parametrize("attrs", [
    'class="sidebar"', 'class="xSIDEBARx"', 'class="long-class-list pad-4 m-2 text-lg js-comment"',
    'class="AgeGate"', 'id="prefix_shoutbox"', 'class="a b c d e f g h i j k l m n o p q r s t u v w x popup"',
])
def test_boilerplate_hint_anywhere_drops_the_subtree(attrs: str) -> None:
    assert winner_id(f"<section {attrs}><div id=a>{TEXT}</div></section>") is None


@pytest.mark.parametrize("attrs", [
    'class="sidebaR-content"', 'class="xcommentx main"', 'id="ARTICLEshare"',
])
def test_rescue_hint_anywhere_keeps_it(attrs: str) -> None:
    assert winner_id(f"<section {attrs}><div id=a>{TEXT}</div></section>") == "a"


@pytest.mark.parametrize("attrs", ['class="sidebaz"', 'class="commen"', 'class="c o m m e n t"', 'class="s"'])
def test_near_misses_drop_nothing(attrs: str) -> None:
    assert winner_id(f"<section {attrs}><div id=a>{TEXT}</div></section>") == "a"
