/* What the harvest reads from a JSON-LD script: the headline, the publisher's and the WebSite's names, the
 * authors of the first object that lists any, and the published, modified and created dates, an article
 * type's before any other's. Apart from jsonld.c, which walks JSON and knows nothing of metadata.
 */
#include "extract/metadata/internal.h"

#include "extract/metadata/jsonld.h"
#include "extract/metadata/words.h"

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
        meta_keep_timed(st->m, &d);
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
        if (meta_looks_like_url(v->value, v->value_len)) return 0;
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
            if (!meta_names_listed(out, name.data, name.len)) {
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

void meta_visit_json_ld(dl_meta *m, const dl_node *script) {
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
    if (st.published.len) meta_set_date(m, DL_DATE_LD_PUBLISHED, st.published.data, st.published.len);
    if (st.modified.len) meta_set_date(m, DL_DATE_LD_MODIFIED, st.modified.data, st.modified.len);
    if (st.created.len) meta_set_date(m, DL_DATE_LD_CREATED, st.created.data, st.created.len);
    dl_buf_free(&st.published);
    dl_buf_free(&st.modified);
    dl_buf_free(&st.created);
}
