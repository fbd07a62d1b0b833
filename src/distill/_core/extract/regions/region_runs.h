/* Runs of article(): kept blocks whose neighbours in the page's structure decide what they are, not their
 * own features: the paragraphs of a long document after the classifier's first ones, the cells of a
 * data table, a code block between the paragraphs that speak of it, the body the page declares. regions.c calls dl_region_runs once,
 * after the cascade chose the content and before the copies and the edge rules. Pure C, linear in the
 * page.
 */
#ifndef DL_EXTRACT_REGION_RUNS_H
#define DL_EXTRACT_REGION_RUNS_H

#include <stdint.h>

#include "extract/blocks/blocks.h"
#include "extract/classic/article_table.h"
#include "extract/page_type/page_type.h"

/* The score of a block that is never content (below any the model gives): only the last fallback of
 * regions.c keeps one, when the page has nothing else (a page that is only a consent wall still gets
 * its text). */
#define DL_REGION_NEVER_SCORE (-1e9)

/* Sets keep[k] of the blocks of b (over the table cx) that a run rule keeps: score is each block's
 * content log-odds (DL_REGION_NEVER_SCORE marks never content, which no rule keeps); model: the
 * cascade's model step chose keep (the rules that correct the model's biases apply only then).
 * Returns 0, or -1 on out of memory (keep is then as it was, or partly decided: still a valid choice). */
int dl_region_runs(const dl_actx *cx, const dl_blocks *b, int model, const double *score, uint8_t *keep);

/* The data tables' cells, decided by rows and columns (region_runs.c says how), after the edge rules: a
 * rule that drops one block never leaves a table's cells shifted. Returns 0, or -1 on out of memory. */
int dl_region_tables(const dl_actx *cx, const dl_blocks *b, const double *score, uint8_t *keep);

#endif
