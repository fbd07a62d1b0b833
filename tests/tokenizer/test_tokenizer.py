"""Focused tests of the C tokenizer: byte offsets, borrowed slices, incremental feeding, large input.

The html5lib suite (test_tokenizer_html5lib.py) covers the token stream of the spec; these cover what
distill adds to it: absolute offsets into the input as fed, zero-copy slices, any chunking, and
inputs large enough that a quadratic step would show.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from distill import _core

CRLF_DOCS = ["a\r\nb", "a\rb", "\r\n\r\n", "<p title='x\r\ny'>\r\n</p>", "<!--\r\n-->", "a\r", "\r"]


def spans_no_borrow(spans: list[Any]) -> list[Any]:
    return [(s, e, [(a, b) for a, b, _ in attrs]) for s, e, _, attrs in spans]


def run(data: bytes | str, **kw: Any) -> tuple[list[Any], list[Any], list[Any]]:
    tokens, errors, spans = _core._tokenize_ex(data, **kw)
    return tokens, errors, spans


# ---- offsets ----


def test_tag_and_attribute_offsets() -> None:
    doc = '<div class="a b" id=x hidden>hi</div>'
    tokens, _, spans = run(doc)
    assert tokens == [
        ["StartTag", "div", {"class": "a b", "id": "x", "hidden": ""}],
        ["Character", "hi"],
        ["EndTag", "div"],
    ]
    start, end, _, attrs = spans[0]
    assert (start, end) == (0, doc.index(">") + 1)
    cls = doc.index("class")
    assert attrs[0][:2] == (cls, doc.index('"', cls + 7) + 1)  # past the closing quote
    ident = doc.index("id=")
    assert attrs[1][:2] == (ident, ident + len("id=x"))
    hidden = doc.index("hidden")
    assert attrs[2][:2] == (hidden, hidden + len("hidden"))
    assert spans[1][:2] == (doc.index(">hi") + 1, doc.index("</"))
    assert spans[2][:2] == (doc.index("</"), len(doc))


def test_offsets_are_bytes_not_characters() -> None:
    doc = "é<b>ü</b>"
    _, _, spans = run(doc)
    raw = doc.encode()
    assert spans[0][:2] == (0, 2)
    assert spans[1][:2] == (raw.index(b"<b>"), raw.index(b"<b>") + 3)
    assert spans[2][:2] == (raw.index("ü".encode()), raw.index(b"</b>"))


def test_comment_doctype_and_reference_offsets() -> None:
    doc = "<!DOCTYPE html><!-- c -->x&amp;y"
    tokens, _, spans = run(doc)
    assert tokens == [["DOCTYPE", "html", None, None, True], ["Comment", " c "], ["Character", "x&y"]]
    assert spans[0][:2] == (0, len("<!DOCTYPE html>"))
    assert spans[1][:2] == (len("<!DOCTYPE html>"), doc.index("x"))
    assert spans[2][:2] == (doc.index("x"), len(doc))


def test_crlf_offsets_count_raw_bytes() -> None:
    doc = "a\r\nb<p>"
    tokens, _, spans = run(doc)
    assert tokens[0] == ["Character", "a\nb"]
    assert spans[0][:2] == (0, 4)
    assert spans[1][:2] == (4, 7)


@pytest.mark.parametrize("doc", CRLF_DOCS)
def test_crlf_split_across_chunks(doc: str) -> None:
    whole = run(doc)
    for size in range(1, len(doc) + 1):
        got = run(doc, chunk_size=size)
        assert got[0] == whole[0], size
        assert got[1] == whole[1], size
        assert spans_no_borrow(got[2]) == spans_no_borrow(whole[2]), size
    assert "\r" not in repr(whole[0])


# ---- borrowed slices ----


def test_plain_text_and_values_are_borrowed() -> None:
    _, _, spans = run('<a href="/x" title=t>plain text</a><!-- note -->')
    assert [b for _, _, b in spans[0][3]] == [1, 1]
    assert spans[1][2] == 1  # the text run
    assert spans[3][2] == 1  # the comment


def test_transformed_text_is_copied() -> None:
    tokens, _, spans = run('<a title="a&amp;b">x&lt;y</a>a\r\nb\0c<!-- a\r\nb -->')
    assert tokens[0] == ["StartTag", "a", {"title": "a&b"}]
    assert spans[0][3][0][2] == 0
    assert tokens[1] == ["Character", "x<y"] and spans[1][2] == 0
    assert tokens[3] == ["Character", "a\nb\0c"] and spans[3][2] == 0
    assert tokens[4] == ["Comment", " a\nb "] and spans[4][2] == 0


def test_text_without_reference_stays_borrowed_after_lone_ampersand() -> None:
    tokens, _, spans = run("AT&T and a < b &c<br>")
    assert tokens == [["Character", "AT&T and a < b &c"], ["StartTag", "br", {}]]
    assert spans[0][2] == 1


def test_pending_text_is_copied_when_the_fed_buffer_ends() -> None:
    # The run is still open when feed() returns, so it cannot keep pointing into that buffer.
    _, _, spans = run("trailing text")
    assert spans[0][2] == 0


# ---- content ----


def test_nul_kept_in_data_replaced_in_text_content_models() -> None:
    assert run("a\0b")[0] == [["Character", "a\0b"]]
    for state in ("RCDATA state", "RAWTEXT state", "Script data state", "PLAINTEXT state"):
        assert run("a\0b", initial_state=state)[0] == [["Character", "a\ufffdb"]], state


def test_named_reference_longest_match_and_attribute_rule() -> None:
    assert run("&notin; &notit; &not")[0] == [["Character", "\u2209 \u00acit; \u00ac"]]
    tokens = run('<a href="?x=1&not=2&copy" title="&notx">')[0]
    assert tokens == [["StartTag", "a", {"href": "?x=1&not=2\u00a9", "title": "&notx"}]]


def test_numeric_references_replacements() -> None:
    tokens, errors, _ = run("&#x80;&#0;&#xD800;&#x110000;&#65;&#x41")
    assert tokens == [["Character", "\u20ac\ufffd\ufffd\ufffdAA"]]
    assert [e for e, _ in errors] == [
        "control-character-reference",
        "null-character-reference",
        "surrogate-character-reference",
        "character-reference-outside-unicode-range",
        "missing-semicolon-after-character-reference",
    ]


def test_state_switch_from_inside_the_sink_applies_to_the_rest_of_the_buffer() -> None:
    doc = "<title><b>&amp;</title><style><b>&amp;</style><plaintext></plaintext>"
    states = {"title": "RCDATA state", "style": "RAWTEXT state", "plaintext": "PLAINTEXT state"}
    for size in (0, 1, 5):
        tokens = run(doc, switch_states=states, chunk_size=size)[0]
        assert tokens == [
            ["StartTag", "title", {}],
            ["Character", "<b>&"],
            ["EndTag", "title"],
            ["StartTag", "style", {}],
            ["Character", "<b>&amp;"],
            ["EndTag", "style"],
            ["StartTag", "plaintext", {}],
            ["Character", "</plaintext>"],
        ], size


def test_cdata_only_when_allowed() -> None:
    assert run("<![CDATA[x<y]]>")[0] == [["Comment", "[CDATA[x<y]]"]]
    assert run("<![CDATA[x<y]]>", cdata_allowed=True)[0] == [["Character", "x<y"]]


def test_duplicate_attributes_first_wins() -> None:
    tokens, errors, _ = run('<p a=1 b=2 A=3 a="4">')
    assert tokens == [["StartTag", "p", {"a": "1", "b": "2"}]]
    assert [e for e, _ in errors] == ["duplicate-attribute", "duplicate-attribute"]


# ---- incremental feeding ----

TRICKY = [
    "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\" 'http://x'><html lang=en>",
    "<p class='a&amp;b' data-x=\"&notin;&not\" title=&lt;x>t&eacute;xt &#x1F600; &#128512;</p>",
    "<script>if (a<b) { x = '<!--<script>'; }</script><textarea>a</textarea>",
    "<!-- a -- b --!><!----><!---><!--><? pi ?></ x>< a>",
    "<svg><![CDATA[ ]]></svg>é€😀\r\n\r<br/>",
    "&amp&AMP;&ampx&#X41;&#65&#;&#x;&CounterClockwiseContourIntegral;&CounterClockwise",
    "<a b c=d e='f' g=\"h\" i = j/><x y=z/ >",
    # A CR LF reconsumed after a failed reference must keep its offset (found by the fuzzer).
    "<time d=x&#x\r\n<a b=&amp\r\nc=1 e=&#\r\n>a&#x\r\nb",
]


@pytest.mark.parametrize("doc", TRICKY)
def test_every_chunk_size_gives_the_same_tokens_errors_and_offsets(doc: str) -> None:
    whole = run(doc)
    raw = doc.encode()
    for size in range(1, min(len(raw), 40) + 1):
        got = run(doc, chunk_size=size)
        assert got[0] == whole[0], size
        assert got[1] == whole[1], size
        assert spans_no_borrow(got[2]) == spans_no_borrow(whole[2]), size


def test_random_documents_chunked() -> None:
    rng = random.Random(1234)
    alphabet = ["<", ">", "/", "!", "-", "&", ";", "#", "x", "a", "b", "=", '"', "'", " ", "\r", "\n",
                "\0", "amp", "not", "script", "DOCTYPE", "[CDATA[", "]]", "é", "😀", "PUBLIC", "?"]
    for _ in range(300):
        doc = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 60)))
        whole = run(doc)
        for state in ("Data state", "Script data state"):
            whole = run(doc, initial_state=state, last_start_tag="script")
            for size in (1, 2, 3, 7):
                got = run(doc, initial_state=state, last_start_tag="script", chunk_size=size)
                assert got[0] == whole[0], (doc, size)
                assert got[1] == whole[1], (doc, size)
                assert spans_no_borrow(got[2]) == spans_no_borrow(whole[2]), (doc, size)


def test_utf8_sequence_split_across_chunks() -> None:
    doc = "<p title='é€😀'>é€😀</p>".encode()
    whole = run(doc)
    assert run(doc, chunk_size=1)[0] == whole[0]
    assert whole[0][1] == ["Character", "é€😀"]


# ---- large input (sizes that would expose quadratic work; no timing is asserted) ----


def test_large_attribute_value_and_comment() -> None:
    n = 5_000_000
    value = "v" * n
    doc = f'<a title="{value}"><!--{value}-->'
    tokens, _, spans = run(doc, chunk_size=65536)
    assert tokens[0] == ["StartTag", "a", {"title": value}]
    assert tokens[1] == ["Comment", value]
    assert spans[1][:2] == (len(doc) - n - 7, len(doc))
    tokens, _, spans = run(doc)
    assert spans[0][3][0][2] == 1  # borrowed when fed at once


def test_many_attributes_on_one_tag() -> None:
    n = 200_000
    attrs = " ".join(f"a{i}=1" for i in range(n))
    dups = " ".join(f"a{i}=2" for i in range(0, n, 1000))
    tokens, errors, _ = run(f"<p {attrs} {dups}>")
    got = tokens[0][2]
    assert len(got) == n
    assert got["a0"] == "1" and got[f"a{n - 1}"] == "1"
    assert len(errors) == n // 1000


def test_count_hook_matches_token_list() -> None:
    doc = b"<p a=1>x</p><!--c-->"
    assert _core._tokenize_count(doc) == len(run(doc)[0]) + 1  # + EOF
    assert _core._tokenize_count(doc, 1) == _core._tokenize_count(doc)


def test_many_attributes_fed_in_small_chunks() -> None:
    # Borrowed values of a pending tag are copied at each chunk end; only the new ones may be.
    doc = "<p " + " ".join(f"a{i}='v{i}'" for i in range(20_000)) + ">"
    whole = run(doc)
    got = run(doc, chunk_size=7)
    assert got[0] == whole[0]
    assert spans_no_borrow(got[2]) == spans_no_borrow(whole[2])
    assert whole[0][0][2]["a19999"] == "v19999"


def test_sink_abort_stops_tokenizing_and_propagates() -> None:
    # The test sink fails (returns nonzero) on an unknown state name: feed() must report it.
    with pytest.raises(ValueError, match="unknown tokenizer state"):
        run("<p>text<b>", switch_states={"p": "no such state"})
    with pytest.raises(ValueError, match="unknown tokenizer state"):
        run("<p>text<b>", switch_states={"p": "no such state"}, chunk_size=1)
