/* The page index: one walk over a parsed page that gathers what every later stage of the extraction
 * reads, so that none of them walks the tree again.
 *
 * For every element it gathers the attributes once (known_attrs.h: the one attribute gather) and hands
 * them, with the tag's named sets (tag_sets.h), to each reader of the walk:
 *  - the element table (classic/article_table.h): each element outside never-content subtrees, in
 *    document order, with its flags, class and id words and own text measures, and every text node's
 *    measures, which the classic selection, the block features and the regions read;
 *  - the page type's structural features (page_type/page_walk.h), whose memo of class and id values the
 *    metadata harvest shares;
 *  - the metadata harvest (metadata/metadata.h): declared sources, JSON-LD, headline, byline and date
 *    candidates.
 * No recursion: the walk climbs parent pointers; each reader's work per node is bounded (see each).
 */
#ifndef DL_EXTRACT_INDEX_INDEX_H
#define DL_EXTRACT_INDEX_INDEX_H

#include "extract/classic/article_table.h"
#include "extract/page_type/page_type.h"
#include "tree/dom.h"

struct dl_meta;

/* Walk the subtree at root once, filling what is asked for: the element table (table, zeroed or freed
 * before), the page type's features (page_features[DL_PAGE_NFEATURES]) and the metadata harvest (meta,
 * dl_meta_init'ed); each may be NULL. Returns 0, or -1 on out of memory (the table must still be
 * dl_tab_free'd; the harvest sets its own nomem). */
int dl_index_build(const dl_node *root, dl_actx *table, double *page_features, struct dl_meta *meta);

#endif
