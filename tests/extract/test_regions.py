"""article() regions (issue 12): the content model, its fallbacks and its hand-set rules.

Each test builds a small page of its own making where the rule decides the outcome. The learned part
(the block classifier, tools/fit_blocks.py) is checked on the corpora by the scorers; here the tests
pin what must hold whatever the weights: regions in document order and disjoint, one content model
for text/markdown/html, a page with visible text never empty, the <noscript> fallback, and that the
committed model is what its generator writes.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import PROSE, named_block_features, page

import distill
from distill import _core

ROOT = Path(__file__).resolve().parents[2]




def words(s: str) -> list[str]:
    return re.findall(r"\w+", s.lower())


NAV = "<nav><a href=/>Home</a> <a href=/news>News</a> <a href=/about>About us</a></nav>"
FOOT = "<footer><p>Copyright 2024 The Example Gazette, all rights reserved.</p></footer>"


def test_regions_are_elements_in_document_order_and_disjoint() -> None:
    body = NAV + "".join(f"<div class=chunk><p>{p}</p></div><div class=ad><a href=/x>Buy now</a></div>"
                         for p in PROSE) + FOOT
    a = distill.article(page(body))
    assert a.regions, "a page of prose has regions"
    spans = [r.source_span for r in a.regions]
    assert all(s is not None for s in spans)
    starts = [s[0] for s in spans]  # type: ignore[index]
    assert starts == sorted(starts)
    for (_s0, e0), (s1, _e1) in zip(spans, spans[1:], strict=False):  # type: ignore[misc]
        assert e0 <= s1, "regions never nest or overlap"


def test_text_is_the_regions_rendered() -> None:
    body = NAV + "<main>" + "".join(f"<p>{p}</p>" for p in PROSE) + "</main>" + FOOT
    a = distill.article(page(body))
    inside = set()
    for r in a.regions:
        inside |= set(words(r.text))
    assert set(words(a.text)) <= inside
    for p in PROSE:
        assert p in a.text


def test_text_markdown_and_html_hold_the_same_words() -> None:
    posts = "".join(
        f"<div class='comment post'><div class=author>user{k}</div><p>{p}</p>"
        f"<a class=reply href=#r{k}>Reply</a></div>" for k, p in enumerate(PROSE))
    a = distill.article(page(NAV + f"<div class=thread>{posts}</div>" + FOOT))
    tw = set(words(a.text))
    mw = set(words(re.sub(r"\]\([^)]*\)", "]", a.markdown)))
    hw = set(words(re.sub(r"<[^>]*>", " ", a.html)))
    assert tw and tw == mw == hw


def test_a_page_with_visible_text_never_gets_an_empty_article() -> None:
    # Only links and a short line: nothing scores, nothing looks like prose; the fallback keeps the
    # blocks the classifier rates best rather than returning nothing.
    a = distill.article(page("<div><a href=/a>Opening hours</a><br><a href=/b>Find us</a></div><p>Hi.</p>"))
    assert a.text != ""
    assert a.regions


def test_a_page_without_visible_text_has_an_empty_article() -> None:
    a = distill.article(page("<script>var words = 'not visible';</script><div hidden></div>"))
    assert a.text == "" and a.regions == ()


def test_noscript_view_is_read_when_it_holds_the_page() -> None:
    # A script-rendered page whose only readable text is the <noscript> crawler view: the facade parses
    # it again with scripting off and the <noscript> content becomes the article.
    posts = "".join(f"<div class=post><p>{p}</p></div>" for p in PROSE * 4)
    markup = page(f"<div id=app></div><noscript><div class=topic>{posts}</div></noscript>")
    a = distill.article(markup)
    assert PROSE[0] in a.text and PROSE[3] in a.text
    assert "<div" not in a.text
    assert all(r.tag != "noscript" for r in a.regions)


def test_small_noscript_stays_out() -> None:
    # A tracking <noscript> on an ordinary page: its raw markup is never text.
    markup = page("<noscript><img src='/pixel?id=1'> Please enable JavaScript</noscript><article>"
                  + "".join(f"<p>{p}</p>" for p in PROSE) + "</article>")
    a = distill.article(markup)
    assert PROSE[0] in a.text
    assert "<img" not in a.text and "pixel" not in a.text


def test_blocks_entry_point_gives_one_feature_vector_per_block() -> None:
    doc = distill.parse(page(NAV + "".join(f"<p>{p}</p>" for p in PROSE)))
    texts, feats, nfeat = _core._article_blocks(doc)
    assert len(feats) == 4 * nfeat * len(texts)
    # the navigation's links are inline: one block; each paragraph another
    assert texts[0] == "Home News About us" and PROSE[0] in texts and len(texts) == 1 + len(PROSE)


def test_deep_and_wide_pages_do_not_break_article() -> None:
    deep = "<div>" * 5000 + PROSE[0] + "</div>" * 5000
    assert PROSE[0] in distill.article(page(deep)).text or distill.article(page(deep)).text
    wide = "".join(f"<div><span>item {k}</span></div>" for k in range(20000))
    assert distill.article(page(wide)).text


def _fit_tools_ready() -> None:
    from conftest import SHARED, require

    pytest.importorskip("numpy", reason="refitting the models needs numpy (the test extra installs it)")
    pytest.importorskip("sklearn", reason="refitting the models needs scikit-learn (the test extra installs it)")
    require(SHARED / "corpus" / "wcxb-dev")
    require(SHARED / "corpus" / "aeb")


def test_page_type_generator_reproduces_the_committed_model(tmp_path: Path) -> None:
    # the emitted header is the fit's only record: if the features drift, the committed weights no longer
    # come from the generator in the repository, and this says so
    _fit_tools_ready()
    params, header = tmp_path / "params.json", tmp_path / "page_type_model.h"
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "fit_page_type.py"), "--params", str(params),
                        "--out", str(header)], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    committed = ROOT / "src" / "distill" / "_core" / "extract" / "page_type" / "page_type_model.h"
    assert header.read_bytes() == committed.read_bytes(), "tools/fit_page_type.py no longer reproduces the header"


def test_block_generator_reproduces_the_committed_model(tmp_path: Path) -> None:
    _fit_tools_ready()
    env = dict(os.environ, FIT_BLOCKS_CACHE=str(tmp_path / "fit.npz"))
    for step in (["extract"], ["emit", "--check"]):
        r = subprocess.run([sys.executable, str(ROOT / "tools" / "fit_blocks.py"), *step], env=env,
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stdout + r.stderr


def test_soft_hyphens_and_zero_width_characters_leave_the_text() -> None:
    body = "<article>" + "".join(f"<p>{p}</p>" for p in PROSE) + \
        "<p>An exam\u00adple of care\u200bful type\u2060setting, with\ufeff many words in it, and commas.</p></article>"
    t = distill.article(page(body)).text
    assert "example" in t and "careful" in t and "typesetting" in t and "with many" in t
    assert not any(c in t for c in "\u00ad\u200b\u2060\ufeff")


def test_ruby_annotations_are_not_text() -> None:
    ruby = "<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp>字<rp>(</rp><rt>ji</rt><rp>)</rp></ruby>"
    body = "<article>" + "".join(f"<p>{p}</p>" for p in PROSE) + f"<p>{PROSE[0]} {ruby}</p></article>"
    t = distill.article(page(body)).text
    assert "漢字" in t and "kan" not in t and "(" not in t


def test_fallback_keeps_visible_prose_but_never_a_pure_link_list():
    # a page whose only text is navigation has no article; one short line of prose is still an article
    import distill

    nav_only = (
        b"<html><body><nav><a href=/>Home</a> <a href=/a>About</a></nav>"
        b"<ul><li><a href=/b>B</a></ul></body></html>"
    )
    assert distill.article(nav_only).text == ""
    assert distill.article(b"<html><body><div>Just a short line of text.</div></body></html>").text == (
        "Just a short line of text."
    )



def test_fallback_never_keeps_page_chrome():
    # A shell page: its only text is a masthead, a menu and a footer (the content is loaded by a script,
    # or the page has moved). None of it is an article; the same short line outside them is one.
    chrome = (
        "<header><div>Acme Wellness</div><p>Questions? Call us any day of the week.</p></header>"
        "<nav><ul><li>Our mission</li><li>Careers and open positions</li></ul></nav>"
        "<footer><h4>About Acme</h4><p>Follow us</p><p>Copyright 2025 Acme Wellness, all rights reserved.</p></footer>"
    )
    assert distill.article(page(chrome)).text == ""
    a = distill.article(page(chrome + "<div>Sessions are booked online and start every Monday.</div>"))
    assert a.text == "Sessions are booked online and start every Monday."

SWEATER = (
    "This merino wool sweater is knitted in one piece from fine yarn, so it has no side seams, keeps its "
    "shape after many washes and stays warm on cold mornings without feeling heavy or itchy on the skin."
)


def product_page(body: str, description: str = SWEATER) -> str:
    ld = json.dumps({"@context": "https://schema.org", "@type": "Product", "name": "Merino sweater",
                     "description": description,
                     "offers": {"@type": "Offer", "price": "89.00", "priceCurrency": "EUR"}})
    head = ('<meta property="og:type" content="product">'
            '<link rel="canonical" href="https://shop.example/product/merino-sweater">'
            f'<script type="application/ld+json">{ld}</script>')
    buy = ('<h1>Merino sweater</h1><div class="price">€89.00</div><form action="/cart"><select name="size">'
           '<option>S</option><option>M</option></select><button type="submit">Add to cart</button></form>'
           "<p>Free delivery on orders over €50. Returns within 30 days.</p>")
    return page(buy + body, head)


def test_product_description_from_structured_data_when_the_dom_hides_it() -> None:
    art = distill.article(product_page("<div hidden><p>" + SWEATER + "</p></div>"))
    assert art.page_type == "product"
    assert SWEATER in art.text


def test_product_description_shown_in_the_dom_is_not_added_twice() -> None:
    art = distill.article(product_page("<p>" + SWEATER + "</p>"))
    assert art.page_type == "product"
    assert art.text.count("merino wool sweater") == 1


def test_product_tagline_is_not_a_description() -> None:
    art = distill.article(product_page("", description="Soft merino, knitted to last."))
    assert art.page_type == "product"
    assert "knitted to last" not in art.text


def test_structured_data_product_on_an_article_page_stays_out() -> None:
    ld = json.dumps({"@type": "Product", "name": "Merino sweater", "description": SWEATER})
    head = f'<meta property="og:type" content="article"><script type="application/ld+json">{ld}</script>'
    art = distill.article(page("<article><h1>Budget</h1>" + "".join(f"<p>{p}</p>" for p in PROSE) + "</article>", head))
    assert art.page_type == "article"
    assert "merino" not in art.text


def block_features(body: str) -> dict[str, list[float]]:
    from array import array

    texts, feats, nfeat = _core._article_blocks(distill.parse(page(body)))
    a = array("f")
    a.frombytes(feats)
    return {t: list(a[i * nfeat:(i + 1) * nfeat]) for i, t in enumerate(texts)}


def test_cue_word_features_count_banner_and_lead_in_words() -> None:
    # the cue features (blocks.c cue_words): legal cues in the block and its grandparent's subtree,
    # further-reading cues, and whether one opens the block
    banner = "We use Cookies to improve your visit. See our privacy notice and give your consent."
    lead = "Read also: the council's plan for the library"
    mention = "After the long debate, the budget was read more slowly than planned."
    f = named_block_features(f"<div><div><p>{banner}</p><p>Accept or decline.</p></div></div>"
                             f"<p>{lead}</p><p>{mention}</p><p>{PROSE[0]}</p>")
    assert f[banner]["legal_cues"] > f[PROSE[0]]["legal_cues"] == 0.0  # cookie, privacy, consent
    accept = f["Accept or decline."]
    assert accept["legal_cues"] == 0.0 < accept["grand_legal_cues"]  # its banner's words
    assert f[lead]["further_cues"] > 0 and f[lead]["opens_further"] == 1.0
    # "read more" mid-sentence does not open it
    assert f[mention]["further_cues"] > 0 and f[mention]["opens_further"] == 0.0
    assert f[PROSE[0]]["further_cues"] == 0.0
    # a cue is a word start: "unrelated" is not "related", "scookie" not "cookie"
    g = named_block_features("<p>An unrelated scookie story about the council.</p>")
    cues = ("legal_cues", "grand_legal_cues", "further_cues", "opens_further")
    assert [g["An unrelated scookie story about the council."][n] for n in cues] == [0.0, 0.0, 0.0, 0.0]


def test_repeat_unit_features_tell_a_thread_from_a_menu() -> None:
    # the unit features (blocks.c): the share of the page's text held by the block's repeated unit, a
    # member's length, the unit's link density and how far up it starts
    menu = "<ul>" + "".join(f'<li><a href="/{w}">{w}</a></li>' for w in ("Home", "News", "Sport", "Help")) + "</ul>"
    posts = "".join(f'<div class="post"><p>{p}</p></div>' for p in PROSE)
    f = named_block_features(menu + posts + f"<p>{PROSE[0]} Alone.</p>")
    post, item, alone = f[PROSE[1]], f["Home"], f[PROSE[0] + " Alone."]
    # the <p>'s parent div repeats
    assert post["unit_share"] > 0.6 and post["unit_link_density"] == 0.0 and post["unit_up"] == 1.0
    # the <li> itself repeats
    assert item["unit_share"] < 0.1 and item["unit_link_density"] == 1.0 and item["unit_up"] == 0.0
    assert alone["unit_share"] == 0.0 and alone["unit_up"] == 7.0  # no unit within six levels


def test_mathml_in_kept_text_stays_without_its_annotation() -> None:
    formula = ('<math><semantics><mrow><msup><mi>r</mi><mn>2</mn></msup><mo>&#x2062;</mo><mi>&#x3C0;</mi></mrow>'
               '<annotation encoding="application/x-tex">r^2\\pi</annotation></semantics></math>')
    body = ("<article>" + "".join(f"<p>{p}</p>" for p in PROSE[:3])
            + f"<p>The square is {formula} metres wide, the engineer told the council at the meeting.</p></article>"
            + '<div class="sidebar"><p>Tags <math><mi>zq</mi></math></p></div>')
    text = distill.article(page(body)).text
    # the formula's own text, once, without its TeX source
    assert "The square is r2\u2062π metres wide" in text
    assert "r^2" not in text
    assert "zq" not in text  # a formula in dropped text goes with it
