"""article() edge rules (issue 12, extract/region_edges.c): kept blocks that are not the article's text
by their shape and place (a photo credit, a further-reading lead-in, a label the article ends on).

Each page is of the test's own making: an article of four paragraphs of prose with the case put between
them or after them, beside a case of nearly the same shape that the rule must leave alone.
"""

from __future__ import annotations

import pytest
from conftest import PROSE, page

import distill

NAV = "<nav><a href=/>Home</a> <a href=/news>News</a></nav>"
FOOT = "<footer><p>Copyright 2024 The Example Gazette</p></footer>"


def article(middle: str = "", tail: str = "") -> str:
    """An article page: a title, two paragraphs, middle, two paragraphs, tail."""
    ps = [f"<p>{p}</p>" for p in PROSE]
    body = (NAV + "<article><h1>Council passes the budget</h1>" + ps[0] + ps[1] + middle + ps[2] + ps[3]
            + tail + "</article>" + FOOT)
    return page(body)


def text(html: str) -> str:
    t = distill.article(html).text
    for p in PROSE:
        assert p in t, "the article's own paragraphs stay"
    return t


def test_photo_credit_lines_are_left_out() -> None:
    assert "Mustermann" not in text(article("<p>Foto: Max Mustermann / dpa</p>"))
    assert "Dupont" not in text(article("<p>Crédits photos : Jean Dupont</p>"))
    assert "Beispiel" not in text(article("<p>© Erika Beispiel</p>"))


def test_a_caption_with_its_picture_credit_is_left_out() -> None:
    assert "at dawn" not in text(article("<p>The old library at dawn. © Erika Beispiel</p>"))
    assert "town hall" not in text(article("<p>The town hall on Tuesday evening (Foto: Max Mustermann)</p>"))


def test_a_paragraph_that_quotes_a_credit_stays() -> None:
    # a paragraph's length of prose keeps a copyright sign it mentions
    line = ("The library's old photographs, marked © City Archive on the back, will be shown in the hall "
            "from May, the mayor said, together with the plans for the new reading rooms and the garden "
            "that the council approved.")
    assert line in text(article(f"<p>{line}</p>"))


def test_text_that_only_starts_with_a_credit_word_stays() -> None:
    # no colon after the word: a sentence about photos, not a credit
    line = "Photos of the old library were shown at the meeting, and the crowd cheered loudly."
    assert line in text(article(f"<p>{line}</p>"))
    # a colon, but a paragraph's length: prose
    line = ("Source: the city's own figures, published on Monday, show that the roads budget has "
            "shrunk for the third year running.")
    assert line in text(article(f"<p>{line}</p>"))


def test_further_reading_lead_in_is_left_out() -> None:
    # a few plain words and a colon (or a guillemet), then only another article's linked title
    t = text(article("<p>Czytaj też: <a href=/other>Budżet miasta na przyszły rok</a></p>"))
    assert "Budżet" not in t
    t = text(article("<p>À voir aussi » <a href=/other>Le conseil vote le budget</a></p>"))
    assert "conseil vote" not in t


def test_a_link_inside_a_sentence_stays() -> None:
    # plain words after the link: the sentence goes on, it is the article's own
    line = "Read also: the statement which the mayor published on Monday evening"
    t = text(article("<p>Read also: <a href=/s>the statement</a> which the mayor published on Monday evening</p>"))
    assert line in t


def test_a_heading_or_label_the_article_ends_on_is_left_out() -> None:
    assert "city desk" not in text(article(tail="<h3>More from the city desk</h3>"))
    assert "Kontakt" not in text(article(tail="<p>Kontakt:</p>"))


def test_a_trailing_label_over_a_stub_is_left_out() -> None:
    # a contact box: a heading over a name line, at the end of the article
    t = text(article(tail="<h3>Kontakt</h3><p>Erika Beispiel | Pressestelle</p>"))
    assert "Kontakt" not in t and "Pressestelle" not in t
    # a contact box of a name, a phone number, an e-mail address and a department, each its own line
    t = text(article(tail="<h3>Kontakt</h3><p>Erika Beispiel</p><p>Telefon +49 40 123 45</p>"
                          "<p>presse@example.org</p><p>Pressestelle Nord</p>"))
    assert "Kontakt" not in t and "Telefon" not in t and "Pressestelle" not in t


def test_a_trailing_heading_over_a_sentence_stays() -> None:
    # a short closing sentence is the article's last paragraph, and its heading heads it
    t = text(article(tail="<h3>What comes next</h3><p>The vote is on Friday.</p>"))
    assert "What comes next" in t and "The vote is on Friday." in t


def test_headings_over_kept_text_stay() -> None:
    t = text(article("<h2>Roads and schools</h2>"))
    assert "Roads and schools" in t
    # a long closing paragraph that ends in a colon is prose, not a label
    line = ("The mayor ended the session with a list of the projects that will start first, in the order "
            "the council voted them:")
    assert line in text(article(tail=f"<p>{line}</p>"))


LEAD = ("The city council passed next year's budget late on Tuesday night, ending weeks of argument over "
        "schools and roads, and the mayor promised that the first projects would start in the spring.")


def with_header(header: str) -> str:
    """An article whose header holds header, then a byline and a date, before its body."""
    body = "".join(f"<p>{p}</p>" for p in PROSE)
    return page(NAV + "<article><header><h1>Council passes the budget</h1>" + header
                + "<p>By Erika Beispiel</p><p>12 March 2024</p></header><div class=body>" + body
                + "</div></article>" + FOOT)


def test_the_lead_in_the_article_header_is_kept() -> None:
    # a standfirst set apart from the body, next to the headline and the byline
    assert LEAD in text(with_header(f"<div class=teaser>{LEAD}</div>"))


def test_an_affiliate_disclosure_is_not_taken_for_the_lead() -> None:
    disclosure = LEAD.replace("the mayor promised that the first projects would start in the spring",
                              "we may earn a commission when readers buy the books that the mayor recommended")
    assert "commission" not in text(with_header(f"<div class=teaser>{disclosure}</div>"))


DISCLAIMER = ("The views and opinions expressed in this article are those of the author and do not "
              "necessarily reflect the official policy or position of the newspaper or its owners.")
RELATED = ("Last year the council argued for months over the same roads budget, and the vote was "
           "delayed twice before the mayor brokered a compromise with the opposition.")


TIP = ("Orders placed before noon on a working day leave our warehouse the same afternoon and "
       "usually arrive within two to three days.")
ASK = ("Was this article helpful to you? Tell us what we could do better and we will read every "
       "answer that our readers send us this month.")
PITCH = ("Get the council's decisions in your inbox every Friday morning, with the week's votes, "
         "the budget figures and what comes next on the agenda.")


# (where the element goes, its start tag, its text, a phrase of that text the article must not hold):
# what a page says about itself or points to, and the controls and overlays laid over its text
NAMED = [
    ("tail", '<div class="post-disclaimer">', DISCLAIMER, "official policy"),
    ("tail", '<div id="affiliateDisclosure">', DISCLAIMER, "official policy"),
    ("tail", '<section class="related-posts"><h3>Last year</h3>', RELATED, "brokered a compromise"),
    ("middle", '<div class="price-tooltip">', TIP, "warehouse"),
    ("middle", '<div id="deliveryPopover">', TIP, "warehouse"),
    ("tail", '<div class="site-announcement">', TIP, "warehouse"),
    ("tail", '<div class="feedbackBox">', ASK, "helpful"),
    ("middle", '<div class="is-loading">', ASK, "helpful"),
    ("tail", '<div class="reader-survey">', ASK, "helpful"),
    ("tail", '<section class="recommendedStories"><h3>Last year</h3>', RELATED, "brokered a compromise"),
    ("tail", '<div id="trending-now">', RELATED, "brokered a compromise"),
    ("tail", '<div class="newsletter-signup">', PITCH, "inbox"),
]


@pytest.mark.parametrize(("where", "start", "said", "phrase"), NAMED)
def test_an_element_named_for_what_it_is_left_out(where: str, start: str, said: str, phrase: str) -> None:
    end = "</section>" if start.startswith("<section") else "</div>"
    t = text(article(**{where: f"{start}<p>{said}</p>{end}"}))
    assert phrase not in t


def test_text_in_an_element_not_named_so_stays() -> None:
    # "unrelated" does not start with the word
    t = text(article(tail=f'<div class="unrelated-note"><p>{RELATED}</p></div>'))
    assert RELATED in t


def test_an_element_whose_role_says_navigation_or_tooltip_is_left_out() -> None:
    t = text(article(tail=f'<div role="navigation"><p>{RELATED}</p></div>'))
    assert "brokered a compromise" not in t
    t = text(article(middle=f'<span class="x" role="tooltip"><p>{RELATED}</p></span>'))
    assert "brokered a compromise" not in t
    # a role the rule does not list (a region, a note) keeps its text
    t = text(article(tail=f'<div role="note"><p>{RELATED}</p></div>'))
    assert RELATED in t


def test_a_call_to_action_in_an_article_is_left_out() -> None:
    pitch = ("Planning a budget for your own town? Book a free thirty-minute call with our public finance "
             "team and get a tailored plan for your council within a week.")
    t = text(article(middle=f'<div class="post-cta"><p>{pitch}</p></div>'))
    assert "Book a free" not in t
    t = text(article(tail=f'<aside id="ctaBox"><p>{pitch}</p></aside>'))
    assert "Book a free" not in t


def test_each_naming_rule_reads_its_own_list_of_one_page() -> None:
    # the rules read every element's class, id and role once for all their lists (region_edges.c
    # names_of): on one page, an element for each of three rules, each left out by its own
    page_html = article(middle=f'<div class="post-disclaimer"><p>{DISCLAIMER}</p></div>'
                               f'<div role="navigation"><p>{TIP}</p></div>',
                        tail=f'<div class="post-cta"><p>{PITCH}</p></div>')
    t = text(page_html)
    assert "official policy" not in t and "warehouse" not in t and "inbox" not in t


def test_a_name_holds_for_all_that_lies_inside_the_element_however_deep() -> None:
    # what an element names is inherited down the table (region_edges.c names_inherited): a paragraph
    # three unnamed levels inside a "related-posts" section is left out, one beside that section
    # (after it closed, at the same depth) stays
    deep = f'<section class="related-posts"><div><div><div><p>{RELATED}</p></div></div></div></section>'
    t = text(article(tail=deep))
    assert "brokered a compromise" not in t
    beside = f'<section class="related-posts"></section><div><div><div><p>{RELATED}</p></div></div></div>'
    t = text(article(tail=beside))
    assert RELATED in t


def test_a_role_is_read_as_a_whole_token_in_any_case() -> None:
    # region_edges.c lists_nav_role: a token of the role list equal to a navigation role, ASCII case
    # aside; a longer or shorter token is another role
    t = text(article(tail=f'<div role="main Navigation"><p>{RELATED}</p></div>'))
    assert "brokered a compromise" not in t
    for role in ("navigations", "nav", "searchbox"):
        t = text(article(tail=f'<div role="{role}"><p>{RELATED}</p></div>'))
        assert RELATED in t, role
