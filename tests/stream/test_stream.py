"""distill.stream: the streaming scorer's choice, byte ranges, figures and chunking invariance."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from distill.stream import (
    MAX_DEPTH,
    PARAGRAPH_BONUS,
    PARAGRAPH_MIN_CHARS,
    Scorer,
    StreamResult,
    score_bytes,
)

LONG = "This sentence is long enough to count as a paragraph on its own merit."
assert len(LONG) >= PARAGRAPH_MIN_CHARS


def page(body: str, head: str = "<title>A page</title>") -> bytes:
    return f"<!DOCTYPE html><html><head>{head}</head><body>{body}</body></html>".encode()


NAV = '<div id="nav"><a href="/">Home</a> <a href="/a">Archive of old things</a></div>'
ARTICLE = (
    '<div class="post-body"><h2>Title here</h2>'
    f"<p>{LONG}</p><p>{LONG} More <a href='/x'>a link</a> text.</p><p>{LONG}</p></div>"
)
SHARE = '<div class="share"><a href="#">Share this on a network</a> <a href="#">Tweet it</a></div>'
NESTED = page(f'{NAV}<div id="outer">{ARTICLE}{SHARE}</div><div id="footer">(c) 2024</div>')


def feed_chunks(data: bytes, cuts: list[int]) -> StreamResult:
    s = Scorer()
    prev = 0
    for c in sorted(set(cuts)):
        s.feed(data[prev:c])
        prev = c
    s.feed(data[prev:])
    return s.close()


# --- an independent count, for simple pages (no comments, raw text or character references) -------

TOKEN = re.compile(rb"<[^>]*>|[^<]+")
WS = b" \t\n\r\f"


def oracle(data: bytes, start: int, end: int, encoding: str = "utf-8") -> tuple[int, int, int]:
    """(text, link text, links) of data[start:end], counted the documented way, by other means."""
    text = link = links = 0
    depth = 0
    ws = False
    for m in TOKEN.finditer(data):
        tok = m.group()
        inside = start <= m.start() and m.end() <= end
        if tok.startswith(b"<"):
            name = re.match(rb"</?([a-zA-Z0-9]+)", tok)
            if name and name.group(1).lower() == b"a":
                if tok.startswith(b"</"):
                    depth = max(0, depth - 1)
                else:
                    depth += 1
                    links += inside
            continue
        n = 0
        for ch in tok.decode(encoding):
            if ch.encode() in [bytes([b]) for b in WS]:
                n += not ws
                ws = True
            else:
                n += 1
                ws = False
        if inside:
            if depth:
                link += n
            else:
                text += n
    return text, link, links


# --- the choice and the byte range -----------------------------------------------------------------


def test_nested_containers_pick_the_article_and_its_exact_bytes() -> None:
    r = score_bytes(NESTED)
    assert r.tag == "div" and r.attributes == {"class": "post-body"}
    assert NESTED[r.start : r.end] == ARTICLE.encode()
    # The container holds the article plus link-heavy sharing: it scores lower, second.
    assert r.runner_up is not None and r.runner_up.attributes == {"id": "outer"}
    assert r.runner_up.score < r.score
    assert NESTED[r.runner_up.start : r.runner_up.end].startswith(b'<div id="outer">')


def test_figures_match_an_independent_count_and_the_arithmetic() -> None:
    r = score_bytes(NESTED)
    assert (r.text, r.link_text, r.links) == oracle(NESTED, r.start, r.end)
    assert r.paragraphs == 3
    assert r.score == r.text - 2 * r.link_text + PARAGRAPH_BONUS * r.paragraphs


def test_attribute_with_gt_inside_quotes() -> None:
    art = f'<div class="post-body" data-x="a>b" title=\'c>d\'><p>{LONG}</p><p>{LONG}</p></div>'
    data = page(NAV + art)
    r = score_bytes(data)
    assert data[r.start : r.end] == art.encode()
    assert r.attributes == {"class": "post-body", "data-x": "a>b", "title": "c>d"}


def test_comments_and_cdata_looking_text_count_nowhere_and_do_not_close() -> None:
    plain = f'<div class="post-body"><p>{LONG}</p><p>{LONG}</p></div>'
    noisy = (
        f'<div class="post-body"><!-- </div> a comment with <p>markup</p> --><p>{LONG}</p>'
        f"<!-- another --><p>{LONG}</p></div>"
    )
    a, b = score_bytes(page(plain)), score_bytes(page(noisy))
    assert page(noisy)[b.start : b.end] == noisy.encode()
    assert (b.text, b.paragraphs, b.score) == (a.text, a.paragraphs, a.score)
    # In HTML content "<![CDATA[" opens a bogus comment that ends at the first ">".
    cdata = f'<div class="post-body"><![CDATA[ x ]]><p>{LONG}</p><p>{LONG}</p></div>'
    c = score_bytes(page(cdata))
    assert page(cdata)[c.start : c.end] == cdata.encode()
    assert c.text == a.text  # the bogus comment runs to the ">" of "]]>"


def test_script_containing_end_tag_does_not_close_the_element() -> None:
    art = (
        f'<div class="post-body"><p>{LONG}</p>'
        '<script>if (a < b) { document.write("</div>"); }</script>'
        f"<style>p > a {{ color: red }} </div></style><p>{LONG}</p></div>"
    )
    data = page(NAV + art)
    r = score_bytes(data)
    assert data[r.start : r.end] == art.encode()
    bare = score_bytes(page(f'<div class="post-body"><p>{LONG}</p><p>{LONG}</p></div>'))
    assert r.text == bare.text


def test_template_title_textarea_and_noscript_text_count_nowhere() -> None:
    hidden = (
        "<template><p>hidden template paragraph words <a href=x>link</a></p></template>"
        "<textarea>typed text in a form field</textarea><noscript>enable scripts please</noscript>"
    )
    a = score_bytes(page(f'<div class="x"><p>{LONG}</p>{hidden}</div>', head="<title>Long title</title>"))
    b = score_bytes(page(f'<div class="x"><p>{LONG}</p></div>', head=""))
    assert (a.text, a.link_text, a.links, a.paragraphs) == (b.text, b.link_text, b.links, b.paragraphs)


def test_missing_end_tag_is_skipped_not_a_candidate() -> None:
    art = f'<div class="post-body"><p>{LONG}</p><p>{LONG}</p></div>'
    data = f'<div id="never-closed"><span>{LONG}</span>{art}'.encode()
    r = score_bytes(data)
    # The unclosed container would outscore its child; it never becomes a candidate.
    assert r.attributes == {"class": "post-body"}
    assert data[r.start : r.end] == art.encode()
    assert r.skipped == 1
    assert r.scored == 4  # span, two p, the article div


def test_implied_paragraph_closes_are_skipped_but_still_count_as_paragraphs() -> None:
    art = f'<div class="post-body"><p>{LONG}<p>{LONG}<p>{LONG}</div>'
    data = page(art)
    r = score_bytes(data)
    assert data[r.start : r.end] == art.encode()
    assert r.paragraphs == 3
    assert r.skipped == 3


def test_void_elements_are_neither_candidates_nor_skipped() -> None:
    art = f'<div class="a"><p>{LONG}<br>x</p><img src="i.png"><hr><input value=1><p>{LONG}</p></div>'
    r = score_bytes(art.encode())
    assert r.skipped == 0
    assert r.scored == 3


def test_stray_end_tags_are_ignored() -> None:
    art = f'<div class="a"><p>{LONG}</p></span></b><p>{LONG}</p></div>'
    data = ("</div></p>" + art).encode()
    r = score_bytes(data)
    assert data[r.start : r.end] == art.encode()
    assert r.skipped == 0


def test_link_text_counts_through_nested_markup_and_is_penalised() -> None:
    tail = " and then many more words, enough to outweigh the link"
    data = f'<div id="a"><a href="x"><span>twelve chars</span></a>{tail}</div>'.encode()
    r = score_bytes(data)
    assert r.tag == "div"
    assert r.link_text == len("twelve chars")
    assert r.links == 1
    assert r.text == len(tail)
    assert r.score == r.text - 2 * r.link_text


def test_html_and_body_are_never_candidates() -> None:
    # Body text outside the div would make <body> win if it could.
    data = page(f'<div id="a">{LONG}</div>{LONG} {LONG}')
    r = score_bytes(data)
    assert r.tag == "div"


def test_paragraph_bonus_separates_equal_text() -> None:
    blocks = f'<div id="flat">{LONG} {LONG}</div><div id="paras"><p>{LONG}</p> <p>{LONG}</p></div>'
    r = score_bytes(page(blocks))
    assert r.attributes == {"id": "paras"}
    assert r.runner_up is not None and r.runner_up.attributes == {"id": "flat"}
    assert r.score - r.runner_up.score == 2 * PARAGRAPH_BONUS


def test_short_paragraphs_earn_no_bonus() -> None:
    short = "x" * (PARAGRAPH_MIN_CHARS - 1)
    r = score_bytes(f'<div id="a"><p>{short}</p><p><a href="/">a link</a></p><p>{LONG}</p></div>'.encode())
    assert r.tag == "div"
    assert r.paragraphs == 1


def test_utf8_counts_code_points() -> None:
    words = "Ünïcödé wörds — naïve café ☕ and 😀 emoji, repeated: " * 2
    art = f'<div class="u"><p>{words}</p><p>{LONG}</p></div>'
    data = page(art)
    r = score_bytes(data)
    assert data[r.start : r.end] == art.encode()
    assert (r.text, r.link_text, r.links) == oracle(data, r.start, r.end)
    assert r.text < len(data[r.start : r.end])  # code points, not bytes


def test_windows_1252_bytes_pass_through_untouched() -> None:
    art = f'<div class="caf\xe9"><p>Caf\xe9 cr\xe8me br\xfbl\xe9e {LONG}</p><p>{LONG}</p></div>'
    data = b"<html><head><meta charset=windows-1252></head><body>" + art.encode("cp1252")
    r = score_bytes(data + b"</body></html>")
    assert data[r.start : r.end] == art.encode("cp1252")
    assert r.attributes == {"class": "café"}


@pytest.mark.parametrize(
    "meta",
    [
        "<meta charset=windows-1252>",
        '<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">',
        "<meta content='text/html;charset=\"windows-1252\"' http-equiv=content-type>",
    ],
)
def test_declared_single_byte_encoding_counts_every_byte(meta: str) -> None:
    # 0x92 (a right quote) and 0xA0 (no-break space) look like UTF-8 continuation bytes.
    words = "It\u2019s\u00a0a caf\u00e9 \u00bd price \u2013 " * 3
    art = f'<div class="w"><p>{words}{LONG}</p><p>{LONG}</p></div>'
    data = f"<html><head>{meta}</head><body>{art}</body></html>".encode("cp1252")
    r = score_bytes(data)
    assert r.encoding == "windows-1252"
    assert (r.text, r.link_text, r.links) == oracle(data, r.start, r.end, "cp1252")


def test_utf8_declared_or_not_counts_utf8() -> None:
    art = f'<div class="w"><p>caf\u00e9 \u00bd {LONG}</p></div>'
    declared = f"<html><head><meta charset=utf-8></head><body>{art}</body></html>".encode()
    bare = f"<html><head></head><body>{art}</body></html>".encode()
    a, b = score_bytes(declared), score_bytes(bare)
    assert (a.encoding, b.encoding) == ("utf-8", None)
    assert a.text == b.text == oracle(bare, b.start, b.end)[0]


def test_nothing_positive_gives_no_winner() -> None:
    r = score_bytes(b'<div><a href="/">only a link</a></div><ul><li><a href="/">x</a></li></ul>')
    assert r.tag is None and not r.found and r.runner_up is None
    assert r.scored == 5


def test_empty_input() -> None:
    r = score_bytes(b"")
    assert r.tag is None and r.scored == 0 and r.skipped == 0 and r.bytes == 0


def test_depth_cap_bounds_the_stack_and_still_matches() -> None:
    extra = 10
    n = MAX_DEPTH + extra
    data = ("<div>" * n + LONG + "</div>" * n).encode()
    r = score_bytes(data)
    assert r.too_deep == extra
    assert r.scored == MAX_DEPTH
    assert r.skipped == 0
    # The deepest tracked element holds the text; on a tie the inner candidate stays.
    assert r.text == len(LONG)
    assert data[r.start : r.end].startswith(b"<div>") and data[r.start : r.end].endswith(b"</div>")


def test_unclosed_deep_nesting_does_not_grow_memory_or_crash() -> None:
    s = Scorer()
    for _ in range(200):
        s.feed(b"<div><span><b>" * 100 + b"text ")
    r = s.close()
    assert r.scored == 0
    assert r.skipped + r.too_deep == 200 * 300


def test_feed_after_close_is_an_error() -> None:
    s = Scorer()
    s.feed(b"<p>x</p>")
    s.close()
    with pytest.raises(ValueError):
        s.feed(b"x")


def test_offsets_are_absolute_across_feeds() -> None:
    s = Scorer()
    prefix = b"<!-- padding -->" * 1000
    s.feed(prefix)
    s.feed(NESTED)
    r = s.close()
    one = score_bytes(NESTED)
    assert (r.start, r.end) == (one.start + len(prefix), one.end + len(prefix))
    assert s.offset == len(prefix) + len(NESTED)


# --- chunking invariance ---------------------------------------------------------------------------

MIXED = page(
    NAV
    + '<div id="outer"><div class="post-body" data-x="a>b"><p>'
    + LONG
    + " caf\u00e9 \U0001f600 &amp; &copy; &#x41;</p><!-- </div> --><script>var s = '</div><p>';</script>"
    + f"<p>{LONG}<p>{LONG}<![CDATA[ x ]]></div>{SHARE}</div><template><p>t</p></template>"
    + "<textarea></div></textarea><div id=open>",
)


def test_one_byte_at_a_time_equals_one_call() -> None:
    assert feed_chunks(MIXED, list(range(1, len(MIXED)))) == score_bytes(MIXED)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=len(MIXED)), max_size=40))
def test_random_chunkings_give_identical_results(cuts: list[int]) -> None:
    assert feed_chunks(MIXED, cuts) == score_bytes(MIXED)


# --- implied closes (each rule of scorer.c's list, on a page of its own) --------------------------


@pytest.mark.parametrize(
    "markup,skipped,scored",
    [
        # <li> closes an open <li> of the same list, not one of an outer list.
        ("<ul><li>a<ul><li>b</ul><li>c</ul>", 3, 2),
        # <dd>/<dt> close an open <dd>/<dt>.
        ("<dl><dt>x<dd>y<dt>z<dd>w</dl>", 4, 1),
        # <tr> closes the open row, <td> the open cell; </table> closes what its table holds.
        ("<table><tr><td>a<td>b<tr><td>c</table>", 5, 1),
        # <option> closes an open <option>.
        ("<select><option>a<option>b</select>", 2, 1),
        # A heading start tag closes a heading that is the current element.
        ("<div><h1>a<h2>b</h2></div>", 1, 2),
        # An end tag does not reach across a table cell: the stray </div> is ignored.
        ("<div><table><tr><td>text</div>more</td></tr></table></div>", 0, 4),
        # A block start tag closes an open <p> in button scope, but not across the button.
        ("<div><p>a<div>b</div></div>", 1, 2),
        ("<div><p>a<button><div>b</div></button>c</p></div>", 0, 4),
    ],
)
def test_implied_closes(markup: str, skipped: int, scored: int) -> None:
    r = score_bytes(markup.encode())
    assert (r.skipped, r.scored) == (skipped, scored)


def test_a_inside_a_closes_the_first_link() -> None:
    r = score_bytes(b'<div><a href="1">one<a href="2">two</a> and plenty of plain words here</div>')
    assert r.tag == "div"
    assert r.skipped == 1
    assert (r.links, r.link_text) == (2, len("onetwo"))


SOUP = [
    "<", ">", "</", "div", "p", "a", "li", "td", "tr", "table", "svg", "math", "script", "style",
    "template", "textarea", "plaintext", "<!--", "-->", "<![CDATA[", "]]>", '"', "'", "=", " ",
    "/>", "x", "\u00e9", "\U0001f600", "&amp;", "&", "\r\n", "\0", "<meta charset=latin1>",
]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(SOUP), max_size=300).map(lambda parts: "".join(parts).encode()),
    st.lists(st.integers(min_value=0, max_value=2000), max_size=12),
)
def test_tag_soup_chunking_invariance_and_ranges(data: bytes, cuts: list[int]) -> None:
    whole = score_bytes(data)
    assert feed_chunks(data, [c for c in cuts if c <= len(data)]) == whole
    if whole.tag is not None:
        assert 0 <= whole.start < whole.end <= len(data)
        assert data[whole.start : whole.start + 1] == b"<" and data[whole.end - 1 : whole.end] == b">"
        assert whole.score == whole.text - 2 * whole.link_text + PARAGRAPH_BONUS * whole.paragraphs


def test_feed_releases_the_gil_and_refuses_a_concurrent_feed() -> None:
    import threading

    s = Scorer()
    big = NESTED * (48_000_000 // len(NESTED))
    started = threading.Event()

    def work() -> None:
        started.set()
        while True:  # the other thread's empty feeds may hold the scorer for an instant
            try:
                s.feed(big)
                return
            except RuntimeError:
                continue

    t = threading.Thread(target=work)
    t.start()
    started.wait()
    refused = 0
    # A refusal is only possible while the other thread is inside feed(); this thread can run then
    # only if that feed released the GIL.
    while t.is_alive():
        try:
            s.feed(b"")
        except RuntimeError:
            refused += 1
    t.join()
    assert refused > 0
    r = s.close()
    assert r.bytes == len(big)
