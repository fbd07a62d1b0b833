"""Article.page_type and _core._page_type (issue 12): pages of each kind, made here, come out that kind;
the features measure what they say; the generated model matches its generator and parameters."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import distill
from distill import _core

REPO = Path(__file__).resolve().parents[2]
TYPES = {"article", "forum", "product", "collection", "listing", "documentation", "service"}

PROSE = ("The council met on Tuesday evening to discuss the new budget, which has been debated for "
         "months by residents who worry about rising costs. Several speakers argued that the plan, "
         "although ambitious, left too little for the libraries and the parks that families rely on. ")


def page(head: str, body: str) -> bytes:
    return f"<!doctype html><html><head>{head}</head><body>{body}</body></html>".encode()


def article_page() -> bytes:
    paragraphs = "".join(f"<p>{PROSE}{i}</p>" for i in range(8))
    return page('<link rel="canonical" href="https://example.org/news/2024/05/city-budget-vote">'
                '<meta property="og:type" content="article">',
                f"<nav><a href='/'>Home</a> <a href='/news'>News</a></nav><article><h1>The budget vote</h1>"
                f"<p class='byline'>By A. Writer</p><time datetime='2024-05-02'>May 2</time>{paragraphs}"
                "</article><footer>Contact us</footer>")


def forum_page() -> bytes:
    posts = "".join(
        f"<div class='post'><div class='post-author'><img class='avatar' src='u{i}.png'>"
        f"<a class='username' href='/u/{i}'>user{i}</a></div><time datetime='2024-01-0{i}'>Jan {i}</time>"
        f"<div class='post-body'>I tried the same thing with my setup and it still fails {i} times out of "
        f"ten. Has anyone found a fix?</div><a class='reply'>Reply</a> <a class='quote'>Quote</a></div>"
        for i in range(1, 9))
    return page('<link rel="canonical" href="https://example.org/forum/thread/12345-printer-keeps-jamming">',
                f"<h1>Printer keeps jamming</h1>{posts}<form><textarea name='reply'></textarea>"
                "<button>Post reply</button></form>")


def product_page() -> bytes:
    ld = json.dumps({"@context": "https://schema.org", "@type": "Product", "name": "Trail shoe",
                     "offers": {"@type": "Offer", "price": "89.00", "priceCurrency": "USD"}})
    return page(f'<script type="application/ld+json">{ld}</script><meta property="og:type" content="product">'
                '<link rel="canonical" href="https://example.org/products/trail-shoe">',
                "<h1>Trail shoe</h1><div class='product-price'>$89.00</div><s>$120.00</s>"
                "<form class='add-to-cart'><select name='size'><option>8</option><option>9</option></select>"
                "<input type='number' name='quantity' value='1'><button>Add to cart</button></form>"
                "<div class='rating'>4.5 stars</div><p>A light shoe for long runs on rough ground.</p>")


def documentation_page() -> bytes:
    sections = "".join(
        f"<h2 id='step-{i}'>Step {i}</h2><p>Call the function with the options below.</p>"
        f"<pre><code>client = connect(host='localhost', port={8000 + i})\nclient.run()</code></pre>"
        for i in range(6))
    toc = "".join(f"<li><a href='#step-{i}'>Step {i}</a></li>" for i in range(6))
    return page('<link rel="canonical" href="https://example.org/docs/latest/guide/connect">',
                f"<nav class='sidebar'><ul>{toc}</ul></nav><main><h1>Connecting</h1>{sections}</main>")


def listing_page() -> bytes:
    cards = "".join(
        f"<li class='result-card'><a href='/jobs/{i}'><h3>Engineer {i}</h3></a><span>City {i}</span>"
        f"<span>Posted {i} days ago</span></li>" for i in range(20))
    return page('<link rel="canonical" href="https://example.org/jobs/search?q=engineer">',
                f"<h1>Jobs matching engineer</h1><form><input name='q'><button>Search</button></form>"
                f"<ul class='results'>{cards}</ul><nav class='pagination'><a>1</a><a>2</a></nav>")


def service_page() -> bytes:
    return page('<link rel="canonical" href="https://example.org/">',
                "<section class='hero'><h1>Bookkeeping for small firms</h1><a class='cta'>Get started</a>"
                "</section><section class='features'><h2>Features</h2><div class='feature'>Invoices</div>"
                "<div class='feature'>Payroll</div><div class='feature'>Reports</div></section>"
                "<section class='pricing'><h2>Plans</h2><div class='plan'>Basic</div>"
                "<div class='plan'>Pro</div></section><section class='testimonial'><h2>Clients say</h2>"
                "<blockquote>They saved us hours.</blockquote></section>"
                "<section class='contact'><h2>Contact us</h2><form><input name='name'><input name='email'>"
                "<textarea name='message'></textarea><button>Send</button></form></section>")


def kind_of(markup: bytes) -> str:
    kind, confidence = _core._page_type(distill.parse(markup))
    assert 0.0 <= confidence <= 1.0
    return kind


@pytest.mark.parametrize("make, expected", [
    (article_page, "article"), (forum_page, "forum"), (product_page, "product"),
    (documentation_page, "documentation"), (listing_page, "listing"), (service_page, "service"),
])
def test_pages_of_each_kind(make, expected) -> None:  # type: ignore[no-untyped-def]
    assert kind_of(make()) == expected


def test_article_fields_match_the_classifier() -> None:
    markup = forum_page()
    a = distill.article(markup)
    kind, confidence = _core._page_type(distill.parse(markup))
    assert a.page_type == kind and a.page_type in TYPES
    assert a.page_type_confidence == pytest.approx(confidence)


def test_empty_and_textless_pages_get_a_type() -> None:
    for markup in (b"", b"<html></html>", b"<svg><text>x</text></svg>", b"<table>" * 50):
        kind, confidence = _core._page_type(distill.parse(markup))
        assert kind in TYPES and 0.0 <= confidence <= 1.0


def test_features_measure_the_page() -> None:
    f = _core._page_type_features(distill.parse(product_page()))
    assert f["ld_product"] == 1.0 and f["ld_forum"] == 0.0
    assert f["og_product"] == 1.0
    assert f["url_product"] == 1.0 and f["url_docs"] == 0.0
    assert f["prices"] > 0.0  # "$89.00" and "$120.00"
    f = _core._page_type_features(distill.parse(documentation_page()))
    assert f["url_docs"] == 1.0 and f["code_share"] > 0.3 and f["anchored_headings"] > 0
    f = _core._page_type_features(distill.parse(forum_page()))
    assert f["url_forum"] == 1.0 and f["url_numeric"] == 1.0 and f["repeat_max"] > 0


def test_url_words_are_whole_words_of_the_path() -> None:
    # "support" in the host, "products" inside a longer word, a query string: none is a path word
    markup = page('<link rel="canonical" href="https://support.example.org/reproductions/x?p=forum">', "")
    f = _core._page_type_features(distill.parse(markup))
    assert f["url_service"] == 0.0 and f["url_product"] == 0.0 and f["url_forum"] == 0.0
    assert f["url_depth"] == 2.0
    markup = page('<meta property="og:url" content="https://example.org/product-category/shoes">', "")
    f = _core._page_type_features(distill.parse(markup))
    assert f["url_product"] == 1.0 and f["url_collection"] == 1.0


def test_jsonld_type_arrays_are_read() -> None:
    ld = '{"@graph": [{"@type": ["WebPage", "FAQPage"]}, {"@type" : "BreadcrumbList"}]}'
    markup = page(f'<script type="application/ld+json">{ld}</script>', "")
    f = _core._page_type_features(distill.parse(markup))
    assert f["ld_service"] == 1.0 and f["ld_breadcrumb"] == 1.0 and f["ld_product"] == 0.0


def test_deep_and_wide_pages_are_classified() -> None:
    # no recursion: a nesting far deeper than any C stack would allow with one frame per level
    deep = b"<div>" * 200_000 + b"text" + b"</div>" * 200_000
    assert kind_of(deep) in TYPES
    wide = b"<ul>" + b"<li class='x'><a href='#'>item</a></li>" * 50_000 + b"</ul>"
    assert kind_of(wide) in TYPES


def test_the_generated_model_is_what_the_generator_writes(tmp_path: Path) -> None:
    out = tmp_path / "page_type_model.h"
    subprocess.run([sys.executable, str(REPO / "tools" / "fit_page_type.py"), "--emit", "--out", str(out)],
                   check=True)
    committed = REPO / "src" / "distill" / "_core" / "extract" / "page_type" / "page_type_model.h"
    assert out.read_text() == committed.read_text()


def test_the_model_was_fitted_on_the_features_the_core_computes() -> None:
    params = json.loads((REPO / "tools" / "page_type_params.json").read_text())
    assert params["features"] == list(_core._page_type_features(distill.parse(b"")))
    assert params["types"] == ["article", "forum", "product", "collection", "listing", "documentation",
                               "service"]


def test_teaser_and_contact_signals() -> None:
    # a linked heading and a linked picture are a teaser of another page; tel:/mailto: links and a
    # button-styled link invite a call, a message, an action
    markup = page("", "<h2><a href='/a'>First story</a></h2><a href='/a'><img src='a.png'></a>"
                      "<h2>Plain heading</h2><a class='btn btn-primary' href='/start'>Start</a>"
                      "<a href='tel:+1555'>Call</a><a href='mailto:x@example.org'>Mail</a>")
    f = _core._page_type_features(distill.parse(markup))
    assert f["linked_headings"] == pytest.approx(0.6931, abs=1e-3)  # log(1 + 1): one of the two
    assert f["linked_images"] > 0 and f["tel_links"] > 0 and f["mailto_links"] > 0 and f["button_links"] > 0


def test_declared_date_and_author() -> None:
    f = _core._page_type_features(distill.parse(page(
        '<meta property="article:published_time" content="2024-01-02"><meta name="author" content="A. B.">', "")))
    assert f["date_declared"] == 1.0 and f["author_declared"] == 1.0
    f = _core._page_type_features(distill.parse(page("", "<p>No date here.</p>")))
    assert f["date_declared"] == 0.0 and f["author_declared"] == 0.0


def test_repeated_members_are_read_as_teasers_cards_and_dated_entries() -> None:
    cards = "".join(f"<div class='card'><h3><a href='/s/{i}'>Story {i}</a></h3><time>May {i}</time>"
                    f"<img src='{i}.png'><p>Short summary {i}.</p></div>" for i in range(6))
    f = _core._page_type_features(distill.parse(page("", f"<main>{cards}</main>")))
    six = pytest.approx(1.9459, abs=1e-3)  # log(1 + 6)
    assert f["repeat_members"] == six and f["teasers"] == six and f["dated_items"] == six
    assert f["pictured_items"] == six
    # the same blocks without links, dates or pictures are members but not teasers
    plain = "".join(f"<div class='card'><h3>Point {i}</h3><p>Short text {i}.</p></div>" for i in range(6))
    f = _core._page_type_features(distill.parse(page("", f"<main>{plain}</main>")))
    assert f["repeat_members"] == six and f["teasers"] == 0.0 and f["dated_items"] == 0.0


def test_text_features_do_not_depend_on_how_text_is_split() -> None:
    # Long text nodes are scanned 16 bytes at a time, short ones byte by byte: the same words, prices
    # and sentence ends give the same features either way (one long node here, one node per piece
    # there, each piece short and ending in the same space).
    import math

    from distill import _core as core

    pieces = ["Only $12 today.", "Was 15 EUR! Now", "USD 9, or", "£ 4 and 3 € here?", "Ask GBPX, not JPY5.",
              "CHFtrue 8 ₹ 7.", "Café prices: ¥ 30 yes."]
    joined = "".join(f"{p} " for p in pieces * 8)
    split = "".join(f"<b>{p} </b>" for p in pieces * 8)
    one = core._page_type_features(core.parse(f"<html><body><div>{joined}</div></body></html>"))
    many = core._page_type_features(core.parse(f"<html><body><div>{split}</div></body></html>"))
    for name in ("prices", "price_density", "sentence_density", "log_chars"):
        assert math.isclose(one[name], many[name], rel_tol=1e-9), name
    assert one["prices"] > 0 and one["sentence_density"] > 0
