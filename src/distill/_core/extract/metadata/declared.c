/* The declared sources of the <meta>s: each key the design reads (meta_design_key) and those article()
 * weighs besides (words.h's DL_MW_ARTICLE_KEYS: titles, site names, authors, dates), every source keeping
 * its first non-empty value; the authors a page writes once per author, joined; dates parsed as they come
 * (meta_set_date), and every one written with a time of day kept for the date rules' zone checks. The
 * JSON-LD, microdata and visible sources use the same setters.
 */
#include "extract/metadata/internal.h"

#include "extract/metadata/words.h"

/* The source src from s[0..n) (folded, at most DL_META_TEXT_MAX bytes), unless it has a value already. */
void meta_set_src(dl_meta *m, dl_meta_source src, const char *s, size_t n) {
    if (m->src[src].len) return;
    if (n > DL_META_TEXT_MAX) n = utf8_cut(s, DL_META_TEXT_MAX);
    dl_fold_append(&m->src[src], s, n);
    if (m->src[src].failed) m->nomem = 1;
}

/* meta_set_src for an author meta a page writes once per author (article:author, citation_author,
 * dc.creator): each further value, when new, is another author, joined with ", " (at most 16, within
 * DL_META_TEXT_MAX bytes). */
static void add_src_name(dl_meta *m, dl_meta_source src, const char *s, size_t n) {
    dl_buf *b = &m->src[src];
    if (m->src_names[src] >= 16) return;
    dl_buf v = {0};
    dl_fold_append(&v, s, n > DL_META_TEXT_MAX ? utf8_cut(s, DL_META_TEXT_MAX) : n);
    if (v.failed) m->nomem = 1;
    size_t vl = v.len;
    while (vl && dl_ascii_is_space((unsigned char)v.data[vl - 1])) vl--;
    size_t vs = 0;
    while (vs < vl && dl_ascii_is_space((unsigned char)v.data[vs])) vs++;
    /* a catalogue's "Roy, Aniruddha" is "Aniruddha Roy", so that its comma does not read as a join */
    size_t comma;
    if (vl > vs && meta_inverted_name(v.data + vs, vl - vs, &comma)) {
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
        if (vl > vs && !v.failed) meta_set_src(m, src, v.data + vs, vl - vs);
        m->src_names[src] = b->len != 0;
        dl_buf_free(&v);
        return;
    }
    if (vl > vs && !meta_names_listed(b, v.data + vs, vl - vs) && !v.failed && b->len + 2 + (vl - vs) <= DL_META_TEXT_MAX) {
        dl_buf_append(b, ", ", 2);
        dl_buf_append(b, v.data + vs, vl - vs);
        if (b->failed) m->nomem = 1;
        m->src_names[src]++;
    }
    dl_buf_free(&v);
}

/* Keep a date written with a time: another source may show the same moment in the page's own zone. */
void meta_keep_timed(dl_meta *m, const dl_date *d) {
    if (d->has_time && m->ntimed < DL_META_TIMED_MAX) m->timed[m->ntimed++] = *d;
}

/* The declared date d from the value s[0..n) when it reads as a date and d has none yet; kept among the
 * timed dates either way (meta_keep_timed). */
void meta_set_date(dl_meta *m, dl_meta_date_source d, const char *s, size_t n) {
    if (m->date_set[d] && m->ntimed >= DL_META_TIMED_MAX) return;
    dl_date x;
    if (!dl_date_parse(s, n, &x)) return;
    meta_keep_timed(m, &x);
    if (!m->date_set[d]) {
        m->dates[d] = x;
        m->date_set[d] = 1;
    }
}

/* Whether a value is a URL where a name is expected (an author meta's profile address). */
int meta_looks_like_url(const char *s, size_t n) {
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

/* What one <meta> key and value declare to article(): a source or a date of the article keys, the
 * twitter:label1 that makes twitter:data1 the author, or a CMS's own publication date key. */
static void article_meta_key(dl_meta *m, const char *k, size_t kn, const char *s, size_t n) {
    /* Slack and Twitter cards label their first data field; "Written by" makes it the author */
    if (ascii_ieq(k, kn, "twitter:label1")) {
        while (n && dl_ascii_is_space((unsigned char)*s)) s++, n--;
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
            if (src >= DL_SRC_LD_AUTHOR && src <= DL_SRC_TWITTER_DATA1 && meta_looks_like_url(s, n)) return;
            /* several authors, one meta each (a paper's citation_author list): the byline names them
             * all */
            if (article_keys[i].many) add_src_name(m, (dl_meta_source)src, s, n);
            else meta_set_src(m, (dl_meta_source)src, s, n);
        }
        if (article_keys[i].date >= 0) meta_set_date(m, (dl_meta_date_source)article_keys[i].date, s, n);
        return;
    }
    /* a CMS's own spelling of the publication date ("w-published-date", "publishDate"): read last, after
     * every name above, and never a modification's */
    static const char *const modified[] = {DL_MW_MODIFIED_WORDS};
    if (kn <= 64 && contains_ci(k, kn, DL_MW_PUBLISHED_KEY) &&
        !contains_any(k, kn, modified, sizeof modified / sizeof modified[0]))
        meta_set_date(m, DL_DATE_META_OTHER, s, n);
}

/* <meta name|property|itemprop="key ..." content="value">: each whitespace-separated key counts (RDFa
 * allows "og:title twitter:title"). A <meta> with no content but a value attribute is read from that:
 * pages rewritten by tools (and some CMS templates) carry the value there. */
void meta_visit_meta(dl_meta *m, const dl_node *el) {
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
            meta_design_key(m, dl_rule_meta_key(tok, len), content->value.ptr, content->value.len);
            article_meta_key(m, tok, len, content->value.ptr, content->value.len);
        }
    }
}
