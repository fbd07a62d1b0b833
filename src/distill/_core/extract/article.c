/* dl_article_build: what Node.article() and distill.article() call.
 *
 * This is the design's article: one scoring walk that also harvests the metadata, the winner unchanged
 * as the element, and its text. The accuracy work of issue 5 replaces this file's body (keeping the
 * signature), so nothing else in the folder depends on how the text is made here.
 */
#include <string.h>

#include "extract/extract.h"

int dl_article_build(const dl_node *root, const dl_extract_options *opts, dl_article *out) {
    memset(out, 0, sizeof(*out));
    dl_meta_init(&out->meta);
    (void)opts; /* the design's text is the winner's; the options shape only boilerplate() here */
    dl_score_result r;
    int rc = dl_extract_score(root, &out->meta, &r);
    if (rc == 0 && r.winner) {
        out->element = r.winner;
        rc = dl_render_text(r.winner, &out->text);
    }
    dl_score_result_free(&r);
    if (rc < 0 || out->meta.nomem) {
        out->nomem = 1;
        return -1;
    }
    return 0;
}

void dl_article_free(dl_article *a) {
    dl_buf_free(&a->text);
    dl_meta_free(&a->meta);
}
