/* Edge rules of article() (issue 12): kept blocks that the region classifier cannot tell from the
 * article's text by their features alone, recognised by their shape and their place among the kept
 * blocks (a heading or a label the article ends on, a photo credit, a further-reading lead-in), and
 * dropped before the regions are formed. regions.c calls it once, after the kept blocks are decided.
 * Pure C, linear in the blocks.
 */
#ifndef DL_EXTRACT_REGION_EDGES_H
#define DL_EXTRACT_REGION_EDGES_H

#include <stdint.h>

#include "extract/classic/article_table.h"
#include "extract/blocks/blocks.h"
#include "extract/page_type/page_type.h"

/* Clears keep[k] of the blocks of b (over the table cx) that the edge rules find are not the article's
 * text, on a page of the given type, and sets it for an article's lead the classifier left just out
 * (score: each block's content log-odds, threshold: the page's). */
void dl_region_edges(const dl_actx *cx, const dl_blocks *b, dl_page_type type, const double *score, double threshold,
                     uint8_t *keep);

#endif
