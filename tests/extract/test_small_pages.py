"""article() on small hand-made pages (issue 37): a body of a few paragraphs is the article, whole.

Another extractor's test suite is full of such pages: a body of paragraphs with an inline SVG, a MathJax
formula, share buttons, a hidden element, or text with no <p> around it. A reader sees every paragraph
as the article and the buttons and the hidden element as nothing; an extractor that keeps a fifth of it
because the page is too small to look like an article fails them. Every page is of the test's own making.
"""

from __future__ import annotations

import pytest

import distill

PARAGRAPHS = [
    "The committee met on Tuesday to discuss the plans for the new library, delayed twice since spring.",
    "Members agreed that the reading room should face the park, so that visitors enjoy the afternoon light.",
    "The architect presented three designs, and the second, with a glass roof over the hall, won most votes.",
]
P0, P1, P2 = PARAGRAPHS
HEAD = "<html><head><title>Library plans</title></head><body><h1>Library plans</h1>"

SHAPES = {
    "an inline SVG": f"<p>{P0}</p><svg width='90' height='90'><circle cx='45' cy='45' r='40'/>"
                     f"<text x='9' y='20'>Figure one</text></svg><p>{P1}</p><p>{P2}</p>",
    "a MathJax formula": f"<p>{P0}</p><script type='math/tex; mode=display'>E = mc^2</script><p>{P1}</p>"
                         f"<p>{P2}</p>",
    "share buttons": f"<div class='share'><a href='https://social.example/share'>Tweet</a> "
                     f"<a href='https://social.example/like'>Like</a></div><p>{P0}</p><p>{P1}</p><p>{P2}</p>"
                     "<div class='social-buttons'><a href='#'>Pin it</a></div>",
    "a hidden element": f"<p>{P0}</p><p style='display:none'>Text the page hides from every reader.</p>"
                        f"<p>{P1}</p><p>{P2}</p>",
    "no paragraph elements": f"{P0}<br><br>{P1}<br><br>{P2}",
    "paragraphs and loose text": f"{P0}<p>{P1}</p>{P2}",
    "all of them at once": f"{P0}<svg><circle r='4'/></svg><script type='math/tex'>x^2</script><p>{P1}</p>"
                           "<div hidden>Text the page hides from every reader.</div>"
                           f"<div class='share-buttons'><a href='#'>Tweet</a></div>{P2}",
}


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_small_page_is_its_whole_body(shape: str) -> None:
    a = distill.article(HEAD + SHAPES[shape] + "</body></html>")
    for p in PARAGRAPHS:
        assert p in a.text, (shape, a.text)
    assert "hides from every reader" not in a.text
    assert "Tweet" not in a.text and "Pin it" not in a.text
    # the paragraphs stay apart, in the page's order
    assert a.text.index(P0) < a.text.index(P1) < a.text.index(P2)
    assert "\n" in a.text[a.text.index(P0):a.text.index(P2)]
