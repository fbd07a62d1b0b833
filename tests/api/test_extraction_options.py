"""Extraction's options, article(base_url=...), Article.comments and Article.to_dict()."""

from __future__ import annotations

import json

import pytest

import distill
from distill import Extraction

PROSE = "The committee met on Tuesday, heard three reports, and voted to fund the new library branch. " * 4


def page(body: str, head: str = "") -> str:
    return f"<html><head>{head}</head><body>{body}</body></html>"


ARTICLE = (
    f"<article><h1>Title</h1><p>{PROSE}<a href='minutes.html'>the <b>minutes</b></a></p>"
    "<table><tr><th>Item</th><th>Cost</th></tr><tr><td>Books</td><td>900</td></tr></table>"
    f"<p><img src='plan.png' alt='Plan'> {PROSE}</p></article>"
)
COMMENTS = (
    "<div id='comments'><h3>2 Comments</h3><ol class='commentlist'>"
    "<li>Great news for the neighbourhood, thank you.</li><li>When does it open?</li></ol>"
    "<div id='respond' class='comment-respond'>Leave a Reply Name Email</div></div>"
)


def test_every_field_is_checked_when_the_options_are_made() -> None:
    for name in ("include_images", "include_links", "include_tables", "include_comments", "include_formatting"):
        with pytest.raises(TypeError, match=name):
            Extraction(**{name: 1})  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Extraction(favor="most")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        distill.article(page(ARTICLE), "precision")  # type: ignore[arg-type]


def test_base_url_and_base_href_make_links_and_images_absolute() -> None:
    a = distill.article(page(ARTICLE), base_url="https://city.example/news/2024/")
    assert "[the **minutes**](https://city.example/news/2024/minutes.html)" in a.markdown
    assert "![Plan](https://city.example/news/2024/plan.png)" in a.markdown
    b = distill.article(page(ARTICLE, "<base href='/archive/'>"), base_url="https://city.example/news/")
    assert "(https://city.example/archive/minutes.html)" in b.markdown
    with pytest.raises(TypeError):
        distill.article(page(ARTICLE), base_url=b"https://x")  # type: ignore[arg-type]
    doc = distill.parse(page(ARTICLE))
    assert "(https://h.example/plan.png)" in doc.article(base_url="https://h.example/").markdown


def test_include_options_shape_the_renderings_not_the_text() -> None:
    full = distill.article(page(ARTICLE))
    bare = distill.article(
        page(ARTICLE),
        Extraction(include_images=False, include_links=False, include_tables=False, include_formatting=False),
    )
    assert "| Item | Cost |" in full.markdown and "![Plan]" in full.markdown and "**minutes**" in full.markdown
    assert "Item" not in bare.markdown and "<table" not in bare.html
    assert "![" not in bare.markdown and "<img" not in bare.html
    assert "the minutes" in bare.markdown and "](" not in bare.markdown and "**" not in bare.markdown
    assert "Books" in full.text


def test_comments_are_their_own_field_only_when_asked() -> None:
    markup = page(ARTICLE + COMMENTS)
    assert distill.article(markup).comments is None
    a = distill.article(markup, Extraction(include_comments=True))
    assert a.comments is not None
    assert "Great news for the neighbourhood" in a.comments and "When does it open?" in a.comments
    assert "Leave a Reply" not in a.comments  # the reply form is not a comment
    assert "Great news" not in a.text
    assert distill.article(page(ARTICLE), Extraction(include_comments=True)).comments == ""


def test_to_dict_is_json_and_holds_every_field() -> None:
    markup = page(ARTICLE, "<meta property='og:site_name' content='City News'>")
    a = distill.article(markup)
    d = a.to_dict(markdown=True)
    assert json.loads(json.dumps(d)) == d
    public = [f for f in type(a).__dataclass_fields__ if not f.startswith("_")]
    assert list(d)[: len(public)] == public and d["markdown"] == a.markdown
    assert d["site_name"] == "City News" and isinstance(d["tags"], list)
    assert a.element is not None
    start, end = d["element"]  # type: ignore[misc]
    assert markup[start:end].startswith("<article>") and markup[start:end].endswith("</article>")
