/* The page type's part of the page index's one walk over the tree (index/index.c drives it): the state
 * of the structural features (features.c) and its steps. The walk calls, in document order:
 * dl_page_walk_lookup then dl_page_walk_enter on every HTML element it enters (the companions that read
 * the memo's cells in between), dl_page_walk_leave when it leaves one, the foreign steps on every SVG or
 * MathML element, dl_page_walk_text on every text node; then dl_page_walk_finish gives the features.
 */
#ifndef DL_EXTRACT_PAGE_TYPE_PAGE_WALK_H
#define DL_EXTRACT_PAGE_TYPE_PAGE_WALK_H

#include <stddef.h>

#include "extract/index/known_attrs.h"
#include "extract/page_type/page_type.h"

typedef struct dl_page_walk dl_page_walk;

/* What dl_page_walk_lookup read of an element, for dl_page_walk_enter. */
typedef struct {
    size_t class_slot;
    unsigned class_words;
} dl_page_entry;

/* A walk's state, NULL when out of memory; dl_page_walk_free it. */
dl_page_walk *dl_page_walk_new(void);
void dl_page_walk_free(dl_page_walk *w);

/* The memo's cells of an HTML element's class and id values, for the companions (pe). */
void dl_page_walk_lookup(dl_page_walk *w, const dl_known_attrs *ka, dl_page_element *pe, dl_page_entry *entry);
void dl_page_walk_enter(dl_page_walk *w, const dl_node *el, const dl_known_attrs *ka, const dl_page_entry *entry);
void dl_page_walk_leave(dl_page_walk *w, const dl_node *el);
void dl_page_walk_foreign_enter(dl_page_walk *w);
void dl_page_walk_foreign_leave(dl_page_walk *w);
void dl_page_walk_text(dl_page_walk *w, const dl_node *text);

/* The features into out[DL_PAGE_NFEATURES]. 0, or -1 when the walk ran out of memory. */
int dl_page_walk_finish(dl_page_walk *w, double *out);

#endif
