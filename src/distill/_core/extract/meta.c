/* Page metadata harvested during the scoring walk (design: "in the same pure-C pass over the arena").
 *
 * Each field keeps the value of its best-ranked source seen so far; a source only replaces the value
 * when it ranks strictly better and supplies a non-empty value after folding, so "the first source that
 * supplies a non-empty value" holds whatever order the sources appear in the document.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "extract/extract.h"
#include "extract/rules.h"

/* Source ranks, per field, in the design's order of precedence (0 wins). */
enum {
    RANK_TITLE_H1 = 0, RANK_TITLE_OG = 1, RANK_TITLE_TITLE = 2,
    RANK_BYLINE_LINK = 0, RANK_BYLINE_META = 1,
    RANK_DATE_TIME = 0, RANK_DATE_PUBLISHED = 1, RANK_DATE_META = 2,
    RANK_DESCRIPTION_OG = 0, RANK_DESCRIPTION_META = 1,
    RANK_ONLY = 0,
    RANK_TAGS_ARTICLE = 0, RANK_TAGS_KEYWORDS = 1,
    RANK_UNSET = INT32_MAX,
};

void dl_meta_init(dl_meta *m) {
    memset(m, 0, sizeof(*m));
    for (int i = 0; i < DL_META__COUNT; i++) m->fields[i].rank = RANK_UNSET;
    m->tags_rank = RANK_UNSET;
}

void dl_meta_free(dl_meta *m) {
    for (int i = 0; i < DL_META__COUNT; i++) dl_buf_free(&m->fields[i].value);
    dl_buf_free(&m->tags);
}

static int wants(const dl_meta *m, dl_meta_field f, int rank) { return rank < m->fields[f].rank; }

/* Take a folded candidate value; returns whether it was non-empty (and so taken). */
static int take(dl_meta *m, dl_meta_field f, int rank, dl_buf *value) {
    if (value->failed) m->nomem = 1;
    if (value->len == 0 || value->failed) {
        dl_buf_free(value);
        return 0;
    }
    dl_buf_free(&m->fields[f].value);
    m->fields[f].value = *value;
    m->fields[f].rank = rank;
    memset(value, 0, sizeof(*value));
    return 1;
}

static void set_string(dl_meta *m, dl_meta_field f, int rank, const char *s, size_t len) {
    if (!wants(m, f, rank)) return;
    dl_buf b = {0};
    dl_fold_append(&b, s, len);
    take(m, f, rank, &b);
}

/* The folded text of el; returns whether it supplied a value. */
static int set_text(dl_meta *m, dl_meta_field f, int rank, const dl_node *el) {
    if (!wants(m, f, rank)) return 1;
    dl_buf b = {0};
    dl_folded_text(el, &b);
    return take(m, f, rank, &b);
}

static unsigned char lower(unsigned char c) { return dl_ascii_lower(c); }

/* Whether the space-separated token list holds word (lower-case ASCII), ASCII case-insensitively. */
static int has_token(const dl_attr *a, const char *word) {
    if (!a) return 0;
    size_t wl = strlen(word), i = 0, n = a->value.len;
    const char *s = a->value.ptr;
    while (i < n) {
        while (i < n && dl_rule_is_space((unsigned char)s[i])) i++;
        size_t j = i;
        while (j < n && !dl_rule_is_space((unsigned char)s[j])) j++;
        if (j - i == wl) {
            size_t k = 0;
            while (k < wl && lower((unsigned char)s[i + k]) == (unsigned char)word[k]) k++;
            if (k == wl) return 1;
        }
        i = j;
    }
    return 0;
}

static void add_tag(dl_meta *m, int rank, const char *s, size_t len) {
    if (rank > m->tags_rank) return;
    if (rank < m->tags_rank) { /* a better source: forget the weaker one's tags */
        m->tags.len = 0;
        m->ntags = 0;
        m->tags_rank = rank;
    }
    if (m->ntags >= DL_RULE_META_TAGS_MAX) return;
    dl_buf b = {0};
    dl_fold_append(&b, s, len);
    if (b.failed) m->nomem = 1;
    if (b.len) {
        /* Duplicates ("news, News" aside) say nothing new. */
        int dup = 0;
        for (size_t off = 0; off < m->tags.len && !dup;) {
            size_t l = strlen(m->tags.data + off);
            dup = l == b.len && memcmp(m->tags.data + off, b.data, l) == 0;
            off += l + 1;
        }
        if (!dup) {
            dl_buf_append(&m->tags, b.data, b.len);
            dl_buf_append(&m->tags, "", 1);
            if (m->tags.failed) m->nomem = 1;
            else m->ntags++;
        }
    }
    dl_buf_free(&b);
}

static void meta_key(dl_meta *m, dl_meta_key key, const dl_attr *content) {
    const char *s = content->value.ptr;
    size_t n = content->value.len;
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

/* <meta name|property|itemprop="key ..." content="value">: each whitespace-separated key counts (RDFa
 * allows "og:title twitter:title"). */
static void visit_meta(dl_meta *m, const dl_node *el) {
    const dl_attr *content = dl_element_attr(el, "content", 7);
    if (!content) return;
    static const struct { const char *name; size_t len; } keys[] = {{"name", 4}, {"property", 8}, {"itemprop", 8}};
    for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
        const dl_attr *a = dl_element_attr(el, keys[k].name, keys[k].len);
        if (!a) continue;
        const char *s = a->value.ptr;
        size_t n = a->value.len, i = 0;
        while (i < n) {
            while (i < n && dl_rule_is_space((unsigned char)s[i])) i++;
            size_t j = i;
            while (j < n && !dl_rule_is_space((unsigned char)s[j])) j++;
            if (j > i) meta_key(m, dl_rule_meta_key(s + i, j - i), content);
            i = j;
        }
    }
}

void dl_meta_visit(dl_meta *m, const dl_node *el) {
    if (el->type != DL_NODE_ELEMENT || el->ns != DL_NS_HTML) return;
    switch (el->atom) {
    case DL_TAG_html:
        if (!m->seen_html) {
            m->seen_html = 1;
            const dl_attr *lang = dl_element_attr(el, "lang", 4);
            if (lang) set_string(m, DL_META_LANG, RANK_ONLY, lang->value.ptr, lang->value.len);
        }
        break;
    case DL_TAG_h1:
        if (!m->empty_h1 && wants(m, DL_META_TITLE, RANK_TITLE_H1) && !set_text(m, DL_META_TITLE, RANK_TITLE_H1, el))
            m->empty_h1 = el;
        break;
    case DL_TAG_title:
        set_text(m, DL_META_TITLE, RANK_TITLE_TITLE, el);
        break;
    case DL_TAG_a:
        if (!m->empty_author && wants(m, DL_META_BYLINE, RANK_BYLINE_LINK) &&
            has_token(dl_element_attr(el, "rel", 3), "author") &&
            !set_text(m, DL_META_BYLINE, RANK_BYLINE_LINK, el))
            m->empty_author = el;
        break;
    case DL_TAG_time:
        if (!m->empty_time && wants(m, DL_META_DATE, RANK_DATE_TIME)) {
            const dl_attr *dt = dl_element_attr(el, "datetime", 8);
            if (dt) set_string(m, DL_META_DATE, RANK_DATE_TIME, dt->value.ptr, dt->value.len);
            /* An empty datetime attribute supplies nothing: fall back to the element's text. */
            if (wants(m, DL_META_DATE, RANK_DATE_TIME) && !set_text(m, DL_META_DATE, RANK_DATE_TIME, el))
                m->empty_time = el;
        }
        break;
    case DL_TAG_meta:
        visit_meta(m, el);
        break;
    case DL_TAG_link:
        if (has_token(dl_element_attr(el, "rel", 3), "canonical")) {
            const dl_attr *href = dl_element_attr(el, "href", 4);
            if (href) set_string(m, DL_META_CANONICAL, RANK_ONLY, href->value.ptr, href->value.len);
        }
        break;
    default:
        break;
    }
}

void dl_meta_leave(dl_meta *m, const dl_node *el) {
    if (el == m->empty_h1) m->empty_h1 = NULL;
    if (el == m->empty_time) m->empty_time = NULL;
    if (el == m->empty_author) m->empty_author = NULL;
}
