/* ASCII classes and case, as the HTML and Encoding Standards define them (Infra: "ASCII whitespace" is
 * TAB, LF, FF, CR and SPACE; "ASCII lowercase" maps only A-Z). The one set of these helpers: every
 * folder uses them instead of its own. Header-only, branch-light, no locale. */
#ifndef DL_COMMON_ASCII_H
#define DL_COMMON_ASCII_H

#include <stddef.h>
#include <string.h>

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#endif

static inline int dl_ascii_is_space(unsigned char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}
static inline int dl_ascii_is_upper(unsigned char c) { return (unsigned)(c - 'A') < 26u; }
static inline int dl_ascii_is_lower(unsigned char c) { return (unsigned)(c - 'a') < 26u; }
static inline int dl_ascii_is_alpha(unsigned char c) { return (unsigned)((c | 0x20) - 'a') < 26u; }
static inline int dl_ascii_is_digit(unsigned char c) { return (unsigned)(c - '0') < 10u; }
static inline int dl_ascii_is_alnum(unsigned char c) { return dl_ascii_is_alpha(c) || dl_ascii_is_digit(c); }
static inline int dl_ascii_is_hex(unsigned char c) {
    return dl_ascii_is_digit(c) || (unsigned)((c | 0x20) - 'a') < 6u;
}
static inline unsigned char dl_ascii_lower(unsigned char c) {
    return (unsigned char)(c | (dl_ascii_is_upper(c) << 5));
}

/* dst[0..n) = ASCII lowercase of src[0..n) (dst may equal src). */
static inline void dl_ascii_lower_copy(char *dst, const char *src, size_t n) {
    for (size_t i = 0; i < n; i++) dst[i] = (char)dl_ascii_lower((unsigned char)src[i]);
}

/* "ASCII case-insensitive" match of a[0..an) and b[0..bn). */
static inline int dl_ascii_eq_ci(const char *a, size_t an, const char *b, size_t bn) {
    if (an != bn) return 0;
    for (size_t i = 0; i < an; i++)
        if (dl_ascii_lower((unsigned char)a[i]) != dl_ascii_lower((unsigned char)b[i])) return 0;
    return 1;
}

/* s[0..n) matches the literal lit ASCII case-insensitively (lit may be in any case): byte by byte up to
 * lit's end, without a strlen of lit per call (these run per token of attribute values). */
static inline int dl_ascii_eq_ci_lit(const char *s, size_t n, const char *lit) {
    for (size_t i = 0; i < n; i++)
        if (!lit[i] || dl_ascii_lower((unsigned char)s[i]) != dl_ascii_lower((unsigned char)lit[i])) return 0;
    return !lit[n];
}

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
/* 0xFF where s[0..16) has ASCII whitespace. */
static inline __m128i dl_ascii_space_mask16(const char *s) {
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)s);
    return _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(x, _mm_set1_epi8('\t'))),
                        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('\n')), _mm_cmpeq_epi8(x, _mm_set1_epi8('\f'))),
                                     _mm_cmpeq_epi8(x, _mm_set1_epi8('\r'))));
}
#endif

/* How many of s[0..n)'s first bytes are ASCII whitespace: 16 at a time where SSE2 is there (a page's
 * indentation text nodes are runs of dozens of them). */
static inline size_t dl_ascii_space_prefix(const char *s, size_t n) {
    size_t i = 0;
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
    for (; i + 16 <= n; i += 16) {
        __m128i ws = dl_ascii_space_mask16(s + i);
        unsigned other = ~(unsigned)_mm_movemask_epi8(ws) & 0xFFFFu;
        if (other) return i + (unsigned)__builtin_ctz(other);
    }
#endif
    while (i < n && dl_ascii_is_space((unsigned char)s[i])) i++;
    return i;
}

/* How many of s[0..n)'s first bytes are not ASCII whitespace (the length of the word s starts with):
 * 16 at a time where SSE2 is there, so a word's end costs one test of a mask, not one branch per byte
 * with a mispredicted last one. */
static inline size_t dl_ascii_word_prefix(const char *s, size_t n) {
    size_t i = 0;
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
    for (; i + 16 <= n; i += 16) {
        __m128i ws = dl_ascii_space_mask16(s + i);
        unsigned space = (unsigned)_mm_movemask_epi8(ws);
        if (space) return i + (unsigned)__builtin_ctz(space);
    }
#endif
    while (i < n && !dl_ascii_is_space((unsigned char)s[i])) i++;
    return i;
}

/* The next token of the whitespace-separated list s[0..n) at or after *at (a class attribute, a rel or
 * role list: Infra's "split a string on ASCII whitespace" taken one token at a time, without copying).
 * Returns 0 when no token is left; else sets *tok and *len and moves *at past the token. */
static inline int dl_ascii_next_token(const char *s, size_t n, size_t *at, const char **tok, size_t *len) {
    size_t i = *at;
    i += dl_ascii_space_prefix(s + i, n - i);
    if (i >= n) {
        *at = n;
        return 0;
    }
    size_t w = dl_ascii_word_prefix(s + i, n - i);
    *tok = s + i;
    *len = w;
    *at = i + w;
    return 1;
}

#endif
