"""Sanitizing is idempotent: sanitize(sanitize(x)) == sanitize(x), carriage returns included (issue 36).

A carriage return reaches the tree only through a character reference ("&#13;"): the parser reads a
raw CR, or CR LF, as LF. Written raw, it came back as LF and a second sanitizing changed the output.
The sanitizer writes it "&#13;" (text and attribute values). The property test draws hostile
snippets from an alphabet of the spellings of CR and LF, the elements whose parsing treats newlines
specially (pre, listing, textarea), tables (whose white space is foster-parented or kept), comments
and URL attributes, under several policies, with and without a base URL.
"""

from __future__ import annotations

import pytest

import distill
from distill import Policy, Sanitizer

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

POLICIES = {
    "basic": Policy.basic(),
    "relaxed": Policy.relaxed(),
    "relaxed with comments": Policy(
        elements=Policy.relaxed().elements, attributes=Policy.relaxed().attributes, allow_comments=True
    ),
}
NEWLINES = ["&#13;", "&#13;&#10;", "&#x0D;", "&#10;", "\r", "\r\n", "\n", "&#13;\n", "\n&#13;", "&#xd;&#xa;"]
TEXTS = ["x", " ", "a b", "&amp;", "&lt;", "\u00a0", "&nbsp;", "--", "-", ">", "\t", "\f"]
TAGS = ["p", "pre", "listing", "textarea", "table", "tr", "td", "b", "a", "div", "li", "ul", "br", "img", "q"]
ATTRS = ["title", "alt", "href", "src", "cite"]


@st.composite
def snippet(draw: st.DrawFn) -> str:
    parts = []
    for _ in range(draw(st.integers(1, 20))):
        kind = draw(st.integers(0, 5))
        if kind == 0:
            tag = draw(st.sampled_from(TAGS))
            attrs = "".join(
                f' {draw(st.sampled_from(ATTRS))}="'
                + "".join(draw(st.lists(st.sampled_from(NEWLINES + TEXTS), max_size=4))).replace('"', "&quot;")
                + '"'
                for _ in range(draw(st.integers(0, 2)))
            )
            parts.append(f"<{tag}{attrs}>")
        elif kind == 1:
            parts.append(f"</{draw(st.sampled_from(TAGS))}>")
        elif kind == 2:
            parts.append("<!--" + "".join(draw(st.lists(st.sampled_from(NEWLINES + TEXTS), max_size=3))) + "-->")
        else:
            parts.append(draw(st.sampled_from(NEWLINES + TEXTS)))
    return "".join(parts)


@settings(max_examples=400, deadline=None)
@given(snippet(), st.sampled_from(sorted(POLICIES)), st.sampled_from([None, "https://example.org/a/b.html"]))
def test_sanitizing_twice_changes_nothing(html: str, policy_name: str, base_url: str | None) -> None:
    s = Sanitizer(POLICIES[policy_name])
    once = s.sanitize(html, base_url=base_url)
    assert s.sanitize(once, base_url=base_url) == once
    assert s.sanitize(once) == once


@pytest.mark.parametrize("markup", ["<p>a&#13;&#10;b</p>", "<p>a&#13;b</p>", "<pre>&#13;&#10;x</pre>"])
def test_a_carriage_return_is_written_as_a_reference_and_parses_back(markup: str) -> None:
    s = Sanitizer()
    once = s.sanitize(markup)
    assert "\r" not in once and "&#13;" in once
    assert s.sanitize(once) == once
    # the text the output parses to still holds the carriage return the input's tree held
    assert "\r" in distill.parse_fragment(once).text


def test_a_carriage_return_in_an_attribute_value_is_kept_as_a_reference() -> None:
    s = Sanitizer()
    once = s.sanitize('<p title="a&#13;&#10;b">x</p>')
    assert once == '<p title="a&#13;\nb">x</p>'
    assert s.sanitize(once) == once
