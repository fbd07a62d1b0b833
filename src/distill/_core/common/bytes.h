/* Equality of short byte strings, inline. The hot paths compare many short strings of a length known only
 * at run time (attribute names, class values against a memo's key): a call to the C library's memcmp
 * for each costs more than the comparison itself. */
#ifndef DL_COMMON_BYTES_H
#define DL_COMMON_BYTES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/compiler.h"

static inline uint64_t dl_load8(const char *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static inline uint32_t dl_load4(const char *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* Whether a[0..n) equals b[0..n): eight bytes at a time, the last eight (or four) read where they end, so
 * that no byte outside either string is read; below four bytes, byte by byte. */
DL_ALWAYS_INLINE int dl_bytes_eq(const char *a, const char *b, size_t n) {
    if (n >= 8) {
        for (size_t i = 0; i + 8 < n; i += 8)
            if (dl_load8(a + i) != dl_load8(b + i)) return 0;
        return dl_load8(a + n - 8) == dl_load8(b + n - 8);
    }
    if (n >= 4) return dl_load4(a) == dl_load4(b) && dl_load4(a + n - 4) == dl_load4(b + n - 4);
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

#endif
