"""The tags the harvest reads a date from besides <time> (harvest.c's source_tags): a microformat <abbr> and
a custom element that carries a datetime (<relative-time>, <local-time>) are read as <time>s; the same
markup on an element the harvest has no reason to read gives no date. Pages made here."""

from __future__ import annotations

import pytest
from test_meta_byline_cleaning import article_with


def date_under_headline(line: str) -> str | None:
    return article_with(line).date


@pytest.mark.parametrize(
    "line",
    [
        '<abbr class="published" title="2019-11-18T07:45:00Z">Nov 18</abbr>',
        '<relative-time datetime="2019-11-18T07:45:00Z">last year</relative-time>',
        '<local-time datetime="2019-11-18T07:45:00Z" class="published">a while ago</local-time>',
        '<p>Posted <relative-time datetime="2019-11-18T07:45:00Z">a while ago</relative-time></p>',
    ],
)
def test_a_dated_source_other_than_time(line: str) -> None:
    assert date_under_headline(line) == "2019-11-18T07:45:00Z"


@pytest.mark.parametrize(
    "line",
    [
        '<abbr class="initials" title="2019-11-18T07:45:00Z">Nov 18</abbr>',  # not a microformat date
        '<span title="2019-11-18T07:45:00Z">a while ago</span>',
        '<relative-time data-when="2019-11-18T07:45:00Z">a while ago</relative-time>',  # no datetime
    ],
)
def test_no_date_from_other_markup(line: str) -> None:
    assert date_under_headline(line) is None
