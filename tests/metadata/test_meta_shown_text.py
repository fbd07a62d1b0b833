"""The lines a reader sees under the headline are read once for the date rules that read them (the
date under the headline, a declared date's day shown there, an older date beside it): each rule sees
the same lines, and each page its own."""

from __future__ import annotations

import distill

PROSE = (
    "<p>The council met on Tuesday evening to debate the budget, which had been delayed for weeks, "
    "and voted, after a long and heated discussion, to approve it.</p>"
    "<p>Residents who attended said the meeting ran late, that tempers flared, and that the vote was close.</p>"
)


def dated(head: str, line: str) -> str | None:
    body = f"<article><h1>Council passes budget</h1><div>{line}</div><div class=text>{PROSE}</div></article>"
    return distill.article(f"<html><head>{head}</head><body>{body}</body></html>").date


def test_each_rule_and_each_page_reads_its_own_lines_under_the_headline() -> None:
    declared = '<meta property="article:published_time" content="2021-12-10T20:06:09-07:00">'
    # the date under the headline, no declared date
    assert dated("", "June 4, 2024 by Luke") == "2024-06-04"
    # the declared day shown there, then an older date beside it: the first publication
    assert dated(declared, "December 10, 2021 April 9, 2019 by Luke") == "2019-04-09"
    # the next page's lines are its own
    assert dated(declared, "December 10, 2021 by Luke") == "2021-12-10T20:06:09-07:00"
    assert dated("", "March 3, 2020 by Luke") == "2020-03-03"
