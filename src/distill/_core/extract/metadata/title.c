/* article()'s title (meta_resolve_title): the <h1> a reader sees as the headline when a declared title
 * (og:title, the JSON-LD headline, <title> ...) agrees with it, else the page's own heading, else the
 * best-supported declared title without the site's name, with the rules that keep a banner's, a
 * section's or a slogan's heading out, in the order they are tried. It also says which element is the
 * headline: the byline and the date are looked for near it.
 */
#include "extract/metadata/internal.h"

#include "extract/metadata/words.h"
#include "extract/page_type/page_type.h"

/* Separators between the headline and the site name, surest first (words.h). */
static const char *const title_seps[] = {DL_MW_TITLE_SEPARATORS};

/* Whether the link a, after a heading's words, is a link aggregator's note on the story rather than a
 * word of its headline: its source's domain in brackets ("(latimes.com)") or its comment count ("87"),
 * each a link of its own after the story's title ("<h1><a>Headline</a> <a>(latimes.com)</a> <a>87</a>"). */
static int link_aside(const dl_node *a) {
    dl_buf t = {0};
    meta_bounded_text(a, 80, 0, &t);
    size_t i = 0, n = t.len;
    while (i < n && dl_ascii_is_space((unsigned char)t.data[i])) i++;
    while (n > i && dl_ascii_is_space((unsigned char)t.data[n - 1])) n--;
    int aside = 0;
    if (!t.failed && n > i) {
        const char *s = t.data + i;
        size_t len = n - i, digits = 0;
        while (digits < len && s[digits] >= '0' && s[digits] <= '9') digits++;
        if (digits == len) {
            aside = 1; /* a count */
        } else if (len > 4 && s[0] == '(' && s[len - 1] == ')') {
            /* a host name: letters, digits, hyphens and at least one inner dot, no space */
            int dot = 0, ok = 1;
            for (size_t k = 1; k + 1 < len && ok; k++) {
                unsigned char c = (unsigned char)s[k];
                if (c == '.' && k > 1 && k + 2 < len && s[k - 1] != '.') dot = 1;
                else if (!(dl_ascii_is_alnum(c) || c == '-' || c == '.')) ok = 0;
            }
            aside = ok && dot;
        }
    }
    dl_buf_free(&t);
    return aside;
}

/* Whether x, inside a heading, holds words that are not the headline's: text hidden from sight (a
 * screen reader's "Collection: " before a shop's collection name), a date (a blog's "<time>Dec 18
 * 2025</time>" in its post's <h1>), before any of the headline's words (leading), a label (a
 * forum thread's prefix, "<span class=label>News</span>Digital cameras ..."), and after the headline's
 * own link (after_link), a link aggregator's note on it (link_aside). */
static int headline_aside(const dl_node *x, int leading, int after_link) {
    if (x->type != DL_NODE_ELEMENT || x->ns != DL_NS_HTML) return 0;
    if (x->atom == DL_TAG_time || attr(x, "hidden")) return 1;
    if (!leading && after_link && x->atom == DL_TAG_a && link_aside(x)) return 1;
    const dl_attr *cls = attr(x, "class");
    if (!cls) return 0;
    static const char *const hidden[] = {DL_MW_HIDDEN_CLASSES}, *const labels[] = {DL_MW_HEADLINE_LABEL_CLASSES};
    if (has_any_token(cls, hidden, sizeof hidden / sizeof hidden[0])) {
        /* hidden words; a hidden separator between a kicker and the headline ("Klimaschutz<span
         * class=sr-only>: </span>Bohren ...") stays, as the words' boundary */
        dl_buf t = {0};
        meta_bounded_text(x, 64, 0, &t);
        int words = 0;
        for (size_t k = 0; k < t.len && !words; k++) words = dl_ascii_is_alnum((unsigned char)t.data[k]);
        dl_buf_free(&t);
        return words;
    }
    return leading && has_any_token(cls, labels, sizeof labels / sizeof labels[0]);
}

/* The text of the heading el as meta_bounded_text reads it (spaced 0), without the words headline_aside
 * sets apart; all of its text when nothing else is left. */
static void headline_text(const dl_node *el, size_t max, dl_buf *out) {
    dl_buf raw = {0};
    int leading = 1, after_link = 0;
    for (const dl_node *x = el; x && raw.len < max;) {
        int skip = 0;
        if (x->type == DL_NODE_TEXT) {
            size_t n = x->u.text.len;
            if (n > max - raw.len) n = utf8_cut(x->u.text.ptr, max - raw.len);
            dl_buf_append(&raw, x->u.text.ptr, n);
            for (size_t k = 0; k < n && leading; k++)
                if (!dl_ascii_is_space((unsigned char)x->u.text.ptr[k]) && (unsigned char)x->u.text.ptr[k] != 0xC2 &&
                    (unsigned char)x->u.text.ptr[k] != 0xA0)
                    leading = 0;
        } else if (x != el && x->type == DL_NODE_ELEMENT &&
                   (x->ns != DL_NS_HTML || x->atom == DL_TAG_script || x->atom == DL_TAG_style ||
                    x->atom == DL_TAG_template || x->atom == DL_TAG_noscript ||
                    headline_aside(x, leading, after_link))) {
            skip = 1;
        } else if (x != el && dl_is_element(x, DL_TAG_br)) {
            dl_buf_append(&raw, " ", 1);
        } else if (x != el && x->type == DL_NODE_ELEMENT && dl_rule_text_block(x)) {
            dl_buf_append(&raw, "\n", 1);
        }
        if (!skip && x != el && dl_is_element(x, DL_TAG_a)) after_link = 1;
        x = dl_next_node(el, x, skip);
    }
    size_t before = out->len;
    if (raw.failed) out->failed = 1;
    else if (raw.len) dl_fold_append(out, raw.data, raw.len);
    dl_buf_free(&raw);
    if (!out->failed && out->len == before) meta_bounded_text(el, max, 0, out);
}

/* Whether an <h1> is the part of a declared title after a colon, as the title rules take it: a blog's
 * "Blog Name: Headline" <title> over the post's <h1> "Headline" agrees with it (the <h1> after it in the
 * body is a section's, "What is attestation"). Not after any separator: the part after " - " or " | "
 * is most often the site's name in a banner <h1>. */
static int trails(const char *a, size_t an, const char *b, size_t bn) { return meta_trails_after(a, an, b, bn, 0); }

/* A declared title, entities a page escaped twice decoded. */
typedef struct {
    dl_buf text;   /* decoded, folded */
    size_t cut_at, cut_len; /* the title without the site name */
} declared;

#define NDECLARED 7

/* The title sources in order of how often they are the headline as written (og:title and the JSON-LD
 * headline are written for sharing and search and carry no site name as often as <title> does). */
static const dl_meta_source title_sources[NDECLARED] = {
    DL_SRC_OG_TITLE, DL_SRC_LD_HEADLINE, DL_SRC_TITLE_TAG, DL_SRC_TWITTER_TITLE,
    DL_SRC_DC_TITLE, DL_SRC_PARSELY_TITLE, DL_SRC_ITEMPROP_HEADLINE};

/* The h1 that is the body's title heading: the first non-empty h1 inside the body, else the last one
 * before it under the body's nearest three ancestors (an <article> holding a <header> with the <h1>
 * and a body <div> is two levels; a page banner's logo <h1> sits further up). */
static int body_heading(const dl_meta *m, const dl_buf *h1text, const dl_node *body) {
    if (!body) return -1;
    for (size_t i = 0; i < m->nh1; i++)
        if (h1text[i].len && inside(m->h1[i].node, body)) return (int)i;
    const dl_node *a = body;
    for (int level = 0; level < 3; level++) {
        a = a->parent;
        if (!a || a->type != DL_NODE_ELEMENT) break;
        int best = -1;
        for (size_t i = 0; i < m->nh1; i++)
            if (h1text[i].len && inside(m->h1[i].node, a) && m->h1[i].node->span_start <= body->span_start)
                best = (int)i;
        if (best >= 0) return best;
    }
    return -1;
}

/* Whether s[0..n), a separator and what follows it, ends in the text h ("| Site" is h = "Site"). */
static int leads_sep_tail(const char *s, size_t n, const char *h, size_t hn) {
    while (n && (dl_ascii_is_space((unsigned char)*s) || *s == '|' || *s == '-' || *s == ':' || *s == '~' ||
                 *s == '/' || (unsigned char)*s >= 0x80))
        s++, n--;
    return n && meta_same_ci(s, n, h, hn);
}

/* Whether s[0..n), the site part and a separator before the headline, is the text h. */
static int leads_sep_head(const char *s, size_t n, const char *h, size_t hn) {
    while (n && (dl_ascii_is_space((unsigned char)s[n - 1]) || s[n - 1] == '|' || s[n - 1] == '-' || s[n - 1] == ':' ||
                 s[n - 1] == '~' || s[n - 1] == '/' || (unsigned char)s[n - 1] >= 0x80))
        n--;
    return n && meta_same_ci(s, n, h, hn);
}

/* Whether the heading h is the site's name rather than a headline: og:site_name; the leading part
 * of a declared title whose rest is another declared title ("Blog Name: Post" over og:title "Post":
 * a blog's banner <h1>); and, when guessed is set, the part of a declared title that was cut as the
 * site's (a guess when no site name is known: "Opinion | Headline" cuts the headline). */
static int site_like(const declared *d, const char *site, size_t site_len, const dl_buf *h, int guessed) {
    if (site_len && meta_same_ci(h->data, h->len, site, site_len)) return 1;
    for (int k = 0; k < NDECLARED; k++) {
        const declared *x = &d[k];
        if (!x->text.len) continue;
        if (guessed && x->cut_len != x->text.len) {
            /* the cut part: before cut_at, or after cut_at + cut_len, less its separator */
            size_t tail_at = x->cut_at + x->cut_len;
            if (x->cut_at == 0 && tail_at < x->text.len &&
                leads_sep_tail(x->text.data + tail_at, x->text.len - tail_at, h->data, h->len))
                return 1;
            if (x->cut_at > 0 && leads_sep_head(x->text.data, x->cut_at, h->data, h->len)) return 1;
        }
        size_t rest_at, rest_len;
        if (meta_leads(h->data, h->len, x->text.data, x->text.len) &&
            meta_leads_rest(h->data, h->len, x->text.data, x->text.len, &rest_at, &rest_len))
            for (int j = 0; j < NDECLARED; j++)
                if (j != k && d[j].text.len &&
                    meta_same_text(x->text.data + rest_at, rest_len, d[j].text.data + d[j].cut_at, d[j].cut_len))
                    return 1;
    }
    return 0;
}

/* Whether a declared title is a title template whose headline was left empty ("| Nuts & Volts": a
 * separator, then the site's name). A title that is the site's name alone is left as it is: on a
 * home page it is the page's title. */
static int empty_headline(const declared *x) {
    const unsigned char *s = (const unsigned char *)x->text.data;
    size_t n = x->text.len;
    if (n >= 2 && (s[0] == '|' || ((s[0] == '-' || s[0] == ':' || s[0] == '~') && s[1] == ' '))) return 1;
    /* an en or em dash and a space */
    return n >= 4 && s[0] == 0xE2 && s[1] == 0x80 && (s[2] == 0x93 || s[2] == 0x94) && s[3] == ' ';
}

/* Whether the absolute URL u has a path below its site's root ("https://example.org/a/page", not
 * "https://example.org/" nor "https://example.org/?ref=x"). */
static int url_below_root(const dl_buf *u) {
    if (!u->len) return 0;
    const char *p = memchr(u->data, ':', u->len);
    if (!p || (size_t)(p - u->data) + 3 > u->len || p[1] != '/' || p[2] != '/') return 0;
    size_t at = (size_t)(p - u->data) + 3;
    while (at < u->len && u->data[at] != '/' && u->data[at] != '?' && u->data[at] != '#') at++;
    for (; at < u->len && u->data[at] != '?' && u->data[at] != '#'; at++)
        if (u->data[at] != '/') return 1;
    return 0;
}

/* What the title rules read and decide: the page's declared titles and <h1> texts, read once, and the
 * title picked so far (a slice of one of them) with the <h1> it is, when it is one. */
typedef struct {
    const dl_meta *m;
    const dl_node *body;
    const char *site;
    size_t site_len;
    declared d[NDECLARED];
    dl_buf h1text[DL_META_H1_MAX];
    const char *pick; /* NULL until a rule picks a title */
    size_t pick_len;
    const dl_node *headline;
} title_state;

/* The title is the i-th <h1>, and the <h1> the headline. */
static void take_h1(title_state *st, size_t i) {
    st->pick = st->h1text[i].data;
    st->pick_len = st->h1text[i].len;
    st->headline = st->m->h1[i].node;
}

/* The title is the k-th declared title without the site's name. */
static void take_declared(title_state *st, int k) {
    st->pick = st->d[k].text.data + st->d[k].cut_at;
    st->pick_len = st->d[k].cut_len;
}

/* The declared titles (entities decoded, folded, each with its cut without the site's name) and the
 * <h1>s' texts. Returns 0, or -1 on out of memory. */
static int read_titles(title_state *st) {
    const dl_meta *m = st->m;
    declared *d = st->d;
    int rc = 0;
    for (int i = 0; i < NDECLARED; i++) {
        const dl_buf *s = &m->src[title_sources[i]];
        dl_buf raw = {0};
        if (s->len) meta_decode_entities(s->data, s->len, &raw);
        if (raw.len) dl_fold_append(&d[i].text, raw.data, raw.len);
        dl_buf_free(&raw);
        if (d[i].text.failed) rc = -1;
        d[i].cut_at = 0;
        d[i].cut_len = d[i].text.len;
        if (d[i].text.len)
            dl_title_without_site(d[i].text.data, d[i].text.len, st->site, st->site_len, &d[i].cut_at, &d[i].cut_len);
        /* a title template whose headline was left empty names no page: as if not declared */
        if (d[i].text.len && empty_headline(&d[i])) d[i].text.len = 0, d[i].cut_at = d[i].cut_len = 0;
    }
    for (size_t i = 0; i < m->nh1; i++) {
        dl_buf raw = {0};
        headline_text(m->h1[i].node, DL_META_TEXT_MAX, &raw);
        if (raw.len) meta_decode_entities(raw.data, raw.len, &st->h1text[i]);
        if (raw.failed || st->h1text[i].failed) rc = -1;
        dl_buf_free(&raw);
    }
    return rc;
}

/* 1. the first <h1> that agrees with a declared title: equal to it, to it without the site name, its
 *    leading part ("Headline" of "Headline | Site") or its longer part after a colon (trails); but when
 *    the rest of that title is a later <h1> longer than the leading part ("Site: Headline", a blog's
 *    name in the banner's <h1>, its post's title in the next; a headline is longer than a name), the
 *    rest is it */
static void agreeing_h1(title_state *st) {
    const dl_meta *m = st->m;
    const declared *d = st->d;
    const dl_buf *h1text = st->h1text;
    for (size_t i = 0; i < m->nh1 && !st->pick; i++) {
        const dl_buf *h = &h1text[i];
        if (!h->len || site_like(d, st->site, st->site_len, h, 0)) continue;
        for (int k = 0; k < NDECLARED && !st->pick; k++) {
            if (!d[k].text.len) continue;
            if (meta_same_text(h->data, h->len, d[k].text.data, d[k].text.len) ||
                meta_same_text(h->data, h->len, d[k].text.data + d[k].cut_at, d[k].cut_len) ||
                meta_leads(h->data, h->len, d[k].text.data, d[k].text.len) ||
                trails(h->data, h->len, d[k].text.data, d[k].text.len)) {
                take_h1(st, i);
                /* an <h1> that repeats a declared title whole, separators and all ("Catering Tips |
                 * Cookshack" in the <h1>), was filled from the page's title template: its part after
                 * the separator is the site's or a tagline, cut as the declared title's is */
                if (d[k].cut_len < d[k].text.len && meta_same_text(h->data, h->len, d[k].text.data, d[k].text.len)) {
                    take_declared(st, k);
                    break;
                }
                size_t rest_at, rest_len;
                if (dl_title_without_site(d[k].text.data, d[k].text.len, h->data, h->len, &rest_at, &rest_len) ||
                    meta_leads_rest(h->data, h->len, d[k].text.data, d[k].text.len, &rest_at, &rest_len)) {
                    for (size_t j = i + 1; j < m->nh1; j++)
                        if (h1text[j].len > h->len &&
                            meta_same_text(h1text[j].data, h1text[j].len, d[k].text.data + rest_at, rest_len)) {
                            take_h1(st, j);
                            break;
                        }
                }
            }
        }
    }
}

/* 1b. the first <h1> is a blog's name in its banner and a declared title is "Blog Name: Post" whose
 *     rest is another declared title, longer than the name ("RogerBW's Blog: Advent of Code" over
 *     og:title "Advent of Code"): the page's template says which title is the post's, where the next
 *     <h1> in the body is as often a section's ("Day 7"); the rest is longer than the name, so that a
 *     headline <h1> over "Headline - Brand" stays the headline */
static void blog_post_title(title_state *st) {
    const declared *d = st->d;
    for (size_t i = 0; i < st->m->nh1 && !st->pick; i++) {
        const dl_buf *h = &st->h1text[i];
        if (!h->len) continue;
        for (int k = 0; k < NDECLARED && !st->pick; k++) {
            const declared *x = &d[k];
            size_t rest_at, rest_len;
            if (!x->text.len || !meta_leads(h->data, h->len, x->text.data, x->text.len) ||
                !meta_leads_rest(h->data, h->len, x->text.data, x->text.len, &rest_at, &rest_len))
                continue;
            for (int j = 0; j < NDECLARED; j++)
                if (j != k && d[j].text.len && rest_len > h->len &&
                    meta_same_text(x->text.data + rest_at, rest_len, d[j].text.data + d[j].cut_at, d[j].cut_len)) {
                    take_declared(st, j);
                    break;
                }
        }
        break; /* the first non-empty h1 only */
    }
}

/* 2. the article's own heading (in or just before the body), even when no declared title agrees: the
 *    visible headline is what a reader sees, and declared titles are often written for search ...
 *    but not on a documentation, service or listing page that declares a title: its body <h1> is more
 *    often a step's, a slogan's or a section's heading (where the two disagree, the declared title is
 *    more often the page's title), and its <title> names the page; nor when the body holds three <h1>s
 *    or more: they are its sections' headings (a Markdown document's "# Impact", "# Conclusion"), and
 *    the first is a section's, not the page's title, which the declared titles give */
static void body_title(title_state *st) {
    const dl_meta *m = st->m;
    int named_page = m->page_type == DL_PAGE_DOCUMENTATION + 1 || m->page_type == DL_PAGE_SERVICE + 1 ||
                     m->page_type == DL_PAGE_LISTING + 1;
    int any_declared = 0;
    for (int k = 0; k < NDECLARED; k++) any_declared |= st->d[k].text.len != 0;
    int body_h1s = 0;
    for (size_t i = 0; st->body && i < m->nh1; i++)
        if (st->h1text[i].len && inside(m->h1[i].node, st->body)) body_h1s++;
    if (!(named_page && any_declared) && !(any_declared && body_h1s >= 3)) {
        int b = body_heading(m, st->h1text, st->body);
        if (b >= 0 && !site_like(st->d, st->site, st->site_len, &st->h1text[b], 0)) take_h1(st, (size_t)b);
    }
}

/* 2b. on an article or a collection page, the page's one headline: every non-empty <h1> says the same,
 *     and it is not the site's name (og:site_name, or the part of a declared title that was cut as the
 *     site's). A declared title that disagrees with it was written for search or sharing (a shorter SEO
 *     line); the reader sees the <h1>. A service, product or listing page's <h1> is more often a slogan
 *     or a section name, and its declared title names the page */
static void one_headline(title_state *st) {
    const dl_meta *m = st->m;
    const dl_buf *h1text = st->h1text;
    if (m->page_type != DL_PAGE_ARTICLE + 1 && m->page_type != DL_PAGE_COLLECTION + 1) return;
    int only = -1, distinct = 0;
    for (size_t i = 0; i < m->nh1; i++) {
        if (!h1text[i].len) continue;
        if (only < 0) only = (int)i, distinct = 1;
        else if (!meta_same_text(h1text[i].data, h1text[i].len, h1text[only].data, h1text[only].len)) distinct++;
    }
    if (distinct != 1) return;
    const dl_buf *h = &h1text[only];
    int about = 0, any_declared = 0;
    for (int k = 0; k < NDECLARED && !about; k++) {
        if (!st->d[k].text.len) continue;
        any_declared = 1;
        about = meta_share_word(h->data, h->len, st->d[k].text.data, st->d[k].text.len);
    }
    if (!site_like(st->d, st->site, st->site_len, h, 1) && (about || !any_declared)) take_h1(st, (size_t)only);
}

/* 3. the best-supported declared title without the site name: the one most other declared titles
 *    agree with, ties in title_sources order */
static void best_declared(title_state *st) {
    const declared *d = st->d;
    int best = -1, best_votes = -1;
    for (int k = 0; k < NDECLARED; k++) {
        if (!d[k].cut_len) continue;
        int votes = 0;
        for (int j = 0; j < NDECLARED; j++)
            if (j != k && d[j].text.len &&
                meta_same_text(d[k].text.data + d[k].cut_at, d[k].cut_len, d[j].text.data + d[j].cut_at,
                               d[j].cut_len))
                votes++;
        if (votes > best_votes) best = k, best_votes = votes;
    }
    if (best >= 0) take_declared(st, best);
}

/* 3b. the declared titles name only the site ("Glossier" in <title>, og:title and og:site_name) on a
 *     page below the site's root: the title names the site, not the page, and the first <h1> that is
 *     not the site's name names the page ("Custom Skincare Set"). At the root it is the home page's own
 *     title */
static void site_only_title(title_state *st, const dl_metadata *out) {
    const dl_meta *m = st->m;
    if (!(st->site_len && meta_same_ci(st->pick, st->pick_len, st->site, st->site_len) &&
          url_below_root(out->fields[DL_META_CANONICAL].value.len ? &out->fields[DL_META_CANONICAL].value
                                                                  : &m->src[DL_SRC_OG_URL])))
        return;
    for (size_t i = 0; i < m->nh1; i++)
        if (st->h1text[i].len && !site_like(st->d, st->site, st->site_len, &st->h1text[i], 0)) {
            take_h1(st, i);
            break;
        }
}

/* 5. a title in parts ("Thread - Board - Site", "Page | Chapter") whose first part alone is what
 *    another of the page's titles says (a declared title or an <h1> that is that part, whole): the page
 *    names its headline without the rest, which is a section's, a chapter's or the site's (taking the
 *    first part of every such title instead loses about as many titles as it wins) */
static void first_part(title_state *st) {
    const char *pick = st->pick;
    for (size_t k = 0; k < sizeof(title_seps) / sizeof(title_seps[0]); k++) {
        /* a separator with spaces only: the full-width colon of a CJK title leads into its subtitle */
        if (title_seps[k][0] != ' ') continue;
        const char *sep = meta_find_sep(pick, st->pick_len, title_seps[k], 0);
        if (!sep) continue;
        size_t head = (size_t)(sep - pick);
        while (head && dl_ascii_is_space((unsigned char)pick[head - 1])) head--;
        int said = 0;
        if (head && !(st->site_len && meta_same_ci(pick, head, st->site, st->site_len))) {
            for (int j = 0; j < NDECLARED && !said; j++)
                said = st->d[j].text.len && meta_same_text(pick, head, st->d[j].text.data, st->d[j].text.len);
            for (size_t j = 0; j < st->m->nh1 && !said; j++)
                said = st->h1text[j].len && meta_same_text(pick, head, st->h1text[j].data, st->h1text[j].len);
        }
        if (said) st->pick_len = head;
        break; /* the surest separator the title has */
    }
}

/* 6. the title still ends with the site's known name after a separator ("Critics' Choice: Best UK Art
 *    Exhibitions 2025 – Artlyst" in the <h1> itself, the <title> adding " - Artlyst" again): the name
 *    is the site's, not the headline's */
static void trailing_site(title_state *st) {
    const char *pick = st->pick, *site = st->site;
    size_t site_len = st->site_len;
    if (!site_len || st->pick_len <= site_len + 3) return;
    size_t end = st->pick_len;
    while (end && dl_ascii_is_space((unsigned char)pick[end - 1])) end--;
    if (end > site_len && meta_same_ci(pick + end - site_len, site_len, site, site_len)) {
        size_t at = end - site_len;
        for (size_t k = 0; k < sizeof(title_seps) / sizeof(title_seps[0]); k++) {
            size_t sl = strlen(title_seps[k]);
            if (title_seps[k][0] == ' ' && at > sl && memcmp(pick + at - sl, title_seps[k], sl) == 0) {
                st->pick_len = at - sl;
                break;
            }
        }
    }
}

/* article()'s title into out, and the <h1> (or NULL) it is into *headline. body is the article text's
 * container (may be NULL), site the site's name (may be empty). Returns 0, or -1 on out of memory. */
int meta_resolve_title(const dl_meta *m, const dl_node *body, const char *site, size_t site_len, dl_metadata *out,
                       const dl_node **headline) {
    title_state st;
    memset(&st, 0, sizeof st);
    st.m = m, st.body = body, st.site = site, st.site_len = site_len;
    int rc = read_titles(&st);
    /* the rules in order, each only while no title is picked (1 to 4), then the picked title's own cuts
     * (5 and 6) */
    agreeing_h1(&st);
    if (!st.pick) blog_post_title(&st);
    if (!st.pick) body_title(&st);
    if (!st.pick) one_headline(&st);
    if (!st.pick) best_declared(&st);
    if (st.pick) site_only_title(&st, out);
    /* 4. the first non-empty <h1> anywhere (the design's choice) */
    for (size_t i = 0; i < m->nh1 && !st.pick; i++)
        if (st.h1text[i].len) take_h1(&st, i);
    if (st.pick) first_part(&st);
    if (st.pick) trailing_site(&st);
    *headline = st.headline;
    if (st.pick && rc == 0) rc = meta_put_field(out, DL_META_TITLE, st.pick, st.pick_len);
    for (int i = 0; i < NDECLARED; i++) dl_buf_free(&st.d[i].text);
    for (size_t i = 0; i < DL_META_H1_MAX; i++) dl_buf_free(&st.h1text[i]);
    return rc;
}
