"""A date the page's text labels as its publication ("Published 5 June 2021", "Veröffentlicht am
16.08.2019") or its revision ("Stand: 09.10.2017"), found where the label starts a word of the text,
in either case, wherever it falls in the text (page_dates.c's labelled_date looks at 16 places at a time)."""

from __future__ import annotations

import pytest

import distill

PROSE = (
    "<p>The council met on Tuesday evening to debate the budget, which had been delayed for weeks, "
    "and voted, after a long and heated discussion, to approve it.</p>"
    "<p>Residents who attended said the meeting ran late, that tempers flared, and that the vote was close.</p>"
)


def dated(footer: str, lang: str = "en") -> str | None:
    # the footer far below the headline: only the labelled-date rules read it
    body = f"<h1>Council passes budget</h1><div>{PROSE * 14}</div><footer><p>{footer}</p></footer>"
    return distill.article(f"<html lang={lang}><body>{body}</body></html>").date


@pytest.mark.parametrize("pad", range(18))
def test_a_label_anywhere_in_the_text(pad: int) -> None:
    assert dated("w" * pad + " Published 5 June 2021") == "2021-06-05"


@pytest.mark.parametrize("pad", range(18))
def test_a_label_inside_a_word_is_none(pad: int) -> None:
    # "republished" is no label: the label after it is
    footer = "w" * pad + " Republished 3 May 2020, and first Published 5 June 2021"
    assert dated(footer) == "2021-06-05"


def test_a_label_in_capitals_and_after_a_label_without_a_date() -> None:
    assert dated("Posted in News and Notes. PUBLISHED 5 June 2021") == "2021-06-05"


def test_a_label_that_starts_the_page_text() -> None:
    body = f"<p>Published 5 June 2021</p><h1>Council passes budget</h1><div>{PROSE * 14}</div>"
    assert distill.article(f"<html><body>{body}</body></html>").date == "2021-06-05"


def test_a_revision_label() -> None:
    assert dated("[Stand: 09.10.2017, 01:40 Uhr]", lang="de") == "2017-10-09"
