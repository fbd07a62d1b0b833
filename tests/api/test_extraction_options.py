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


def test_comments_are_their_own_field_and_follow_the_article_only_when_asked() -> None:
    markup = page(ARTICLE + COMMENTS)
    assert distill.article(markup).comments is None
    a = distill.article(markup, Extraction(include_comments=True))
    assert a.comments is not None
    assert "Great news for the neighbourhood" in a.comments and "When does it open?" in a.comments
    assert "Leave a Reply" not in a.comments  # the reply form is not a comment
    # the text holds the comments after the article only when asked for them (issue 37)
    assert "Great news" not in distill.article(markup).text
    assert a.text.find("Great news") > a.text.find(PROSE[:40]) >= 0 and "Leave a Reply" not in a.text
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


def test_extraction_pickles_by_its_fields_for_worker_processes():
    import pickle

    from distill import Extraction

    e = Extraction(favor="recall", include_images=False, include_comments=True, min_length=3)
    back = pickle.loads(pickle.dumps(e))
    assert back == e and back.include_images is False and back.include_comments is True
    assert back.favor == "recall" and back.min_length == 3


def test_extraction_survives_asdict_and_deepcopy():
    # pipelines (datatrove's executor) serialise their steps' settings with dataclasses.asdict
    import copy
    import dataclasses

    from distill import Extraction

    e = Extraction(favor="precision", include_tables=False)
    d = dataclasses.asdict(e)
    assert d["favor"] == "precision" and d["include_tables"] is False and "_compiled" not in d
    c = copy.deepcopy(e)
    assert c == e and distill_article_text(c) == distill_article_text(e)


def distill_article_text(options):
    import distill

    page = "<html><body><article>" + "<p>A sentence of prose, with commas, and more words to count.</p>" * 5
    return distill.article(page + "</article></body></html>", options).text


def test_include_tables_false_leaves_tables_out_of_the_text_too():
    import distill
    from distill import Extraction

    prose = "<p>A sentence of prose, with commas, and more words to count here.</p>" * 4
    table = "<table><tr><th>Name</th><th>Value</th></tr><tr><td>alpha cell</td><td>beta</td></tr></table>"
    page = f"<html><body><article>{prose}{table}</article></body></html>"
    assert "Name\tValue" in distill.article(page).text
    text = distill.article(page, Extraction(include_tables=False)).text
    assert "Name" not in text and "alpha" not in text and "A sentence of prose" in text
