"""article() on a shop's product page leaves the shop's controls and sales marks out (issue 12,
extract/region_edges.c shop_words): a compare box, a "Best seller" badge, the bar of the shop's selling
points and its guarantees are the shop's, the same on every page, not the product.

Each page is of the test's own making: a product with a description, a badge and a bar of selling points.
"""

from __future__ import annotations

from conftest import PRODUCT_DESC, PRODUCT_HEAD, PROSE, page

import distill

DESC = PRODUCT_DESC
PERKS = ("Free delivery on every order over fifty dollars, free returns within sixty days, and a lifetime "
         "repair service for every pack we sell.")
HEAD = PRODUCT_HEAD


def product(cls: str) -> str:
    body = ('<nav><a href=/>Home</a> <a href=/packs>Packs</a> <a href=/cart>Cart</a></nav>'
            '<main><div class="product"><h1>Trailhead 30 daypack</h1><p class="price">$89.00</p>'
            f'<button>Add to cart</button><div class="{cls}"><p>{PERKS}</p></div>'
            f'<div class="description"><p>{DESC[0]}</p><p>{DESC[1]}</p></div></div></main>'
            '<footer><p>Copyright 2024 Example Outdoor Shop</p></footer>')
    return page(body, HEAD)


def test_a_shops_selling_points_and_badges_are_left_out() -> None:
    for cls in ("usp-bar", "product-badge", "trustBadges"):
        a = distill.article(product(cls))
        assert a.page_type == "product"
        assert all(d in a.text for d in DESC)
        assert "lifetime repair" not in a.text, cls


def test_the_same_box_on_an_article_page_stays() -> None:
    # only a shop's page: an article's box named "badge" is its own text
    html = page(f"<article><h1>Council passes the budget</h1><p>{PROSE[0]}</p>"
                f'<div class="badge"><p>{PERKS}</p></div><p>{PROSE[1]}</p><p>{PROSE[2]}</p></article>')
    a = distill.article(html)
    assert a.page_type == "article"
    assert PERKS in a.text
