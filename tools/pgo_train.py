#!/usr/bin/env python3
"""The training run of the profile-guided build (setup.py): parse and extract synthetic pages.

A profile-guided build compiles the core instrumented, runs this script against that build, and
compiles it again with the branch and call counts the run recorded. The pages are made here, from a
fixed seed, in the shapes the extractor meets on the web: news articles inside page chrome, forum
threads, product pages with JSON-LD, listings of cards, documentation with code, service pages,
with inline SVG icons, scripts, tables, forms, entities and text in several scripts. No page of any
corpus is read: the build must not depend on data outside the source tree, and the benchmark pages
must not be what the compiler was tuned on.

Usage: python tools/pgo_train.py DIR   (DIR holds the instrumented distill package)
"""

from __future__ import annotations

import random
import sys

WORDS = (
    "the of and to in is that for it as with was on be by at this from or have an they which one you were "
    "all we when there can been has more if will would about their what up out them into some could time "
    "people year report market city government study water energy school health music season team data "
    "model river history policy research family system company price review thread reply install error"
).split()
ACCENTED = "café naïve façade über Straße mañana coração élève déjà Zürich Kraków Ærø".split()
CJK = ["中文", "日本語", "한국어", "新闻", "記事", "数据", "市场", "研究"]
CLASSES = [
    "post", "post-body", "entry-content", "article__body", "comment", "reply", "author", "byline", "card",
    "card__title", "product-price", "sidebar", "widget", "nav", "menu", "footer", "breadcrumb", "related",
    "share", "social", "newsletter", "cookie-banner", "ad-slot", "container", "row", "col-md-8", "grid",
    "item", "teaser", "hero", "pricing", "faq", "toc", "highlight", "note", "meta", "date", "tags",
]


def sentence(rng: random.Random, script: str) -> str:
    n = rng.randint(6, 24)
    if script == "cjk":
        return "".join(rng.choice(CJK) for _ in range(n)) + "。"
    words = [rng.choice(ACCENTED) if script == "latin" and rng.random() < 0.08 else rng.choice(WORDS)
             for _ in range(n)]
    if rng.random() < 0.1:
        words.insert(rng.randrange(len(words)), f"${rng.randint(5, 999)}.{rng.randint(0, 99):02d}")
    text = " ".join(words)
    text = text[0].upper() + text[1:]
    if rng.random() < 0.2:
        text = text.replace(" and ", " &amp; ", 1) + " &mdash; " + rng.choice(WORDS)
    return text + rng.choice([".", ".", ".", "!", "?", ","])


def paragraph(rng: random.Random, script: str) -> str:
    parts = []
    for _ in range(rng.randint(1, 6)):
        s = sentence(rng, script)
        r = rng.random()
        if r < 0.15:
            s = f'<a href="/{rng.choice(WORDS)}/{rng.randint(1, 9999)}">{s}</a>'
        elif r < 0.25:
            s = f"<strong>{s}</strong>"
        elif r < 0.3:
            s = f"<em>{s}</em>"
        parts.append(s)
    return " ".join(parts)


def icon(rng: random.Random) -> str:
    return ('<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><path fill="currentColor" '
            f'd="M{rng.randint(0, 24)} {rng.randint(0, 24)}h4v4H4z"/><linearGradient id="g{rng.randint(0, 99)}">'
            '<stop offset="0"/></linearGradient><use xlink:href="#i"/></svg>')


def attrs(rng: random.Random) -> str:
    out = []
    if rng.random() < 0.7:
        out.append(f'class="{" ".join(rng.sample(CLASSES, rng.randint(1, 3)))}"')
    if rng.random() < 0.2:
        out.append(f"id={rng.choice(WORDS)}-{rng.randint(1, 99)}")
    if rng.random() < 0.15:
        out.append(f"data-id='{rng.randint(1, 10**6)}'")
    return (" " + " ".join(out)) if out else ""


def chrome_top(rng: random.Random) -> str:
    links = "".join(f'<li><a href="/{w}">{w.title()}</a></li>' for w in rng.sample(WORDS, 8))
    return (f'<header class="site-header"><a class="logo" href="/">{icon(rng)}Site</a>'
            f'<nav class="menu"><ul>{links}</ul></nav><form action="/search"><input type="search" name="q">'
            '<button type="submit">Search</button></form></header>')


def chrome_bottom(rng: random.Random) -> str:
    links = " | ".join(f'<a href="/{w}">{w}</a>' for w in rng.sample(WORDS, 6))
    return ('<aside class="sidebar"><h3>Related</h3><ul>'
            + "".join(f'<li><a href="/r/{i}">{sentence(rng, "ascii")}</a></li>' for i in range(5))
            + '</ul></aside><div class="newsletter">Subscribe to our newsletter <input type="email"></div>'
            f'<footer><p>{links}</p><p>&copy; 2025 Site. All rights reserved.</p></footer>'
            '<div class="cookie-banner">We use cookies. <button>Accept</button></div>')


def head(rng: random.Random, title: str, kind: str) -> str:
    month, day, description = rng.randint(1, 9), rng.randint(0, 9), sentence(rng, "ascii")
    ld = (f'{{"@context":"https://schema.org","@type":"{kind}","headline":"{title}",'
          f'"datePublished":"2025-0{month}-1{day}T08:00:00Z","author":{{"@type":"Person","name":"Jane Doe"}},'
          f'"description":"{description}"}}')
    return (f'<!DOCTYPE html><html lang="{rng.choice(["en", "de", "fr", "ja", "en-US"])}"><head><meta charset="utf-8">'
            f"<title>{title} | Site</title><meta property=\"og:title\" content=\"{title}\">"
            '<meta property="og:type" content="article"><meta name="author" content="Jane Doe">'
            f'<meta name="description" content="{sentence(rng, "ascii")}"><link rel="canonical" '
            f'href="https://example.org/{kind.lower()}/{rng.randint(1, 99999)}/some-slug-words">'
            f'<script type="application/ld+json">{ld}</script><style>.a{{color:red}} p > a {{margin:0}}</style>'
            '<script>var x = 1 < 2 && "</p>"; window.dataLayer = [];</script>'
            + "<script>" + "".join(f"function f{i}(a,b){{return a<b?a:b}}\n" for i in range(rng.randint(50, 400)))
            + "</script></head>")


def article_page(rng: random.Random, script: str) -> str:
    title = sentence(rng, script).rstrip(".!?,")
    body = "".join(f"<p{attrs(rng) if rng.random() < 0.2 else ''}>{paragraph(rng, script)}</p>"
                   + (f"<h2>{sentence(rng, script)}</h2>" if rng.random() < 0.15 else "")
                   + (f'<figure><img src="/i/{i}.jpg" alt="x"><figcaption>Photo: {rng.choice(WORDS)}</figcaption>'
                      "</figure>" if rng.random() < 0.1 else "")
                   + ('<div class="ad-slot"><script>ad()</script></div>' if rng.random() < 0.08 else "")
                   for i in range(rng.randint(4, 60)))
    return (head(rng, title, "NewsArticle") + "<body>" + chrome_top(rng)
            + f'<main><article><h1>{title}</h1><p class="byline">By <a rel="author" href="/a">Jane Doe</a> '
            f'<time datetime="2025-03-1{rng.randint(0, 9)}">March 1{rng.randint(0, 9)}, 2025</time></p>'
            f'<div class="entry-content">{body}</div></article></main>' + chrome_bottom(rng) + "</body></html>")


def forum_page(rng: random.Random, script: str) -> str:
    title = sentence(rng, script).rstrip(".!?,")
    posts = "".join(
        f'<div class="post" id="post-{i}"><div class="author"><img class="avatar" src="/u/{i}.png">'
        f'<a href="/u/{i}">user{i}</a></div><div class="post-body">'
        + "".join(f"<p>{paragraph(rng, script)}</p>" for _ in range(rng.randint(1, 4)))
        + (f"<blockquote>{sentence(rng, script)}</blockquote>" if rng.random() < 0.3 else "")
        + f'</div><div class="meta"><span class="date">2025-02-{rng.randint(10, 28)}</span> '
        f'<a class="reply" href="#r{i}">Reply</a> <span class="vote">{rng.randint(0, 99)}</span></div></div>'
        for i in range(rng.randint(3, 25)))
    return head(rng, title, "DiscussionForumPosting") + "<body>" + chrome_top(rng) + f"<h1>{title}</h1>{posts}" \
        + chrome_bottom(rng) + "</body></html>"


def listing_page(rng: random.Random, script: str) -> str:
    cards = "".join(
        f'<li class="card"><a href="/p/{i}"><img src="/i/{i}.jpg"><h3 class="card__title">{sentence(rng, script)}'
        f'</h3></a><span class="product-price">${rng.randint(5, 500)}.99</span>{icon(rng)}'
        f"<p>{sentence(rng, script)}</p></li>"
        for i in range(rng.randint(6, 48)))
    table = "<table><thead><tr><th>Name</th><th>Value</th></tr></thead><tbody>" + "".join(
        f"<tr><td>{rng.choice(WORDS)}</td><td>{rng.randint(1, 9999)}</td></tr>" for _ in range(rng.randint(2, 20))
    ) + "</tbody></table>"
    return head(rng, "Catalogue", "CollectionPage") + "<body>" + chrome_top(rng) \
        + f'<main><h1>Catalogue</h1><ul class="grid">{cards}</ul>{table}' \
        + '<select name="sort"><option>Price</option><option selected>Name</option></select></main>' \
        + chrome_bottom(rng) + "</body></html>"


def docs_page(rng: random.Random, script: str) -> str:
    sections = "".join(
        f'<h2 id="s{i}"><a href="#s{i}">{sentence(rng, script)}</a></h2><p>{paragraph(rng, script)}</p>'
        f'<pre><code class="language-python">def f(x):\n    return x &lt; {i} and "a" != \'b\'\n</code></pre>'
        f'<div class="note"><p>{sentence(rng, script)}</p></div>'
        f"<ul>{''.join(f'<li><code>{w}</code> {sentence(rng, script)}</li>' for w in rng.sample(WORDS, 3))}</ul>"
        for i in range(rng.randint(2, 12)))
    toc = '<nav class="toc"><ol>' + "".join(f'<li><a href="#s{i}">{i}</a></li>' for i in range(8)) + "</ol></nav>"
    return head(rng, "Reference", "TechArticle") + "<body>" + chrome_top(rng) + toc \
        + f'<main class="docs"><h1>Reference</h1>{sections}</main>' + chrome_bottom(rng) + "</body></html>"


def service_page(rng: random.Random, script: str) -> str:
    plans = "".join(f'<div class="pricing plan"><h3>{w.title()}</h3><p class="price">${rng.randint(9, 99)}/mo</p>'
                    f"<ul>{''.join(f'<li>{sentence(rng, script)}</li>' for _ in range(4))}</ul>"
                    '<a class="btn cta" href="/signup">Start</a></div>' for w in rng.sample(WORDS, 3))
    faq = "".join(f"<details><summary>{sentence(rng, script)}</summary><p>{paragraph(rng, script)}</p></details>"
                  for _ in range(rng.randint(2, 8)))
    return head(rng, "Our service", "WebPage") + "<body>" + chrome_top(rng) \
        + f'<section class="hero"><h1>{sentence(rng, script)}</h1><p>{paragraph(rng, script)}</p></section>' \
        + f'<section class="features">{plans}</section><section class="faq">{faq}</section>' \
        + '<form method="post"><label>Name <input name="n"></label><textarea name="m"></textarea>' \
        + '<a href="tel:+15550100">Call</a> <a href="mailto:a@example.org">Mail</a></form>' \
        + chrome_bottom(rng) + "</body></html>"


def malformed(rng: random.Random, script: str) -> str:
    # what the tree builder's recovery paths see: misnested and unclosed tags, stray end tags, a table
    # with text in it, a comment and a CDATA section out of place
    return (f"<p><b>{sentence(rng, script)}<i>{sentence(rng, script)}</b></i><div>{paragraph(rng, script)}"
            f"<table><tr><td>{sentence(rng, script)}<p>x</table>stray</span></div><!-- c --><![CDATA[x]]>"
            f"<ul><li>{sentence(rng, script)}<li>{sentence(rng, script)}</ul><math><mi>x</mi></math>&notin;&#x41;")


MAKERS = [article_page, article_page, article_page, forum_page, listing_page, docs_page, service_page, malformed]


def pages(n: int = 400) -> list[bytes]:
    rng = random.Random(20261203)
    out = []
    for _ in range(n):
        script = rng.choice(["ascii", "ascii", "latin", "latin", "cjk"])
        out.append(rng.choice(MAKERS)(rng, script).encode())
    return out


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    sys.path.insert(0, sys.argv[1])
    import distill

    for raw in pages():
        doc = distill.parse(raw)
        doc.main_text()
        a = distill.article(raw)
        _ = a.text, a.markdown
    return 0


if __name__ == "__main__":
    sys.exit(main())
