/* The one extraction pipeline (pipeline.h): the steps in order, and the renderings drawn from its
 * selection. */
#include "extract/pipeline/pipeline.h"

#include <string.h>

#include "extract/regions/comments.h"
#include "extract/index/index.h"
#include "extract/metadata/metadata.h"
#include "extract/page_type/page_type.h"
#include "extract/pipeline/quality.h"
#include "serialize/markdown.h"
#include "serialize/text.h"
#include "tree/treebuilder.h"

const char *dl_cascade_step_name(dl_cascade_step step) {
    static const char *const names[DL_CASCADE_STEPS] = {"model", "classic", "best", "none"};
    return (unsigned)step < DL_CASCADE_STEPS ? names[step] : "none";
}

/* Step 1: the tree to read. A second read parses the same source (which the caller keeps alive for the
 * first tree) with scripting off; when it cannot be built the first tree serves. */
dl_document *dl_extract_reread(const dl_document *doc, const dl_node *root, dl_reread *why, int *nomem) {
    *why = DL_REREAD_NONE;
    *nomem = 0;
    size_t cut;
    if (dl_reread_title_cut(doc, root, &cut)) {
        dl_document *again = dl_reread_with_title_end(doc, cut, nomem);
        if (again) *why = DL_REREAD_TITLE;
        return again;
    }
    if (root != doc->root || !dl_reread_noscript_heavy(doc, root, DL_REREAD_NOSCRIPT_MIN_CHARS)) return NULL;
    dl_parse_options po;
    memset(&po, 0, sizeof po);
    po.scripting = 0;
    dl_parse_status status = DL_PARSE_OK;
    dl_document *again = dl_parse(doc->source, doc->source_len, &po, &status);
    if (!again) {
        *nomem = status == DL_PARSE_NOMEM;
        return NULL;
    }
    *why = DL_REREAD_NOSCRIPT;
    return again;
}

static int step_read(dl_extraction *x) {
    int nomem;
    dl_document *again = dl_extract_reread(x->doc, x->root, &x->reread, &nomem);
    if (!again) return nomem ? -1 : 0;
    x->reread_doc = again;
    x->doc = again;
    x->root = again->root;
    return 0;
}

/* Steps 2 to 7. One walk builds the page index (index/index.h: the element table, the page type's
 * features and the metadata harvest); the metadata is resolved once the article body is known. */
static int steps_extract(dl_extraction *x) {
    dl_meta harvest;
    dl_meta_init(&harvest);
    dl_actx table;
    memset(&table, 0, sizeof(table));
    double features[DL_PAGE_NFEATURES];
    dl_article_page_class known;
    dl_article_text_result t;
    int rc = dl_index_build(x->root, &table, features, &harvest);
    if (rc == 0) {
        dl_page_classify_features(features, &known.type, &known.confidence);
        rc = dl_article_regions_typed(x->root, &known, &table, (dl_favor)x->opts.favor, x->opts.include,
                                      &x->content, &t);
    }
    dl_tab_free(&table); /* the regions took it over, unless they were not reached */
    if (rc == 0) {
        dl_buf_append(&x->text, t.text, t.len);
        /* the page type comes with the regions, which were chosen for it */
        x->page_type = x->content.type;
        x->page_type_confidence = x->content.type_confidence;
        x->cascade = (dl_cascade_step)x->content.cascade;
        dl_meta_set_page_type(&harvest, (int)x->page_type);
        dl_metadata_free(&x->meta);
        rc = dl_meta_resolve(&harvest, t.body, &x->meta);
        dl_article_text_free(&t);
    }
    dl_meta_free(&harvest);
    return rc < 0 || x->text.failed ? -1 : 0;
}

/* The reader comments, when asked for: a block that holds the design's winner is the article's
 * wrapper, not comments, so the winner is found first. */
static int step_comments(dl_extraction *x) {
    if (!(x->opts.include & DL_INCLUDE_COMMENTS)) return 0;
    x->have_comments = 1;
    if (dl_extract_winner(x->root, &x->winner) < 0) return -1;
    if (dl_comments_text(x->doc, x->root, x->winner, &x->comments) < 0) return -1;
    return x->comments.failed ? -1 : 0;
}

int dl_extract_run(const dl_document *doc, const dl_node *root, const dl_extract_options *opts, dl_extraction *out) {
    memset(out, 0, sizeof(*out));
    dl_metadata_init(&out->meta);
    out->doc = doc;
    out->root = root ? root : doc->root;
    out->opts = *opts;
    out->cascade = DL_CASCADE_NONE;
    if (step_read(out) < 0 || steps_extract(out) < 0 || step_comments(out) < 0) {
        out->nomem = 1;
        return -1;
    }
    double signals[DL_QUALITY_NSIGNALS];
    dl_quality_signals(out, signals);
    out->quality = dl_quality_estimate(signals);
    return 0;
}

void dl_extraction_free(dl_extraction *x) {
    dl_article_content_free(&x->content);
    dl_metadata_free(&x->meta);
    dl_buf_free(&x->text);
    dl_buf_free(&x->comments);
    if (x->reread_doc) dl_document_free(x->reread_doc);
    memset(x, 0, sizeof(*x));
}

/* The harvest alone, for the binding's _article_meta (tests and tools read the declared sources). */
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

/* ---- renderings ------------------------------------------------------------------------------------ */

/* The filter the renderings use: what the article text leaves out, the tables when include_tables is
 * off and the images when include_images is off. `rich`: the figures the text leaves out are kept. */
typedef struct {
    const dl_article_content_result *content;
    int tables, images, rich;
} render_filter;

static int render_skip(const void *ctx, const dl_node *el) {
    const render_filter *f = ctx;
    if (!f->tables && dl_is_element(el, DL_TAG_table)) return 1;
    if (!f->images && (dl_is_element(el, DL_TAG_img) || dl_is_element(el, DL_TAG_picture))) return 1;
    if (!dl_article_content_skip(f->content, el)) return 0;
    if (!f->rich) return 1;
    if (el->type == DL_NODE_TEXT) {
        /* muted text: kept when it is an illustration's (a caption), a few levels up at most */
        const dl_node *p = el->parent;
        for (int up = 0; p && up < 3; up++, p = p->parent)
            if (dl_article_is_illustration(p)) return 0;
        return 1;
    }
    return !dl_article_is_illustration(el);
}

/* The hidden elements shown: those the content model shows (see dl_article_content_show). */
static int render_show(const void *ctx, const dl_node *el) {
    const render_filter *f = ctx;
    return dl_article_content_show(f->content, el);
}

/* Markdown's view of the figures the text leaves out: their images only (see dl_node_filter). */
static int render_media(const void *ctx, const dl_node *el) {
    const render_filter *f = ctx;
    return f->images && el->type == DL_NODE_ELEMENT && dl_article_content_skip(f->content, el) &&
           dl_article_is_illustration(el);
}

int dl_extraction_render(const dl_extraction *x, int kind, const dl_policy *policy, const char *base_url,
                         size_t base_len, dl_htmlbuf *out) {
    if (kind == DL_RENDER_TEXT) {
        dl_htmlbuf_append(out, x->text.data ? x->text.data : "", x->text.len);
        return out->failed ? -1 : 0;
    }
    const dl_article_content_result *c = &x->content;
    if (!c->nroots) return 0;
    const dl_extract_options *opts = &x->opts;
    render_filter rf = {c, (opts->include & DL_INCLUDE_TABLES) != 0, (opts->include & DL_INCLUDE_IMAGES) != 0,
                        kind == DL_RENDER_HTML};
    dl_node_filter filter = {render_skip, &rf, NULL, render_show};
    int rc;
    if (kind == DL_RENDER_MARKDOWN) {
        dl_md_options m = {0};
        m.base_url = base_url;
        m.base_len = base_len;
        m.images = (opts->include & DL_INCLUDE_IMAGES) != 0;
        m.no_links = !(opts->include & DL_INCLUDE_LINKS);
        m.no_formatting = !(opts->include & DL_INCLUDE_FORMATTING);
        m.inline_gaps = 1; /* the words of Article.text (regions.c export_text) */
        filter.media = render_media;
        rc = dl_to_markdown_nodes(x->doc, c->roots, c->nroots, &filter, &m, out);
    } else {
        rc = dl_sanitize_nodes_base(policy, x->doc, c->roots, c->nroots, &filter, base_url, base_len, 1, out);
    }
    return rc < 0 || out->failed ? -1 : 0;
}
