"""article() titles (issue 13): the words of an <h1> that are not its headline. Pages made here."""

from __future__ import annotations

import distill

PROSE = (
    "<p>The council met on Tuesday evening to debate the budget, which had been delayed for weeks, "
    "and voted, after a long and heated discussion, to approve it.</p>"
    "<p>Residents who attended said the meeting ran late, that tempers flared, and that the vote was close.</p>"
)


def page(head: str = "", h1: str = "") -> distill.Article:
    body = f"<article><h1>{h1}</h1><div class=text>{PROSE}</div></article>"
    return distill.article(f"<html><head>{head}</head><body>{body}</body></html>")


def test_words_hidden_from_sight_are_not_the_headline() -> None:
    # a shop's collection page tells screen readers what the heading is; a reader sees the name
    head = "<title>Sennheiser</title>"
    assert page(head, '<span class="visually-hidden">Collection: </span>Sennheiser').title == "Sennheiser"
    assert page(head, '<span class="sr-only">Collection:</span> Sennheiser').title == "Sennheiser"


def test_a_hidden_separator_between_kicker_and_headline_stays_a_boundary() -> None:
    a = page("", '<span class="kicker">Budget</span><span class="sr-only">: </span><span>Council passes it</span>')
    assert a.title == "Budget: Council passes it"


def test_a_date_in_the_headline_is_not_part_of_it() -> None:
    h1 = '<a href="/p/1"><time datetime="2025-12-18">Dec <span>18</span> 2025</time> Council passes the budget</a>'
    a = page("<title>Council passes the budget | Notes</title>", h1)
    assert a.title == "Council passes the budget"
    assert a.date == "2025-12-18"


def test_a_forum_thread_prefix_label_is_not_part_of_the_title() -> None:
    head = "<title>News - Council passes the budget | Town Forum</title>"
    h1 = (
        '<span class="label label--primary">News</span><span class="label-append">&nbsp;</span>'
        "Council passes the budget"
    )
    assert page(head, h1).title == "Council passes the budget"


def test_a_label_after_the_headline_words_stays() -> None:
    # only a label before the headline's words is a prefix; one after them is part of what it says
    h1 = 'Council passes the budget <span class="badge">Updated</span>'
    assert page("", h1).title == "Council passes the budget Updated"


def test_a_heading_that_is_only_a_label_keeps_its_words() -> None:
    assert page("", '<span class="label">Council passes the budget</span>').title == "Council passes the budget"


# ---------------------------------------------------------------- text written in UTF-8 twice


def test_a_title_encoded_in_utf8_twice_reads_as_meant() -> None:
    # the <title>'s bytes are UTF-8 of UTF-8 read as Latin-1 ("â\x80\x94") or Windows-1252 ("â€™")
    head = "<title>itertools \u00e2\u0080\u0094 Functions creating iterators</title>"
    assert page(head, "").title == "itertools \u2014 Functions creating iterators"
    head = "<title>A DIY Investor\u00e2\u20ac\u2122s Guide to Retirement</title>"
    assert page(head, "").title == "A DIY Investor\u2019s Guide to Retirement"
    a = page('<meta name="author" content="Dariusz Jaro\u00c5\u0084">', "Council passes the budget")
    assert a.byline == "Dariusz Jaro\u0144"


def test_text_written_once_stays_as_written() -> None:
    # "Ö" then a dash could be the two bytes of one character, but the quotes and "été" stand for no
    # byte sequence: the title was written once
    assert page("<title>KÖ\u2013Bahn: \u201cété\u201d</title>", "").title == "KÖ\u2013Bahn: \u201cété\u201d"
    # "Ã©" alone would be "é" written twice; "ß" and the last "Ã" say the text is not
    assert page("<title>Straße \u00c3\u00a9t\u00c3</title>", "").title == "Straße \u00c3\u00a9t\u00c3"


# ---------------------------------------------------------------- "Blog Name: Headline"


def test_an_h1_that_is_the_title_after_the_blog_name_is_the_headline() -> None:
    # the <h1> over the post agrees with "Blog: Headline"; the <h1>s in its body are its sections'
    head = "<title>Gazette Blog: Council passes the budget after a long night</title>"
    body = (
        "<main><header><h1>Council passes the budget after a long night</h1></header>"
        f"<article><h1>What the budget holds</h1>{PROSE}<h1>What comes next</h1>{PROSE}</article></main>"
    )
    a = distill.article(f"<html><head>{head}</head><body>{body}</body></html>")
    assert a.title == "Council passes the budget after a long night"
    # a short part after the colon is a name, not the headline ("Headline: science")
    head = "<title>Council passes the budget after a long night : science</title>"
    body = f"<main><header><h1>science</h1></header><article><h1>What the budget holds</h1>{PROSE}</article></main>"
    a = distill.article(f"<html><head>{head}</head><body>{body}</body></html>")
    assert a.title != "science"


def test_an_h2_over_the_body_that_is_a_title_part_names_the_post() -> None:
    # a blog without an <h1>: its <title> is "Site | Post"; the <h2> over the post says which part the
    # post's is, and the date under it is the post's (the first date in the text is one it mentions)
    head = "<title>Jane's Digital Home | Our journey to the new interpreter</title>"
    prose = "<p>Version 5.2 came out on November 5, 2019, the first that supports the new interpreter.</p>" + PROSE
    body = (
        "<header><div class=logo>Jane's Digital Home</div></header><main><div class=post>"
        "<h2><a href='/p'>Our journey to the new interpreter</a></h2>"
        f"<small>January 13, 2020 at 08:45 AM</small><div class=text>{prose}</div></div></main>"
    )
    a = distill.article(f"<html lang=en><head>{head}</head><body>{body}</body></html>")
    assert a.title == "Our journey to the new interpreter"
    assert (a.date or "")[:10] == "2020-01-13"


def test_a_breadcrumb_title_keeps_its_first_part() -> None:
    head = "<title>Council passes the budget / Town Discussion / Town Forums</title>"
    assert page(head, "").title == "Council passes the budget"
    # one slash between spaces is the headline's own
    head = "<title>Können Fische Schmerzen spüren / empfinden?</title>"
    assert page(head, "").title == "Können Fische Schmerzen spüren / empfinden?"


def test_a_headline_that_ends_with_the_site_name_loses_it() -> None:
    # the <h1> itself ends with the site's name; the <title> adds it again
    head = (
        '<meta property="og:site_name" content="Artlyst">'
        "<title>Critics’ Choice: Best Exhibitions 2025 – Artlyst - Artlyst</title>"
    )
    a = page(head, "Critics’ Choice: Best Exhibitions 2025 – Artlyst")
    assert a.title == "Critics’ Choice: Best Exhibitions 2025"
    # a name inside the headline, with no separator before it, stays
    head = '<meta property="og:site_name" content="Artlyst"><title>Why I read Artlyst</title>'
    assert page(head, "Why I read Artlyst").title == "Why I read Artlyst"
