"""Prototype article extractor (research only; the product is the C port).

Starts from the design's scoring (issue 3) and adds rules, each switchable through RULES so its
effect on the benchmark can be measured by ablation:  RULES=-merge python score_aeb.py proto:extract
"""
from __future__ import annotations

import os
import re
from typing import Iterator

import lxml.html
from lxml import etree

# ---------------------------------------------------------------- rule switches
ALL_RULES = {
    "merge",       # sibling merge
    "lead",        # lead paragraph / heading just before the winner
    "hidden",      # drop hidden elements
    "bpclean",     # drop boilerplate-class blocks inside the winner
    "linkdense",   # drop link-dense blocks inside the winner
    "condclean",   # readability's conditional cleaning of lists/tables/divs
    "fallback",    # article/main fallback, div+br
    "promote",
    "bptok",       # boilerplate words matched on class/id tokens, never on html/body     # promote winner to ancestor when ancestor holds more prose
}
_env = os.environ.get("RULES", "")
RULES = set(ALL_RULES)
for tok in filter(None, _env.split(",")):
    if tok.startswith("-"):
        RULES.discard(tok[1:])
    elif tok == "none":
        RULES = set()
    else:
        RULES.add(tok)

# ---------------------------------------------------------------- constants (design)
SKIP_TAGS = {"script", "style", "noscript", "template", "nav", "aside", "header", "footer",
             "svg", "math", "iframe", "object", "embed", "select", "button", "textarea",
             "input", "head", "title", "meta", "link", "canvas", "video", "audio", "map"}
PARA_TAGS = {"p", "td", "pre"}
TAG_WEIGHT = {"div": 5, "blockquote": 3, "td": 3, "pre": 3,
              "ul": -3, "ol": -3, "dl": -3, "dd": -3, "dt": -3, "li": -3, "form": -3,
              "h1": -5, "h2": -5, "h3": -5, "h4": -5, "h5": -5, "h6": -5, "th": -5,
              "address": -3}
POS_RE = re.compile(r"article|content|post|body|entry|main|text|story|blog", re.I)
NEG_RE = re.compile(r"sidebar|comment|footer|foot|masthead|meta|related|share|social|sponsor|"
                    r"widget|promo|shoutbox|combx|banner|ad-|-ad\b|advert|outbrain|taboola|"
                    r"popup|tags|hidden|menu|nav", re.I)
BOILER_RE = re.compile(r"comment|modal|share|sidebar|pagination|pager|popup|cookie|"
                       r"newsletter|subscribe|related|social|breadcrumb|disqus|promo|"
                       r"advert|sponsor", re.I)
RESCUE_RE = re.compile(r"article|content|main|body", re.I)
BLOCK_TAGS = {"p", "div", "section", "article", "main", "h1", "h2", "h3", "h4", "h5", "h6",
              "ul", "ol", "li", "dl", "dd", "dt", "table", "tr", "td", "th", "tbody", "thead",
              "blockquote", "pre", "figure", "figcaption", "br", "hr", "address", "center",
              "header", "footer", "form", "fieldset", "caption", "details", "summary", "body",
              "html", "tfoot", "nav", "aside"}


def _tag(el) -> str:
    t = el.tag
    return t.lower() if isinstance(t, str) else ""


def _attrs(el) -> str:
    return (el.get("class") or "") + " " + (el.get("id") or "")


# ---------------------------------------------------------------- parse + prune
_META_CS = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([-\w:.]+)""", re.I)


def decode(page: bytes) -> str:
    """BOM, then a declared charset in the first 4 KB, then UTF-8, then windows-1252."""
    if page.startswith(b"\xef\xbb\xbf"):
        return page[3:].decode("utf-8", "replace")
    m = _META_CS.search(page[:4096])
    if m:
        cs = m.group(1).decode("ascii", "ignore").lower()
        if cs in ("iso-8859-1", "latin1", "us-ascii", "ascii"):
            cs = "cp1252"
        try:
            return page.decode(cs, "replace")
        except LookupError:
            pass
    try:
        return page.decode("utf-8")
    except UnicodeDecodeError:
        return page.decode("cp1252", "replace")


def parse(page: bytes):
    try:
        doc = lxml.html.document_fromstring(decode(page))
    except (etree.ParserError, ValueError):
        return None
    return doc


def is_hidden(el) -> bool:
    if el.get("hidden") is not None:
        return True
    if (el.get("aria-hidden") or "").strip().lower() == "true":
        return True
    style = (el.get("style") or "").replace(" ", "").lower()
    return "display:none" in style or "visibility:hidden" in style


_TOKEN = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def tokens(a: str) -> list[str]:
    """class/id split into lower-case words at punctuation and camelCase boundaries."""
    return [t.lower() for t in _TOKEN.findall(a)]


BOILER_WORDS = ("comment", "modal", "share", "sharing", "sidebar", "pagination", "pager", "popup",
                "cookie", "newsletter", "subscribe", "related", "social", "breadcrumb", "disqus",
                "promo", "advert", "sponsor", "signup", "widget", "recommend", "outbrain", "taboola")
RESCUE_WORDS = ("article", "content", "main", "body", "entry", "story", "text", "post")


def has_word(a: str, words) -> bool:
    return any(t.startswith(w) for t in tokens(a) for w in words)


def prune(doc) -> None:
    """Drop subtrees that are never content (design), and boilerplate-class subtrees."""
    drop = []
    for el in doc.iter():
        t = _tag(el)
        if not t:
            drop.append(el)
            continue
        if t in SKIP_TAGS:
            drop.append(el)
            continue
        a = _attrs(el)
        if ("bptok" in RULES and t not in ("html", "body") and has_word(a, BOILER_WORDS)
                and not has_word(a, RESCUE_WORDS)):
            drop.append(el)
            continue
        if ("bptok" not in RULES and a.strip() and BOILER_RE.search(a) and not RESCUE_RE.search(a)):
            drop.append(el)
            continue
        if "hidden" in RULES and is_hidden(el):
            drop.append(el)
    for el in drop:
        if el.getparent() is not None:
            try:
                el.drop_tree()
            except (AssertionError, TypeError):
                pass


# ---------------------------------------------------------------- text helpers
def text_of(el) -> str:
    return "".join(el.itertext())


def text_len(el) -> int:
    return len(" ".join(text_of(el).split()))


def link_density(el) -> float:
    total = text_len(el)
    if not total:
        return 0.0
    links = sum(text_len(a) for a in el.iter("a"))
    return min(1.0, links / total)


def render(el) -> str:
    """Block-aware text: block boundaries become newlines, whitespace folded."""
    out: list[str] = []

    def walk(node):
        t = _tag(node)
        block = t in BLOCK_TAGS
        if block:
            out.append("\n")
        if node.text and t:
            out.append(node.text)
        for c in node:
            walk(c)
            if c.tail:
                out.append(c.tail)
        if block:
            out.append("\n")

    walk(el)
    lines = (" ".join(l.split()) for l in "".join(out).split("\n"))
    return "\n".join(l for l in lines if l)


# ---------------------------------------------------------------- scoring (design)
def class_weight(el) -> int:
    a = _attrs(el)
    if not a.strip():
        return 0
    w = 0
    if NEG_RE.search(a):
        w -= 25
    if POS_RE.search(a):
        w += 25
    return w


def score(doc):
    scores: dict = {}

    def seed(el):
        if el not in scores:
            scores[el] = TAG_WEIGHT.get(_tag(el), 0) + class_weight(el)

    for p in doc.iter(*PARA_TAGS):
        txt = " ".join(text_of(p).split())
        if len(txt) < 25:
            continue
        parent = p.getparent()
        if parent is None:
            continue
        c = 1 + txt.count(",") + min(3, len(txt) // 100)
        seed(parent)
        scores[parent] += c
        gp = parent.getparent()
        if gp is not None and _tag(gp):
            seed(gp)
            scores[gp] += c / 2
    best, best_s = None, 0.0
    for el, s in scores.items():
        s = s * (1 - link_density(el))
        scores[el] = s
        if s > best_s:
            best, best_s = el, s
    return best, scores


# ---------------------------------------------------------------- extraction
def extract(page: bytes) -> str:
    doc = parse(page)
    if doc is None:
        return ""
    prune(doc)
    best, scores = score(doc)
    if best is None:
        return ""
    return render(best)
