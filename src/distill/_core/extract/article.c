/* dl_article_build: what Node.article() and distill.article() call (issues 5, 12 and 13).
 *
 * The text and the regions are the region content model of regions.c: every text block scored by the
 * learned block model for the page's type, the kept blocks grouped into ordered regions and rendered
 * by serialize's text renderer. The metadata is harvested in one walk over the tree (metadata/harvest.c's
 * hooks) and resolved once the article body is known (dl_meta_resolve: the headline, byline and dates
 * as a reader sees them, the design's sources as the fallback). The design's winner (Article.element)
 * is not part of it: it is the scoring walk of score.c, which few callers read, so the binding runs
 * that walk only when the element is asked for (or the comments, which need it).
 */
#include <stdlib.h>
#include <string.h>

#include "extract/article_text.h"
#include "extract/extract.h"
#include "extract/metadata/metadata.h"
#include "extract/page_type.h"

void dl_article_harvest(const dl_node *root, dl_meta *m) {
    const dl_node *n = root;
    while (n) {
        int is_element = n->type == DL_NODE_ELEMENT;
        if (is_element) dl_meta_visit(m, n);
        if ((is_element || n->type == DL_NODE_DOCUMENT || n->type == DL_NODE_FRAGMENT) && n->first_child) {
            n = n->first_child;
            continue;
        }
        for (;;) { /* leaving n, and each ancestor whose last child it is */
            if (n->type == DL_NODE_ELEMENT) dl_meta_leave(m, n);
            if (n == root) return;
            if (n->next) {
                n = n->next;
                break;
            }
            n = n->parent;
        }
    }
}

static void harvest_enter(void *m, const dl_node *el, const dl_page_element *pe) {
    dl_meta_visit_known(m, el, pe->attrs, pe->class_cell, pe->id_cell);
}
static void harvest_leave(void *m, const dl_node *el) { dl_meta_leave(m, el); }

int dl_article_build(const dl_node *root, const dl_extract_options *opts, dl_article *out) {
    memset(out, 0, sizeof(*out));
    dl_metadata_init(&out->meta);
    dl_meta harvest;
    dl_meta_init(&harvest);
    /* the metadata is harvested in the page classifier's walk: one pass over the tree for both */
    const dl_page_companion also = {harvest_enter, harvest_leave, &harvest};
    dl_article_page_class known;
    int rc = 0;
    dl_article_text_result t;
    dl_article_content_result c;
    if (dl_page_classify_with(root, &also, &known.type, &known.confidence) == 0 &&
        dl_article_regions_typed(root, &known, (dl_favor)opts->favor, !(opts->include & DL_INCLUDE_TABLES), &c,
                                 &t) == 0) {
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
