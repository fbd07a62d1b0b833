"""The word hash of a block (extract/blocks/blocks.c hash_word), through the copy detection that compares it
(regions.c drop_copies): a repeat is the same words in the same order, whatever the case, the spacing
and the punctuation between them; a word split or joined otherwise, or a long word changed in any of
its bytes (a word is hashed eight bytes at a time), is other text.

Each page is of the test's own making: a product page whose three variants carry a notice (a shop's
repeated notice is said once, see test_shop_copies.py), the second and third written as the test says.
"""

from __future__ import annotations

from conftest import PRODUCT_DESC, PRODUCT_HEAD, page

import distill

NOTICE = ("Colour and size availability may vary by country and region, and the colours shown on screen "
          "may differ slightly from the pack itself.")


def product(second: str, third: str) -> str:
    notices = (NOTICE, second, third)
    variants = "".join(f'<div class="variant"><h3>Trailhead 30, {c}</h3><p>{c} fabric, recycled nylon, 820 g, '
                       f'with a rain cover in a matching {c.lower()} shade.</p><p>{n}</p></div>'
                       for c, n in zip(("Moss green", "Slate grey", "Desert sand"), notices, strict=True))
    body = ('<main><div class="product"><h1>Trailhead 30 daypack</h1><p class="price">$89.00</p>'
            f'<button>Add to cart</button><div class="description"><p>{PRODUCT_DESC[0]}</p>'
            f'<p>{PRODUCT_DESC[1]}</p></div>{variants}</div></main>')
    return page(body, PRODUCT_HEAD)


def kept(second: str, third: str) -> str:
    a = distill.article(product(second, third))
    assert a.page_type == "product"
    return a.text


def test_case_spacing_and_punctuation_make_no_other_text() -> None:
    shouted = NOTICE.upper()
    spaced = "  " + NOTICE.replace(" ", " \n\t ").replace(",", " --").replace(".", "!") + " "
    text = kept(shouted, spaced)
    assert text.count(NOTICE) == 1
    assert shouted not in text and "--" not in text


def test_words_split_otherwise_are_other_text() -> None:
    split = NOTICE.replace("availability", "avail ability")
    joined = NOTICE.replace("on screen", "onscreen")
    text = kept(split, joined)
    assert NOTICE in text and split in text and joined in text


def test_a_long_word_differing_in_either_chunk_is_other_text() -> None:
    # "availability" is hashed as "availabi" and "lity": both chunks count
    first = NOTICE.replace("availability", "availibility")
    last = NOTICE.replace("availability", "availabilitx")
    text = kept(first, last)
    assert NOTICE in text and first in text and last in text
