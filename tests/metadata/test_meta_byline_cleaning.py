"""article() bylines (issue 13): what follows a visible author's name is not part of it. Pages made here."""

from __future__ import annotations

import pytest

import distill

PROSE = (
    "<p>The council met on Tuesday evening to debate the budget, which had been delayed for weeks, "
    "and voted, after a long and heated discussion, to approve it.</p>"
    "<p>Residents who attended said the meeting ran late, that tempers flared, and that the vote was close.</p>"
)


def article_with(line: str) -> distill.Article:
    """The article of a page whose headline has line under it, then the prose."""
    body = f"<article><h1>Council passes the budget</h1>{line}<div class=text>{PROSE}</div></article>"
    return distill.article(f"<html lang=en><head></head><body>{body}</body></html>")


def byline_of(line: str) -> str | None:
    return article_with(line).byline


@pytest.mark.parametrize(
    "line",
    [
        # a review site's role after a dot operator (U+22C5)
        "<div class=author>Jane Doe \u22c5 Review Editor \u22c5</div>",
        # a bio that opens with the name, or with the first name
        "<div class=author-box><b>Jane Doe</b> Jane Doe is a senior marketing manager at the firm.</div>",
        "<div class=author-box><b>Jane Doe</b> Jane is a software developer specializing in audio.</div>",
        "<div class=author>Jane Doe is a growth-focused marketing professional specializing in SaaS.</div>",
        # a footnote mark
        "<div class=author>Jane Doe*</div>",
        # a reviewer after the author
        "<div class=author>By Jane Doe. Reviewed by John Roe</div>",
    ],
)
def test_what_follows_the_name_is_cut(line: str) -> None:
    assert byline_of(line) == "Jane Doe"


def test_a_credential_after_the_name_stays() -> None:
    assert byline_of("<div class=author>Jane Doe, MD*</div>") == "Jane Doe, MD"


def test_a_long_sentence_with_is_a_is_not_cut_into_a_name() -> None:
    # "is a" after many words is a sentence about something else, not a bio after a name
    line = "<div class=author>The Research Portfolio Online Reporting Tools database is a list of projects</div>"
    assert byline_of(line) != "The Research Portfolio Online Reporting Tools database"
