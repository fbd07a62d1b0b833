/* Internal helpers of the tokenizer: the lower-casing append and the "borrow or copy" text builder.
 * Not part of the interface; only tokenizer.c includes it. */
#ifndef DL_TOKENIZER_TOK_INTERNAL_H
#define DL_TOKENIZER_TOK_INTERNAL_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/buf.h"
#include "common/compiler.h"

typedef unsigned char dl_uchar;

/* Eight bytes ASCII-lower-cased at once (SWAR): a byte is upper case when it is ASCII and A <= it <= Z;
 * its 0x20 bit is then set. Lower-casing is idempotent, so words may overlap. */
static inline void dl_lower8(const dl_uchar *s, dl_uchar *o) {
    uint64_t x;
    memcpy(&x, s, 8);
    const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
    uint64_t low7 = x & ~high;
    uint64_t ge_a = low7 + ones * (0x80 - 'A');
    uint64_t gt_z = low7 + ones * (0x7F - 'Z');
    uint64_t upper = ge_a & ~gt_z & ~x & high;
    x |= upper >> 2;
    memcpy(o, &x, 8);
}

/* Appends s[0..n) ASCII-lower-cased (the spec lower-cases only A-Z; other bytes pass through); the
 * input is readable up to limit. Whole words only, so no loop over a name's last bytes mispredicts its
 * exit: the tail is the name's last eight bytes again, or, for a name shorter than eight, eight bytes
 * read from the input (the name and what follows it) and written into the reserved room past len. */
static inline int dl_buf_put_lower(dl_buf *b, const dl_uchar *s, size_t n, const dl_uchar *limit) {
    if (n == 0) return 0;
    if (dl_buf_reserve(b, n + 8) < 0) return -1;
    dl_uchar *o = (dl_uchar *)b->data + b->len;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) dl_lower8(s + i, o + i);
    if (i < n) {
        if (n >= 8) {
            dl_lower8(s + n - 8, o + n - 8);
        } else if ((size_t)(limit - s) >= 8) {
            dl_lower8(s, o);
        } else {
            for (; i < n; i++) o[i] = (dl_uchar)(s[i] | (((unsigned)s[i] - 'A' < 26u) << 5));
        }
    }
    b->len += n;
    return 0;
}

/* Text that is a slice of the current fed buffer for as long as every appended piece continues the
 * previous one in the source (the common case: no reference, no NUL, no CR), and becomes an owned
 * copy at the first piece that does not, or when the fed buffer is about to go away. */
typedef struct {
    dl_buf own;
    const dl_uchar *bptr;
    size_t blen;
    int owned;
} dl_text;

static int dl_text_to_owned(dl_text *x) {
    x->owned = 1;
    x->own.len = 0;
    if (dl_buf_append(&x->own, x->bptr, x->blen) < 0) return -1;
    x->blen = 0;
    x->bptr = NULL;
    return 0;
}

static inline int dl_text_lit(dl_text *x, const void *s, size_t n) {
    if (!x->owned && dl_text_to_owned(x) < 0) return -1;
    return dl_buf_append(&x->own, s, n);
}

/* Always inlined: every text state's scan ends here, and the tokenizer's one big dispatch function is
 * past the size where GCC stops inlining on its own. */
DL_ALWAYS_INLINE int dl_text_src(dl_text *x, const dl_uchar *s, size_t n) {
    if (!x->owned) {
        if (x->blen == 0) {
            x->bptr = s;
            x->blen = n;
            return 0;
        }
        if (x->bptr + x->blen == s) {
            x->blen += n;
            return 0;
        }
    }
    return dl_text_lit(x, s, n);
}

static inline void dl_text_reset(dl_text *x) {
    x->owned = 0;
    x->blen = 0;
    x->bptr = NULL;
    x->own.len = 0;
}

static inline int dl_text_materialize(dl_text *x) {
    if (!x->owned && x->blen) return dl_text_to_owned(x);
    return 0;
}

static inline const char *dl_text_ptr(const dl_text *x) {
    if (x->owned) return x->own.len ? x->own.data : "";
    return x->blen ? (const char *)x->bptr : "";
}

static inline size_t dl_text_len(const dl_text *x) { return x->owned ? x->own.len : x->blen; }

#endif
