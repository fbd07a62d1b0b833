/* The cleaned article text of issue 5: what Article.text is made of.
 *
 * dl_article_text scores the subtree the way the design does (paragraphs score their container and its
 * parent, containers are seeded by tag and class/id, scores are discounted by link density) and then
 * goes further (article_rules.h has every rule with its reason): inline runs count as paragraphs, the
 * class/hidden pruning spares a wrapper that holds most of the page's prose, an article split into
 * nearby chunks is kept whole, and figures, titles, furniture blocks and link-dense blocks inside it
 * are cleaned out. It never changes the tree. Pure C over the arena, no recursion, no Python objects:
 * safe to run with the GIL released.
 */
#ifndef DL_EXTRACT_ARTICLE_TEXT_H
#define DL_EXTRACT_ARTICLE_TEXT_H

#include <stddef.h>

#include "extract/page_type/page_type.h"
#include "tree/dom.h"

typedef enum { DL_FAVOR_BALANCED = 0, DL_FAVOR_PRECISION = 1, DL_FAVOR_RECALL = 2 } dl_favor;

typedef struct {
    char *text;          /* malloc'd UTF-8, NUL-terminated; "" when the page has no article */
    size_t len;
    const dl_node *body; /* the best container of the refined scoring; NULL when none */
    unsigned nparts;     /* how many containers the text was taken from */
} dl_article_text_result;

/* Builds the word tables once; the module init calls it (with the GIL held) before any use. */
void dl_article_text_init(void);

/* Returns 0, or -1 on out of memory. Always dl_article_text_free(out) afterwards. */
int dl_article_text(const dl_node *root, dl_favor favor, dl_article_text_result *out);
void dl_article_text_free(dl_article_text_result *r);

/* The classic selection alone (issue 5: the winner, its split chunks, cleaned), before the region
 * classifier of regions.c weighs it: one of the classifier's inputs, tested rule by rule. */
int dl_article_classic_text(const dl_node *root, dl_favor favor, dl_article_text_result *out);

/* What the region step saw while it chose (regions.c): the signals Article.quality is estimated from
 * (pipeline/quality.c). Text is counted in folded characters of the page's text blocks. */
typedef struct {
    double blocks, kept_blocks;     /* text blocks on the page, and kept as content */
    double block_chars, kept_chars; /* their text */
    double kept_link_chars;         /* the kept text inside links */
    double kept_margin;             /* mean score minus threshold of the kept blocks, by their text */
    double uncertain_share;         /* share of the block text scored within 1 of the threshold */
    double selection_chars;         /* the classic selection's text */
    double kept_selection_chars;    /* the part of it kept */
    double top_margin;              /* the best block's score minus the threshold */
    int has_winner;                 /* the classic selection found a winner */
} dl_region_signals;

/* The content the text is made of, as nodes, for the exporters (Article.markdown and Article.html):
 * the chosen containers in document order, and the elements inside them that the text leaves out
 * (dropped or cleaned, outermost only: their subtrees go with them). Rendering the roots while
 * skipping those elements shows exactly what dl_article_text reads. */
typedef struct {
    const dl_node **roots; /* malloc'd; NULL with nroots 0 when the page has no article */
    size_t nroots;
    const dl_node **skip;  /* malloc'd, sorted by address for dl_article_content_skip */
    size_t nskip;
    const dl_node **mute;  /* elements inside the roots whose own text is left out, sorted by address */
    size_t nmute;
    const dl_node **show;  /* hidden elements inside the roots that are or hold content, sorted by address */
    size_t nshow;
    const dl_node *body;   /* as in dl_article_text_result */
    dl_page_type type;     /* the page type the regions were chosen for, and its confidence */
    double type_confidence;
    int cascade;           /* the dl_cascade_step (pipeline.h) that chose the content */
    dl_region_signals signals;
} dl_article_content_result;

/* Both at once from one selection (content or text may be NULL). Returns 0, or -1 on out of memory
 * (then both are empty). */
int dl_article_regions(const dl_node *root, dl_favor favor, int no_tables, dl_article_content_result *content,
                       dl_article_text_result *text);
/* A page's type and its confidence, as dl_page_classify gives them. */
typedef struct {
    dl_page_type type;
    double confidence;
} dl_article_page_class;
/* dl_article_regions for a page the caller has classified (known; NULL: classified here) and whose element
 * table the page index filled (table; NULL: filled here), as the pipeline does in one walk (index/index.h).
 * The table is taken over (zeroed in the caller), freed with the regions. include: the Extraction's
 * DL_INCLUDE_* bits (options.h): without DL_INCLUDE_TABLES the text leaves tables out; with
 * DL_INCLUDE_COMMENTS the comment thread after the article is content too (regions/comments.h). */
struct dl_actx;
int dl_article_regions_typed(const dl_node *root, const dl_article_page_class *known, struct dl_actx *table,
                             dl_favor favor, unsigned include, dl_article_content_result *content,
                             dl_article_text_result *text);

/* Returns 0, or -1 on out of memory. Always dl_article_content_free(out) afterwards. */
int dl_article_content(const dl_node *root, dl_favor favor, dl_article_content_result *out);
/* The dl_node_filter predicate (ctx: the dl_article_content_result): an element in out->skip, or a text
 * node whose parent is in out->mute. */
int dl_article_content_skip(const void *ctx, const dl_node *el);
/* The dl_node_filter `show` predicate (same ctx): a hidden element in out->show. */
int dl_article_content_show(const void *ctx, const dl_node *el);
/* Whether an element the text leaves out is an illustration (a figure, picture or caption, or a block
 * named only for images, photos, galleries, media or captions): Markdown shows its images and HTML the
 * whole of it (extract/pipeline/pipeline.c asks about the outermost skipped elements only). */
int dl_article_is_illustration(const dl_node *el);
void dl_article_content_free(dl_article_content_result *r);

#endif
