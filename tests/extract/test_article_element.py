"""Article.element: article() does not run the design's scoring walk; the element is found on first read.

It must be exactly main_content() of the node article() was called on, None when nothing scores, and
be kept once found; everything that reads the fields (to_dict, repr, ==, copies) sees it."""

from __future__ import annotations

import copy
import dataclasses

import distill
from distill import Extraction
from distill.batch import BatchOptions, Page, extract_page

PROSE = "The council met on Monday, and it passed the budget, at last, after hours of talk. " * 3
PAGE = (f"<html><head><title>Budget</title></head><body><nav><a href='/'>Home</a></nav>"
        f"<div id='w'><h1>Budget</h1><p>{PROSE}</p><p>{PROSE}</p></div>"
        f"<section id='other'><div id='inner'><p>{PROSE}</p></div></section></body></html>")
NO_WINNER = "<html><head><title>Stub</title></head><body><p>Soon.</p></body></html>"


def _unset(a: distill.Article) -> bool:
    try:
        object.__getattribute__(a, "element")
    except AttributeError:
        return True
    return False


def test_the_element_is_main_contents_found_on_first_read_and_kept() -> None:
    doc = distill.parse(PAGE)
    a = doc.article()
    assert _unset(a)  # article() did not score
    assert a.text and a.title == "Budget"
    assert _unset(a)
    el = a.element
    assert el is not None and el.attrs["id"] == "w" and el == doc.main_content()
    assert not _unset(a) and a.element is el


def test_no_winner_is_none() -> None:
    doc = distill.parse(NO_WINNER)
    assert doc.main_content() is None
    a = doc.article()
    assert a.element is None and a.text == "Soon." and not _unset(a)
    assert a.to_dict()["element"] is None


def test_article_of_an_element_is_that_elements_main_content() -> None:
    doc = distill.parse(PAGE)
    section = doc.find("section")
    assert section is not None
    a = section.article()
    assert a.element is not None and a.element == section.main_content() and a.element.attrs["id"] == "inner"
    # distill.article() is the document's article()
    b = distill.article(PAGE)
    assert b.element is not None and b.element.attrs["id"] == "w"


def test_to_dict_carries_the_span_in_field_order() -> None:
    doc = distill.parse(PAGE.encode())
    a = doc.article()
    d = a.to_dict()
    assert list(d)[0] == "element" and list(d) == [f.name for f in dataclasses.fields(a) if not f.name.startswith("_")]
    span = doc.main_content().source_span  # type: ignore[union-attr]
    assert span is not None and d["element"] == list(span)


def test_repr_equality_and_copies_see_the_element() -> None:
    doc = distill.parse(PAGE)
    a, b = doc.article(), doc.article()
    assert "element=<Element div>" in repr(a)
    assert a == b and not _unset(b)
    c = distill.parse(PAGE).article()
    d = copy.copy(c)
    assert d.element is c.element and c.element is not None
    e = dataclasses.replace(distill.parse(PAGE).article(), title="Other")
    assert e.element is not None and e.element.attrs["id"] == "w" and e.title == "Other"


def test_an_unknown_attribute_still_raises() -> None:
    a = distill.article(PAGE)
    try:
        a.nonexistent  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as exc:
        assert exc.name == "nonexistent"
    else:
        raise AssertionError("no AttributeError")


# A block named "comments" that holds the article is a layout wrapper, not comments: the comments need
# the design's winner, so asking for them finds it with the rest.
WRAPPED = (f"<html><body><div class='comments article'><div id='w'><p>{PROSE}</p><p>{PROSE}</p></div></div>"
           f"<div class='comments'><p>A reader wrote a long comment about it all.</p></div></body></html>")


def test_comments_find_the_winner_and_set_the_element() -> None:
    doc = distill.parse(WRAPPED)
    a = doc.article(Extraction(include_comments=True))
    assert not _unset(a)
    assert a.element is not None and a.element == doc.main_content()
    assert a.comments == "A reader wrote a long comment about it all."
    rec = extract_page(Page("x", None, WRAPPED.encode()), options=BatchOptions(comments=True))
    assert rec.error is None and rec.comments == a.comments
