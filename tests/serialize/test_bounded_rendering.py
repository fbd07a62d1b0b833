"""The rules that bound the exporters' output by the page (issue 36 item 1), each on a page of its own.

- URL resolution: a reference takes its part of the base free up to its own length + 64 bytes, the
  rest paid from an allowance of twice the page (serialize/url.h);
- pipe tables: a grid more than 8 slots a cell or row (+ 64) is written as its blocks (markdown.c);
- repeated pieces (a link over many lines, the copies of a misnested link, a caption titling a
  figure's images): the first write free, the others paid from an allowance of the page's size
  (serialize/repeats.h);
- line prefixes: at most 32 bytes (serialize/layout.h).
Ordinary pages are what they were: each rule also has the case it leaves alone.
"""

from __future__ import annotations

import re

import distill
from distill import Markdown, PlainText


def md(page: str, base_url: str | None = None) -> str:
    return distill.parse(page).to_markdown(Markdown(base_url=base_url))


def targets(markdown: str) -> list[str]:
    return re.findall(r"\]\(([^) ]*)", markdown)


# ---- URL resolution


def test_an_ordinary_base_resolves_every_reference() -> None:
    page = '<p><a href="x">1</a> <a href="/y">2</a> <a href="?p=2">3</a> <a href="//cdn.net/z">4</a>'
    assert targets(md(page, "https://example.org/a/b.html?q=1")) == [
        "https://example.org/a/x",
        "https://example.org/y",
        "https://example.org/a/b.html?p=2",
        "https://cdn.net/z",
    ]


def test_a_long_query_in_the_base_costs_nothing_to_a_path_reference() -> None:
    # Only the directory is taken from the base for "x": its 100 KB query is never copied.
    base = "https://example.org/dir/page?" + "q" * 100000
    page = "<p>" + '<a href="x">y</a>' * 5000
    out = md(page, base)
    assert set(targets(out)) == {"https://example.org/dir/x"}
    assert len(out) < 20 * len(page)


def test_a_long_base_href_is_paid_for_then_left_relative() -> None:
    # 5,000 links under a 10 KB <base href>: 50 MB resolved. The page's allowance (twice its size)
    # pays for the first few; the others are written as they stand.
    base = "http://h/" + "a" * 10000 + "/"
    page = f'<html><head><base href="{base}"></head><body><p>' + '<a href="x">y</a>' * 5000
    got = targets(md(page))
    resolved = [t for t in got if t != "x"]
    assert len(got) == 5000 and resolved and all(t == base + "x" for t in resolved)
    assert len(resolved) * len(base) <= 2 * len(page) + 5000 * 70
    assert len(md(page)) < 40 * len(page)


def test_plain_text_links_follow_the_same_rule() -> None:
    base = "http://h/" + "a" * 10000 + "/"
    page = f'<html><head><base href="{base}"></head><body><p>' + '<a href="x">y</a>' * 5000
    text = distill.parse(page).to_text(PlainText(links="inline"))
    assert "(x)" in text and f"({base}x)" in text
    assert len(text) < 24 * len(page)


# ---- tables


def test_a_mostly_empty_grid_is_written_as_its_blocks() -> None:
    page = "<table><tr><td colspan=1000>head" + "<tr><td>row" * 2000 + "</table>"
    out = md(page)
    assert "|" not in out and out.count("row") == 2000
    assert len(out) < len(page)


def test_a_wide_row_over_many_short_rows_is_written_as_its_blocks() -> None:
    page = "<table><tr>" + "<td>h" * 500 + "<tr><td>r" * 500 + "</table>"
    assert "---" not in md(page)


def test_a_table_with_a_wide_heading_stays_a_pipe_table() -> None:
    page = "<table><tr><th colspan=3>Name</th></tr>" + "<tr><td>a<td>b<td>c" * 3 + "</table>"
    out = md(page)
    assert out.splitlines()[1] == "| --- | --- | --- |"
    assert out.count("| a | b | c |") == 3


# ---- repeated pieces


def test_a_link_over_many_lines_is_repeated_while_the_allowance_lasts() -> None:
    url = "http://h/" + "u" * 5000
    page = f'<p><a href="{url}">' + "line<br>" * 2000 + "</a>"
    out = md(page)
    written = out.count(url)
    assert 1 <= written <= 1 + len(page) // len(url)
    assert out.count("line") == 2000


def test_a_link_over_a_few_lines_is_repeated_on_each() -> None:
    out = md('<p><a href="http://h/x">one<br>two<br>three</a>')
    assert out == "[one](http://h/x)\\\n[two](http://h/x)\\\n[three](http://h/x)"


def test_the_copies_of_a_misnested_link_do_not_multiply_its_target() -> None:
    url = "http://h/" + "u" * 5000
    page = f'<p><a href="{url}">x</p>' + "<p>y</p>" * 2000
    out = md(page)
    assert 1 <= out.count(url) <= 1 + len(page) // len(url)
    text = distill.parse(page).to_text(PlainText(links="inline"))
    assert 1 <= text.count(url) <= 1 + len(page) // len(url)


def test_the_copies_of_a_link_misnested_over_a_few_paragraphs_keep_it() -> None:
    out = md('<p><a href="http://h/x">one</p><p>two</p><p>three</p>')
    assert out.count("(http://h/x)") == 3


def _article_with_figure(images: int, caption: str) -> str:
    body = "".join(
        f"<p>Paragraph {i} of the article, with words enough to be read as its content.</p>" for i in range(8)
    )
    figure = (
        "<figure>"
        + "".join(f'<img src="i{k}.jpg" width=600 height=400>' for k in range(images))
        + f"<figcaption>{caption}</figcaption></figure>"
    )
    return f"<html><body><article><h1>T</h1>{body}{figure}{body}</article></body></html>"


def test_a_caption_titles_a_figures_few_images() -> None:
    out = distill.article(_article_with_figure(2, "A caption")).markdown
    assert out.count('"A caption")') == 2


def test_a_caption_does_not_title_a_thousand_images() -> None:
    caption = "A caption of the figure, " * 8
    page = _article_with_figure(1000, caption)
    out = distill.article(page).markdown
    assert out.count("![") == 1000
    assert 1 <= out.count(caption.strip()) <= 1 + len(page) // len(caption.strip())


# ---- line prefixes


def test_line_prefixes_stop_at_32_bytes() -> None:
    out = md("<blockquote>" * 40 + "<p>a<p>b")
    prefix = out.splitlines()[-1][:-1]
    assert prefix == "> " * 16


def test_a_few_levels_keep_their_prefix() -> None:
    out = md("<blockquote><blockquote><ul><li>a<li>b</ul></blockquote></blockquote>")
    assert out == "> > - a\n> > - b"
