/* What the module's init does once before any use, for the harnesses that run the extractor: without
 * it the design's word lists and the page type's word table are empty, and a harness would fuzz a
 * different extractor. */
#ifndef DL_FUZZ_EXTRACT_INIT_H
#define DL_FUZZ_EXTRACT_INIT_H

#include "extract/blocks/blocks.h"
#include "extract/classic/article_text.h"
#include "extract/classic/rules.h"
#include "extract/page_type/page_type.h"

static inline void dl_fuzz_extract_init(void) {
    dl_rules_init();
    dl_article_text_init();
    dl_page_type_init();
    dl_blocks_init();
}

#endif
