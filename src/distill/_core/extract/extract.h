/* Main-content extraction over the arena tree: what the extract folder offers, by concern.
 *
 * - pipeline/: the one extraction pipeline every entry point runs (pipeline.h lists its steps and its
 *   fallback cascade in order), its second reads (reread.c) and the renderings drawn from its selection.
 * - index/: what the walks over a page read of each element (known_attrs.h: the one attribute gather).
 * - page_type/: the page type from structural features and a fitted model (page_type_model.h, generated).
 * - classic/: the design's scoring (score.c: main_content(), text.c: main_text() and boilerplate()'s
 *   units, rules.h: its constants and word lists) and the classic selection of article() on the element
 *   table (article_table.h, table.c, select.c, article_rules.h): one input of the region classifier.
 * - blocks/: the text blocks of a page and their named features (blocks.h), the generated block model.
 * - regions/: the blocks the cascade keeps grouped into regions (regions.c), the edge rules at their
 *   borders (region_edges.c), and the reader comments (comments.c).
 * - metadata/: the metadata harvest and its resolution, field by field (metadata.h).
 *
 * This header declares the design's walks (score.c, text.c) and the metadata record they share.
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
#include "extract/index/known_attrs.h"
#include "extract/options.h"
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

/* Score the subtree at root. Returns 0, or -1 on out of memory (with out->nomem set). Always
 * dl_score_result_free(out) afterwards. */
int dl_extract_score(const dl_node *root, dl_score_result *out);
void dl_score_result_free(dl_score_result *r);
/* The design's winner of the subtree at root (main_content()), NULL when nothing scores positively.
 * Returns 0, or -1 on out of memory (then *winner is NULL). */
int dl_extract_winner(const dl_node *root, const dl_node **winner);

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

/* ---- metadata/ (metadata/metadata.h: the harvest and its resolution) ---- */
typedef enum {
    DL_META_TITLE = 0,
    DL_META_BYLINE,
    DL_META_DATE,
    DL_META_DESCRIPTION,
    DL_META_LANG,
    DL_META_CANONICAL,
    DL_META_SITE_NAME,
    DL_META_IMAGE,
    DL_META_DATE_MODIFIED,
    DL_META__COUNT
} dl_meta_field;

/* One field: its value and the rank of the source that set it (a lower rank wins). */
typedef struct {
    dl_buf value;   /* folded, non-empty when set */
    int rank;       /* rank of the source that set it; INT32_MAX when unset */
} dl_meta_slot;

/* The metadata of a page, field by field. */
typedef struct {
    dl_meta_slot fields[DL_META__COUNT];
    dl_buf tags;          /* folded tags, each followed by a NUL byte */
    size_t ntags;
    int tags_rank;        /* article:tag beats keywords */
} dl_metadata;

/* ---- the metadata harvest (metadata/) ---- */
typedef struct dl_meta dl_meta; /* the metadata harvest (metadata.h) */

/* The metadata harvest's hooks (metadata/harvest.c): dl_article_harvest calls visit on every element it
 * enters and leave when it leaves one. */
void dl_meta_visit(struct dl_meta *m, const dl_node *el);
/* dl_meta_visit on an HTML element whose attributes a walk has gathered (page_type.h's companion), with
 * the walk's cells for its class and id values (dl_page_element; NULL for none): the harvest keeps what
 * it read of a value there, in the bits 0x7 (a cell it finds 0 it has not read). */
void dl_meta_visit_known(struct dl_meta *m, const dl_node *el, const dl_known_attrs *ka, uint32_t *class_cell,
                         uint32_t *id_cell);
void dl_meta_leave(struct dl_meta *m, const dl_node *el);
/* Harvest the metadata of the subtree at root into m (dl_meta_init'ed): every element entered and left
 * in document order, nothing pruned (pages declare their metadata in the <head>, headers and bylines
 * the scoring leaves out). Out of memory sets m->nomem. */
void dl_article_harvest(const dl_node *root, struct dl_meta *m);


#endif
