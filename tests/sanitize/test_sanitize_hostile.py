"""The sanitizer on hostile shapes: scheme-relative URLs and the re-parse checks on nested content."""

from __future__ import annotations

import pytest

import distill
from distill import Policy, Sanitizer

# Scheme-relative spellings of another host: slashes and backslashes in any mixture, and the same
# split by the tabs and newlines that URL parsers remove, or behind the spaces they trim.
OTHER_HOST = [
    "//evil.example/x",
    "\\\\evil.example/x",
    "/\\evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/\n\\evil.example",
    "\t\n //evil.example",
    "/\r/evil.example",
]



@pytest.mark.parametrize("url", OTHER_HOST)
def test_scheme_relative_url_is_absolute_not_relative(url: str) -> None:
    """Allowing relative URLs alone does not let a URL to another host through."""
    relative_only = Policy(url_schemes=frozenset({"mailto"}), allow_relative_urls=True)
    assert "href" not in Sanitizer(relative_only).sanitize(f'<a href="{url}">x</a>')


@pytest.mark.parametrize("url", OTHER_HOST)
def test_scheme_relative_url_passes_where_http_and_https_are_allowed(url: str) -> None:
    """Where absolute http(s) URLs pass, so does the same URL without its scheme, even with
    relative URLs refused."""
    absolute_only = Policy(url_schemes=frozenset({"http", "https"}), allow_relative_urls=False)
    assert "href=" in Sanitizer(absolute_only).sanitize(f'<a href="{url}">x</a>')


@pytest.mark.parametrize("url", OTHER_HOST)
def test_scheme_relative_url_needs_both_web_schemes(url: str) -> None:
    """The page's scheme is unknown: allowing only one of http and https is not enough."""
    only_https = Policy(url_schemes=frozenset({"https"}), allow_relative_urls=True)
    assert "href" not in Sanitizer(only_https).sanitize(f'<a href="{url}">x</a>')


@pytest.mark.parametrize("url", ["/path/x", "path/x", "?q=1", "#frag", "/", "./x", "/ /x"])
def test_relative_urls_on_the_same_host_follow_allow_relative(url: str) -> None:
    """One leading slash (or none) stays on the page's host: allow_relative_urls decides."""
    assert "href=" in Sanitizer(Policy(allow_relative_urls=True)).sanitize(f'<a href="{url}">x</a>')
    assert "href" not in Sanitizer(Policy(allow_relative_urls=False)).sanitize(f'<a href="{url}">x</a>')


@pytest.mark.parametrize(
    ("markup", "tag", "count"),
    [
        # The <form> is unwrapped, which would put an <li> (or <dd>) directly in another one: the
        # parser would close the outer one, so the inner one is unwrapped too.
        ("<ul><li>a<form><li>b</li></form></li></ul>", "<li>", 1),
        ("<dl><dt>a<form><dd>b</dd></form></dt></dl>", "<dd>", 0),
        # A list inside a list item stops the walk: nested items are fine.
        ("<ul><li>a<ul><li>b</li></ul></li></ul>", "<li>", 2),
        ("<ul><li>" * 40 + "x", "<li>", 40),
        # <marquee> (a marker, so the parser nests the inner link) is unwrapped: a link directly in
        # a link would be split by the parser, so the inner one is unwrapped too.
        ('<a href="/x">a<marquee><a href="/y">b</a></marquee></a>', "<a ", 1),
        # A table cell is a scope boundary: a <p> outside it does not close over a <div> inside.
        ("<p>a</p><table><tr><td><p>b</p><div>c</div></td></tr></table>", "<div>", 1),
    ],
)
def test_nested_content_reparses_to_itself(markup: str, tag: str, count: int) -> None:
    """The output holds the expected number of the element and is a fixed point of sanitizing."""
    san = Sanitizer(Policy.relaxed())
    out = san.sanitize(markup)
    assert out.count(tag) == count, out
    assert san.sanitize(out) == out


def test_deep_list_nesting_keeps_every_item() -> None:
    """20,000 nested items (each in its own list): all kept, the output a fixed point."""
    san = Sanitizer(Policy.relaxed())
    out = san.sanitize(distill.parse("<ul><li>" * 20000 + "x"))
    assert out.count("<li>") == 20000
    assert out.endswith("x" + "</li></ul>" * 20000)
