/* Encoding sniffing (HTML Standard 13.2.3.2): BOM, caller's label, <meta> prescan, UTF-8 validity,
 * windows-1252; and the UTF-8 validator the decoder shares. */
#include <string.h>

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#endif

#include "common/ascii.h"
#include "encoding/encoding.h"
#include "encoding/encoding_internal.h"
#include "encoding/utf8_internal.h"

/* The prescan's end condition: the HTML Standard encourages user agents to look at 1,024 bytes. */
#define DL_PRESCAN_LIMIT 1024

/* ---- UTF-8 validation ---------------------------------------------------------------------- */

int dl_utf8_valid(const uint8_t *buf, size_t len) {
    size_t i = 0;
    while (i < len) {
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
        /* Most of a typical page is ASCII markup: 64 bytes per step while none has its high bit set,
         * then 16 per step, where the first byte with its high bit set is found from the step's mask
         * rather than byte by byte. */
        while (i + 64 <= len) {
            const __m128i *v = (const __m128i *)(const void *)(buf + i);
            __m128i any = _mm_or_si128(_mm_or_si128(_mm_loadu_si128(v), _mm_loadu_si128(v + 1)),
                                       _mm_or_si128(_mm_loadu_si128(v + 2), _mm_loadu_si128(v + 3)));
            if (_mm_movemask_epi8(any)) break;
            i += 64;
        }
        while (i + 16 <= len) {
            unsigned m = (unsigned)_mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(const void *)(buf + i)));
            if (m) {
                i += (unsigned)__builtin_ctz(m);
                break;
            }
            i += 16;
        }
#endif
        /* The tail, or every step without SSE2: 8 bytes per step while no high bit is set. */
        while (i + 8 <= len) {
            uint64_t w;
            memcpy(&w, buf + i, 8);
            if (w & UINT64_C(0x8080808080808080)) break;
            i += 8;
        }
        /* Text in a script other than Latin is one multi-byte sequence after another, with an ASCII
         * space or mark between words: it is taken here byte by byte, and the screen above resumes
         * only once the next 8 bytes are all ASCII (markup, or Latin text again), so that each
         * sequence does not pay for a 16-byte load that stops at once. */
        while (i < len) {
            uint8_t c = buf[i];
            if (c < 0x80) {
                i++;
            } else if (c >= 0xC2 && c <= 0xDF) { /* two bytes, most common in Cyrillic, Greek, Latin accents */
                if (i + 1 >= len || (buf[i + 1] & 0xC0) != 0x80) return 0;
                i += 2;
            } else {
                size_t n = dl_utf8_seq(buf + i, len - i);
                if (n == 0) return 0;
                i += n;
            }
            if (i + 8 <= len) {
                uint64_t w;
                memcpy(&w, buf + i, 8);
                if (!(w & UINT64_C(0x8080808080808080))) break;
            }
        }
    }
    return 1;
}

/* A departure from the HTML Standard's order, which trusts a <meta> (or an HTTP charset) over the
 * bytes: a page that declares a legacy encoding but whose bytes are valid UTF-8 with some non-ASCII
 * text was written in UTF-8 and mislabelled (a stale template declaration, a server default).
 * Reading it as declared turns every non-ASCII character into two or three wrong ones, while real
 * legacy text almost never forms valid UTF-8 multi-byte sequences throughout. All-ASCII input is left
 * to its declaration: it reads the same in every ASCII-compatible encoding, and ISO-2022-JP is 7-bit. */
int dl_utf8_non_ascii(const uint8_t *buf, size_t len) {
    size_t i = 0;
    while (i < len && buf[i] < 0x80) i++;
    if (i == len) return 0;
    return dl_utf8_valid(buf + i, len - i);
}

/* ---- The prescan ---------------------------------------------------------------------------- */

typedef struct {
    const uint8_t *b;
    size_t len, pos;
} dl_scan;


/* Attribute names and values are kept up to the prescan limit, so within the prescan nothing is ever
 * cut; the "truncated" flag only guards callers that scan further (a cut name or value matches
 * nothing). */
#define DL_SCAN_KEEP DL_PRESCAN_LIMIT

typedef struct {
    uint8_t name[DL_SCAN_KEEP], value[DL_SCAN_KEEP];
    size_t name_len, value_len;
    int name_trunc, value_trunc;
} dl_scan_attr;

static void dl_attr_push(uint8_t *dst, size_t *n, int *trunc, uint8_t c) {
    if (*n < DL_SCAN_KEEP) dst[(*n)++] = c;
    else *trunc = 1;
}

enum { DL_GOT_NONE = 0, DL_GOT_ATTR = 1, DL_GOT_END = -1 };

/* "Get an attribute": DL_GOT_ATTR with *a filled, DL_GOT_NONE when there is no attribute (at '>'),
 * DL_GOT_END when the bytes ran out (which aborts the whole prescan). */
static int dl_get_attribute(dl_scan *s, dl_scan_attr *a) {
    const uint8_t *b = s->b;
    size_t n = s->len;
    a->name_len = a->value_len = 0;
    a->name_trunc = a->value_trunc = 0;
    while (s->pos < n && (dl_ascii_is_space(b[s->pos]) || b[s->pos] == '/')) s->pos++;
    if (s->pos >= n) return DL_GOT_END;
    if (b[s->pos] == '>') return DL_GOT_NONE;
    /* The name: the first byte is taken whatever it is, so "=" can start a name. */
    for (;;) {
        if (s->pos >= n) return DL_GOT_END;
        uint8_t c = b[s->pos];
        if (c == '=' && (a->name_len || a->name_trunc)) {
            s->pos++;
            goto value;
        }
        if (dl_ascii_is_space(c)) break;
        if (c == '/' || c == '>') return DL_GOT_ATTR;
        dl_attr_push(a->name, &a->name_len, &a->name_trunc, dl_ascii_lower(c));
        s->pos++;
    }
    /* Spaces after the name: an '=' may still follow. */
    while (s->pos < n && dl_ascii_is_space(b[s->pos])) s->pos++;
    if (s->pos >= n) return DL_GOT_END;
    if (b[s->pos] != '=') return DL_GOT_ATTR;
    s->pos++;
value:
    while (s->pos < n && dl_ascii_is_space(b[s->pos])) s->pos++;
    if (s->pos >= n) return DL_GOT_END;
    {
        uint8_t c = b[s->pos];
        if (c == '"' || c == '\'') {
            uint8_t q = c;
            for (;;) {
                s->pos++;
                if (s->pos >= n) return DL_GOT_END;
                if (b[s->pos] == q) {
                    s->pos++;
                    return DL_GOT_ATTR;
                }
                dl_attr_push(a->value, &a->value_len, &a->value_trunc, dl_ascii_lower(b[s->pos]));
            }
        }
        if (c == '>') return DL_GOT_ATTR;
        dl_attr_push(a->value, &a->value_len, &a->value_trunc, dl_ascii_lower(c));
        s->pos++;
    }
    for (;;) {
        if (s->pos >= n) return DL_GOT_END;
        uint8_t c = b[s->pos];
        if (dl_ascii_is_space(c) || c == '>') return DL_GOT_ATTR;
        dl_attr_push(a->value, &a->value_len, &a->value_trunc, dl_ascii_lower(c));
        s->pos++;
    }
}

static int dl_attr_is(const uint8_t *v, size_t len, int trunc, const char *lit) {
    size_t l = strlen(lit);
    return !trunc && len == l && memcmp(v, lit, l) == 0;
}

int dl_encoding_from_meta_content(const char *content, size_t n) {
    const unsigned char *s = (const unsigned char *)content;
    size_t pos = 0;
    for (;;) {
        /* Loop: the next "charset" (ASCII case-insensitive) at or after pos. */
        size_t k = pos;
        while (k + 7 <= n && !dl_ascii_eq_ci_lit((const char *)s + k, 7, "charset")) k++;
        if (k + 7 > n) return -1;
        pos = k + 7;
        while (pos < n && dl_ascii_is_space(s[pos])) pos++;
        if (pos >= n || s[pos] != '=') continue; /* back to loop from just before that character */
        pos++;
        while (pos < n && dl_ascii_is_space(s[pos])) pos++;
        if (pos >= n) return -1;
        unsigned char c = s[pos];
        if (c == '"' || c == '\'') {
            const unsigned char *end = memchr(s + pos + 1, c, n - pos - 1);
            if (!end) return -1;
            return dl_encoding_lookup((const char *)s + pos + 1, (size_t)(end - (s + pos + 1)));
        }
        size_t e = pos;
        while (e < n && !dl_ascii_is_space(s[e]) && s[e] != ';') e++;
        return dl_encoding_lookup((const char *)s + pos, e - pos);
    }
}

int dl_encoding_for_meta(int id) {
    if (id == DL_ENC_UTF16BE || id == DL_ENC_UTF16LE) return DL_ENC_UTF8;
    if (id == DL_ENC_X_USER_DEFINED) return DL_ENC_WINDOWS_1252;
    return id;
}

/* The <meta> branch, with s->pos just after "<meta". Returns an encoding id, -1 to go on scanning
 * from the next byte, or -2 when the bytes ran out. */
static int dl_prescan_meta(dl_scan *s) {
    /* The names seen so far: only the three the algorithm acts on matter for "already in the list",
     * because any other name never changes the outcome. */
    int seen_http_equiv = 0, seen_content = 0, seen_charset = 0;
    int got_pragma = 0, need_pragma = -1; /* -1: null */
    int charset = -2;                     /* -2: null; -1: failure */
    dl_scan_attr a;
    for (;;) {
        int r = dl_get_attribute(s, &a);
        if (r == DL_GOT_END) return -2;
        if (r == DL_GOT_NONE) break;
        if (dl_attr_is(a.name, a.name_len, a.name_trunc, "http-equiv")) {
            if (seen_http_equiv) continue;
            seen_http_equiv = 1;
            if (dl_attr_is(a.value, a.value_len, a.value_trunc, "content-type")) got_pragma = 1;
        } else if (dl_attr_is(a.name, a.name_len, a.name_trunc, "content")) {
            if (seen_content) continue;
            seen_content = 1;
            /* A truncated value can still hold "charset=label" within its kept prefix; only what the
             * prefix says is used, and a label cut off at the limit is simply not found. */
            if (charset == -2) {
                int enc = dl_encoding_from_meta_content((const char *)a.value, a.value_len);
                if (enc >= 0) {
                    charset = enc;
                    need_pragma = 1;
                }
            }
        } else if (dl_attr_is(a.name, a.name_len, a.name_trunc, "charset")) {
            if (seen_charset) continue;
            seen_charset = 1;
            charset = a.value_trunc ? -1 : dl_encoding_lookup((const char *)a.value, a.value_len);
            need_pragma = 0;
        }
    }
    if (need_pragma == -1) return -1;
    if (need_pragma == 1 && !got_pragma) return -1;
    if (charset < 0) return -1;
    return dl_encoding_for_meta(charset);
}

static int dl_starts(const dl_scan *s, const char *lit) {
    size_t l = strlen(lit);
    return s->len - s->pos >= l && memcmp(s->b + s->pos, lit, l) == 0;
}

/* "Get an XML encoding": an encoding from an XML declaration at the very start, or -1. */
static int dl_xml_encoding(const uint8_t *b, size_t n) {
    if (n < 5 || memcmp(b, "<?xml", 5) != 0) return -1;
    const uint8_t *gt = memchr(b, '>', n);
    if (!gt) return -1;
    size_t end = (size_t)(gt - b);
    size_t p = 5;
    while (p + 8 <= end && memcmp(b + p, "encoding", 8) != 0) p++;
    if (p + 8 > end) return -1;
    p += 8;
    while (p < end && b[p] <= 0x20) p++;
    if (p >= end || b[p] != '=') return -1;
    p++;
    while (p < end && b[p] <= 0x20) p++;
    if (p >= end || (b[p] != '"' && b[p] != '\'')) return -1;
    uint8_t q = b[p++];
    size_t start = p;
    while (p < end && b[p] != q) p++;
    if (p >= end) return -1;
    for (size_t i = start; i < p; i++)
        if (b[i] <= 0x20) return -1;
    int enc = dl_encoding_lookup((const char *)b + start, p - start);
    if (enc == DL_ENC_UTF16BE || enc == DL_ENC_UTF16LE) return DL_ENC_UTF8;
    return enc;
}

static int dl_prescan_loop(dl_scan *s) {
    const uint8_t *b = s->b;
    size_t n = s->len;
    if (n >= 6 && memcmp(b, "<\0?\0x\0", 6) == 0) return DL_ENC_UTF16LE;
    if (n >= 6 && memcmp(b, "\0<\0?\0x", 6) == 0) return DL_ENC_UTF16BE;
    while (s->pos < n) {
        if (b[s->pos] != '<') {
            /* Only '<' starts anything the prescan acts on. */
            const uint8_t *lt = memchr(b + s->pos, '<', n - s->pos);
            if (!lt) return -2;
            s->pos = (size_t)(lt - b);
        }
        if (dl_starts(s, "<!--")) {
            /* The "-->" may share its dashes with the "<!--". */
            size_t p = s->pos + 2;
            while (p + 3 <= n && memcmp(b + p, "-->", 3) != 0) p++;
            if (p + 3 > n) return -2;
            s->pos = p + 2; /* at the '>'; "next byte" steps past it */
        } else if (n - s->pos >= 6 && dl_ascii_lower(b[s->pos + 1]) == 'm' && dl_ascii_lower(b[s->pos + 2]) == 'e' &&
                   dl_ascii_lower(b[s->pos + 3]) == 't' && dl_ascii_lower(b[s->pos + 4]) == 'a' &&
                   (dl_ascii_is_space(b[s->pos + 5]) || b[s->pos + 5] == '/')) {
            s->pos += 5;
            int r = dl_prescan_meta(s);
            if (r >= 0 || r == -2) return r;
        } else if ((n - s->pos >= 2 && dl_ascii_is_alpha(b[s->pos + 1])) ||
                   (n - s->pos >= 3 && b[s->pos + 1] == '/' && dl_ascii_is_alpha(b[s->pos + 2]))) {
            /* Another tag: skip its name, then its attributes as the attribute algorithm reads them
             * (so a quoted '>' or "<meta" inside a value is not taken for markup). */
            while (s->pos < n && !dl_ascii_is_space(b[s->pos]) && b[s->pos] != '>') s->pos++;
            if (s->pos >= n) return -2;
            dl_scan_attr a;
            int r;
            while ((r = dl_get_attribute(s, &a)) == DL_GOT_ATTR) {
            }
            if (r == DL_GOT_END) return -2;
        } else if (dl_starts(s, "<!") || dl_starts(s, "</") || dl_starts(s, "<?")) {
            const uint8_t *gt = memchr(b + s->pos + 1, '>', n - s->pos - 1);
            if (!gt) return -2;
            s->pos = (size_t)(gt - b);
        }
        s->pos++; /* next byte */
    }
    return -2;
}

int dl_encoding_prescan(const uint8_t *buf, size_t len) {
    if (!buf) return -1;
    dl_scan s = {buf, len < DL_PRESCAN_LIMIT ? len : DL_PRESCAN_LIMIT, 0};
    int r = dl_prescan_loop(&s);
    if (r >= 0) return r;
    /* Running out of bytes ends the scan; then only an XML declaration can still say something. */
    return dl_xml_encoding(s.b, s.len);
}

/* ---- The whole sniffing algorithm ------------------------------------------------------------ */

int dl_encoding_sniff_checked(const uint8_t *buf, size_t len, int override_id, unsigned flags, int *bom_len,
                              int *validated) {
    int dummy, dummy2;
    if (!bom_len) bom_len = &dummy;
    if (!validated) validated = &dummy2;
    *validated = 0;
    *bom_len = 0;
    if (!buf) len = 0;
    if (len >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF) {
        *bom_len = 3;
        return DL_ENC_UTF8;
    }
    if (len >= 2 && buf[0] == 0xFE && buf[1] == 0xFF) {
        *bom_len = 2;
        return DL_ENC_UTF16BE;
    }
    if (len >= 2 && buf[0] == 0xFF && buf[1] == 0xFE) {
        *bom_len = 2;
        return DL_ENC_UTF16LE;
    }
    if (override_id >= 0 && override_id < DL_ENC__COUNT) return override_id;
    int enc = dl_encoding_prescan(buf, len);
    if (enc >= 0) {
        if (!(flags & DL_SNIFF_NO_UTF8_DETECT) && enc != DL_ENC_UTF8 && dl_utf8_non_ascii(buf, len)) {
            *validated = 1;
            return DL_ENC_UTF8;
        }
        return enc;
    }
    if (flags & DL_SNIFF_NO_UTF8_DETECT) return DL_ENC_WINDOWS_1252;
    if (dl_utf8_valid(buf, len)) {
        *validated = 1;
        return DL_ENC_UTF8;
    }
    return dl_encoding_detect(buf, len);
}

int dl_encoding_sniff_ex(const uint8_t *buf, size_t len, int override_id, unsigned flags, int *bom_len) {
    return dl_encoding_sniff_checked(buf, len, override_id, flags, bom_len, NULL);
}

int dl_encoding_sniff(const uint8_t *buf, size_t len, int override_id, int *bom_len) {
    return dl_encoding_sniff_ex(buf, len, override_id, 0, bom_len);
}
