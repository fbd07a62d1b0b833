"""The classic selection of article() (issue 5): one test per rule, each on a small page of its own making.

The rules and their reasons are in src/distill/_core/extract/classic/article_rules.h. Since issue 12 the classic
selection is one input of the region classifier (extract/regions/regions.c), which decides Article.text; these
tests read the classic selection alone (``_article_text(node, options, classic=True)``). Every test builds a
page where the rule decides the outcome, so that removing or breaking the rule makes the test fail.
"""

from __future__ import annotations

from typing import Any

import pytest

import distill

_core = distill._core
if not hasattr(_core, "_article_text"):  # pragma: no cover
    pytest.skip("the article text entry point is not built", allow_module_level=True)

PROSE = (
    "The council approved the new budget on Tuesday, after a long debate about schools, roads, "
    "and the future of the old library building downtown."
)
PROSE2 = (
    "Residents who spoke at the meeting were divided, with some praising the plan, others asking "
    "for more time, and a few demanding a public vote."
)
PROSE3 = (
    "The mayor said the city would publish the full figures next week, and that work on the first "
    "projects could start in the spring, weather permitting."
)


_FAVORS = ("balanced", "precision", "recall")


def text(markup: str, favor: int = 0) -> str:
    options = distill.Extraction(favor=_FAVORS[favor])  # type: ignore[arg-type]
    return str(_core._article_text(distill.parse(markup), options, classic=True))


def page(body: str, body_attrs: str = "") -> str:
    return f"<!doctype html><html><head><title>t</title></head><body {body_attrs}>{body}</body></html>"


ARTICLE = f"<div class='story'><p>{PROSE}</p><p>{PROSE2}</p><p>{PROSE3}</p></div>"


# ---------------------------------------------------------------- scoring (design) and no-article cases


def test_prose_container_wins_over_link_list() -> None:
    items = "".join(f"<p><a href='/{i}'>Another story headline number {i} here</a></p>" for i in range(8))
    nav = f"<div>{items}</div>"
    out = text(page(nav + ARTICLE))
    assert PROSE in out and PROSE3 in out
    assert "headline number" not in out


def test_no_article_on_a_stub_page() -> None:
    assert text(page("<p>Hi.</p>")) == ""


def test_no_article_on_navigation_only() -> None:
    links = "".join(f"<p><a href='/{i}'>A link with a long enough label, number {i}</a></p>" for i in range(6))
    assert text(page(f"<div>{links}</div>")) == ""


def test_never_content_tags_are_not_text() -> None:
    out = text(page(f"<div><p>{PROSE}</p><script>var secret = 'script words, here';</script>"
                    f"<style>.x{{}}</style><p>{PROSE2}</p></div>"))
    assert PROSE in out and "secret" not in out and ".x" not in out


def test_blocks_render_on_their_own_lines() -> None:
    out = text(page(ARTICLE))
    assert out.split("\n") == [PROSE, PROSE2, PROSE3]


# ---------------------------------------------------------------- inline runs


def test_div_and_br_body_is_an_article() -> None:
    body = f"<div class='x'>{PROSE}<br><br>{PROSE2}<br><br><b>{PROSE3}</b></div>"
    out = text(page(body))
    assert PROSE in out and PROSE2 in out and PROSE3 in out


def test_inline_run_beats_a_short_paragraph_block() -> None:
    runs = f"<div>{PROSE}<br>{PROSE2}<br>{PROSE3}</div>"
    other = "<div><p>Short teaser paragraph, with one comma.</p></div>"
    out = text(page(other + runs))
    assert PROSE2 in out and "teaser" not in out


# ---------------------------------------------------------------- pruning by class/id, with rescue and guard


def test_boilerplate_class_is_dropped() -> None:
    share = f"<div class='share-tools'><p>{PROSE3.replace('mayor', 'sharer')}</p></div>"
    out = text(page(f"<div><p>{PROSE}</p><p>{PROSE2}</p>{share}</div>"))
    assert PROSE in out and "sharer" not in out


def test_boilerplate_class_with_rescue_word_is_kept() -> None:
    out = text(page(f"<div><p>{PROSE}</p><div class='comment-body article-text'><p>{PROSE3}</p></div></div>"))
    assert PROSE3 in out


def test_class_words_are_whole_tokens_not_substrings() -> None:
    # "pageRow" holds the letters of "pager"; it is a layout row, not pagination
    out = text(page(f"<div class='pageRow'><p>{PROSE}</p><p>{PROSE2}</p></div>"))
    assert PROSE in out


def test_body_class_never_drops_the_page() -> None:
    out = text(page(f"<div><p>{PROSE}</p><p>{PROSE2}</p></div>", "class='has-sidebar comments-open'"))
    assert PROSE in out


def test_wrapper_owning_most_prose_is_spared_but_real_sidebar_is_not() -> None:
    side = "<div class='sidebar'><p>Sidebar blurb, about other things, entirely unrelated to it.</p></div>"
    body = f"<div class='layout with-sidebar'><div><p>{PROSE}</p><p>{PROSE2}</p><p>{PROSE3}</p></div>{side}</div>"
    out = text(page(body))
    assert PROSE in out and "blurb" not in out


def test_small_wrapper_with_boilerplate_word_is_dropped() -> None:
    # the guard only spares wrappers holding most of the page's prose
    body = f"<div><p>{PROSE}</p><p>{PROSE2}</p><div class='with-sidebar'><p>{PROSE3}</p></div></div>"
    out = text(page(body))
    assert PROSE in out and PROSE3 not in out


# ---------------------------------------------------------------- hidden elements


@pytest.mark.parametrize("attr", ["hidden", "aria-hidden='true'", "style='display: none'",
                                  "style='VISIBILITY:hidden'"])
def test_hidden_elements_are_not_text(attr: str) -> None:
    hidden = f"<p {attr}>Hidden words, never shown to a reader of the page at all.</p>"
    out = text(page(f"<div><p>{PROSE}</p>{hidden}<p>{PROSE2}</p></div>"))
    assert PROSE in out and "Hidden words" not in out


def test_aria_hidden_false_is_shown() -> None:
    out = text(page(f"<div><p>{PROSE}</p><p aria-hidden='false'>{PROSE3}</p><p>{PROSE2}</p></div>"))
    assert PROSE3 in out


def test_hidden_wrapper_holding_the_article_is_kept() -> None:
    out = text(page(f"<div style='display:none'><p>{PROSE}</p><p>{PROSE2}</p></div><div><p>Hi there.</p></div>"))
    assert PROSE in out


# ---------------------------------------------------------------- split articles


def test_article_split_around_an_ad_keeps_both_chunks() -> None:
    chunk1 = f"<div class='chunk'><p>{PROSE}</p><p>{PROSE2}</p></div>"
    chunk2 = f"<div class='chunk'><p>{PROSE3}</p><p>{PROSE2.replace('Residents', 'Neighbours')}</p></div>"
    wrap = f"<div class='wrap'><div>{chunk1}</div><div class='slot'>x</div><div>{chunk2}</div></div>"
    out = text(page(f"<main>{wrap}</main>"))
    assert PROSE in out and PROSE3 in out and "Neighbours" in out


def test_far_candidate_is_not_merged() -> None:
    far = "<div>" * 7 + f"<p>{PROSE3}</p><p>{PROSE3}</p>" + "</div>" * 7
    near = "<div>" * 6 + f"<p>{PROSE}</p><p>{PROSE2}</p><p>{PROSE}</p>" + "</div>" * 6
    out = text(page(near + far))
    assert PROSE in out and PROSE3 not in out


def test_weak_second_candidate_is_not_merged() -> None:
    weak = "<div><div><p>A weaker block of text, with little in it at all.</p></div></div>"
    out = text(page(f"<div><div>{ARTICLE}</div>{weak}</div>"))
    assert PROSE in out and "weaker" not in out


# ---------------------------------------------------------------- cleaning inside the article


def test_title_heading_is_not_body_text() -> None:
    out = text(page(f"<div><h1>The Title Of It</h1><p>{PROSE}</p><h2>A section</h2><p>{PROSE2}</p></div>"))
    assert "The Title" not in out and "A section" in out


def test_figures_and_captions_are_not_text() -> None:
    fig = "<figure><img src=x><figcaption>Photo caption words here</figcaption></figure>"
    out = text(page(f"<div><p>{PROSE}</p>{fig}<p>{PROSE2}</p></div>"))
    assert PROSE2 in out and "caption words" not in out


@pytest.mark.parametrize("cls", ["social-share", "video-player", "tag-list", "ad", "byline", "related-links",
                                 "newsletterSignup"])
def test_furniture_blocks_inside_the_article_are_cleaned(cls: str) -> None:
    furniture = f"<div class='{cls}'>Furniture words in a block</div>"
    out = text(page(f"<div><p>{PROSE}</p>{furniture}<p>{PROSE2}</p></div>"))
    assert PROSE in out and "Furniture" not in out


def test_furniture_word_on_a_paragraph_is_kept() -> None:
    out = text(page(f"<div><p>{PROSE}</p><p class='caption-font'>{PROSE3}</p><p>{PROSE2}</p></div>"))
    assert PROSE3 in out


def test_furniture_word_on_prose_with_many_commas_is_kept() -> None:
    many = "One, two, three, four, five, six, seven, eight, nine, ten, eleven commas in this block."
    out = text(page(f"<div><p>{PROSE}</p><div class='caption'>{many}</div><p>{PROSE2}</p></div>"))
    assert "eleven commas" in out


def test_furniture_word_with_rescue_word_is_kept() -> None:
    out = text(page(f"<div><p>{PROSE}</p><div class='article-video'>Words of the clip</div><p>{PROSE2}</p></div>"))
    assert "Words of the clip" in out


def test_link_dense_block_inside_is_cleaned() -> None:
    links = "<ul>" + "".join(f"<li><a href='/{i}'>Read more story {i}</a></li>" for i in range(5)) + "</ul>"
    out = text(page(f"<div><p>{PROSE}</p>{links}<p>{PROSE2}</p></div>"))
    assert PROSE2 in out and "Read more story" not in out


def test_paragraph_with_a_link_is_kept() -> None:
    para = "<p>The report, <a href='/r'>published here</a>, says the budget grew by a third since last year.</p>"
    out = text(page(f"<div><p>{PROSE}</p>{para}<p>{PROSE2}</p></div>"))
    assert "published here" in out


# ---------------------------------------------------------------- favor


def _mixed_block(link_share: float) -> str:
    # a block whose link density is about link_share
    linked = "x" * int(100 * link_share)
    plain = "y" * int(100 * (1 - link_share))
    return f"<div class='box'><a href='/a'>{linked}</a> {plain}</div>"


def test_favor_precision_cleans_a_block_balanced_keeps() -> None:
    markup = page(f"<div><p>{PROSE}</p>{_mixed_block(0.4)}<p>{PROSE2}</p></div>")
    assert "xxxx" in text(markup, 0)
    assert "xxxx" not in text(markup, 1)


def test_favor_recall_keeps_a_block_balanced_cleans() -> None:
    markup = page(f"<div><p>{PROSE}</p>{_mixed_block(0.6)}<p>{PROSE2}</p></div>")
    assert "xxxx" not in text(markup, 0)
    assert "xxxx" in text(markup, 2)


def test_options_that_are_not_an_extraction_are_rejected() -> None:
    with pytest.raises(TypeError):
        _core._article_text(distill.parse("<p>x"), 3)  # type: ignore[arg-type]


def test_subtree_root_scopes_the_article() -> None:
    doc = distill.parse(page(f"<article>{ARTICLE}</article><aside><div><p>{PROSE3}</p></div></aside>"))
    sec = doc.find("aside")
    assert sec is not None
    out = str(_core._article_text(sec, classic=True))
    assert PROSE3 in out and PROSE not in out
    out = str(_core._article_text(sec))
    assert PROSE3 in out and PROSE not in out


# ---------------------------------------------------------------- metadata that agrees with the article

BODY_PROSE = f"<div class='body'><p>{PROSE}</p><p>{PROSE2}</p></div>"


def meta(markup: str) -> dict[str, Any]:
    return dict(_core._article_meta(distill.parse(markup)))


def title(markup: str) -> str | None:
    return distill.article(markup).title


# page() declares <title>t</title>, which no heading below agrees with: the body heading decides.
def test_title_heading_just_before_the_body_beats_a_logo_heading() -> None:
    m = page(f"<div class='top'><h1>Site Logo</h1></div><div><div><h1>The Headline</h1>{BODY_PROSE}</div></div>")
    assert title(m) == "The Headline"


def test_title_heading_inside_the_body() -> None:
    m = page(f"<h1>Site Logo</h1><div class='story'><h1>Inside  Headline</h1><p>{PROSE}</p><p>{PROSE2}</p></div>")
    assert title(m) == "Inside Headline"


def test_heading_far_from_the_body_is_not_the_title() -> None:
    deep = f"<div><div><div><div>{BODY_PROSE}</div></div></div></div>"
    assert title(page(f"<h1>Site Logo</h1>{deep}")) == "t"  # the declared <title>, not the logo


def test_empty_logo_heading_is_passed_over() -> None:
    assert title(page(f"<div><h1>Headline</h1><h1><img src=logo.png></h1>{BODY_PROSE}</div>")) == "Headline"


JSON_LD = """<script type="application/ld+json">{"@graph": [
  {"@type": "WebSite", "name": "The Site"},
  {"@type": "NewsArticle", "headline": "A \\u00e9t\\u00e9 headline", "datePublished": "2019-11-18T07:45:00Z",
   "author": [{"@type": "Person", "name": "Jane  Doe"}, {"name": "Other"}],
   "publisher": {"@type": "Organization", "name": "Publisher"}}]}</script>"""


def test_json_ld_headline_author_and_date() -> None:
    m = meta(f"<html><head>{JSON_LD}</head><body>{BODY_PROSE}</body></html>")
    # issue 13: every author of the article, joined with ", "; the publisher is the site, not an author
    assert (m["headline"], m["author"], m["published"]) == ("A été headline", "Jane Doe, Other", "2019-11-18T07:45:00Z")
    assert m["publisher"] == "Publisher"
    # every declared source the harvest keeps apart is reported, set or not
    assert m["website"] == "The Site" and meta(BODY_PROSE)["website"] is None


def test_json_ld_author_as_a_string_and_publisher_name_ignored() -> None:
    ld = ('<script type="application/ld+json">{"publisher": {"name": "Pub"}, "author": "Sam Roe", '
          '"headline": "H"}</script>')
    assert meta(ld + BODY_PROSE)["author"] == "Sam Roe"
    ld2 = '<script type="application/ld+json">{"author": {"url": "/x"}, "publisher": {"name": "Pub"}}</script>'
    assert meta(ld2 + BODY_PROSE)["author"] is None


def test_json_ld_in_other_scripts_is_ignored() -> None:
    m = meta('<script type="text/javascript">var x = {"headline": "No"};</script>' + BODY_PROSE)
    assert m["headline"] is None


def test_broken_json_ld_does_not_fail() -> None:
    m = meta('<script type="application/ld+json">{"headline": "Cut off' + BODY_PROSE)
    assert m["author"] is None


@pytest.mark.parametrize(("written", "iso"), [
    ("2019-11-18", "2019-11-18"),
    ("2019-11-18T10:00:00Z", "2019-11-18T10:00:00Z"),
    ("2019-11-18 10:00", "2019-11-18T10:00:00"),
    ("2019-11-18T10:00:00.5+0100", "2019-11-18T10:00:00+01:00"),
    ("2019/11/18", "2019-11-18"),
    ("18.11.2019", "2019-11-18"),
    ("11/18/2019", "2019-11-18"),
    ("18/11/2019", "2019-11-18"),
    ("November 18, 2019", "2019-11-18"),
    ("18 Nov 2019", "2019-11-18"),
    ("Mon, 18 Nov 2019 07:45:00 GMT", "2019-11-18T07:45:00Z"),  # issue 13: the time is kept, GMT is UTC
    ("Monday November 18, 2019 7:45 pm PST", "2019-11-18T19:45:00"),  # a zone name: local time, no offset
    ("Sept 3rd, 2019", "2019-09-03"),
])
def test_dates_are_normalised_to_iso_8601(written: str, iso: str) -> None:
    assert _core._date_iso(written) == iso


@pytest.mark.parametrize("written", ["05/06/2019", "2019-02-30", "yesterday", "12:30", "2019", ""])
def test_unreadable_or_ambiguous_dates_are_not_normalised(written: str) -> None:
    assert _core._date_iso(written) is None


@pytest.mark.parametrize(("title", "site", "kept"), [
    ("Council passes budget | The Daily", "The Daily", "Council passes budget"),
    ("The Daily - Council passes budget", "the daily", "Council passes budget"),
    ("Budget - a long fight - ends | The Daily", None, "Budget - a long fight - ends"),
    ("Council passes the budget - Daily", None, "Council passes the budget"),
    ("The Daily :: Council passes the budget", "The Daily", "Council passes the budget"),
    # issue 13: no site name known: the last part is the site's, even when it is the longer
    ("Dental care | Health Centre of Lakeside County", None, "Dental care"),
    ("Council passes budget", "The Daily", "Council passes budget"),
    ("Left - Right", "Elsewhere", "Left - Right"),
])
def test_title_without_site_name(title: str, site: str | None, kept: str) -> None:
    assert _core._title_without_site(title, site) == kept


def test_declared_sources_are_kept_apart() -> None:
    head = ('<title>Head | Site</title><meta property="og:title" content="OG  title">'
            '<meta property="og:site_name" content="Site"><meta name="application-name" content="App">'
            '<meta property="article:published_time" content="2019-01-02T03:04:05Z">')
    m = meta(f"<html><head>{head}</head><body><svg><title>icon</title></svg>{BODY_PROSE}</body></html>")
    assert (m["og_title"], m["title_tag"], m["site_name"], m["published_time"]) == (
        "OG title", "Head | Site", "Site", "2019-01-02T03:04:05Z")


def test_svg_title_is_not_the_title_tag() -> None:
    assert meta(f"<body><svg><title>icon</title></svg>{BODY_PROSE}</body>")["title_tag"] is None


# ---------------------------------------------------------------- article(): text and metadata together


def test_article_text_is_the_cleaned_text_and_element_the_design_winner() -> None:
    markup = page(f"<div id='w'><h1>Title</h1><p>{PROSE}</p><figure><figcaption>Cap words</figcaption></figure>"
                  f"<p>{PROSE2}</p></div>")
    doc = distill.parse(markup)
    a = doc.article()
    assert a.element is not None and a.element.attrs["id"] == "w"
    assert a.element == doc.main_content()
    assert "Cap words" in doc.main_text()
    assert PROSE in a.text and PROSE2 in a.text
    assert a.text == str(_core._article_text(doc))


def test_article_favor_option_reaches_the_text() -> None:
    markup = page(f"<nav><a href=/>Home</a> <a href=/a>About us</a></nav><div><p>{PROSE}</p>"
                  f"{_mixed_block(0.4)}<p>{PROSE2}</p></div><footer>Contact us, all rights reserved</footer>")
    doc = distill.parse(markup)
    for favor in ("balanced", "precision", "recall"):
        got = distill.article(markup, distill.Extraction(favor=favor)).text  # type: ignore[arg-type]
        assert got == str(_core._article_text(doc, distill.Extraction(favor=favor)))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        distill.Extraction(favor="most")  # type: ignore[arg-type]


def test_article_title_is_the_best_supported_declared_title_without_the_site() -> None:
    ld = '<script type="application/ld+json">{"headline": "LD headline"}</script>'
    og = '<meta property="og:title" content="OG title">'
    site = '<meta property="og:site_name" content="The Daily">'
    title = "<title>Tag title | The Daily</title>"
    body = f"<div><p>{PROSE}</p><p>{PROSE2}</p></div>"
    art = distill.article
    # issue 13: no heading; three declared titles that disagree: og:title first (written for sharing)
    assert art(f"<html><head>{ld}{og}{title}</head><body>{body}</body></html>").title == "OG title"
    # two that agree (once the site name is cut) outvote the third
    agree = "<title>LD headline | The Daily</title>"
    assert art(f"<html><head>{ld}{og}{site}{agree}</head><body>{body}</body></html>").title == "LD headline"
    assert art(f"<html><head>{og}{title}</head><body>{body}</body></html>").title == "OG title"
    assert art(f"<html><head>{site}{title}</head><body>{body}</body></html>").title == "Tag title"


def test_article_byline_and_date_from_json_ld() -> None:
    ld = ('<script type="application/ld+json">{"author": {"name": "Jane Doe"}, '
          '"datePublished": "November 18, 2019"}</script>')
    a = distill.article(f"<html><head>{ld}</head><body><div><p>{PROSE}</p><p>{PROSE2}</p></div></body></html>")
    assert (a.byline, a.date) == ("Jane Doe", "2019-11-18")


def test_two_threads_on_two_trees_do_not_interfere() -> None:
    import threading

    pages = [page(ARTICLE), page(f"<div>{PROSE3}<br><br>{PROSE2}</div>")]
    docs = [distill.parse(p) for p in pages]
    expected = [str(_core._article_text(d)) for d in docs]
    results: list[list[str]] = [[], []]

    def work(k: int) -> None:
        for _ in range(200):
            results[k].append(str(_core._article_text(docs[k])))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert expected[0] != expected[1]
    assert all(r == expected[0] for r in results[0]) and all(r == expected[1] for r in results[1])
