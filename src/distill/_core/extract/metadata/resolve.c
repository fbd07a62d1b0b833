/* dl_meta_resolve: article()'s fields from the harvest, in order: the design's fields, the site's name,
 * the title (which finds the headline), the byline and the date near it; an <h2> for the headline where
 * no <h1> titles the post; the dates read again day first when a page in English at large writes its
 * dates so.
 */
#include "extract/metadata/internal.h"

#include "extract/page_type/page_type.h"

/* Whether the heading el is in the body or under the body's nearest three ancestors, before it: where
 * an article's own heading is (title.c's body_heading), not a page banner's or footer's. */
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

/* No <h1> titles the post, but an <h2> says the title ("<h2><a>Post</a></h2><small>January 13, 2020</small>"
 * on a blog without an <h1>): the date under it is the post's, where the first date in the text is any
 * date the post mentions (the byline, read before, keeps looking from the <h1>s: as its headline the <h2>
 * takes a later post's author). Sets *headline and *headline_order when one is; returns 0, or -1 on out
 * of memory. */
static int h2_headline(const dl_meta *m, const dl_node *body, dl_metadata *out, const dl_node **headline,
                       uint32_t *headline_order) {
    const dl_buf *title = &out->fields[DL_META_TITLE].value;
    for (size_t i = 0; i < m->nh2 && !*headline; i++) {
        dl_buf t = {0}, h = {0};
        meta_bounded_text(m->h2[i].node, DL_META_TEXT_MAX, 0, &t);
        if (t.len) meta_decode_entities(t.data, t.len, &h);
        if (t.failed || h.failed) {
            dl_buf_free(&t);
            dl_buf_free(&h);
            return -1;
        }
        if (h.len && meta_same_text(h.data, h.len, title->data, title->len)) {
            *headline = m->h2[i].node;
            *headline_order = m->h2[i].order;
        } else if (h.len && m->src[DL_SRC_TITLE_TAG].len && near_body(m->h2[i].node, body) &&
                   (m->page_type == 0 || m->page_type == DL_PAGE_ARTICLE + 1 || m->page_type == DL_PAGE_FORUM + 1)) {
            /* ... or the <h2> over the article body is the <title>'s part after a separator, longer than
             * the part before it ("Gregory Szorc's Digital Home | Mercurial's Journey ..."), where the
             * title resolution kept the other part: on an article or a forum page, the heading over the
             * body names the post (on other page types, or away from the body, the heading is as often
             * the site's name) */
            dl_buf tt = {0};
            meta_decode_entities(m->src[DL_SRC_TITLE_TAG].data, m->src[DL_SRC_TITLE_TAG].len, &tt);
            if (!tt.failed && meta_trails_after(h.data, h.len, tt.data, tt.len, 1)) {
                *headline = m->h2[i].node;
                *headline_order = m->h2[i].order;
                if (meta_put_field(out, DL_META_TITLE, h.data, h.len) < 0) tt.failed = 1;
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
    return 0;
}

int dl_meta_resolve(dl_meta *m, const dl_node *body, dl_metadata *out) {
    dl_metadata_init(out);
    if (m->nomem || meta_copy_design(&m->design, out) < 0) return -1;
    const dl_buf *site = meta_site_name(m);
    if (site->len && meta_put_field(out, DL_META_SITE_NAME, site->data, site->len) < 0) return -1;
    const dl_node *headline = NULL;
    if (meta_resolve_title(m, body, site->data, site->len, out, &headline) < 0) return -1;
    uint32_t headline_order = 0;
    for (size_t i = 0; i < m->nh1; i++)
        if (m->h1[i].node == headline) headline_order = m->h1[i].order;
    if (meta_resolve_byline(m, headline_order, site->data, site->len, out) < 0) return -1;
    if (!headline && out->fields[DL_META_TITLE].value.len &&
        h2_headline(m, body, out, &headline, &headline_order) < 0)
        return -1;
    if (meta_resolve_date(m, headline, body, headline_order, out) < 0) return -1;
    /* English at large was read month first (a guess, harvest.c's visit_tag) and the date came out as a
     * day both readings allow, with no time (a declared date carries one, a date read off the text seldom
     * does): a page that writes its other dates day first ("3 October 2023") is read day first, and its
     * dates resolved again ("03/10/2023" under the headline, "- 3 October 2023" by the same post's link in
     * the page's list of posts) */
    const dl_buf *got = &out->fields[DL_META_DATE].value;
    dl_date x;
    if (m->order_guessed && m->day_first == 2 && got->len == 10 && dl_date_parse(got->data, got->len, &x) &&
        x.day <= 12 && x.day != x.month && meta_writes_day_before_month(m)) {
        m->day_first = 1;
        m->order_guessed = 0;
        if (meta_resolve_date(m, headline, body, headline_order, out) < 0) return -1;
    }
    return 0;
}
