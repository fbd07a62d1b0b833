"""article() and hidden content (issue 12, session 4): a closed tab, accordion or "read more" panel
is the page's text though the page hides it until a click; hidden text inside a kept paragraph, a
hidden microdata copy, a hidden <pre> payload and a dialog (hidden or shown) are not. Each on a small
page of the test's own making."""

from __future__ import annotations

from conftest import PROSE, page

import distill

PANELS = [
    "Our support team answers every request within one working day, by phone, by mail, or in the chat "
    "window, and a named engineer follows each case until it is closed.",
    "Every plan includes nightly backups kept for thirty days, with a restore that takes minutes, and a "
    "copy of each backup is stored in a second region, far from the first.",
    "Invoices are sent at the start of each month, can be paid by card or transfer, and list every "
    "service used, so that your accounts team can check them line by line.",
]

# the text of a dialog that a "republish" button opens
REPUBLISH = ("<p>To republish this story, copy the text below, keep the byline, link back to the original, "
             "and do not edit the article beyond its references to time or place.</p><p>We are happy for our "
             "stories to be shared, and encourage you to republish them for your readers, as long as you "
             "follow these guidelines, which protect the authors and the people in the stories.</p>")


def tabbed_page(panel_attrs: str) -> str:
    intro = "".join(f"<p>{p}</p>" for p in PROSE[:2])
    tabs = "".join(f'<button role="tab" aria-controls="p{i}">Tab {i}</button>' for i in range(3))
    panels = "".join(
        f'<div role="tabpanel" id="p{i}" {panel_attrs if i else ""}><h3>Part {i}</h3><p>{p}</p></div>'
        for i, p in enumerate(PANELS))
    body = (f'<nav><a href="/">Home</a> <a href="/plans">Plans</a></nav><main><h1>Managed hosting</h1>{intro}'
            f'<section><div role="tablist">{tabs}</div>{panels}</section></main><footer>(c) Example</footer>')
    return page(body)


def test_closed_tab_panels_are_the_pages_text() -> None:
    # the panels a click reveals ship with the page as its content: text and markdown show them, with
    # the hidden attribute or an inline style that hides them alike
    for attrs in ("hidden", 'style="display:none"', 'style="visibility: hidden"'):
        art = distill.article(tabbed_page(attrs))
        for p in PANELS:
            assert p in art.text, attrs
            assert p in art.markdown, attrs
    # the exporters of a whole document still leave hidden elements out
    assert PANELS[1] not in distill.parse(tabbed_page("hidden")).to_text()


def test_hidden_text_inside_a_kept_paragraph_stays_out() -> None:
    # a hidden span inside a paragraph of the article (a screen-reader label, a tracking string, a
    # collapsed duplicate) is not shown because its paragraph is content
    paras = "".join(f"<p>{p}</p>" for p in PROSE[1:])
    body = (f'<article><h1>Budget passes</h1><p>{PROSE[0]} <span style="display:none">zqx hidden tracking '
            f'label words</span><span hidden>another hidden remark</span></p>{paras}</article>')
    art = distill.article(page(body))
    assert PROSE[0] in art.text and PROSE[3] in art.text
    assert "zqx" not in art.text and "another hidden remark" not in art.text
    assert "zqx" not in art.markdown


def test_a_hidden_microdata_item_stays_out() -> None:
    # a hidden schema.org item restates the page for search engines (headline, author, dates, a
    # description): it is never the reader's text, however prose-like its values
    paras = "".join(f"<p>{p}</p>" for p in PROSE)
    meta = ('<div style="display:none" itemscope itemtype="https://schema.org/NewsArticle">'
            '<h1 itemprop="headline">Budget passes after a long debate</h1><div itemprop="author">Jane Doe</div>'
            '<div itemprop="datePublished">2024-03-05T10:00:00Z</div><div itemprop="description">'
            '<p>A summary for machines that runs long enough to read as a paragraph, with commas, clauses, '
            'and a closing full stop, like prose would.</p><p>It names the council, the budget and the vote '
            'again, in other words than the article, for the index of a search engine to read.</p></div></div>')
    art = distill.article(page(f"<article><h1>Budget passes</h1>{paras}{meta}</article>"))
    assert PROSE[0] in art.text
    assert "summary for machines" not in art.text and "2024-03-05" not in art.text


def test_a_hidden_dialog_stays_out() -> None:
    # a dialog opens on its own button (republish, share, sign up): hidden, it is not the page's text,
    # whether the dialog element is the hidden one or a wrapper inside it
    paras = "".join(f"<p>{p}</p>" for p in PROSE)
    words = REPUBLISH
    for dialog in (f'<div role="dialog" aria-modal="true" style="display:none"><h2>Republish</h2>{words}</div>',
                   f'<div role="dialog"><div class="inner" hidden>{words}</div></div>'):
        art = distill.article(page(f"<article><h1>Budget passes</h1>{paras}{dialog}</article>"))
        assert PROSE[2] in art.text
        assert "To republish" not in art.text, dialog


def test_a_hidden_copy_for_another_screen_size_is_said_once() -> None:
    # a plan's text for phones beside the one for desktops, each hidden until a style sheet or script
    # picks one: shown hidden content says it once, even when it is short
    blurb = "Fast servers in three regions, with backups every night, and a named engineer who answers your calls."
    cards = "".join(
        f'<li><h3>Plan {i}</h3><p>{PANELS[i]}</p><p class="desktop" hidden>{blurb} Plan {i}.</p>'
        f'<p class="phone" hidden>{blurb} Plan {i}.</p></li>' for i in range(3))
    art = distill.article(page(f"<main><h1>Plans</h1><ul>{cards}</ul></main>"))
    assert PANELS[0] in art.text
    for i in range(3):
        assert art.text.count(f"{blurb} Plan {i}.") <= 1, i
    assert f"{blurb} Plan 0." in art.text


def test_a_noscript_read_as_markup_inside_a_region_is_shown() -> None:
    # a page whose text is mostly inside <noscript> is parsed with scripting off (distill.extract):
    # when a kept block beside the <noscript> makes their parent the region, the <noscript>'s posts
    # are part of it, not left out with the tag
    posts = "".join(f"<article><h3>user{i}</h3><p>{PROSE[i % 4]} {PROSE[(i + 1) % 4]}</p></article>"
                    for i in range(8))
    body = f"<main><h1>Printer keeps jamming</h1><p>{PROSE[3]}</p><noscript><div>{posts}</div></noscript></main>"
    art = distill.article(page(body))
    # (whether the short <h1> over them is kept is the block model's call, not this rule's)
    assert PROSE[3] in art.text and "user5" in art.text
    assert art.text.count(PROSE[2]) >= 4
    assert "user5" in art.markdown
    # with scripting on, the <noscript> is one raw text node, never shown
    assert "user5" not in distill.parse(page(body)).to_text()


def test_a_never_shown_hidden_element_does_not_widen_the_region() -> None:
    # the blocks of a hidden dialog or microdata item are no content at all: they neither make the
    # region the page around the article nor count as an earlier copy of the article's words
    paras = "".join(f"<p>{p}</p>" for p in PROSE)
    words = REPUBLISH
    article = f"<main><article><h1>Budget passes</h1>{paras}</article></main>"
    for body in (f'{article}<div role="dialog" style="display:none"><div class="body">{words}{words}</div></div>',
                 f'<main><article><h1>Budget passes</h1>{paras}</article><div hidden aria-modal="true">'
                 f'<article>{words}</article></div></main>',
                 f'<div hidden itemscope><div><article><h1>Budget passes</h1>{paras}</article></div></div>{article}'):
        art = distill.article(page(body))
        assert [r.tag for r in art.regions] == ["article"], body
        assert [art.text.count(p) for p in PROSE] == [1, 1, 1, 1]
        assert "republish" not in art.text


def test_a_hidden_pre_payload_stays_out() -> None:
    # the page's source as Markdown in a hidden <pre> (for a copy button or a language model): a
    # verbatim payload, not a closed panel, though it says the article's words once more
    paras = "".join(f"<p>{p}</p>" for p in PROSE)
    source = "# Budget passes\n\n" + "\n\n".join(
        f"{p} See [the figures](https://example.org/figures/{i}) and [the vote](https://example.org/vote/{i})."
        for i, p in enumerate(PROSE))
    body = f'<main><article><h1>Budget passes</h1>{paras}</article></main><pre hidden aria-hidden="true">{source}</pre>'
    art = distill.article(page(body))
    assert [art.text.count(p) for p in PROSE] == [1, 1, 1, 1]
    assert "# Budget passes" not in art.text and "example.org/vote" not in art.text


CONSENT = ("<p>These technologies enable our site to provide enhanced functionality and personalization, for "
           "example, to display custom or localized content or configurations, fonts, or similar features you "
           "request. They may be set by us or by third party providers whose services we use on our site.</p>"
           "<p>If you do not allow these technologies, then our site or certain features may not function "
           "properly, and some of the services you asked for may not be available to you.</p>")


def test_a_dialog_is_not_the_pages_text() -> None:
    # a consent or newsletter popup, shown or not, opens over the page: its prose is not the page's,
    # and it must not outscore a thread of short posts; a dialog is named by its role, by aria-modal or
    # by the <dialog> element, and what is inside it goes with it
    posts = "".join(
        f"<div class='post'><a class='user' href='/u/{i}'>user{i}</a><div class='body'><p>{t}</p></div></div>"
        for i, t in enumerate(["Does anyone know what the two holes on the back panel are for?",
                               "I heard they are for an external cable, but the manual says nothing.",
                               "Mine has them too, they look like they are meant for a fan bracket.",
                               "Thanks, I will ask support and post what they say here."]))
    for dialog in (f'<div role="dialog" aria-modal="true" id="consent">{CONSENT}<button>Accept</button></div>',
                   f"<dialog open>{CONSENT}<button>Accept</button></dialog>",
                   f'<div role="alertdialog"><div class="x">{CONSENT}</div></div>',
                   # aria-modal alone, and the values in any ASCII case
                   f'<div aria-modal="TRUE"><p>{CONSENT}</p></div>',
                   f'<section role="Dialog"><p>{CONSENT}</p></section>'):
        body = f"<header><a href='/'>Forum</a></header><main><h1>Two holes in the case</h1>{posts}</main>{dialog}"
        art = distill.article(page(body))
        assert "external cable" in art.text, dialog
        assert "enable our site" not in art.text, dialog


def test_a_page_that_is_only_a_dialog_still_has_text() -> None:
    # the last fallback: a page with visible text never gets an empty article
    assert "enable our site" in distill.article(page(f'<div role="dialog">{CONSENT}</div>')).text
