"""article() on a shop's category page leaves its faceted-search filters out (issue 12,
extract/region_edges.c drop_named with "facet"): the brands, sizes and prices the results can be
narrowed by are controls, not the page's text.

The page is of the test's own making: a category with an introduction, a grid of product cards and a
block of filters beside it, named the way faceted search names itself.
"""

from __future__ import annotations

from conftest import page

import distill

INTRO = ("Our daypacks are made for long walks and short climbs: light frames, padded straps that let air "
         "through, and pockets you can reach without taking the pack off. Every pack here is tested on the trail.")
NAMES = ["Trailhead 30", "Ridge 24", "Summit 18", "Valley 28", "Canyon 32", "Forest 22", "Harbour 26", "Meadow 20"]
FILTERS = [("Osprey Outdoor Works", 14), ("Deuter Mountain Gear", 9), ("Gregory Trail Supply", 7),
           ("Recycled nylon fabric", 11), ("Waterproof zips", 6), ("Twenty to thirty litres", 19)]


def category(facet_attr: str) -> str:
    cards = "".join(
        f"<li class='product-card'><h3><a href='/p/{i}'>{n} daypack</a></h3>"
        f"<p>A {n.split()[1]} litre pack with a ventilated back panel, two bottle pockets and a rain cover.</p>"
        f"<p class='price'>${60 + 5 * i}.00</p></li>" for i, n in enumerate(NAMES))
    filters = "".join(f"<li><label><input type=checkbox> {f} ({c})</label></li>" for f, c in FILTERS)
    body = ("<nav><a href=/>Home</a> <a href=/packs>Packs</a> <a href=/cart>Cart</a></nav>"
            f"<main><h1>Daypacks</h1><p>{INTRO}</p><div class='results'>"
            f"<div {facet_attr}><h2>Filter by</h2><ul>{filters}</ul></div>"
            f"<ul class='product-grid'>{cards}</ul></div></main>"
            "<footer><p>Copyright 2024 Example Outdoor Shop</p></footer>")
    return page(body)


def test_facet_filters_are_left_out() -> None:
    for attr in ['class="search-facets"', 'id="facetList"', 'class="facet-group open"']:
        art = distill.article(category(attr))
        assert art.page_type in ("collection", "listing", "product")
        assert INTRO in art.text
        assert all(n in art.text for n in NAMES), "the cards stay"
        for f, _ in FILTERS:
            assert f not in art.text, attr


def test_a_class_that_only_contains_the_word_stays() -> None:
    # "multifaceted" does not start the word "facet": the block is left to the classifier
    with_rule = distill.article(category('class="search-facets"')).text
    without = distill.article(category('class="multifaceted"')).text
    assert not any(f in with_rule for f, _ in FILTERS)
    assert any(f in without for f, _ in FILTERS)



PROMO = ("Free shipping on every order over fifty dollars this month, and ten percent off your first "
         "order when you join our walking club today.")


def shop_category(attr: str) -> str:
    """A shop's category page (its canonical URL a collection's, product cards with a picture) with a
    banner under the introduction."""
    cards = "".join(
        f"<li class='product product-card'><a href='/p/{i}'><img src='/i/{i}.jpg' alt=''></a>"
        f"<h3><a href='/product/{i}'>{n} daypack</a></h3><p>A {n.split()[1]} litre pack with a ventilated "
        f"back panel.</p><p class='price'>${60 + 5 * i}.00</p><button>Add to cart</button></li>"
        for i, n in enumerate(NAMES))
    body = ("<nav><a href=/>Home</a> <a href=/packs>Packs</a> <a href=/cart>Cart</a></nav>"
            f"<main><h1>Daypacks</h1><p>{INTRO}</p><div {attr}><p>{PROMO}</p></div>"
            f"<ul class='products'>{cards}</ul></main><footer><p>Copyright 2024 Example Outdoor Shop</p></footer>")
    return page(body, '<link rel="canonical" href="https://example.org/collections/daypacks">')


def test_a_category_pages_shipping_and_offer_banners_are_left_out() -> None:
    # extract/region_edges.c category_words: the shop's notices on a category page, not what it holds
    for attr in ['class="shipping-bar"', 'class="offer-banner"', 'id="promoModal"']:
        art = distill.article(shop_category(attr))
        assert art.page_type == "collection"
        assert INTRO in art.text
        assert all(n in art.text for n in NAMES), "the cards stay"
        assert "walking club" not in art.text, attr
    assert "walking club" in distill.article(shop_category('class="note"')).text
