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


def page_with(before: str, line: str = "", after: str = "") -> distill.Article:
    """A page with markup before the article, a line under its headline and markup after it."""
    body = f"{before}<article><h1>Council passes the budget</h1>{line}<div class=text>{PROSE}</div></article>{after}"
    return distill.article(f"<html lang=en><head></head><body>{body}</body></html>")


@pytest.mark.parametrize(
    "menu",
    [
        "<nav><ul><li><a href=/p>By Price</a></li><li><a href=/c>By Category</a></li></ul></nav>",
        "<header><button class=menu-title>By Gender &amp; Age</button></header>",
        "<form><label>By Company Size</label><select><option>By Industry</option></select></form>",
        "<details><summary>By Use Case</summary><a href=/u>Teams</a></details>",
    ],
)
def test_a_menus_by_label_is_not_a_byline(menu: str) -> None:
    # a facet label in a menu reads "By" and a capitalised word, as a byline does; no one is named
    assert page_with(menu).byline is None
    # the same words as a line of their own under the headline are a byline, as before
    assert page_with("", "<p>By Jane Doe</p>").byline == "Jane Doe"


def test_a_by_in_code_is_not_a_byline() -> None:
    sql = (
        '<pre><code>CREATE TABLE person (\n  "id" bigint GENERATED <span>BY DEFAULT AS IDENTITY</span>\n);'
        "</code></pre>"
    )
    assert page_with("", after=sql).byline is None


def test_a_byline_class_on_the_posts_container_is_not_a_byline() -> None:
    # WordPress writes "author-<slug>" among the post's classes on <article>: its first words are the headline
    body = f"<article class='post hentry author-jane-doe'><h1>Yellow Vests And I</h1><div>{PROSE}</div></article>"
    assert distill.article(f"<html lang=en><body>{body}</body></html>").byline is None
    # a byline line inside it is still read
    body = body.replace("</h1>", "</h1><div class=byline>By Jane Doe</div>")
    assert distill.article(f"<html lang=en><body>{body}</body></html>").byline == "Jane Doe"


@pytest.mark.parametrize(
    "link",
    [
        "<li class=authorization-link><a href=/login>Sign In</a></li>",
        "<div class=authorized-dealer>Authorized Dealer</div>",
        "<h4 id=authoring-applications>Authoring applications</h4>",
        # a documentation page's section, a menu, the visitor's own account widget
        "<h2 id=user-namespaces>User Namespaces</h2>",
        "<li class=author-menu-item><a href=/a>Authors Guild</a></li>",
        "<a class='js-user-name js-account'><span class=hidden>Open Profile Panel</span></a>",
    ],
)
def test_authorization_and_authoring_are_not_author_classes(link: str) -> None:
    assert page_with(f"<header><ul>{link}</ul></header>").byline is None


def test_an_authors_description_is_not_the_byline() -> None:
    # the author box after the post: the description (credentials) first, the name in its own element
    box = (
        "<footer class=author-info><div class=author-description>Licensed Coffee Grader, M.A. Journalism</div>"
        "<div class=author-name>Jane Doe</div></footer>"
    )
    assert page_with("", after=box).byline == "Jane Doe"
    # a box whose only words are the description's sentence names no one
    box = "<footer class=author-details><p>Jane graduated from the state university with a degree in law</p></footer>"
    assert page_with("", after=box).byline is None
    # a name with particles is still a name
    assert page_with("", "<div class=author>Ludwig van der Berg</div>").byline == "Ludwig van der Berg"


@pytest.mark.parametrize(
    "line",
    [
        "<div class=byline>Article by <a href=/j>Jane Doe</a></div>",
        "<div class=byline>Recipe by Jane Doe</div>",
        "<div class=byline>Authored by: Jane Doe</div>",
        "<div class=byline>Authors: Jane Doe</div>",
        "<div class=byline>Published by Jane Doe</div>",
        "<div class=byline>Insights from Jane Doe</div>",
        "<div class=byline>Erstellt von Jane Doe</div>",
        "<div class=byline>Jane Doe \u2014</div>",
    ],
)
def test_a_bylines_label_and_trailing_dash_are_not_the_name(line: str) -> None:
    assert byline_of(line) == "Jane Doe"


@pytest.mark.parametrize(
    "line",
    ["<div class=byline>Published by</div>", "<div class=byline>Posted on</div>", "<div class=byline>Posted</div>"],
)
def test_a_bylines_label_alone_names_no_one(line: str) -> None:
    assert byline_of(line) is None


@pytest.mark.parametrize(
    "line",
    [
        "<div class=byline>By&nbsp;Jane Doe</div>",
        # the word in an element of its own, the name in the next one's link
        "<div class=author-block><p class=byline-label>By&nbsp;</p><div class=byline><a rel=author href=/j>Jane Doe"
        "</a></div></div>",
    ],
)
def test_by_and_a_no_break_space_is_cut(line: str) -> None:
    assert byline_of(line) == "Jane Doe"


def test_no_space_before_a_comma_the_markup_separated() -> None:
    line = "<div class=byline><a href=/j>Jane Doe</a><span>, John Roe</span></div>"
    assert byline_of(line) == "Jane Doe, John Roe"


@pytest.mark.parametrize("lead", ["&amp; ", "&nbsp;&amp;", "&nbsp;", "&nbsp;von "])
def test_what_leads_a_second_authors_line_is_not_the_name(lead: str) -> None:
    assert byline_of(f"<div class=byline><span>{lead}</span> <a href=/j>Jane Doe</a></div>") == "Jane Doe"


def test_a_forum_posts_username_is_the_byline() -> None:
    post = "<div class=post><span class=username>quietreader42</span><div>A question about the budget.</div></div>"
    assert page_with("", post).byline == "quietreader42"


@pytest.mark.parametrize(
    "account",
    [
        "<a class=username href=/login>Login</a>",
        "<label class=username-label>Email address</label>",
        "<span class=username>My Account</span>",
        "<span class=username>a***e (421)</span>",  # a reviewer's masked name
    ],
)
def test_an_account_link_or_a_masked_name_is_not_a_byline(account: str) -> None:
    assert page_with("", account).byline is None


@pytest.mark.parametrize(
    "line",
    [
        "<div class=byline><span class=by>by</span> <span class=author><a href=/j>Jane Doe</a></span> "
        "<span class=job_title>Former Deputy Tech Editor</span></div>",
        "<div class=author-box><p class=author-name>Jane Doe</p><p class=styles_jobTitle>Tech Reporter</p></div>",
        '<div class=byline>By <span>Jane Doe</span> <span itemprop="jobTitle">Council Reporter</span></div>',
    ],
)
def test_a_job_titles_element_is_not_part_of_the_name(line: str) -> None:
    assert byline_of(line) == "Jane Doe"


@pytest.mark.parametrize(
    "line",
    [
        # a date line in a "byline" block: its weekday is what is left once the date is cleaned away
        "<div class=byline>Sat, 20 Dec, 2025 - 06:36</div>",
        '<div class=post-author-date><time class=published datetime="Jun 2"><span>Jun 2</span></time></div>',
        "<div class=byline>Thursday</div>",
    ],
)
def test_a_weekday_or_a_month_alone_names_no_one(line: str) -> None:
    assert byline_of(line) is None


@pytest.mark.parametrize("name", ["April", "Jan", "June"])
def test_a_month_name_that_is_also_a_given_name_stays(name: str) -> None:
    assert byline_of(f"<div class=byline>By {name}</div>") == name


@pytest.mark.parametrize(
    "topics",
    [
        '<a class=tag href="https://example.org/blog/tag/personal-finance">Personal finance</a>',
        '<a href="/category/budget">Budget</a> <a href="/category/city-hall">City Hall</a>',
        '<a rel="tag" href="/t/1">Council news</a>',
    ],
)
def test_a_bylines_topic_links_are_not_names(topics: str) -> None:
    # the post's topics share the byline block with its author, or fill it alone
    assert byline_of(f"<div class=byline><span>{topics}</span> <a href=/j>Jane Doe</a></div>") == "Jane Doe"
    assert byline_of(f"<div class=byline><ul><li>{topics}</li></ul> January 27, 2025</div>") is None


@pytest.mark.parametrize(
    "credit",
    [
        # a picture's credit
        "<figure><img src=a.jpg><figcaption><small itemprop=author>Photograph by Tyrone Turner</small>"
        "</figcaption></figure>",
        # a testimonial's and a review's attribution
        "<blockquote><p>They made our shop run well.</p><footer><span class=quote-author>Michelle Lin</span>, "
        "Chief Financial Officer</footer></blockquote>",
        "<blockquote><p>Great berries.</p><cite class=review-author>Ash C.</cite></blockquote>",
    ],
)
def test_a_picture_or_a_quotation_credit_is_not_the_byline(credit: str) -> None:
    assert page_with("", credit).byline is None
    # the byline under the headline is still read when the credit comes first
    assert page_with("", credit + "<div class=byline>By Jane Doe</div>").byline == "Jane Doe"


def test_the_pages_footer_credit_is_not_the_byline() -> None:
    footer = (
        "<footer><div>Made with <svg><path d=M0></path></svg> <span>by</span> "
        "<a href=https://agency.example>Dots United</a></div></footer>"
    )
    assert page_with("", after=footer).byline is None
    # an article's own footer holds its byline
    own = "<footer class=entry-footer>Posted by <a href=/j>Jane Doe</a></footer>"
    assert page_with("", own).byline == "Jane Doe"


@pytest.mark.parametrize("line", ["<div class=author>The State University \u00a9</div>",
                                  "<div class=author>Copyright Jane Doe</div>"])
def test_a_copyright_notice_is_not_the_byline(line: str) -> None:
    assert byline_of(line) is None


def test_a_byline_in_parts_apart_by_a_spaced_slash_is_its_first_part() -> None:
    line = "<div class=byline><a href=/a/j>Jane Doe</a> / TNN / <span>Updated: Oct 9, 2019, 11:05 IST</span></div>"
    assert byline_of(line) == "Jane Doe"


@pytest.mark.parametrize(
    "href", ["/author/jane-doe/", "https://news.example/about/editors/jane-doe/", "/autoren/jane-doe"]
)
def test_a_link_to_the_authors_page_under_the_headline_is_the_byline(href: str) -> None:
    line = f"<div class=meta><a href='{href}'>Jane Doe</a><span>, <a href=https://social.example/jd>@jd</a></span></div>"
    assert byline_of(line) == "Jane Doe"


def test_an_authors_page_link_away_from_the_headline_or_in_a_menu_is_not_the_byline() -> None:
    # a related post's author, far below the story (more than 400 elements after the headline)
    related = "<div class=related>" + "<p>More stories from the council.</p>" * 450
    related += "<div class=card><a href=/author/john-roe/>John Roe</a></div></div>"
    assert page_with("", after=related).byline is None
    # a theme's menu (no <nav>) linking a site's author page
    menu = "<ul class=main-menu><li class=menu-item><a href=/author/site-owner/><span>Site Owner</span></a></li></ul>"
    assert page_with("", menu).byline is None


@pytest.mark.parametrize("label", ["Reviewed by", "Edited by", "Fact checked by", "Illustrations by"])
def test_a_link_after_another_roles_label_is_not_a_second_author(label: str) -> None:
    line = (f"<div class=byline-content>By <a href=/author/jane-doe>Jane Doe, DVM</a>. {label} "
            "<a href=/author/john-roe>John Roe, DVM</a></div>")
    assert byline_of(line) == "Jane Doe, DVM"
    two = (
        "<div class=byline-content>By <a href=/author/jane-doe>Jane Doe</a> and "
        "<a href=/author/john-roe>John Roe</a></div>"
    )
    assert byline_of(two) == "Jane Doe, John Roe"


@pytest.mark.parametrize(
    "link",
    [
        "View author archive", "Get author RSS feed", "Articles by Jane", "Posts by Jane", "Join today", "Open My Menu",
        "Mein Konto", "Zum Profil von jdoe", "J Offline jdoe", "Jane Doe wrote", "Theme: Pirate Rogue von Jane Doe",
    ],
)
def test_an_author_pages_link_words_are_not_a_name(link: str) -> None:
    assert byline_of(f"<div class=byline><a href=/author/jane-doe/>{link}</a></div>") is None


def test_a_byline_class_before_a_long_list_of_utility_classes_is_read() -> None:
    utility = " ".join(f"hover:text-neutral-{k}00 focus-visible:outline-offset-{k}" for k in range(1, 9))
    assert len("author-name " + utility) > 200
    line = f"<div><a class='author-name {utility}' href=/user/jdoe42>jdoe42</a></div>"
    assert byline_of(line) == "jdoe42"


def test_a_forums_user_name_class_marks_the_posts_author() -> None:
    post = "<div class=PostUser><h3 class=PostUser-name>quietreader42</h3></div><p>A question about the budget.</p>"
    assert page_with("", post).byline == "quietreader42"


@pytest.mark.parametrize("label", ["Written by", "By"])
def test_a_label_alones_next_element_is_the_name(label: str) -> None:
    # the parent holds the author's bio too, which is no name
    box = (f"<div class=author-box-info><div class=label>{label}</div><div class=name>Jane Doe</div>"
           "<div class=bio>Jane writes about the council, its budgets and the city's long debates.</div></div>")
    assert byline_of(box) == "Jane Doe"


def test_a_comments_by_line_is_not_the_byline() -> None:
    comments = (
        "<ol id=commentlist><li class=comment id=comment-1>Kommentar <small>von</small> <cite>Mareike</cite>"
        "<p>Sehr gut.</p></li></ol>"
    )
    assert page_with("", after=comments).byline is None


@pytest.mark.parametrize(
    "line",
    [
        "<div class=date-and-author><span>Dec 17, 2025</span><span>Jane Doe</span></div>",
        "<div class=publish-date-author>Dec. 19, 2025 &middot; Jane Doe on behalf of the council</div>",
        "<div class=byline>12.03.2024 \u2022 by Jane Doe</div>",
    ],
)
def test_a_date_before_the_name_is_not_the_byline(line: str) -> None:
    assert byline_of(line) == "Jane Doe"
