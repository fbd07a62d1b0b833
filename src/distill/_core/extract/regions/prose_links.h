/* Annotated prose (issue 37): paragraphs whose links sit inside their sentences, kept where the block
 * model leaves them out for their link density. regions.c calls it once, after the cascade chose the
 * content. Pure C, linear in the blocks and the paragraphs' subtrees.
 */
#ifndef DL_EXTRACT_PROSE_LINKS_H
#define DL_EXTRACT_PROSE_LINKS_H

#include <stdint.h>

#include "extract/blocks/blocks.h"
#include "extract/classic/article_table.h"

/* Whether the element at table index j is a <p> of annotated prose (prose_links.c says what that is). */
int dl_annotated_prose(const dl_actx *cx, uint32_t j);

/* Sets keep[k] of the blocks of b that are annotated prose inside the classic winner, when the content
 * holds other blocks of the winner (the article is kept, and these are its paragraphs). never: per table
 * element, 1 inside what is never content (NULL: none). */
void dl_keep_annotated_prose(const dl_actx *cx, const dl_blocks *b, const uint8_t *never, uint8_t *keep);

#endif
