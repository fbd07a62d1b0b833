/* What the files of extract/metadata/ share, and only they: the bounds every rule keeps, the design's
 * source ranks, the small text helpers (inline: the harvest calls them on every element), and each
 * file's functions the others call, named meta_*. The folder's public interface is metadata.h (with
 * date.h and jsonld.h); the word lists are words.h.
 *
 * The files call each other in one direction only (tools/check_deps.py), from the bottom up:
 * - compare.c, text.c, design.c, calendar.c, date.c, jsonld.c: no call into another file of the folder;
 * - site.c -> compare.c; fields.c -> compare.c; declared.c -> design.c, compare.c;
 *   jsonld_sources.c -> declared.c, jsonld.c; harvest.c -> declared.c, jsonld_sources.c, design.c,
 *   text.c;
 * - the resolution's rules: title.c -> site.c, fields.c; byline_clean.c -> date.c; byline.c ->
 *   byline_clean.c, site.c, fields.c; page_dates.c -> calendar.c; date_rules.c -> page_dates.c,
 *   calendar.c, fields.c (and each of them -> compare.c, text.c as it needs);
 * - resolve.c: dl_meta_resolve, on the resolution's files.
 */
#ifndef DL_EXTRACT_METADATA_INTERNAL_H
#define DL_EXTRACT_METADATA_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/ascii.h"
#include "extract/metadata/date.h"
#include "extract/metadata/metadata.h"
#include "extract/classic/rules.h"

/* ---- bounds ---- */

/* Text kept for one source at most: a headline, a name or a date line, not a document. */
#define DL_META_TEXT_MAX 1024

/* A visible byline longer than this (in bytes, after cleaning) is a paragraph, not a name list. */
#define DL_META_BYLINE_MAX 120

/* How far below the headline, in elements, a visible byline or date still belongs to it. */
#define DL_META_NEAR_HEADLINE 400

/* Text read from one date element: the date is at its start ("Published 6 May 2014 | 3 comments"). */
#define DL_META_DATELINE_MAX 200

/* Text read just above a headline for its date, at most, and the nodes crossed back for it (text.c's
 * meta_text_before): a post header's date line sits right over its <h1>. */
#define DL_META_BEFORE_HEADLINE_TEXT 160
#define DL_META_BEFORE_HEADLINE_NODES 40

/* ---- ranks ---- */

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

/* ---- text helpers ---- */

static inline unsigned char lower(unsigned char c) { return (c >= 'A' && c <= 'Z') ? (unsigned char)(c + 32) : c; }

/* Whether a[0..n) and b[0..n) are equal, ASCII case-insensitively. */
static inline int ascii_ieq_n(const char *a, const char *b, size_t n) {
    for (size_t k = 0; k < n; k++)
        if (lower((unsigned char)a[k]) != lower((unsigned char)b[k])) return 0;
    return 1;
}

/* Whether a[0..an) is the lower-case string b, ASCII case-insensitively. b's end is found while
 * comparing (no strlen). */
static inline int ascii_ieq(const char *a, size_t an, const char *b) {
    for (size_t i = 0; i < an; i++)
        if (!b[i] || lower((unsigned char)a[i]) != (unsigned char)b[i]) return 0;
    return b[an] == 0;
}

/* Whether s[0..n) holds the lower-case ASCII word w, case-insensitively, as a substring. */
static inline int contains_ci(const char *s, size_t n, const char *w) {
    size_t wl = strlen(w);
    for (size_t i = 0; i + wl <= n; i++) {
        size_t k = 0;
        while (k < wl && lower((unsigned char)s[i + k]) == (unsigned char)w[k]) k++;
        if (k == wl) return 1;
    }
    return 0;
}

/* Whether s[0..n) starts with the lower-case ASCII word w, case-insensitively. */
static inline int starts_ci(const char *s, size_t n, const char *w) {
    size_t wl = strlen(w);
    if (n < wl) return 0;
    for (size_t k = 0; k < wl; k++)
        if (lower((unsigned char)s[k]) != (unsigned char)w[k]) return 0;
    return 1;
}

/* Whether the space-separated token list holds word (lower-case ASCII), ASCII case-insensitively. */
static inline int has_token(const dl_attr *a, const char *word) {
    if (!a) return 0;
    const char *tok;
    size_t at = 0, len;
    while (dl_ascii_next_token(a->value.ptr, a->value.len, &at, &tok, &len))
        if (dl_ascii_eq_ci_lit(tok, len, word)) return 1;
    return 0;
}

/* Whether s[0..n) holds one of words[0..nw) (lower-case ASCII) as a substring, case-insensitively. */
static inline int contains_any(const char *s, size_t n, const char *const *words, size_t nw) {
    for (size_t k = 0; k < nw; k++)
        if (contains_ci(s, n, words[k])) return 1;
    return 0;
}

/* Whether the space-separated token list holds one of words[0..nw), ASCII case-insensitively. */
static inline int has_any_token(const dl_attr *a, const char *const *words, size_t nw) {
    for (size_t k = 0; k < nw; k++)
        if (has_token(a, words[k])) return 1;
    return 0;
}

/* The longest prefix of s no longer than n that ends on a UTF-8 character boundary (s has more than n
 * bytes): a value cut to a bound stays valid UTF-8. */
static inline size_t utf8_cut(const char *s, size_t n) {
    while (n && ((unsigned char)s[n] & 0xC0) == 0x80) n--;
    return n;
}

/* The element's first attribute of that name, or NULL. */
static inline const dl_attr *attr(const dl_node *el, const char *name) {
    return dl_element_attr(el, name, strlen(name));
}

/* Whether a source of that rank would replace the design's field f (a lower rank wins). */
static inline int wants(const dl_metadata *md, dl_meta_field f, int rank) { return rank < md->fields[f].rank; }

/* Whether n is ancestor or inside it. */
static inline int inside(const dl_node *n, const dl_node *ancestor) {
    for (; n; n = n->parent)
        if (n == ancestor) return 1;
    return 0;
}

/* ---- compare.c: texts as the rules compare them ---- */

/* The length of an invisible character at s[i] (a soft hyphen, a zero-width space ...), 0 when none. */
size_t meta_invisible_at(const char *s, size_t n, size_t i);
/* Equal, leading, trailing and sharing a word, in the comparison form (case, quotes, dashes, spacing). */
int meta_same_text(const char *a, size_t an, const char *b, size_t bn);
int meta_same_ci(const char *a, size_t an, const char *b, size_t bn);
int meta_leads(const char *a, size_t an, const char *b, size_t bn);
int meta_leads_rest(const char *a, size_t an, const char *b, size_t bn, size_t *at, size_t *len);
int meta_trails_after(const char *a, size_t an, const char *b, size_t bn, int any_sep);
int meta_share_word(const char *a, size_t an, const char *b, size_t bn);
/* Entities a page escaped twice ("&amp;amp;"), decoded into out. */
void meta_decode_entities(const char *s, size_t n, dl_buf *out);
/* "Doe, Jane": where the comma is; and whether a ", "-joined list holds a name. */
int meta_inverted_name(const char *s, size_t n, size_t *comma);
int meta_names_listed(const dl_buf *list, const char *name, size_t n);

/* ---- text.c: the text the rules read from the tree ---- */

void meta_bounded_text_but(const dl_node *el, size_t max, int spaced, int no_job, dl_buf *out);
void meta_bounded_text(const dl_node *el, size_t max, int spaced, dl_buf *out);
void meta_text_from_nodes(const dl_node *el, size_t limit, size_t max_nodes, int by_words, dl_buf *out);
void meta_text_before(const dl_node *el, size_t limit, size_t max_nodes, dl_buf *out);

/* ---- design.c: the design's fields as the harvest fills them ---- */

void meta_set_string(dl_meta *m, dl_meta_field f, int rank, const char *s, size_t len);
int meta_set_text(dl_meta *m, dl_meta_field f, int rank, const dl_node *el);
void meta_design_key(dl_meta *m, dl_meta_key key, const char *s, size_t n);

/* ---- fields.c: article()'s fields as the resolution writes them ---- */

int meta_put_field(dl_metadata *md, dl_meta_field f, const char *s, size_t len);
int meta_put_decoded(dl_metadata *out, dl_meta_field f, const char *s, size_t n);
int meta_put_date(dl_metadata *out, dl_meta_field f, const dl_date *d);
int meta_copy_design(const dl_metadata *d, dl_metadata *out);

/* ---- declared.c: the declared sources of the <meta>s ---- */

void meta_set_src(dl_meta *m, dl_meta_source src, const char *s, size_t n);
void meta_keep_timed(dl_meta *m, const dl_date *d);
void meta_set_date(dl_meta *m, dl_meta_date_source d, const char *s, size_t n);
int meta_looks_like_url(const char *s, size_t n);
void meta_visit_meta(dl_meta *m, const dl_node *el);

/* ---- jsonld_sources.c: the declared sources of a JSON-LD script ---- */

void meta_visit_json_ld(dl_meta *m, const dl_node *script);

/* ---- site.c: the site's name, and where a title carries it ---- */

const char *meta_find_sep(const char *s, size_t n, const char *sep, int last);
const dl_buf *meta_site_name(const dl_meta *m);

/* ---- title.c ---- */

int meta_resolve_title(const dl_meta *m, const dl_node *body, const char *site, size_t site_len, dl_metadata *out,
                       const dl_node **headline);

/* ---- byline_clean.c and byline.c ---- */

size_t meta_clean_byline(const char *s, size_t n, size_t *start);
size_t meta_without_role(const char *s, size_t n);
int meta_plausible_byline(const char *s, size_t n);
int meta_resolve_byline(const dl_meta *m, uint32_t headline_order, const char *site, size_t site_len,
                        dl_metadata *out);

/* ---- calendar.c: days and zones ---- */

long meta_days_from_civil(int y, int m, int d);
long meta_wall_minutes(const dl_date *d);
dl_date meta_in_zone(const dl_date *d, int offset);
int meta_zone_reaches(const dl_date *d, const dl_date *day);
int meta_same_day(const dl_date *a, const dl_date *b);

/* ---- page_dates.c: the dates a page's text writes, and their labels ---- */

int meta_publication_label(const char *text, size_t floor, size_t at);
int meta_update_label(const char *text, size_t floor, size_t at);
int meta_explicit_date(const dl_meta *m, dl_date *d);
int meta_status_date(const dl_meta *m, dl_date *d);
int meta_page_date(const dl_meta *m, dl_date *d);
size_t meta_skip_date(const dl_buf *t, size_t at);
int meta_text_shows_day(const dl_buf *t, int day_first, const dl_date *d, int *dated);
int meta_page_shows_day(const dl_meta *m, const dl_date *d);
int meta_writes_day_before_month(const dl_meta *m);

/* ---- date_rules.c ---- */

int meta_resolve_date(const dl_meta *m, const dl_node *headline, const dl_node *body, uint32_t headline_order,
                      dl_metadata *out);

#endif
