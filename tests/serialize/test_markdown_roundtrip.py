"""Markdown round trips: pages written here, their Markdown rendered back by markdown-it-py (CommonMark
with GFM tables and strikethrough) and compared with the page by structure (the blocks, their nesting
and their text), never by string. Skips when markdown-it-py is absent (it is in the test extra)."""

from __future__ import annotations

import re

import pytest

import distill
from distill import Markdown

markdown_it = pytest.importorskip("markdown_it", reason="markdown-it-py (test extra) renders the Markdown back")

_MD = markdown_it.MarkdownIt("commonmark").enable(["table", "strikethrough"])
_BLOCKS = {"h1", "h2", "h3", "h4", "h5", "h6", "p", "ul", "ol", "li", "blockquote", "pre", "table", "tr",
           "th", "td", "img", "a", "em", "strong", "s", "del", "code"}


_SAME = {"b": "strong", "i": "em", "del": "s"}  # the Markdown of each is the same


def structure(node: distill.Node) -> list[object]:
    """The element tree restricted to the tags Markdown can say, with folded text; for comparison."""
    out: list[object] = []
    for child in node:
        if isinstance(child, distill.Text):
            words = " ".join(child.data.split())
            if words:
                if out and isinstance(out[-1], str):
                    out[-1] = f"{out[-1]} {words}"
                else:
                    out.append(words)
        elif isinstance(child, distill.Element):
            inner = structure(child)
            tag = _SAME.get(child.tag, child.tag)
            if tag in _BLOCKS:
                attrs = {k: child.attrs[k] for k in ("href", "src", "alt") if k in child.attrs}
                out.append((tag, attrs, inner))
            else:
                out.extend(inner)
    return out


def round_trip(html: str, **options: object) -> tuple[list[object], list[object], str]:
    md = distill.parse(html).to_markdown(Markdown(**options) if options else None)  # type: ignore[arg-type]
    back = distill.parse(_MD.render(md))
    return structure(distill.parse(html).find("body")), structure(back.find("body")), md  # type: ignore[arg-type]


def normalise(tree: list[object]) -> list[object]:
    """GFM puts cells in thead/tbody and loose list items in <p>: both mean the same structure."""
    out: list[object] = []
    for item in tree:
        if isinstance(item, tuple):
            tag, attrs, inner = item
            inner = normalise(inner)
            if tag == "li" and len(inner) >= 1 and all(isinstance(i, tuple) and i[0] == "p" for i in inner[:1]):
                inner = [x for i in inner for x in (i[2] if isinstance(i, tuple) and i[0] == "p" else [i])]
            out.append((tag, attrs, inner))
        else:
            out.append(item)
    return out


CASES = {
    "headings and paragraphs": "<h1>Top</h1><p>One <em>two</em> <strong>three</strong>.</p><h2>Sub</h2><p>Four</p>",
    "nested lists": "<ul><li>a<ul><li>b<ol><li>c</li><li>d</li></ol></li></ul></li><li>e</li></ul>",
    "ordered list with start": '<ol start="7"><li>seven</li><li>eight</li></ol>',
    "quote with list": "<blockquote><p>said</p><ul><li>x</li></ul></blockquote>",
    "table": "<table><tr><th>Name</th><th>Cost</th></tr><tr><td>tea | milk</td><td>$3</td></tr>"
    "<tr><td><code>a|b</code></td><td><em>5</em></td></tr></table>",
    "links and images": '<p>See <a href="https://x.org/a_(b)">the <b>page</b></a> and '
    '<img src="https://x.org/i.png" alt="a [map]"></p>',
    "inline code with backticks": "<p><code>a `b` c</code> and <code>``</code> and <code>`x</code></p>",
    "escaping traps": "<p>1. not a list *not em* _nor_ [not](a link) &amp;copy; <b>x</b>*y*</p>"
    "<p># not a heading</p><p>- not a bullet</p><p>+ nor this</p><p>&gt; not a quote</p>"
    "<p>a<br>b \\ c ~~d~~ e</p><p>====</p><p>&lt;div&gt; is text</p>",
    "strikethrough": "<p><del>gone</del> kept</p>",
    "two lists in a row": "<ul><li>a</li></ul><ul><li>b</li></ul>",
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_markdown_renders_back_to_the_same_structure(case: str) -> None:
    original, back, md = round_trip(CASES[case])
    assert normalise(back) == normalise(original), md


def test_code_block_keeps_white_space_and_fences_around_backtick_runs() -> None:
    code = "def f():\n\treturn '```'  \n\n    # indented\n"
    html = f'<pre><code class="language-python">{code}</code></pre>'
    md = distill.parse(html).to_markdown()
    assert md.startswith("````python\n")
    back = distill.parse(_MD.render(md))
    pre = back.find("code")
    assert pre is not None and pre.text == code
    assert pre.attrs.get("class") == "language-python"


def test_math_is_kept_as_latex_without_markdown_escapes() -> None:
    html = (
        '<p>Inline <script type="math/tex">a_1 * b_2</script> and '
        '<math><semantics><mi>x</mi><annotation encoding="application/x-tex">\\frac{a}{b}_*</annotation>'
        "</semantics></math>.</p>"
        '<p><math display="block"><msup><mi>e</mi><mrow><mi>i</mi><mi>π</mi></mrow></msup></math></p>'
    )
    md = distill.parse(html).to_markdown()
    assert "$a_1 * b_2$" in md
    assert "$\\frac{a}{b}_*$" in md
    assert re.search(r"\$\$\n\{e\}\^\{iπ\}\n\$\$", md), md
    # CommonMark has no math: the TeX reads back as the same characters (nothing was escaped away)
    rendered = distill.parse(_MD.render(md)).text
    assert "a_1 * b_2" in rendered


def test_table_with_spans_renders_back_as_an_aligned_grid() -> None:
    html = (
        "<table><tr><th colspan=2>Both</th><th>C</th></tr>"
        "<tr><td rowspan=2>tall</td><td>b1</td><td>c1</td></tr><tr><td>b2</td><td>c2<br>more</td></tr></table>"
    )
    md = distill.parse(html).to_markdown()
    back = distill.parse(_MD.render(md))
    rows = [[" ".join(c.text.split()) for c in tr if isinstance(c, distill.Element)] for tr in back.iter("tr")]
    assert rows == [["Both", "", "C"], ["tall", "b1", "c1"], ["", "b2", "c2more"]]
    assert all(len(r) == 3 for r in rows)


def test_layout_table_is_written_as_its_blocks() -> None:
    html = "<table><tr><td><h2>Menu</h2><p>a</p></td><td><p>Story one.</p><p>Two.</p><p>Three.</p></td></tr></table>"
    md = distill.parse(html).to_markdown()
    assert "|" not in md
    back = distill.parse(_MD.render(md))
    assert back.find("table") is None and back.find("h2") is not None and len(back.find_all("p")) == 4


def test_lazy_images_render_back_with_their_real_source() -> None:
    html = (
        '<p><img src="data:image/gif;base64,R0lGOD" data-src="/real.jpg" alt="real">'
        '<img srcset="/s.jpg 320w, /l.jpg 1280w" alt="wide"></p>'
    )
    md = distill.parse(html).to_markdown(Markdown(base_url="https://x.org/a/"))
    srcs = [img.attrs["src"] for img in distill.parse(_MD.render(md)).iter("img")]
    assert srcs == ["https://x.org/real.jpg", "https://x.org/l.jpg"]


def test_options_leave_out_links_formatting_and_tables() -> None:
    html = '<p><a href="/x">link</a> <b>bold</b></p><table><tr><th>a</th><th>b</th></tr></table>'
    md = distill.parse(html).to_markdown(Markdown(links=False, formatting=False, tables=False))
    back = distill.parse(_MD.render(md))
    assert back.find("a") is None and back.find("strong") is None and back.find("table") is None
    assert back.text.split() == ["link", "bold"]


def test_footnotes_render_back_as_footnotes() -> None:
    footnote = pytest.importorskip("mdit_py_plugins.footnote", reason="mdit-py-plugins (test extra)")
    html = (
        '<p>Claim<sup id="r1"><a href="#fn1">1</a></sup> and more<sup><a href="#fn2">[2]</a></sup>.</p>'
        '<ol><li id="fn1"><p>First note. <a href="#r1" class="footnote-backref">&#8617;</a></p></li>'
        '<li id="fn2">Second, <a href="/x">linked</a>.</li></ol>'
    )
    md = distill.parse(html).to_markdown()
    renderer = markdown_it.MarkdownIt("commonmark").use(footnote.footnote_plugin)
    back = distill.parse(renderer.render(md))
    refs = [a.attrs["href"] for a in back.iter("a") if "footnote-ref" in (a.parent.attrs.get("class", ""))]  # type: ignore[union-attr]
    assert refs == ["#fn1", "#fn2"], md
    items = [" ".join(li.text.replace("\u21a9\ufe0e", "").split()) for li in back.iter("li")]
    assert items == ["First note.", "Second, linked."], md
    # a fragment link that is not marked as a note stays the text it shows
    assert distill.parse('<p>See <a href="#part2">part two</a>.</p>').to_markdown() == "See part two."


def test_code_language_from_the_highlighting_wrapper() -> None:
    # Sphinx and GitHub name the language on the blocks around the <pre>, not on it
    html = (
        '<div class="highlight-python notranslate"><div class="highlight"><pre>x = 1</pre></div></div>'
        '<div class="highlight-default"><div class="highlight"><pre>y</pre></div></div>'
    )
    back = distill.parse(_MD.render(distill.parse(html).to_markdown()))
    assert [c.attrs.get("class") for c in back.iter("code")] == ["language-python", None]
