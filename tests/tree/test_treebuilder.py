"""Focused tests of the tree builder: source spans, zero-copy text, text merging, hostile shapes and
fragment contexts. The conformance suite is tests/conformance/test_tree_html5lib.py."""

from __future__ import annotations

import distill
from distill import _core

Node = tuple[str, int, int | None, int | None, bool, bool]


def nodes(data: bytes | str, context: str | None = None, scripting: bool = True) -> list[Node]:
    """(kind, depth, start, end, implied, zero_copy) for every node, in document order."""
    return _core._parse_nodes(data, context, scripting)


def first(ns: list[Node], kind: str, nth: int = 0) -> Node:
    """The nth node of a kind."""
    return [n for n in ns if n[0] == kind][nth]


def dump(data: str, context: str | None = None, scripting: bool = True) -> str:
    """The html5lib-format dump, without the leading "| " and trailing newline."""
    out = _core._parse_dump(data, context, scripting)
    return "\n".join(line[2:] if line.startswith("| ") else line for line in out.rstrip("\n").split("\n"))


# ---- spans ----

def test_explicit_end_tags_give_exact_byte_spans() -> None:
    src = b"<!DOCTYPE html><p>Hello <b>world</b></p>"
    ns = nodes(src)
    p, b = first(ns, "p"), first(ns, "b")
    assert src[p[2]:p[3]] == b"<p>Hello <b>world</b></p>" and not p[4]
    assert src[b[2]:b[3]] == b"<b>world</b>" and not b[4]
    text = first(ns, "#text", 1)
    assert src[text[2]:text[3]] == b"world"


def test_implied_end_is_the_end_of_the_last_descendant() -> None:
    src = b"<!DOCTYPE html><ul><li>one<li>two <i>x</i></ul>"
    ns = nodes(src)
    li1, li2 = first(ns, "li", 0), first(ns, "li", 1)
    assert li1[4] and src[li1[2]:li1[3]] == b"<li>one"
    assert li2[4] and src[li2[2]:li2[3]] == b"<li>two <i>x</i>"
    ul = first(ns, "ul")
    assert not ul[4] and src[ul[2]:ul[3]].endswith(b"</ul>")


def test_implied_end_of_an_empty_element_is_its_start_tag() -> None:
    src = b"<!DOCTYPE html><p><p>x"
    p1 = first(nodes(src), "p")
    assert p1[4] and src[p1[2]:p1[3]] == b"<p>"


def test_parser_created_elements_have_no_span() -> None:
    ns = nodes(b"<table><tr><td>x</table>")
    for kind in ("html", "head", "body", "tbody"):
        node = first(ns, kind)
        assert node[2] is None and node[3] is None, kind
    td = first(ns, "td")
    assert td[2] is not None and td[4]


def test_void_elements_are_not_marked_implied() -> None:
    src = b"<!DOCTYPE html><p>a<br>b<img src=x></p>"
    ns = nodes(src)
    br, img = first(ns, "br"), first(ns, "img")
    assert src[br[2]:br[3]] == b"<br>" and not br[4]
    assert src[img[2]:img[3]] == b"<img src=x>" and not img[4]


def test_spans_are_utf8_byte_offsets() -> None:
    src = "<!DOCTYPE html><p>é€</p><p>z</p>".encode()
    p2 = first(nodes(src), "p", 1)
    assert src[p2[2]:p2[3]] == b"<p>z</p>"


def test_body_and_html_end_tags_close_them() -> None:
    src = b"<html><body><p>x</p></body></html>"
    ns = nodes(src)
    body, html = first(ns, "body"), first(ns, "html")
    assert src[body[2]:body[3]] == b"<body><p>x</p></body>" and not body[4]
    assert src[html[2]:html[3]] == src and not html[4]


def test_adoption_agency_clones_have_no_span() -> None:
    src = b"<!DOCTYPE html><b>1<p>2</b>3</p>"
    ns = nodes(src)
    b1, b2 = first(ns, "b", 0), first(ns, "b", 1)
    assert b1[2] == 15 and src[b1[2]:b1[3]].startswith(b"<b>1")
    assert b2[2] is None  # the b the algorithm recreated inside the p


# ---- text ----

def test_plain_text_is_a_zero_copy_slice_even_when_split_by_mode() -> None:
    # The whitespace before <p> and the words are dispatched separately but land in one text node.
    ns = nodes(b"<!DOCTYPE html><p>  alpha beta\n gamma</p>")
    texts = [n for n in ns if n[0] == "#text"]
    assert len(texts) == 1 and texts[0][5]


def test_character_references_are_copied_and_merged() -> None:
    assert dump("<p>a&amp;b&lt;c</p>").endswith('"a&b<c"')
    ns = nodes(b"<p>a&amp;b</p>")
    texts = [n for n in ns if n[0] == "#text"]
    assert len(texts) == 1 and not texts[0][5]


def test_foster_parented_text_merges_into_one_node() -> None:
    out = dump("<table>x<tr>y<td>z</table>")
    assert '"xy"' in out and out.index('"xy"') < out.index("<table>")


def test_leading_newline_dropped_once_after_pre_textarea_listing() -> None:
    assert dump("<pre>\n\nx</pre>").endswith('<pre>\n      "\nx"')
    assert dump("<textarea>\nx</textarea>").endswith('"x"')
    assert dump("<listing>\nx</listing>").endswith('"x"')
    assert dump("<div>\nx</div>").endswith('"\nx"')


def test_nul_is_dropped_in_body_and_replaced_in_foreign_content() -> None:
    assert dump("<p>a\x00b</p>").endswith('"ab"')
    assert '"a\ufffdb"' in dump("<svg>a\x00b</svg>")


# ---- hostile shapes: no crash, no recursion, sane results ----

def test_a_million_nested_elements() -> None:
    stats = _core._parse_stats("<div>" * 1_000_000 + "x")
    assert stats["elements"] == 1_000_003  # html, head, body and the divs
    assert stats["max_depth"] == 1_000_003  # html > body > 1M divs > text
    assert stats["texts"] == 1


def test_a_million_unclosed_formatting_elements() -> None:
    stats = _core._parse_stats("<b>" * 1_000_000 + "<p>x</p>" * 3)
    assert stats["texts"] == 3
    distinct = "".join(f"<i id={i}>" for i in range(200_000))
    stats = _core._parse_stats("<p>" + distinct + "</p>x")
    # After </p> the open i elements are reopened around "x", but only the most recent entries of
    # the list of active formatting elements (it is capped to bound the work per token).
    assert 200_000 < stats["elements"] - 4 <= 200_000 + 256
    assert stats["texts"] == 1


def test_noahs_ark_keeps_three_identical_formatting_elements() -> None:
    out = dump("<p>" + "<b class=x>" * 5 + "</p>y")
    after_p = out.split('"y"')[0].split("<p>")[1]
    assert after_p.count("<b>") == 5 + 3


def test_a_million_siblings_and_custom_tags() -> None:
    stats = _core._parse_stats("<p>x</p>" * 1_000_000)
    assert stats["elements"] == 1_000_003 and stats["max_depth"] == 4  # html > body > p > text
    stats = _core._parse_stats("".join(f"<x{i}></x{i}>" for i in range(300_000)))
    assert stats["elements"] == 300_003 and stats["max_depth"] == 3


def test_deep_tables_templates_and_foreign_content() -> None:
    stats = _core._parse_stats("<table><tr><td>" * 50_000 + "x")
    assert stats["texts"] == 1 and stats["max_depth"] > 200_000
    stats = _core._parse_stats("<template>" * 100_000 + "x" + "</template>" * 100_000)
    assert stats["elements"] == 4  # html, head, body, the outer template: the rest are contents
    stats = _core._parse_stats("<svg>" + "<g>" * 100_000 + "</x>" * 100_000 + "</svg>y")
    assert stats["texts"] == 1 and stats["elements"] == 100_004


def test_unmatched_end_tags_under_a_deep_stack() -> None:
    stats = _core._parse_stats("<x><div>" + "<span>" * 100_000 + "</x>" * 100_000 + "z")
    # Nothing closed (</x> stops at the div): html > body > x > div > 100k spans > text.
    assert stats["max_depth"] == 100_005


# ---- fragments ----

def test_fragment_contexts_choose_mode_and_tokenizer_state() -> None:
    assert dump("<td>x", "tr") == '<td>\n  "x"'
    assert dump("x</textarea><b>", "textarea") == '"x</textarea><b>"'
    assert dump("<b>x", "script") == '"<b>x"'
    assert dump("<p>x", "noscript", scripting=False) == '<p>\n  "x"'
    assert dump("<p>x", "noscript", scripting=True) == '"<p>x"'
    assert dump("<col>", "colgroup") == "<col>"


def test_foreign_fragment_contexts() -> None:
    assert dump("<path/><foreignobject><div>", "svg svg") == (
        "<svg path>\n<svg foreignObject>\n  <div>")
    assert dump("<mi>x</mi>", "math math") == '<math mi>\n  "x"'
    assert dump("<div>x", "svg foreignObject") == '<div>\n  "x"'


def test_scripting_flag_controls_noscript_in_body() -> None:
    assert '"<i>x</i>"' in dump("<body><noscript><i>x</i></noscript>")
    assert '<i>\n' in dump("<body><noscript><i>x</i></noscript>", scripting=False)


def test_foreign_attribute_adjustments() -> None:
    out = dump('<svg viewbox="0 0 1 1" xlink:href="#a" xml:lang="en"><lineargradient/></svg>'
               '<math definitionurl="u"></math>')
    assert 'viewBox="0 0 1 1"' in out and 'xlink href="#a"' in out and 'xml lang="en"' in out
    assert "<svg linearGradient>" in out and 'definitionURL="u"' in out


def test_whitespace_between_table_tags_is_zero_copy_with_exact_spans() -> None:
    src = b"<table>\n  <tr>\n    <td>x</td>\n  </tr>\n</table>"
    texts = [n for n in nodes(src) if n[0] == "#text"]
    assert [src[n[2]:n[3]] for n in texts] == [b"\n  ", b"\n    ", b"x", b"\n  ", b"\n"]
    assert all(n[5] for n in texts)
    foster = [n for n in nodes(b"<table>ab<tr>") if n[0] == "#text"][0]
    assert foster[2:4] == (7, 9)


def test_selectedcontent_mirrors_the_selected_option_and_never_itself() -> None:
    out = dump("<select><button><selectedcontent></button><option>a<option selected>b<i>c</i></select>")
    sc = out.split("<selectedcontent>")[1].split("<option>")[0]
    assert '"b"' in sc and "<i>" in sc and '"a"' not in sc
    # Inside its own option it would copy itself forever (found by the fuzzer): left empty.
    out = dump("<select><option><selectedcontent></selectedcontent>x</option></select>")
    assert out.count("<selectedcontent>") == 1


def test_selectedcontent_is_disabled_where_the_spec_disables_it() -> None:
    # The selectedcontent post-connection steps: disabled under a second select ancestor, under an
    # option or under another selectedcontent; "get a select's enabled selectedcontent" returns null
    # for a select with multiple, and for a select whose first selectedcontent is disabled.
    inner = "<select><button><selectedcontent></selectedcontent></button><option>in</option></select>"
    out = dump(f"<select><button><selectedcontent></selectedcontent></button><option>out<math><ms>{inner}")
    # The outer one is filled with a copy of its option: "out" and the inner select with its own
    # selectedcontent (so three selectedcontents in all). The inner one (two select ancestors) and
    # its copy (inside the outer selectedcontent) stay empty: "in" is only the option's and its copy's.
    assert out.count('"out"') == 2 and out.count("<selectedcontent>") == 3
    assert out.count('"in"') == 2
    multiple = dump("<select multiple><button><selectedcontent></selectedcontent></button><option>a</select>")
    assert multiple.count('"a"') == 1
    nested_first = dump("<select><math><ms><select><button><selectedcontent></selectedcontent></button>"
                        "</select></ms></math><button><selectedcontent></selectedcontent></button><option>a")
    assert nested_first.count('"a"') == 1


def test_selects_nested_through_mathml_do_not_copy_themselves_again() -> None:
    # Each level's option holds the next select: filling every level copied the filled inner copies
    # again, doubling per level (a 4 KB fuzzer input made 900,000 elements). Filled once, the tree
    # holds each level's text at most twice.
    level = "<select><button><selectedcontent></selectedcontent></button><option>t<math><ms>"
    for depth in (4, 12):
        out = dump(level * depth)
        assert out.count('"t"') <= 2 * depth


# ---- tag atoms ----

def test_tag_atoms_tell_apart_names_that_share_their_ends() -> None:
    # dl_atom_lookup compares a sketch of the name (its first and last bytes, read as words) and, past
    # 16 bytes, the middle: a name that differs from a known one only in a middle byte is its own tag,
    # never the known one (whose rules it would get: "dialog" vs "diblog", "xmp" vs "x-p")
    page = "<body><diblog>a</diblog><dialog>b</dialog><x-p>c</x-p><xmp>d</xmp>"
    got = dump(page).split("\n")
    tags = [line.strip() for line in got[got.index("  <body>") + 1:] if line.strip().startswith("<")]
    assert tags == ["<diblog>", "<dialog>", "<x-p>", "<xmp>"]


def test_tag_queries_match_long_svg_names_exactly() -> None:
    # the atoms longer than 16 bytes are case-adjusted SVG names, which only a query names as written:
    # one that differs in a middle byte (outside the sketch's first and last 8) finds nothing
    doc = distill.parse("<svg><feComponentTransfer/><feDisplacementMap/></svg>")
    assert [el.tag for el in doc.find_all("feComponentTransfer")] == ["feComponentTransfer"]
    assert [el.tag for el in doc.find_all("feDisplacementMap")] == ["feDisplacementMap"]
    assert doc.find("feComponenxTransfer") is None
    assert doc.find("feDisplaxementMap") is None
