"""article() metadata as a reader sees it (issue 13): one test per rule, on pages made here."""

from __future__ import annotations

import pytest

import distill
from distill import _core

PROSE = (
    "<p>The council met on Tuesday evening to debate the budget, which had been delayed for weeks, "
    "and voted, after a long and heated discussion, to approve it.</p>"
    "<p>Residents who attended said the meeting ran late, that tempers flared, and that the vote was close.</p>"
)


def page(head: str = "", body: str = "", lang: str = "") -> distill.Article:
    attrs = f' lang="{lang}"' if lang else ""
    return distill.article(f"<html{attrs}><head>{head}</head><body>{body}</body></html>")


def story(before: str = "", after: str = "") -> str:
    """A body: whatever goes before the headline, the <h1>, a line under it, then the text."""
    return f"{before}<article><h1>Council passes budget</h1>{after}<div class=text>{PROSE}</div></article>"


# ---------------------------------------------------------------- title


def test_h1_that_agrees_with_a_declared_title_wins_over_an_earlier_h1() -> None:
    head = '<meta property="og:title" content="Council passes budget">'
    body = "<div class=banner><h1>The Daily Gazette</h1></div>" + story()
    assert page(head, body).title == "Council passes budget"


def test_markdown_emphasis_left_in_a_declared_title_does_not_hide_the_agreeing_h1() -> None:
    # the CMS wrote the title's emphasis as asterisks in og:title; the page shows it in italics
    # (the <h1> in a banner apart from the text, other <h1>s in a cart widget: only its agreement with the
    # declared title makes it the headline)
    head = '<meta property="og:title" content="*The Budget* (2025)">'
    body = (
        "<div class=hero><div><div><h1><em>The Budget</em> (2025)</h1></div></div></div><main><div><div><article>"
        + PROSE * 2
        + "</article></div></div></main><div class=cart><h1>Payment</h1><h1>Summary</h1></div>"
    )
    assert page(head, body).title == "The Budget (2025)"


def test_a_link_aggregators_notes_in_the_headline_are_not_its_words() -> None:
    # the story's link, then its source's domain and its comment count, each a link of its own
    h1 = ('<h1><a href="/story/1">Council passes budget</a> <span><a href="https://news.example.org/x">'
          '(news.example.org)</a></span> <span class=bubble><a href="/story/1#comments">87</a></span></h1>')
    body = h1 + f"<div class=text>{PROSE}</div>"
    assert page("<title>Council passes budget - Links</title>", body).title == "Council passes budget"
    # a number the headline links without a link before it is one of its words
    body = '<h1>Budgets of <a href="/y/2025">2025</a></h1>' + f"<div class=text>{PROSE}</div>"
    assert page("", body).title == "Budgets of 2025"


def test_h1s_that_head_the_bodys_sections_are_not_its_title() -> None:
    # a Markdown document renders its sections as <h1>s: the first is a section's heading
    sections = "".join(f"<h1>{h}</h1>{PROSE}" for h in ("Budget", "Debate", "Conclusion"))
    body = f"<header><h2>council/notes.md</h2></header><article>{sections}</article>"
    assert page("<title>How the council passed its budget</title>", body).title == "How the council passed its budget"
    # one <h1> over the body is its headline, whatever the declared title says
    body = f"<article><h1>Budget</h1>{PROSE}<h2>Debate</h2>{PROSE}</article>"
    assert page("<title>How the council passed its budget</title>", body).title == "Budget"


def test_a_title_that_is_only_the_site_name_gives_way_to_the_h1_below_the_root() -> None:
    def head(url: str) -> str:
        return (f'<title>Glossy</title><meta property="og:site_name" content="Glossy">'
                f'<link rel="canonical" href="{url}">')
    # the <h1> in a banner, apart from the text: no body heading
    deep = "<div><div><div><div><article><div class=text>" + PROSE * 3 + "</div></article></div></div></div></div>"
    body = f"<header><h1>Custom skincare set</h1></header>{deep}"
    assert page(head("https://shop.example/pages/custom-set"), body).title == "Custom skincare set"
    # the site's home page is titled by the site's name
    assert page(head("https://shop.example/"), body).title == "Glossy"


def test_h1_agrees_with_the_title_tag_once_the_site_name_is_cut() -> None:
    body = "<h1>Section: News</h1>" + story()
    assert page("<title>Council passes budget | The Daily</title>", body).title == "Council passes budget"


def test_the_one_headline_of_an_article_beats_a_declared_title_written_for_search() -> None:
    head = "<title>Budget approved after long debate | Town Gazette</title>"

    def body(h1: str) -> str:
        # the <h1> in the page header, the text deep in the layout: not the body's own heading
        deep = "<div><div><div><div><article><div class=text>" + PROSE * 3 + "</div></article></div></div></div></div>"
        return f"<header><h1>{h1}</h1></header>{deep}"

    a = page(head, body("Council passes the budget after a long night"))
    assert a.page_type == "article"
    assert a.title == "Council passes the budget after a long night"
    # an <h1> about nothing the declared titles are about (a widget's heading) is not the headline
    assert page(head, body("Original text")).title == "Budget approved after long debate"
    # nor is an <h1> that is the site's name
    assert page(head, body("Town Gazette")).title == "Budget approved after long debate"


def test_site_name_h1_leading_the_title_yields_to_the_post_h1() -> None:
    head = "<title>Jane's Notes: Why the council passed the budget</title>"
    body = ("<header><h1>Jane's Notes</h1></header>"
            "<article><h1>Why the council passed the budget</h1><div class=text>" + PROSE + "</div></article>")
    assert page(head, body).title == "Why the council passed the budget"
    # the leading <h1> is the headline when the rest is only a shorter section name
    head = "<title>Why the council passed the budget: News</title>"
    body = ("<header><h1>Why the council passed the budget</h1></header>"
            "<article><h1>News</h1><div class=text>" + PROSE + "</div></article>")
    assert page(head, body).title == "Why the council passed the budget"


def test_declared_title_without_site_name_when_no_h1() -> None:
    head = '<title>Council passes budget - The Daily</title><meta property="og:site_name" content="The Daily">'
    assert page(head, f"<div>{PROSE}</div>").title == "Council passes budget"


def test_site_name_behind_a_bar_is_cut_when_the_declared_name_differs() -> None:
    head = ('<title>Online Tuition and Financing | Liberty University</title>'
            '<meta property="og:site_name" content="Liberty Online">')
    assert page(head, f"<div>{PROSE}</div>").title == "Online Tuition and Financing"
    # behind a hyphen, with a site name that is neither end, the title is one headline
    head = '<title>Code Editor - The open source editor</title><meta property="og:site_name" content="Editor Co">'
    assert page(head, f"<div>{PROSE}</div>").title == "Code Editor - The open source editor"


def test_site_name_unknown_the_last_part_is_cut_even_when_longer() -> None:
    # "Section | Site" with no og:site_name: the convention puts the site last, whatever its length
    head = "<title>Dental care | Health Centre of Lakeside County</title>"
    assert page(head, f"<div>{PROSE}</div>").title == "Dental care"
    # a site name known to lead the title is still cut from the front
    head = ('<title>Lakeside Health | Dental care for the whole family</title>'
            '<meta property="og:site_name" content="Lakeside Health">')
    assert page(head, f"<div>{PROSE}</div>").title == "Dental care for the whole family"


def test_no_break_spaces_around_a_separator_still_separate() -> None:
    head = "<title>Dental care&nbsp;|&nbsp;Lakeside Health</title>"
    assert page(head, f"<div>{PROSE}</div>").title == "Dental care"
    head = "<title>Dental care\u00a0|\u00a0Lakeside Health</title>"
    assert page(head, f"<div>{PROSE}</div>").title == "Dental care"


def test_a_banner_h1_that_is_the_site_name_is_not_the_headline() -> None:
    body = "<header><h1>Jane's Notes</h1></header><div class=post><div class=text>" + PROSE * 2 + "</div></div>"
    # the site's name declared
    head = "<title>Why the council passed the budget</title><meta property='og:site_name' content=\"Jane's Notes\">"
    assert page(head, body).title == "Why the council passed the budget"
    # "Blog: Post" whose rest is og:title
    head = ("<title>Jane's Notes: Why the council passed the budget</title>"
            "<meta property='og:title' content='Why the council passed the budget'>")
    assert page(head, body).title == "Why the council passed the budget"
    # a part cut as the site's only by guess (no site name known) does not make the <h1> the site's
    head = "<title>Opinion | Why the council passed the budget</title>"
    body = "<header><h1>Why the council passed the budget</h1></header><div class=text>" + PROSE * 2 + "</div>"
    assert page(head, body).title == "Why the council passed the budget"


def test_a_documentation_or_service_page_is_named_by_its_declared_title() -> None:
    # the body's <h1> of such a page is a step's or a slogan's heading; its <title> names the page
    nav = "<nav class='sidebar docs-nav'><ul>" + "".join(
        f"<li><a href='/docs/api/{i}'>API reference {i}</a></li>" for i in range(30)) + "</ul></nav>"
    docs = ("<main class='docs-content'><h1>Install the client</h1><p>To install the client library, run the "
            "command below and then import the module in your project.</p><pre><code>pip install example-client"
            "</code></pre><h2>Configuration</h2><p>Set the API key in the environment before you call any "
            "function of the library.</p><pre><code>export EXAMPLE_KEY=abc</code></pre><h2>Parameters</h2>"
            "<table><tr><th>Name</th><th>Type</th></tr><tr><td>timeout</td><td>int</td></tr></table></main>")
    a = page("<title>Installation guide - Example Client documentation</title>", nav + docs)
    assert a.page_type == "documentation"
    assert a.title == "Installation guide"
    # with no declared title the <h1> is still the title
    assert page("", nav + docs).title == "Install the client"
    svc = ("<header><nav><a href='/'>Home</a><a href='/pricing'>Pricing</a><a href='/contact'>Contact us</a></nav>"
           "</header><main><section class='hero'><h1>Clean teeth, happy smiles</h1><p>Book your appointment "
           "today.</p><a class='btn' href='/book'>Book now</a></section><section class='services'><h2>Our "
           "services</h2><ul><li>Cleaning</li><li>Whitening</li><li>Implants</li></ul><a href='/contact'>Get a "
           "free quote</a></section><section class='testimonials'><h2>What our clients say</h2><p>Great service, "
           "friendly staff.</p></section></main><footer>Call us today. Free consultation.</footer>")
    a = page("<title>Dental Care in Lakeside | Smile Clinic</title>", svc)
    assert a.page_type == "service"
    assert a.title == "Dental Care in Lakeside"


def test_full_width_separators_of_cjk_titles() -> None:
    head = "<title>情報セキュリティに関する注意喚起：情報処理推進機構</title>"
    assert page(head, f"<div>{PROSE}</div>").title == "情報セキュリティに関する注意喚起"
    head = "<title>指紋認証機能付きマウスを発売｜サンワサプライ</title>"
    assert page(head, f"<div>{PROSE}</div>").title == "指紋認証機能付きマウスを発売"


@pytest.mark.parametrize("key", ['name="dc.title"', 'name="parsely-title"', 'name="twitter:title"'])
def test_other_declared_titles_are_read(key: str) -> None:
    assert page(f'<meta {key} content="Budget vote">', f"<div>{PROSE}</div>").title == "Budget vote"


def test_entities_escaped_twice_are_decoded() -> None:
    head = "<title>The budget&amp;#8217;s vote &amp;amp; the council</title>"
    assert page(head, f"<div>{PROSE}</div>").title == "The budget\u2019s vote & the council"


def test_json_ld_headline_is_a_declared_title() -> None:
    ld = '<script type="application/ld+json">{"@type": "NewsArticle", "headline": "Council passes budget"}</script>'
    body = "<div class=banner><h1>Gazette</h1></div>" + story()
    assert page(ld, body).title == "Council passes budget"


# ---------------------------------------------------------------- byline


def test_json_ld_authors_nested_and_listed_are_joined() -> None:
    ld = ('<script type="application/ld+json">{"@type": "Article", "author": [{"@type": "Person", "name": "Jane Doe"},'
          ' {"@type": "Person", "name": "John Roe"}], "publisher": {"name": "The Daily"}}</script>')
    assert page(ld, story()).byline == "Jane Doe, John Roe"


def test_json_ld_author_string() -> None:
    ld = '<script type="application/ld+json">{"author": "Jane Doe"}</script>'
    assert page(ld, story()).byline == "Jane Doe"


@pytest.mark.parametrize("key", ['name="author"', 'name="parsely-author"', 'property="article:author"',
                                 'name="dc.creator"'])
def test_author_metas(key: str) -> None:
    assert page(f'<meta {key} content="Jane Doe">', story()).byline == "Jane Doe"


def test_article_author_url_is_not_a_byline() -> None:
    assert page('<meta property="article:author" content="https://example.org/jane">', story()).byline is None


@pytest.mark.parametrize("url", ["/@janedoe", "/author/jane-doe"])
def test_article_author_path_on_the_site_is_not_a_byline(url: str) -> None:
    # a profile's address relative to the site: the author meta's name is the byline
    head = f'<meta property="article:author" content="{url}"><meta name="author" content="Jane Doe">'
    assert page(head, story()).byline == "Jane Doe"
    assert page(head.split("<meta name")[0], story()).byline is None


@pytest.mark.parametrize(
    "value",
    [
        "Unknown", "undefined", "null", "@janedoe", "facebook.com/jane.doe", "-", "262588213843476",
        # a template's variable left unfilled
        "page.head.extra.author", "{{ post.author }}", "${author}",
    ],
)
def test_a_placeholder_handle_or_address_in_an_author_meta_is_not_a_byline(value: str) -> None:
    # the meta names no one: the visible byline under the headline does
    head = f'<meta property="article:author" content="{value}">'
    assert page(head, story(after="<div class=byline>By Jane Doe</div>")).byline == "Jane Doe"
    assert page(head, story()).byline is None


@pytest.mark.parametrize("value", ["jane.doe@example.org", "det/dpa", "j.doe", "jane.doe"])
def test_an_email_or_an_agency_credit_in_an_author_meta_stays(value: str) -> None:
    assert page(f'<meta name="author" content="{value}">', story()).byline == value


def microdata_author(item: str) -> str:
    """A video page: the video's item with its own name, and the author item inside it as given."""
    return (
        '<div itemscope itemtype="https://schema.org/VideoObject"><meta itemprop="name" content="Budget talk">'
        f"{item}</div>"
    )


@pytest.mark.parametrize(
    "tag", ['<link itemprop="name" content="Jane Doe">', '<meta itemprop="name" content="Jane Doe">']
)
def test_a_microdata_authors_name_in_markup_only_is_the_byline(tag: str) -> None:
    # nothing visible names the author; the author item's name, stated in a content attribute, does. A
    # footer's visible text that a byline guess would take ("Sponsored by Acme •") is not read over it
    item = f'<span itemprop="author" itemscope itemtype="https://schema.org/Person">{tag}</span>'
    footer = "<div class=author-promo>Sponsored by Acme \u2022</div>"
    assert page("", story() + microdata_author(item) + footer).byline == "Jane Doe"


@pytest.mark.parametrize(
    "item",
    [
        # the name belongs to the video, not to an author
        "",
        # an organization signs for its staff
        '<div itemprop="author" itemscope itemtype="https://schema.org/Organization">'
        '<meta itemprop="name" content="Budget Desk"></div>',
        # a template's placeholder
        '<div itemprop="author" itemscope itemtype="https://schema.org/Person">'
        '<meta itemprop="name" content="-"></div>',
        # a nested item's name (the author's employer) is that item's
        '<div itemprop="author" itemscope><div itemprop="worksFor" itemscope><meta itemprop="name" content="Acme">'
        "</div></div>",
    ],
)
def test_other_microdata_names_are_not_the_byline(item: str) -> None:
    assert page("", story() + microdata_author(item)).byline is None


def forum_thread(starter: str) -> str:
    """A thread page: the thread's posting item names its starter first, then each reply carries an
    author item with its name in a <meta>, and a visible user name."""
    replies = "".join(
        f'<article class=post data-author="{u}"><div itemprop="author" itemscope itemtype="https://schema.org/Person">'
        f'<meta itemprop="name" content="{u}"></div><span class=username>{u}</span><p>{PROSE}</p></article>'
        for u in ("replier_one", "replier_two")
    )
    return (
        '<div itemscope itemtype="https://schema.org/DiscussionForumPosting"><div class="hidden">'
        f'<div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">{starter}</span>'
        f"</div></div><h1>Which projector should I buy?</h1>{replies}</div>"
    )


def test_a_forum_threads_starter_is_its_posting_items_first_author() -> None:
    assert page("", forum_thread("thread_starter")).byline == "thread_starter"


def test_an_author_items_shown_name_yields_to_a_declared_author() -> None:
    # a related story's card is an article item too, with its own author item, before the byline
    card = (
        '<div itemscope itemtype="https://schema.org/Article"><h3>Another story</h3>'
        '<div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">By John Roe'
        "</span></div></div>"
    )
    head = '<meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="Jane Doe">'
    assert page(head, story() + card).byline == "Jane Doe"
    assert page("", story() + card).byline == "John Roe"


def test_an_author_items_shown_text_that_is_no_name_is_not_a_byline() -> None:
    # a feed aggregator's "author" is the blog, named by a post's title
    byline = page("", forum_thread("5 Great SEO Ideas For 2022 That You Can Practice")).byline
    assert not (byline or "").startswith("5 Great")
    # the name of an author item of something else than a posting or an article (a product's review)
    # is not read as a declared author (the visible author element is another source)
    review = (
        '<div itemscope itemtype="https://schema.org/Review"><div itemprop="author" itemscope '
        'itemtype="https://schema.org/Person"><span itemprop="name">Jane Buyer</span></div></div>'
    )
    harvest = dict(_core._article_meta(distill.parse(story() + review)))
    assert harvest["itemprop_author_text"] is None
    posting = review.replace("/Review", "/BlogPosting")
    assert dict(_core._article_meta(distill.parse(story() + posting)))["itemprop_author_text"] == "Jane Buyer"


def test_author_meta_equal_to_site_name_yields_to_visible_byline() -> None:
    head = '<meta name="author" content="The Daily"><meta property="og:site_name" content="The Daily">'
    assert page(head, story(after="<div class=byline>By Jane Doe</div>")).byline == "Jane Doe"


def test_visible_byline_class_cleaned_of_by_and_date() -> None:
    line = "<div class=byline>By Jane Doe | March 3, 2021</div>"
    assert page("", story(after=line)).byline == "Jane Doe"


def test_visible_by_word_without_class() -> None:
    line = "<div><span>By</span> <a href=/jane>Jane Doe</a></div>"
    assert page("", story(after=line)).byline == "Jane Doe"


@pytest.mark.parametrize("word", ["Von", "Par", "Por", "Door", "Written by", "Posted by", "BY"])
def test_visible_by_word_in_each_language_without_class(word: str) -> None:
    # by_word rules texts out by their first two letters before comparing: each word must still pass
    line = f"<div>{word} Jane Doe</div>"
    assert page("", story(after=line)).byline == "Jane Doe"


@pytest.mark.parametrize("text", ["Parking Jane Doe", "Door prize for Jane Doe", "bye Jane Doe", "Bypass Jane"])
def test_a_text_that_only_starts_like_a_by_word_is_no_byline(text: str) -> None:
    assert page("", story(after=f"<div>{text}</div>")).byline is None


def test_visible_byline_reads_its_name_element_not_the_role() -> None:
    line = ("<div class=author-info><a class=author-name href=/j>Jane Doe</a>"
            "<span class=author-role>Senior Editor</span></div>")
    assert page("", story(after=line)).byline == "Jane Doe"


def test_visible_byline_drops_the_role_read_with_the_name_and_what_follows_in() -> None:
    line = ("<div class=byline><span class=byline-prefix>By</span> <a href=/hb>Jane Doe</a>"
            "<span class=author-title>Staff Writer&#xA0;</span></div>")
    assert page("", story(after=line)).byline == "Jane Doe"
    line = "<div class=author>Written by <a href=/j>Jane Doe</a> in Politics on 1 June 2019</div>"
    assert page("", story(after=line)).byline == "Jane Doe"
    # a newsroom's collective byline keeps its word
    assert page("", story(after="<div class=byline>By Gazette Staff</div>")).byline == "Gazette Staff"
    # a role alone is nobody's name
    assert page("", story(after="<div class=byline>Staff Writer</div>")).byline is None


def test_visible_byline_in_german() -> None:
    assert page("", story(after="<p class=autor>Von Max Muster</p>")).byline == "Max Muster"


def test_visible_byline_of_a_forum_post_ends_at_its_guillemet_and_drops_a_repeated_user_name() -> None:
    body = f"<h1>Budget thread</h1><p class=author>by <a href=/u/1>galitsyn</a> \u00bb Tue Aug 27, 2019</p>{PROSE}"
    assert page("", body).byline == "galitsyn"
    body = f"<h1>Budget thread</h1><div class=author>Laubrani (laubrani)</div>{PROSE}"
    assert page("", body).byline == "Laubrani"
    # parentheses that say something else stay
    body = f"<h1>Budget thread</h1><div class=author>Jane Doe (Reuters)</div>{PROSE}"
    assert page("", body).byline == "Jane Doe (Reuters)"


def test_comment_author_is_not_the_byline() -> None:
    comment = "<div class=comment-author>Troll 42</div>"
    assert page("", story() + comment).byline is None


def test_inverted_name_is_turned_round() -> None:
    assert page('<meta name="author" content="Doe, Jane">', story()).byline == "Jane Doe"


def test_twitter_label_written_by() -> None:
    head = '<meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="Jane Doe">'
    assert page(head, story()).byline == "Jane Doe"
    assert page('<meta name="twitter:data1" content="5 minutes">', story()).byline is None


def test_json_ld_byline_is_the_thread_authors_not_the_commenters() -> None:
    ld = ('<script type="application/ld+json">{"@type": "DiscussionForumPosting", "headline": "Budget thread",'
          ' "author": {"@type": "Person", "name": "ColdJ"}, "comment": ['
          '{"@type": "Comment", "author": {"@type": "Person", "name": "Ultimate Steve"}, "text": "Agreed."},'
          '{"@type": "Comment", "author": {"@type": "Person", "name": "Lisias"}, "text": "Not so."}]}</script>')
    assert page(ld, story()).byline == "ColdJ"
    # a list of co-authors, every one an object at the same depth, is still read whole
    ld = ('<script type="application/ld+json">{"@type": "NewsArticle", "author": ['
          '{"@type": "Person", "name": "Jane Doe"}, {"@type": "Person", "name": "John Roe"}]}</script>')
    assert page(ld, story()).byline == "Jane Doe, John Roe"


# ---------------------------------------------------------------- date


def test_json_ld_published_not_modified() -> None:
    ld = ('<script type="application/ld+json">{"@type": "NewsArticle", "dateModified": "2021-05-01T10:00:00Z",'
          ' "datePublished": "2021-03-03T09:30:00+01:00"}</script>')
    a = page(ld, story())
    assert (a.date, a.date_modified) == ("2021-03-03T09:30:00+01:00", "2021-05-01T10:00:00Z")


def test_utc_publication_time_is_written_in_the_zone_the_page_shows() -> None:
    head = '<meta property="article:published_time" content="2023-11-09T06:35:29+00:00">'
    # the same moment shown with the page's own offset: the date is the reader's day
    shown = story(after='<time datetime="2023-11-08T22:35:29-08:00">Nov 8, 2023</time>')
    assert page(head, shown).date == "2023-11-08T22:35:29-08:00"
    # a local time without a zone, same minutes and seconds, eight hours away
    local = story(after='<time datetime="2023-11-08 22:35:29">Nov 8, 2023</time>')
    assert page(head, local).date == "2023-11-08T22:35:29-08:00"
    # another moment (the seconds differ) says nothing about the zone
    other = story(after='<time datetime="2023-11-08 22:35:10">Nov 8, 2023</time>')
    assert page(head, other).date == "2023-11-09T06:35:29+00:00"


def test_page_that_shows_its_revision_date_is_dated_by_it() -> None:
    ld = ('<script type="application/ld+json">{"@type": "NewsArticle", "datePublished": "2021-03-03",'
          ' "dateModified": "2021-05-01T10:00:00Z"}</script>')
    # the line under the headline shows the revision, unlabelled: the page dates itself by it
    assert page(ld, story(after="<div class=byline>Jane Doe, 1 May 2021</div>")).date == "2021-05-01T10:00:00Z"
    # labelled as an update, it leaves the publication date as it is
    assert page(ld, story(after="<div class=byline>Jane Doe, updated 1 May 2021</div>")).date == "2021-03-03"
    # so does a line that writes the publication's day too, after the revision's machine stamp (a
    # share bar's words between the headline and the line)
    share = "<div class=share>" + "<a href=/s>Share this story with your friends</a>" * 14 + "</div>"
    line = "<div class=post-meta>Jane Doe <span class=updated>2021-05-01T10:00:00Z</span> 3 March 2021</div>"
    assert page(ld, story(after=share + line)).date == "2021-03-03"
    # a date shown under the headline that no declared date has changes nothing while the page's text
    # also writes the declared publication day (here in its footer)
    body = story(after="<div class=byline>Jane Doe, 9 May 2021</div>") + "<footer>First run 3 March 2021</footer>"
    assert page(ld, body).date == "2021-03-03"


def test_a_shown_date_beats_a_declared_date_the_page_never_writes() -> None:
    meta = '<meta property="article:published_time" content="2025-06-24T10:00:00+00:00">'
    # the page shows August 25, 2024 under its headline and writes the declared day nowhere: the
    # declared date is a re-save's stamp, the shown one is the reader's
    shown = story(after="<div class=byline>Jane Doe, August 25, 2024</div>")
    assert page(meta, shown).date == "2024-08-25"
    # ... unless the page writes the declared day somewhere too
    assert page(meta, shown + "<footer>Reviewed June 24, 2025</footer>").date == "2025-06-24T10:00:00+00:00"
    # ... or the shown date is labelled an update
    updated = story(after="<div class=byline>Jane Doe, updated August 25, 2024</div>")
    assert page(meta, updated).date == "2025-06-24T10:00:00+00:00"
    # a day apart is the same moment in another zone: the declared time says which day it is
    near = story(after="<div class=byline>Jane Doe, June 23, 2025</div>")
    assert page(meta, near).date == "2025-06-24T10:00:00+00:00"
    # ... but not a moment that no zone puts on the shown day: 22:00 UTC on the 24th is the 24th from
    # 10:00 on somewhere west to the 25th in the east, never the 23rd
    late = '<meta property="article:published_time" content="2025-06-24T22:00:00+00:00">'
    assert page(late, near).date == "2025-06-23"
    # the declared day with day and month swapped is a numeric date read the other way round
    swapped = page('<meta property="article:published_time" content="2021-11-01T05:00:00">',
                   story(after="<div class=byline>Jane Doe, 2021-01-11</div>"))
    assert swapped.date == "2021-11-01T05:00:00"
    # a date far below the headline (a related post's) is not shown with it
    far = story() + "<aside>" + "<p>More council news and other stories from the week.</p>" * 12 + \
        "<div class=date>August 25, 2024</div><h3>Older post</h3></aside>"
    assert page(meta, far).date == "2025-06-24T10:00:00+00:00"


def test_the_date_under_the_headline_beats_a_time_elsewhere_on_the_page() -> None:
    # the page header shows the visitor's clock in a <time>, far above the thread's title; the line
    # under the title says when the thread was started
    header = ('<header><div class=user>Hello, guest. <time datetime="2026-03-05T12:16:19Z">March 05, 2026</time>'
              '</div><nav>' + "<a href=/x>Board index and other sections of the forum</a>" * 6 + "</nav></header>")
    body = header + story(after="<p>Started by Jane Doe, June 04, 2024, 11:23:55 AM</p>")
    assert page("", body).date == "2024-06-04"
    # a line under the title that calls its date an update leaves the <time> as it was
    body = header + story(after="<p>Jane Doe, updated June 04, 2024</p>")
    assert page("", body).date == "2026-03-05T12:16:19Z"


def test_a_publication_label_under_the_headline_beats_a_declared_date() -> None:
    meta = '<meta property="article:published_time" content="2025-08-21T10:00:00+00:00">'
    body = story(after="<div class=meta>By Claire Wilson, Published Apr 26, 2023 Updated Aug 21, 2025</div>")
    assert page(meta, body).date == "2023-04-26"
    # a publication word further off ("Posted in" a category) does not label the date
    # (the declared day written in the footer, so the page does not date itself by the shown date)
    body = story(after="<p>Posted in News Release and elsewhere</p><p>WASHINGTON (April 26, 2023) The council</p>")
    body += "<footer>Page saved August 21, 2025</footer>"
    assert page(meta, body).date == "2025-08-21T10:00:00+00:00"


def test_utc_time_on_the_day_after_the_url_day_is_the_url_day() -> None:
    head = ('<link rel="canonical" href="https://example.org/2020/02/24/council-budget">'
            '<meta property="article:published_time" content="2020-02-25T02:25:54+00:00">')
    assert page(head, story()).date == "2020-02-24"
    # a UTC time too far from the URL's day for any zone keeps its own day
    head = ('<link rel="canonical" href="https://example.org/2020/02/24/council-budget">'
            '<meta property="article:published_time" content="2020-02-25T18:25:54+00:00">')
    assert page(head, story()).date == "2020-02-25T18:25:54+00:00"


def test_article_date_beats_a_webpage_date_in_json_ld() -> None:
    ld = ('<script type="application/ld+json">{"@graph": [{"@type": "WebPage", "datePublished": "2015-01-01"},'
          ' {"@type": "BlogPosting", "datePublished": "2021-03-03"}]}</script>')
    assert page(ld, story()).date == "2021-03-03"


def test_modification_is_the_date_of_a_page_that_declares_nothing_else() -> None:
    # the one date the page carries; date_modified says the same
    a = page('<meta property="article:modified_time" content="2021-05-01">', story())
    assert (a.date, a.date_modified) == ("2021-05-01", "2021-05-01")
    # any publication date, even one only written in the text, comes first
    a = page('<meta property="article:modified_time" content="2021-05-01">', story(after="<p>12.01.2017</p>"))
    assert (a.date, a.date_modified) == ("2017-01-12", "2021-05-01")


def test_other_publish_metas_and_citation_dates() -> None:
    assert page('<meta name="w-published-date" content="2025-05-27T06:03:43Z">', story()).date == "2025-05-27T06:03:43Z"
    assert page('<meta name="published" content="July 17, 2025">', story()).date == "2025-07-17"
    assert page('<meta name="last-published-update" content="2025-05-27">', story()).date is None
    assert page('<meta name="citation_publication_date" content="2023 Jan 7">', story()).date == "2023-01-07"
    # a year that ends a headline is not the year of the month-name date after it
    assert _core._date_scan("The best tutoring franchises of 2024 September 1st, 2023 By Emily") == "2023-09-01"


def test_microdata_date_published() -> None:
    body = story(after='<span itemprop="datePublished" content="2020-02-14">Feb 14</span>')
    assert page("", body).date == "2020-02-14"


def test_date_in_canonical_url_path() -> None:
    head = '<link rel="canonical" href="https://example.org/news/2019/11/18/council-budget">'
    assert page(head, story()).date == "2019-11-18"
    # an article number is not a date
    assert page('<link rel="canonical" href="https://example.org/a/20191318">', story()).date is None


@pytest.mark.parametrize(("line", "iso"), [
    ("Dienstag, 6. Mai 2014", "2014-05-06"),
    ("publié le 1er mars 2020", "2020-03-01"),
    ("15 de marzo de 2021", "2021-03-15"),
    ("pubblicato il 3 settembre 2019", "2019-09-03"),
    ("gepubliceerd op 12 januari 2018", "2018-01-12"),
    ("publicado em 9 de julho de 2017", "2017-07-09"),
    ("Posted on July 1, 2024", "2024-07-01"),
    ("30.10.2023 | Kultur", "2023-10-30"),
    ("2019年3月4日", "2019-03-04"),
])
def test_visible_date_near_headline_in_seven_languages(line: str, iso: str) -> None:
    assert page("", story(after=f"<div class=meta-date>{line}</div>")).date == iso


def test_date_line_without_markup_below_headline() -> None:
    assert page("", story(after="<dd>12.01.2017</dd>")).date == "2017-01-12"


def test_last_resort_reads_the_dates_anywhere_on_the_page_by_their_labels() -> None:
    filler = "<div class=text>" + PROSE * 30 + "</div>"  # the footer is far below the headline
    footer = "<footer><p>Letzte \u00c4nderung: 31.10.2023</p><p>Erschienen am: 01.11.2023</p></footer>"
    assert page("", story() + filler + footer).date == "2023-11-01"
    # no publication label: the first date not labelled as an update
    footer = "<footer><p>Letzte \u00c4nderung: 31.10.2023</p><p>Seite vom 02.11.2023</p></footer>"
    assert page("", story() + filler + footer).date == "2023-11-02"
    # an update is all the page shows: it is still the date the page carries
    assert page("", story() + filler + "<footer>Aktualisiert: 30.12.2016</footer>").date == "2016-12-30"


def test_implausible_dates_are_refused() -> None:
    assert page('<meta name="date" content="1970-01-01">', story()).date is None
    assert page('<meta name="date" content="2999-01-01">', story()).date is None


def test_ambiguous_numeric_date_follows_the_page_language() -> None:
    line = "<div class=date>03/04/2021</div>"
    assert page("", story(after=line), lang="en-US").date == "2021-03-04"
    assert page("", story(after=line), lang="fr").date == "2021-04-03"
    # English at large: month first, the American order, unless the page's <time>s say otherwise
    assert page("", story(after=line), lang="en").date == "2021-03-04"
    assert page("", story(after=line), lang="").date is None


def test_date_scan_and_url_entry_points() -> None:
    assert _core._date_scan("Updated by staff, 6 May 2014 at 10:00") == "2014-05-06"
    assert _core._date_scan("release v2.1.2020 notes") is None
    assert _core._date_scan("call 555-12-2019") is None
    assert _core._date_from_url("/blog/2021-03-03-title") == "2021-03-03"
    assert _core._date_from_url("/item/123456789") is None


def test_microdata_date_created_is_the_publication_of_a_question() -> None:
    # a Q&A page: the question's "asked" <time itemprop=dateCreated>, then comments' datePublished
    body = ("<div class=question><h1>How do I back up my system?</h1><span>Asked</span> "
            "<time itemprop='dateCreated' datetime='2010-10-16T21:58:06Z'>14 years ago</time>"
            f"<div class=post>{PROSE}</div><ul class=comments><li>Try a tool. "
            "<span itemprop='datePublished' class=d-none>2012-03-01 10:00:00Z</span></li></ul></div>")
    assert page("", body).date == "2010-10-16T21:58:06Z"
    body = body.replace("<time itemprop='dateCreated'", "<span itemprop='dateCreated'").replace("</time>", "</span>")
    body = body.replace("itemprop='dateCreated' datetime=", "itemprop='dateCreated' content=")
    assert page("", body).date == "2010-10-16T21:58:06Z"


def test_a_generic_date_meta_yields_to_the_date_shown_under_the_headline() -> None:
    head = '<meta name="date" content="2022-01-26T14:32:06+02:00">'
    body = story(after="<p class=meta>21.01.2022 - 13:30 Quelle: Redaktion</p>")
    assert page(head, body, lang="de").date == "2022-01-21"
    # labelled an update, the shown date leaves the meta as it is
    body = story(after="<p class=meta>Aktualisiert: 28.01.2022</p>")
    assert page(head, body, lang="de").date == "2022-01-26T14:32:06+02:00"
    # an explicit publication meta is not overruled while the page writes its day too (without it,
    # test_a_shown_date_beats_a_declared_date_the_page_never_writes)
    head = '<meta property="article:published_time" content="2022-01-26T14:32:06+02:00">'
    body = story(after="<p class=meta>21.01.2022 - 13:30 Quelle: Redaktion</p>") + "<footer>Stand: 26.01.2022</footer>"
    assert page(head, body, lang="de").date == "2022-01-26T14:32:06+02:00"
    # nothing shown with the headline: a date the text labels as the publication, further down
    body = story() + "<footer><p>Erschienen am: 13.10.2021</p></footer>"
    assert page('<meta name="date" content="2021-10-15">', body, lang="de").date == "2021-10-13"


def test_a_label_colon_against_the_date_does_not_hide_it() -> None:
    assert _core._date_scan("Datum:26. Januar 2022") == "2022-01-26"
    assert _core._date_scan("Stand:12.01.2022") == "2022-01-12"
    # after a digit the colon is a time's: "10:26.01.2022" is no date
    assert _core._date_scan("um 10:26.01.2022") is None
    body = f"<div>{PROSE}</div><ul class=info><li><span>Datum:</span>26. Januar 2022</li></ul>"
    assert page("", body, lang="de").date == "2022-01-26"


def test_an_explicitly_labelled_publication_date_in_the_text_beats_a_date_line_guess() -> None:
    body = story(after="<div class=date>24.08.2019</div>") + "<p>Podcast. Veröffentlicht am 16.08.2019, Dauer 1 h</p>"
    assert page("", body, lang="de").date == "2019-08-16"
    # "Date:" labels an event's dates as often: the date line stays
    body = story(after="<div class=date>24.08.2019</div>") + "<p>Next meetup. Date: 16.09.2019</p>"
    assert page("", body, lang="de").date == "2019-08-24"
    # a declared publication is not overruled
    head = '<meta property="article:published_time" content="2019-08-24T03:36:11+02:00">'
    # (the label further down the page than the lines shown with the headline)
    body = story() + PROSE + "<p>Podcast. Veröffentlicht am 16.08.2019, Dauer 1 h</p>"
    assert page(head, body, lang="de").date == "2019-08-24T03:36:11+02:00"


def test_a_date_just_above_the_headline_is_the_page_date() -> None:
    items = "".join(f"<li><p class=listing__item__date>November {d}, 2025</p><h3>Post {d}</h3></li>" for d in (3, 9))
    related = f"<aside><ul>{items}</ul></aside>"
    body = ("<header class=post-hero><div><span>December 17, 2025</span> <span>8 minutes</span></div>"
            f"<h1>Council passes budget</h1></header><div class=text>{PROSE}</div>{related}")
    assert page("", body).date == "2025-12-17"
    # an update over the headline is not the publication; the date before it is
    body = body.replace("<span>December 17, 2025</span>", "<span>December 2, 2025 Updated: December 17, 2025</span>")
    assert page("", body).date == "2025-12-02"
    # with a generic date meta, the date above the headline is the shown date that overrules it
    body = ("<header><div>05.02.2020</div><h1>Faire Lieferketten</h1></header>"
            f"<div class=text>{PROSE}</div>")
    assert page('<meta name="date" content="2020-02-12">', body, lang="de").date == "2020-02-05"


# ---------------------------------------------------------------- other fields


def test_site_name_from_application_name_and_json_ld_publisher() -> None:
    assert page('<meta name="application-name" content="Gazette">', story()).site_name == "Gazette"
    ld = '<script type="application/ld+json">{"publisher": {"@type": "Organization", "name": "Gazette"}}</script>'
    assert page(ld, story()).site_name == "Gazette"


def test_meta_value_attribute_is_read_when_content_is_absent() -> None:
    assert page('<meta name="author" value="Jane Doe">', story()).byline == "Jane Doe"


def test_a_title_template_with_an_empty_headline_is_no_title() -> None:
    # "{headline} | {site}" with the headline left empty: the <h1> names the page
    body = "<main><h1>Electronic Gadgets</h1>" + PROSE + "</main>"
    assert page("<title>| Nuts &amp; Volts Magazine</title>", body).title == "Electronic Gadgets"
    assert page("<title>– Nuts &amp; Volts Magazine</title>", body).title == "Electronic Gadgets"
    # a title that only names the site is still the title of a page that shows no other
    only_site = page("<title>Nuts &amp; Volts Magazine</title>", "<main>" + PROSE + "</main>")
    assert only_site.title == "Nuts & Volts Magazine"


def test_an_h1_that_repeats_the_whole_title_is_cut_as_the_title_is() -> None:
    # the <h1> filled from the title template carries the site's name after the separator
    body = "<main><h1>Catering Tips | Cookshack</h1>" + PROSE + "</main>"
    assert page("<title>Catering Tips | Cookshack</title>", body).title == "Catering Tips"
    head = '<meta property="og:site_name" content="WRAL"><title>Vehicle rental news | WRAL</title>'
    body = "<main><h1>Vehicle rental news | WRAL</h1>" + PROSE + "</main>"
    assert page(head, body).title == "Vehicle rental news"
    # an <h1> that is only the leading part is the headline as it was
    body = "<main><h1>Catering Tips</h1>" + PROSE + "</main>"
    assert page("<title>Catering Tips | Cookshack</title>", body).title == "Catering Tips"
    # a title with no separator is not cut
    body = "<main><h1>Catering Tips for Cookshack</h1>" + PROSE + "</main>"
    assert page("<title>Catering Tips for Cookshack</title>", body).title == "Catering Tips for Cookshack"


def test_a_blog_banner_h1_and_a_blog_name_title_point_at_the_declared_post_title() -> None:
    head = ("<title>Gazette Blog: Advent of Code week two</title>"
            '<meta property="og:title" content="Advent of Code week two">')
    body = ("<header><h1>Gazette Blog</h1></header><main><h1>Day 7</h1>" + PROSE +
            "<h1>Day 8</h1>" + PROSE + "</main>")
    assert page(head, body).title == "Advent of Code week two"
    # the headline's own <h1> leading "Headline - Brand" is not a banner: the rest is shorter
    head = '<title>Which lawnmower suits which lawn? - Mowco</title><meta name="twitter:title" content="Mowco">'
    body = "<main><h1>Which lawnmower suits which lawn?</h1>" + PROSE + "</main>"
    assert page(head, body).title == "Which lawnmower suits which lawn?"


def test_an_h2_that_says_the_title_of_a_page_without_an_h1_dates_the_post() -> None:
    prose = ("<p>Version 5.2 was released on November 5, 2019, and it is the first version that supports the "
             "new interpreter, after years of work by many people in the project.</p>") + PROSE
    body = ("<div class=blog_post><h2 class=post_title><a href='/p'>Our journey to the new interpreter</a></h2>"
            "<small>January 13, 2020 at 08:45 AM | categories: Python</small>"
            f"<div class=post_prose>{prose}</div></div>")
    head = "<title>Our journey to the new interpreter</title>"
    assert page(head, body).date == "2020-01-13"


def test_the_date_a_page_says_it_stands_at_beats_a_teaser_time() -> None:
    teaser = "<aside><a href=/t>Older news</a> <time datetime='2017-11-15'>15.11.2017</time></aside>"
    body = f"<main><h1>Bürgerservice</h1>{PROSE}</main>{teaser}<footer>[Stand: 09.10.2017, 01:40 Uhr]</footer>"
    assert page("", body, lang="de").date == "2017-10-09"
    body = f"<main><h1>Bürgerservice</h1>{PROSE}</main>{teaser}<footer>Aktualisiert: 30.12.2016</footer>"
    assert page("", body, lang="de").date == "2016-12-30"
    # a publication label still comes first
    body = (f"<main><h1>Bürgerservice</h1>{PROSE}<p>Veröffentlicht am 02.03.2015</p></main>{teaser}"
            "<footer>Stand: 09.10.2017</footer>")
    assert page("", body, lang="de").date == "2015-03-02"
    # without a label the teaser's <time> is what the page has
    body = f"<main><h1>Bürgerservice</h1>{PROSE}</main>{teaser}"
    assert page("", body, lang="de").date == "2017-11-15"


def test_an_older_date_beside_the_declared_one_under_the_headline_is_the_publication() -> None:
    meta = '<meta property="article:published_time" content="2021-12-10T20:06:09-07:00">'
    body = story(after="<div class=meta><span>December 10, 2021</span><span>April 9, 2019</span> by Luke</div>")
    assert page(meta, body).date == "2019-04-09"
    # a newer date beside it is a revision and changes nothing
    body = story(after="<div class=meta><span>December 10, 2021</span><span>April 9, 2022</span> by Luke</div>")
    assert page(meta, body).date == "2021-12-10T20:06:09-07:00"
    # nor does an older date labelled an update, or one written further on
    body = story(after="<div class=meta>December 10, 2021, updated April 9, 2019</div>")
    assert page(meta, body).date == "2021-12-10T20:06:09-07:00"
    body = story(after="<div class=meta>December 10, 2021 by Luke, with thanks to the council staff and "
                 "everyone who wrote in. April 9, 2019</div>")
    assert page(meta, body).date == "2021-12-10T20:06:09-07:00"


def test_meta_keys_are_matched_whole_and_in_any_case() -> None:
    # the article's meta keys are compared by length, then ASCII case-insensitively, whole
    head = (
        '<meta name="Parsely-Author" content="Jane Roe">'
        '<meta property="ARTICLE:PUBLISHED_TIME" content="2022-05-06T07:08:09Z">'
    )
    a = page(head, story())
    assert a.byline == "Jane Roe"
    assert a.date == "2022-05-06T07:08:09Z"


def test_a_meta_key_that_only_starts_like_one_is_not_read() -> None:
    head = '<meta name="parsely-authorx" content="Jane Roe"><meta name="dc.date.issuedx" content="2001-01-01">'
    a = page(head, story())
    assert a.byline is None
    assert a.date is None


@pytest.mark.parametrize("key", ["citation_author", "article:author", "dc.creator"])
def test_an_author_meta_written_once_per_author_names_them_all(key: str) -> None:
    head = "".join(f'<meta name="{key}" content="{n}">' for n in ("Jane Doe", "Roe, John", "Jane Doe", "Ann Poe"))
    # each name once, a catalogue's "Last, First" turned round
    assert page(head, story()).byline == "Jane Doe, John Roe, Ann Poe"


def test_several_author_metas_stop_at_sixteen_names() -> None:
    head = "".join(f'<meta name="citation_author" content="Author Number{chr(65 + k)}">' for k in range(20))
    byline = page(head, story()).byline
    assert byline is not None and byline.count(", ") == 15
