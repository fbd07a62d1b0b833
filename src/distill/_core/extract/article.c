/* dl_article_build: what Node.article() and distill.article() call (issues 5, 12 and 13).
 *
 * The element is the design's winner, unchanged (the scoring walk of score.c, which also harvests the
 * metadata). The text and the regions are the region content model of regions.c: every text block
 * scored by the learned block model for the page's type, the kept blocks grouped into ordered regions
 * and rendered by serialize's text renderer. The metadata is harvested in that same scoring walk
 * (metadata.c) and resolved once the article body is known (dl_meta_resolve: the headline, byline and
 * dates as a reader sees them, the design's sources as the fallback).
 */
#include <stdlib.h>
#include <string.h>

#include "extract/article_text.h"
#include "extract/extract.h"
#include "extract/metadata.h"
#include "extract/page_type.h"

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
    dl_article_content_result c;
    if (rc == 0 && dl_article_regions(root, (dl_favor)opts->favor, !(opts->include & DL_INCLUDE_TABLES), &c, &t) == 0) {
        dl_buf_append(&out->text, t.text, t.len);
        out->regions = c.roots;
        out->nregions = c.nroots;
        c.roots = NULL;
        c.nroots = 0;
        /* the page type comes with the regions, which were chosen for it */
        out->page_type = c.type;
        out->page_type_confidence = c.type_confidence;
        dl_article_content_free(&c);
        dl_metadata_free(&out->meta);
        dl_meta_set_page_type(&harvest, (int)out->page_type);
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
    free(a->regions);
    a->regions = NULL;
    dl_buf_free(&a->text);
    dl_metadata_free(&a->meta);
}
