/* Main-content extraction over the arena tree: what the extract folder offers.
 *
 * - score.c: the design's scoring walk (dl_extract_score): paragraph-like elements score their parent
 *   and grandparent, candidates are seeded by tag and class/id, never-content and boilerplate subtrees
 *   are pruned, scores are discounted by link density, the highest positive score wins. Optionally
 *   harvests metadata in the same pass. Pure C, no recursion, safe without the GIL.
 * - text.c: block-aware text rendering of a subtree (dl_render_text) and the paragraph units of
 *   boilerplate() (dl_collect_units).
 * - meta.c: page metadata harvested during the walk (dl_meta_*).
 * - article.c: dl_article_build, what Node.article() calls: the design's element and metadata, the
 *   refined text of article_text.c and the metadata precedence of meta_plus.c (issue 5).
 * - article_text.c (article_text.h, article_rules.h): the refined article text of issue 5, its rules
 *   and their reasons; meta_plus.c (meta_plus.h): title heading near the text, JSON-LD, title without
 *   the site name, ISO 8601 dates; py_article.c: the private _article_text/_article_meta entry points.
 * - rules.h: every constant and word list of the heuristic.
 * - py_extract.c: the Python-facing methods (Node.main_content/main_text/article) and module functions.
 *
 * Text lengths are counted in code points of the text with white space folded: every run of ASCII white
 * space between two other characters counts as one character and leading/trailing white space counts
 * nothing, i.e. len(" ".join(text.split(...ASCII white space...))) of the element's text content (the
 * concatenation of its descendant text nodes), over the text the walk does not prune.
 */
#ifndef DL_EXTRACT_EXTRACT_H
#define DL_EXTRACT_EXTRACT_H

#include <stddef.h>
#include <stdint.h>

#include "common/buf.h"
#include "tree/dom.h"

/* ---- score.c ---- */
typedef struct {
    const dl_node *node;
    double score;        /* seed + paragraph contributions, before the link-density discount */
    uint32_t chars;      /* folded text length of the candidate */
    uint32_t link_chars; /* the part of it inside <a> */
    double final;        /* score * (1 - link density) */
} dl_candidate;

typedef struct {
    dl_candidate *cands; /* in insertion order (the order their first paragraph closed) */
    size_t count, cap;
    const dl_node *winner; /* NULL when no candidate scores positively */
    double winner_score;
    int nomem;             /* an allocation failed: the result is not to be trusted */
} dl_score_result;

struct dl_meta;

/* Score the subtree at root. meta NULL: no metadata harvest. Returns 0, or -1 on out of memory (with
 * out->nomem set). Always dl_score_result_free(out) afterwards. */
int dl_extract_score(const dl_node *root, struct dl_meta *meta, dl_score_result *out);
void dl_score_result_free(dl_score_result *r);

/* Folded text length of n's content and the part inside <a>, with the walk's pruning applied to n's
 * descendants (not to n itself). */
void dl_measure(const dl_node *n, uint32_t *chars, uint32_t *link_chars);

/* ---- text.c ---- */
/* Append the block-aware text of n to out: blocks on their own lines ("\n" between lines, no blank
 * lines), table cells separated by a space, <br> a line break, runs of white space folded to one space,
 * lines trimmed, white space kept as written inside <pre>. Returns 0 or -1 on out of memory. */
int dl_render_text(const dl_node *n, dl_buf *out);

/* Append n's text content on one line, white space folded, <br> a space, nothing the renderer skips. */
int dl_folded_text(const dl_node *n, dl_buf *out);
/* Append s with white-space runs folded to one space and the ends trimmed. */
int dl_fold_append(dl_buf *out, const char *s, size_t len);

typedef struct {
    const dl_node *node;
    size_t text_start, text_len; /* slice of dl_unit_list.text */
    uint32_t chars, link_chars;  /* as dl_measure */
    uint8_t is_heading, in_winner;
} dl_unit;

typedef struct {
    dl_unit *units;
    size_t count, cap;
    dl_buf text; /* all unit texts, back to back */
} dl_unit_list;

/* The paragraph units under root in document order, each marked whether it lies inside winner. */
int dl_collect_units(const dl_node *root, const dl_node *winner, dl_unit_list *out);
void dl_unit_list_free(dl_unit_list *l);

/* ---- meta.c ---- */
typedef enum {
    DL_META_TITLE = 0,
    DL_META_BYLINE,
    DL_META_DATE,
    DL_META_DESCRIPTION,
    DL_META_LANG,
    DL_META_CANONICAL,
    DL_META_SITE_NAME,
    DL_META_IMAGE,
    DL_META__COUNT
} dl_meta_field;

/* Sources of a field in order of precedence: a lower rank wins. */
typedef struct {
    dl_buf value;   /* folded, non-empty when set */
    int rank;       /* rank of the source that set it; INT32_MAX when unset */
} dl_meta_slot;

typedef struct dl_meta {
    dl_meta_slot fields[DL_META__COUNT];
    dl_buf tags;          /* folded tags, each followed by a NUL byte */
    size_t ntags;
    int tags_rank;        /* article:tag beats keywords */
    /* Walk state: an empty <h1>, <time> or rel=author link being crossed; its descendants of the same
     * kind are empty too and are not tried again (keeps the harvest linear on nested input). */
    const dl_node *empty_h1, *empty_time, *empty_author;
    int seen_html;
    int nomem;
} dl_meta;

void dl_meta_init(dl_meta *m);
void dl_meta_free(dl_meta *m);
/* Called by the scoring walk on every element it enters, pruned or not. */
void dl_meta_visit(dl_meta *m, const dl_node *el);
/* Called when the walk leaves an element (to end the "inside a tried source" state). */
void dl_meta_leave(dl_meta *m, const dl_node *el);

/* ---- article.c ---- */
typedef struct {
    uint32_t min_length;
    double max_link_density;
    int keep_headings;
    int favor; /* article text: a dl_favor of article_text.h (0 balanced, 1 precision, 2 recall) */
} dl_extract_options;

typedef struct {
    const dl_node *element; /* the design's winner, unchanged; NULL when none */
    dl_buf text;            /* the article text */
    dl_meta meta;
    int nomem;
} dl_article;

/* Build the article of the subtree at root: one scoring walk with the metadata harvest, then the text.
 * Safe without the GIL. Returns 0 or -1 on out of memory. Always dl_article_free(out) afterwards. */
int dl_article_build(const dl_node *root, const dl_extract_options *opts, dl_article *out);
void dl_article_free(dl_article *a);

#endif
