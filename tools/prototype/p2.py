"""Prototype article extractor, take 2: a flat node table like the C arena walk will use.

Reference only. Rules switch with RULES env: RULES=-merge,-lead python score_aeb.py p2:extract
"""
from __future__ import annotations

import os
import re

import lxml.html
from lxml import etree

ALL_RULES = {
    "vpara",      # inline text runs directly in a container count as paragraphs (div+br bodies)
    "guard",      # class/hidden drop spares a wrapper that owns most of the page's prose
    "hidden",     # hidden elements dropped
    "merge",      # sibling merge
    "promote",    # promote winner to a parent sharing top candidates
    "clean",      # clean inside the winner
    "lead",       # heading/lead just before winner
    "vdiv",       # a div holding a single inline run is a paragraph
    "figure",     # figures and captions are not running text
    "cwords",     # blocks named for media/credits/share/tags/bylines inside the winner
    "cond",       # readability's conditional cleaning
    "ldense",     # link-dense blocks inside the winner
    "split",      # article split across nearby containers
    "h1",         # the title heading belongs to Article.title, not the body text
}
CLEAN_WORDS = ("caption", "credit", "video", "player", "gallery", "byline", "share", "sharing", "social",
               "follow", "advert", "sponsor", "promo", "related", "recommend", "newsletter",
               "subscribe", "comment", "timestamp", "dateline", "author", "tags", "photo", "image")
CLEAN_EXACT = ("ad", "ads", "date", "time", "media", "tag", "meta", "bio", "img")
# measured on the corpus, these two did not earn their place (see the report): off by default
DEFAULT_OFF = {"vdiv", "cond", "promote", "merge", "lead"}
_toks = [t for t in os.environ.get("RULES", "").split(",") if t]
RULES = set(ALL_RULES) - DEFAULT_OFF if all(t.startswith("-") for t in _toks) else set()
for _tok in _toks:
    if _tok.startswith("-"):
        RULES.discard(_tok[1:])
    elif _tok != "none":
        RULES.add(_tok)
PARAM = {k[2:].lower(): float(v) for k, v in os.environ.items() if k.startswith("P_")}


NOSUB = set(os.environ.get("NOSUB", "").split(","))


def param(name: str, default: float) -> float:
    return PARAM.get(name, default)


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


# ------------------------------------------------------------------ constants
SKIP_TAGS = {"script", "style", "noscript", "template", "nav", "aside", "header", "footer",
             "svg", "math", "iframe", "object", "embed", "select", "button", "textarea",
             "input", "head", "title", "meta", "link", "canvas", "video", "audio", "map",
             "option", "dialog"}
PARA_TAGS = {"p", "td", "pre"}
TAG_WEIGHT = {"div": 5, "blockquote": 3, "td": 3, "pre": 3,
              "ul": -3, "ol": -3, "dl": -3, "dd": -3, "dt": -3, "li": -3, "form": -3,
              "h1": -5, "h2": -5, "h3": -5, "h4": -5, "h5": -5, "h6": -5, "th": -5,
              "address": -3}
INLINE_TAGS = {"a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i",
               "kbd", "mark", "q", "s", "samp", "small", "span", "strike", "strong", "sub", "sup",
               "time", "u", "var", "del", "ins", "big", "tt", "img", "label", "wbr", "nobr"}
BLOCK_RENDER = {"p", "div", "section", "article", "main", "h1", "h2", "h3", "h4", "h5", "h6",
                "ul", "ol", "li", "dl", "dd", "dt", "table", "tr", "td", "th", "tbody", "thead",
                "blockquote", "pre", "figure", "figcaption", "br", "hr", "address", "center",
                "header", "footer", "form", "fieldset", "caption", "details", "summary", "body",
                "html", "tfoot", "nav", "aside", "legend", "hgroup"}
VPARA_HOSTS = {"div", "section", "article", "main", "body", "blockquote", "center", "font", "span",
               "form", "li", "dd"}
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}

_TOKEN = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
POS_WORDS = ("article", "content", "post", "body", "entry", "main", "text", "story", "blog")
NEG_WORDS = ("sidebar", "comment", "footer", "foot", "masthead", "related", "share", "social",
             "sponsor", "widget", "promo", "banner", "advert", "ad", "ads", "outbrain", "taboola",
             "popup", "menu", "nav", "meta", "tags", "byline", "author", "caption", "credit")
BOILER_WORDS = ("comment", "modal", "share", "sharing", "sidebar", "pagination", "pager", "popup",
                "cookie", "newsletter", "subscribe", "related", "social", "breadcrumb", "disqus",
                "promo", "advert", "sponsor", "signup", "widget", "recommend", "outbrain", "taboola")
RESCUE_WORDS = ("article", "content", "main", "body", "entry", "story", "text", "post")


def tokens(a: str) -> list[str]:
    return [t.lower() for t in _TOKEN.findall(a)]


def has_word(toks, words, exact=()) -> bool:
    return any(t.startswith(w) for t in toks for w in words) or any(t in exact for t in toks)


# ------------------------------------------------------------------ node table
class Doc:
    """Elements in pre-order; text pieces attached to their parent element in order."""

    def __init__(self) -> None:
        self.tag: list[str] = []
        self.parent: list[int] = []
        self.attrs: list[dict] = []
        self.children: list[list] = []  # items: int (element index) or str (text)
        self.end: list[int] = []        # index one past the last descendant


def build(root) -> Doc:
    d = Doc()
    stack = [(root, -1)]
    # explicit stack; post-processing of end[] by a second loop
    order = []
    while stack:
        el, par = stack.pop()
        i = len(d.tag)
        d.tag.append(el.tag.lower() if isinstance(el.tag, str) else "")
        d.parent.append(par)
        d.attrs.append(dict(el.attrib) if isinstance(el.tag, str) else {})
        d.children.append([])
        d.end.append(0)
        order.append(el)
        if par >= 0:
            d.children[par].append(i)
            if el.tail:
                d.children[par].append(el.tail)
        if el.text and isinstance(el.tag, str):
            d.children[i].append(el.text)
        kids = [c for c in el if isinstance(c.tag, str) or c.tail]
        for c in reversed(kids):
            if isinstance(c.tag, str):
                stack.append((c, i))
            elif c.tail:
                # comments/PIs: keep their tail text only
                stack.append((_TailOnly(c.tail), i))
    n = len(d.tag)
    end = list(range(1, n + 1))
    for i in range(n - 1, 0, -1):
        p = d.parent[i]
        if p >= 0 and end[i] > end[p]:
            end[p] = end[i]
    d.end = end
    return d


class _TailOnly:
    tag = None
    attrib: dict = {}
    text = None

    def __init__(self, tail: str) -> None:
        self.tail = tail

    def __iter__(self):
        return iter(())


# ------------------------------------------------------------------ extraction
def hidden(a: dict) -> bool:
    if "hidden" in a:
        return True
    if (a.get("aria-hidden") or "").strip().lower() == "true":
        return True
    st = (a.get("style") or "").replace(" ", "").lower()
    return "display:none" in st or "visibility:hidden" in st


def fold(s: str) -> str:
    return " ".join(s.split())


class Extractor:
    def __init__(self, d: Doc) -> None:
        self.d = d
        n = len(d.tag)
        self.clean = [False] * n
        self.n = n
        self.toks = [tokens((a.get("class") or "") + " " + (a.get("id") or "")) for a in d.attrs]

    # -- prune
    def compute_drop(self) -> None:
        d, n = self.d, self.n
        hard = [False] * n
        soft = [False] * n
        for i in range(n):
            t = d.tag[i]
            p = d.parent[i]
            if (p >= 0 and hard[p]) or t in SKIP_TAGS or t == "":
                hard[i] = True
                continue
            if t in ("html", "body"):
                continue
            tk = self.toks[i]
            if has_word(tk, BOILER_WORDS) and not has_word(tk, RESCUE_WORDS):
                soft[i] = True
            elif "hidden" in RULES and hidden(d.attrs[i]):
                soft[i] = True
        self.hard = hard
        # paragraphs over the hard-pruned tree, to measure prose ownership
        drop = list(hard)
        if "guard" in RULES:
            self.drop = hard
            paras = self.paragraphs()
            total = sum(ln for (_, ln, _, _) in paras) or 1
            # bottom-up: prose kept under each element once its dropped soft descendants are gone
            kept = [0] * n
            for (host, ln, _, _) in paras:
                kept[host] += ln
            for i in range(n - 1, -1, -1):
                if soft[i] and kept[i] > param("guard", 0.5) * total:
                    soft[i] = False
                if soft[i]:
                    continue
                p = d.parent[i]
                if p >= 0:
                    kept[p] += kept[i]
        for i in range(n):
            p = d.parent[i]
            drop[i] = hard[i] or soft[i] or (p >= 0 and drop[p])
        self.drop = drop

    # -- text measures over the kept tree
    clean: list = []

    def text(self, i: int, clean=None) -> str:
        """Rendered text of element i (block aware), skipping dropped subtrees."""
        d = self.d
        out: list[str] = []
        stack: list = [i]
        while stack:
            x = stack.pop()
            if isinstance(x, str):
                out.append(x)
                continue
            if x == -1:
                out.append("\n")
                continue
            if self.drop[x] or (clean is not None and clean[x]):
                continue
            block = d.tag[x] in BLOCK_RENDER
            if block:
                out.append("\n")
                stack.append(-1)
            stack.extend(reversed(d.children[x]))
        lines = (fold(line) for line in "".join(out).split("\n"))
        return "\n".join(line for line in lines if line)

    def paragraphs(self):
        """(host, length, commas, kind) for each paragraph: p/td/pre elements with their full text,
        and (vpara) runs of inline content directly inside a container, cut at blocks and <br>."""
        d = self.d
        res = []
        for i in range(self.n):
            if self.drop[i]:
                continue
            t = d.tag[i]
            if t in PARA_TAGS:
                s = fold(self.text(i))
                if len(s) >= 25:
                    res.append((i, len(s), s.count(","), "p"))
                continue
            if "vpara" in RULES and t in VPARA_HOSTS:
                if any(d.tag[a] in PARA_TAGS for a in self.ancestors(i)):
                    continue
                run: list[str] = []
                found: list = []
                has_block = False
                for c in d.children[i] + [None]:
                    if isinstance(c, str):
                        run.append(c)
                    elif c is not None and not self.drop[c] and d.tag[c] in INLINE_TAGS and d.tag[c] != "br":
                        run.append(self.text(c).replace("\n", " "))
                    elif c is not None and self.drop[c]:
                        continue
                    else:
                        if c is not None and d.tag[c] != "br":
                            has_block = True
                        s = fold("".join(run))
                        run = []
                        if len(s) >= 25:
                            found.append((i, len(s), s.count(","), "v"))
                # a container holding nothing but one run of inline text is a paragraph itself
                # (the <div> used as <p>): its container is its parent, as for <p>
                if "vdiv" in RULES and len(found) == 1 and not has_block:
                    found = [(i, found[0][1], found[0][2], "p")]
                res.extend(found)
        return res

    def ancestors(self, i: int):
        p = self.d.parent[i]
        while p >= 0:
            yield p
            p = self.d.parent[p]

    def link_len(self, i: int) -> tuple[int, int]:
        """(text length, text length inside <a>) of element i, kept tree only."""
        d = self.d
        total = link = 0
        stack = [(i, False)]
        while stack:
            x, in_a = stack.pop()
            if self.drop[x]:
                continue
            in_a = in_a or d.tag[x] == "a"
            for c in d.children[x]:
                if isinstance(c, str):
                    ln = len(c.strip())
                    total += ln
                    if in_a:
                        link += ln
                else:
                    stack.append((c, in_a))
        return total, link

    def class_weight(self, i: int) -> int:
        tk = self.toks[i]
        if not tk:
            return 0
        w = 0
        if has_word(tk, ("sidebar", "comment", "footer")) or has_word(tk, (), exact=NEG_WORDS):
            w -= 25
        if has_word(tk, POS_WORDS):
            w += 25
        return w

    def score(self):
        d = self.d
        scores: dict[int, float] = {}

        def seed(x):
            if x not in scores:
                scores[x] = TAG_WEIGHT.get(d.tag[x], 0) + self.class_weight(x)

        for (i, ln, commas, kind) in self.paragraphs():
            c = 1 + commas + min(3, ln // 100)
            parent = d.parent[i] if kind == "p" else i
            if parent < 0:
                continue
            seed(parent)
            scores[parent] += c
            gp = d.parent[parent]
            if gp >= 0:
                seed(gp)
                scores[gp] += c / 2
        for x in scores:
            tot, lk = self.link_len(x)
            ld = lk / tot if tot else 0.0
            scores[x] *= (1 - ld)
        self.scores = scores
        best = max(scores, key=lambda x: scores[x], default=None)
        if best is None or scores[best] <= 0:
            return None
        if "promote" in RULES:
            best = self.promote(best)
        return best

    def promote(self, best: int) -> int:
        """Content split over sibling containers: when several near-best candidates share an
        ancestor with the winner, the ancestor is the article (Readability's alternative-candidate
        rule); then climb while the parent scores higher, and through single-child wrappers."""
        d, scores = self.d, self.scores
        top = sorted(scores, key=lambda x: -scores[x])[:int(param("topn", 5))]
        alts = [x for x in top[1:] if scores[x] >= param("altratio", 0.75) * scores[best]]
        if len(alts) >= int(param("altmin", 3)):
            anc_sets = [set(self.ancestors(a)) for a in alts]
            p = d.parent[best]
            while p >= 0 and d.tag[p] not in ("body", "html"):
                if sum(p in s for s in anc_sets) >= int(param("altmin", 3)):
                    best = p
                    break
                p = d.parent[p]
        last = scores.get(best, scores[top[0]])
        p = d.parent[best]
        while p >= 0 and d.tag[p] not in ("body", "html"):
            if p not in scores:
                p = d.parent[p]
                continue
            if scores[p] < last / 3:
                break
            if scores[p] > last:
                best = p
                last = scores[p]
            p = d.parent[p]
        return best

    def stats(self, i: int):
        """(text length, link length, commas, #p, #li, #img, #input) of the kept subtree at i."""
        d = self.d
        total = link = commas = 0
        cnt = {"p": 0, "li": 0, "img": 0, "input": 0}
        stack = [(i, False)]
        while stack:
            x, in_a = stack.pop()
            if self.drop[x] or self.clean[x]:
                continue
            t = d.tag[x]
            if t in cnt:
                cnt[t] += 1
            in_a = in_a or t == "a"
            for c in d.children[x]:
                if isinstance(c, str):
                    ln = len(c.strip())
                    total += ln
                    commas += c.count(",")
                    if in_a:
                        link += ln
                else:
                    stack.append((c, in_a))
        return total, link, commas, cnt

    def do_clean(self, best: int) -> None:
        d = self.d
        for j in range(best + 1, d.end[best]):
            if self.drop[j] or self.clean[j] or self.clean[d.parent[j]]:
                if self.clean[d.parent[j]]:
                    self.clean[j] = "inherit"
                continue
            t = d.tag[j]
            tk = self.toks[j]
            if "h1" in RULES and t == "h1":
                self.clean[j] = "h1"
                continue
            if "figure" in RULES and t in ("figure", "figcaption", "picture"):
                self.clean[j] = "figure"
                continue
            if t not in ("div", "section", "ul", "ol", "table", "form", "fieldset", "aside",
                         "dl", "span", "p", "figure", "center", "article", "blockquote", "h2", "h3", "h4", "h5", "h6"):
                continue
            total, link, commas, cnt = self.stats(j)
            ld = link / total if total else 0.0
            if "cwords" in RULES and has_word(tk, CLEAN_WORDS, exact=CLEAN_EXACT) and not has_word(tk, RESCUE_WORDS) \
                    and commas < param("cwcommas", 10) and t not in ("table", "p"):
                self.clean[j] = "cwords"
                continue
            if "cond" in RULES and t in ("div", "section", "ul", "ol", "table", "form", "fieldset", "aside", "dl",
                                         "center", "article", "span"):
                if commas >= 10:
                    continue
                w = self.class_weight(j)
                is_list = t in ("ul", "ol", "dl")
                p, li, img, inp = cnt["p"], cnt["li"] - 100, cnt["img"], cnt["input"]
                rm = ("img" if (img > 1 and p / img < 0.5) else
                      "li" if (not is_list and li > p) else
                      "input" if (inp > p // 3) else
                      "short" if (not is_list and total < 25 and (img == 0 or img > 2)) else
                      "ld.2" if (not is_list and w < 25 and ld > 0.2) else
                      "ld.5" if (w >= 25 and ld > 0.5) else
                      "listld" if (is_list and ld > param("listld", 0.5)) else "")
                if rm in NOSUB:
                    rm = ""
                if rm:
                    self.clean[j] = "cond:" + rm
                    continue
            if "ldense" in RULES and ld > param("ld", 0.5):
                self.clean[j] = "ldense"

    def extract(self) -> str:
        self.compute_drop()
        best = self.score()
        if best is None:
            return ""
        chosen = [best]
        if "split" in RULES:
            chosen = self.split(best)
        if "merge" in RULES:
            chosen = self.merge(best, chosen)
        self.clean = [False] * self.n
        if RULES & {"figure", "cwords", "cond", "ldense"}:
            for c in chosen:
                self.do_clean(c)
        return "\n".join(self.text(c, self.clean) for c in sorted(chosen))

    def merge(self, best: int, chosen: list) -> list:
        """Readability's sibling merge: siblings of the winner that score well, or <p> siblings
        that read as prose, belong to the article."""
        d, scores = self.d, self.scores
        p = d.parent[best]
        if p < 0:
            return chosen
        bs = scores.get(best, 0)
        thr = max(10, bs * param("sibratio", 0.2))
        out = list(chosen)
        for c in d.children[p]:
            if isinstance(c, str) or c == best or c in out or self.drop[c]:
                continue
            if scores.get(c, 0) >= thr:
                out.append(c)
                continue
            if d.tag[c] == "p":
                total, link, _, _ = self.stats(c)
                ld = link / total if total else 0
                txt = fold(self.text(c))
                short_sentence = 0 < len(txt) <= 80 and ld == 0 and re.search(r"\.( |$)", txt)
                if (len(txt) > 80 and ld < 0.25) or short_sentence:
                    out.append(c)
        return out

    def depth(self, i: int) -> int:
        return sum(1 for _ in self.ancestors(i))

    def split(self, best: int) -> list:
        """An article cut into several sibling containers (chunks around ads, pull quotes,
        inline promos) scores as several near-equal candidates close in the tree: keep each of
        them, in document order, rather than only the largest."""
        d, scores = self.d, self.scores
        chosen = [best]
        bs = scores.get(best, 0)
        if bs <= 0:
            return chosen
        best_anc = set(self.ancestors(best)) | {best}
        for c in sorted(scores, key=lambda x: -scores[x]):
            if scores[c] < param("splitratio", 0.5) * bs:
                break
            if any(c in set(self.ancestors(x)) or x in set(self.ancestors(c)) or x == c for x in chosen):
                continue
            # lowest common ancestor with the winner, and how far up it is
            lca, up = None, 0
            for a in self.ancestors(c):
                up += 1
                if a in best_anc:
                    lca = a
                    break
            if lca is None or d.tag[lca] in ("body", "html"):
                continue
            if self.depth(best) - self.depth(lca) > param("splitup", 5) or up > param("splitup", 5):
                continue
            chosen.append(c)
        return chosen


def extract(page: bytes) -> str:
    try:
        root = lxml.html.document_fromstring(decode(page))
    except (etree.ParserError, ValueError):
        return ""
    return Extractor(build(root)).extract()
