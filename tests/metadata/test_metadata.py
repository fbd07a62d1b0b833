"""article(): each metadata source, its precedence, folding and absence, on pages made here."""

from __future__ import annotations

import pytest

import distill
from distill import Article

BODY = (
    "<div id=body><p>The first paragraph of the story, with commas, clauses, and length.</p>"
    "<p>The second paragraph of the story, with more commas, and more words.</p></div>"
)


def art(head: str = "", body: str = "", html_attrs: str = "") -> Article:
    return distill.article(f"<html{html_attrs}><head>{head}</head><body>{body}{BODY}</body></html>")


def test_article_element_and_text() -> None:
    a = art()
    assert isinstance(a, Article)
    assert a.element is not None and a.element.attrs["id"] == "body"
    # the same words as the winner's text; rendered by the exporters' text renderer (paragraphs apart)
    assert a.text.split() == distill.parse(f"<body>{BODY}").main_text().split()
    assert a.text.startswith("The first paragraph") and "\nThe second paragraph" in a.text


def test_node_article_matches_function() -> None:
    page = f"<title>T</title>{BODY}"
    doc = distill.parse(page)
    a, b = doc.article(), distill.article(page)
    assert (a.text, a.title) == (b.text, b.title) and a.title == "T"
    assert a.element == doc.main_content() and b.element is not None
    assert b.element.serialize() == a.element.serialize()


def test_no_metadata_gives_none() -> None:
    a = art()
    assert (a.title, a.byline, a.date, a.description, a.lang) == (None,) * 5
    assert (a.canonical, a.site_name, a.image, a.tags) == (None, None, None, ())


def test_no_winner_article() -> None:
    a = distill.article("<title>Stub</title><p>Soon.</p>")
    # no winner, but a page with visible text never gets an empty article (issue 12)
    assert a.element is None and a.text == "Soon." and a.title == "Stub"


# ---- title: first <h1>, then og:title, then <title> --------------------------------------------

OG_TITLE = '<meta property="og:title" content="From  og:title">'
TITLE = "<title> From\n title </title>"


def test_title_precedence() -> None:
    # issue 5: the <h1> just before the article text (the nearest one) is its title
    h1 = "<h1>From <em>h1</em></h1><h1>Second h1</h1>"
    assert art(OG_TITLE + TITLE, h1).title == "Second h1"
    assert art(OG_TITLE + TITLE).title == "From og:title"
    assert art(TITLE).title == "From title"


def test_title_sources_order_independent() -> None:
    # og:title after <title> in the source still wins over it.
    assert art(TITLE + OG_TITLE).title == "From og:title"


def test_empty_h1_supplies_nothing() -> None:
    assert art(TITLE, "<h1> <img src=logo.png> </h1>").title == "From title"
    assert art(TITLE, "<h1></h1><h1>Real</h1>").title == "Real"


def test_h1_in_pruned_header_still_counts() -> None:
    assert art(TITLE, "<header><h1>Header title</h1></header>").title == "Header title"


def test_svg_title_is_not_the_title() -> None:
    assert art("", "<svg><title>icon</title></svg>").title is None


# ---- byline: rel=author link, then author meta -------------------------------------------------

AUTHOR_META = '<meta name="author" content="Meta  Author">'


def test_byline_precedence() -> None:
    # issue 13: the declared author comes before the visible byline
    link = '<p>By <a rel="author external" href="/a">Link  Author</a></p>'
    assert art(AUTHOR_META, link).byline == "Meta Author"
    assert art("", link).byline == "Link Author"
    assert art(AUTHOR_META).byline == "Meta Author"
    assert art("", '<a href="/a">Not an author link</a>').byline is None


def test_byline_rel_is_a_token_list() -> None:
    assert art("", '<a rel="AUTHOR" href=/a>Upper</a>').byline == "Upper"
    assert art("", '<a rel="coauthor" href=/a>No</a>').byline is None


# ---- date: article:published_time, JSON-LD, <time>, then a common date meta; ISO 8601 (issue 5) -

PUBLISHED = '<meta property="article:published_time" content="2021-02-03T04:05:06Z">'
DATE_META = '<meta name="date" content="2020-01-01">'


def test_date_precedence() -> None:
    time = '<time datetime="2022-05-06">May 6</time>'
    assert art(PUBLISHED + DATE_META, time).date == "2021-02-03T04:05:06Z"  # issue 5: declared first
    assert art(DATE_META, time).date == "2020-01-01"  # issue 13: a declared date before a <time>
    assert art("", time).date == "2022-05-06"
    assert art(PUBLISHED + DATE_META).date == "2021-02-03T04:05:06Z"
    assert art(DATE_META).date == "2020-01-01"


def test_time_without_datetime_uses_text() -> None:
    # issue 5: normalised to ISO 8601 when the text can be read, as written otherwise
    assert art("", "<time> 6 May\n 2022 </time>").date == "2022-05-06"
    assert art("", '<time datetime="">7 May 2022</time>').date == "2022-05-07"
    assert art("", "<time> last\n Tuesday </time>").date is None  # issue 13: no date an index can use


@pytest.mark.parametrize(
    "meta",
    [
        '<meta name="pubdate" content="2019-09-09">',
        '<meta name="DC.date.issued" content="2019-09-09">',
        '<meta itemprop="datePublished" content="2019-09-09">',
    ],
)
def test_common_date_metas(meta: str) -> None:
    assert art(meta).date == "2019-09-09"


# ---- description: og:description, then description meta ----------------------------------------


def test_description_precedence() -> None:
    og = '<meta property="og:description" content="OG  desc">'
    plain = '<meta name="description" content="Plain desc">'
    assert art(plain + og).description == "OG desc"
    assert art(plain).description == "Plain desc"
    assert art('<meta name="description" content="   ">').description is None


# ---- lang, canonical, site_name, image, tags ---------------------------------------------------


def test_lang_is_declared() -> None:
    assert art(html_attrs=' lang=" en-GB "').lang == "en-GB"
    assert art().lang is None  # never detected from the (English) text


def test_canonical_site_name_image() -> None:
    head = (
        '<link rel="canonical" href="https://example.org/a">'
        '<meta property="og:site_name" content="Example  Site">'
        '<meta property="og:image" content="https://example.org/i.png">'
    )
    a = art(head)
    assert (a.canonical, a.site_name, a.image) == (
        "https://example.org/a",
        "Example Site",
        "https://example.org/i.png",
    )


def test_site_name_from_a_json_ld_website_when_nothing_else_names_the_site() -> None:
    website = (
        '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "WebSite",'
        ' "name": "Chatter", "url": "https://chatter.example/"}</script>'
    )
    title = "<title>Chatter - Group chat for friends</title>"
    a = art(title + website)
    assert a.site_name == "Chatter"
    # the known site name tells "Site - Headline" apart and is cut from the front
    assert a.title == "Group chat for friends"
    # without it the last part is taken for the site's ("Headline - Site" is the convention)
    assert (art(title).site_name, art(title).title) == (None, "Chatter")
    # a WebPage's name is the page's, not the site's; og:site_name comes first
    webpage = website.replace('"WebSite"', '"WebPage"')
    assert art(title + webpage).site_name is None
    og = '<meta property="og:site_name" content="Chatter Inc">'
    assert art(og + title + website).site_name == "Chatter Inc"


def test_tags_article_tag_over_keywords() -> None:
    kw = '<meta name="keywords" content="alpha, beta ,, alpha,gamma">'
    tags = '<meta property="article:tag" content="One"><meta property="article:tag" content="Two">'
    assert art(kw).tags == ("alpha", "beta", "gamma")
    assert art(kw + tags).tags == ("One", "Two")
    assert art(tags + kw).tags == ("One", "Two")


def test_meta_keys_case_insensitive_and_multi_valued() -> None:
    assert art('<meta property="OG:Title" content="Caps">').title == "Caps"
    assert art('<meta property="twitter:title og:title" content="Both">').title == "Both"


def test_article_is_frozen() -> None:
    a = art()
    with pytest.raises(AttributeError):
        a.title = "x"  # type: ignore[misc]


def test_article_options_type_checked() -> None:
    with pytest.raises(TypeError):
        distill.article(BODY, options="strict")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        distill.parse(BODY).article("strict")  # type: ignore[arg-type]
    assert distill.article(BODY, options=distill.Extraction.justext()).element is not None
