/* dl_article_build: what Node.article() and distill.article() call (issue 5).
 *
 * The element is the design's winner, unchanged (the scoring walk of score.c, which also harvests the
 * design's metadata). The text is the refined article of article_text.c: inline runs as paragraphs, the
 * wrapper guard, split chunks kept, and figures, titles, furniture and link-dense blocks cleaned out.
 * The metadata is harvested in that same walk (metadata.c) and resolved once the article body is known
 * (dl_meta_resolve: the headline, byline and dates as a reader sees them, the design's sources as the
 * fallback).
 */
#include <string.h>

#include "extract/article_text.h"
#include "extract/extract.h"
#include "extract/metadata.h"

int dl_article_build(const dl_node *root, const dl_extract_options *opts, dl_article *out) {
    memset(out, 0, sizeof(*out));
    dl_metadata_init(&out->meta);
    dl_meta harvest;
    dl_meta_init(&harvest);
    dl_score_result r;
    int rc = dl_extract_score(root, &harvest, &r);
    if (rc == 0) out->element = r.winner;
    dl_score_result_free(&r);
    dl_article_text_result t;
    if (rc == 0 && dl_article_text(root, (dl_favor)opts->favor, &t) == 0) {
        dl_buf_append(&out->text, t.text, t.len);
        dl_metadata_free(&out->meta);
        if (dl_meta_resolve(&harvest, t.body, &out->meta) < 0) rc = -1;
        dl_article_text_free(&t);
    } else {
        rc = -1;
    }
    dl_meta_free(&harvest);
    if (rc < 0 || out->text.failed) {
        out->nomem = 1;
        return -1;
    }
    return 0;
}

void dl_article_free(dl_article *a) {
    dl_buf_free(&a->text);
    dl_metadata_free(&a->meta);
}
