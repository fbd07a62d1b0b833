"""article() says a notice a shop's product page repeats once (issue 12, extract/regions/regions.c drop_copies,
DL_REGION_COPY_MIN_CHARS_SHOP): a product page repeats its notices per variant, per card or per tab,
and a reader reads the notice once; an article's short repeats are its own text and stay.

Each page is of the test's own making: a product with a description and three variants, each variant
with the same availability notice under it.
"""

from __future__ import annotations

from conftest import PRODUCT_DESC, PRODUCT_HEAD, PROSE, page

import distill

DESC = PRODUCT_DESC
NOTICE = ("Colour and size availability may vary by country and region, and the colours shown on screen "
          "may differ slightly from the pack itself.")
HEAD = PRODUCT_HEAD


def product() -> str:
    variants = "".join(f'<div class="variant"><h3>Trailhead 30, {c}</h3><p>{c} fabric, recycled nylon, 820 g, '
                       f'with a rain cover in a matching {c.lower()} shade.</p><p>{NOTICE}</p></div>'
                       for c in ("Moss green", "Slate grey", "Desert sand"))
    body = ('<nav><a href=/>Home</a> <a href=/packs>Packs</a> <a href=/cart>Cart</a></nav>'
            '<main><div class="product"><h1>Trailhead 30 daypack</h1><p class="price">$89.00</p>'
            f'<button>Add to cart</button><div class="description"><p>{DESC[0]}</p><p>{DESC[1]}</p></div>'
            f'{variants}</div></main><footer><p>Copyright 2024 Example Outdoor Shop</p></footer>')
    return page(body, HEAD)


def test_a_notice_repeated_per_variant_is_said_once() -> None:
    a = distill.article(product())
    assert a.page_type == "product"
    for d in DESC:
        assert d in a.text
    assert a.text.count(NOTICE) == 1


def test_an_articles_repeated_paragraph_stays() -> None:
    # the same notice under each of an article's sections is its own text, said on purpose
    sections = "".join(f"<h2>Part {i}</h2><p>{p}</p><p>{NOTICE}</p>" for i, p in enumerate(PROSE))
    a = distill.article(page(f"<article><h1>Council passes the budget</h1>{sections}</article>"))
    assert a.page_type == "article"
    assert a.text.count(NOTICE) == len(PROSE)
