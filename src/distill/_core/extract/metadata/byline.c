/* article()'s byline (meta_resolve_byline): the declared author (JSON-LD, article:author, microdata, the
 * author metas), unless it names no one or names the site or a company, or the line under the headline
 * names more authors than it; else the visible byline nearest the headline, read from the byline elements
 * the harvest kept.
 */
#include "extract/metadata/internal.h"

#include "extract/metadata/words.h"

/* Append the cleaned byline text of node to out, ", " between names, unless it is there already.
 * Returns whether it added a name. */
static int add_byline(const dl_node *node, int by_word_alone, dl_buf *out) {
    dl_buf t = {0};
    meta_bounded_text_but(node, DL_META_TEXT_MAX, 1, 1, &t);
    size_t start = 0, len = t.len ? meta_clean_byline(t.data, t.len, &start) : 0;
    const dl_node *next = !len && by_word_alone ? node->next : NULL;
    while (next && next->type == DL_NODE_TEXT &&
           dl_ascii_space_prefix(next->u.text.ptr, next->u.text.len) == next->u.text.len)
        next = next->next;
    if (next && next->type == DL_NODE_ELEMENT) {
        /* "<div>Written by</div><div>Jane Doe</div><div>Jane writes about ...</div>": the name is the
         * label's next element, before the parent's other lines (which would read a book's or an
         * app's title, "X by Jane Doe", as a byline too) */
        dl_buf_free(&t);
        meta_bounded_text_but(next, DL_META_TEXT_MAX, 1, 1, &t);
        len = t.len ? meta_clean_byline(t.data, t.len, &start) : 0;
        if (len && !meta_plausible_byline(t.data + start, len)) len = 0;
    }
    if (!len && by_word_alone && node->parent && node->parent->type == DL_NODE_ELEMENT) {
        /* "<span>By</span> <a>Jane Doe</a>": the names follow the word, in its parent */
        dl_buf_free(&t);
        meta_bounded_text_but(node->parent, DL_META_TEXT_MAX, 1, 1, &t);
        len = t.len ? meta_clean_byline(t.data, t.len, &start) : 0;
    }
    /* a byline line in parts set apart by a spaced slash ("Jane Doe / TNN / Updated: Oct 9, 2019"): the
     * name is the first part, the rest the agency's and the date's (an agency's credit written
     * without spaces, "det/dpa", stays whole) */
    if (len) {
        const char *sl = meta_find_sep(t.data + start, len, " / ", 0);
        if (sl && sl > t.data + start) len = (size_t)(sl - (t.data + start));
    }
    if (len) len = meta_without_role(t.data + start, len);
    int added = 0;
    if (t.failed) out->failed = 1;
    else if (len && meta_plausible_byline(t.data + start, len)) {
        const char *name = t.data + start;
        /* the same name twice (a byline line and its hover card) is one author */
        int dup = 0;
        for (size_t i = 0; i + len <= out->len && !dup; i++)
            dup = (i == 0 || out->data[i - 1] == ' ') && meta_same_text(out->data + i, len, name, len);
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
        if (meta_same_ci(s, n, placeholders[k], strlen(placeholders[k]))) return 0;
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

/* article()'s byline into out: the first declared author that names someone (the site's name or a
 * company's only when nothing better comes), the visible line when it names more; else the visible
 * byline after the headline (headline_order), else the design's, cleaned. Returns 0, or -1 on out of
 * memory. */
int meta_resolve_byline(const dl_meta *m, uint32_t headline_order, const char *site, size_t site_len,
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
            size_t start, len = meta_clean_byline(b->data, b->len, &start);
            if (!len || !meta_plausible_byline(b->data + start, len)) continue;
        }
        if ((site_len && meta_same_text(b->data, b->len, site, site_len)) || corporate(b->data, b->len)) {
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
        size_t start, len = meta_clean_byline(pick->data, pick->len, &start), comma;
        const char *p = pick->data + start;
        /* the visible line names more authors than the declared one ("Jane Doe and John Roe" over the
         * meta's "Jane Doe"): the reader's line is the byline */
        if (v.len > len + 3 && len && meta_same_text(v.data, len, p, len) && more_names(v.data + len, v.len - len)) {
            rc = meta_put_decoded(out, DL_META_BYLINE, v.data, v.len);
        } else if (len && meta_inverted_name(p, len, &comma)) {
            dl_buf b = {0};
            dl_buf_append(&b, p + comma + 2, len - comma - 2);
            dl_buf_append(&b, " ", 1);
            dl_buf_append(&b, p, comma);
            rc = b.failed ? -1 : meta_put_decoded(out, DL_META_BYLINE, b.data, b.len);
            dl_buf_free(&b);
        } else if (len) {
            rc = meta_put_decoded(out, DL_META_BYLINE, p, len);
        }
    } else if (v.len) {
        rc = meta_put_decoded(out, DL_META_BYLINE, v.data, v.len);
    } else if (weak) {
        rc = meta_put_decoded(out, DL_META_BYLINE, weak->data, weak->len);
    } else if (out->fields[DL_META_BYLINE].value.len) {
        /* the design's byline (a rel=author link or the author meta), cleaned the same way */
        dl_buf *d = &out->fields[DL_META_BYLINE].value;
        size_t start, len = meta_clean_byline(d->data, d->len, &start);
        if (!len || !meta_plausible_byline(d->data + start, len) || !names_someone(d->data + start, len)) {
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
