/* Remembered results of a pure function of a short byte string, for one walk over one page.
 *
 * Pages repeat their class and id values (a grid's cards, a list's items: about half of the values on
 * news pages are repeats), and the walks that read words from them (the element table's, the metadata
 * harvest's, the design's scoring walk's) would tokenize each repeat again; the page-type walk keeps a
 * memo of its own shape and uses only dl_word_memo_slot. A dl_word_memo is a small direct-mapped table keyed by the
 * bytes themselves (a hash picks the slot; the length and the bytes are compared, so a result is never
 * another string's): a slot holds the last string that hashed to it. Strings longer than
 * DL_WORD_MEMO_MAX_LEN are not remembered (they rarely repeat; long lists of utility classes, 64 to 256
 * bytes, do, card after card). The strings must outlive the memo
 * (they point into the document). Zero-filled is empty.
 */
#ifndef DL_COMMON_WORD_MEMO_H
#define DL_COMMON_WORD_MEMO_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/bytes.h"

#define DL_WORD_MEMO_SLOTS 256 /* a power of two */
#define DL_WORD_MEMO_MAX_LEN 256

typedef struct {
    const char *s[DL_WORD_MEMO_SLOTS];
    uint32_t len[DL_WORD_MEMO_SLOTS];
    unsigned value[DL_WORD_MEMO_SLOTS];
} dl_word_memo;

/* The slot of s[0..n): up to 32 bytes, whole 8-byte words, the last one overlapping the one before
 * (fixed-size loads only: a copy of n % 8 bytes would be a call); a longer string by five of its words
 * (its start, its middle and its end) in two chains of multiplications, not one per 8 bytes (class lists
 * run to hundreds of bytes, and every element's are looked up); a short string by its first, middle and
 * last bytes. The slot only places a string; a hit always compares all the bytes. */
static inline size_t dl_word_memo_slot(const char *s, size_t n) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ n, v;
    if (n > 32) {
        uint64_t a, b, c, d, e;
        memcpy(&a, s, 8);
        memcpy(&b, s + 8, 8);
        memcpy(&c, s + n / 2 - 4, 8);
        memcpy(&d, s + n - 16, 8);
        memcpy(&e, s + n - 8, 8);
        uint64_t h1 = ((((h ^ a) * 0xFF51AFD7ED558CCDull) ^ c) * 0xFF51AFD7ED558CCDull ^ e) * 0xFF51AFD7ED558CCDull;
        uint64_t h2 = (((h ^ b) * 0xC4CEB9FE1A85EC53ull) ^ d) * 0xC4CEB9FE1A85EC53ull;
        h = h1 ^ (h2 >> 23) ^ (h2 << 41);
    } else if (n >= 8) {
        for (size_t i = 0; i + 8 < n; i += 8) {
            memcpy(&v, s + i, 8);
            h = (h ^ v) * 0xFF51AFD7ED558CCDull;
        }
        memcpy(&v, s + n - 8, 8);
        h = (h ^ v) * 0xFF51AFD7ED558CCDull;
    } else if (n >= 4) {
        uint32_t a, b;
        memcpy(&a, s, 4);
        memcpy(&b, s + n - 4, 4);
        h = (h ^ (a | (uint64_t)b << 32)) * 0xFF51AFD7ED558CCDull;
    } else if (n) {
        v = (uint64_t)(unsigned char)s[0] | (uint64_t)(unsigned char)s[n / 2] << 8 |
            (uint64_t)(unsigned char)s[n - 1] << 16;
        h = (h ^ v) * 0xFF51AFD7ED558CCDull;
    }
    return (size_t)(h ^ (h >> 29)) & (DL_WORD_MEMO_SLOTS - 1);
}

/* Whether s[0..n) is remembered (its result in *value); *slot is where dl_word_memo_put stores it. */
static inline int dl_word_memo_get(const dl_word_memo *m, const char *s, size_t n, size_t *slot, unsigned *value) {
    if (n > DL_WORD_MEMO_MAX_LEN) return 0;
    size_t k = *slot = dl_word_memo_slot(s, n);
    if (!m->s[k] || m->len[k] != n || !dl_bytes_eq(m->s[k], s, n)) return 0;
    *value = m->value[k];
    return 1;
}

static inline void dl_word_memo_put(dl_word_memo *m, size_t slot, const char *s, size_t n, unsigned value) {
    if (n > DL_WORD_MEMO_MAX_LEN) return;
    m->s[slot] = s;
    m->len[slot] = (uint32_t)n;
    m->value[slot] = value;
}

/* The same for a pure function of a tag and a short string with a 64-bit result (an element's shape: its
 * tag atom and its class value): the tag is part of the key. */
typedef struct {
    const char *s[DL_WORD_MEMO_SLOTS];
    uint32_t len[DL_WORD_MEMO_SLOTS];
    uint32_t tag[DL_WORD_MEMO_SLOTS];
    uint64_t value[DL_WORD_MEMO_SLOTS];
} dl_tag_memo;

static inline int dl_tag_memo_get(const dl_tag_memo *m, uint32_t tag, const char *s, size_t n, size_t *slot,
                                  uint64_t *value) {
    if (n > DL_WORD_MEMO_MAX_LEN) return 0;
    size_t k = *slot = (dl_word_memo_slot(s, n) ^ (tag * 0x9E3779B1u >> 7)) & (DL_WORD_MEMO_SLOTS - 1);
    if (!m->s[k] || m->tag[k] != tag || m->len[k] != n || !dl_bytes_eq(m->s[k], s, n)) return 0;
    *value = m->value[k];
    return 1;
}

static inline void dl_tag_memo_put(dl_tag_memo *m, size_t slot, uint32_t tag, const char *s, size_t n,
                                   uint64_t value) {
    if (n > DL_WORD_MEMO_MAX_LEN) return;
    m->s[slot] = s;
    m->len[slot] = (uint32_t)n;
    m->tag[slot] = tag;
    m->value[slot] = value;
}

#endif
