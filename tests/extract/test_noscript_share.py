"""The pipeline's second read (a page whose text is almost all inside <noscript> is parsed again with
scripting off) is decided in C by one walk (_core._noscript_heavy): the tree was read with scripting on
(with it off there is nothing more to read), the markup holds "<noscript",
the text inside every <noscript> element (each counted, nested ones too, as summing over
find_all("noscript") does; in code points, `<...>` tags left out) is at least a floor, and more than
the text under the first <body> outside <noscript>, <script>, <style> and <template>. The text inside
<noscript> is read from the document's list of the <noscript> elements it created (a walk over the
tree when there were too many). Each page here checks the test against that definition computed in
Python."""

from __future__ import annotations

import re

import pytest

import distill
from distill import _core

TAG = re.compile(r"<[^>]*(>|$)")
HIDDEN_TEXT = {"noscript", "script", "style", "template"}


def visible_outside_noscript(body: distill.Node) -> int:
    """Code points of the body's text outside <noscript>, <script>, <style> and <template>."""
    def outermost(e: distill.Node) -> bool:  # no such element between e and the body
        p = e.parent
        while p is not None and getattr(p, "tag", None) not in HIDDEN_TEXT | {"body"}:
            p = p.parent
        return p is not None and getattr(p, "tag", None) == "body"
    skipped = [e for e in body.iter() if e.tag in HIDDEN_TEXT and outermost(e)]
    return len(body.text) - sum(len(e.text) for e in skipped)


def by_definition(doc: distill.Node, raw: str | bytes, floor: int, scripting: bool = True) -> bool:
    if not scripting or (b"<noscript" if isinstance(raw, bytes) else "<noscript") not in raw:
        return False
    # the text inside <noscript> without its tags (with scripting on it is raw markup)
    inside = sum(len(TAG.sub("", n.text)) for n in doc.find_all("noscript"))
    body = doc.find("body")
    return inside >= floor and inside > (visible_outside_noscript(body) if body is not None else 0)


PAGES = [
    "<html><body><p>Visible text.</p><noscript>Only without script: ünïcödé 漢字</noscript></body></html>",
    "<html><head><noscript><style>p{}</style></noscript></head><body>x<noscript>y</noscript></body></html>",
    # foreign <noscript> elements nest (svg content is not raw text): each counts the text inside it
    "<body><svg><noscript>a<noscript>bc<noscript>def</noscript></noscript></noscript></svg> tail text</body>",
    "<noscript>before the body, a long text</noscript><p>in the body</p>",
    "<frameset><noscript>no body element here</noscript></frameset>",
    "<p>no such tag</p>",
    "<NOSCRIPT>upper case is not the markup the test looks for</NOSCRIPT>",
    # the parser takes the body (and the <noscript> in it) out of the tree for a frameset: not counted
    "<div><noscript>inside a body the frameset replaces</noscript></div><frameset></frameset>",
    # a template's contents are not in the tree either
    "<template><noscript>inside a template</noscript></template><p>text</p>",
    # the document lists its first 16 <noscript>s; with more, the whole tree is walked: both ways
    "<body>" + "<noscript>listed</noscript>" * 16 + "<p>body</p></body>",
    "<body>" + "<noscript>overflow</noscript>" * 17 + "<p>body</p></body>",
    "<body><svg>" + "<noscript>n" * 20 + "</svg><p>body</p></body>",
    # a lazy loader's fallback: tags only, no text a reader sees; a script's text is not visible text
    "<body><p>short text</p>" + '<noscript><img src="a.png" alt="a"></noscript>' * 4 + "</body>",
    "<body><script>var posts = [1, 2, 3, 4, 5, 6, 7, 8];</script><div id=app></div>"
    "<noscript><p>the posts, readable</p></noscript><style>p { color: red }</style></body>",
    "<body><template>template text</template><noscript>a <b>b</b> c</noscript></body>",
]


@pytest.mark.parametrize("markup", PAGES)
@pytest.mark.parametrize("kind", ["bytes", "str"])
def test_walk_decides_as_the_definition(markup: str, kind: str) -> None:
    raw: str | bytes = markup.encode() if kind == "bytes" else markup
    for scripting in (True, False):
        doc = _core.parse(raw, scripting=scripting)
        for floor in (0, 1, 3, 6, 12, 20, 2000):
            assert _core._noscript_heavy(doc, floor) == by_definition(doc, raw, floor, scripting), floor


def test_tag_is_found_among_many_near_misses() -> None:
    # "<nos" repeated crosses every 16-byte block boundary; only the real tag opens the test. The text
    # inside the <NOSCRIPT> element is heavy either way, so the markup search decides (it runs last,
    # after the walk found that much text inside <noscript>)
    heavy = b"<NOSCRIPT>" + b"long text only without script " * 40 + b"</NOSCRIPT>"
    miss = b"<p>" + b"<nos" * 5000 + b" script</p>" + heavy
    doc = _core.parse(miss)
    assert by_definition(doc, miss, 0) is False and not _core._noscript_heavy(doc, 0)
    hit = b"<p>" + b"<nos" * 5000 + b"<noscript>z</noscript>" + heavy
    doc = _core.parse(hit)
    assert by_definition(doc, hit, 0) is True and _core._noscript_heavy(doc, 0)


def test_mostly_noscript_page_is_read_with_scripting_off() -> None:
    posts = "".join(f"<div class=post><p>Post number {k} says something worth reading, at length.</p></div>"
                    for k in range(60))
    raw = f"<html><body><div id=app></div><noscript>{posts}</noscript></body></html>".encode()
    a = distill.article(raw)
    assert "Post number 7 says" in a.text and "<div" not in a.text


def test_posts_in_noscript_beside_a_json_script_are_read() -> None:
    # a script-rendered forum ships its posts twice: as a JSON <script> for the app and as markup in
    # <noscript> for readers without scripts; the script's text is no visible text, so the <noscript>
    # copy is the page's text
    posts = "".join(f"<div class=post><p>Post number {k} says something worth reading, at length.</p></div>"
                    for k in range(60))
    data = "<script>app.load(" + ", ".join(f'{{"id": {k}, "body": "Post number {k} as data, with more words"}}'
                                           for k in range(120)) + ");</script>"
    raw = f"<html><body><div id=app></div>{data}<noscript>{posts}</noscript></body></html>".encode()
    a = distill.article(raw)
    assert "Post number 7 says" in a.text and "<div" not in a.text


def test_noscript_holding_only_images_is_not_the_page() -> None:
    # a lazy loader's <noscript> fallbacks hold <img> tags, no text: however long their markup, the
    # page is read as parsed, and its visible text is the article
    paras = "".join(f"<p>Paragraph {k} of the article, with enough words to read as prose.</p>" for k in range(5))
    imgs = "".join(f'<noscript><img src="/images/photo-{k}-large.jpg" alt="" width="800" height="600" '
                   f'srcset="/images/photo-{k}-small.jpg 400w, /images/photo-{k}-large.jpg 800w"></noscript>'
                   for k in range(40))
    raw = f"<html><body><article><h1>Title</h1>{paras}{imgs}</article></body></html>".encode()
    doc = _core.parse(raw)
    assert not _core._noscript_heavy(doc, 2000)
    assert "Paragraph 3 of the article" in distill.article(raw).text
