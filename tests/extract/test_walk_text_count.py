"""The design's scoring walk counts a paragraph's folded length (code points, each interior run of
white space one character, the ends nothing) and its commas, 16 bytes at a time past the first
character. The counts decide the design's thresholds: a paragraph scores from 25 characters, and gets
a length point per 100. These pages put those boundaries at every offset of the 16-byte blocks, with
runs of every kind of HTML white space, two-, three- and four-byte characters and commas around them,
and check main_content() against the lengths computed here."""

from __future__ import annotations

import pytest

import distill

PIECES = ["é", "漢字", "a", "🙂", ",", "word", "x,y"]
SPACES = [" ", "\t\n", "\r\n  ", "\f", "   \t"]


def folded(text: str) -> int:
    return len(" ".join(text.split()))


def text_of(length: int, seed: int) -> str:
    """Text whose folded length is exactly `length`, its pieces and gaps varied by seed."""
    out, k = "", seed
    while True:
        piece = PIECES[k % len(PIECES)]
        gap = SPACES[(k // 3) % len(SPACES)]
        nxt = out + (gap if out else "") + piece
        if folded(nxt) > length:
            break
        out, k = nxt, k + 1
    while folded(out) < length:  # pad with letters to the exact length
        out += "z"
    assert folded(out) == length
    return out


@pytest.mark.parametrize("lead", range(0, 18))
def test_paragraph_scores_from_25_characters(lead: int) -> None:
    for length in (24, 25):
        body = text_of(length, lead)
        # white space before the paragraph's first character is not the paragraph's (lead of it)
        page = f"<html><body><div id=c>{' ' * lead}<p>{chr(9) * (lead % 3)}{body}{' ' * lead}</p></div></body></html>"
        el = distill.parse(page).main_content()
        if length >= 25:
            assert el is not None and el.attrs.get("id") == "c", (lead, body)
        else:
            assert el is None, (lead, body)


def points(text: str) -> int:
    """The design's points of one paragraph: a base point, one per comma, one per 100 characters (at most 3)."""
    return 1 + text.count(",") + min(3, folded(text) // 100)


@pytest.mark.parametrize("lead", range(0, 18))
def test_length_points_at_a_hundred_characters(lead: int) -> None:
    # one paragraph a character short of a second length point, one at it: the points decide the
    # winner (the earlier one on a tie), so a count one off either way moves it
    for first, second in ((199, 200), (200, 200), (200, 199), (99, 100)):
        a, b = text_of(first, lead), text_of(second, lead + 1)
        page = (f"<html><body><div id=a>x{' ' * lead}<p>{a}</p></div>"
                f"<div id=b><p>{' ' * lead}{b}</p></div></body></html>")
        el = distill.parse(page).main_content()
        want = "b" if points(b) > points(a) else "a"
        assert el is not None and el.attrs.get("id") == want, (lead, first, second, a, b)
