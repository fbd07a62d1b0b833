/* Saturating arithmetic on counts: a page can hold more characters, links or cue words than a 32-bit
 * count holds, and a count that wraps would make a huge block look empty. Header-only. */
#ifndef DL_COMMON_SATURATE_H
#define DL_COMMON_SATURATE_H

#include <stdint.h>

/* a + b, or UINT32_MAX when the sum does not fit. */
static inline uint32_t dl_sat_add_u32(uint32_t a, uint32_t b) { return a > UINT32_MAX - b ? UINT32_MAX : a + b; }

#endif
