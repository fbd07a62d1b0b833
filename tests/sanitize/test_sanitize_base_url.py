"""The sanitizer with a base URL (issue 36 item 8): relative URLs made absolute, as Markdown makes them.

Article.html left links relative where Article.markdown resolved them against ``base_url``; both now
resolve against the page's URL and its ``<base href>``, with the same bound (serialize/url.h).
"""

from __future__ import annotations

import re

import pytest

import distill
from distill import Policy, Sanitizer

BASE = "https://example.org/a/b.html?q=1#top"
RELAXED = Sanitizer(Policy.relaxed())


def hrefs(html: str) -> list[str]:
    return re.findall(r'(?:href|src|cite)="([^"]*)"', html)


@pytest.mark.parametrize(
    ("ref", "want"),
    [
        ("x", "https://example.org/a/x"),
        ("../x", "https://example.org/x"),
        ("/x?y#z", "https://example.org/x?y#z"),
        ("?p=2", "https://example.org/a/b.html?p=2"),
        ("//cdn.example.net/i.png", "https://cdn.example.net/i.png"),
        (" x\ty ", "https://example.org/a/xy"),
    ],
)
def test_relative_urls_are_resolved_against_the_base(ref: str, want: str) -> None:
    assert hrefs(RELAXED.sanitize(f'<a href="{ref}">l</a>', base_url=BASE)) == [want]


@pytest.mark.parametrize(
    "ref",
    ["https://other.org/x/../y", "mailto:a@b.org", "HTTPS://X.ORG/a/./b"],
)
def test_absolute_urls_are_kept_as_they_are(ref: str) -> None:
    assert hrefs(RELAXED.sanitize(f'<a href="{ref}">l</a>', base_url=BASE)) == [ref]


def test_without_a_base_url_nothing_is_resolved() -> None:
    assert hrefs(RELAXED.sanitize('<a href="x">l</a>')) == ["x"]


def test_a_backslash_spelling_of_another_host_is_not_resolved_as_a_path() -> None:
    # RFC 3986 would make "\\evil.org/x" a path under the base; a browser reads another host. It is
    # left to the sanitizer's rule on such URLs (absolute in disguise), not turned into a base path.
    out = RELAXED.sanitize('<a href="\\\\evil.org/x">l</a>', base_url=BASE)
    assert "example.org" not in out


def test_resolution_cannot_make_a_script_url() -> None:
    doc = distill.parse('<html><head><base href="javascript:alert(1)//"></head><body><a href="x">l</a>')
    assert hrefs(RELAXED.sanitize(doc, base_url=BASE)) == []


def test_the_documents_base_href_applies_on_top_of_base_url() -> None:
    doc = distill.parse('<html><head><base href="/root/"></head><body><a href="x">l</a><img src="i.png">')
    assert hrefs(RELAXED.sanitize(doc, base_url=BASE)) == [
        "https://example.org/root/x",
        "https://example.org/root/i.png",
    ]


def test_article_html_resolves_like_article_markdown() -> None:
    body = "".join(
        f"<p>Paragraph {i} of an article, long enough to be read as its content by anyone.</p>" for i in range(6)
    )
    links = '<p>See <a href="/more">more</a> and <a href="x.html">this</a>.</p>'
    page = f"<html><body><article><h1>T</h1>{body}{links}</article>"
    a = distill.article(page, base_url="https://example.org/news/story.html")
    assert hrefs(a.html) == ["https://example.org/more", "https://example.org/news/x.html"]
    assert "(https://example.org/more)" in a.markdown and "(https://example.org/news/x.html)" in a.markdown


def test_a_long_base_is_paid_for_and_cannot_multiply_the_output() -> None:
    # 20,000 links under a 20 KB base: resolving each would write 400 MB. The first are resolved
    # while the page's allowance lasts, the rest stay relative, and the output stays linear.
    base = "https://h/" + "d" * 20000 + "/"
    page = f'<html><head><base href="{base}"></head><body><p>' + '<a href="x">y</a>' * 20000
    out = RELAXED.sanitize(distill.parse(page), base_url=BASE)
    urls = hrefs(out)
    assert len(urls) == 20000
    resolved = [u for u in urls if u.startswith("https://h/")]
    assert resolved and all(u == base + "x" for u in resolved)
    assert set(urls) - set(resolved) == {"x"}
    assert len(out) < 24 * len(page)
