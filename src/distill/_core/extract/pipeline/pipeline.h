/* The one extraction pipeline: every way into article() runs this, and only this.
 *
 * Node.article(), distill.article(), `distill extract`, distill.batch, the Spark UDF and every adapter
 * call dl_extract_run on a parsed page (batch/ parses in C, the binding parses for Python), so a page
 * gives the same text, renderings, metadata and page type whichever way it came in. The result holds
 * the selection itself (the regions, what is skipped and muted inside them, the hidden elements shown),
 * and every rendering (text, Markdown, HTML) is drawn from it: nothing selects twice.
 *
 * The sequence, in order (the way trafilatura_sequence documents its own):
 *
 *   1. read      The tree as parsed, or a second read of the same source when the first hides the
 *                page (reread.c): an unclosed <title> that swallowed the page is read again with the
 *                title ended where its text meets the first tag; most of the readable text inside
 *                <noscript> (which scripting-on parsing keeps as one raw text node) is read again
 *                with scripting off.
 *   2. index     One walk over the tree (index/index.c) fills the element table, the page-type
 *                features and the metadata harvest; the page type is classified from the features
 *                (page_type/).
 *   3. select    The classic selection on the element table (classic/select.c).
 *   4. weigh     Every text block's features and the block model's score (blocks/).
 *   5. choose    Which blocks are content: the first step of the cascade that keeps any
 *                (regions.c, DL_CASCADE_STEPS):
 *                  a. model     blocks the model scores above the page type's threshold; when the
 *                               classic winner holds a short post the model leaves out, passed over
 *                               if it keeps only named furniture, joined by the classic blocks if it
 *                               keeps only the headline (model_misses_post);
 *                  b. classic   the blocks of the classic selection;
 *                  c. best      the blocks near the best-scoring block that is not page chrome;
 *                  d. none      the page has no article (text "").
 *   6. group     What the page's structure decides after the cascade (regions/): the comment thread
 *                after a post left out, or kept after the article when asked for (comments.c);
 *                annotated prose kept (prose_links.c); long runs, repeated paragraphs, data tables
 *                by rows and columns (region_runs.c); copies and edge furniture dropped
 *                (region_edges.c); the kept blocks grouped into regions.
 *   7. resolve   The metadata decided against the article body; the text rendered from the regions;
 *                the reader comments when asked for; the estimate of the extraction's quality
 *                (quality.h).
 *
 * Pure C, safe without the GIL; each step is linear in the page and bounded (see each file).
 */
#ifndef DL_EXTRACT_PIPELINE_H
#define DL_EXTRACT_PIPELINE_H

#include <stddef.h>

#include "common/buf.h"
#include "extract/classic/article_text.h"
#include "extract/extract.h"
#include "extract/options.h"
#include "sanitize/sanitize.h"
#include "serialize/serialize.h"
#include "tree/dom.h"

/* Step 5's cascade: which step chose the content (dl_extraction.cascade). */
typedef enum {
    DL_CASCADE_MODEL = 0,
    DL_CASCADE_CLASSIC,
    DL_CASCADE_BEST,
    DL_CASCADE_NONE,
    DL_CASCADE_STEPS
} dl_cascade_step;

/* The name of a cascade step ("model", "classic", "best", "none"). */
const char *dl_cascade_step_name(dl_cascade_step step);

/* Step 1's second reads: why the tree was read again (dl_extraction.reread). */
typedef enum {
    DL_REREAD_NONE = 0,
    DL_REREAD_NOSCRIPT, /* read with scripting off: the page's text was inside <noscript> */
    DL_REREAD_TITLE,    /* read with its <title> ended: the unclosed title had swallowed the page */
} dl_reread;

typedef struct dl_extraction {
    /* the tree the selection is of: the caller's, or `reread_doc` when step 1 read the page again */
    const dl_document *doc;
    const dl_node *root;
    dl_document *reread_doc; /* owned (dl_extraction_free frees it), NULL when the caller's tree served */
    dl_reread reread;
    dl_extract_options opts;

    dl_page_type page_type;
    double page_type_confidence;
    dl_metadata meta;                   /* the resolved fields (metadata.h) */
    dl_article_content_result content;  /* the selection: regions, skip, mute and show sets */
    dl_cascade_step cascade;
    dl_buf text;                        /* Article.text */
    double quality;                     /* Article.quality (quality.h), 0..1 */
    /* Extraction.include_comments: the design's winner and the comments text (comments.h); else unset */
    int have_comments;
    const dl_node *winner;
    dl_buf comments;
    int nomem;
} dl_extraction;

/* Run the pipeline on the subtree at root of doc (root NULL: the whole document). Step 1 reads the page
 * again only for a whole document (a subtree is the caller's own choice of content). Returns 0, or -1 on
 * out of memory (out->nomem set). Always dl_extraction_free(out) afterwards. */
int dl_extract_run(const dl_document *doc, const dl_node *root, const dl_extract_options *opts,
                   dl_extraction *out);
void dl_extraction_free(dl_extraction *x);

enum { DL_RENDER_TEXT = 0, DL_RENDER_MARKDOWN = 1, DL_RENDER_HTML = 2 };

/* Append the extraction's content rendered as `kind` to out: DL_RENDER_TEXT is Article.text itself,
 * DL_RENDER_MARKDOWN and DL_RENDER_HTML are drawn from the same selection with the extraction's options
 * (images, links, tables, formatting). `policy` is the sanitizer policy for HTML; base_url (UTF-8, may be
 * NULL) makes the links and images of Markdown and HTML absolute, the document's <base href> applying on
 * top (within the bound of dl_url_resolve_bounded, serialize/url.h).
 * Read-only on x: any number of threads may render one extraction. Returns 0, or -1 on out of memory. */
int dl_extraction_render(const dl_extraction *x, int kind, const dl_policy *policy, const char *base_url,
                         size_t base_len, dl_htmlbuf *out);

/* Step 1: whether the document should be read again with scripting off: its markup holds "<noscript",
 * the text inside its <noscript> elements (tags left out) is at least min_chars and more than the text
 * a reader sees under <body> outside them. Read-only, linear. */
int dl_reread_noscript_heavy(const dl_document *doc, const dl_node *root, size_t min_chars);

/* Step 1 on its own: the tree a second read gives (owned by the caller, dl_document_free), or NULL when
 * the subtree at root is read as it is (*nomem set when a second read ran out of memory). */
dl_document *dl_extract_reread(const dl_document *doc, const dl_node *root, dl_reread *why, int *nomem);

/* Step 1's test for a page swallowed by an unclosed <title> (reread.c): 1 with *cut the offset in the
 * source where the title's end tag belongs, else 0. */
int dl_reread_title_cut(const dl_document *doc, const dl_node *root, size_t *cut);
/* The document read again from its source with "</title>" put at cut: spans are offsets into the
 * caller's source as before (the document owns the amended buffer its text points into). NULL when it
 * cannot be built (*nomem set when out of memory). */
dl_document *dl_reread_with_title_end(const dl_document *doc, size_t cut, int *nomem);

/* The floor of step 1's <noscript> test: smaller tracking <noscript>s never trigger a second read. */
#define DL_REREAD_NOSCRIPT_MIN_CHARS 2000

#endif
