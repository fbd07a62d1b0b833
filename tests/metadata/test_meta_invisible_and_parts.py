"""article() metadata (issue 13): characters a reader does not see, and titles made of parts. Pages made here."""

from __future__ import annotations

import distill

PROSE = (
    "<p>The council met on Tuesday evening to debate the budget, which had been delayed for weeks, "
    "and voted, after a long and heated discussion, to approve it.</p>"
    "<p>Residents who attended said the meeting ran late, that tempers flared, and that the vote was close.</p>"
)


def page(head: str = "", body: str = "") -> distill.Article:
    return distill.article(f"<html><head>{head}</head><body>{body}</body></html>")


def story(h1: str, after: str = "") -> str:
    return f"<article><h1>{h1}</h1>{after}<div class=text>{PROSE}</div></article>"


# ---------------------------------------------------------------- invisible characters


def test_soft_hyphens_and_zero_width_spaces_are_not_part_of_the_title() -> None:
    a = page("", story("Home Repair Assis&shy;tance Pro&#8203;gram"))
    assert a.title == "Home Repair Assistance Program"


def test_an_h1_with_soft_hyphens_agrees_with_the_declared_title() -> None:
    # the <h1> repeats the <title> whole, with break hints: it is the same text, so it is cut as the
    # title is (the part after the bar is the site's)
    head = "<title>Council passes the budget | The Gazette</title>"
    assert page(head, story("Coun&shy;cil pas&shy;ses the budget | The Gazette")).title == "Council passes the budget"


def test_a_byline_with_a_zero_width_no_break_space_reads_as_the_name() -> None:
    a = page('<meta name="author" content="Jane&#xFEFF; Doe">', story("Council passes the budget"))
    assert a.byline == "Jane Doe"


def test_joiners_that_shape_the_letters_stay() -> None:
    # U+200D joins an emoji sequence; U+200C keeps two Persian letters apart: both are written
    a = page("", story("Family day \U0001f468\u200d\U0001f469 and \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"))
    assert a.title is not None and "\u200d" in a.title and "\u200c" in a.title


# ---------------------------------------------------------------- the site's name with no spaces


def test_a_known_site_name_joined_without_spaces_is_cut() -> None:
    head = (
        '<meta property="og:site_name" content="Notes開発日誌">'
        "<title>ツリーを描画できる「Treeviz」:Notes開発日誌</title>"
    )
    assert page(head, f"<div>{PROSE}</div>").title == "ツリーを描画できる「Treeviz」"


def test_a_colon_inside_a_headline_stays_when_no_site_name_follows_it() -> None:
    head = '<meta property="og:site_name" content="Anime Weekly"><title>Re:Zero returns for a third season</title>'
    assert page(head, f"<div>{PROSE}</div>").title == "Re:Zero returns for a third season"


# ---------------------------------------------------------------- a title in parts


def test_the_first_part_of_a_title_wins_when_another_title_says_it_alone() -> None:
    # the thread's banner <h1> carries the board's name, the post repeats the thread title alone
    head = "<title>Council passes the budget - Town news - The Gazette</title>"
    body = (
        "<header><h1>Council passes the budget - Town news</h1></header>"
        f"<article><h1>Council passes the budget</h1><div class=text>{PROSE}</div></article>"
    )
    assert page(head, body).title == "Council passes the budget"


def test_a_title_in_parts_stays_whole_when_nothing_names_its_first_part_alone() -> None:
    head = "<title>Council passes the budget - Town news - The Gazette</title>"
    body = (
        "<header><h1>Council passes the budget - Town news</h1></header>"
        f"<article><div class=text>{PROSE}</div></article>"
    )
    assert page(head, body).title == "Council passes the budget - Town news"


# ---------------------------------------------------------------- dates


def test_a_date_line_labelled_an_update_gives_way_to_the_pages_time() -> None:
    body = story(
        "Council passes the budget",
        '<div class="post-date">Updated June 16, 2025</div>'
        '<p>First published <time datetime="2025-01-05">in January</time>.</p>',
    )
    assert (page("", body).date or "")[:10] == "2025-01-05"


def test_a_date_line_without_an_update_label_is_the_date() -> None:
    body = story(
        "Council passes the budget",
        '<div class="post-date">June 16, 2025</div><p>Filed <time datetime="2025-01-05">in January</time>.</p>',
    )
    assert (page("", body).date or "")[:10] == "2025-06-16"
