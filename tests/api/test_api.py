"""The Python API of the parser and tree: node classes, navigation, errors, spans, identity, memory."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

import distill
from distill import _core

PAGE = (
    "<!DOCTYPE html><html><head><title>T</title></head>"
    "<body><p class=a id=b>Hello <b>world</b></p><ul>{items}</ul><!--note--></body></html>"
).format(items="".join(f"<li>{i}</li>" for i in range(100)))


@pytest.fixture
def doc() -> distill.Document:
    return distill.parse(PAGE)


def test_public_names_are_exported() -> None:
    for name in ("parse", "parse_fragment", "Node", "Document", "DocumentFragment", "Element", "Text",
                 "Comment", "Doctype"):
        assert name in distill.__all__
        assert getattr(distill, name) is getattr(_core, name)
    for cls in (distill.Document, distill.DocumentFragment, distill.Element, distill.Text, distill.Comment,
                distill.Doctype):
        assert issubclass(cls, distill.Node)


def test_document_structure(doc: distill.Document) -> None:
    assert isinstance(doc, distill.Document)
    assert doc.parent is None
    doctype, html = list(doc)
    assert isinstance(doctype, distill.Doctype)
    assert (doctype.name, doctype.public_id, doctype.system_id) == ("html", "", "")
    assert isinstance(html, distill.Element) and html.tag == "html" and html.namespace == "html"
    assert [c.tag for c in html if isinstance(c, distill.Element)] == ["head", "body"]
    body = html[1]
    comment = body[-1]
    assert isinstance(comment, distill.Comment) and comment.data == "note"
    p = doc.find("p")
    assert p is not None
    assert dict(p.attrs) == {"class": "a", "id": "b"}
    assert p.text == "Hello world"
    first = p[0]
    assert isinstance(first, distill.Text) and first.data == "Hello "


def test_len_index_and_iteration_agree(doc: distill.Document) -> None:
    ul = doc.find("ul")
    assert ul is not None
    assert len(ul) == 100
    children = list(ul)
    assert [ul[i] for i in range(len(ul))] == children
    assert ul[-1] == children[-1] and ul[-100] == children[0]
    assert ul[-1].text == "99"
    order = list(range(100))
    random.Random(7).shuffle(order)
    # The position cache must never return a stale child whatever the access order.
    assert [ul[i].text for i in order] == [str(i) for i in order]
    with pytest.raises(IndexError):
        ul[100]
    with pytest.raises(IndexError):
        ul[-101]


def test_every_child_knows_its_parent(doc: distill.Document) -> None:
    for el in doc.iter():
        for child in el:
            assert child.parent == el


def test_empty_element_is_truthy() -> None:
    br = distill.parse("<br>").find("br")
    assert br is not None and len(br) == 0 and bool(br)


def test_text_is_descendant_text_in_order() -> None:
    doc = distill.parse("<div>a<p>b<i>c</i></p>d<!--x--></div>")
    div = doc.find("div")
    assert div is not None and div.text == "abcd"
    assert doc.text == "abcd"


def test_find_find_all_iter() -> None:
    doc = distill.parse("<div><p>1</p><section><p>2</p></section></div><p>3</p>")
    assert [p.text for p in doc.find_all("p")] == ["1", "2", "3"]
    assert [p.text for p in doc.iter("p")] == ["1", "2", "3"]
    assert [e.tag for e in doc.iter()] == ["html", "head", "body", "div", "p", "section", "p", "p"]
    section = doc.find("section")
    assert section is not None
    assert [p.text for p in section.find_all("p")] == ["2"]
    assert doc.find("P") == doc.find("p"), "HTML tag names match ASCII case-insensitively"
    assert doc.find("article") is None and doc.find_all("article") == []
    assert doc.find("custom-thing") is None


def test_custom_elements_are_found() -> None:
    doc = distill.parse("<my-widget>x</my-widget><my-widget>y</my-widget>")
    assert [e.text for e in doc.find_all("my-widget")] == ["x", "y"]
    assert doc.find("my-widget").tag == "my-widget"  # type: ignore[union-attr]


def test_iter_is_not_recursive_on_deep_trees() -> None:
    n = 20_000
    doc = distill.parse("<div>" * n + "x")
    assert sum(1 for _ in doc.iter("div")) == n


def test_foreign_elements_and_attributes() -> None:
    doc = distill.parse('<svg viewbox="0 0 1 1"><foreignobject/><a xlink:href="#t"/></svg><math><mi>x</mi></math>')
    svg = doc.find("svg")
    assert svg is not None and svg.namespace == "svg"
    assert dict(svg.attrs) == {"viewBox": "0 0 1 1"}
    fo = doc.find("foreignObject")
    assert fo is not None and fo.tag == "foreignObject" and fo.namespace == "svg"
    a = svg.find("a")
    assert a is not None and dict(a.attrs) == {"xlink:href": "#t"}
    mi = doc.find("mi")
    assert mi is not None and mi.namespace == "math" and mi.parent is not None
    assert mi.parent.tag == "math"  # type: ignore[attr-defined]


def test_attrs_is_a_read_only_mapping(doc: distill.Document) -> None:
    p = doc.find("p")
    assert p is not None
    assert isinstance(p.attrs, Mapping)
    with pytest.raises(TypeError):
        p.attrs["class"] = "z"  # type: ignore[index]
    assert p.attrs.get("missing") is None


def test_template_content() -> None:
    doc = distill.parse("<template><p>x</p></template><div></div>")
    t = doc.find("template")
    assert t is not None and len(t) == 0
    content = t.content
    assert isinstance(content, distill.DocumentFragment)
    assert content[0].tag == "p"  # type: ignore[attr-defined]
    assert content[0].parent == content and content.parent is None
    assert doc.find("p") is None, "template contents are not descendants"
    div = doc.find("div")
    assert div is not None and div.content is None


def test_document_encoding() -> None:
    assert distill.parse("<p>x").encoding == "utf-8"
    assert distill.parse(b"<p>x").encoding == "utf-8"


def test_encoding_label_selects_decoder() -> None:
    doc = distill.parse(b"<p>caf\xe9", encoding="latin1")
    assert doc.encoding == "windows-1252"
    assert doc.text == "caf\u00e9"


@pytest.mark.parametrize("bad", [None, 42, 3.5, bytearray(b"<p>"), ["<p>"]])
def test_wrong_markup_type(bad: object) -> None:
    with pytest.raises(TypeError, match=r"parse\(\) argument 'markup' must be str or bytes"):
        distill.parse(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"parse_fragment\(\) argument 'markup' must be str or bytes"):
        distill.parse_fragment(bad)  # type: ignore[arg-type]


def test_wrong_argument_types_name_the_argument() -> None:
    with pytest.raises(TypeError, match="'encoding' must be str or None, not int"):
        distill.parse(b"x", encoding=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="'scripting' must be bool"):
        distill.parse("x", scripting="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="'context' must be str, not int"):
        distill.parse_fragment("x", 5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="'tag' must be str"):
        distill.parse("x").find(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        distill.parse(markup="x")  # type: ignore[call-arg]


def test_unknown_encoding_label() -> None:
    with pytest.raises(LookupError, match="no-such-thing"):
        distill.parse(b"<p>x", encoding="no-such-thing")


def test_bad_context() -> None:
    for bad in ("", "svg ", "math ", "a b"):
        with pytest.raises(ValueError, match="context"):
            distill.parse_fragment("x", bad)


def test_scripting_flag_changes_noscript() -> None:
    markup = "<body><noscript><p>x</p></noscript>"
    on = distill.parse(markup).find("noscript")
    off = distill.parse(markup, scripting=False).find("noscript")
    assert on is not None and off is not None
    assert isinstance(on[0], distill.Text), "with scripting, noscript content is raw text"
    assert isinstance(off[0], distill.Element) and off[0].tag == "p"


def test_parse_fragment_contexts() -> None:
    frag = distill.parse_fragment("<td>x</td>", "tr")
    assert isinstance(frag, distill.DocumentFragment)
    assert [c.tag for c in frag] == ["td"]  # type: ignore[attr-defined]
    in_body = distill.parse_fragment("<td>x</td>")
    assert [type(c) for c in in_body] == [distill.Text], "a td outside a row is dropped in body context"
    assert distill.parse_fragment("<TD>x", "TR")[0].tag == "td"  # type: ignore[attr-defined]
    svg = distill.parse_fragment("<rect/><foreignObject/>", "svg svg")
    assert [(c.tag, c.namespace) for c in svg] == [("rect", "svg"), ("foreignObject", "svg")]  # type: ignore[attr-defined]
    math = distill.parse_fragment("<mi>x</mi>", "math math")
    assert math[0].namespace == "math"  # type: ignore[attr-defined]
    bare = distill.parse_fragment("<rect/>", "svg")
    assert bare[0].namespace == "svg", "a bare 'svg' context is the SVG root element"  # type: ignore[attr-defined]


def test_lone_surrogates_become_replacement_characters() -> None:
    doc = distill.parse("<p>a\ud800b\udfffc</p><i>z</i>")
    p = doc.find("p")
    assert p is not None and p.text == "a\ufffdb\ufffdc"
    i = doc.find("i")
    assert i is not None and i.source_span == (12, 20)


def span_text(src: str | bytes, node: distill.Node | None) -> str | bytes:
    assert node is not None and node.source_span is not None
    start, end = node.source_span
    return src[start:end]


def test_source_span_str_counts_code_points() -> None:
    src = "<p>é</p><div>ü€😀</div><span title='ö'>x</span>"
    doc = distill.parse(src)
    assert span_text(src, doc.find("span")) == "<span title='ö'>x</span>"
    assert span_text(src, doc.find("div")) == "<div>ü€😀</div>"


def test_source_span_bytes_counts_bytes() -> None:
    src = "<p>é</p><div>ü€😀</div><span title='ö'>x</span>".encode()
    doc = distill.parse(src)
    assert span_text(src, doc.find("span")) == "<span title='ö'>x</span>".encode()


def test_source_span_far_into_a_large_str() -> None:
    # Past many checkpoint strides of the offset table, with multi-byte characters before each one.
    src = "".join(f"<p>{'é€😀' * (i % 7)}</p>" for i in range(5000)) + "<b>end</b>"
    doc = distill.parse(src)
    assert span_text(src, doc.find("b")) == "<b>end</b>"
    ps = doc.find_all("p")
    for k in (1, 777, 4999):
        assert span_text(src, ps[k]) == f"<p>{'é€😀' * (k % 7)}</p>"


def test_implied_elements_have_no_span() -> None:
    doc = distill.parse("<p>x")
    assert doc.find("html").source_span is None  # type: ignore[union-attr]
    assert doc.find("body").source_span is None  # type: ignore[union-attr]


def test_wrappers_compare_and_hash_by_node(doc: distill.Document) -> None:
    a, b = doc.find("p"), doc.find("p")
    assert a is not None and b is not None
    assert a == b and not (a != b) and hash(a) == hash(b)
    assert len({a, b}) == 1
    other = doc.find("b")
    assert other is not None and other != a
    assert a != "p" and a != doc.find("p").text  # type: ignore[union-attr]
    assert other.parent == a
    assert distill.parse(PAGE).find("p") != a, "same markup, different document: different node"
    lookup = {a: "found"}
    assert lookup[b] == "found"


def test_document_memory_is_freed_with_the_last_wrapper() -> None:
    base = _core._live_documents()
    doc = distill.parse(PAGE)
    assert _core._live_documents() == base + 1
    li = doc.find_all("li")[5]
    it = iter(doc.iter("li"))
    del doc
    assert _core._live_documents() == base + 1, "a node keeps its document alive"
    assert li.text == "5" and li.parent is not None
    del li
    assert _core._live_documents() == base + 1, "an iterator keeps its document alive"
    assert next(it).text == "0"
    del it
    assert _core._live_documents() == base


def test_many_parses_do_not_accumulate() -> None:
    base = _core._live_documents()
    for i in range(300):
        d = distill.parse(f"<p>{i}</p>" * 20)
        assert d.find("p") is not None
    del d
    assert _core._live_documents() == base


def test_reprs() -> None:
    doc = distill.parse("<!DOCTYPE html><p>hello</p><svg></svg><!--c-->")
    assert repr(doc) == "<Document>"
    assert repr(doc.find("p")) == "<Element p>"
    assert repr(doc.find("svg")) == "<Element svg (svg)>"
    assert repr(doc[0]) == "<Doctype 'html'>"


def test_str_and_bytes_spans_name_the_same_markup() -> None:
    """Property: code point spans over str and byte spans over its UTF-8 cover the same characters."""
    hypothesis = pytest.importorskip("hypothesis")
    st = hypothesis.strategies
    pieces = st.sampled_from(["<p>", "</p>", "<div class='é'>", "</div>", "<b>", "</b>", "é", "€", "😀", "x",
                              "<br>", "<table><td>", "<!--ü-->", "\u0000", "&amp;", "<svg><circle/></svg>"])

    @hypothesis.settings(max_examples=200, deadline=None)
    @hypothesis.given(st.lists(pieces, max_size=40))
    def check(parts: list[str]) -> None:
        src = "".join(parts)
        raw = src.encode()
        by_str = [e.source_span for e in distill.parse(src).iter()]
        by_bytes = [e.source_span for e in distill.parse(raw).iter()]
        assert len(by_str) == len(by_bytes)
        for s, b in zip(by_str, by_bytes, strict=True):
            assert (s is None) == (b is None)
            if s is not None and b is not None:
                assert src[s[0]:s[1]].encode() == raw[b[0]:b[1]]

    check()
