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


HOSTS = Policy(url_hosts=frozenset({"good.example", ".trusted.example"}))


def kept(policy: Policy, url: str) -> bool:
    return "href=" in Sanitizer(policy).sanitize(f'<a href="{url}">x</a>')


@pytest.mark.parametrize(
    "url",
    [
        "https://good.example/x",
        "HTTP://GOOD.EXAMPLE./x",  # case and a final dot name the same host
        "https://good.example:8443/x",  # a port is not part of the host
        "https://user:pw@good.example/",
        "https://trusted.example/",
        "https://a.b.trusted.example/",  # a leading dot allows the hosts below
        "//good.example/x",
        "\\\\good.example/x",
        "/\t/good.example",
    ],
)
def test_url_hosts_keep_urls_to_an_allowed_host(url: str) -> None:
    assert kept(HOSTS, url)


@pytest.mark.parametrize(
    "url",
    [
        "https://evil.example/",
        "https://good.example.evil.example/",  # an allowed name as a prefix is another host
        "https://notgood.example/",
        "https://nottrusted.example/",  # a suffix without its dot is another host
        "https://good.example@evil.example/",  # user info ends at the last @
        "https://good.example:x@evil.example/",
        "https://evil.example\\@good.example/",  # a backslash ends an http(s) authority
        "http:evil.example",  # a special scheme reads the host without slashes
        "https:\\\\evil.example",
        "//evil.example/x",
        "\\\\evil.example",
        "/\n/evil.example",
        "https://go%6fd.example/",  # percent-encoded: decoded by the browser, refused here
        "https://g\u00f6od.example/",  # non-ASCII: IDNA-encoded by the browser, refused here
        "https:///",
    ],
)
def test_url_hosts_drop_urls_to_any_other_host(url: str) -> None:
    assert not kept(HOSTS, url)
    assert kept(Policy(), url)  # the host list drops it, not the scheme


def test_url_hosts_leave_urls_without_a_host_alone() -> None:
    for url in ["/path", "page.html", "#top", "mailto:someone@evil.example"]:
        assert kept(HOSTS, url)
    assert not kept(Policy(url_hosts=frozenset()), "https://good.example/")  # an empty set: no host
    assert kept(Policy(url_hosts=frozenset()), "/path")


def test_url_hosts_are_normalised_and_checked() -> None:
    policy = Policy(url_hosts=frozenset({"Good.Example.", "b\u00fccher.example"}))
    assert policy.url_hosts == frozenset({"good.example", "xn--bcher-kva.example"})
    assert kept(policy, "https://xn--bcher-kva.example/")
    with pytest.raises(ValueError, match="URL host"):
        Policy(url_hosts=frozenset({"evil.example/x"}))
    with pytest.raises(ValueError, match="URL host"):
        Policy(url_hosts=frozenset({""}))


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
