"""article() dates (issue 13): reading the date a page shows with its headline. Pages made here."""

from __future__ import annotations

import distill
from distill._core import _date_scan

PROSE = (
    "<p>The council met on Tuesday evening to debate the budget, which had been delayed for weeks, "
    "and voted, after a long and heated discussion, to approve it.</p>"
    "<p>Residents who attended said the meeting ran late, that tempers flared, and that the vote was close.</p>"
)


def page(head: str = "", body: str = "", lang: str = "en") -> distill.Article:
    return distill.article(f'<html lang="{lang}"><head>{head}</head><body>{body}</body></html>')


# ---------------------------------------------------------------- indentation is not text


def test_the_date_under_an_indented_headline_is_read() -> None:
    # hundreds of spaces of indentation between the headline and its date line: the text read under
    # the headline is bounded by its words, so the date is still in the line under it, and it
    # overrules a declared date the page never shows
    pad = "\n" + " " * 120
    head = '<script type="application/ld+json">{"@type": "Article", "datePublished": "2025-12-01T05:10:15Z"}</script>'
    body = (
        f"<article><h1>{pad}The information bottleneck{pad}</h1>{pad}<div>{pad}<p>{pad}Jane Doe{pad}</p>"
        f"{pad}<span>{pad}24 Apr 2000{pad}</span>{pad}</div>{pad}<div>{PROSE}</div></article>"
    )
    assert (page(head, body).date or "")[:10] == "2000-04-24"


def test_the_date_over_an_indented_headline_is_read() -> None:
    pad = "\n" + " " * 200
    head = '<script type="application/ld+json">{"@type": "Article", "datePublished": "2025-12-01T05:10:15Z"}</script>'
    body = (
        f"<article><div>{pad}<span>{pad}March 3, 2021{pad}</span>{pad}</div>{pad}"
        f"<h1>Council passes the budget</h1><div>{PROSE}</div></article>"
    )
    assert page(head, body).date == "2021-03-03"


# ---------------------------------------------------------------- the page's numeric date order


def test_a_time_with_a_day_over_twelve_says_the_page_writes_the_month_first() -> None:
    # English at large writes 10/12/2023 either way; the page's own <time> "12/17/2025" says month first
    body = (
        "<div class=posted>10/12/2023 7:38 PM</div><article><h1>Council passes the budget</h1>"
        f"<div>{PROSE}</div></article>"
        '<aside><h2>More</h2><time datetime="2025-12-17">12/17/2025</time></aside>'
    )
    assert (page("", body).date or "")[:10] == "2023-10-12"


def test_a_time_whose_datetime_matches_its_text_says_the_page_writes_the_day_first() -> None:
    body = (
        "<div class=posted>10/12/2023</div><article><h1>Council passes the budget</h1>"
        f"<div>{PROSE}</div></article>"
        '<aside><h2>More</h2><time datetime="2021-12-08T08:00:00Z">08/12/2021</time></aside>'
    )
    assert page("", body).date == "2023-12-10"


def test_english_at_large_reads_a_numeric_date_month_first() -> None:
    body = f"<div class=posted>10/12/2023</div><article><h1>Council passes the budget</h1><div>{PROSE}</div></article>"
    assert page("", body).date == "2023-10-12"
    # unless its <time>s write the day first
    times = '<aside><h2>More</h2><time datetime="2021-12-08T08:00:00Z">08/12/2021</time></aside>'
    assert page("", body + times).date == "2023-12-10"


def test_without_a_language_or_a_time_to_say_so_a_numeric_date_is_not_guessed() -> None:
    body = f"<div class=posted>10/12/2023</div><article><h1>Council passes the budget</h1><div>{PROSE}</div></article>"
    assert page("", body, lang="").date is None
    # a scan that is told no order reads none
    assert _date_scan("on 10/12/2023") is None


def test_a_language_that_says_the_order_is_not_overruled_by_a_time() -> None:
    # en-GB writes the day first; a <time> that reads the other way does not change it
    body = (
        "<div class=posted>10/12/2023</div><article><h1>Council passes the budget</h1>"
        f"<div>{PROSE}</div></article>"
        '<aside><h2>More</h2><time datetime="2025-12-17">12/17/2025</time></aside>'
    )
    assert page("", body, lang="en-GB").date == "2023-12-10"


def test_a_page_that_writes_the_day_before_the_months_name_reads_numeric_dates_day_first() -> None:
    # lang="en" says nothing of the order; the page's list of posts writes "3 October 2023", so the
    # "03/10/2023" under the headline is 3 October, as a reader of that page reads it
    posts = (
        "<aside><h2>More posts</h2><ul>"
        '<li><a href="/p/1">How to build a career</a> - 3 October 2023</li>'
        '<li><a href="/p/2">Jargon busting</a> - 13 September 2023</li></ul></aside>'
    )
    body = f"<article><h1>Council passes the budget</h1><div class=posted>03/10/2023</div><div>{PROSE}</div></article>"
    assert page("", body + posts).date == "2023-10-03"
    # the month's name first ("October 3, 2023"), or nothing else written, leaves English's month first
    us_posts = posts.replace("3 October 2023", "October 3, 2023").replace("13 September 2023", "September 13, 2023")
    assert page("", body + us_posts).date == "2023-03-10"
    assert page("", body).date == "2023-03-10"
    # both ways written: the page does not say, and the guess stands
    mixed = posts.replace("13 September 2023", "September 13, 2023")
    assert page("", body + mixed).date == "2023-03-10"
    # "3rd October 2023" is the day first as well
    assert page("", body + posts.replace("3 October", "3rd October")).date == "2023-10-03"


# ---------------------------------------------------------------- the <time> under the headline


def test_the_time_under_the_headline_beats_the_first_time_of_the_page() -> None:
    # the first <time> is a news item in the header's ticker; the one under the headline is the post's
    nav = "".join(f'<li><a href="/s/{k}">Section number {k} of the site</a></li>' for k in range(12))
    body = (
        '<header><ul><li><a href="/n/1">Board elected</a> <time datetime="2025-01-31T12:00:00Z">01/31/2025</time>'
        f"</li></ul><nav><ul>{nav}</ul></nav></header><article><h1>Council passes the budget</h1>"
        '<div><time datetime="2017-03-01T12:00:00Z">03/01/2017</time> by Jane Doe</div>'
        f"<div>{PROSE}</div></article>"
    )
    assert page("", body).date == "2017-03-01T12:00:00Z"


# ---------------------------------------------------------------- a generic date meta the page's words confirm


def test_a_date_meta_the_page_labels_as_the_publication_stands() -> None:
    # a journal's header: "Published on" the meta's day, then a preprint's "first published" date right
    # over the headline; the page says in words which date it was published on
    meta = '<meta name="DC.Date" content="2019-06-25">'
    header = (
        "<div class=meta>Published on 25.Jun.2019 in Vol 7, No 6 (2019): June. Preprints (earlier versions) of "
        "this paper are available at the preprint server, first published 04.Apr.2019.</div>"
    )
    body = f"<article>{header}<h1>Council passes the budget</h1><div>{PROSE}</div></article>"
    assert page(meta, body).date == "2019-06-25"
    # without the label, the date shown with the headline overrules the generic meta, as before
    header = "<div class=meta>Issue 6, first posted 04.Apr.2019.</div>"
    body = f"<article>{header}<h1>Council passes the budget</h1><div>{PROSE}</div></article>"
    assert page(meta, body).date == "2019-04-04"


# ---------------------------------------------------------------- day-month-year joined by dashes


def test_a_date_with_its_month_name_between_dashes_is_read() -> None:
    assert _date_scan("By: FlowGuard EMEA on 04-ago-2021 5:11:10") == "2021-08-04"
    assert _date_scan("Posted 12-Jan-2020 by the editor") == "2020-01-12"
    assert _date_scan("12/Jan/2020") == "2020-01-12"
    # the separators agree and touch the parts; a two-digit year is too short to be sure of
    assert _date_scan("12-Jan/2020") is None
    assert _date_scan("12 -Jan-2020") is None
    assert _date_scan("12-Jan-20") is None


# ---------------------------------------------------------------- versions are not dates


def test_a_version_number_is_not_a_date() -> None:
    # a forum's footer, "Powered by vBulletin Version 3.8.11", is not the 3rd of August 2011
    assert _date_scan("Powered by vBulletin Version 3.8.11") is None
    assert _date_scan("Release 1.2.2020 notes") is None
    # a short dotted date after a name or another word is still one
    assert _date_scan("Klaus-Peter Schöppner, 8.5.12") == "2012-05-08"
    assert _date_scan("Conversion 3.8.11") == "2011-08-03"


def test_the_time_under_the_headline_beats_a_date_line_after_it() -> None:
    # the post's <time> comes first under the headline; the date line after it is a related post's card
    cards = "".join(
        f'<div class="card"><a href="/p/{k}">Another post {k}</a><div class="card-time">2025/12/{10 + k}</div></div>'
        for k in range(3)
    )
    body = (
        "<article><h1>Council passes the budget</h1>"
        '<div class=author>EcoFlow <time datetime="2025-04-29 21:00:25">- 2025/4/29</time></div>'
        f"<aside>{cards}</aside><div>{PROSE}</div></article>"
    )
    assert page("", body).date == "2025-04-29T21:00:25"


# ---------------------------------------------------------------- a publication stamped as the modification


def test_a_published_time_equal_to_the_modified_time_yields_to_the_time_marked_pubdate() -> None:
    # JSON-LD's datePublished is its dateModified to the second (a re-save); the page's <time pubdate>
    # says an earlier day
    ld = (
        '<script type="application/ld+json">{"@type": "Article", "datePublished": "2025-11-29T12:28:31-05:00",'
        ' "dateModified": "2025-11-29T12:28:31-05:00"}</script>'
    )
    body = (
        f"<article><h1>Council passes the budget</h1><div>{PROSE * 3}</div>"
        '<div class=published>Published <time pubdate datetime="2025-08-13">August 13, 2025</time></div></article>'
    )
    assert page(ld, body).date == "2025-08-13"
    # a modification a second later leaves the declared publication as it is
    ld = ld.replace('"dateModified": "2025-11-29T12:28:31', '"dateModified": "2025-11-29T12:28:32')
    assert page(ld, body).date == "2025-11-29T12:28:31-05:00"
