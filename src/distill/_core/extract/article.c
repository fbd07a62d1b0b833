/* dl_article_build: what Node.article() and distill.article() call (issue 5).
 *
 * The element is the design's winner, unchanged (the scoring walk of score.c, which also harvests the
 * design's metadata). The text is the refined article of article_text.c: inline runs as paragraphs, the
 * wrapper guard, split chunks kept, and figures, titles, furniture and link-dense blocks cleaned out.
 * The metadata keeps the design's sources and prefers what agrees with the article (meta_plus.c):
 *   title: the <h1> inside or just before the article body, then the JSON-LD headline, then og:title,
 *          then the <title> without the site name, then the design's choice (the first <h1>);
 *   byline: the design's sources (a rel="author" link, an author meta), then the JSON-LD author;
 *   date: article:published_time, then the JSON-LD datePublished, then the design's sources (a <time>,
 *         a common date meta); in ISO 8601 when it can be read, as written otherwise.
 */
#include <string.h>

#include "extract/article_text.h"
#include "extract/extract.h"
#include "extract/meta_plus.h"

static int replace_field(dl_meta *m, dl_meta_field f, const char *s, size_t len) {
    dl_buf b = {0};
    dl_fold_append(&b, s, len);
    if (b.failed) {
        dl_buf_free(&b);
        return -1;
    }
    if (!b.len) {
        dl_buf_free(&b);
        return 0;
    }
    dl_buf_free(&m->fields[f].value);
    m->fields[f].value = b;
    m->fields[f].rank = 0;
    return 0;
}

static int has(const dl_meta *m, dl_meta_field f) { return m->fields[f].value.len > 0; }

static int refine_meta(dl_meta *m, const dl_meta_plus *p) {
    /* title */
    const char *site = p->site_name;
    size_t site_len = site ? strlen(site) : 0;
    if (p->h1) {
        if (replace_field(m, DL_META_TITLE, p->h1, strlen(p->h1)) < 0) return -1;
    } else if (p->headline) {
        if (replace_field(m, DL_META_TITLE, p->headline, strlen(p->headline)) < 0) return -1;
    } else if (p->og_title) {
        size_t start, len, n = strlen(p->og_title);
        if (site) dl_title_without_site(p->og_title, n, site, site_len, &start, &len);
        else start = 0, len = n;
        if (replace_field(m, DL_META_TITLE, p->og_title + start, len) < 0) return -1;
    } else if (p->title_tag) {
        size_t start, len;
        dl_title_without_site(p->title_tag, strlen(p->title_tag), site, site_len, &start, &len);
        if (replace_field(m, DL_META_TITLE, p->title_tag + start, len) < 0) return -1;
    }
    /* byline */
    if (!has(m, DL_META_BYLINE) && p->author &&
        replace_field(m, DL_META_BYLINE, p->author, strlen(p->author)) < 0)
        return -1;
    /* date */
    const char *date = p->published_time ? p->published_time : p->published;
    if (date && replace_field(m, DL_META_DATE, date, strlen(date)) < 0) return -1;
    if (has(m, DL_META_DATE)) {
        char iso[32];
        size_t n = dl_date_iso8601(m->fields[DL_META_DATE].value.data, m->fields[DL_META_DATE].value.len, iso);
        if (n && replace_field(m, DL_META_DATE, iso, n) < 0) return -1;
    }
    return 0;
}

int dl_article_build(const dl_node *root, const dl_extract_options *opts, dl_article *out) {
    memset(out, 0, sizeof(*out));
    dl_meta_init(&out->meta);
    dl_score_result r;
    int rc = dl_extract_score(root, &out->meta, &r);
    if (rc == 0) out->element = r.winner;
    dl_score_result_free(&r);
    dl_article_text_result t;
    if (rc == 0 && dl_article_text(root, (dl_favor)opts->favor, &t) == 0) {
        dl_buf_append(&out->text, t.text, t.len);
        dl_meta_plus p;
        if (dl_meta_plus_harvest(root, t.body, &p) == 0) {
            if (refine_meta(&out->meta, &p) < 0) rc = -1;
            dl_meta_plus_free(&p);
        } else {
            rc = -1;
        }
        dl_article_text_free(&t);
    } else {
        rc = -1;
    }
    if (rc < 0 || out->meta.nomem || out->text.failed) {
        out->nomem = 1;
        return -1;
    }
    return 0;
}

void dl_article_free(dl_article *a) {
    dl_buf_free(&a->text);
    dl_meta_free(&a->meta);
}
