"""article() on pages whose structure, not their era, decides what a reader reads (issue 37): a body in
a structured-data <span> left inside an open anchor, paragraphs a test page repeats, very long documents,
an encyclopedia article behind a long infobox, data tables, one-line code blocks.

Every page is of the test's own making, built from a few sentences of prose.
"""

from __future__ import annotations

import itertools

from conftest import PROSE, page

import distill

NAV = "<nav><a href=/>Home</a> <a href=/news>News</a> <a href=/about>About</a></nav>"
MENU = "<div class=menu><ul>" + "".join(f"<li><a href=/s{i}>Section {i}</a></li>" for i in range(12)) + "</ul></div>"


def words(s: str) -> list[str]:
    return s.split()


def sentences(n: int, salt: str = "") -> list[str]:
    """n distinct sentences of prose: the PROSE sentences, each numbered so that none repeats."""
    out = []
    for k, p in zip(range(n), itertools.cycle(PROSE), strict=False):
        out.append(f"{p[:-1]}, as note {salt}{k} of the record says.")
    return out


# ---- a structured-data body (itemprop="articleBody") inside a named anchor -------------------------------

BODY_BR = "<br><br>".join(" ".join(sentences(3, f"b{k}-")) for k in range(8))


def test_a_body_inside_a_named_anchor_is_not_link_text() -> None:
    # <a name> marks a place: its text is no link's, so the body inside it is prose, not a menu
    html = page(MENU + f'<div><a name="story"><span itemprop="articleBody">{BODY_BR}</span></a></div>')
    t = distill.article(html).text
    assert "note b0-0" in t and "note b7-2" in t


def test_a_named_anchor_left_open_keeps_the_body_it_swallowed() -> None:
    # the anchor never closed holds the heading (a block of its own) and the <div>'s text: the heading
    # may be left out, the body may not
    html = page(MENU + f'<div><a name="story"><h1>Council passes the budget</h1>'
                f'<span itemprop="articleBody">{BODY_BR}</span></div>')
    t = distill.article(html).text
    assert "note b0-0" in t and "note b7-2" in t


def test_a_link_around_text_is_still_link_text() -> None:
    # an <a> with an href (or a script's <a> with neither href nor name) stays a link: a menu of them is
    # not an article
    html = page("<div>" + "".join(f"<a href=/x{i}>Story number {i} of the day</a><br>" for i in range(20)) + "</div>")
    assert distill.article(html).text == ""
