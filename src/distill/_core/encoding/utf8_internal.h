/* UTF-8 sequence checks and writing, shared by the validator (sniff.c), the decoders (decode.c,
 * legacy.c). Internal. */
#ifndef DL_ENCODING_UTF8_INTERNAL_H
#define DL_ENCODING_UTF8_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

/* The bounds a lead byte puts on the byte after it (the Encoding Standard's UTF-8 decoder: E0 and
 * F0 exclude overlongs, ED excludes surrogates, F4 caps at U+10FFFF). Returns the sequence length
 * (2..4) and sets the bounds in lo and hi, or 0 for a byte that cannot start a sequence. */
static inline size_t dl_utf8_lead(uint8_t c, uint8_t *lo, uint8_t *hi) {
    *lo = 0x80;
    *hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) return 2;
    if (c >= 0xE0 && c <= 0xEF) {
        if (c == 0xE0) *lo = 0xA0;
        if (c == 0xED) *hi = 0x9F;
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (c == 0xF0) *lo = 0x90;
        if (c == 0xF4) *hi = 0x8F;
        return 4;
    }
    return 0;
}

/* Length of the valid non-ASCII sequence at p (avail >= 1 bytes readable), or 0 when it is not
 * valid. */
static inline size_t dl_utf8_seq(const uint8_t *p, size_t avail) {
    uint8_t lo, hi;
    size_t n = dl_utf8_lead(p[0], &lo, &hi);
    if (n == 0 || avail < n) return 0;
    if (p[1] < lo || p[1] > hi) return 0;
    for (size_t k = 2; k < n; k++)
        if ((p[k] & 0xC0) != 0x80) return 0;
    return n;
}

/* For an invalid sequence at p: how many bytes one U+FFFD replaces (the "maximal subpart": the
 * lead byte and the continuation bytes that were still acceptable before the failure or the end). */
static inline size_t dl_utf8_bad_len(const uint8_t *p, size_t avail) {
    uint8_t lo, hi;
    size_t n = dl_utf8_lead(p[0], &lo, &hi);
    if (n == 0) return 1;
    size_t k = 1;
    if (k < avail && p[1] >= lo && p[1] <= hi) {
        k = 2;
        while (k < n && k < avail && (p[k] & 0xC0) == 0x80) k++;
    }
    return k;
}

/* Write cp (at most U+10FFFF) as UTF-8 at d (4 bytes writable); returns the bytes written. */
static inline size_t dl_utf8_put(uint8_t *d, uint32_t cp) {
    if (cp < 0x80) {
        d[0] = (uint8_t)cp;
        return 1;
    }
    if (cp < 0x800) {
        d[0] = (uint8_t)(0xC0 | (cp >> 6));
        d[1] = (uint8_t)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        d[0] = (uint8_t)(0xE0 | (cp >> 12));
        d[1] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
        d[2] = (uint8_t)(0x80 | (cp & 0x3F));
        return 3;
    }
    d[0] = (uint8_t)(0xF0 | (cp >> 18));
    d[1] = (uint8_t)(0x80 | ((cp >> 12) & 0x3F));
    d[2] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
    d[3] = (uint8_t)(0x80 | (cp & 0x3F));
    return 4;
}

/* The byte length of the UTF-8 character whose lead byte is `lead` (valid UTF-8 assumed). */
static inline size_t dl_utf8_len_of_lead(uint8_t lead) {
    return lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
}

#endif
