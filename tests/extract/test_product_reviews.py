"""article() on a shop's product page leaves its customer reviews out (issue 12, extract/region_edges.c
drop_reviews): the page is the product (name, price, description, details); the reviews under it are
what buyers wrote about it.

Each page is of the test's own making: a product with a description and a table of details, and a
review section after it, named in one of the ways review widgets name themselves.
"""

from __future__ import annotations

from conftest import page

import distill

DESC = [
    "The Trailhead 30 is a light daypack for long walks: a padded back panel that lets air through, two side "
    "pockets for bottles, a lid pocket for the small things and a rain cover in its own pocket under the base.",
    "The harness adjusts to three back lengths with one pull, the hip belt folds away when you do not need it, "
    "and the main compartment opens all the way round, so the thing you packed first is never the thing you "
    "cannot reach. Every seam is taped, and the fabric is made from recycled fishing nets.",
]
SPECS = ("<table><tr><th>Weight</th><td>820 g</td></tr><tr><th>Volume</th><td>30 l</td></tr>"
         "<tr><th>Fabric</th><td>Recycled nylon</td></tr></table>")
REVIEWS = [
    "I took this pack on a week of walking in the hills and it never rubbed once; the back panel really does "
    "keep you cooler than my old one did.",
    "Good pockets and a sensible lid, but the rain cover is small for the pack when it is full, so I bought a "
    "bigger one separately.",
    "Third pack from this maker and the best so far. The bottle pockets hold a litre bottle each and the "
    "straps are easy to adjust on the move.",
]
HEAD = ('<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product",'
        '"name":"Trailhead 30","offers":{"@type":"Offer","price":"89.00","priceCurrency":"USD"}}</script>'
        '<meta property="og:type" content="product">')


def product(section: str = 'class="product-reviews"', item: str = 'class="review"', middle: str = "") -> str:
    """A product page: name, price, description (with middle between its paragraphs), details, reviews."""
    reviews = "".join(f'<div {item}><p class="author">Walker {i}</p><p>{r}</p></div>' for i, r in enumerate(REVIEWS))
    body = ('<nav><a href=/>Home</a> <a href=/packs>Packs</a> <a href=/cart>Cart</a></nav>'
            '<main><div class="product"><h1>Trailhead 30 daypack</h1><p class="price">$89.00</p>'
            f'<button>Add to cart</button><div class="description"><p>{DESC[0]}</p>{middle}<p>{DESC[1]}</p>'
            f'{SPECS}</div></div><section {section}><h2>Customer reviews</h2>{reviews}</section></main>'
            '<footer><p>Copyright 2024 Example Outdoor Shop</p></footer>')
    return page(body, HEAD)


def text(html: str) -> str:
    a = distill.article(html)
    assert a.page_type == "product"
    for d in DESC:
        assert d in a.text, "the product's own description stays"
    return a.text


def test_a_review_section_after_the_product_is_left_out() -> None:
    t = text(product())
    for r in REVIEWS:
        assert r not in t


def test_reviews_named_by_id_or_microdata_are_left_out() -> None:
    for section, item in [('id="productReviews"', "class=entry"),  # a capital starts the word
                          ('id="reviews_list"', "class=entry"),
                          ("class=box", 'itemprop="review" itemscope itemtype="https://schema.org/Review"')]:
        t = text(product(section, item))
        for r in REVIEWS:
            assert r not in t, section


def test_a_word_that_only_contains_review_is_not_a_review() -> None:
    # "preview" and "overview" name no reviews: the section keeps what the model kept
    assert all(r in text(product('class="preview"', "class=entry")) for r in REVIEWS)
    assert all(r in text(product('id="overview"', "class=entry")) for r in REVIEWS)


def test_a_quote_inside_the_description_stays() -> None:
    # a critic's quote between two paragraphs of the description is the page's own text
    quote = "A daypack that disappears on your back and still carries a whole day of weather. Example Magazine"
    t = text(product(middle=f'<blockquote class="review"><p>{quote}</p></blockquote>'))
    assert quote in t


def test_reviews_are_kept_on_an_article_page() -> None:
    # a review article is the reviewer's text: only shop pages drop reviews
    paras = "".join(f"<p>{r} {d}</p>" for r, d in zip(REVIEWS, DESC + DESC[:1], strict=True))
    html = page('<nav><a href=/>Home</a></nav><article class="review"><h1>We tested the Trailhead 30</h1>'
                f"{paras}</article><footer><p>Copyright 2024 Example Gazette</p></footer>")
    a = distill.article(html)
    assert a.page_type != "product"
    assert all(r in a.text for r in REVIEWS)
