"""The element table's spare arrays (extract/classic/article_text.c): the arrays of the last freed table are
taken by the next one, so that a page's table is not faulted in and grown again. What a page gets must
not depend on the pages extracted before it: a small page after a large one (its arrays hold the large
page's rows past the small one's end) and a large one after a small one (it grows arrays it took)."""

from __future__ import annotations

from conftest import PROSE, page

import distill


def _large() -> str:
    cards = "".join(f"<div class='card'><h3>Item {k}</h3><p>Item {k} costs {k} euros, shipped in a day.</p>"
                    f"<a href='/i/{k}'>More about item {k}</a></div>" for k in range(3000))
    return page(f"<nav><a href=/>Home</a></nav><main><h1>All items</h1>{cards}</main>")


def _small() -> str:
    return page("<article><h1>Council passes the budget</h1>" + "".join(f"<p>{p}</p>" for p in PROSE) + "</article>")


def test_a_page_gets_the_same_article_whatever_was_extracted_before() -> None:
    small, large = _small(), _large()
    first_small = distill.article(small)
    first_large = distill.article(large)
    for _ in range(2):
        again_small = distill.article(small)  # after a large table
        assert (again_small.text, again_small.title, again_small.page_type) == \
               (first_small.text, first_small.title, first_small.page_type)
        again_large = distill.article(large)  # after a small one
        assert again_large.text == first_large.text and again_large.page_type == first_large.page_type
    assert all(p in first_small.text for p in PROSE)
    assert "Item 2999 costs 2999 euros" in first_large.text
