"""Node.serialize(): the WHATWG HTML fragment serialization, pretty mode, and round trips."""

from __future__ import annotations

import pytest
from conftest import HTML5LIB_TESTS
from html5lib_exclusions import ROUNDTRIP
from treedump import dump

import distill
from distill import _core


def test_document_serializes_its_children() -> None:
    doc = distill.parse("<!DOCTYPE html><title>T</title><p>x")
    assert doc.serialize() == "<!DOCTYPE html><html><head><title>T</title></head><body><p>x</p></body></html>"


def test_element_serializes_outer_html() -> None:
    doc = distill.parse('<div id=a><p class="x y">a &amp; b<br>c</p></div>')
    p = doc.find("p")
    assert p is not None
    assert p.serialize() == '<p class="x y">a &amp; b<br>c</p>'


def test_escaping_in_text_and_attributes() -> None:
    doc = distill.parse("<p title='\"&<>\u00a0'>&lt;&gt;&amp;\u00a0\"'</p>")
    assert doc.find("p").serialize() == (  # type: ignore[union-attr]
        '<p title="&quot;&amp;&lt;&gt;&nbsp;">&lt;&gt;&amp;&nbsp;"\'</p>'
    )


@pytest.mark.parametrize("tag", ["script", "style", "xmp", "iframe", "noembed", "noframes"])
def test_raw_text_elements_are_not_escaped(tag: str) -> None:
    markup = f"<{tag}>a<b>&amp;</b>c</{tag}>"
    doc = distill.parse(markup)
    assert doc.find(tag).serialize() == markup  # type: ignore[union-attr]


def test_noscript_follows_the_scripting_flag() -> None:
    markup = "<noscript>&lt;b&gt;</noscript>"
    on = distill.parse("<body>" + markup, scripting=True).find("noscript")
    assert on is not None and on.text == "&lt;b&gt;" and on.serialize() == markup
    off = distill.parse("<body>" + markup, scripting=False).find("noscript")
    assert off is not None and off.text == "<b>" and off.serialize() == markup


def test_void_elements_have_no_end_tag() -> None:
    frag = distill.parse_fragment("<img src=a><br><input><hr><wbr>")
    assert frag.serialize() == '<img src="a"><br><input><hr><wbr>'


def test_template_serializes_its_contents() -> None:
    frag = distill.parse_fragment("<template><p>x</p></template>")
    assert frag.serialize() == "<template><p>x</p></template>"


def test_foreign_names_keep_their_case() -> None:
    frag = distill.parse_fragment('<svg viewbox="0 0 1 1"><foreignobject><p>x</p></foreignobject></svg>')
    assert frag.serialize() == '<svg viewBox="0 0 1 1"><foreignObject><p>x</p></foreignObject></svg>'


def test_leaf_nodes_serialize_alone() -> None:
    frag = distill.parse_fragment("a&lt;b<!--c--><script>d<e</script>")
    text, comment, script = list(frag)
    assert text.serialize() == "a&lt;b"
    assert comment.serialize() == "<!--c-->"
    assert script[0].serialize() == "d<e", "text inside script is raw"


def test_leading_newline_of_pre_survives_a_round_trip() -> None:
    for tag in ("pre", "textarea", "listing"):
        doc = distill.parse(f"<{tag}>\n\nx</{tag}>")
        el = doc.find(tag)
        assert el is not None and el.text == "\nx"
        again = distill.parse(doc.serialize()).find(tag)
        assert again is not None and again.text == "\nx"


def test_pretty_indents_blocks_and_keeps_inline_and_preformatted_text() -> None:
    doc = distill.parse(
        "<div><p>a <b>b</b> c</p>\n  <ul><li>1</li><li>2</li></ul><pre>  x\n y</pre>"
        "<script>if (a < b) {\n  go();\n}</script></div>"
    )
    div = doc.find("div")
    assert div is not None
    assert div.serialize(pretty=True) == (
        "<div>\n"
        "  <p>a <b>b</b> c</p>\n"
        "  <ul>\n"
        "    <li>1</li>\n"
        "    <li>2</li>\n"
        "  </ul>\n"
        "  <pre>  x\n y</pre>\n"
        "  <script>if (a < b) {\n  go();\n}</script>\n"
        "</div>"
    )


def test_pretty_output_parses_to_the_same_elements_and_text() -> None:
    doc = distill.parse(
        "<!DOCTYPE html><html><head><title>t</title><meta charset=utf-8></head><body>"
        "<header><h1>Title</h1></header><main><article><p>One <a href=x>two</a></p><p>three</p>"
        "<table><tr><td>c</td></tr></table><textarea>\n keep\n</textarea></article></main></body></html>"
    )
    again = distill.parse(doc.serialize(pretty=True))

    def shape(d: distill.Document) -> list[tuple[str, list[str]]]:
        # Pretty mode only adds or drops whitespace-only text between blocks.
        return [(e.tag, [t.data for t in e if isinstance(t, distill.Text) and t.data.strip()]) for e in d.iter()]

    assert shape(again) == shape(doc)
    assert again.find("textarea").text == doc.find("textarea").text  # type: ignore[union-attr]
    assert again.find("p").text == doc.find("p").text  # type: ignore[union-attr]


def test_pretty_on_a_hand_built_tree_is_not_recursive() -> None:
    spec: list[object] = []
    inner = spec
    for _ in range(30_000):
        children: list[object] = []
        inner.append(("element", "html", "div", [], children))
        inner = children
    inner.append(("text", "deep"))
    html = _core._build(spec).serialize(pretty=True)
    assert html.count("<div>") == 30_000 and "deep" in html
    lines = html.splitlines()
    assert lines[-1] == "</div>" and lines[1] == "  <div>"
    assert max(len(line) for line in lines) < 200, "indentation is capped, so output stays linear"


def read_dat_inputs() -> list[tuple[str, str]]:
    folder = HTML5LIB_TESTS / "tree-construction"
    cases: list[tuple[str, str]] = []
    for path in sorted(folder.glob("*.dat")):
        for i, block in enumerate(path.read_text(encoding="utf-8").split("\n#data\n")):
            block = block.removeprefix("#data\n")
            data, _, rest = block.partition("\n#errors")
            if "#document-fragment" in rest or "#script-off" in rest:
                continue
            cases.append((f"{path.name}:{i}", data))
    return cases


def test_round_trip_of_html5lib_inputs() -> None:
    """parse(doc.serialize()) gives doc's tree back, except where the spec says it cannot."""
    if not (HTML5LIB_TESTS / "tree-construction").exists():
        pytest.skip(f"{HTML5LIB_TESTS} is absent: this test needs the shared corpus beside the repository")
    cases = read_dat_inputs()
    assert len(cases) > 1000
    broken = []
    for key, data in cases:
        doc = distill.parse(data)
        if dump(distill.parse(doc.serialize())) != dump(doc) and key not in ROUNDTRIP:
            broken.append(key)
    assert broken == []
    # Most of the inputs do round-trip: the exclusions stay a small, explained minority.
    assert len(ROUNDTRIP) < len(cases) // 10


def test_pretty_is_keyword_only() -> None:
    doc = distill.parse("<p>x")
    with pytest.raises(TypeError):
        doc.serialize(True)  # type: ignore[misc]
    assert doc.serialize(pretty=False) == doc.serialize()
