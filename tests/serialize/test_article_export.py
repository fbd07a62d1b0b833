"""Article.markdown and Article.html render exactly the content Article.text is read from (issue 5/6).

Pages here are the tests' own: each one has a block the cleaned text leaves out (hidden, share,
figure, title) or content it adds (an article split over two containers), and the tests check that
the exporters agree with the text on both counts while the design's ``element`` still differs.
"""

from __future__ import annotations

import gzip
import re
import statistics
from collections import Counter
from pathlib import Path

import html5lib
import pytest
from conftest import require

import distill
from distill import _core

PROSE = "<p>{word} sentence number {i}, with commas, clauses, and enough words to count as prose here.</p>"


def prose(word: str, n: int) -> str:
    return "".join(PROSE.format(word=word, i=i) for i in range(n))


def page(inner: str) -> str:
    return f"<html><body><nav><a href=/>Home</a> <a href=/b>Blog</a></nav><div>{inner}</div></body></html>"


def kept_text(markup: str) -> str:
    """The to_text() rendering of the article's kept nodes (what .markdown and .html are built from)."""
    result: str = _core._article_export(distill.parse(markup), 0, 0, None)
    return result


def words(s: str) -> list[str]:
    """The words of a rendering, without the list bullets and cell separators to_text() adds."""
    return [w for w in s.split() if w not in ("*", "|")]


# One block the text leaves out per page, with the word that marks it.
DROPPED = {
    "hidden attribute": ("<div hidden>Zanzibar secret menu words</div>", "Zanzibar"),
    "display none": ('<div style="display: none">Zanzibar print only copy</div>', "Zanzibar"),
    "share block": ('<div class="share-tools"><span>Zanzibar share this story</span></div>', "Zanzibar"),
    "figure": ("<figure><img src=a.png alt=x><figcaption>Zanzibar photo credit</figcaption></figure>", "Zanzibar"),
    "title heading": ("<h1>Zanzibar headline of the story</h1>", "Zanzibar"),
}


@pytest.mark.parametrize("case", sorted(DROPPED))
def test_dropped_block_absent_from_exports_but_in_element(case: str) -> None:
    block, marker = DROPPED[case]
    markup = page(prose("Alpha", 2) + block + prose("Beta", 3))
    a = distill.article(markup)
    assert a.element is not None
    assert marker in a.element.serialize()  # the design's winner still holds it
    if "hidden" not in block and "none" not in block:  # the exporters leave hidden elements out anyway
        assert marker in a.element.to_markdown()
    assert marker not in a.text
    assert marker not in a.markdown
    assert marker not in a.html
    assert "Alpha sentence number 1" in a.markdown and "Beta sentence number 2" in a.markdown
    assert words(kept_text(markup)) == words(a.text)


def test_split_article_exports_both_containers() -> None:
    markup = page(
        f"<div class=part>{prose('Alpha', 5)}</div>"
        "<div class=promo><a href=/a>Promo link text here</a></div>"
        f"<div class=part>{prose('Omega', 4)}</div>"
    )
    a = distill.article(markup)
    assert "Omega" in a.text and "Alpha" in a.text
    assert a.element is not None and "Omega" not in a.element.to_markdown()
    assert a.markdown.count("Omega sentence") == 4 and a.markdown.count("Alpha sentence") == 5
    assert a.markdown.index("Alpha") < a.markdown.index("Omega")
    assert "Promo" not in a.markdown and "Promo" not in a.html
    assert words(kept_text(markup)) == words(a.text)
    # one well-formed fragment holding both parts
    frag = html5lib.parseFragment(a.html, namespaceHTMLElements=False)
    assert "".join(frag.itertext()).count("Omega sentence") == 4


def test_markdown_keeps_structure() -> None:
    markup = page(
        prose("Alpha", 3)
        + "<h2>Section two</h2>"
        + "<p>See <a href='https://example.org/doc'>the documentation</a> and <em>stress</em> words,"
        " more words to make this a paragraph.</p>"
        + "<ul><li>first point</li><li>second point</li></ul>"
        + "<table><tr><th>Name</th><th>Value</th></tr><tr><td>width</td><td>42</td></tr></table>"
        + prose("Beta", 2)
    )
    a = distill.article(markup)
    md = a.markdown
    assert "## Section two" in md
    assert "[the documentation](https://example.org/doc)" in md
    assert "*stress*" in md or "_stress_" in md
    assert "- first point" in md and "- second point" in md
    assert re.search(r"\|\s*Name\s*\|\s*Value\s*\|", md)
    assert words(kept_text(markup)) == words(a.text)


def test_html_is_sanitized_single_fragment() -> None:
    markup = page(
        prose("Alpha", 3)
        + "<p onclick='steal()'>Click <a href='javascript:alert(1)'>here</a> for more words, commas, and text.</p>"
        + "<script>alert(2)</script>"
        + '<div class="share-bar">Zanzibar share</div>'
        + prose("Beta", 2)
    )
    a = distill.article(markup)
    h = a.html
    assert "Zanzibar" not in h
    assert "onclick" not in h and "javascript:" not in h and "<script" not in h
    frag = html5lib.parseFragment(h, namespaceHTMLElements=False)
    text = " ".join(frag.itertext())  # elements are blocks here: their text never joins a word
    assert words(text) == words(a.text)


def test_no_article_gives_empty_exports() -> None:
    a = distill.article("<html><body><nav><a href=/>Home</a></nav></body></html>")
    assert a.text == "" and a.markdown == "" and a.html == ""


def test_exports_computed_once_per_article() -> None:
    a = distill.article(page(prose("Alpha", 3)))
    assert a.markdown is a.markdown
    assert a.html is a.html


def test_favor_shapes_exports_like_text() -> None:
    markup = page(
        f"<div class=part>{prose('Alpha', 6)}</div>"
        "<div class=promo><a href=/a>Promo link text here</a></div>"
        f"<div class=part>{prose('Omega', 2)}</div>"
    )
    for favor in ("precision", "balanced", "recall"):
        a = distill.article(markup, distill.Extraction(favor=favor))
        assert ("Omega" in a.text) == ("Omega" in a.markdown) == ("Omega" in a.html), favor


def test_node_article_of_subtree_exports_that_subtree() -> None:
    doc = distill.parse(page(prose("Alpha", 3)))
    body = doc.find("body")
    assert body is not None
    a = body.article()
    assert words(_core._article_export(body, 0, 0, None)) == words(a.text)
    assert "Alpha sentence number 2" in a.markdown


def _markdown_text(md: str) -> str:
    """The words of Markdown, its syntax stripped roughly (images, link targets, markers, escapes)."""
    md = re.sub(r"!\[([^\]]*)\]\([^)]*\)", "", md)
    md = re.sub(r"\[([^\]]*)\]\((?:[^()]|\([^)]*\))*\)", r"\1", md)
    md = re.sub(r"^\s*(#+|[-*+]|\d+[.)]|>+)\s", " ", md, flags=re.M)
    md = re.sub(r"^\s*\|?\s*(---\s*\|\s*)+$", " ", md, flags=re.M)
    md = md.replace("|", " ").replace("`", " ")
    md = re.sub(r"\\\n", "\n", md)
    md = re.sub(r"\\(.)", r"\1", md)
    return re.sub(r"(\*\*|__|~~|\*|_)(?=\S)|(?<=\S)(\*\*|__|~~|\*|_)", "", md)


def _f1_4grams(a: str, b: str) -> float:
    def grams(t: str) -> Counter[tuple[str, ...]]:
        w = t.split()
        return Counter(tuple(w[i : i + 4]) for i in range(max(0, len(w) - 3)))

    ga, gb = grams(a), grams(b)
    if not ga and not gb:
        return 1.0
    overlap = sum((ga & gb).values())
    if not overlap:
        return 0.0
    p, r = overlap / sum(gb.values()), overlap / sum(ga.values())
    return 2 * p * r / (p + r)


def test_corpus_markdown_agrees_with_text() -> None:
    root = require(Path("../shared/corpus/aeb/html"))
    files = sorted(root.glob("*.html.gz"))
    scores = []
    for f in files:
        a = distill.article(gzip.decompress(f.read_bytes()))
        scores.append(_f1_4grams(a.text, _markdown_text(a.markdown)))
    assert len(scores) == len(files) > 0
    assert statistics.mean(scores) >= 0.98
    assert min(scores) >= 0.5
