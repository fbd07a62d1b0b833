/* Page metadata: one harvest in a walk over the tree (article.c, dl_article_harvest), then
 * article()'s resolution. See metadata.h.
 *
 * The design's fields keep the value of their best-ranked source seen so far; a source only replaces
 * the value when it ranks strictly better and supplies a non-empty value after folding, so "the first
 * source that supplies a non-empty value" holds whatever order the sources appear in the document.
 */
#include "extract/metadata/metadata.h"

#include <stdint.h>
#include <string.h>

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#endif

#include "common/ascii.h"
#include "extract/metadata/jsonld.h"
#include "extract/page_type.h"
#include "extract/metadata/words.h"
#include "extract/rules.h"

/* Text kept for one source at most: a headline, a name or a date line, not a document. */
#define DL_META_TEXT_MAX 1024
/* A visible byline longer than this (in bytes, after cleaning) is a paragraph, not a name list. */
#define DL_META_BYLINE_MAX 120
/* How far below the headline, in elements, a visible byline or date still belongs to it. */
#define DL_META_NEAR_HEADLINE 400
/* Text read from one date element: the date is at its start ("Published 6 May 2014 | 3 comments"). */
#define DL_META_DATELINE_MAX 200

/* Source ranks of the design's fields, in the design's order of precedence (0 wins). */
enum {
    RANK_TITLE_H1 = 0, RANK_TITLE_OG = 1, RANK_TITLE_TITLE = 2,
    RANK_BYLINE_LINK = 0, RANK_BYLINE_META = 1,
    RANK_DATE_TIME = 0, RANK_DATE_PUBLISHED = 1, RANK_DATE_META = 2,
    RANK_DESCRIPTION_OG = 0, RANK_DESCRIPTION_META = 1,
    RANK_ONLY = 0,
    RANK_TAGS_ARTICLE = 0, RANK_TAGS_KEYWORDS = 1,
    RANK_UNSET = INT32_MAX,
};

void dl_metadata_init(dl_metadata *md) {
    memset(md, 0, sizeof(*md));
    for (int i = 0; i < DL_META__COUNT; i++) md->fields[i].rank = RANK_UNSET;
    md->tags_rank = RANK_UNSET;
}

void dl_metadata_free(dl_metadata *md) {
    for (int i = 0; i < DL_META__COUNT; i++) dl_buf_free(&md->fields[i].value);
    dl_buf_free(&md->tags);
}

void dl_meta_init(dl_meta *m) {
    memset(m, 0, sizeof(*m));
    dl_metadata_init(&m->design);
    m->page = &m->page_store;
}

void dl_meta_set_page_type(dl_meta *m, int type) { m->page_type = type + 1; }

void dl_meta_free(dl_meta *m) {
    dl_metadata_free(&m->design);
    for (int i = 0; i < DL_SRC__COUNT; i++) dl_buf_free(&m->src[i]);
    dl_buf_free(&m->page_store.text);
    dl_buf_free(&m->page_store.shown);
}

/* ------------------------------------------------------------------ small helpers */

static unsigned char lower(unsigned char c) { return (c >= 'A' && c <= 'Z') ? (unsigned char)(c + 32) : c; }

/* Whether a[0..an) is the lower-case string b, ASCII case-insensitively. b's end is found while
 * comparing (no strlen): the harvest asks this of every meta tag against whole key lists. */
/* Whether a[0..n) and b[0..n) are equal, ASCII case-insensitively. */
static int ascii_ieq_n(const char *a, const char *b, size_t n) {
    for (size_t k = 0; k < n; k++)
        if (lower((unsigned char)a[k]) != lower((unsigned char)b[k])) return 0;
    return 1;
}

static int ascii_ieq(const char *a, size_t an, const char *b) {
    for (size_t i = 0; i < an; i++)
        if (!b[i] || lower((unsigned char)a[i]) != (unsigned char)b[i]) return 0;
    return b[an] == 0;
}

/* Whether s[0..n) holds the lower-case ASCII word w, case-insensitively, as a substring. */
static int contains_ci(const char *s, size_t n, const char *w) {
    size_t wl = strlen(w);
    for (size_t i = 0; i + wl <= n; i++) {
        size_t k = 0;
        while (k < wl && lower((unsigned char)s[i + k]) == (unsigned char)w[k]) k++;
        if (k == wl) return 1;
    }
    return 0;
}

static int starts_ci(const char *s, size_t n, const char *w) {
    size_t wl = strlen(w);
    if (n < wl) return 0;
    for (size_t k = 0; k < wl; k++)
        if (lower((unsigned char)s[k]) != (unsigned char)w[k]) return 0;
    return 1;
}

/* Whether the space-separated token list holds word (lower-case ASCII), ASCII case-insensitively. */
static int has_token(const dl_attr *a, const char *word) {
    if (!a) return 0;
    const char *tok;
    size_t at = 0, len;
    while (dl_ascii_next_token(a->value.ptr, a->value.len, &at, &tok, &len))
        if (dl_ascii_eq_ci_lit(tok, len, word)) return 1;
    return 0;
}

/* Whether s[0..n) holds one of words[0..nw) (lower-case ASCII) as a substring, case-insensitively. */
static int contains_any(const char *s, size_t n, const char *const *words, size_t nw) {
    for (size_t k = 0; k < nw; k++)
        if (contains_ci(s, n, words[k])) return 1;
    return 0;
}

/* Whether the space-separated token list holds one of words[0..nw), ASCII case-insensitively. */
static int has_any_token(const dl_attr *a, const char *const *words, size_t nw) {
    for (size_t k = 0; k < nw; k++)
        if (has_token(a, words[k])) return 1;
    return 0;
}

/* The longest prefix of s no longer than n that ends on a UTF-8 character boundary (s has more than n
 * bytes): a value cut to a bound stays valid UTF-8. */
static size_t utf8_cut(const char *s, size_t n) {
    while (n && ((unsigned char)s[n] & 0xC0) == 0x80) n--;
    return n;
}

static const dl_attr *attr(const dl_node *el, const char *name) { return dl_element_attr(el, name, strlen(name)); }

/* Whether el is a job title's element inside a byline ("<span class=job_title>Former Deputy Editor",
 * itemprop=jobTitle): the role under the name, not a word of it. */
static int job_element(const dl_node *el) {
    const dl_attr *cls = attr(el, "class"), *prop = attr(el, "itemprop");
    return (cls && contains_ci(cls->value.ptr, cls->value.len, DL_MW_JOB_CLASS)) ||
           (prop && contains_ci(prop->value.ptr, prop->value.len, "jobtitle"));
}

/* Whether el is a link to a tag's or a category's page (rel=tag, a path with /tag/, /tags/,
 * /category/ or /categories/): a byline line also carries the post's topics ("<a href=/blog/tag/x>
 * Personal finance</a> January 27, 2025" in a "byline" block), which name no one. */
static int topic_link(const dl_node *el) {
    if (!dl_is_element(el, DL_TAG_a)) return 0;
    const dl_attr *rel = attr(el, "rel"), *href = attr(el, "href");
    if (rel && has_token(rel, "tag")) return 1;
    if (!href) return 0;
    static const char *const paths[] = {DL_MW_TOPIC_PATHS};
    for (size_t k = 0; k < sizeof paths / sizeof paths[0]; k++)
        if (contains_ci(href->value.ptr, href->value.len, paths[k])) return 1;
    return 0;
}

/* The folded text of el, at most max bytes, without script, style or template content, and with no_job
 * set without the job titles' elements (job_element) and the topics' links (topic_link). spaced: every
 * element boundary separates words (a byline's "Jane Doe<a>Twitter</a>" reads as two words on screen,
 * where styling sets them apart). */
static void bounded_text_but(const dl_node *el, size_t max, int spaced, int no_job, dl_buf *out) {
    dl_buf raw = {0};
    for (const dl_node *x = el; x && raw.len < max;) {
        int skip = 0;
        if (no_job && x != el && x->type == DL_NODE_ELEMENT && (job_element(x) || topic_link(x))) {
            skip = 1;
        } else if (x->type == DL_NODE_TEXT) {
            size_t n = x->u.text.len;
            if (n > max - raw.len) n = utf8_cut(x->u.text.ptr, max - raw.len);
            dl_buf_append(&raw, x->u.text.ptr, n);
        } else if (x != el && x->type == DL_NODE_ELEMENT &&
                   (x->ns != DL_NS_HTML || x->atom == DL_TAG_script || x->atom == DL_TAG_style ||
                    x->atom == DL_TAG_template || x->atom == DL_TAG_noscript)) {
            skip = 1;
        } else if (x != el && dl_is_element(x, DL_TAG_br)) {
            dl_buf_append(&raw, " ", 1);
        } else if (x != el && x->type == DL_NODE_ELEMENT && (spaced || dl_rule_text_block(x))) {
            dl_buf_append(&raw, "\n", 1); /* a block boundary separates words ("Jane Doe</div><div>May 5") */
        }
        x = dl_next_node(el, x, skip);
    }
    if (raw.failed) out->failed = 1;
    else if (raw.len) dl_fold_append(out, raw.data, raw.len);
    dl_buf_free(&raw);
}

static void bounded_text(const dl_node *el, size_t max, int spaced, dl_buf *out) {
    bounded_text_but(el, max, spaced, 0, out);
}

/* Whether the link a, after a heading's words, is a link aggregator's note on the story rather than a
 * word of its headline: its source's domain in brackets ("(latimes.com)") or its comment count ("87"),
 * each a link of its own after the story's title ("<h1><a>Headline</a> <a>(latimes.com)</a> <a>87</a>"). */
static int link_aside(const dl_node *a) {
    dl_buf t = {0};
    bounded_text(a, 80, 0, &t);
    size_t i = 0, n = t.len;
    while (i < n && dl_rule_is_space((unsigned char)t.data[i])) i++;
    while (n > i && dl_rule_is_space((unsigned char)t.data[n - 1])) n--;
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
        bounded_text(x, 64, 0, &t);
        int words = 0;
        for (size_t k = 0; k < t.len && !words; k++) words = dl_ascii_is_alnum((unsigned char)t.data[k]);
        dl_buf_free(&t);
        return words;
    }
    return leading && has_any_token(cls, labels, sizeof labels / sizeof labels[0]);
}

/* The text of the heading el as bounded_text reads it (spaced 0), without the words headline_aside
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
                if (!dl_rule_is_space((unsigned char)x->u.text.ptr[k]) && (unsigned char)x->u.text.ptr[k] != 0xC2 &&
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
    if (!out->failed && out->len == before) bounded_text(el, max, 0, out);
}

/* ------------------------------------------------------------------ the design's fields */

static int wants(const dl_metadata *md, dl_meta_field f, int rank) { return rank < md->fields[f].rank; }

/* Take a folded candidate value; returns whether it was non-empty (and so taken). */
static int take(dl_meta *m, dl_meta_field f, int rank, dl_buf *value) {
    if (value->failed) m->nomem = 1;
    if (value->len == 0 || value->failed) {
        dl_buf_free(value);
        return 0;
    }
    dl_buf_free(&m->design.fields[f].value);
    m->design.fields[f].value = *value;
    m->design.fields[f].rank = rank;
    memset(value, 0, sizeof(*value));
    return 1;
}

static void set_string(dl_meta *m, dl_meta_field f, int rank, const char *s, size_t len) {
    if (!wants(&m->design, f, rank)) return;
    dl_buf b = {0};
    dl_fold_append(&b, s, len);
    take(m, f, rank, &b);
}

/* The folded text of el; returns whether it supplied a value. */
static int set_text(dl_meta *m, dl_meta_field f, int rank, const dl_node *el) {
    if (!wants(&m->design, f, rank)) return 1;
    dl_buf b = {0};
    dl_folded_text(el, &b);
    return take(m, f, rank, &b);
}

static void add_tag(dl_meta *m, int rank, const char *s, size_t len) {
    dl_metadata *md = &m->design;
    if (rank > md->tags_rank) return;
    if (rank < md->tags_rank) { /* a better source: forget the weaker one's tags */
        md->tags.len = 0;
        md->ntags = 0;
        md->tags_rank = rank;
    }
    if (md->ntags >= DL_RULE_META_TAGS_MAX) return;
    dl_buf b = {0};
    dl_fold_append(&b, s, len);
    if (b.failed) m->nomem = 1;
    if (b.len) {
        /* Duplicates ("news, News" aside) say nothing new. */
        int dup = 0;
        for (size_t off = 0; off < md->tags.len && !dup;) {
            size_t l = strlen(md->tags.data + off);
            dup = l == b.len && memcmp(md->tags.data + off, b.data, l) == 0;
            off += l + 1;
        }
        if (!dup) {
            dl_buf_append(&md->tags, b.data, b.len);
            dl_buf_append(&md->tags, "", 1);
            if (md->tags.failed) m->nomem = 1;
            else md->ntags++;
        }
    }
    dl_buf_free(&b);
}

static void design_meta_key(dl_meta *m, dl_meta_key key, const char *s, size_t n) {
    switch (key) {
    case DL_META_KEY_TITLE: set_string(m, DL_META_TITLE, RANK_TITLE_OG, s, n); break;
    case DL_META_KEY_AUTHOR: set_string(m, DL_META_BYLINE, RANK_BYLINE_META, s, n); break;
    case DL_META_KEY_PUBLISHED: set_string(m, DL_META_DATE, RANK_DATE_PUBLISHED, s, n); break;
    case DL_META_KEY_DATE: set_string(m, DL_META_DATE, RANK_DATE_META, s, n); break;
    case DL_META_KEY_OG_DESCRIPTION: set_string(m, DL_META_DESCRIPTION, RANK_DESCRIPTION_OG, s, n); break;
    case DL_META_KEY_DESCRIPTION: set_string(m, DL_META_DESCRIPTION, RANK_DESCRIPTION_META, s, n); break;
    case DL_META_KEY_SITE_NAME: set_string(m, DL_META_SITE_NAME, RANK_ONLY, s, n); break;
    case DL_META_KEY_IMAGE: set_string(m, DL_META_IMAGE, RANK_ONLY, s, n); break;
    case DL_META_KEY_TAG: add_tag(m, RANK_TAGS_ARTICLE, s, n); break;
    case DL_META_KEY_KEYWORDS:
        for (size_t i = 0; i <= n;) {
            size_t j = i;
            while (j < n && s[j] != ',') j++;
            add_tag(m, RANK_TAGS_KEYWORDS, s + i, j - i);
            i = j + 1;
        }
        break;
    default: break;
    }
}

/* ------------------------------------------------------------------ article()'s declared sources */

static void set_src(dl_meta *m, dl_meta_source src, const char *s, size_t n) {
    if (m->src[src].len) return;
    if (n > DL_META_TEXT_MAX) n = utf8_cut(s, DL_META_TEXT_MAX);
    dl_fold_append(&m->src[src], s, n);
    if (m->src[src].failed) m->nomem = 1;
}

/* "Doe, Jane" (a library catalogue's order, written by some CMSs): the reader sees "Jane Doe". Only
 * for two single words, so "Jane Doe, John Roe" stays two authors. */
static int inverted_name(const char *s, size_t n, size_t *comma) {
    size_t c = n, spaces = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == ',') {
            if (c != n) return 0;
            c = i;
        } else if (s[i] == ' ') {
            spaces++;
        }
    }
    if (c == n || c == 0 || c + 2 >= n || s[c + 1] != ' ' || spaces != 1) return 0;
    *comma = c;
    return 1;
}

/* Whether the ", "-joined list of names holds name[0..n) as one of its names. */
static int names_listed(const dl_buf *list, const char *name, size_t n) {
    for (size_t i = 0; n && i + n <= list->len; i++)
        if ((i == 0 || (i >= 2 && list->data[i - 2] == ',' && list->data[i - 1] == ' ')) &&
            memcmp(list->data + i, name, n) == 0 && (i + n == list->len || list->data[i + n] == ','))
            return 1;
    return 0;
}

/* set_src for an author meta a page writes once per author (article:author, citation_author,
 * dc.creator): each further value, when new, is another author, joined with ", " (at most 16, within
 * DL_META_TEXT_MAX bytes). */
static void add_src_name(dl_meta *m, dl_meta_source src, const char *s, size_t n) {
    dl_buf *b = &m->src[src];
    if (m->src_names[src] >= 16) return;
    dl_buf v = {0};
    dl_fold_append(&v, s, n > DL_META_TEXT_MAX ? utf8_cut(s, DL_META_TEXT_MAX) : n);
    if (v.failed) m->nomem = 1;
    size_t vl = v.len;
    while (vl && dl_rule_is_space((unsigned char)v.data[vl - 1])) vl--;
    size_t vs = 0;
    while (vs < vl && dl_rule_is_space((unsigned char)v.data[vs])) vs++;
    /* a catalogue's "Roy, Aniruddha" is "Aniruddha Roy", so that its comma does not read as a join */
    size_t comma;
    if (vl > vs && inverted_name(v.data + vs, vl - vs, &comma)) {
        const char *name = v.data + vs;
        dl_buf w = {0};
        dl_buf_append(&w, name + comma + 2, vl - vs - comma - 2);
        dl_buf_append(&w, " ", 1);
        dl_buf_append(&w, name, comma);
        dl_buf_free(&v);
        v = w;
        vs = 0, vl = v.len;
        if (v.failed) m->nomem = 1;
    }
    if (!b->len) {
        if (vl > vs && !v.failed) set_src(m, src, v.data + vs, vl - vs);
        m->src_names[src] = b->len != 0;
        dl_buf_free(&v);
        return;
    }
    if (vl > vs && !names_listed(b, v.data + vs, vl - vs) && !v.failed && b->len + 2 + (vl - vs) <= DL_META_TEXT_MAX) {
        dl_buf_append(b, ", ", 2);
        dl_buf_append(b, v.data + vs, vl - vs);
        if (b->failed) m->nomem = 1;
        m->src_names[src]++;
    }
    dl_buf_free(&v);
}

/* Keep a date written with a time: another source may show the same moment in the page's own zone. */
static void keep_timed(dl_meta *m, const dl_date *d) {
    if (d->has_time && m->ntimed < DL_META_TIMED_MAX) m->timed[m->ntimed++] = *d;
}

static void set_date(dl_meta *m, dl_meta_date_source d, const char *s, size_t n) {
    if (m->date_set[d] && m->ntimed >= DL_META_TIMED_MAX) return;
    dl_date x;
    if (!dl_date_parse(s, n, &x)) return;
    keep_timed(m, &x);
    if (!m->date_set[d]) {
        m->dates[d] = x;
        m->date_set[d] = 1;
    }
}

static int looks_like_url(const char *s, size_t n) {
    /* a path on the page's own site ("/@jane", "/author/jane-doe") is a profile's address too: a name
     * never starts with a slash */
    static const char *const starts[] = {DL_MW_URL_STARTS};
    for (size_t k = 0; k < sizeof starts / sizeof starts[0]; k++)
        if (starts_ci(s, n, starts[k])) return 1;
    return 0;
}

/* The article keys (words.h), with their lengths: a meta's key is compared only with those of its
 * length. */
#define DL_KEY(k, src, date, many) {k, sizeof(k) - 1, src, date, many},
static const struct {
    const char *key;
    size_t len;
    int src;  /* a dl_meta_source, or -1 */
    int date; /* a dl_meta_date_source, or -1 */
    int many; /* written once per author: each value another name (add_src_name) */
} article_keys[] = {DL_MW_ARTICLE_KEYS(DL_KEY)};
#undef DL_KEY

static void article_meta_key(dl_meta *m, const char *k, size_t kn, const char *s, size_t n) {
    /* Slack and Twitter cards label their first data field; "Written by" makes it the author */
    if (ascii_ieq(k, kn, "twitter:label1")) {
        while (n && dl_rule_is_space((unsigned char)*s)) s++, n--;
        static const char *const labels[] = {DL_MW_TWITTER_AUTHOR_LABELS};
        m->twitter_label_author = 0;
        for (size_t k = 0; k < sizeof labels / sizeof labels[0] && !m->twitter_label_author; k++)
            m->twitter_label_author = starts_ci(s, n, labels[k]);
        return;
    }
    for (size_t i = 0; i < sizeof article_keys / sizeof article_keys[0]; i++) {
        /* the length first: most keys a page writes are none of these, and few have their length */
        if (article_keys[i].len != kn || !dl_ascii_eq_ci(k, kn, article_keys[i].key, kn)) continue;
        if (article_keys[i].src >= 0) {
            int src = article_keys[i].src;
            /* article:author is often the author's profile URL: a URL is not a byline */
            if (src >= DL_SRC_LD_AUTHOR && src <= DL_SRC_TWITTER_DATA1 && looks_like_url(s, n)) return;
            /* several authors, one meta each (a paper's citation_author list): the byline names them
             * all */
            if (article_keys[i].many) add_src_name(m, (dl_meta_source)src, s, n);
            else set_src(m, (dl_meta_source)src, s, n);
        }
        if (article_keys[i].date >= 0) set_date(m, (dl_meta_date_source)article_keys[i].date, s, n);
        return;
    }
    /* a CMS's own spelling of the publication date ("w-published-date", "publishDate"): read last, after
     * every name above, and never a modification's */
    static const char *const modified[] = {DL_MW_MODIFIED_WORDS};
    if (kn <= 64 && contains_ci(k, kn, DL_MW_PUBLISHED_KEY) &&
        !contains_any(k, kn, modified, sizeof modified / sizeof modified[0]))
        set_date(m, DL_DATE_META_OTHER, s, n);
}

/* <meta name|property|itemprop="key ..." content="value">: each whitespace-separated key counts (RDFa
 * allows "og:title twitter:title"). A <meta> with no content but a value attribute is read from that:
 * pages rewritten by tools (and some CMS templates) carry the value there. */
static void visit_meta(dl_meta *m, const dl_node *el) {
    const dl_attr *content = attr(el, "content");
    if (!content) content = attr(el, "value");
    if (!content) return;
    static const char *const keys[] = {"name", "property", "itemprop"};
    for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
        const dl_attr *a = attr(el, keys[k]);
        if (!a) continue;
        const char *tok;
        size_t at = 0, len;
        while (dl_ascii_next_token(a->value.ptr, a->value.len, &at, &tok, &len)) {
            design_meta_key(m, dl_rule_meta_key(tok, len), content->value.ptr, content->value.len);
            article_meta_key(m, tok, len, content->value.ptr, content->value.len);
        }
    }
}

/* ------------------------------------------------------------------ JSON-LD */

/* Types whose dates and authors are the page's article: a WebPage's or an Organization's dates are
 * the site's, read only when no article type supplies one. */
static int article_type(const dl_jsonld_value *v) {
    if (!v->type) return 0;
    static const char *const kinds[] = {DL_MW_LD_ARTICLE_TYPES};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        size_t kl = strlen(kinds[i]);
        if (v->type_len >= kl && memcmp(v->type + v->type_len - kl, kinds[i], kl) == 0) return 1;
    }
    return 0;
}

typedef struct {
    dl_meta *m;
    unsigned author_object; /* the object whose author names are being gathered, 0 before any */
    int author_depth;       /* its nesting depth: an author list's objects are all at one depth */
    int authors;            /* names gathered */
    int article_dates;      /* a date came from an article type: later non-article dates do not replace */
    dl_buf published, modified, created;
    int published_rank, modified_rank; /* 2 article type, 1 other */
} ld_state;

static void ld_date(ld_state *st, dl_buf *slot, int *rank, const dl_jsonld_value *v) {
    int r = article_type(v) ? 2 : 1;
    int wanted = !(rank && *rank >= r) && !(!rank && slot->len);
    if (!wanted && st->m->ntimed >= DL_META_TIMED_MAX) return;
    dl_buf b = {0};
    dl_jsonld_unescape(v->value, v->value_len, &b);
    dl_date d;
    if (!b.failed && dl_date_parse(b.data, b.len, &d)) {
        keep_timed(st->m, &d);
        if (!wanted) {
            dl_buf_free(&b);
            return;
        }
        dl_buf_free(slot);
        *slot = b;
        if (rank) *rank = r;
        return;
    }
    if (b.failed) st->m->nomem = 1;
    dl_buf_free(&b);
}

static int ld_value(void *user, const dl_jsonld_value *v) {
    ld_state *st = user;
    dl_meta *m = st->m;
    const char *k = v->key;
    size_t kn = v->key_len;
    if (dl_jsonld_key_is(k, kn, "headline")) {
        if (!m->src[DL_SRC_LD_HEADLINE].len) dl_jsonld_unescape(v->value, v->value_len, &m->src[DL_SRC_LD_HEADLINE]);
    } else if (dl_jsonld_key_is(k, kn, "datePublished")) {
        ld_date(st, &st->published, &st->published_rank, v);
    } else if (dl_jsonld_key_is(k, kn, "dateModified")) {
        ld_date(st, &st->modified, &st->modified_rank, v);
    } else if (dl_jsonld_key_is(k, kn, "dateCreated")) {
        ld_date(st, &st->created, NULL, v);
    } else if (dl_jsonld_key_is(k, kn, "name") && dl_jsonld_key_is(v->parent_key, v->parent_key_len, "publisher")) {
        if (!m->src[DL_SRC_LD_PUBLISHER].len) dl_jsonld_unescape(v->value, v->value_len, &m->src[DL_SRC_LD_PUBLISHER]);
    } else if (dl_jsonld_key_is(k, kn, "name") && v->type && v->type_len == 7 && memcmp(v->type, "WebSite", 7) == 0) {
        if (!m->src[DL_SRC_LD_WEBSITE].len) dl_jsonld_unescape(v->value, v->value_len, &m->src[DL_SRC_LD_WEBSITE]);
    } else if ((dl_jsonld_key_is(k, kn, "author") || dl_jsonld_key_is(k, kn, "creator")) ||
               (dl_jsonld_key_is(k, kn, "name") && (dl_jsonld_key_is(v->parent_key, v->parent_key_len, "author") ||
                                                    dl_jsonld_key_is(v->parent_key, v->parent_key_len, "creator")))) {
        /* an author is a name string, an object with a name, or a list of either; the names of the first
         * object that lists any are the byline, joined with ", " */
        if (dl_jsonld_key_is(k, kn, "creator") && st->authors) return 0;
        if (looks_like_url(v->value, v->value_len)) return 0;
        unsigned obj = v->object;
        if (st->author_object && obj != st->author_object && !dl_jsonld_key_is(k, kn, "name")) return 0;
        /* the next author object of the same list sits at the first one's depth; an author deeper
         * down is a comment's or an answer's (a forum thread's DiscussionForumPosting lists them) */
        if (st->author_object && obj != st->author_object && v->depth != st->author_depth) return 0;
        if (st->authors >= 8) return 0;
        dl_buf name = {0};
        dl_jsonld_unescape(v->value, v->value_len, &name);
        if (name.failed) m->nomem = 1;
        if (name.len) {
            dl_buf *out = &m->src[DL_SRC_LD_AUTHOR];
            /* the same name twice (an author object repeated in two graphs) is one author */
            if (!names_listed(out, name.data, name.len)) {
                if (out->len) dl_buf_append(out, ", ", 2);
                dl_buf_append(out, name.data, name.len);
                st->authors++;
                if (!st->author_object) st->author_object = obj, st->author_depth = v->depth;
            }
        }
        dl_buf_free(&name);
    }
    return 0;
}

static void visit_json_ld(dl_meta *m, const dl_node *script) {
    const dl_node *t = script->first_child;
    if (!t) return;
    ld_state st;
    memset(&st, 0, sizeof st);
    st.m = m;
    if (m->src[DL_SRC_LD_AUTHOR].len) st.authors = 8; /* a later script does not add to the byline */
    if (!t->next && t->type == DL_NODE_TEXT) {
        dl_jsonld_walk(t->u.text.ptr, t->u.text.len, ld_value, &st);
    } else {
        dl_buf b = {0};
        for (; t; t = t->next)
            if (t->type == DL_NODE_TEXT) dl_buf_append(&b, t->u.text.ptr, t->u.text.len);
        if (b.failed) m->nomem = 1;
        else if (b.len) dl_jsonld_walk(b.data, b.len, ld_value, &st);
        dl_buf_free(&b);
    }
    if (st.published.len) set_date(m, DL_DATE_LD_PUBLISHED, st.published.data, st.published.len);
    if (st.modified.len) set_date(m, DL_DATE_LD_MODIFIED, st.modified.data, st.modified.len);
    if (st.created.len) set_date(m, DL_DATE_LD_CREATED, st.created.data, st.created.len);
    dl_buf_free(&st.published);
    dl_buf_free(&st.modified);
    dl_buf_free(&st.created);
}

/* ------------------------------------------------------------------ visible sources */

static void keep_node(dl_meta_node *list, size_t *count, const dl_node *el, uint32_t order, int by_word) {
    if (*count >= DL_META_NODES_MAX) return;
    list[*count].node = el;
    list[*count].order = order;
    list[*count].by_word = (uint8_t)by_word;
    (*count)++;
}

/* Words that introduce a byline (words.h). */
static const char *const byline_prefixes[] = {DL_MW_BYLINE_LABELS};

/* Whether el's text starts with "By" (or a sibling language's word) as a word of its own: a byline
 * written as text ("<span>By</span> <a>Jane Doe</a>", "<p>By Jane Doe</p>"), with no class to say so.
 * Only the first text child is read, so the check costs nothing on other elements. */
static int by_word(const dl_node *el) {
    const dl_node *t = el->first_child;
    if (!t || t->type != DL_NODE_TEXT) return 0;
    const char *s = t->u.text.ptr;
    size_t n = t->u.text.len, lead = dl_ascii_space_prefix(s, n);
    s += lead, n -= lead;
    /* every word below starts with one of these letters: most texts are ruled out by their first */
    switch (lower((unsigned char)(n ? *s : 0))) {
    case 'b': case 'v': case 'p': case 'd': case 'w': break;
    default: return 0;
    }
    if (n < 2) return 0;
    unsigned char c0 = lower((unsigned char)s[0]), c1 = lower((unsigned char)s[1]);
    static const char *const words[] = {DL_MW_BY_WORDS};
    size_t k = 0, nwords = sizeof words / sizeof words[0];
    /* and by their second: "the", "product", "details" start no word, so no comparison is made */
    while (k < nwords && ((unsigned char)words[k][0] != c0 || (unsigned char)words[k][1] != c1)) k++;
    if (k == nwords) return 0;
    while (n && dl_rule_is_space((unsigned char)s[n - 1])) n--;
    for (; k < nwords; k++) {
        size_t wl = strlen(words[k]);
        if (n < wl || !starts_ci(s, n, words[k])) continue;
        if (n == wl || s[wl] == ':') return 1;
        /* "By Jane": the word, a space, a capital letter (a sentence "by the way" is not a byline) */
        if (s[wl] == ' ' && wl + 1 < n && (((unsigned char)s[wl + 1] >= 'A' && (unsigned char)s[wl + 1] <= 'Z') ||
                                           (unsigned char)s[wl + 1] >= 0xC3) && n < 80 && s[0] >= 'A' && s[0] <= 'Z')
            return 1;
    }
    return 0;
}

/* Whether el sits in a menu (a navigation, a button, a form's choice or a disclosure's summary) or in
 * code (<pre>, <code>), at most 16 levels up. "By Price", "By Gender & Age", "BY COMPANY SIZE" in a
 * menu are its facet labels, and "BY DEFAULT AS IDENTITY" in a listing is SQL, which by_word would
 * read as "By" and a capitalised name. */
static int in_menu_or_code(const dl_node *el) {
    const dl_node *a = el;
    for (int up = 0; a && a->type == DL_NODE_ELEMENT && up < 16; up++, a = a->parent) {
        if (a->ns != DL_NS_HTML) continue;
        switch (a->atom) {
#define DL_CASE(t) case DL_TAG_##t:
        DL_MW_MENU_OR_CODE_TAGS(DL_CASE)
#undef DL_CASE
            return 1;
        default:
            break;
        }
    }
    return 0;
}

/* Where a name is a credit for something other than the page's text: a picture's caption (<figure>,
 * <figcaption>: "Photograph by Tyrone Turner"), a quotation's attribution (<blockquote>: a
 * testimonial's "Michelle Lin, Chief Financial Officer", a review's "<cite>Ash C.</cite>"), or, for a
 * "by" line (page_footer set), the page's own <footer>, one inside no <article> or <main> ("Made with
 * love by Dots United", a web agency's credit; an article's footer may hold its byline, and an author
 * box after the post is often a <footer> of its own, its name marked by its class). Looks at most 16
 * levels up. */
static int credit_place(const dl_node *el, int page_footer) {
    const dl_node *a = el;
    int footer = 0;
    for (int up = 0; a && a->type == DL_NODE_ELEMENT && up < 16; up++, a = a->parent) {
        if (a->ns != DL_NS_HTML) continue;
        if (a->atom == DL_TAG_figure || a->atom == DL_TAG_figcaption || a->atom == DL_TAG_blockquote) return 1;
        if (a->atom == DL_TAG_footer) footer = 1;
        if (a->atom == DL_TAG_article || a->atom == DL_TAG_main) return 0;
    }
    return page_footer && footer;
}

/* Whether el sits in a menu its classes name ("menu-item" list items of a theme's header, not a <nav>),
 * at most six levels up. */
static int in_menu_class(const dl_node *el) {
    const dl_node *a = el;
    for (int up = 0; a && a->type == DL_NODE_ELEMENT && up < 6; up++, a = a->parent) {
        const dl_attr *cls = attr(a, "class");
        if (cls && contains_ci(cls->value.ptr, cls->value.len, DL_MW_MENU_CLASS)) return 1;
    }
    return 0;
}

/* Whether el is inside a comment or the comments' list (a class or id with "comment", at most 8 levels
 * up): "Kommentar von <cite>Mareike</cite>" names a commenter, not the author. */
static int in_comments(const dl_node *el) {
    const dl_node *a = el->parent;
    for (int up = 0; a && a->type == DL_NODE_ELEMENT && up < 8; up++, a = a->parent) {
        const dl_attr *cls = attr(a, "class"), *id = attr(a, "id");
        if ((cls && contains_ci(cls->value.ptr, cls->value.len, DL_MW_COMMENT_CLASS)) ||
            (id && contains_ci(id->value.ptr, id->value.len, DL_MW_COMMENT_CLASS)))
            return 1;
    }
    return 0;
}

/* Whether the link el points to an author's page: a path segment that lists a site's authors
 * ("/author/jane-doe/", "/about/editors/jon-fingas/"; not "/profile/", which social sites' links
 * carry too). */
static int author_page_link(const dl_node *el) {
    if (!dl_is_element(el, DL_TAG_a)) return 0;
    const dl_attr *href = attr(el, "href");
    if (!href) return 0;
    static const char *const segments[] = {DL_MW_AUTHOR_PAGE_SEGMENTS};
    /* one pass over the href: a segment is compared only after a slash, and only when its first letter
     * starts one of the words (every link of the page comes here) */
    const char *p = href->value.ptr, *end = p + href->value.len;
    while ((p = memchr(p, '/', (size_t)(end - p))) != NULL) {
        p++;
        if (p == end) break;
        unsigned char c = lower((unsigned char)*p);
        if (c != 'a' && c != 'e' && c != 'w' && c != 'c' && c != 'r' && c != 'j') continue;
        for (size_t k = 0; k < sizeof segments / sizeof segments[0]; k++)
            if ((unsigned char)segments[k][0] == c && starts_ci(p, (size_t)(end - p), segments[k])) return 1;
    }
    return 0;
}

/* Class, id or itemprop words that mark a byline or a date line, and those that veto each (words.h's
 * DL_MW_HINTS_*): a value holds a hint when it holds a word of the first kind and none of the second.
 * The words are grouped by their first letter, each with the lists that hold it, so that one pass over
 * a value finds all of them rather than a search per word. */
enum { HINT_BYLINE = 1, HINT_NOT_BYLINE = 2, HINT_DATE = 4, HINT_NOT_DATE = 8 };
typedef struct {
    const char *word;
    uint8_t len, lists;
} hint_word;
#define HW(w, lists) {w, sizeof(w) - 1, lists},
static const hint_word hint_a[] = {DL_MW_HINTS_A(HW)};
static const hint_word hint_b[] = {DL_MW_HINTS_B(HW)};
static const hint_word hint_c[] = {DL_MW_HINTS_C(HW)};
static const hint_word hint_d[] = {DL_MW_HINTS_D(HW)};
static const hint_word hint_e[] = {DL_MW_HINTS_E(HW)};
static const hint_word hint_f[] = {DL_MW_HINTS_F(HW)};
static const hint_word hint_i[] = {DL_MW_HINTS_I(HW)};
static const hint_word hint_m[] = {DL_MW_HINTS_M(HW)};
static const hint_word hint_n[] = {DL_MW_HINTS_N(HW)};
static const hint_word hint_p[] = {DL_MW_HINTS_P(HW)};
static const hint_word hint_r[] = {DL_MW_HINTS_R(HW)};
static const hint_word hint_s[] = {DL_MW_HINTS_S(HW)};
static const hint_word hint_t[] = {DL_MW_HINTS_T(HW)};
static const hint_word hint_u[] = {DL_MW_HINTS_U(HW)};
static const hint_word hint_w[] = {DL_MW_HINTS_W(HW)};
#undef HW

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The hint words starting with the lower-case byte c: *n of them. */
static const hint_word *hint_words_at(unsigned char c, size_t *n) {
#define HINTS(x) return *n = COUNT(x), x
    switch (c) {
    case 'a': HINTS(hint_a);
    case 'b': HINTS(hint_b);
    case 'c': HINTS(hint_c);
    case 'd': HINTS(hint_d);
    case 'e': HINTS(hint_e);
    case 'f': HINTS(hint_f);
    case 'i': HINTS(hint_i);
    case 'm': HINTS(hint_m);
    case 'n': HINTS(hint_n);
    case 'p': HINTS(hint_p);
    case 'r': HINTS(hint_r);
    case 's': HINTS(hint_s);
    case 't': HINTS(hint_t);
    case 'u': HINTS(hint_u);
    case 'w': HINTS(hint_w);
    default: return *n = 0, NULL;
    }
#undef HINTS
}

/* Whether a hint piece starts at p (r bytes left, r >= 2; see has_piece). */
static int piece_at(const char *p, size_t r) {
    unsigned char c2 = lower((unsigned char)p[1]);
    switch (lower((unsigned char)*p)) {
    case 'a': return c2 == 'u' && starts_ci(p, r, "aut");
    case 'b': return c2 == 'y'; /* "by" is its first two letters */
    case 'w': return c2 == 'r' && starts_ci(p, r, "writer");
    case 'r': return c2 == 'e' && starts_ci(p, r, "reporter");
    case 'd': return c2 == 'a' && starts_ci(p, r, "dat");
    case 't': return c2 == 'i' && starts_ci(p, r, "tim");
    case 'p': return (c2 == 'u' && starts_ci(p, r, "pub")) || (c2 == 'o' && starts_ci(p, r, "post"));
    case 'f': return c2 == 'e' && starts_ci(p, r, "fecha");
    case 'm': return c2 == 'e' && starts_ci(p, r, "meta");
    case 'u': return c2 == 's' && (starts_ci(p, r, "username") || starts_ci(p, r, "user-name"));
    default: return 0;
    }
}

/* Whether s holds a piece every byline or date-line word holds ("aut", "by", "writer", "reporter", "dat",
 * "tim", "pub", "post", "fecha", "meta", "username"), ASCII case-insensitively: one pass over the value,
 * so the many class names and ids that hold none cost little. */
static int has_piece(const char *s, size_t n) {
    size_t i = 0;
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
    /* 16 places at a time: a place is looked at only when its two bytes are a piece's first two
     * letters, in either case (a letter's byte with bit 0x20 set is its lower case, and no other byte
     * becomes a lower-case letter so), which most values never are */
    const __m128i case_bit = _mm_set1_epi8(0x20);
#define DL_PAIR(a, b) _mm_and_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(a)), _mm_cmpeq_epi8(y, _mm_set1_epi8(b)))
    for (; i + 17 <= n; i += 16) {
        __m128i x = _mm_or_si128(_mm_loadu_si128((const __m128i *)(const void *)(s + i)), case_bit);
        __m128i y = _mm_or_si128(_mm_loadu_si128((const __m128i *)(const void *)(s + i + 1)), case_bit);
        __m128i m = _mm_or_si128(_mm_or_si128(_mm_or_si128(DL_PAIR('a', 'u'), DL_PAIR('b', 'y')),
                                              _mm_or_si128(DL_PAIR('w', 'r'), DL_PAIR('r', 'e'))),
                                 _mm_or_si128(_mm_or_si128(DL_PAIR('d', 'a'), DL_PAIR('t', 'i')),
                                              _mm_or_si128(_mm_or_si128(DL_PAIR('p', 'u'), DL_PAIR('p', 'o')),
                                                           _mm_or_si128(_mm_or_si128(DL_PAIR('f', 'e'), DL_PAIR('m', 'e')),
                                                                        DL_PAIR('u', 's')))));
        for (unsigned bits = (unsigned)_mm_movemask_epi8(m); bits; bits &= bits - 1)
            if (piece_at(s + i + (unsigned)__builtin_ctz(bits), n - i - (unsigned)__builtin_ctz(bits))) return 1;
    }
#undef DL_PAIR
#endif
    /* per first letter of a piece (both cases), its second letters as bits (a letter's byte & 31, either
     * case): a place is ruled out by two loads and a shift, without a branch on its first letter, which
     * is one of the pieces' in most words (another byte whose & 31 is a second letter's only makes
     * piece_at look) */
#define L(c) (1u << ((c) & 31))
    static const uint32_t second[256] = {['a'] = L('u'), ['b'] = L('y'), ['w'] = L('r'), ['r'] = L('e'),
                                         ['d'] = L('a'), ['t'] = L('i'), ['p'] = L('u') | L('o'), ['f'] = L('e'),
                                         ['m'] = L('e'), ['A'] = L('u'), ['B'] = L('y'), ['W'] = L('r'),
                                         ['R'] = L('e'), ['D'] = L('a'), ['T'] = L('i'), ['P'] = L('u') | L('o'),
                                         ['F'] = L('e'), ['M'] = L('e'), ['u'] = L('s'), ['U'] = L('s')};
#undef L
    for (; i + 2 <= n; i++)
        if ((second[(unsigned char)s[i]] >> ((unsigned char)s[i + 1] & 31) & 1) && piece_at(s + i, n - i)) return 1;
    return 0;
}

/* Which of the two hints one class, id or itemprop value carries (bit 1 byline, bit 2 date line): the
 * lists holding a word the value holds, ASCII case-insensitively, found in one pass over its lower-case
 * copy (n < 200: long_value_hints passes no longer value). A place is compared with a word only when
 * its first two letters are the word's. */
static unsigned value_hints(const char *v, size_t n) {
    if (!has_piece(v, n)) return 0;
    unsigned char low[200];
    for (size_t i = 0; i < n; i++) low[i] = lower((unsigned char)v[i]);
    unsigned lists = 0;
    for (size_t i = 0; i + 3 <= n; i++) { /* the shortest word has three letters */
        size_t nw;
        const hint_word *w = hint_words_at(low[i], &nw);
        for (size_t k = 0; k < nw; k++)
            if ((unsigned char)w[k].word[1] == low[i + 1] && w[k].len <= n - i &&
                memcmp(low + i + 2, w[k].word + 2, w[k].len - 2u) == 0)
                lists |= w[k].lists;
    }
    unsigned out = 0;
    if ((lists & (HINT_BYLINE | HINT_NOT_BYLINE)) == HINT_BYLINE) out |= 1;
    if ((lists & (HINT_DATE | HINT_NOT_DATE)) == HINT_DATE) out |= 2;
    return out;
}

/* value_hints of a value of any length: a long one (a utility-first stylesheet's forty classes after
 * "author-name") by its words in the first 199 bytes, where a template puts its own names before the
 * styling ones (the cost stays 199 bytes per value) */
static unsigned long_value_hints(const char *v, size_t n) {
    if (n < 200) return value_hints(v, n);
    size_t k = 199;
    while (k && !dl_rule_is_space((unsigned char)v[k])) k--;
    return k ? value_hints(v, k) : 0;
}

/* The hints of one class, id or itemprop value (value_hints), remembered: in cell when the walk keeps
 * one for the value (its bit 2 set once known, extract.h), else in the harvest's memo. */
enum { HINTS_KNOWN = 4 };
static unsigned hints_of(dl_meta *m, const dl_attr *a, uint32_t *cell) {
    if (!a || !a->value.len) return 0;
    if (cell) {
        if (!(*cell & HINTS_KNOWN)) *cell = HINTS_KNOWN | long_value_hints(a->value.ptr, a->value.len);
        return *cell & 3u;
    }
    size_t slot = 0;
    unsigned h;
    if (!dl_word_memo_get(&m->hint_memo, a->value.ptr, a->value.len, &slot, &h)) {
        h = long_value_hints(a->value.ptr, a->value.len);
        dl_word_memo_put(&m->hint_memo, slot, a->value.ptr, a->value.len, h);
    }
    return h;
}

/* Which of the two hints el's class, id and itemprop carry: the values' hints together. A page repeats
 * its values (every card of a grid has the same class), so each value's hints are remembered for the
 * walk, and a repeat costs a lookup rather than a scan (none at all for a class or id value the
 * page-type walk looked up, cells[0] and cells[1]). rel=author is read as a token. */
static unsigned hints(dl_meta *m, const dl_known_attrs *ma, uint32_t *const cells[2]) {
    return hints_of(m, ma->class_, cells[0]) | hints_of(m, ma->id, cells[1]) | hints_of(m, ma->itemprop, NULL);
}

static void visit_time(dl_meta *m, const dl_node *el) {
    const dl_attr *dt = attr(el, "datetime");
    const dl_attr *cls = attr(el, "class"), *prop = attr(el, "itemprop");
    static const char *const modified_words[] = {DL_MW_MODIFIED_WORDS};
    static const char *const published_words[] = {DL_MW_PUBLISHED_CLASSES};
    int modified = (cls && contains_any(cls->value.ptr, cls->value.len, modified_words,
                                        sizeof modified_words / sizeof modified_words[0])) ||
                   (prop && contains_ci(prop->value.ptr, prop->value.len, "datemodified"));
    dl_buf b = {0};
    if (dt && dt->value.len) dl_buf_append(&b, dt->value.ptr, dt->value.len);
    else bounded_text(el, DL_META_DATELINE_MAX, 1, &b);
    if (b.failed) m->nomem = 1;
    /* A page whose language does not say how it orders a numeric date (English at large, whose month
     * first is a guess, or no lang) shows it in its <time>s: "12/17/2025", or "03/01/2017" for
     * datetime="2017-03-01", is month first, and the page's other numeric dates ("10/12/2023" above
     * the headline, with no markup) are read that way (the first <time> that tells settles it) */
    if (!m->day_first || m->order_guessed) {
        dl_buf text = {0};
        dl_date known;
        int have = dt && dt->value.len && dl_date_parse(dt->value.ptr, dt->value.len, &known);
        bounded_text(el, DL_META_DATELINE_MAX, 1, &text);
        if (text.failed) m->nomem = 1;
        else if (text.len) {
            int order = dl_date_order(text.data, text.len, have ? &known : NULL);
            if (order) m->day_first = order, m->order_guessed = 0;
        }
        dl_buf_free(&text);
    }
    if (b.len) {
        int published = attr(el, "pubdate") ||
                        (cls && contains_any(cls->value.ptr, cls->value.len, published_words,
                                             sizeof published_words / sizeof published_words[0]));
        /* microdata's dateCreated is when the work was made public as much as datePublished: a
         * question's "asked" <time> on a Q&A page (its answers' and comments' datePublished follow) */
        if (prop && (contains_ci(prop->value.ptr, prop->value.len, "datepublished") ||
                     contains_ci(prop->value.ptr, prop->value.len, "datecreated")))
            set_date(m, DL_DATE_ITEMPROP_PUBLISHED, b.data, b.len);
        else if (modified) set_date(m, DL_DATE_ITEMPROP_MODIFIED, b.data, b.len);
        else if (published) set_date(m, DL_DATE_TIME_PUBDATE, b.data, b.len);
        else set_date(m, DL_DATE_TIME, b.data, b.len);
    }
    dl_buf_free(&b);
}

/* The name of the page's first author item: one its markup states, in a <meta> or <link> (<span
 * itemprop=author itemscope><link itemprop=name content="Jane Doe">), schema.org's author, declared as
 * an author meta's is; or one it shows as the text of its itemprop=name element, when the item is the
 * author of a posting or an article item (a forum thread's DiscussionForumPosting names its starter
 * first, in a hidden author item, before the replies' own; kept apart
 * and weighed after the declared authors, since a related story's card is an article item too). The
 * name belongs to the nearest item around it (itemscope, at most 8 levels up), which must be the
 * author, not the page's video or product, and a person (an Organization item is the publisher signing
 * for its staff, where the visible byline names who wrote it). Whether the name names someone is
 * resolve_byline's question (names_someone), as for every declared author. */
static void item_author_name(dl_meta *m, const dl_node *el, const dl_known_attrs *ma) {
    if (!has_token(ma->itemprop, "name") || m->src[DL_SRC_ITEMPROP_AUTHOR].len ||
        m->src[DL_SRC_ITEMPROP_AUTHOR_TEXT].len)
        return;
    const dl_attr *content = attr(el, "content");
    if (content && content->value.len && looks_like_url(content->value.ptr, content->value.len)) return;
    const dl_node *item = el->parent;
    for (int up = 0; item && item->type == DL_NODE_ELEMENT && up < 8; up++, item = item->parent) {
        if (!attr(item, "itemscope")) continue;
        const dl_attr *type = attr(item, "itemtype");
        if (has_token(attr(item, "itemprop"), "author") &&
            !(type && contains_ci(type->value.ptr, type->value.len, "organization"))) {
            if (content && content->value.len) {
                set_src(m, DL_SRC_ITEMPROP_AUTHOR, content->value.ptr, content->value.len);
                return;
            }
            /* a name the item shows as text, when the item is the author of a posting or an article
             * item (the item above it, at most 8 levels up) and the first such: kept apart, after the
             * declared authors (a related story's card carries one too) */
            const dl_node *post = item->parent;
            for (int k = 0; post && post->type == DL_NODE_ELEMENT && k < 8 && !attr(post, "itemscope"); k++)
                post = post->parent;
            const dl_attr *pt = post && post->type == DL_NODE_ELEMENT ? attr(post, "itemtype") : NULL;
            static const char *const post_types[] = {DL_MW_POST_ITEM_TYPES};
            if (!pt ||
                !contains_any(pt->value.ptr, pt->value.len, post_types, sizeof post_types / sizeof post_types[0]))
                return;
            bounded_text(el, DL_META_TEXT_MAX, 0, &m->src[DL_SRC_ITEMPROP_AUTHOR_TEXT]);
            if (m->src[DL_SRC_ITEMPROP_AUTHOR_TEXT].failed) m->nomem = 1;
        }
        return;
    }
}

/* The sources a tag holds (visit_tag's second switch); 0 where the harvest is done with the element (its
 * attributes are not read as those of a visible source). */
static int visit_source_tag(dl_meta *m, const dl_node *el, const dl_known_attrs *ma) {
    uint32_t order = m->order;
    switch (el->atom) {
    case DL_TAG_h1:
        if (m->nh1 < DL_META_H1_MAX) {
            m->h1[m->nh1].node = el;
            m->h1[m->nh1].order = order;
            m->nh1++;
        }
        break;
    case DL_TAG_h2:
        if (m->nh2 < DL_META_H2_MAX) {
            m->h2[m->nh2].node = el;
            m->h2[m->nh2].order = order;
            m->nh2++;
        }
        break;
    case DL_TAG_title:
        if (!m->src[DL_SRC_TITLE_TAG].len) bounded_text(el, DL_META_TEXT_MAX, 0, &m->src[DL_SRC_TITLE_TAG]);
        break;
    case DL_TAG_meta:
        if (ma->itemprop) item_author_name(m, el, ma);
        visit_meta(m, el);
        return 0;
    case DL_TAG_script: {
        const dl_attr *type = attr(el, "type");
        if (type && contains_ci(type->value.ptr, type->value.len, "ld+json")) visit_json_ld(m, el);
        return 0;
    }
    case DL_TAG_time: visit_time(m, el); break;
    case DL_TAG_link:
        if (ma->itemprop) item_author_name(m, el, ma);
        return 0;
    case DL_TAG_abbr: {
        /* microformats (hAtom): <abbr class="published" title="2019-11-18T07:45:00Z">Nov 18</abbr> */
        const dl_attr *cls = attr(el, "class"), *title = attr(el, "title");
        if (cls && title && (has_token(cls, "published") || has_token(cls, "dtstart")))
            set_date(m, DL_DATE_TIME_PUBDATE, title->value.ptr, title->value.len);
        break;
    }
    default:
        /* custom elements that carry a datetime (<relative-time>, <local-time>) are <time>s */
        if (el->atom >= DL_TAG__COUNT && ma->datetime) visit_time(m, el);
        break;
    }
    return 1;
}

/* What any element's attributes (and, for a byline, its first words) make it a source of. */
static void visit_source_attrs(dl_meta *m, const dl_node *el, const dl_known_attrs *ma, uint32_t *const cells[2]) {
    uint32_t order = m->order;
    /* microdata on any element: <span itemprop="author">, <h1 itemprop="headline">, a datePublished */
    const dl_attr *prop = ma->itemprop;
    if (prop && el->atom != DL_TAG_time) {
        if (has_token(prop, "headline") && !m->src[DL_SRC_ITEMPROP_HEADLINE].len) {
            bounded_text(el, DL_META_TEXT_MAX, 0, &m->src[DL_SRC_ITEMPROP_HEADLINE]);
        } else if (has_token(prop, "name")) {
            item_author_name(m, el, ma);
        } else if (has_token(prop, "datepublished") || has_token(prop, "datecreated") ||
                   has_token(prop, "datemodified")) {
            int pub = !has_token(prop, "datemodified");
            const dl_attr *v = attr(el, "datetime");
            if (!v) v = attr(el, "content");
            dl_buf b = {0};
            if (v) dl_buf_append(&b, v->value.ptr, v->value.len);
            else bounded_text(el, DL_META_DATELINE_MAX, 1, &b);
            if (b.failed) m->nomem = 1;
            set_date(m, pub ? DL_DATE_ITEMPROP_PUBLISHED : DL_DATE_ITEMPROP_MODIFIED, b.data ? b.data : "", b.len);
            dl_buf_free(&b);
        }
    }
    if (m->nbylines >= DL_META_NODES_MAX && m->ndatelines >= DL_META_NODES_MAX && m->ntimes >= DL_META_NODES_MAX)
        return;
    unsigned h = hints(m, ma, cells);
    if (m->nbylines < DL_META_NODES_MAX) {
        int word = 0;
        /* a byline class on the post's whole container is the template's note of who wrote it
         * (WordPress's "hentry author-jane-doe" on <article> or <body>), not a line the reader sees: the
         * container's first words are the headline */
        int container = el->atom == DL_TAG_article || el->atom == DL_TAG_main || el->atom == DL_TAG_body;
        if (((ma->rel && has_token(ma->rel, "author")) || (prop && has_token(prop, "author")) ||
             ((h & 1) && !container) || ((word = by_word(el)) && !in_menu_or_code(el) && !in_comments(el))) &&
            !credit_place(el, word))
            keep_node(m->bylines, &m->nbylines, el, order, word);
        else if (author_page_link(el) && !in_menu_or_code(el) && !credit_place(el, 1) && !in_menu_class(el))
            /* a link to the author's page with no byline class or "By": the name a reader sees under
             * the headline ("<a href=/about/editors/jon-fingas/>Jon Fingas</a>"), read only there
             * (kind 2: visible_byline's first pass); inside a byline block it splits the block's
             * links into names */
            keep_node(m->bylines, &m->nbylines, el, order, 2);
    }
    if (m->ndatelines < DL_META_NODES_MAX && el->atom != DL_TAG_time && (h & 2))
        keep_node(m->datelines, &m->ndatelines, el, order, 0);
    if (m->ntimes < DL_META_NODES_MAX && el->atom == DL_TAG_time) keep_node(m->times, &m->ntimes, el, order, 0);
}

/* Languages whose numeric dates put the month first: only American English does. */
static int lang_day_first(const char *s, size_t n) {
    if (n >= 5 && ascii_ieq(s, 5, "en-us")) return 2;
    if (n == 2 && ascii_ieq(s, 2, "en")) return 0; /* English at large: either order (month first is guessed) */
    return n ? 1 : 0;
}

void dl_meta_visit(dl_meta *m, const dl_node *el) {
    if (el->type != DL_NODE_ELEMENT || el->ns != DL_NS_HTML) return;
    dl_known_attrs ka;
    dl_known_attrs_gather(el, &ka);
    dl_meta_visit_known(m, el, &ka, NULL, NULL);
}

/* The sources of the tags source_tags lists: the design's, then the article's. */
static int visit_tag(dl_meta *m, const dl_node *el, const dl_known_attrs *ma) {
    switch (el->atom) {
    case DL_TAG_html:
        if (!m->seen_html) {
            m->seen_html = 1;
            m->html = el;
            const dl_attr *lang = attr(el, "lang");
            if (lang) {
                set_string(m, DL_META_LANG, RANK_ONLY, lang->value.ptr, lang->value.len);
                m->day_first = lang_day_first(lang->value.ptr, lang->value.len);
                /* English at large reads a numeric date month first, as American English (the
                 * larger share of English pages) writes it ("3/4/2025" under the headline is March 4);
                 * the page's own <time>s may say otherwise (visit_time) */
                if (!m->day_first && lang->value.len == 2 && ascii_ieq(lang->value.ptr, 2, "en"))
                    m->day_first = 2, m->order_guessed = 1;
            }
        }
        break;
    case DL_TAG_h1:
        if (!m->empty_h1 && wants(&m->design, DL_META_TITLE, RANK_TITLE_H1) &&
            !set_text(m, DL_META_TITLE, RANK_TITLE_H1, el))
            m->empty_h1 = el;
        break;
    case DL_TAG_title:
        set_text(m, DL_META_TITLE, RANK_TITLE_TITLE, el);
        break;
    case DL_TAG_a:
        if (!m->empty_author && wants(&m->design, DL_META_BYLINE, RANK_BYLINE_LINK) &&
            ma->rel && has_token(ma->rel, "author") && !set_text(m, DL_META_BYLINE, RANK_BYLINE_LINK, el))
            m->empty_author = el;
        break;
    case DL_TAG_time:
        if (!m->empty_time && wants(&m->design, DL_META_DATE, RANK_DATE_TIME)) {
            const dl_attr *dt = ma->datetime;
            if (dt) set_string(m, DL_META_DATE, RANK_DATE_TIME, dt->value.ptr, dt->value.len);
            /* An empty datetime attribute supplies nothing: fall back to the element's text. */
            if (wants(&m->design, DL_META_DATE, RANK_DATE_TIME) && !set_text(m, DL_META_DATE, RANK_DATE_TIME, el))
                m->empty_time = el;
        }
        break;
    case DL_TAG_link:
        if (has_token(ma->rel, "canonical")) {
            const dl_attr *href = ma->href;
            if (href) set_string(m, DL_META_CANONICAL, RANK_ONLY, href->value.ptr, href->value.len);
        }
        break;
    default:
        break;
    }
    return visit_source_tag(m, el, ma);
}

/* The tags visit_tag reads a source from: most elements are none of them, and skip its two switches (two
 * chains of comparisons) on one look at this table. Custom elements are read there when they carry a
 * datetime. */
static const uint8_t source_tags[DL_TAG__COUNT] = {
    [DL_TAG_html] = 1, [DL_TAG_h1] = 1,   [DL_TAG_h2] = 1,   [DL_TAG_title] = 1,  [DL_TAG_a] = 1,
    [DL_TAG_time] = 1, [DL_TAG_link] = 1, [DL_TAG_meta] = 1, [DL_TAG_script] = 1, [DL_TAG_abbr] = 1,
};

void dl_meta_visit_known(dl_meta *m, const dl_node *el, const dl_known_attrs *ma, uint32_t *class_cell,
                         uint32_t *id_cell) {
    uint32_t *const cells[2] = {class_cell, id_cell};
    m->order++;
    if (el->atom < DL_TAG__COUNT ? source_tags[el->atom] : ma->datetime != NULL) {
        if (!visit_tag(m, el, ma)) return;
    }
    visit_source_attrs(m, el, ma, cells);
}

void dl_meta_leave(dl_meta *m, const dl_node *el) {
    if (el == m->empty_h1) m->empty_h1 = NULL;
    if (el == m->empty_time) m->empty_time = NULL;
    if (el == m->empty_author) m->empty_author = NULL;
}

/* ------------------------------------------------------------------ text comparison */

/* The length of an invisible character at s[i] (0 when there is none): a soft hyphen (U+00AD), a
 * zero-width space (U+200B), a word joiner (U+2060) or a zero-width no-break space (U+FEFF). A page
 * puts them in a headline for where a line may break ("Assis&shy;tance"); the reader sees none of
 * them, and a title or a name with them does not match the same words typed. The zero-width joiner and
 * non-joiner stay: they change how the letters around them are written (emoji, Persian). */
static size_t invisible_at(const char *s, size_t n, size_t i) {
    const unsigned char *u = (const unsigned char *)s + i;
    size_t left = n - i;
    if (left >= 2 && u[0] == 0xC2 && u[1] == 0xAD) return 2;
    if (left >= 3 && u[0] == 0xE2 && ((u[1] == 0x80 && u[2] == 0x8B) || (u[1] == 0x81 && u[2] == 0xA0))) return 3;
    if (left >= 3 && u[0] == 0xEF && u[1] == 0xBB && u[2] == 0xBF) return 3;
    return 0;
}

/* The comparison form of a text: ASCII lower case, typographic quotes and dashes as ASCII, white
 * space folded, entities a page escaped twice decoded (see decode_entities); at most cap - 1 bytes. */
static size_t norm(const char *s, size_t n, char *out, size_t cap) {
    size_t o = 0;
    int space = 0;
    for (size_t i = 0; i < n && o + 4 < cap; i++) {
        unsigned char c = (unsigned char)s[i];
        if (dl_rule_is_space(c) || c == 0xA0) {
            space = o > 0;
            continue;
        }
        if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0xA0) { /* no-break space */
            space = o > 0;
            i++;
            continue;
        }
        size_t hidden = (c == 0xC2 || c == 0xE2 || c == 0xEF) ? invisible_at(s, n, i) : 0;
        if (hidden) { /* not seen, so not compared (invisible_at) */
            i += hidden - 1;
            continue;
        }
        /* a Markdown emphasis mark a CMS left in a declared title ("*A Treatise* (1792)" over the
         * <h1> "<em>A Treatise</em> (1792)"): the reader sees the words, not the marks */
        if (c == '*') continue;
        if (space) out[o++] = ' ';
        space = 0;
        if (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80) {
            unsigned char d = (unsigned char)s[i + 2];
            if (d == 0x98 || d == 0x99) { out[o++] = '\''; i += 2; continue; }
            if (d == 0x9C || d == 0x9D) { out[o++] = '"'; i += 2; continue; }
            if (d == 0x93 || d == 0x94) { out[o++] = '-'; i += 2; continue; }
        }
        out[o++] = (char)lower(c);
    }
    out[o] = 0;
    return o;
}

static int same_text(const char *a, size_t an, const char *b, size_t bn) {
    char x[DL_META_TEXT_MAX + 8], y[DL_META_TEXT_MAX + 8];
    size_t xn = norm(a, an, x, sizeof x), yn = norm(b, bn, y, sizeof y);
    return xn && xn == yn && memcmp(x, y, xn) == 0;
}

/* Whether b starts with a's text followed by a separator or the end ("Headline" in "Headline | Site"). */
static int leads(const char *a, size_t an, const char *b, size_t bn) {
    char x[DL_META_TEXT_MAX + 8], y[DL_META_TEXT_MAX + 8];
    size_t xn = norm(a, an, x, sizeof x), yn = norm(b, bn, y, sizeof y);
    if (!xn || xn > yn || memcmp(x, y, xn) != 0) return 0;
    return xn == yn || y[xn] == ' ' || y[xn] == ':' || y[xn] == '|';
}

/* Where the rest of b starts after its leading part a and a separator (": ", " | ", " - "), for a
 * title that leads(a, b). Returns 0 when nothing follows. */
/* Whether a is the part of b after a colon (any_sep: or " | ", " - ", " – ", " — ", " · ", " • ", " » "),
 * and longer than the part before it, compared in norm's form. trails: after a colon only, as the
 * title rules take it: a blog's "Blog Name: Headline" <title> over the post's <h1> "Headline", which
 * agrees with it (the <h1> after it in the body is a section's, "What is attestation"). Not after any
 * separator there: the part after " - " or " | " is most often the site's name in a banner <h1>; and
 * the part is the longer, or "science" of "Headline : science" (a forum's name) would agree. */
static int trails_after(const char *a, size_t an, const char *b, size_t bn, int any_sep) {
    char x[DL_META_TEXT_MAX + 8], y[DL_META_TEXT_MAX + 8];
    size_t xn = norm(a, an, x, sizeof x), yn = norm(b, bn, y, sizeof y);
    if (!xn || xn + 3 > yn || memcmp(y + yn - xn, x, xn) != 0) return 0;
    size_t k = yn - xn;
    if (y[k - 1] != ' ') return 0;
    k--;
    if (xn <= k) return 0;
    if (y[k - 1] == ':') return 1;
    if (!any_sep) return 0;
    /* norm writes en and em dashes as '-' */
    static const char *const seps[] = {DL_MW_TRAILING_SEPARATORS};
    for (size_t i = 0; i < sizeof seps / sizeof seps[0]; i++) {
        size_t sl = strlen(seps[i]);
        if (k > sl && memcmp(y + k - sl, seps[i], sl) == 0) return 1;
    }
    return 0;
}

static int trails(const char *a, size_t an, const char *b, size_t bn) { return trails_after(a, an, b, bn, 0); }

static int leads_rest(const char *a, size_t an, const char *b, size_t bn, size_t *at, size_t *len) {
    (void)a;
    /* a's bytes lead b's up to case and spacing: find the separator after the first an bytes */
    size_t i = an < bn ? an : bn;
    while (i < bn && (dl_rule_is_space((unsigned char)b[i]) || b[i] == ':' || b[i] == '|' || b[i] == '-')) i++;
    if (i >= bn) return 0;
    *at = i;
    *len = bn - i;
    return 1;
}

/* ------------------------------------------------------------------ entities escaped twice */

/* A page that escaped its title twice shows "&amp;" or "&#8211;" after parsing: the reader sees "&"
 * and "–". Decodes numeric references and the common named ones; anything else stays as written. */
static void decode_entities(const char *s, size_t n, dl_buf *out) {
    static const struct {
        const char *name;
        const char *utf8;
#define DL_ENTITY(name, utf8) {name, utf8},
    } named[] = {DL_MW_NAMED_ENTITIES(DL_ENTITY)};
#undef DL_ENTITY
    for (size_t i = 0; i < n;) {
        /* a no-break space is a space in a one-line title or name: "Headline&nbsp;|&nbsp;Site" is
         * written so the bar does not wrap, and the separator must still be found */
        if ((unsigned char)s[i] == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0xA0) {
            dl_buf_append(out, " ", 1);
            i += 2;
            continue;
        }
        if (s[i] != '&') {
            size_t j = i;
            while (j < n && s[j] != '&' && !((unsigned char)s[j] == 0xC2 && j + 1 < n && (unsigned char)s[j + 1] == 0xA0)) j++;
            dl_buf_append(out, s + i, j - i);
            i = j;
            continue;
        }
        size_t j = i + 1;
        while (j < n && j - i < 12 && s[j] != ';' && s[j] != '&' && !dl_rule_is_space((unsigned char)s[j])) j++;
        if (j >= n || s[j] != ';') {
            dl_buf_append(out, "&", 1);
            i++;
            continue;
        }
        const char *name = s + i + 1;
        size_t nl = j - i - 1;
        int done = 0;
        if (nl >= 2 && name[0] == '#') {
            uint32_t cp = 0;
            int hex = name[1] == 'x' || name[1] == 'X', ok = 1;
            for (size_t k = hex ? 2 : 1; k < nl && ok; k++) {
                char c = name[k];
                uint32_t d;
                if (c >= '0' && c <= '9') d = (uint32_t)(c - '0');
                else if (hex && c >= 'a' && c <= 'f') d = (uint32_t)(c - 'a' + 10);
                else if (hex && c >= 'A' && c <= 'F') d = (uint32_t)(c - 'A' + 10);
                else ok = 0, d = 0;
                cp = cp * (hex ? 16 : 10) + d;
                if (cp > 0x10FFFF) ok = 0;
            }
            if (ok && nl > (size_t)(hex ? 2 : 1) && cp && !(cp >= 0xD800 && cp <= 0xDFFF)) {
                char u[4];
                size_t ul;
                if (cp < 0x80) u[0] = (char)cp, ul = 1;
                else if (cp < 0x800) u[0] = (char)(0xC0 | (cp >> 6)), u[1] = (char)(0x80 | (cp & 0x3F)), ul = 2;
                else if (cp < 0x10000)
                    u[0] = (char)(0xE0 | (cp >> 12)), u[1] = (char)(0x80 | ((cp >> 6) & 0x3F)),
                    u[2] = (char)(0x80 | (cp & 0x3F)), ul = 3;
                else
                    u[0] = (char)(0xF0 | (cp >> 18)), u[1] = (char)(0x80 | ((cp >> 12) & 0x3F)),
                    u[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), u[3] = (char)(0x80 | (cp & 0x3F)), ul = 4;
                dl_buf_append(out, u, ul);
                done = 1;
            }
        } else {
            for (size_t k = 0; k < sizeof named / sizeof named[0] && !done; k++)
                if (strlen(named[k].name) == nl && memcmp(named[k].name, name, nl) == 0) {
                    dl_buf_append(out, named[k].utf8, strlen(named[k].utf8));
                    done = 1;
                }
        }
        if (done) {
            i = j + 1;
        } else {
            dl_buf_append(out, "&", 1);
            i++;
        }
    }
}

/* ------------------------------------------------------------------ title without the site name */

static int same_ci(const char *a, size_t an, const char *b, size_t bn) {
    while (an && dl_rule_is_space((unsigned char)*a)) a++, an--;
    while (an && dl_rule_is_space((unsigned char)a[an - 1])) an--;
    while (bn && dl_rule_is_space((unsigned char)*b)) b++, bn--;
    while (bn && dl_rule_is_space((unsigned char)b[bn - 1])) bn--;
    return same_text(a, an, b, bn);
}

/* Separators between the headline and the site name, surest first (words.h). */
static const char *const title_seps[] = {DL_MW_TITLE_SEPARATORS};

static const char *find_sep(const char *s, size_t n, const char *sep, int last) {
    size_t sl = strlen(sep);
    const char *found = NULL;
    if (sl > n) return NULL;
    /* only where the separator's first byte is: memchr finds those, memcmp checks the rest */
    for (const char *p = s, *stop = s + (n - sl) + 1; p < stop && (p = memchr(p, sep[0], (size_t)(stop - p))); p++)
        if (memcmp(p, sep, sl) == 0) {
            found = p;
            if (!last) return found;
        }
    return found;
}

int dl_title_without_site(const char *title, size_t len, const char *site, size_t site_len, size_t *start,
                          size_t *out_len) {
    *start = 0;
    *out_len = len;
    for (size_t k = 0; k < sizeof(title_seps) / sizeof(title_seps[0]); k++) {
        const char *sep = title_seps[k];
        size_t sl = strlen(sep);
        const char *first = find_sep(title, len, sep, 0);
        if (!first) continue;
        const char *last = find_sep(title, len, sep, 1);
        /* "Headline | Site": the part after the last separator; "Site | Headline": before the first */
        size_t tail_at = (size_t)(last - title) + sl, head_len = (size_t)(first - title);
        const char *tail = title + tail_at;
        size_t tail_len = len - tail_at;
        /* " / " joins a breadcrumb trail ("Thread / Board / Site", a forum's <title>): the first part is
         * the page's, whatever the others are. Written once it is as often a headline's own ("Pale Blue
         * Dot / Lift Off", "spüren / empfinden", "2026 / 2027"), and left there */
        if (sep[0] == ' ' && sep[1] == '/' && sep[2] == ' ') {
            if (first == last || !head_len) continue;
            *out_len = head_len;
            return 1;
        }
        if (site && site_len) {
            if (same_ci(tail, tail_len, site, site_len)) {
                *out_len = (size_t)(last - title);
                return 1;
            }
            if (same_ci(title, head_len, site, site_len)) {
                *start = head_len + sl;
                *out_len = len - *start;
                return 1;
            }
            /* the site's name as declared is not at either end ("Liberty University Online" over a
             * title ending "| Liberty University"): behind a bar the last part is still the site's;
             * a dash or a guillemet as often joins two parts of one headline */
            if (k >= 3) continue;
        }
        /* no site name known: the site is the last part ("Headline | Site" is the convention: the
         * first part is far more often the title than the last, even when it is the shorter: "Dental
         * Care | ONE Health Ohio") */
        *out_len = (size_t)(last - title);
        return 1;
    }
    /* the site's name joined to the headline by a separator with no spaces around it: CJK titles are
     * written without spaces ("...「Treeviz」:phpspot開発日誌"), so are some templates ("Headline|Site").
     * Only a known site name at the very end is cut, so a colon inside a headline ("Re:Zero") stays */
    if (site && site_len && site_len < len) {
        while (site_len && dl_rule_is_space((unsigned char)site[site_len - 1])) site_len--;
        size_t end = len;
        while (end && dl_rule_is_space((unsigned char)title[end - 1])) end--;
        if (!site_len || site_len >= end || !same_ci(title + end - site_len, site_len, site, site_len)) return 0;
        size_t at = end - site_len;
        while (at && dl_rule_is_space((unsigned char)title[at - 1])) at--;
        const unsigned char *u = (const unsigned char *)title;
        size_t sep = 0;
        if (at >= 1 && (u[at - 1] == ':' || u[at - 1] == '|' || u[at - 1] == '-' || u[at - 1] == '/' || u[at - 1] == '~'))
            sep = 1;
        else if (at >= 2 && u[at - 2] == 0xC2 && (u[at - 1] == 0xB7 || u[at - 1] == 0xBB)) /* middle dot, guillemet */
            sep = 2;
        else if (at >= 3 && u[at - 3] == 0xE2 && u[at - 2] == 0x80 && (u[at - 1] == 0x93 || u[at - 1] == 0x94 || u[at - 1] == 0xA2))
            sep = 3; /* en dash, em dash, bullet */
        else if (at >= 3 && u[at - 3] == 0xEF && ((u[at - 2] == 0xBD && u[at - 1] == 0x9C) || (u[at - 2] == 0xBC && u[at - 1] == 0x9A)))
            sep = 3; /* full-width bar and colon */
        if (!sep) return 0;
        at -= sep;
        while (at && dl_rule_is_space((unsigned char)title[at - 1])) at--;
        if (!at) return 0;
        *out_len = at;
        return 1;
    }
    return 0;
}

/* ------------------------------------------------------------------ resolution */

/* The byte a character of a double-encoded UTF-8 text stands for: that text is UTF-8 read as Latin-1
 * or Windows-1252 and encoded again, so each byte of the original became one character. The character
 * at s[i] (its length into *len) is U+0080..U+00FF (byte 0x80..0xFF), or one of the 27 characters
 * Windows-1252 puts at 0x80..0x9F ("’" is "â€™": 0xE2 0x80 0x99); -1 when none. */
static int mojibake_byte(const unsigned char *s, size_t n, size_t i, size_t *len) {
    static const uint16_t cp1252[32] = {0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
                                        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
                                        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
                                        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178};
    if (i + 1 < n && (s[i] == 0xC2 || s[i] == 0xC3) && s[i + 1] >= 0x80 && s[i + 1] <= 0xBF) {
        *len = 2;
        return (s[i] == 0xC2 ? 0x80 : 0xC0) + (s[i + 1] - 0x80);
    }
    uint32_t cp = 0;
    if (i + 1 < n && s[i] >= 0xC4 && s[i] <= 0xDF && (s[i + 1] & 0xC0) == 0x80) {
        cp = ((uint32_t)(s[i] & 0x1F) << 6) | (s[i + 1] & 0x3F);
        *len = 2;
    } else if (i + 2 < n && s[i] == 0xE2 && (s[i + 1] & 0xC0) == 0x80 && (s[i + 2] & 0xC0) == 0x80) {
        cp = ((uint32_t)(s[i] & 0x0F) << 12) | ((uint32_t)(s[i + 1] & 0x3F) << 6) | (s[i + 2] & 0x3F);
        *len = 3;
    }
    if (!cp) return -1;
    for (int k = 0; k < 32; k++)
        if (cp1252[k] == cp) return 0x80 + k;
    return -1;
}

/* The length of the run at s[i] of characters that stand for one UTF-8 character's bytes
 * (mojibake_byte: a lead byte, then its continuation bytes, together valid UTF-8), its bytes into
 * bytes[] and their count into *nb; 0 when no such run starts at i. */
static size_t mojibake_run(const unsigned char *s, size_t n, size_t i, unsigned char bytes[4], size_t *nb) {
    size_t l0 = 0;
    int b0 = s[i] == 0xC3 ? mojibake_byte(s, n, i, &l0) : -1;
    int need = b0 >= 0xC2 && b0 <= 0xDF ? 1 : b0 >= 0xE0 && b0 <= 0xEF ? 2 : b0 >= 0xF0 && b0 <= 0xF4 ? 3 : 0;
    if (!need) return 0;
    bytes[0] = (unsigned char)b0;
    size_t at = i + l0;
    for (int k = 1; k <= need; k++) {
        size_t l = 0;
        int b = mojibake_byte(s, n, at, &l);
        if (b < 0x80 || b > 0xBF) return 0;
        bytes[k] = (unsigned char)b;
        at += l;
    }
    /* the UTF-8 rules a decoder checks: no overlong form, no surrogate, nothing past U+10FFFF */
    if ((b0 == 0xE0 && bytes[1] < 0xA0) || (b0 == 0xED && bytes[1] > 0x9F) || (b0 == 0xF0 && bytes[1] < 0x90) ||
        (b0 == 0xF4 && bytes[1] > 0x8F))
        return 0;
    *nb = (size_t)need + 1;
    return at - i;
}

/* Text a page encoded in UTF-8 twice ("itertools \u00e2\u0080\u0094 Functions", "Investor\u00e2\u20ac\u2122s"
 * in its <title>: a CMS's conversion run on text that was UTF-8 already) decoded once more, into out.
 * Only when every character outside ASCII is part of such a run (mojibake_run): text written once
 * ("KÖ–Bahn", "“été”") has characters that stand for no byte sequence (a letter alone, punctuation
 * with no lead before it) and is left as it is. Returns whether the text was decoded. */
static int undo_double_utf8(const char *text, size_t n, dl_buf *out) {
    const unsigned char *s = (const unsigned char *)text;
    unsigned char bytes[4];
    size_t nb = 0, runs = 0;
    for (size_t i = 0; i < n;) {
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        size_t l = mojibake_run(s, n, i, bytes, &nb);
        if (!l) return 0;
        runs++;
        i += l;
    }
    if (!runs) return 0;
    for (size_t i = 0; i < n;) {
        size_t l = s[i] < 0x80 ? 0 : mojibake_run(s, n, i, bytes, &nb);
        if (!l) {
            size_t j = i + 1;
            while (j < n && s[j] < 0x80) j++;
            dl_buf_append(out, text + i, j - i);
            i = j;
            continue;
        }
        dl_buf_append(out, (const char *)bytes, nb);
        i += l;
    }
    return 1;
}

static int put_field(dl_metadata *md, dl_meta_field f, const char *s, size_t len) {
    dl_buf b = {0}, shown = {0}, once = {0};
    /* text fields written in UTF-8 twice read as the page meant them */
    if ((f == DL_META_TITLE || f == DL_META_BYLINE || f == DL_META_SITE_NAME || f == DL_META_DESCRIPTION) &&
        undo_double_utf8(s, len, &once)) {
        if (once.failed) {
            dl_buf_free(&once);
            return -1;
        }
        s = once.data;
        len = once.len;
    }
    /* the characters a reader sees: invisible ones dropped (a copy only when there are any) */
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c != 0xC2 && c != 0xE2 && c != 0xEF) || !invisible_at(s, len, i)) continue;
        for (size_t j = 0; j < len;) {
            size_t k = invisible_at(s, len, j);
            if (k) {
                j += k;
                continue;
            }
            size_t e = j + 1;
            while (e < len && !invisible_at(s, len, e)) e++;
            dl_buf_append(&shown, s + j, e - j);
            j = e;
        }
        if (shown.failed) {
            dl_buf_free(&shown);
            dl_buf_free(&once);
            return -1;
        }
        s = shown.data ? shown.data : "";
        len = shown.len;
        break;
    }
    dl_fold_append(&b, s, len);
    dl_buf_free(&shown);
    dl_buf_free(&once);
    if (b.failed) {
        dl_buf_free(&b);
        return -1;
    }
    if (!b.len) {
        dl_buf_free(&b);
        return 0;
    }
    dl_buf_free(&md->fields[f].value);
    md->fields[f].value = b;
    md->fields[f].rank = 0;
    return 0;
}

static int copy_design(const dl_metadata *d, dl_metadata *out) {
    for (int f = 0; f < DL_META__COUNT; f++)
        if (d->fields[f].value.len && put_field(out, (dl_meta_field)f, d->fields[f].value.data, d->fields[f].value.len) < 0)
            return -1;
    if (d->tags.len) {
        dl_buf_append(&out->tags, d->tags.data, d->tags.len);
        if (out->tags.failed) return -1;
    }
    out->ntags = d->ntags;
    out->tags_rank = d->tags_rank;
    return 0;
}

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

static int inside(const dl_node *n, const dl_node *ancestor) {
    for (; n; n = n->parent)
        if (n == ancestor) return 1;
    return 0;
}

/* Whether the heading el is in the body or under the body's nearest three ancestors, before it: where
 * an article's own heading is (body_heading), not a page banner's or footer's. */
static int near_body(const dl_node *el, const dl_node *body) {
    if (!body) return 0;
    if (inside(el, body)) return 1;
    const dl_node *a = body;
    for (int level = 0; level < 3; level++) {
        a = a->parent;
        if (!a || a->type != DL_NODE_ELEMENT) break;
        if (inside(el, a)) return el->span_start <= body->span_start;
    }
    return 0;
}

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

/* Whether a and b share a word of four bytes or more (compared in norm's form): an <h1> that is
 * about what the declared titles are about, not a widget's or a section's heading. */
static int share_word(const char *a, size_t an, const char *b, size_t bn) {
    char x[DL_META_TEXT_MAX + 8], y[DL_META_TEXT_MAX + 8];
    size_t xn = norm(a, an, x, sizeof x), yn = norm(b, bn, y, sizeof y);
    for (size_t i = 0; i < xn;) {
        while (i < xn && !dl_ascii_is_alnum((unsigned char)x[i]) && (unsigned char)x[i] < 0x80) i++;
        size_t j = i;
        while (j < xn && (dl_ascii_is_alnum((unsigned char)x[j]) || (unsigned char)x[j] >= 0x80)) j++;
        if (j - i >= 4) {
            for (size_t k = 0; k + (j - i) <= yn; k++) {
                if (memcmp(y + k, x + i, j - i) != 0) continue;
                int left = k == 0 || (!dl_ascii_is_alnum((unsigned char)y[k - 1]) && (unsigned char)y[k - 1] < 0x80);
                size_t e = k + (j - i);
                int right = e == yn || (!dl_ascii_is_alnum((unsigned char)y[e]) && (unsigned char)y[e] < 0x80);
                if (left && right) return 1;
            }
        }
        i = j;
    }
    return 0;
}

/* Whether s[0..n), a separator and what follows it, ends in the text h ("| Site" is h = "Site"). */
static int leads_sep_tail(const char *s, size_t n, const char *h, size_t hn) {
    while (n && (dl_rule_is_space((unsigned char)*s) || *s == '|' || *s == '-' || *s == ':' || *s == '~' ||
                 *s == '/' || (unsigned char)*s >= 0x80))
        s++, n--;
    return n && same_ci(s, n, h, hn);
}

/* Whether s[0..n), the site part and a separator before the headline, is the text h. */
static int leads_sep_head(const char *s, size_t n, const char *h, size_t hn) {
    while (n && (dl_rule_is_space((unsigned char)s[n - 1]) || s[n - 1] == '|' || s[n - 1] == '-' || s[n - 1] == ':' ||
                 s[n - 1] == '~' || s[n - 1] == '/' || (unsigned char)s[n - 1] >= 0x80))
        n--;
    return n && same_ci(s, n, h, hn);
}

/* Whether the heading h is the site's name rather than a headline: og:site_name; the leading part
 * of a declared title whose rest is another declared title ("Blog Name: Post" over og:title "Post":
 * a blog's banner <h1>); and, when guessed is set, the part of a declared title that was cut as the
 * site's (a guess when no site name is known: "Opinion | Headline" cuts the headline). */
static int site_like(const declared *d, const char *site, size_t site_len, const dl_buf *h, int guessed) {
    if (site_len && same_ci(h->data, h->len, site, site_len)) return 1;
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
        if (leads(h->data, h->len, x->text.data, x->text.len) &&
            leads_rest(h->data, h->len, x->text.data, x->text.len, &rest_at, &rest_len))
            for (int j = 0; j < NDECLARED; j++)
                if (j != k && d[j].text.len &&
                    same_text(x->text.data + rest_at, rest_len, d[j].text.data + d[j].cut_at, d[j].cut_len))
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

static int resolve_title(const dl_meta *m, const dl_node *body, const char *site, size_t site_len, dl_metadata *out,
                         const dl_node **headline) {
    declared d[NDECLARED];
    dl_buf h1text[DL_META_H1_MAX];
    memset(d, 0, sizeof d);
    memset(h1text, 0, sizeof h1text);
    int rc = 0;
    for (int i = 0; i < NDECLARED; i++) {
        const dl_buf *s = &m->src[title_sources[i]];
        dl_buf raw = {0};
        if (s->len) decode_entities(s->data, s->len, &raw);
        if (raw.len) dl_fold_append(&d[i].text, raw.data, raw.len);
        dl_buf_free(&raw);
        if (d[i].text.failed) rc = -1;
        d[i].cut_at = 0;
        d[i].cut_len = d[i].text.len;
        if (d[i].text.len) dl_title_without_site(d[i].text.data, d[i].text.len, site, site_len, &d[i].cut_at, &d[i].cut_len);
        /* a title template whose headline was left empty names no page: as if not declared */
        if (d[i].text.len && empty_headline(&d[i])) d[i].text.len = 0, d[i].cut_at = d[i].cut_len = 0;
    }
    for (size_t i = 0; i < m->nh1; i++) {
        dl_buf raw = {0};
        headline_text(m->h1[i].node, DL_META_TEXT_MAX, &raw);
        if (raw.len) decode_entities(raw.data, raw.len, &h1text[i]);
        if (raw.failed || h1text[i].failed) rc = -1;
        dl_buf_free(&raw);
    }
    const char *pick = NULL;
    size_t pick_len = 0;
    /* 1. the first <h1> that agrees with a declared title: equal to it, to it without the site name, its
     *    leading part ("Headline" of "Headline | Site") or its longer part after a colon (trails); but
     *    when the rest of that title is a later <h1> longer than the leading part ("Site: Headline", a
     *    blog's name in the banner's <h1>, its post's title in the next; a headline is longer than a
     *    name), the rest is it */
    for (size_t i = 0; i < m->nh1 && !pick; i++) {
        const dl_buf *h = &h1text[i];
        if (!h->len || site_like(d, site, site_len, h, 0)) continue;
        for (int k = 0; k < NDECLARED && !pick; k++) {
            if (!d[k].text.len) continue;
            if (same_text(h->data, h->len, d[k].text.data, d[k].text.len) ||
                same_text(h->data, h->len, d[k].text.data + d[k].cut_at, d[k].cut_len) ||
                leads(h->data, h->len, d[k].text.data, d[k].text.len) ||
                trails(h->data, h->len, d[k].text.data, d[k].text.len)) {
                pick = h->data;
                pick_len = h->len;
                *headline = m->h1[i].node;
                /* an <h1> that repeats a declared title whole, separators and all ("Catering Tips |
                 * Cookshack" in the <h1>), was filled from the page's title template: its part after
                 * the separator is the site's or a tagline, cut as the declared title's is */
                if (d[k].cut_len < d[k].text.len && same_text(h->data, h->len, d[k].text.data, d[k].text.len)) {
                    pick = d[k].text.data + d[k].cut_at;
                    pick_len = d[k].cut_len;
                    break;
                }
                size_t rest_at, rest_len;
                if (dl_title_without_site(d[k].text.data, d[k].text.len, h->data, h->len, &rest_at, &rest_len) ||
                    leads_rest(h->data, h->len, d[k].text.data, d[k].text.len, &rest_at, &rest_len)) {
                    for (size_t j = i + 1; j < m->nh1; j++)
                        if (h1text[j].len > h->len &&
                            same_text(h1text[j].data, h1text[j].len, d[k].text.data + rest_at, rest_len)) {
                            pick = h1text[j].data;
                            pick_len = h1text[j].len;
                            *headline = m->h1[j].node;
                            break;
                        }
                }
            }
        }
    }
    /* 2. the article's own heading (in or just before the body), even when no declared title agrees:
     *    the visible headline is what a reader sees, and declared titles are often written for search */
    /* ... but not on a documentation, service or listing page that declares a title: its body <h1> is
     *    more often a step's, a slogan's or a section's heading (where the two disagree, the declared
     *    title is more often the page's title), and its <title> names the page */
    int named_page = m->page_type == DL_PAGE_DOCUMENTATION + 1 || m->page_type == DL_PAGE_SERVICE + 1 ||
                     m->page_type == DL_PAGE_LISTING + 1;
    int any_declared = 0;
    for (int k = 0; k < NDECLARED; k++) any_declared |= d[k].text.len != 0;
    /* 1b. the first <h1> is a blog's name in its banner and a declared title is "Blog Name: Post"
     *     whose rest is another declared title, longer than the name ("RogerBW's Blog: Advent of
     *     Code" over og:title "Advent of Code"): the page's template says which title is the post's,
     *     where the next <h1> in the body is as often a section's ("Day 7"); the rest is longer than
     *     the name, so that a headline <h1> over "Headline - Brand" stays the headline */
    if (!pick) {
        for (size_t i = 0; i < m->nh1 && !pick; i++) {
            const dl_buf *h = &h1text[i];
            if (!h->len) continue;
            for (int k = 0; k < NDECLARED && !pick; k++) {
                const declared *x = &d[k];
                size_t rest_at, rest_len;
                if (!x->text.len || !leads(h->data, h->len, x->text.data, x->text.len) ||
                    !leads_rest(h->data, h->len, x->text.data, x->text.len, &rest_at, &rest_len))
                    continue;
                for (int j = 0; j < NDECLARED; j++)
                    if (j != k && d[j].text.len && rest_len > h->len &&
                        same_text(x->text.data + rest_at, rest_len, d[j].text.data + d[j].cut_at, d[j].cut_len)) {
                        pick = d[j].text.data + d[j].cut_at;
                        pick_len = d[j].cut_len;
                        break;
                    }
            }
            break; /* the first non-empty h1 only */
        }
    }
    /* ... nor when the body holds three <h1>s or more: they are its sections' headings (a Markdown
     *     document's "# Impact", "# Conclusion"), and the first is a section's, not the page's title,
     *     which the declared titles give */
    int body_h1s = 0;
    for (size_t i = 0; body && i < m->nh1; i++)
        if (h1text[i].len && inside(m->h1[i].node, body)) body_h1s++;
    if (!pick && !(named_page && any_declared) && !(any_declared && body_h1s >= 3)) {
        int b = body_heading(m, h1text, body);
        if (b >= 0 && !site_like(d, site, site_len, &h1text[b], 0)) {
            pick = h1text[b].data;
            pick_len = h1text[b].len;
            *headline = m->h1[b].node;
        }
    }
    /* 2b. on an article or a collection page, the page's one headline: every non-empty <h1> says the
     *     same, and it is not the site's name (og:site_name, or the part of a declared title that was
     *     cut as the site's). A declared title that disagrees with it was written for search or
     *     sharing (a shorter SEO line); the reader sees the <h1>. A service, product or listing page's
     *     <h1> is more often a slogan or a section name, and its declared title names the page */
    int headline_page = m->page_type == DL_PAGE_ARTICLE + 1 || m->page_type == DL_PAGE_COLLECTION + 1;
    if (!pick && headline_page) {
        int only = -1, distinct = 0;
        for (size_t i = 0; i < m->nh1; i++) {
            if (!h1text[i].len) continue;
            if (only < 0) only = (int)i, distinct = 1;
            else if (!same_text(h1text[i].data, h1text[i].len, h1text[only].data, h1text[only].len)) distinct++;
        }
        if (distinct == 1) {
            const dl_buf *h = &h1text[only];
            int about = 0, any_declared = 0;
            for (int k = 0; k < NDECLARED && !about; k++) {
                if (!d[k].text.len) continue;
                any_declared = 1;
                about = share_word(h->data, h->len, d[k].text.data, d[k].text.len);
            }
            if (!site_like(d, site, site_len, h, 1) && (about || !any_declared)) {
                pick = h->data;
                pick_len = h->len;
                *headline = m->h1[only].node;
            }
        }
    }
    /* 3. the best-supported declared title without the site name: the one most other declared titles
     *    agree with, ties in title_sources order */
    if (!pick) {
        int best = -1, best_votes = -1;
        for (int k = 0; k < NDECLARED; k++) {
            if (!d[k].cut_len) continue;
            int votes = 0;
            for (int j = 0; j < NDECLARED; j++)
                if (j != k && d[j].text.len &&
                    (same_text(d[k].text.data + d[k].cut_at, d[k].cut_len, d[j].text.data + d[j].cut_at, d[j].cut_len)))
                    votes++;
            if (votes > best_votes) best = k, best_votes = votes;
        }
        if (best >= 0) {
            pick = d[best].text.data + d[best].cut_at;
            pick_len = d[best].cut_len;
        }
    }
    /* 3b. the declared titles name only the site ("Glossier" in <title>, og:title and og:site_name)
     *     on a page below the site's root: the title names the site, not the page, and the first
     *     <h1> that is not the site's name names the page ("Custom Skincare Set"). At the root it is
     *     the home page's own title */
    if (pick && site_len && same_ci(pick, pick_len, site, site_len) &&
        url_below_root(out->fields[DL_META_CANONICAL].value.len ? &out->fields[DL_META_CANONICAL].value
                                                                : &m->src[DL_SRC_OG_URL])) {
        for (size_t i = 0; i < m->nh1; i++)
            if (h1text[i].len && !site_like(d, site, site_len, &h1text[i], 0)) {
                pick = h1text[i].data;
                pick_len = h1text[i].len;
                *headline = m->h1[i].node;
                break;
            }
    }
    /* 4. the first non-empty <h1> anywhere (the design's choice) */
    for (size_t i = 0; i < m->nh1 && !pick; i++)
        if (h1text[i].len) {
            pick = h1text[i].data;
            pick_len = h1text[i].len;
            *headline = m->h1[i].node;
        }
    /* 5. a title in parts ("Thread - Board - Site", "Page | Chapter") whose first part alone is what
     *    another of the page's titles says (a declared title or an <h1> that is that part, whole): the
     *    page names its headline without the rest, which is a section's, a chapter's or the site's
     *    (taking the first part of every such title instead loses about as many titles as it wins) */
    for (size_t k = 0; pick && k < sizeof(title_seps) / sizeof(title_seps[0]); k++) {
        /* a separator with spaces only: the full-width colon of a CJK title leads into its subtitle */
        if (title_seps[k][0] != ' ') continue;
        const char *sep = find_sep(pick, pick_len, title_seps[k], 0);
        if (!sep) continue;
        size_t head = (size_t)(sep - pick);
        while (head && dl_rule_is_space((unsigned char)pick[head - 1])) head--;
        int said = 0;
        if (head && !(site_len && same_ci(pick, head, site, site_len))) {
            for (int j = 0; j < NDECLARED && !said; j++)
                said = d[j].text.len && same_text(pick, head, d[j].text.data, d[j].text.len);
            for (size_t j = 0; j < m->nh1 && !said; j++)
                said = h1text[j].len && same_text(pick, head, h1text[j].data, h1text[j].len);
        }
        if (said) pick_len = head;
        break; /* the surest separator the title has */
    }
    /* 6. the title still ends with the site's known name after a separator ("Critics' Choice: Best UK
     *    Art Exhibitions 2025 – Artlyst" in the <h1> itself, the <title> adding " - Artlyst" again):
     *    the name is the site's, not the headline's */
    if (pick && site_len && pick_len > site_len + 3) {
        size_t end = pick_len;
        while (end && dl_rule_is_space((unsigned char)pick[end - 1])) end--;
        if (end > site_len && same_ci(pick + end - site_len, site_len, site, site_len)) {
            size_t at = end - site_len;
            for (size_t k = 0; k < sizeof(title_seps) / sizeof(title_seps[0]); k++) {
                size_t sl = strlen(title_seps[k]);
                if (title_seps[k][0] == ' ' && at > sl && memcmp(pick + at - sl, title_seps[k], sl) == 0) {
                    pick_len = at - sl;
                    break;
                }
            }
        }
    }
    if (pick && rc == 0) rc = put_field(out, DL_META_TITLE, pick, pick_len);
    for (int i = 0; i < NDECLARED; i++) dl_buf_free(&d[i].text);
    for (size_t i = 0; i < DL_META_H1_MAX; i++) dl_buf_free(&h1text[i]);
    return rc;
}

/* ---- byline */

/* Words after which a byline line says something else (words.h). */
static const char *const byline_stops[] = {DL_MW_BYLINE_STOPS};

/* Clean a visible byline: drop the introducing word, cut at what follows the names (a date, a
 * separator, an update note), drop trailing punctuation. Returns the kept slice length (0: none). */
static size_t clean_byline(const char *s, size_t n, size_t *start) {
    size_t a = 0;
    int dated = 0; /* a date before the names was passed over in the previous round */
    for (int again = 1; again;) {
        again = 0;
        /* separators left before the name, and the "&" of a second author's line ("& Jane Doe") */
        for (;;) {
            const unsigned char *u = (const unsigned char *)s + a;
            while (a < n && (dl_rule_is_space((unsigned char)s[a]) || s[a] == ':' || s[a] == '-' || s[a] == '|' ||
                             s[a] == ',' || s[a] == '"' || s[a] == '&'))
                a++, u++;
            if (a + 1 < n && u[0] == 0xC2 && (u[1] == 0xA0 || (dated && u[1] == 0xB7)))
                a += 2; /* no-break space; a middle dot after a date */
            else if (dated && a + 2 < n && u[0] == 0xE2 && u[1] == 0x80 &&
                     (u[2] == 0xA2 || u[2] == 0x93 || u[2] == 0x94))
                a += 3; /* a bullet, an en or an em dash after a date */
            else
                break;
        }
        dated = 0;
        /* a date before the names ("Dec 17, 2025 Jane Doe", "Dec. 19, 2025 · Jane Doe", a date-and-author
         * line): the names follow its year, past the separators between them, which the next round
         * skips */
        dl_date lead;
        if (a < n && dl_date_at(s + a, n - a > 40 ? 40 : n - a, &lead) && lead.year >= 1000 && lead.year <= 9999) {
            char y[4] = {(char)('0' + lead.year / 1000), (char)('0' + lead.year / 100 % 10),
                         (char)('0' + lead.year / 10 % 10), (char)('0' + lead.year % 10)};
            size_t lim = n - a > 40 ? a + 40 : n;
            for (size_t i = a; i + 4 <= lim; i++)
                if (memcmp(s + i, y, 4) == 0) {
                    /* the year ends a word, and names follow it */
                    if (i + 5 < n && !dl_ascii_is_alnum((unsigned char)s[i + 4])) a = i + 4, dated = again = 1;
                    break;
                }
        }
        for (size_t k = 0; k < sizeof byline_prefixes / sizeof byline_prefixes[0]; k++) {
            size_t pl = strlen(byline_prefixes[k]);
            if (n - a < pl || !starts_ci(s + a, n - a, byline_prefixes[k])) continue;
            /* what follows the word, past a no-break space ("By&nbsp;" before the name's link) */
            size_t q = a + pl;
            int nbsp = q + 1 < n && (unsigned char)s[q] == 0xC2 && (unsigned char)s[q + 1] == 0xA0;
            size_t rest = q + (nbsp ? 2 : 0);
            while (rest < n && dl_rule_is_space((unsigned char)s[rest])) rest++;
            if (rest == n && (nbsp || q == n || dl_rule_is_space((unsigned char)s[q]))) { /* the word alone: no name */
                *start = n;
                return 0;
            }
            if (nbsp || s[q] == ' ' || s[q] == ':') {
                a = nbsp ? q + 2 : q + 1;
                again = 1;
                break;
            }
            /* "ByJane Doe": "By" run into a capitalised name where markup kept them apart */
            if (pl == 2 && s[a] == 'B' && s[a + 2] >= 'A' && s[a + 2] <= 'Z') {
                a += 2;
                again = 1;
                break;
            }
        }
    }
    size_t e = n;
    for (size_t k = 0; k < sizeof byline_stops / sizeof byline_stops[0]; k++) {
        size_t sl = strlen(byline_stops[k]);
        for (size_t i = a; i + sl <= e; i++)
            if (starts_ci(s + i, e - i, byline_stops[k])) {
                e = i;
                break;
            }
    }
    /* a bio after the name ("Lauren Vetter is a growth-focused marketing professional"): cut where the
     * words before it are a name's few, not where a sentence about something else says "is a" */
    static const char *const bio[] = {DL_MW_BIO_STARTS};
    for (size_t k = 0; k < sizeof bio / sizeof bio[0]; k++) {
        size_t sl = strlen(bio[k]);
        for (size_t i = a, words = 0; i + sl <= e && words < 4; i++) {
            if (starts_ci(s + i, e - i, bio[k])) {
                e = i;
                break;
            }
            words += s[i] == ' ';
        }
    }
    /* a date after the names ("Jane Doe 6 May 2014", "Jane Doe, May 6, 2014") ends them */
    for (size_t i = a; i < e; i++) {
        if (i > a && s[i - 1] != ' ') continue;
        dl_date d;
        size_t rest = e - i > 40 ? 40 : e - i;
        if (((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'A' && s[i] <= 'Z')) && dl_date_at(s + i, rest, &d)) {
            e = i;
            break;
        }
    }
    /* a number after the names is a count, a time or a date, not part of a name ("Jane Doe 159 badges") */
    for (size_t i = a + 1; i < e; i++)
        if (s[i - 1] == ' ' && s[i] >= '0' && s[i] <= '9') {
            e = i;
            break;
        }
    for (;;) {
        while (e > a && (dl_rule_is_space((unsigned char)s[e - 1]) || s[e - 1] == ',' || s[e - 1] == '|' ||
                         s[e - 1] == '-' || s[e - 1] == ':' || s[e - 1] == ';' || s[e - 1] == '"'))
            e--;
        if (e - a >= 2 && (unsigned char)s[e - 2] == 0xC2 && (unsigned char)s[e - 1] == 0xA0) e -= 2; /* no-break space */
        /* an en or em dash left by a date or a role cut after it ("Dominique — 12. März") */
        else if (e - a >= 3 && (unsigned char)s[e - 3] == 0xE2 && (unsigned char)s[e - 2] == 0x80 &&
                 ((unsigned char)s[e - 1] == 0x93 || (unsigned char)s[e - 1] == 0x94))
            e -= 3;
        else break;
    }
    /* "Jane Doe Jane Doe", "Bence Kovács Bence": the name, then the name again or its first word
     * opening a bio ("... Bence is a software developer", cut at " is a " above) */
    if (e > a) {
        size_t w1 = a;
        while (w1 < e && s[w1] != ' ') w1++;
        size_t half = (e - a - 1) / 2;
        if ((e - a) % 2 == 1 && half > 2 && s[a + half] == ' ' && ascii_ieq_n(s + a, s + a + half + 1, half))
            e = a + half;
        else if (w1 < e && w1 - a > 2 && e - (w1 - a) > a + 1 && s[e - (w1 - a) - 1] == ' ' &&
                 ascii_ieq_n(s + a, s + e - (w1 - a), w1 - a) && e - (w1 - a) - 1 > w1)
            e = e - (w1 - a) - 1;
    }
    while (e > a && s[e - 1] == '*') e--; /* a footnote mark: "Angela Holliday-Bell, MD*" */
    /* "Jane Doe Last": the first word of a "Last updated" line the markup kept apart */
    if (e - a > 5 && ascii_ieq(s + e - 5, 5, " last")) e -= 5;
    /* "Laubrani (Laubrani)": a display name and the same user name in parentheses */
    for (size_t i = a + 1; i + 2 < e; i++) {
        if (s[i] != '(' || s[i - 1] != ' ' || s[e - 1] != ')' || e - 1 - (i + 1) != i - 1 - a) continue;
        size_t k = 0;
        while (k < i - 1 - a && lower((unsigned char)s[a + k]) == lower((unsigned char)s[i + 1 + k])) k++;
        if (k == i - 1 - a) {
            e = i - 1;
            break;
        }
    }
    *start = a;
    return e - a;
}

/* Whether a cleaned byline reads as names: short, few words, not a sentence or a call to action. */
/* Words of a role under a byline's name (words.h). */
static const char *const roles[] = {DL_MW_ROLE_WORDS};

static int role_word(const char *s, size_t n) {
    for (size_t k = 0; k < sizeof roles / sizeof roles[0]; k++)
        if (ascii_ieq(s, n, roles[k])) return 1;
    return 0;
}

/* A name followed by its role with nothing between ("Howard Blume Staff Writer": the role's own
 * element, read with the name's): the length without the trailing role words, never below one word.
 * Word ends are ASCII spaces: the name is folded text. */
static size_t without_role(const char *s, size_t n) {
    /* "Podium Staff", "ZDNet Japan Staff": a newsroom's collective byline keeps its last word */
    size_t last = n;
    while (last && s[last - 1] != ' ') last--;
    if (ascii_ieq(s + last, n - last, "staff")) return n;
    for (;;) {
        size_t e = n;
        while (e && !dl_ascii_is_alpha((unsigned char)s[e - 1]) && (unsigned char)s[e - 1] < 0x80) e--;
        size_t b = e;
        while (b && s[b - 1] != ' ') b--;
        if (b == 0 || b == e || !role_word(s + b, e - b)) return n;
        n = b;
        while (n && s[n - 1] == ' ') n--;
    }
}

/* Whether s[0..n) is a weekday's or a month's name alone ("Sat", "Jun.", "Thursday"): what is left of
 * a date line ("Sat, 20 Dec, 2025 - 06:36" in a "byline" block) once its date is cleaned away. Month
 * names that are as often a given name (Jan, April, May, June, August) are left as names. */
static int calendar_word(const char *s, size_t n) {
    while (n && (s[n - 1] == '.' || s[n - 1] == ',')) n--;
    static const char *const words[] = {DL_MW_CALENDAR_WORDS};
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
        if (ascii_ieq(s, n, words[k])) return 1;
    return 0;
}

static int plausible_byline(const char *s, size_t n) {
    if (n < 2 || n > DL_META_BYLINE_MAX) return 0;
    if (s[0] >= '0' && s[0] <= '9') return 0; /* "10 min read", a count */
    size_t words = 1;
    for (size_t i = 0; i < n; i++)
        if (s[i] == ' ') words++;
    if (words > 12) return 0;
    if (s[n - 1] == '.' && words > 4) return 0; /* a sentence */
    /* a sentence without its full stop ("Ray graduated from NYU with a degree", a bio's first words): a
     * name's words are capitalised, but for the particles and joins names carry (von, van, de, da, di,
     * du, del, der, den, la, le, bin, al, and, und, et, y, e, en) */
    static const char *const particles[] = {DL_MW_NAME_PARTICLES};
    int lower_words = 0;
    for (size_t i = 0; i < n;) {
        while (i < n && s[i] == ' ') i++;
        size_t j = i;
        while (j < n && s[j] != ' ') j++;
        if (j > i && s[i] >= 'a' && s[i] <= 'z') {
            int particle = 0;
            for (size_t k = 0; k < sizeof particles / sizeof particles[0] && !particle; k++)
                particle = strlen(particles[k]) == j - i && memcmp(particles[k], s + i, j - i) == 0;
            lower_words += !particle;
        }
        i = j;
    }
    if (lower_words >= 3) return 0;
    if (calendar_word(s, n)) return 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] == '@' || s[i] == '/' || s[i] == '?' || s[i] == '!') return 0; /* a handle, a URL, a question */
    for (size_t i = 1; i + 1 < n; i++)
        if (s[i] == '*') return 0; /* a name a page masked ("a***a"), not the one it shows */
    /* ... nor the words of a link or a form field (a "username" class also marks the visitor's own
     * account in a page's header: "Login", "Email address", "Mein Konto"; a profile link's "Zum Profil
     * von ...", a forum's "Offline" status and "... wrote" quote header, a theme's "Theme: ... von"
     * credit, all met among visible byline candidates), nor a copyright notice ("The State
     * University ©" in an "author" block, a picture's "© Jane Doe") */
    static const char *const not_names[] = {DL_MW_NOT_NAME_WORDS};
    for (size_t k = 0; k < sizeof not_names / sizeof not_names[0]; k++)
        if (contains_ci(s, n, not_names[k])) return 0;
    /* a role alone ("Staff Writer", "Contributing Editor") is the line under a name, not the name */
    int all_roles = 1;
    for (size_t i = 0; i < n && all_roles;) {
        while (i < n && (s[i] == ' ' || s[i] == ',')) i++;
        size_t j = i;
        while (j < n && s[j] != ' ' && s[j] != ',') j++;
        size_t e = j; /* without what trails the word (a no-break space, a full stop) */
        while (e > i && !dl_ascii_is_alpha((unsigned char)s[e - 1])) e--;
        if (j > i && e == i) all_roles = 0; /* a word in another script is a name */
        if (e > i) {
            int role = 0;
            role = role_word(s + i, e - i);
            all_roles = role;
        }
        i = j;
    }
    return !all_roles;
}

/* Append the cleaned byline text of node to out, ", " between names, unless it is there already.
 * Returns whether it added a name. */
static int add_byline(const dl_node *node, int by_word_alone, dl_buf *out) {
    dl_buf t = {0};
    bounded_text_but(node, DL_META_TEXT_MAX, 1, 1, &t);
    size_t start = 0, len = t.len ? clean_byline(t.data, t.len, &start) : 0;
    const dl_node *next = !len && by_word_alone ? node->next : NULL;
    while (next && next->type == DL_NODE_TEXT &&
           dl_ascii_space_prefix(next->u.text.ptr, next->u.text.len) == next->u.text.len)
        next = next->next;
    if (next && next->type == DL_NODE_ELEMENT) {
        /* "<div>Written by</div><div>Jane Doe</div><div>Jane writes about ...</div>": the name is the
         * label's next element, before the parent's other lines (which would read a book's or an
         * app's title, "X by Jane Doe", as a byline too) */
        dl_buf_free(&t);
        bounded_text_but(next, DL_META_TEXT_MAX, 1, 1, &t);
        len = t.len ? clean_byline(t.data, t.len, &start) : 0;
        if (len && !plausible_byline(t.data + start, len)) len = 0;
    }
    if (!len && by_word_alone && node->parent && node->parent->type == DL_NODE_ELEMENT) {
        /* "<span>By</span> <a>Jane Doe</a>": the names follow the word, in its parent */
        dl_buf_free(&t);
        bounded_text_but(node->parent, DL_META_TEXT_MAX, 1, 1, &t);
        len = t.len ? clean_byline(t.data, t.len, &start) : 0;
    }
    /* a byline line in parts set apart by a spaced slash ("Jane Doe / TNN / Updated: Oct 9, 2019"): the
     * name is the first part, the rest the agency's and the date's (an agency's credit written
     * without spaces, "det/dpa", stays whole) */
    if (len) {
        const char *sl = find_sep(t.data + start, len, " / ", 0);
        if (sl && sl > t.data + start) len = (size_t)(sl - (t.data + start));
    }
    if (len) len = without_role(t.data + start, len);
    int added = 0;
    if (t.failed) out->failed = 1;
    else if (len && plausible_byline(t.data + start, len)) {
        const char *name = t.data + start;
        /* the same name twice (a byline line and its hover card) is one author */
        int dup = 0;
        for (size_t i = 0; i + len <= out->len && !dup; i++)
            dup = (i == 0 || out->data[i - 1] == ' ') && same_text(out->data + i, len, name, len);
        if (!dup && out->len + len + 2 <= DL_META_BYLINE_MAX * 2) {
            if (out->len) dl_buf_append(out, ", ", 2);
            /* without the space the markup put before a comma ("<a>Jane Doe</a>, Editor" read as
             * "Jane Doe , Editor") */
            for (size_t i = 0; i < len;) {
                size_t j = i;
                while (j < len && !(name[j] == ' ' && j + 1 < len && name[j + 1] == ',')) j++;
                dl_buf_append(out, name + i, j - i);
                i = j < len ? j + 1 : j;
            }
            added = 1;
        }
    }
    dl_buf_free(&t);
    return added;
}

/* Whether the text just before the link a labels another role than the author's: "Reviewed by",
 * "Edited by", "Fact checked by", "Illustrations by", "Photos by" (and the Japanese illustration
 * credit), the second link of "By <a>Jane Doe</a>. Reviewed by <a>John Roe</a>" being the reviewer. */
static int other_role_before(const dl_node *a) {
    const dl_node *t = a->prev;
    if (!t || t->type != DL_NODE_TEXT) return 0;
    static const char *const roles[] = {DL_MW_OTHER_ROLE_WORDS};
    for (size_t k = 0; k < sizeof roles / sizeof roles[0]; k++)
        if (contains_ci(t->u.text.ptr, t->u.text.len, roles[k])) return 1;
    return 0;
}

/* The visible byline: the first byline element at or after the headline (or anywhere, without one)
 * whose text cleans to names. A byline element holding other byline elements (a "byline" line with
 * "author-name" links) is read through them: each inner element that holds no further one is a name,
 * and several are several authors. */
static int visible_byline(const dl_meta *m, uint32_t after, dl_buf *out) {
    for (int pass = 0; pass < 2 && !out->len; pass++) {
        for (size_t i = 0; i < m->nbylines && !out->len; i++) {
            const dl_meta_node *b = &m->bylines[i];
            if (pass == 0 && (b->order < after || b->order > after + DL_META_NEAR_HEADLINE)) continue;
            if (pass == 1 && (b->by_word & 2)) continue; /* an author's page link away from the headline */
            size_t end = i + 1;
            while (end < m->nbylines && inside(m->bylines[end].node, b->node)) end++;
            if (end > i + 1) {
                /* the first inner element that names someone; more names only from further links when
                 * that one is a link too (a line of author links), never from a role or a bio line */
                int first_is_link = -1;
                for (size_t j = i + 1; j < end; j++) {
                    int leaf = j + 1 >= end || !inside(m->bylines[j + 1].node, m->bylines[j].node);
                    if (!leaf) continue;
                    int is_link = dl_is_element(m->bylines[j].node, DL_TAG_a);
                    if (first_is_link >= 0 && !(first_is_link && is_link)) break;
                    if (first_is_link == 1 && other_role_before(m->bylines[j].node)) break;
                    if (add_byline(m->bylines[j].node, m->bylines[j].by_word & 1, out) && first_is_link < 0)
                        first_is_link = is_link;
                }
                if (out->len) break;
            }
            add_byline(b->node, b->by_word & 1, out);
        }
    }
    return out->failed ? -1 : 0;
}

/* Whether the rest of a visible byline after a declared name adds authors: " and Jane Roe", " & ...",
 * in the seven languages. A comma may as well start a role ("Jane Doe, Senior Editor"), so it does not
 * count. */
static int more_names(const char *s, size_t n) {
    static const char *const joins[] = {DL_MW_NAME_JOINS};
    for (size_t k = 0; k < sizeof joins / sizeof joins[0]; k++)
        if (starts_ci(s, n, joins[k])) return 1;
    return 0;
}

/* Whether s[0..n) is a template's variable left unfilled: "{{ author }}", "${author}", or a dotted
 * path of lower-case identifiers ("page.head.extra.author"; two dots at least, each part two
 * characters or more, so a user name like "j.doe" stays). */
static int template_variable(const char *s, size_t n) {
    static const char *const marks[] = {DL_MW_TEMPLATE_MARKS};
    if (contains_any(s, n, marks, sizeof marks / sizeof marks[0])) return 1;
    size_t dots = 0, part = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '.') {
            if (part < 2) return 0;
            dots++, part = 0;
        } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_') {
            part++;
        } else {
            return 0;
        }
    }
    return dots >= 2 && part >= 2;
}

/* Whether a declared author value names someone: not a template's placeholder ("Unknown", "undefined",
 * "null", a value with no letter: "-"), a social handle ("@jane") or an address on the web
 * ("facebook.com/jane"), which pages put in their author metas where no name was filled in. An e-mail
 * address stays: it says who wrote the page, as does an agency's credit ("det/dpa"). Nor a template's
 * unfilled variable (template_variable). */
static int names_someone(const char *s, size_t n) {
    int letter = 0;
    for (size_t i = 0; i < n && !letter; i++)
        letter = dl_ascii_is_alpha((unsigned char)s[i]) || (unsigned char)s[i] >= 0x80;
    if (!letter) return 0;
    static const char *const placeholders[] = {DL_MW_PLACEHOLDER_NAMES};
    for (size_t k = 0; k < sizeof placeholders / sizeof placeholders[0]; k++)
        if (same_ci(s, n, placeholders[k], strlen(placeholders[k]))) return 0;
    if (n && s[0] == '@') return 0;
    if (contains_ci(s, n, "://")) return 0;
    if (template_variable(s, n)) return 0;
    /* one word whose part before a slash is a domain ("facebook.com/jane", "example.org/authors/jane") */
    const char *slash = memchr(s, '/', n);
    if (slash && !memchr(s, ' ', n) && memchr(s, '.', (size_t)(slash - s))) return 0;
    return 1;
}

/* Company names in an author meta: the publisher, not who wrote the article. */
static int corporate(const char *s, size_t n) {
    static const char *const suffixes[] = {DL_MW_COMPANY_SUFFIXES};
    for (size_t k = 0; k < sizeof suffixes / sizeof suffixes[0]; k++) {
        size_t l = strlen(suffixes[k]);
        if (n > l && ascii_ieq(s + n - l, l, suffixes[k])) return 1;
    }
    return 0;
}

/* put_field with entities a page escaped twice decoded ("Maria &amp;amp; Katerina"). */
static int put_decoded(dl_metadata *out, dl_meta_field f, const char *s, size_t n) {
    dl_buf b = {0};
    decode_entities(s, n, &b);
    int rc = b.failed ? -1 : put_field(out, f, b.data ? b.data : "", b.len);
    dl_buf_free(&b);
    return rc;
}

static int resolve_byline(const dl_meta *m, uint32_t headline_order, const char *site, size_t site_len,
                          dl_metadata *out) {
    /* declared first: what the publisher states is who wrote it. The JSON-LD author and article:author
     * belong to the article; the author meta is often the site's template value, so it comes after
     * them, and a declared author that is the site or a company is passed over */
    static const dl_meta_source declared_authors[] = {DL_SRC_LD_AUTHOR,      DL_SRC_ARTICLE_AUTHOR, DL_SRC_ITEMPROP_AUTHOR,
                                                      DL_SRC_PARSELY_AUTHOR, DL_SRC_META_AUTHOR,    DL_SRC_DC_CREATOR,
                                                      DL_SRC_OTHER_AUTHOR};
    const dl_buf *pick = NULL, *weak = NULL;
    size_t ndeclared = sizeof declared_authors / sizeof declared_authors[0];
    for (size_t k = 0; k <= ndeclared + 1 && !pick; k++) {
        if (k == ndeclared && !m->twitter_label_author) continue;
        const dl_buf *b = &m->src[k < ndeclared ? declared_authors[k] : k == ndeclared ? DL_SRC_TWITTER_DATA1
                                                                                       : DL_SRC_ITEMPROP_AUTHOR_TEXT];
        if (!b->len || !names_someone(b->data, b->len)) continue;
        if (k == ndeclared + 1) {
            /* a name shown as text is read as a visible byline is: a blog's title in a feed's author
             * item ("5 Great On-page SEO For 2022") is not one */
            size_t start, len = clean_byline(b->data, b->len, &start);
            if (!len || !plausible_byline(b->data + start, len)) continue;
        }
        if ((site_len && same_text(b->data, b->len, site, site_len)) || corporate(b->data, b->len)) {
            if (!weak) weak = b;
            continue;
        }
        pick = b;
    }
    dl_buf v = {0};
    if (visible_byline(m, headline_order, &v) < 0) {
        dl_buf_free(&v);
        return -1;
    }
    int rc = 0;
    if (pick) {
        size_t start, len = clean_byline(pick->data, pick->len, &start), comma;
        const char *p = pick->data + start;
        /* the visible line names more authors than the declared one ("Jane Doe and John Roe" over the
         * meta's "Jane Doe"): the reader's line is the byline */
        if (v.len > len + 3 && len && same_text(v.data, len, p, len) && more_names(v.data + len, v.len - len)) {
            rc = put_decoded(out, DL_META_BYLINE, v.data, v.len);
        } else if (len && inverted_name(p, len, &comma)) {
            dl_buf b = {0};
            dl_buf_append(&b, p + comma + 2, len - comma - 2);
            dl_buf_append(&b, " ", 1);
            dl_buf_append(&b, p, comma);
            rc = b.failed ? -1 : put_decoded(out, DL_META_BYLINE, b.data, b.len);
            dl_buf_free(&b);
        } else if (len) {
            rc = put_decoded(out, DL_META_BYLINE, p, len);
        }
    } else if (v.len) {
        rc = put_decoded(out, DL_META_BYLINE, v.data, v.len);
    } else if (weak) {
        rc = put_decoded(out, DL_META_BYLINE, weak->data, weak->len);
    } else if (out->fields[DL_META_BYLINE].value.len) {
        /* the design's byline (a rel=author link or the author meta), cleaned the same way */
        dl_buf *d = &out->fields[DL_META_BYLINE].value;
        size_t start, len = clean_byline(d->data, d->len, &start);
        if (!len || !plausible_byline(d->data + start, len) || !names_someone(d->data + start, len)) {
            dl_buf_free(d);
            out->fields[DL_META_BYLINE].rank = RANK_UNSET;
        } else if (start || len != d->len) {
            memmove(d->data, d->data + start, len);
            d->len = len;
            d->data[len] = 0;
        }
    }
    dl_buf_free(&v);
    return rc;
}

/* ---- date */

static int put_date(dl_metadata *out, dl_meta_field f, const dl_date *d) {
    char iso[DL_DATE_ISO_MAX];
    size_t n = dl_date_format(d, iso);
    return put_field(out, f, iso, n);
}

/* A date written in the element's first words. */
static int dateline(const dl_node *el, int day_first, dl_date *d) {
    dl_buf t = {0};
    bounded_text(el, DL_META_DATELINE_MAX, 1, &t);
    int ok = !t.failed && t.len && dl_date_scan(t.data, t.len, day_first, d);
    dl_buf_free(&t);
    return ok;
}

/* Text read below the headline for a date, at most: its date line is within the first lines. */
#define DL_META_AFTER_HEADLINE_TEXT 3000
/* Bytes before a date within which a publication word labels it in the line under the headline
 * ("Published Apr 26, 2023", "Posted on: ..."), not a category's "Posted in News ... (January 24)". */
#define DL_META_LABEL_NEAR 16
/* Text read below the headline for such a label: the headline and the line under it, not the first
 * paragraph's "Podcast. Veröffentlicht am ..." of something else. */
#define DL_META_LABEL_TEXT 200
/* Bytes after the first word of a date within which a second date is written beside it. */
#define DL_META_SIDE_BY_SIDE 30
/* Text read below the headline for the date a reader sees with it: the headline and the line or two
 * under it (a date further down is a footer's or a comment's) */
#define DL_META_SHOWN_TEXT 400
/* Nodes crossed below the headline at most, so a page of empty elements costs no more. */
#define DL_META_AFTER_HEADLINE_NODES 1500

/* Appends s to raw with its white-space runs folded to one space (*space: a run is pending), until raw
 * holds limit bytes. The limits of the text read near a headline count the words a reader sees: a page
 * indented with hundreds of spaces between its tags would otherwise spend them on white space and lose
 * the date line under the headline ("<h1>...</h1>" then 400 bytes of indentation, then "24 Apr 2000"). */
static void append_folded(dl_buf *raw, const char *s, size_t n, size_t limit, int *space) {
    for (size_t i = 0; i < n && raw->len < limit;) {
        if (dl_rule_is_space((unsigned char)s[i])) {
            *space = 1;
            i += dl_ascii_space_prefix(s + i, n - i);
            continue;
        }
        size_t j = i + dl_ascii_word_prefix(s + i, n - i);
        if (*space && raw->len) dl_buf_append(raw, " ", 1);
        *space = 0;
        size_t w = j - i;
        if (raw->len < limit && w > limit - raw->len) w = utf8_cut(s + i, limit - raw->len);
        dl_buf_append(raw, s + i, w);
        if (raw->failed) return;
        i = j;
    }
}

/* The text that follows el in document order (el's own text first), white space folded. An element
 * boundary separates words. by_words: at most limit bytes of the folded text (the window a reader
 * sees under a headline); else at most limit bytes crossed, white space included (the whole page's
 * text, where the limit bounds the cost: folding first reads more of an indented page for the same
 * dates, and the page-wide rules find the same ones either way). */
static void text_from_nodes(const dl_node *el, size_t limit, size_t max_nodes, int by_words, dl_buf *out) {
    const dl_node *root = el;
    while (root->parent) root = root->parent;
    dl_buf raw = {0};
    size_t nodes = 0, crossed = 0;
    int space = 0;
    for (const dl_node *x = el; x && (by_words ? raw.len : crossed) < limit && nodes < max_nodes && !raw.failed;
         nodes++) {
        int skip = 0;
        if (x->type == DL_NODE_TEXT) {
            size_t n = x->u.text.len;
            if (!by_words && n > limit - crossed) n = utf8_cut(x->u.text.ptr, limit - crossed);
            crossed += n;
            append_folded(&raw, x->u.text.ptr, n, limit, &space);
        } else if (x->type == DL_NODE_ELEMENT) {
            if (x->ns != DL_NS_HTML || x->atom == DL_TAG_script || x->atom == DL_TAG_style ||
                x->atom == DL_TAG_template || x->atom == DL_TAG_noscript)
                skip = 1;
            else
                space = 1, crossed++;
        }
        x = dl_next_node(root, x, skip);
    }
    /* raw is folded already (append_folded): it becomes out, or is appended to it */
    if (raw.failed) {
        out->failed = 1;
    } else if (raw.len && !out->len && !out->failed) {
        dl_buf_free(out);
        *out = raw;
        return;
    } else if (raw.len) {
        dl_buf_append(out, raw.data, raw.len);
    }
    dl_buf_free(&raw);
}

static void text_from(const dl_node *el, size_t limit, dl_buf *out) {
    text_from_nodes(el, limit, DL_META_AFTER_HEADLINE_NODES, 1, out);
}

/* The lines a reader sees under the headline (DL_META_SHOWN_TEXT bytes of the text from it): built once
 * per headline and kept in the harvest (m->page), as three of the date rules read them. */
static const dl_buf *shown_text(const dl_meta *m, const dl_node *headline) {
    struct dl_meta_page *p = m->page;
    if (p->shown_of != headline) {
        dl_buf_free(&p->shown);
        text_from(headline, DL_META_SHOWN_TEXT, &p->shown);
        p->shown_of = headline;
    }
    return &p->shown;
}

static int scan_text_from(const dl_node *el, size_t limit, int day_first, dl_date *d) {
    dl_buf t = {0};
    text_from(el, limit, &t);
    int ok = !t.failed && t.len && dl_date_scan(t.data, t.len, day_first, d);
    dl_buf_free(&t);
    return ok;
}

/* The bytes s takes with its white-space runs folded to one space, counted up to cap: the text before a
 * headline is bounded by the words it holds, not by its indentation (append_folded). */
static size_t folded_len(const char *s, size_t n, size_t cap) {
    size_t len = 0;
    int space = 0;
    for (size_t i = 0; i < n && len < cap; i++) {
        if (dl_rule_is_space((unsigned char)s[i])) {
            space = 1;
            continue;
        }
        len += 1 + space;
        space = 0;
    }
    return len;
}

/* The last limit bytes of text (white space folded) before el in document order (at most max_nodes
 * nodes back, script and style skipped): what a page writes just above its headline ("December 17,
 * 2025" over the <h1>). */
#define DL_META_BEFORE_HEADLINE_TEXT 160
#define DL_META_BEFORE_HEADLINE_NODES 40
static void text_before(const dl_node *el, size_t limit, size_t max_nodes, dl_buf *out) {
    const dl_node *texts[DL_META_BEFORE_HEADLINE_NODES];
    size_t nt = 0, bytes = 0, nodes = 0;
    if (max_nodes > DL_META_BEFORE_HEADLINE_NODES) max_nodes = DL_META_BEFORE_HEADLINE_NODES;
    const dl_node *x = el;
    while (x && nodes < max_nodes && bytes < limit && nt < max_nodes) {
        if (x->prev) {
            x = x->prev;
            /* into the previous sibling's last descendant, unless it is a script or a style */
            while (x->type == DL_NODE_ELEMENT && x->last_child && x->ns == DL_NS_HTML && x->atom != DL_TAG_script &&
                   x->atom != DL_TAG_style && x->atom != DL_TAG_template && x->atom != DL_TAG_noscript && nodes < max_nodes)
                x = x->last_child, nodes++;
        } else {
            x = x->parent;
            if (!x || x->type != DL_NODE_ELEMENT) break;
        }
        nodes++;
        if (x->type == DL_NODE_TEXT && x->parent && x->parent->type == DL_NODE_ELEMENT &&
            x->parent->atom != DL_TAG_script && x->parent->atom != DL_TAG_style) {
            texts[nt++] = x;
            bytes += folded_len(x->u.text.ptr, x->u.text.len, limit);
        }
    }
    dl_buf raw = {0}, folded = {0};
    for (size_t i = nt; i-- > 0;) {
        dl_buf_append(&raw, "\n", 1);
        dl_buf_append(&raw, texts[i]->u.text.ptr, texts[i]->u.text.len);
    }
    if (raw.len) dl_fold_append(&folded, raw.data, raw.len);
    if (raw.failed || folded.failed) out->failed = 1;
    else if (folded.len) {
        /* only the last limit bytes of the folded text: the words nearest the headline */
        size_t from = folded.len > limit ? folded.len - limit : 0;
        while (from < folded.len && ((unsigned char)folded.data[from] & 0xC0) == 0x80) from++;
        dl_buf_append(out, folded.data + from, folded.len - from);
    }
    dl_buf_free(&raw);
    dl_buf_free(&folded);
}

static int update_label(const char *text, size_t floor, size_t at);

/* The date nearest the headline in the text just before it, not one labelled an update
 * ("December 22, 2022 Updated: January 2, 2026" over the <h1>). */
static int date_before(const dl_node *headline, int day_first, dl_date *d) {
    dl_buf t = {0};
    text_before(headline, DL_META_BEFORE_HEADLINE_TEXT, DL_META_BEFORE_HEADLINE_NODES, &t);
    int ok = 0;
    size_t off = 0, at = 0;
    dl_date x;
    while (!t.failed && off < t.len && dl_date_find(t.data + off, t.len - off, day_first, &x, &at)) {
        if (!update_label(t.data, off, off + at)) {
            *d = x;
            ok = 1;
        }
        off += at + 1;
        while (off < t.len && t.data[off] != ' ') off++;
    }
    dl_buf_free(&t);
    return ok;
}

/* Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar (the civil-from-days inverse). */
static long days_from_civil(int y, int m, int d) {
    y -= m <= 2;
    long era = (y >= 0 ? y : y - 399) / 400;
    long yoe = y - era * 400;
    long doy = (153L * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static void civil_from_days(long z, int *y, int *m, int *d) {
    z += 719468;
    long era = (z >= 0 ? z : z - 146096) / 146097;
    long doe = z - era * 146097;
    long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = (int)(yoe + era * 400 + (*m <= 2));
}

/* Minutes since 1970 of the wall-clock time written (its zone not applied). */
static long wall_minutes(const dl_date *d) {
    return days_from_civil(d->year, d->month, d->day) * 1440 + d->hour * 60 + d->minute;
}

/* The same moment as d (which has a zone) written in the zone offset minutes east of UTC. */
static dl_date in_zone(const dl_date *d, int offset) {
    long utc = wall_minutes(d) - (d->zulu ? 0 : d->zone_minutes);
    long local = utc + offset;
    dl_date out = *d;
    long day = local >= 0 ? local / 1440 : -((-local + 1439) / 1440);
    long rem = local - day * 1440;
    civil_from_days(day, &out.year, &out.month, &out.day);
    out.hour = (int)(rem / 60);
    out.minute = (int)(rem % 60);
    out.has_zone = 1;
    out.zulu = 0;
    out.zone_minutes = offset;
    return out;
}

/* A publication time declared in UTC ("...Z", "+00:00") is a machine's conversion: the publisher
 * wrote, and the reader sees, the day in the page's own zone (an evening story in California is dated
 * the next day in UTC). When another date on the page shows the same moment with a zone offset, or
 * without a zone but the same minutes and seconds a whole number of quarter hours (at most 14 hours)
 * away, the date is written in that zone. Returns whether *d was rewritten. */
static int local_form(const dl_meta *m, dl_date *d) {
    if (!d->has_time || !d->has_zone || (!d->zulu && d->zone_minutes != 0)) return 0;
    long utc = wall_minutes(d);
    for (size_t i = 0; i < m->ntimed; i++) {
        const dl_date *q = &m->timed[i];
        if (q->second != d->second) continue;
        long offset;
        if (q->has_zone) {
            if (q->zulu || q->zone_minutes == 0) continue;
            if (wall_minutes(q) - q->zone_minutes != utc) continue;
            offset = q->zone_minutes;
        } else {
            offset = wall_minutes(q) - utc;
            if (offset == 0 || offset % 15 != 0 || offset > 14 * 60 || offset < -14 * 60) continue;
        }
        *d = in_zone(d, (int)offset);
        return 1;
    }
    return 0;
}

/* Whether the moment d (written with a time and a zone) falls on the calendar day of day in some zone
 * a clock can keep (UTC-12:00 to UTC+14:00): a date a day apart that no zone reaches is another
 * moment, not the same one seen from elsewhere. Without a time or a zone, any neighbouring day may be. */
static int zone_reaches(const dl_date *d, const dl_date *day) {
    if (!d->has_time || !d->has_zone) return 1;
    long utc = wall_minutes(d) - (d->zulu ? 0 : d->zone_minutes);
    long start = days_from_civil(day->year, day->month, day->day) * 1440;
    return utc - 12 * 60 < start + 1440 && utc + 14 * 60 >= start;
}

/* Whether a and b fall on the same calendar day, each read as written or, with a zone, in UTC. */
static int same_day(const dl_date *a, const dl_date *b) {
    dl_date ax[2] = {*a, *a}, bx[2] = {*b, *b};
    if (a->has_time && a->has_zone) ax[1] = in_zone(a, 0);
    if (b->has_time && b->has_zone) bx[1] = in_zone(b, 0);
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            if (ax[i].year == bx[j].year && ax[i].month == bx[j].month && ax[i].day == bx[j].day) return 1;
    return 0;
}

/* Text of the whole page read by the last resort, at most, and the nodes crossed for it. */
#define DL_META_PAGE_TEXT 65536
#define DL_META_PAGE_NODES 20000
/* dl_date_find looks at 4096 bytes at a time: step by less, so a date across the boundary is read */
#define DL_META_PAGE_STEP 4000

/* Words that label a date as the publication, the explicit ones first (words.h). */
static const char *const publication_words[] = {DL_MW_PUBLICATION_LABELS};

/* Whether the words just before a date (at most 40 bytes of text[0..at)) say it is the publication:
 * "Published on", "Veröffentlicht am", "Erschienen am", "publié le", "publicado el", "pubblicato il",
 * "gepubliceerd op", "Posted", "Datum:". */
static int publication_label(const char *text, size_t floor, size_t at) {
    size_t from = at > floor + 40 ? at - 40 : floor;
    for (size_t k = 0; k < sizeof publication_words / sizeof publication_words[0]; k++)
        if (contains_ci(text + from, at - from, publication_words[k])) return 1;
    return 0;
}


/* The text of the page the last resorts read: bounded in bytes and nodes; built once per harvest (the
 * date rules may ask for it three or four times). t->failed when it could not be built. */
static const dl_buf *page_text(const dl_meta *m) {
    struct dl_meta_page *p = m->page;
    if (!p->ready) {
        text_from_nodes(m->html, DL_META_PAGE_TEXT, DL_META_PAGE_NODES, 0, &p->text);
        p->ready = 1;
    }
    return &p->text;
}

/* Where the word of words[0..n) that starts at t[i] is followed within 40 bytes by a date (*d, and *found
 * set): returns where the scan goes on, past the word, or i + 1 when no word starts there. */
static size_t label_at(const dl_meta *m, const dl_buf *t, size_t i, const char *const *words, size_t n, dl_date *d,
                       int *found) {
    unsigned char c = lower((unsigned char)t->data[i]);
    for (size_t k = 0; k < n; k++) {
        const char *w = words[k];
        if ((unsigned char)w[0] != c || !starts_ci(t->data + i, t->len - i, w)) continue;
        size_t wl = strlen(w), from = i + wl, span = t->len - from < 80 ? t->len - from : 80, at = 0;
        dl_date x;
        if (dl_date_find(t->data + from, span, m->day_first, &x, &at) && wl + at <= 40) {
            *d = x;
            *found = 1;
        }
        return from;
    }
    return i + 1;
}

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
/* 0xFF where x's byte lies in [lo, hi] (unsigned). */
static __m128i bytes_within(__m128i x, unsigned char lo, unsigned char hi) {
    return _mm_cmpeq_epi8(x, _mm_max_epu8(_mm_min_epu8(x, _mm_set1_epi8((char)hi)), _mm_set1_epi8((char)lo)));
}
#endif

/* The first date that starts within 40 bytes after one of words[0..n) in the page's text
 * ("Veröffentlicht am 16.08.2019"): the words are found first, so a page pays one pass over its
 * text, not a date parse at every date it writes. A word counts where it starts a word of the text. */
static int labelled_date(const dl_meta *m, const char *const *words, size_t n, dl_date *d) {
    if (!m->html) return 0;
    const dl_buf *t = page_text(m);
    if (t->failed) return 0;
    const unsigned char *s = (const unsigned char *)t->data;
    size_t len = t->len, i = 0;
    int found = 0;
    /* the words' first letters: most bytes of the text start none of them */
    unsigned char first[256] = {0}, letters[8];
    size_t nletters = 0;
    for (size_t k = 0; k < n; k++) {
        unsigned char c0 = (unsigned char)words[k][0];
        if (!first[c0] && nletters < sizeof letters) letters[nletters] = c0;
        if (!first[c0]) nletters++;
        if (c0 < 'a' || c0 > 'z') nletters = sizeof letters + 1; /* found a byte at a time (below) */
        first[c0] = 1;
        if (c0 >= 'a' && c0 <= 'z') first[c0 - 32] = 1;
    }
    if (len && first[s[0]]) i = label_at(m, t, 0, words, n, d, &found);
    else if (len) i = 1;
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
    /* 16 places at a time: a place is looked at only when its byte is a word's first letter, in either
     * case (a letter's byte with bit 0x20 set is its lower case, and no other byte becomes a lower-case
     * letter so), and the byte before it is no letter or digit */
    if (nletters <= sizeof letters) {
        const __m128i case_bit = _mm_set1_epi8(0x20);
        while (!found && i + 16 <= len) {
            __m128i x = _mm_or_si128(_mm_loadu_si128((const __m128i *)(const void *)(s + i)), case_bit);
            __m128i y = _mm_loadu_si128((const __m128i *)(const void *)(s + i - 1));
            __m128i hit = _mm_setzero_si128();
            for (size_t k = 0; k < nletters; k++)
                hit = _mm_or_si128(hit, _mm_cmpeq_epi8(x, _mm_set1_epi8((char)letters[k])));
            __m128i alnum = _mm_or_si128(bytes_within(_mm_or_si128(y, case_bit), 'a', 'z'), bytes_within(y, '0', '9'));
            unsigned bits = (unsigned)_mm_movemask_epi8(_mm_andnot_si128(alnum, hit));
            size_t end = i + 16;
            while (bits && !found) {
                size_t at = i + (unsigned)__builtin_ctz(bits), on = label_at(m, t, at, words, n, d, &found);
                bits &= bits - 1;
                if (on == at + 1) continue;
                /* a word was read: the scan goes on past it */
                if (on >= end) {
                    end = on;
                    break;
                }
                bits &= ~0u << (on - i);
            }
            i = end;
        }
    }
#endif
    for (; i < len && !found;) {
        if (!first[s[i]] || (i && dl_ascii_is_alnum(s[i - 1]))) {
            i++;
            continue;
        }
        i = label_at(m, t, i, words, n, d, &found);
    }
    return found;
}

/* The first date labelled by an explicit publication word (publication_words' first ones). */
static int explicit_date(const dl_meta *m, dl_date *d) {
    return labelled_date(m, publication_words, DL_MW_EXPLICIT_LABELS, d);
}

/* Words that label the date a page says it stands at (words.h). */
static const char *const status_words[] = {DL_MW_STATUS_LABELS};

/* The next date written in the page's text t at or after *off: its position in *at. dl_date_find reads
 * a bounded window, so where a window holds no date the walk moves on by most of it, keeping a date's
 * length. The caller moves *off past the date it got (skip_date) before asking again. */
static int next_page_date(const dl_buf *t, size_t *off, int day_first, dl_date *x, size_t *at) {
    while (!t->failed && *off < t->len) {
        size_t found_at = 0, chunk = t->len - *off;
        if (dl_date_find(t->data + *off, chunk, day_first, x, &found_at)) {
            *at = *off + found_at;
            return 1;
        }
        if (chunk <= DL_META_PAGE_STEP) return 0;
        *off += DL_META_PAGE_STEP;
    }
    return 0;
}

/* Where the walk goes on after the date at at: past the word it starts. */
static size_t skip_date(const dl_buf *t, size_t at) {
    size_t off = at + 1;
    while (off < t->len && t->data[off] != ' ') off++;
    return off;
}

/* The last resort, when nothing else dates the page: the dates written anywhere in its text (bounded),
 * the first one labelled as the publication, else the first one not labelled as an update, else the
 * first one. A date the page shows is a better answer than none, and the labels pick the right one
 * from a footer's "Erschienen am: ... Letzte Änderung: ..." lines. */
static int page_date(const dl_meta *m, dl_date *d) {
    if (!m->html) return 0;
    const dl_buf *t = page_text(m);
    int have_plain = 0, have_any = 0, found = 0;
    dl_date plain, any, x;
    size_t off = 0, at = 0;
    while (!found && next_page_date(t, &off, m->day_first, &x, &at)) {
        /* the words since the previous date label this one */
        if (publication_label(t->data, off, at)) {
            *d = x;
            found = 1;
        } else if (!update_label(t->data, off, at)) {
            if (!have_plain) plain = x, have_plain = 1;
        } else if (!have_any) {
            any = x, have_any = 1;
        }
        off = skip_date(t, at);
    }
    if (!found && have_plain) *d = plain, found = 1;
    if (!found && have_any) *d = any, found = 1;
    return found;
}

/* Whether t writes a date on the day of d, among all the dates it writes; *dated (when not NULL) is
 * set when it writes any date. */
static int text_shows_day(const dl_buf *t, int day_first, const dl_date *d, int *dated) {
    size_t off = 0, at = 0;
    dl_date x;
    while (!t->failed && off < t->len && dl_date_find(t->data + off, t->len - off, day_first, &x, &at)) {
        if (dated) *dated = 1;
        if (same_day(&x, d)) return 1;
        off = skip_date(t, off + at);
    }
    return 0;
}

/* Whether the text just around the headline (the lines above it, the first lines below it) writes a
 * date on the day of d. */
static int near_headline_day(const dl_meta *m, const dl_node *headline, const dl_date *d) {
    if (!headline) return 0;
    int shows = 0;
    dl_buf t = {0};
    text_before(headline, DL_META_BEFORE_HEADLINE_TEXT, DL_META_BEFORE_HEADLINE_NODES, &t);
    shows = text_shows_day(&t, m->day_first, d, NULL);
    dl_buf_free(&t);
    if (!shows) shows = text_shows_day(shown_text(m, headline), m->day_first, d, NULL);
    return shows;
}

/* Whether the page's text (bounded, as page_date reads it) writes a date on the day of d. */
static int page_shows_day(const dl_meta *m, const dl_date *d) {
    if (!m->html) return 0;
    const dl_buf *t = page_text(m);
    int shows = 0;
    size_t off = 0, at = 0;
    dl_date x;
    while (!shows && next_page_date(t, &off, m->day_first, &x, &at)) {
        shows = same_day(&x, d);
        off = skip_date(t, at);
    }
    return shows;
}

/* Whether the words just before a date (at most 48 bytes of text[0..at)) say it is an update:
 * "Updated on", "Aktualisiert am", "mis à jour le", "actualizado el", "aggiornato il", "bijgewerkt op",
 * "atualizado em", "last edited", "zuletzt geändert", "Letzte Änderung". */
static int update_label(const char *text, size_t floor, size_t at) {
    size_t from = at > floor + 48 ? at - 48 : floor;
    static const char *const words[] = {DL_MW_UPDATE_LABELS};
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
        if (contains_ci(text + from, at - from, words[k])) return 1;
    return 0;
}

/* The first date in text and whether it is labelled an update. */
static int find_shown(const dl_buf *t, int day_first, dl_date *d, int *updated) {
    size_t at = 0;
    if (t->failed || !t->len || !dl_date_find(t->data, t->len, day_first, d, &at)) return 0;
    *updated = update_label(t->data, 0, at);
    return 1;
}

/* Whether a date line or <time> n comes after the headline, within DL_META_NEAR_HEADLINE elements. */
static int near_headline(const dl_meta_node *n, uint32_t headline_order) {
    return n->order >= headline_order && n->order <= headline_order + DL_META_NEAR_HEADLINE;
}

/* The first date written in the lines below the headline, and whether it is labelled an update. */
static int date_under_headline(const dl_meta *m, const dl_node *headline, dl_date *d, int *updated) {
    return find_shown(shown_text(m, headline), m->day_first, d, updated);
}

/* The date a reader sees with the headline: a date line after it, else a date just above it, else the
 * first date written in the lines below it; *updated says whether its label calls it an update. */
static int shown_date(const dl_meta *m, const dl_node *headline, uint32_t headline_order, dl_date *d, int *updated) {
    int ok = 0;
    for (size_t i = 0; i < m->ndatelines && !ok; i++) {
        const dl_meta_node *n = &m->datelines[i];
        if (!near_headline(n, headline_order)) continue;
        dl_buf t = {0};
        bounded_text(n->node, DL_META_DATELINE_MAX, 1, &t);
        ok = find_shown(&t, m->day_first, d, updated);
        dl_buf_free(&t);
    }
    /* a date just above the headline (a post header's date, then the <h1>) */
    if (!ok && headline && date_before(headline, m->day_first, d)) ok = 1, *updated = 0;
    if (!ok && headline) ok = date_under_headline(m, headline, d, updated);
    return ok;
}

/* Whether the first date line near the headline (after it, within DL_META_NEAR_HEADLINE elements) that
 * writes a date writes one on the day of d, among all the dates it writes. */
static int dateline_shows_day(const dl_meta *m, uint32_t headline_order, const dl_date *d) {
    int shows = 0, dated = 0;
    for (size_t i = 0; i < m->ndatelines && !dated; i++) {
        const dl_meta_node *n = &m->datelines[i];
        if (!near_headline(n, headline_order)) continue;
        dl_buf t = {0};
        bounded_text(n->node, DL_META_DATELINE_MAX, 1, &t);
        shows = text_shows_day(&t, m->day_first, d, &dated);
        dl_buf_free(&t);
    }
    return shows;
}

/* A UTC publication time whose day is the neighbour of the day the page's URL path carries, within
 * the hours a zone offset can move it (at most 14): the URL was written with the publisher's own
 * calendar day, the UTC time is the same moment seen from Greenwich. The date becomes the URL's day,
 * without a time, since the zone is not known. */
static void url_day(const dl_meta *m, const dl_metadata *out, dl_date *d) {
    if (!d->has_time || !d->has_zone || (!d->zulu && d->zone_minutes != 0)) return;
    const dl_buf *canon = &out->fields[DL_META_CANONICAL].value, *og = &m->src[DL_SRC_OG_URL];
    dl_date u;
    if (!((canon->len && dl_date_from_url(canon->data, canon->len, &u)) ||
          (og->len && dl_date_from_url(og->data, og->len, &u))))
        return;
    long day = days_from_civil(d->year, d->month, d->day), uday = days_from_civil(u.year, u.month, u.day);
    int minutes = d->hour * 60 + d->minute;
    if ((uday == day - 1 && minutes < 14 * 60) || (uday == day + 1 && minutes >= 10 * 60)) *d = u;
}

static int resolve_date(const dl_meta *m, const dl_node *headline, const dl_node *body, uint32_t headline_order,
                        dl_metadata *out) {
    /* declared publication dates, most specific first: JSON-LD of an article, the OpenGraph article
     * meta, microdata, the common date metas, a <time> marked as the publication */
    static const dl_meta_date_source published[] = {DL_DATE_LD_PUBLISHED, DL_DATE_ARTICLE_PUBLISHED,
                                                    DL_DATE_ITEMPROP_PUBLISHED, DL_DATE_META,
                                                    DL_DATE_TIME_PUBDATE, DL_DATE_LD_CREATED, DL_DATE_META_OTHER};
    static const dl_meta_date_source modified[] = {DL_DATE_LD_MODIFIED, DL_DATE_ARTICLE_MODIFIED,
                                                   DL_DATE_ITEMPROP_MODIFIED};
    const dl_date *pick = NULL;
    dl_date found, shown;
    size_t source = 0;
    for (size_t k = 0; k < sizeof published / sizeof published[0] && !pick; k++)
        if (m->date_set[published[k]]) pick = &m->dates[published[k]], source = k;
    /* a declared publication time equal, to the second, to the declared modification of the same
     * source is one stamp written twice (a re-save), and a <time pubdate> (or one whose class says
     * published) on an earlier day is the publication the page shows ("Published <time pubdate
     * datetime=2025-08-13>" under JSON-LD datePublished = dateModified = 2025-11-29T12:28:31; an
     * explicitly labelled date instead does no better) */
    if (pick == &m->dates[DL_DATE_LD_PUBLISHED] || pick == &m->dates[DL_DATE_ARTICLE_PUBLISHED]) {
        dl_meta_date_source mod =
            pick == &m->dates[DL_DATE_LD_PUBLISHED] ? DL_DATE_LD_MODIFIED : DL_DATE_ARTICLE_MODIFIED;
        const dl_date *mo = &m->dates[mod], *shown_pub = &m->dates[DL_DATE_TIME_PUBDATE];
        int one_stamp = m->date_set[mod] && pick->has_time && mo->has_time && pick->year == mo->year &&
                        pick->month == mo->month && pick->day == mo->day && pick->hour == mo->hour &&
                        pick->minute == mo->minute && pick->second == mo->second;
        if (one_stamp && m->date_set[DL_DATE_TIME_PUBDATE] && !same_day(pick, shown_pub) &&
            days_from_civil(shown_pub->year, shown_pub->month, shown_pub->day) <
                days_from_civil(pick->year, pick->month, pick->day))
            pick = shown_pub;
    }
    /* the page shows another declared date under its headline than the publication, with no label that
     * calls it an update: the page dates itself by its revision, and that is the date a reader (and an
     * index) goes by. A line that says "Updated ..." leaves the publication date as it is, and so does
     * a date line that writes the publication's day too, after the revision ("Tom 2024-04-18T13:00:39
     * March 22nd, 2024", the first a template's machine stamp): the page shows when it was published */
    int updated = 0;
    /* the date shown with the headline, read once for the rules below that weigh a declared date by it */
    int have_shown = pick && shown_date(m, headline, headline_order, &shown, &updated);
    if (have_shown && !updated && !same_day(pick, &shown) && !dateline_shows_day(m, headline_order, pick)) {
        for (size_t k = 0; k < sizeof modified / sizeof modified[0]; k++)
            if (m->date_set[modified[k]] && same_day(&m->dates[modified[k]], &shown)) {
                pick = &m->dates[modified[k]];
                break;
            }
    }
    /* a generic date meta (name=date, dc.date, pubdate ...) is often when the page was generated or
     * last touched; the date the page shows with its headline (not labelled an update), else one its
     * text labels as the publication, is its publication (for the other declared sources the same
     * rule loses more than it wins; a <time> elsewhere on the page does not overrule the meta) */
    if (pick && published[source] == DL_DATE_META) {
        dl_date said;
        if (have_shown && !updated && !same_day(pick, &shown)) {
            /* ... unless the page's text labels the meta's own day as the publication ("Published on
             * 25.Jun.2019" in the header; the date shown nearer the headline is a preprint's "first
             * published 04.Apr.2019"): the page says in words that the meta is right */
            if (!(explicit_date(m, &said) && same_day(pick, &said))) {
                found = shown;
                pick = &found;
            }
        } else {
            /* else a date the text labels explicitly as the publication ("Erschienen am: 13.10.2021") */
            if (explicit_date(m, &found) && !same_day(pick, &found)) pick = &found;
        }
    }
    /* a date the line under the headline labels as the publication ("Published Apr 26, 2023", the
     * label right before it) overrules any declared one: the page says in words which date it was
     * published on, where a declared date may be a re-save's (a label further off, 40 bytes, takes
     * "Posted in News Release (January 24)") */
    if (pick && headline) {
        dl_buf t = {0};
        text_from(headline, DL_META_LABEL_TEXT, &t);
        size_t at = 0;
        dl_date x;
        if (!t.failed && t.len && dl_date_find(t.data, t.len, m->day_first, &x, &at) &&
            publication_label(t.data, at > DL_META_LABEL_NEAR ? at - DL_META_LABEL_NEAR : 0, at) && !same_day(pick, &x)) {
            found = x;
            pick = &found;
        }
        dl_buf_free(&t);
    }
    /* a declared publication date the page's text never writes, while the page shows another date,
     * not labelled an update, with its headline (in the lines just above or below it): the declared
     * date is a machine's stamp (a re-save, a migration) and the shown date is the one a reader and
     * an index go by. Not a day apart (the same moment in another zone: the declared time says which
     * day it is), and not the declared day with day and month swapped (a numeric date read the other
     * way round). Only a date declared in the head or in JSON-LD: microdata and <time> mark an element the page shows,
     * in its own words ("14 years ago") */
    int stamped = pick == &m->dates[DL_DATE_LD_PUBLISHED] || pick == &m->dates[DL_DATE_ARTICLE_PUBLISHED] ||
                  pick == &m->dates[DL_DATE_META] || pick == &m->dates[DL_DATE_LD_CREATED] ||
                  pick == &m->dates[DL_DATE_META_OTHER];
    if (stamped && have_shown && !updated && !same_day(pick, &shown)) {
        long apart = days_from_civil(pick->year, pick->month, pick->day) -
                     days_from_civil(shown.year, shown.month, shown.day);
        int swapped = pick->year == shown.year && pick->month == shown.day && pick->day == shown.month;
        /* a day apart is another moment too when the declared time, with its zone, lands on the shown
         * day in no zone at all ("2025-12-19T22:02:58Z" declared, "Dec 18, 2025" under the headline:
         * the 19th from 10:02 to the 20th at 12:02 around the world; any day apart loses more than it
         * wins) */
        int other_moment = (apart == 1 || apart == -1) && !zone_reaches(pick, &shown);
        if ((apart > 1 || apart < -1 || other_moment) && !swapped && near_headline_day(m, headline, &shown) && !page_shows_day(m, pick)) {
            found = shown;
            pick = &found;
        }
    }
    /* the line under the headline writes two dates side by side, the declared one first and an older
     * one right after it ("December 10, 2021 April 9, 2019 by ...", "2018-08-29 14:15:57 2018-06-22"):
     * the page shows its revision, then its first publication, which is the date (a second date
     * further on is another line's) */
    if (pick && headline) {
        const dl_buf *t = shown_text(m, headline);
        size_t a1 = 0, a2 = 0;
        dl_date x1, x2;
        if (!t->failed && t->len && dl_date_find(t->data, t->len, m->day_first, &x1, &a1) && same_day(pick, &x1)) {
            size_t off = a1 + 1;
            while (off < t->len && t->data[off] != ' ') off++;
            size_t span = t->len - off < DL_META_SIDE_BY_SIDE ? t->len - off : DL_META_SIDE_BY_SIDE;
            if (off < t->len && dl_date_find(t->data + off, span, m->day_first, &x2, &a2) &&
                days_from_civil(x2.year, x2.month, x2.day) < days_from_civil(x1.year, x1.month, x1.day) - 1 &&
                !update_label(t->data, off, off + a2)) {
                found = x2;
                pick = &found;
            }
        }
    }
    /* the URL's date: a CMS writes the publication day into the path */
    if (!pick) {
        const dl_buf *canon = &out->fields[DL_META_CANONICAL].value, *og = &m->src[DL_SRC_OG_URL];
        if ((canon->len && dl_date_from_url(canon->data, canon->len, &found)) ||
            (og->len && dl_date_from_url(og->data, og->len, &found)))
            pick = &found;
    }
    /* a date the page's text labels explicitly as its publication ("Veröffentlicht am 16.08.2019",
     * "Published on August 19, 2019"), before the guesses from date lines and <time>s; "Date:" also
     * labels an event's dates and is left to the last resort */
    if (!pick && explicit_date(m, &found)) pick = &found;
    /* the date written just above the headline, in the same header: the page's own date, where a
     * date line after the headline is as often a related post's (as the shown date of the revision
     * and generic-meta rules it loses more) */
    if (!pick && headline && date_before(headline, m->day_first, &found)) pick = &found;
    /* a date line near the headline (after it, within DL_META_NEAR_HEADLINE elements), else the first
     * <time>, else any date line. A date line whose words call its date an update ("Updated Jun 16,
     * 2025") says when the page was revised, not published: the rules after this one look further
     * (a <time>, the page's "Last updated" status as the last word) */
    if (!pick) {
        /* the first <time> near the headline with a readable datetime: a date line after it is further
         * from the headline (a related post's card, "2025/12/20", after the post's own <time
         * datetime="2025-04-29 21:00:25">), and the <time> is the post's */
        uint32_t time_order = UINT32_MAX;
        dl_date time_date;
        for (size_t i = 0; headline && i < m->ntimes && time_order == UINT32_MAX; i++) {
            const dl_meta_node *n = &m->times[i];
            if (!near_headline(n, headline_order)) continue;
            const dl_attr *dt = attr(n->node, "datetime");
            if (dt && dl_date_parse(dt->value.ptr, dt->value.len, &time_date)) time_order = n->order;
        }
        for (size_t i = 0; i < m->ndatelines && !pick; i++) {
            const dl_meta_node *n = &m->datelines[i];
            if (!near_headline(n, headline_order)) continue;
            if (n->order > time_order) {
                found = time_date;
                pick = &found;
                break;
            }
            dl_buf t = {0};
            int updated = 0;
            bounded_text(n->node, DL_META_DATELINE_MAX, 1, &t);
            if (find_shown(&t, m->day_first, &found, &updated) && !updated) pick = &found;
            dl_buf_free(&t);
        }
    }
    /* a page that declares no date and shows none with its headline: the date it says it stands at
     * ("Stand: 09.10.2017", "Aktualisiert: 30.12.2016", "updated: 2016/11/18") is its own, where a
     * first <time> or a date in the text is as often a teaser's or a caption's (after the date lines
     * near the headline, which date the post more surely) */
    if (!pick && labelled_date(m, status_words, sizeof status_words / sizeof status_words[0], &found)) pick = &found;
    /* a <time> near the headline (after it, as near as a date line): the post's own, where the page's
     * first <time> is as often a sidebar's news item above it; its datetime says the day, where its
     * text may be a numeric date in an order the page does not tell ("03/01/2017"). After the page's
     * status date: on a short page a teaser's <time> is within reach */
    for (size_t i = 0; headline && i < m->ntimes && !pick; i++) {
        const dl_meta_node *n = &m->times[i];
        if (!near_headline(n, headline_order)) continue;
        const dl_attr *dt = attr(n->node, "datetime");
        if (dt && dl_date_parse(dt->value.ptr, dt->value.len, &found)) pick = &found;
    }
    /* the date written in the lines just under the headline, not labelled an update, before the page's
     * first <time> anywhere: that <time> is as often the header's clock or a sidebar's item as the
     * post's ("Started by Jane, June 04, 2024" under a forum thread's title, a <time> with the visitor's
     * current time in the page header above it; a date further down, or an "updated" one, is as often
     * another item's) */
    if (!pick && headline) {
        int updated = 0;
        if (date_under_headline(m, headline, &found, &updated) && !updated) pick = &found;
    }
    if (!pick && m->date_set[DL_DATE_TIME]) pick = &m->dates[DL_DATE_TIME];
    /* a date written in the lines below the headline, with no markup to say so ("<dd>12.01.2017</dd>") */
    if (!pick && headline && scan_text_from(headline, DL_META_AFTER_HEADLINE_TEXT, m->day_first, &found)) pick = &found;
    for (size_t i = 0; i < m->ndatelines && !pick; i++)
        if (dateline(m->datelines[i].node, m->day_first, &found)) pick = &found;
    /* the <title> ("08.11.2021 | Fachtag ..."), then the start of the article text */
    if (!pick && m->src[DL_SRC_TITLE_TAG].len &&
        dl_date_scan(m->src[DL_SRC_TITLE_TAG].data, m->src[DL_SRC_TITLE_TAG].len, m->day_first, &found))
        pick = &found;
    if (!pick && body && scan_text_from(body, DL_META_AFTER_HEADLINE_TEXT, m->day_first, &found)) pick = &found;
    if (!pick && page_date(m, &found)) pick = &found;
    /* a page that declares only when it was modified: that is the one date it carries */
    for (size_t k = 0; k < sizeof modified / sizeof modified[0] && !pick; k++)
        if (m->date_set[modified[k]]) pick = &m->dates[modified[k]];
    if (pick) {
        dl_date local = *pick;
        if (!local_form(m, &local)) url_day(m, out, &local);
        if (put_date(out, DL_META_DATE, &local) < 0) return -1;
    } else if (out->fields[DL_META_DATE].value.len) {
        /* the design's date, kept only when it reads as a date: a field that says "last Tuesday" is
         * no date an index can use */
        dl_buf *d = &out->fields[DL_META_DATE].value;
        dl_date x;
        if (dl_date_parse(d->data, d->len, &x)) {
            if (put_date(out, DL_META_DATE, &x) < 0) return -1;
        } else {
            dl_buf_free(d);
            out->fields[DL_META_DATE].rank = RANK_UNSET;
        }
    }
    for (size_t k = 0; k < sizeof modified / sizeof modified[0]; k++)
        if (m->date_set[modified[k]]) return put_date(out, DL_META_DATE_MODIFIED, &m->dates[modified[k]]);
    return 0;
}

/* Whether s starts with an English ordinal's suffix ("st", "nd", "rd", "th"), in either case. */
static int ordinal_suffix(const unsigned char *s, size_t n) {
    if (n < 2) return 0;
    unsigned char a = lower(s[0]), b = lower(s[1]);
    return (a == 's' && b == 't') || (a == 'n' && b == 'd') || (a == 'r' && b == 'd') || (a == 't' && b == 'h');
}

/* Whether the page writes its dates with the day before the month's name ("3 October 2023", as
 * British English and most English outside the US do) and never the month's name first ("October 3,
 * 2023"): a reader of such a page reads its numeric dates day first too ("03/10/2023" under the
 * headline is 3 October). At most the first 64 dates of the page's text are looked at. */
static int writes_day_before_month(const dl_meta *m) {
    if (!m->html) return 0;
    const dl_buf *t = page_text(m);
    int day_name = 0, name_day = 0;
    size_t off = 0, at = 0;
    dl_date x;
    for (int seen = 0; seen < 64 && next_page_date(t, &off, 0, &x, &at); seen++) {
        const unsigned char *s = (const unsigned char *)t->data;
        size_t i = at, n = t->len;
        if (dl_ascii_is_digit(s[i])) {
            /* "3 October 2023", "3. Oktober", "3rd October"; a year first (ISO, numeric) shows neither */
            while (i < n && dl_ascii_is_digit(s[i])) i++;
            if (i - at <= 2) {
                if (i < n && s[i] == '.') i++;
                else if (ordinal_suffix(s + i, n - i)) i += 2;
                if (i + 1 < n && s[i] == ' ' && dl_ascii_is_alpha(s[i + 1])) day_name++;
            }
        } else if (dl_ascii_is_alpha(s[i])) {
            /* "October 3, 2023", "Oct. 3rd, 2023" */
            while (i < n && dl_ascii_is_alpha(s[i])) i++;
            if (i < n && s[i] == '.') i++;
            if (i < n && s[i] == ' ') i++;
            size_t d = i;
            while (i < n && dl_ascii_is_digit(s[i])) i++;
            if (i > d && i - d <= 2) {
                if (ordinal_suffix(s + i, n - i)) i += 2;
                if (i < n && s[i] == ',') name_day++;
            }
        }
        off = skip_date(t, at);
    }
    return day_name > 0 && !name_day;
}

int dl_meta_resolve(dl_meta *m, const dl_node *body, dl_metadata *out) {
    dl_metadata_init(out);
    if (m->nomem || copy_design(&m->design, out) < 0) return -1;
    /* the site name: og:site_name, else application-name, else the JSON-LD publisher, else the name of
     * the JSON-LD WebSite (a home or service page declares no article and so no publisher; the site
     * name it declares is what tells "Site - Headline" from "Headline - Site" in its <title>) */
    const dl_buf *site = &m->src[DL_SRC_OG_SITE_NAME];
    if (!site->len) site = &m->src[DL_SRC_APPLICATION_NAME];
    if (!site->len) site = &m->src[DL_SRC_LD_PUBLISHER];
    if (!site->len) site = &m->src[DL_SRC_LD_WEBSITE];
    if (site->len && put_field(out, DL_META_SITE_NAME, site->data, site->len) < 0) return -1;
    const dl_node *headline = NULL;
    if (resolve_title(m, body, site->data, site->len, out, &headline) < 0) return -1;
    uint32_t headline_order = 0;
    for (size_t i = 0; i < m->nh1; i++)
        if (m->h1[i].node == headline) headline_order = m->h1[i].order;
    if (resolve_byline(m, headline_order, site->data, site->len, out) < 0) return -1;
    /* no <h1> titles the post, but an <h2> says the title ("<h2><a>Post</a></h2><small>January 13,
     * 2020</small>" on a blog without an <h1>): the date under it is the post's, where the first date
     * in the text is any date the post mentions (the byline, read before, keeps looking from the
     * <h1>s: as its headline the <h2> takes a later post's author) */
    if (!headline && out->fields[DL_META_TITLE].value.len) {
        const dl_buf *title = &out->fields[DL_META_TITLE].value;
        for (size_t i = 0; i < m->nh2 && !headline; i++) {
            dl_buf t = {0}, h = {0};
            bounded_text(m->h2[i].node, DL_META_TEXT_MAX, 0, &t);
            if (t.len) decode_entities(t.data, t.len, &h);
            if (t.failed || h.failed) {
                dl_buf_free(&t);
                dl_buf_free(&h);
                return -1;
            }
            if (h.len && same_text(h.data, h.len, title->data, title->len)) {
                headline = m->h2[i].node;
                headline_order = m->h2[i].order;
            } else if (h.len && m->src[DL_SRC_TITLE_TAG].len && near_body(m->h2[i].node, body) &&
                       (m->page_type == 0 || m->page_type == DL_PAGE_ARTICLE + 1 ||
                        m->page_type == DL_PAGE_FORUM + 1)) {
                /* ... or the <h2> over the article body is the <title>'s part after a separator,
                 * longer than the part before it ("Gregory Szorc's Digital Home | Mercurial's Journey
                 * ..."), where the title resolution kept the other part: on an article or a forum
                 * page, the heading over the body names the post (on other page types, or away from
                 * the body, the heading is as often the site's name) */
                dl_buf tt = {0};
                decode_entities(m->src[DL_SRC_TITLE_TAG].data, m->src[DL_SRC_TITLE_TAG].len, &tt);
                if (!tt.failed && trails_after(h.data, h.len, tt.data, tt.len, 1)) {
                    headline = m->h2[i].node;
                    headline_order = m->h2[i].order;
                    if (put_field(out, DL_META_TITLE, h.data, h.len) < 0) tt.failed = 1;
                    title = &out->fields[DL_META_TITLE].value;
                }
                int failed = tt.failed;
                dl_buf_free(&tt);
                if (failed) {
                    dl_buf_free(&t);
                    dl_buf_free(&h);
                    return -1;
                }
            }
            dl_buf_free(&t);
            dl_buf_free(&h);
        }
    }
    if (resolve_date(m, headline, body, headline_order, out) < 0) return -1;
    /* English at large was read month first (a guess, visit_tag) and the date came out as a day both
     * readings allow, with no time (a declared date carries one, a date read off the text seldom does):
     * a page that writes its other dates day first ("3 October 2023") is read day first, and its
     * dates resolved again ("03/10/2023" under the headline, "- 3 October 2023" by the
     * same post's link in the page's list of posts) */
    const dl_buf *got = &out->fields[DL_META_DATE].value;
    dl_date x;
    if (m->order_guessed && m->day_first == 2 && got->len == 10 && dl_date_parse(got->data, got->len, &x) &&
        x.day <= 12 && x.day != x.month && writes_day_before_month(m)) {
        m->day_first = 1;
        m->order_guessed = 0;
        if (resolve_date(m, headline, body, headline_order, out) < 0) return -1;
    }
    return 0;
}
