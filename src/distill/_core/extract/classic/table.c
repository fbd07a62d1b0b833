/* The element table of article() (article_table.h): what the page index's walk (index/index.h) writes
 * of each element outside never-content subtrees, in document order: the index of its parent, the end
 * of its subtree, its flags (the tag's properties, pruning, class and id words, hidden) and its own text
 * measures. The classic selection (select.c), the block features and the regions are loops over it.
 * Here: the text measures, the class/id word lists, the table's steps of the walk, and its arrays.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "common/compiler.h"
#include "common/saturate.h"
#include "common/word_memo.h"
#include "extract/classic/article_rules.h"
#include "extract/classic/article_table.h"
#include "extract/classic/article_text.h"
#include "extract/index/tag_props.h"
#include "extract/index/tag_sets.h"

/* ------------------------------------------------------------------ small helpers */

#define sat_add dl_sat_add_u32

#define is_space dl_ascii_is_space

static void measure_scalar(const char *s, size_t len, uint32_t *chars, uint32_t *commas, uint32_t *words,
                           uint32_t *stops, uint32_t *digits) {
    uint32_t c = 0, k = 0, w = 0, st = 0, d = 0;
    int seen = 0, gap = 0, in_word = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char b = (unsigned char)s[i];
        if (is_space(b)) {
            gap = seen;
            in_word = 0;
            continue;
        }
        if (!in_word) w = sat_add(w, 1);
        in_word = 1;
        if ((b & 0xC0) == 0x80) continue; /* continuation byte of the code point already counted */
        if (gap) c = sat_add(c, 1);
        gap = 0;
        seen = 1;
        c = sat_add(c, 1);
        if (b == ',') k = sat_add(k, 1);
        else if (b == '.' || b == '!' || b == '?') st = sat_add(st, 1);
        else if (b >= '0' && b <= '9') d = sat_add(d, 1);
        /* U+3002 IDEOGRAPHIC FULL STOP (E3 80 82) ends a sentence in Chinese and Japanese */
        else if (b == 0xE3 && i + 2 < len && (unsigned char)s[i + 1] == 0x80 && (unsigned char)s[i + 2] == 0x82)
            st = sat_add(st, 1);
    }
    *chars = c;
    *commas = k;
    *words = w;
    *stops = st;
    *digits = d;
}

/* The scalar loop's measures for a short piece (a link label, a heading, a date: most text nodes), with
 * a byte-class table so that the usual byte (a letter) costs one test; no count can overflow here. */
enum { B_SPACE = 1, B_CONT = 2, B_COMMA = 4, B_STOP = 8, B_DIGIT = 16, B_E3 = 32 };
static const unsigned char byte_class[256] = {
    ['\t'] = B_SPACE, ['\n'] = B_SPACE, ['\f'] = B_SPACE, ['\r'] = B_SPACE, [' '] = B_SPACE,
    [','] = B_COMMA, ['.'] = B_STOP, ['!'] = B_STOP, ['?'] = B_STOP,
    ['0'] = B_DIGIT, ['1'] = B_DIGIT, ['2'] = B_DIGIT, ['3'] = B_DIGIT, ['4'] = B_DIGIT,
    ['5'] = B_DIGIT, ['6'] = B_DIGIT, ['7'] = B_DIGIT, ['8'] = B_DIGIT, ['9'] = B_DIGIT,
#define DL_CONT4(b) [b] = B_CONT, [b + 1] = B_CONT, [b + 2] = B_CONT, [b + 3] = B_CONT
#define DL_CONT16(b) DL_CONT4(b), DL_CONT4(b + 4), DL_CONT4(b + 8), DL_CONT4(b + 12)
    DL_CONT16(0x80), DL_CONT16(0x90), DL_CONT16(0xA0), DL_CONT16(0xB0),
#undef DL_CONT16
#undef DL_CONT4
    [0xE3] = B_E3,
};

static void measure_short(const char *s, size_t len, uint32_t *chars, uint32_t *commas, uint32_t *words,
                          uint32_t *stops, uint32_t *digits) {
    uint32_t c = 0, k = 0, w = 0, st = 0, d = 0, gap = 0, seen = 0, in_word = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned b = (unsigned char)s[i], cls = byte_class[b];
        if (cls & B_SPACE) {
            gap = seen;
            in_word = 0;
            continue;
        }
        w += !in_word;
        in_word = 1;
        if (cls & B_CONT) continue;
        c += 1 + gap;
        gap = 0;
        seen = 1;
        if (cls) {
            k += (cls & B_COMMA) != 0;
            st += (cls & B_STOP) != 0;
            d += (cls & B_DIGIT) != 0;
            if ((cls & B_E3) && i + 2 < len && (unsigned char)s[i + 1] == 0x80 && (unsigned char)s[i + 2] == 0x82)
                st++;
        }
    }
    *chars = c;
    *commas = k;
    *words = w;
    *stops = st;
    *digits = d;
}

/* The same measures 16 bytes at a time: every page's text goes through here (the element table and the
 * block features). Each count is a sum of byte masks, kept in byte-wide counters that are added up
 * every 255 blocks: words start at a non-space byte after a space (or at the start); characters are
 * the bytes that are neither white space nor UTF-8 continuation bytes, plus one for each such byte
 * after white space that follows an earlier one (a folded gap). That last rule reads "the byte before
 * is a space", which is the scalar loop's rule whenever no continuation byte follows white space: a
 * piece where one does (not UTF-8) is measured by the scalar loop, so the result is always the same. */
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>

static uint64_t sum_bytes(__m128i v) {
    __m128i s = _mm_sad_epu8(v, _mm_setzero_si128());
    return (uint64_t)_mm_cvtsi128_si64(s) + (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(s, s));
}

void dl_tab_measure_more(const char *s, size_t len, uint32_t *chars, uint32_t *commas, uint32_t *words,
                         uint32_t *stops, uint32_t *digits) {
    if (len < 16) { /* short pieces: the table loop */
        measure_short(s, len, chars, commas, words, stops, digits);
        return;
    }
    if (len > UINT32_MAX / 2) { /* huge ones: the counts saturate as the scalar loop's do */
        measure_scalar(s, len, chars, commas, words, stops, digits);
        return;
    }
    const __m128i sp = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t'), nl = _mm_set1_epi8('\n');
    const __m128i ff = _mm_set1_epi8('\f'), cr = _mm_set1_epi8('\r'), comma = _mm_set1_epi8(',');
    const __m128i dot = _mm_set1_epi8('.'), bang = _mm_set1_epi8('!'), qm = _mm_set1_epi8('?');
    const __m128i top2 = _mm_set1_epi8((char)0xC0), cont = _mm_set1_epi8((char)0x80);
    const __m128i e3 = _mm_set1_epi8((char)0xE3), bias = _mm_set1_epi8((char)0x80);
    const __m128i d_lo = _mm_set1_epi8((char)(('0' ^ 0x80) - 1)), d_hi = _mm_set1_epi8((char)(('9' ^ 0x80) + 1));
    const __m128i ones = _mm_set1_epi8(1);
    __m128i n_lead = _mm_setzero_si128(), n_word = n_lead, n_gap = n_lead, n_comma = n_lead, n_stop = n_lead;
    __m128i n_digit = n_lead, bad = n_lead, any_e3 = n_lead;
    __m128i prev_ws = _mm_set1_epi8((char)0xFF); /* the start reads as white space before the first byte */
    uint64_t lead = 0, word = 0, gap = 0, k = 0, st = 0, d = 0;
    unsigned rounds = 0, seen_lead = 0, first_gap = 0;
    for (size_t i = 0; i < len; i += 16) {
        __m128i x, fresh = _mm_set1_epi8((char)0xFF);
        if (len - i >= 16) {
            x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        } else {
            /* the last bytes: the 16 ending the piece, of which the first ones were already counted */
            size_t back = 16 - (len - i);
            x = _mm_loadu_si128((const __m128i *)(const void *)(s + len - 16));
            static const unsigned char tail_mask[32] = {
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
            fresh = _mm_loadu_si128((const __m128i *)(const void *)(tail_mask + 16 - back));
            prev_ws = _mm_setzero_si128(); /* the byte before each fresh one is inside x */
        }
        __m128i ws = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, sp), _mm_cmpeq_epi8(x, tab)),
                                  _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, nl), _mm_cmpeq_epi8(x, ff)),
                                               _mm_cmpeq_epi8(x, cr)));
        __m128i cb = _mm_cmpeq_epi8(_mm_and_si128(x, top2), cont);
        __m128i before = _mm_or_si128(_mm_slli_si128(ws, 1), _mm_srli_si128(prev_ws, 15));
        prev_ws = ws;
        bad = _mm_or_si128(bad, _mm_and_si128(_mm_and_si128(cb, before), fresh));
        __m128i nonspace = _mm_andnot_si128(ws, fresh), ld = _mm_andnot_si128(cb, nonspace);
        n_lead = _mm_add_epi8(n_lead, _mm_and_si128(ld, ones));
        n_word = _mm_add_epi8(n_word, _mm_and_si128(_mm_and_si128(nonspace, before), ones));
        __m128i gp = _mm_and_si128(ld, before);
        n_gap = _mm_add_epi8(n_gap, _mm_and_si128(gp, ones));
        if (!seen_lead) {
            /* the first character follows no earlier one: its gap, counted when white space (or the
             * start) comes before it, is not a gap */
            unsigned lm = (unsigned)_mm_movemask_epi8(ld);
            if (lm) {
                seen_lead = 1;
                if ((unsigned)_mm_movemask_epi8(gp) & lm & -lm) first_gap = 1;
            }
        }
        n_comma = _mm_add_epi8(n_comma, _mm_and_si128(_mm_and_si128(_mm_cmpeq_epi8(x, comma), fresh), ones));
        __m128i stop = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, dot), _mm_cmpeq_epi8(x, bang)), _mm_cmpeq_epi8(x, qm));
        n_stop = _mm_add_epi8(n_stop, _mm_and_si128(_mm_and_si128(stop, fresh), ones));
        __m128i xb = _mm_xor_si128(x, bias); /* signed compares of unsigned bytes */
        __m128i dig = _mm_and_si128(_mm_cmpgt_epi8(xb, d_lo), _mm_cmpgt_epi8(d_hi, xb));
        n_digit = _mm_add_epi8(n_digit, _mm_and_si128(_mm_and_si128(dig, fresh), ones));
        any_e3 = _mm_or_si128(any_e3, _mm_cmpeq_epi8(x, e3));
        if (++rounds == 255 || i + 16 >= len) { /* byte counters hold up to 255 */
            lead += sum_bytes(n_lead), word += sum_bytes(n_word), gap += sum_bytes(n_gap);
            k += sum_bytes(n_comma), st += sum_bytes(n_stop), d += sum_bytes(n_digit);
            n_lead = n_word = n_gap = n_comma = n_stop = n_digit = _mm_setzero_si128();
            rounds = 0;
        }
    }
    if (_mm_movemask_epi8(bad)) { /* a continuation byte after white space: not UTF-8, the scalar rules */
        measure_scalar(s, len, chars, commas, words, stops, digits);
        return;
    }
    gap -= first_gap;
    /* U+3002 IDEOGRAPHIC FULL STOP (E3 80 82) ends a sentence in Chinese and Japanese */
    if (_mm_movemask_epi8(any_e3)) {
        for (const char *p = s, *end = s + len; (p = memchr(p, 0xE3, (size_t)(end - p))) != NULL; p++)
            if (end - p > 2 && (unsigned char)p[1] == 0x80 && (unsigned char)p[2] == 0x82) st++;
    }
    *chars = (uint32_t)(lead + gap);
    *commas = (uint32_t)k;
    *words = (uint32_t)word;
    *stops = (uint32_t)st;
    *digits = (uint32_t)d;
}
#else
void dl_tab_measure_more(const char *s, size_t len, uint32_t *chars, uint32_t *commas, uint32_t *words,
                         uint32_t *stops, uint32_t *digits) {
    if (len < 16) measure_short(s, len, chars, commas, words, stops, digits); /* as with SSE2 */
    else measure_scalar(s, len, chars, commas, words, stops, digits);
}
#endif

void dl_tab_measure_text(const char *s, size_t len, uint32_t *chars, uint32_t *commas) {
    uint32_t w, st, d;
    dl_tab_measure_more(s, len, chars, commas, &w, &st, &d);
}

DL_TAG_SET(is_pruned_tag, DL_TAGS_ARTICLE_PRUNED)
DL_TAG_SET(is_visible_pruned_tag, DL_TAGS_ARTICLE_VISIBLE_PRUNED)
DL_TAG_SET(is_top_tag, DL_TAGS_PAGE_ROOT)

/* A <noscript> parsed as markup (a tree parsed with scripting off, see distill.extract's fallback for
 * pages whose text is only in <noscript>, as crawler views of script-rendered forums are): what a
 * reader without script sees, so its text is indexed for the region classifier. Parsed with scripting
 * on, its content is one raw text node of markup and stays never-content. */
int dl_tab_is_parsed_noscript(const dl_node *n) {
    if (!dl_is_element(n, DL_TAG_noscript)) return 0;
    for (const dl_node *c = n->first_child; c; c = c->next)
        if (c->type == DL_NODE_ELEMENT) return 1;
    return 0;
}
#define is_parsed_noscript dl_tab_is_parsed_noscript

/* ------------------------------------------------------------------ class/id words */

static const char *const boiler_words[] = {DL_ART_BOILERPLATE_WORDS};
static const char *const rescue_words[] = {DL_ART_RESCUE_WORDS};
static const char *const positive_words[] = {DL_ART_POSITIVE_WORDS};
static const char *const negative_prefixes[] = {DL_ART_NEGATIVE_PREFIXES};
static const char *const negative_words[] = {DL_ART_NEGATIVE_WORDS};
static const char *const clean_prefixes[] = {DL_ART_CLEAN_PREFIXES};
static const char *const clean_words[] = {DL_ART_CLEAN_WORDS};
static const char *const media_prefixes[] = {DL_ART_CLEAN_MEDIA_PREFIXES};
static const char *const media_words[] = {DL_ART_CLEAN_MEDIA_WORDS};

#define DL_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* All lists merged into one table bucketed by first letter, lengths precomputed: classification runs
 * on every token of every class and id, so it must not scan every list with strlen. */
typedef struct {
    const char *w;
    uint8_t len, bits, exact;
} dl_word;

#define DL_WORDS_MAX 160
static dl_word word_tab[DL_WORDS_MAX];
/* bucketed by the first two letters: tokens are letters only, and every word has at least two. A
 * bucket's bounds side by side, in bytes: one load for both, and the whole table (1.4 KB) stays in
 * cache across a page's tokens. */
_Static_assert(DL_WORDS_MAX <= 255, "bucket bounds are bytes");
static uint8_t bucket[26][26][2]; /* word_tab[bucket[c][c2][0] .. bucket[c][c2][1]) */
static int words_ready;

static size_t add_list(size_t k, const char *const *list, size_t count, unsigned bits, int exact) {
    for (size_t i = 0; i < count && k < DL_WORDS_MAX; i++) {
        size_t n = strlen(list[i]);
        word_tab[k++] = (dl_word){list[i], (uint8_t)(n < 255 ? n : 255), (uint8_t)bits, (uint8_t)exact};
    }
    return k;
}

static int by_letter(const void *a, const void *b) {
    const char *x = ((const dl_word *)a)->w, *y = ((const dl_word *)b)->w;
    if (x[0] != y[0]) return (unsigned char)x[0] - (unsigned char)y[0];
    return (unsigned char)x[1] - (unsigned char)y[1];
}

/* The table's flags an element's tag gives it: its properties (index/tag_props.h) as F_PARA, F_RUN_HOST,
 * F_INLINE and F_LINK. */
static unsigned tag_flags_of(const dl_node *x) {
    uint32_t p = dl_tag_props(x);
    return (p & DL_TP_PARAGRAPH ? F_PARA : 0u) | (p & DL_TP_RUN_HOST ? F_RUN_HOST : 0u) |
           (p & DL_TP_PHRASING ? F_INLINE : 0u) | (p & DL_TP_LINK ? F_LINK : 0u);
}

void dl_article_text_init(void) {
    if (words_ready) return;
    dl_tag_props_init();
    size_t k = 0;
    k = add_list(k, boiler_words, DL_COUNT(boiler_words), W_BOILER, 0);
    k = add_list(k, rescue_words, DL_COUNT(rescue_words), W_RESCUE, 0);
    k = add_list(k, positive_words, DL_COUNT(positive_words), W_POSITIVE, 0);
    k = add_list(k, negative_prefixes, DL_COUNT(negative_prefixes), W_NEGATIVE, 0);
    k = add_list(k, negative_words, DL_COUNT(negative_words), W_NEGATIVE, 1);
    k = add_list(k, clean_prefixes, DL_COUNT(clean_prefixes), W_CLEAN, 0);
    k = add_list(k, clean_words, DL_COUNT(clean_words), W_CLEAN, 1);
    k = add_list(k, media_prefixes, DL_COUNT(media_prefixes), W_MEDIA, 0);
    k = add_list(k, media_words, DL_COUNT(media_words), W_MEDIA, 1);
    qsort(word_tab, k, sizeof(word_tab[0]), by_letter);
    memset(bucket, 0, sizeof(bucket));
    for (size_t i = 0; i < k; i++) {
        /* a word with anything but a letter in its first two places matches no token: left out */
        int c = word_tab[i].w[0] - 'a', c2 = word_tab[i].len >= 2 ? word_tab[i].w[1] - 'a' : -1;
        if (c < 0 || c > 25 || c2 < 0 || c2 > 25) continue;
        if (bucket[c][c2][1] == 0) bucket[c][c2][0] = (uint8_t)i;
        bucket[c][c2][1] = (uint8_t)(i + 1);
    }
    words_ready = 1;
}

/* s[0..n) is one of classify_value's tokens, so ASCII letters only, and c | 0x20 is a letter's lower
 * case: the token is compared in place rather than through a lower-cased copy (this runs on every
 * class and id token of the page). A word's non-letter bytes match no letter here, as with a copy. */
static unsigned classify_token(const char *s, size_t n) {
    if (n > 32) n = 32; /* words are short: a prefix of a long token is enough */
    if (n < 2) return 0; /* every word has two letters or more */
    int c = ((unsigned char)s[0] | 0x20) - 'a', c2 = ((unsigned char)s[1] | 0x20) - 'a';
    if (c < 0 || c > 25 || c2 < 0 || c2 > 25) return 0;
    unsigned w = 0;
    for (unsigned i = bucket[c][c2][0], end = bucket[c][c2][1]; i < end; i++) {
        const dl_word *e = &word_tab[i];
        if (n < e->len || (e->exact && n != e->len)) continue;
        size_t j = 2; /* s[0..2) are the bucket's letters */
        while (j < e->len && (char)((unsigned char)s[j] | 0x20) == e->w[j]) j++;
        if (j == e->len) w |= e->bits;
    }
    return w;
}

static int lower(char c) { return c >= 'a' && c <= 'z'; }
static int upper(char c) { return c >= 'A' && c <= 'Z'; }
static int digit(char c) { return c >= '0' && c <= '9'; }

/* How many of s[0..n)'s first bytes are lower-case ASCII letters: 16 at a time where SSE2 is there (and
 * n is 16 or more, the last ones through the 16 bytes that end s), so a run's end costs a mask's test,
 * not a branch per byte with a mispredicted last one. */
static size_t lower_run(const char *s, size_t n) {
    size_t i = 0;
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
    if (n >= 16) {
        const __m128i a = _mm_set1_epi8('a'), top = _mm_set1_epi8(25);
        for (;; i += 16) {
            size_t at = i + 16 <= n ? i : n - 16; /* the last 16 bytes: those before i were looked at */
            __m128i v = _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(const void *)(s + at)), a);
            unsigned other = ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v, top), v)) & 0xFFFFu;
            other >>= i - at;
            if (other) return i + (unsigned)__builtin_ctz(other);
            if (at + 16 >= n) return n;
        }
    }
#endif
    while (i < n && lower(s[i])) i++;
    return i;
}

/* Words of a class or id value: lower-case runs, a capital starting a lower-case run (camelCase), a
 * run of capitals (an acronym, "HTMLParser" -> "HTML", "Parser"); digits and punctuation separate. */
static unsigned classify_value(const char *s, size_t len) {
    unsigned w = 0;
    size_t i = 0;
    while (i < len) {
        char c = s[i];
        size_t j = i;
        if (lower(c)) {
            j = i + lower_run(s + i, len - i);
        } else if (upper(c)) {
            if (i + 1 < len && lower(s[i + 1])) {
                j = i + 1 + lower_run(s + i + 1, len - i - 1);
            } else {
                while (j < len && upper(s[j])) j++;
                if (j < len && lower(s[j]) && j - i > 1) j--;
            }
        } else if (digit(c)) {
            while (j < len && digit(s[j])) j++;
            i = j; /* numbers name no role */
            continue;
        } else {
            i++;
            continue;
        }
        w |= classify_token(s + i, j - i);
        i = j;
    }
    return w;
}

static unsigned words_of(const dl_known_attrs *t) {
    unsigned w = 0;
    if (t->class_) w |= classify_value(t->class_->value.ptr, t->class_->value.len);
    if (t->id) w |= classify_value(t->id->value.ptr, t->id->value.len);
    return w;
}

/* The table walk remembers the words of the class and id values it classified (common/word_memo.h):
 * about half of a page's values are repeats. */
static unsigned memo_classify(dl_word_memo *m, const char *s, size_t len) {
    size_t slot = 0;
    unsigned w;
    if (dl_word_memo_get(m, s, len, &slot, &w)) return w;
    w = classify_value(s, len);
    dl_word_memo_put(m, slot, s, len, w);
    return w;
}

static unsigned memo_words_of(dl_word_memo *m, const dl_known_attrs *t) {
    unsigned w = 0;
    if (t->class_) w |= memo_classify(m, t->class_->value.ptr, t->class_->value.len);
    if (t->id) w |= memo_classify(m, t->id->value.ptr, t->id->value.len);
    return w;
}

unsigned dl_tab_element_words(const dl_node *el) {
    if (el->type != DL_NODE_ELEMENT) return 0;
    dl_known_attrs t;
    dl_known_attrs_gather(el, &t);
    return words_of(&t);
}

/* Whether pat (lower-case, no spaces, starting with a letter) occurs in s, ignoring ASCII case and white
 * space in s. */
static int find_nospace_ci(const char *s, size_t len, const char *pat) {
    size_t pl = strlen(pat);
    for (size_t start = 0; start < len; start++) {
        /* a match starts at pat's letter, in either case (the 0x20 bit is all that tells them apart),
         * and most bytes of a style are not it: they cost one test */
        if (((unsigned char)s[start] | 0x20) != (unsigned char)pat[0]) continue;
        size_t i = start, k = 0;
        while (i < len && k < pl) {
            char c = s[i];
            if (is_space((unsigned char)c)) {
                i++;
                continue;
            }
            if (upper(c)) c = (char)(c - 'A' + 'a');
            if (c != pat[k]) break;
            i++;
            k++;
        }
        if (k == pl) return 1;
    }
    return 0;
}

/* Hidden from every reader: the hidden attribute, aria-hidden="true", or an inline style that hides
 * the element. What no reader sees is not the article (menus, modals, tracking text, print-only
 * copies). Measured: +0.004 F1. */
static int hidden_by(const dl_known_attrs *t) {
    if (t->hidden) return 1;
    const dl_attr *a = t->aria_hidden;
    if (a) {
        const char *v = a->value.ptr;
        size_t n = a->value.len;
        while (n && is_space((unsigned char)*v)) v++, n--;
        while (n && is_space((unsigned char)v[n - 1])) n--;
        if (n == 4 && find_nospace_ci(v, n, "true")) return 1;
    }
    a = t->style;
    if (a && (find_nospace_ci(a->value.ptr, a->value.len, "display:none") ||
              find_nospace_ci(a->value.ptr, a->value.len, "visibility:hidden")))
        return 1;
    return 0;
}

int dl_tab_is_hidden(const dl_node *el) {
    if (el->type != DL_NODE_ELEMENT) return 0;
    dl_known_attrs t;
    dl_known_attrs_gather(el, &t);
    return hidden_by(&t);
}

/* ------------------------------------------------------------------ the element table */

/* The first capacity of the element table and of the text list: a news page has about a thousand of
 * each, so most pages never grow them (each growth copies the whole array). */
#define DL_TAB_FIRST_CAP 1024

static int push_el(dl_actx *cx, const dl_node *node, int32_t parent) {
    if (cx->n == cx->cap) {
        uint32_t cap = cx->cap ? cx->cap * 2 : DL_TAB_FIRST_CAP;
        if (cap <= cx->cap || cap > UINT32_MAX / 2) return -1;
        dl_el *p = realloc(cx->el, (size_t)cap * sizeof(*p));
        if (!p) return -1;
        cx->el = p;
        const dl_attr **c = realloc(cx->cls, (size_t)cap * sizeof(*c));
        if (!c) return -1;
        cx->cls = c;
        cx->cap = cap;
    }
    cx->cls[cx->n] = NULL;
    dl_el *e = &cx->el[cx->n++];
    memset(e, 0, sizeof(*e));
    e->node = node;
    e->parent = parent;
    return 0;
}

/* Remembers one text node's measures for the block features; on out of memory the list is dropped
 * (they measure the text again), since it only saves work. */
static void keep_measure(dl_actx *cx, const dl_text_measure *m) {
    if (cx->text_failed) return;
    if (cx->ntext == cx->cap_text) {
        uint32_t cap = cx->cap_text ? cx->cap_text * 2 : DL_TAB_FIRST_CAP;
        dl_text_measure *p = cap > cx->cap_text && cap <= UINT32_MAX / 2 ? realloc(cx->text, (size_t)cap * sizeof(*p)) : NULL;
        if (!p) {
            free(cx->text);
            cx->text = NULL;
            cx->ntext = cx->cap_text = 0;
            cx->text_failed = 1;
            return;
        }
        cx->text = p;
        cx->cap_text = cap;
    }
    cx->text[cx->ntext++] = *m;
}


/* The arrays of a freed table, kept for the next table (see common/arena.c's spare blocks for why:
 * given back, a page's table went back to the system and the next page faulted it in again, and grew
 * it by copying). One set, swapped atomically; none under AddressSanitizer, none without C11 atomics,
 * and none for a table of more than DL_TAB_SPARE_MAX elements (its memory is given back). */
#define DL_TAB_SPARE_MAX (64u * 1024u)
typedef struct {
    dl_el *el;
    const dl_attr **cls;
    uint32_t cap;
    dl_para *para;
    uint32_t cap_para;
    dl_text_measure *text;
    uint32_t cap_text;
} table_arrays;

static void free_arrays(const dl_actx *cx) {
    free(cx->el);
    free(cx->cls);
    free(cx->para);
    free(cx->text);
}

#if !defined(__STDC_NO_ATOMICS__) && !defined(DL_UNDER_ASAN)
#include <stdatomic.h>
static _Atomic(table_arrays *) spare_arrays;

/* A fresh table (nothing allocated yet) takes the spare arrays, if there are. */
static void take_spare_arrays(dl_actx *cx) {
    if (cx->el || cx->cls || cx->para || cx->text || !atomic_load_explicit(&spare_arrays, memory_order_relaxed)) return;
    table_arrays *t = atomic_exchange(&spare_arrays, NULL);
    if (!t) return;
    cx->el = t->el, cx->cls = t->cls, cx->cap = t->cap;
    cx->para = t->para, cx->cap_para = t->cap_para;
    cx->text = t->text, cx->cap_text = t->cap_text;
    free(t);
}

/* Keeps the table's arrays as the spare when there is none (else frees them). */
static void give_back_arrays(const dl_actx *cx) {
    table_arrays *t = NULL;
    if (cx->cap <= DL_TAB_SPARE_MAX && cx->cap_text <= 2 * DL_TAB_SPARE_MAX && cx->cap_para <= DL_TAB_SPARE_MAX &&
        !atomic_load_explicit(&spare_arrays, memory_order_relaxed) && (t = malloc(sizeof(*t)))) {
        *t = (table_arrays){cx->el, cx->cls, cx->cap, cx->para, cx->cap_para, cx->text, cx->cap_text};
        table_arrays *none = NULL;
        if (atomic_compare_exchange_strong(&spare_arrays, &none, t)) return;
        free(t);
    }
    free_arrays(cx);
}
#else
static void take_spare_arrays(dl_actx *cx) { (void)cx; }
static void give_back_arrays(const dl_actx *cx) {
    free_arrays(cx);
}
#endif

/* ---- the table's part of the page index's walk (index/index.c drives it) ---- */

int dl_tab_begin(dl_actx *cx, const dl_node *root) {
    take_spare_arrays(cx);
    cx->n = 0;
    cx->ntext = 0;
    cx->text_failed = 0;
    cx->walk_root = root;
    cx->walk_cur = -1;
    cx->walk_hard = 0;
    cx->walk_failed = 0;
    cx->memo = calloc(1, sizeof(*cx->memo));
    return cx->memo ? 0 : -1;
}

void dl_tab_text(dl_actx *cx, const dl_node *x) {
    int32_t cur = cx->walk_cur;
    if (cx->walk_hard || cur < 0) return; /* never content, or above every indexed element */
    uint32_t c, k, w, st, d;
    dl_tab_measure_more(x->u.text.ptr, x->u.text.len, &c, &k, &w, &st, &d);
    keep_measure(cx, &(dl_text_measure){x, (uint32_t)cur, c, k, w, st, d});
    dl_el *e = &cx->el[cur];
    e->ntext++; /* its own for now; the subtree's in dl_tab_end */
    if (c && e->own_chars) c = sat_add(c, 1); /* the space between two text pieces */
    e->own_chars = sat_add(e->own_chars, c);
    e->own_commas = sat_add(e->own_commas, k);
}

/* Every element outside never-content subtrees gets an index in document order; text is measured into
 * its parent's own counters. The innermost open element (walk_cur) is the last one entered and not yet
 * left, so the table itself is the stack; inside a never-content element nothing is indexed (walk_hard
 * counts the elements open there). ka: the element's attributes, NULL for a foreign element. */
void dl_tab_enter(dl_actx *cx, const dl_node *x, const dl_known_attrs *ka) {
    if (cx->walk_hard) {
        cx->walk_hard++;
        return;
    }
    int32_t cur = cx->walk_cur;
    if (cx->walk_failed || push_el(cx, x, cur) < 0) {
        /* nothing more is indexed, and dl_tab_end reports it */
        cx->walk_failed = 1;
        cx->walk_hard++;
        return;
    }
    const dl_node *root = cx->walk_root;
    uint32_t i = cx->n - 1;
    dl_el *e = &cx->el[i];
    e->end = i + 1; /* the descendants' ends raise it in dl_tab_end */
    e->text0 = cx->ntext;
    /* what the later loops ask of the tag, read here where the node is at hand */
    e->flags |= (uint16_t)tag_flags_of(x);
    if (cur >= 0) {
        const dl_el *p = &cx->el[cur];
        e->depth = p->depth + 1;
        if (p->flags & (F_IN_PARA | F_PARA)) e->flags |= F_IN_PARA;
        if (p->flags & (F_TAGSOFT | F_UNDER)) e->flags |= F_UNDER | F_DROP;
    }
    dl_known_attrs foreign;
    if (!ka) { /* a foreign element: the walk gathers attributes of HTML elements only */
        dl_known_attrs_gather(x, &foreign);
        ka = &foreign;
    }
    /* a named anchor: whether it is a link is decided when its text is known (dl_tab_end) */
    if ((e->flags & F_LINK) && !ka->href && ka->name) e->flags |= F_ANCHOR;
    /* the subtree asked for is never pruned itself: the caller chose it */
    if (x != root && (x->ns != DL_NS_HTML || (is_pruned_tag(x) && !is_parsed_noscript(x)))) {
        e->flags |= F_HARD | F_DROP;
        cx->cls[i] = ka->class_;
        if (ka->dialog || dl_is_element(x, DL_TAG_dialog)) e->flags |= F_DIALOG;
        cx->walk_hard = 1;
        return;
    }
    if (x != root && (is_visible_pruned_tag(x) || is_parsed_noscript(x))) e->flags |= F_TAGSOFT | F_DROP;
    cx->cls[i] = ka->class_;
    e->words = (uint8_t)memo_words_of(cx->memo, ka);
    int hidden = hidden_by(ka);
    if (hidden) e->flags |= F_HIDDEN;
    if (ka->dialog || dl_is_element(x, DL_TAG_dialog)) e->flags |= F_DIALOG;
    if (x != root && !is_top_tag(x) && (((e->words & W_BOILER) && !(e->words & W_RESCUE)) || hidden))
        e->flags |= F_SOFT;
    cx->walk_cur = (int32_t)i;
}

void dl_tab_leave(dl_actx *cx, const dl_node *x) {
    (void)x;
    if (cx->walk_hard) {
        cx->walk_hard--; /* the never-content element itself, or one inside it */
        return;
    }
    cx->walk_cur = cx->el[cx->walk_cur].parent;
}

int dl_tab_end(dl_actx *cx) {
    free(cx->memo);
    cx->memo = NULL;
    if (cx->walk_failed) return -1;
    /* Children before parents: the subtrees' ends and text counts, and the first subtree sums (as
     * dl_tab_aggregate takes them) in the same pass. An element's sums start at 0 (push_el) and its
     * children add theirs before it adds its own measures: the same sums in another order, and a
     * saturating sum of counts does not depend on the order. */
    for (uint32_t i = cx->n; i-- > 0;) {
        dl_el *e = &cx->el[i];
        int32_t p = e->parent;
        if (p >= 0 && e->end > cx->el[p].end) cx->el[p].end = e->end;
        if (p >= 0) cx->el[p].ntext += e->ntext;
        e->chars = sat_add(e->chars, e->own_chars);
        e->commas = sat_add(e->commas, e->own_commas);
        /* A named anchor, <a name="..."> without an href, marks a place to link to (the HTML Standard,
         * 4.5.1, calls an <a> without an href a placeholder). Old pages often leave it open, so that
         * the parser puts every paragraph after it inside it: counted as link text, a whole article
         * read as navigation and was dropped. One that holds a paragraph's worth of text is no link;
         * around a few words (a heading, a term) it stays what the page's template made it, as the
         * block model learned it. An <a> with neither href nor name is a link: a script makes it one
         * (a user name that opens a menu, a "more" toggle). */
        if ((e->flags & F_ANCHOR) && e->chars >= DL_ART_ANCHOR_TEXT) e->flags &= (uint16_t)~F_LINK;
        if (e->flags & F_DROP) continue;
        if (e->flags & F_LINK) e->links = e->chars;
        if (p >= 0) {
            dl_el *q = &cx->el[p];
            q->chars = sat_add(q->chars, e->chars);
            q->links = sat_add(q->links, e->links);
            q->commas = sat_add(q->commas, e->commas);
        }
    }
    cx->indexed = 1;
    return 0;
}

/* Subtree measures over what is not dropped: children have larger indices, so a reverse loop sees
 * every child before its parent. The sums start from each element's own measures (reset_sums), set by
 * the loop over the table just before it (dl_tab_prune's last loop): one pass over the table fewer. */
void dl_tab_aggregate(dl_actx *cx) {
    for (uint32_t i = cx->n; i-- > 0;) {
        dl_el *e = &cx->el[i];
        if (e->flags & F_DROP) continue;
        if (e->flags & F_LINK) e->links = e->chars;
        if (e->parent >= 0) {
            dl_el *p = &cx->el[e->parent];
            p->chars = sat_add(p->chars, e->chars);
            p->links = sat_add(p->links, e->links);
            p->commas = sat_add(p->commas, e->commas);
        }
    }
}


void dl_tab_free(dl_actx *cx) {
    free(cx->memo);
    give_back_arrays(cx);
    memset(cx, 0, sizeof(*cx));
}
