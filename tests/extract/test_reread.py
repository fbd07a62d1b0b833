"""Step 1 of the pipeline reads a page a second time when the first read hides it. Here: an unclosed
<title>, which the HTML Standard reads as RCDATA to the end of the file (the whole page becomes the
title's text and the body is empty), is read again with the title ended where its text meets its first
tag. The <noscript> re-read has its own tests (test_noscript_share.py)."""

from __future__ import annotations

import sys

import pytest
from conftest import PROSE, REPO

import distill

sys.path.insert(0, str(REPO / "tools"))
import entry_points  # noqa: E402

BODY = "".join(f"<p>{p}</p>" for p in PROSE * 2)


def swallowed(title: str = "Budget approved") -> str:
    return (f"<html><head><title>{title}\n<meta name=description content='x'></head><body><article>"
            f"<h1>{title}</h1>{BODY}</article></body></html>")


@pytest.mark.parametrize("kind", ["bytes", "str"])
def test_a_page_swallowed_by_its_title_is_read_again(kind: str) -> None:
    page = swallowed()
    raw: str | bytes = page.encode() if kind == "bytes" else page
    assert distill.parse(raw).find("body").text == ""  # the conformant read: all of it is the title's
    a = distill.article(raw)
    assert a._result is not None and a._result.reread
    assert a.title == "Budget approved"
    for p in PROSE:
        assert p in a.text
    # spans are offsets into the caller's input, as for any page
    start, end = a.regions[0].source_span
    assert page[start:end].startswith(("<article", "<body")) and PROSE[0] in page[start:end]


def test_every_entry_point_reads_it_again() -> None:
    raw = swallowed().encode()
    assert list(entry_points.differences([("own/title", raw)])) == []


def test_a_long_closed_title_is_not_read_again() -> None:
    # a title that names tags as text ("<b> and <i>") is RCDATA too; closed, with a body of its own, the
    # page is read as parsed
    title = "How to use <b>, <i> and <em>: a guide to the phrasing elements of HTML " * 5
    page = f"<html><head><title>{title}</title></head><body><article>{BODY}</article></body></html>"
    a = distill.article(page)
    assert a._result is not None and not a._result.reread
    assert PROSE[0] in a.text


def test_an_empty_page_with_a_short_unclosed_title_is_left_alone() -> None:
    # a short title without tags inside: nothing was swallowed, and nothing is read again
    a = distill.article("<html><head><title>Only a title")
    assert a._result is not None and not a._result.reread
    assert a.text == ""
