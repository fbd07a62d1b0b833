"""distill.extract's <noscript> fallback (a page whose text is almost all inside <noscript> is parsed again
with scripting off) is decided in C by one walk (_core._noscript_heavy): the markup holds "<noscript",
the text inside every <noscript> element (each counted, nested ones too, as summing over
find_all("noscript") does; in code points) is at least a floor, and more than the rest of the text
under the first <body>. The text inside <noscript> is read from the document's list of the <noscript>
elements it created (a walk over the tree when there were too many). Each page here checks the test
against that definition computed in Python."""

from __future__ import annotations

import pytest

import distill
from distill import _core


def by_definition(doc: distill.Node, raw: str | bytes, floor: int) -> bool:
    if (b"<noscript" if isinstance(raw, bytes) else "<noscript") not in raw:
        return False
    inside = sum(len(n.text) for n in doc.find_all("noscript"))
    body = doc.find("body")
    return inside >= floor and inside > (len(body.text) if body is not None else 0) - inside


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
]


@pytest.mark.parametrize("markup", PAGES)
@pytest.mark.parametrize("kind", ["bytes", "str"])
def test_walk_decides_as_the_definition(markup: str, kind: str) -> None:
    raw: str | bytes = markup.encode() if kind == "bytes" else markup
    for scripting in (True, False):
        doc = _core.parse(raw, scripting=scripting)
        for floor in (0, 1, 3, 6, 12, 20, 2000):
            assert _core._noscript_heavy(doc, raw, floor) == by_definition(doc, raw, floor), floor


def test_tag_is_found_among_many_near_misses() -> None:
    # "<nos" repeated crosses every 16-byte block boundary; only the real tag opens the test. The text
    # inside the <NOSCRIPT> element is heavy either way, so the markup search decides (it runs last,
    # after the walk found that much text inside <noscript>)
    heavy = b"<NOSCRIPT>" + b"long text only without script " * 40 + b"</NOSCRIPT>"
    miss = b"<p>" + b"<nos" * 5000 + b" script</p>" + heavy
    doc = _core.parse(miss)
    assert by_definition(doc, miss, 0) is False and not _core._noscript_heavy(doc, miss, 0)
    hit = b"<p>" + b"<nos" * 5000 + b"<noscript>z</noscript>" + heavy
    doc = _core.parse(hit)
    assert by_definition(doc, hit, 0) is True and _core._noscript_heavy(doc, hit, 0)


def test_mostly_noscript_page_is_read_with_scripting_off() -> None:
    posts = "".join(f"<div class=post><p>Post number {k} says something worth reading, at length.</p></div>"
                    for k in range(60))
    raw = f"<html><body><div id=app></div><noscript>{posts}</noscript></body></html>".encode()
    a = distill.article(raw)
    assert "Post number 7 says" in a.text and "<div" not in a.text
