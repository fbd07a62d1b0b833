/* Decoding bytes to UTF-8 (WHATWG Encoding Standard decoders), and the offset map back to input bytes.
 *
 * - UTF-8: valid input is used in place (no copy); invalid input is copied with each maximal subpart
 *   replaced by U+FFFD. Pure C, GIL released.
 * - UTF-16LE/BE, x-user-defined, replacement, and the single-byte encodings: pure C (the single-byte
 *   tables are generated, see legacy.c).
 * - The multi-byte legacy encodings: this file splits the input into characters by each encoding's
 *   byte structure (in C), decodes runs of well-formed characters with the caller's codec (the
 *   binding's is Python's, binding/py_encoding.c), and writes ill-formed ones as U+FFFD itself.
 *
 * Pure C: no Python here. Errors are return codes (DL_DECODE_*); the binding turns them into exceptions.
 *
 * Offset map: a list of anchors (utf8 offset, input offset) plus one width rule per map that says how
 * many input bytes each code point between anchors took (identity, 1, 2-or-4 for UTF-16, 1-or-2 for
 * multi-byte encodings). Anchors sit at the start, at every character whose width breaks the rule, and
 * every DL_MAP_STRIDE bytes so a lookup scans a bounded stretch of the output. Memory: 8 bytes per
 * anchor, i.e. nothing but one anchor for valid UTF-8 (and for all-ASCII input in a single-byte
 * encoding, also used in place), about 8 bytes per 256 input bytes for single-byte, UTF-16 and
 * multi-byte input, plus 16 bytes per replaced or rule-breaking character (invalid UTF-8, half-width
 * katakana, 4-byte GB18030, ...). ISO-2022-JP, rare and stateful, anchors every character (8 bytes
 * each).
 */
#include <stdlib.h>
#include <string.h>

#include "common/buf.h"
#include "encoding/encoding.h"
#include "encoding/encoding_internal.h"
#include "encoding/utf8_internal.h"

#define DL_MAP_STRIDE 256

enum { DL_RULE_IDENTITY = 0, DL_RULE_UNIT1, DL_RULE_UTF16, DL_RULE_MB2 };

typedef struct {
    uint32_t out, in;
} dl_anchor;

struct dl_offset_map {
    int rule;
    const uint8_t *out;  /* the decoded UTF-8 (borrowed: the input buffer or dl_decoded.owned) */
    uint64_t out_len;
    uint64_t in_len;     /* whole input, BOM included */
    dl_anchor *anchors;  /* sorted by out; anchors[0].out == 0 */
    size_t n, cap;
};

/* ---- offset map -------------------------------------------------------------------------------- */

static dl_offset_map *dl_map_new(int rule, uint64_t in_len, uint32_t skip) {
    dl_offset_map *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->rule = rule;
    m->in_len = in_len;
    m->cap = 8;
    m->anchors = malloc(m->cap * sizeof(dl_anchor));
    if (!m->anchors) {
        free(m);
        return NULL;
    }
    m->anchors[0].out = 0;
    m->anchors[0].in = skip;
    m->n = 1;
    return m;
}

/* Record that output offset `out` corresponds to input offset `in`. Anchors come in output order; a
 * second anchor at the same output offset replaces the first (input consumed without output, e.g. an
 * ISO-2022-JP escape, belongs before the next character). Returns -1 when out of memory. */
static int dl_map_anchor(dl_offset_map *m, size_t out, size_t in) {
    dl_anchor *last = &m->anchors[m->n - 1];
    if (last->out == out) {
        last->in = (uint32_t)in;
        return 0;
    }
    if (m->n == m->cap) {
        size_t cap = m->cap * 2;
        dl_anchor *a = realloc(m->anchors, cap * sizeof(dl_anchor));
        if (!a) return -1;
        m->anchors = a;
        m->cap = cap;
    }
    m->anchors[m->n].out = (uint32_t)out;
    m->anchors[m->n].in = (uint32_t)in;
    m->n++;
    return 0;
}

static size_t dl_rule_width(int rule, uint8_t lead) {
    switch (rule) {
    case DL_RULE_UNIT1: return 1;
    case DL_RULE_UTF16: return lead >= 0xF0 ? 4 : 2;
    case DL_RULE_MB2: return lead < 0x80 ? 1 : 2;
    default: return lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    }
}

uint64_t dl_offset_map_lookup(const dl_offset_map *m, uint64_t off) {
    if (!m) return off;
    if (off >= m->out_len) return m->in_len;
    while (off > 0 && (m->out[off] & 0xC0) == 0x80) off--;
    size_t lo = 0, hi = m->n;
    while (hi - lo > 1) { /* the last anchor with out <= off; anchors[0].out == 0 */
        size_t mid = lo + (hi - lo) / 2;
        if (m->anchors[mid].out <= off) lo = mid;
        else hi = mid;
    }
    const dl_anchor *a = &m->anchors[lo];
    uint64_t cap = lo + 1 < m->n ? m->anchors[lo + 1].in : m->in_len;
    uint64_t in = a->in;
    if (m->rule == DL_RULE_IDENTITY) {
        in += off - a->out;
    } else {
        uint64_t p = a->out;
        while (p < off) {
            uint8_t c = m->out[p];
            in += dl_rule_width(m->rule, c);
            p += dl_utf8_len_of_lead(c);
        }
    }
    return in < cap ? in : cap;
}

void dl_offset_map_free(dl_offset_map *m) {
    if (!m) return;
    free(m->anchors);
    free(m);
}

size_t dl_offset_map_memory(const dl_offset_map *m) {
    return m ? sizeof *m + m->cap * sizeof(dl_anchor) : 0;
}

void dl_decoded_release(dl_decoded *d) {
    if (!d) return;
    free(d->owned);
    dl_offset_map_free(d->map);
    d->owned = NULL;
    d->map = NULL;
    d->utf8 = NULL;
    d->len = 0;
}

/* ---- output ------------------------------------------------------------------------------------ */

#define dl_put_cp dl_utf8_put
#define OUTP(o) ((uint8_t *)(o).data)

/* Shrink the output to size and hand it to `out` with its map. Takes ownership of both. */
static int dl_finish(dl_decoded *out, dl_buf *o, dl_offset_map *m, int enc) {
    size_t len = o->len;
    char *p = dl_buf_take(o); /* empty output still gets a distinct buffer */
    if (!p) {
        dl_offset_map_free(m);
        return DL_DECODE_NOMEM;
    }
    m->out = (const uint8_t *)p;
    m->out_len = len;
    out->owned = p;
    out->utf8 = p;
    out->len = len;
    out->map = m;
    out->encoding = enc;
    return 0;
}

/* ---- UTF-8 --------------------------------------------------------------------------------------- */

/* Output length of b once invalid sequences are replaced: the first pass sizes the buffer exactly. */
static size_t dl_utf8_replaced_len(const uint8_t *b, size_t n) {
    size_t i = 0, len = 0;
    while (i < n) {
        if (b[i] < 0x80) {
            i++, len++;
            continue;
        }
        size_t k = dl_utf8_seq(b + i, n - i);
        if (k) {
            i += k, len += k;
        } else {
            i += dl_utf8_bad_len(b + i, n - i);
            len += 3;
        }
    }
    return len;
}

/* Valid UTF-8 is parsed in place: the map is one anchor (the BOM skipped) and no copy is made. */
static int dl_use_in_place(const uint8_t *buf, size_t len, size_t skip, dl_decoded *out) {
    const uint8_t *b = buf + skip;
    size_t n = len - skip;
    dl_offset_map *m = dl_map_new(DL_RULE_IDENTITY, len, (uint32_t)skip);
    if (!m) return -1;
    m->out = b;
    m->out_len = n;
    out->owned = NULL;
    out->utf8 = (const char *)b;
    out->len = n;
    out->map = m;
    out->encoding = DL_ENC_UTF8;
    return 0;
}

int dl_decode_valid_utf8(const uint8_t *buf, size_t len, size_t skip, dl_decoded *out) {
    memset(out, 0, sizeof *out);
    return dl_use_in_place(buf, len, skip > len ? len : skip, out);
}

static int dl_decode_utf8(const uint8_t *buf, size_t len, size_t skip, dl_decoded *out) {
    const uint8_t *b = buf + skip;
    size_t n = len - skip;
    if (dl_utf8_valid(b, n)) return dl_use_in_place(buf, len, skip, out);
    dl_offset_map *m = dl_map_new(DL_RULE_IDENTITY, len, (uint32_t)skip);
    if (!m) return -1;
    dl_buf o = {0};
    size_t olen = dl_utf8_replaced_len(b, n);
    if (dl_buf_reserve(&o, olen) < 0) goto nomem;
    size_t i = 0;
    while (i < n) {
        size_t run = i;
        while (run < n) {
            if (b[run] < 0x80) {
                run++;
                continue;
            }
            size_t k = dl_utf8_seq(b + run, n - run);
            if (!k) break;
            run += k;
        }
        memcpy(OUTP(o) + o.len, b + i, run - i);
        o.len += run - i;
        i = run;
        if (i >= n) break;
        size_t bad = dl_utf8_bad_len(b + i, n - i);
        if (dl_map_anchor(m, o.len, skip + i) < 0) goto nomem;
        o.len += dl_put_cp(OUTP(o) + o.len, 0xFFFD);
        i += bad;
        if (dl_map_anchor(m, o.len, skip + i) < 0) goto nomem;
    }
    return dl_finish(out, &o, m, DL_ENC_UTF8);
nomem:
    dl_buf_free(&o);
    dl_offset_map_free(m);
    return -1;
}

/* ---- single-byte encodings ------------------------------------------------------------------------ */

static int dl_decode_single_byte(const uint8_t *buf, size_t len, size_t skip, int enc, dl_decoded *out) {
    const uint8_t(*t)[4] = dl_sb_utf8_table(enc);
    const uint8_t *b = buf + skip;
    size_t n = len - skip;
    size_t first_high = 0;
    while (first_high < n && b[first_high] < 0x80) first_high++;
    if (first_high == n) {
        /* All ASCII: the input is its own decoding, as for pages that declare a legacy encoding but
         * use only ASCII. */
        if (dl_use_in_place(buf, len, skip, out) < 0) return -1;
        out->encoding = enc;
        return 0;
    }
    dl_offset_map *m = dl_map_new(DL_RULE_UNIT1, len, (uint32_t)skip);
    if (!m) return -1;
    dl_buf o = {0};
    /* Worst case 3 bytes per byte, plus slack for the fixed 4-byte stores below. The pages past the
     * real length are never touched, and the buffer is shrunk at the end. */
    if (dl_buf_reserve(&o, n * 3 + 4) < 0) goto nomem;
    uint8_t *d = OUTP(o);
    memcpy(d, b, first_high);
    d += first_high;
    /* The ASCII run before the first high byte is copied in one piece, but it needs its anchors too: a
     * lookup walks from the last anchor before its offset, so without them every lookup in a long
     * ASCII head (a windows-1252 page whose first accented letter comes late) walked from the start,
     * and looking up every node's span was quadratic (decode_fuzz's large mode found it). */
    size_t next_anchor = DL_MAP_STRIDE;
    for (; next_anchor < first_high; next_anchor += DL_MAP_STRIDE)
        if (dl_map_anchor(m, next_anchor, skip + next_anchor) < 0) goto nomem;
    size_t i = first_high;
    while (i < n) {
        if (i >= next_anchor) {
            if (dl_map_anchor(m, (size_t)(d - OUTP(o)), skip + i) < 0) goto nomem;
            next_anchor = i + DL_MAP_STRIDE;
        }
        size_t end = next_anchor < n ? next_anchor : n;
        while (i < end) {
            if (i + 8 <= end) {
                uint64_t w;
                memcpy(&w, b + i, 8);
                if (!(w & UINT64_C(0x8080808080808080))) {
                    memcpy(d, &w, 8);
                    d += 8, i += 8;
                    continue;
                }
            }
            /* Branch-free: every entry is stored as 4 bytes (length, then up to 3 bytes of UTF-8). */
            const uint8_t *e = t[b[i++]];
            memcpy(d, e + 1, 3);
            d += e[0];
        }
    }
    o.len = (size_t)(d - OUTP(o));
    return dl_finish(out, &o, m, enc);
nomem:
    dl_buf_free(&o);
    dl_offset_map_free(m);
    return -1;
}

/* ---- UTF-16 ----------------------------------------------------------------------------------------- */

static int dl_decode_utf16(const uint8_t *buf, size_t len, size_t skip, int be, dl_decoded *out) {
    const uint8_t *b = buf + skip;
    size_t n = len - skip;
    int enc = be ? DL_ENC_UTF16BE : DL_ENC_UTF16LE;
    dl_offset_map *m = dl_map_new(DL_RULE_UTF16, len, (uint32_t)skip);
    if (!m) return -1;
    dl_buf o = {0};
    /* Each 2-byte unit gives at most 3 bytes of UTF-8 (a pair: 4 for 4), a trailing odd byte 3. */
    if (dl_buf_reserve(&o, (n / 2) * 3 + 3) < 0) goto nomem;
    size_t i = 0, next_anchor = DL_MAP_STRIDE;
    while (i + 1 < n) {
        if (i >= next_anchor) {
            if (dl_map_anchor(m, o.len, skip + i) < 0) goto nomem;
            next_anchor = i + DL_MAP_STRIDE;
        }
        uint32_t u = be ? ((uint32_t)b[i] << 8 | b[i + 1]) : ((uint32_t)b[i + 1] << 8 | b[i]);
        if (u < 0xD800 || u > 0xDFFF) {
            o.len += dl_put_cp(OUTP(o) + o.len, u);
            i += 2;
            continue;
        }
        if (u <= 0xDBFF && i + 3 < n) {
            uint32_t v = be ? ((uint32_t)b[i + 2] << 8 | b[i + 3]) : ((uint32_t)b[i + 3] << 8 | b[i + 2]);
            if (v >= 0xDC00 && v <= 0xDFFF) {
                o.len += dl_put_cp(OUTP(o) + o.len, 0x10000 + ((u - 0xD800) << 10) + (v - 0xDC00));
                i += 4;
                continue;
            }
        }
        /* A lone surrogate is one U+FFFD for its 2 bytes (the rule's width for a 3-byte character),
         * except a lead surrogate cut off by the end together with an odd byte (handled below). */
        if (u <= 0xDBFF && i + 3 == n) break;
        o.len += dl_put_cp(OUTP(o) + o.len, 0xFFFD);
        i += 2;
    }
    if (i < n) {
        /* Bytes left at the end (an odd byte, maybe after a lead surrogate): one U+FFFD. */
        if (dl_map_anchor(m, o.len, skip + i) < 0) goto nomem;
        o.len += dl_put_cp(OUTP(o) + o.len, 0xFFFD);
    }
    return dl_finish(out, &o, m, enc);
nomem:
    dl_buf_free(&o);
    dl_offset_map_free(m);
    return -1;
}

/* ---- replacement ------------------------------------------------------------------------------------ */

static int dl_decode_replacement(size_t len, size_t skip, dl_decoded *out) {
    dl_offset_map *m = dl_map_new(DL_RULE_IDENTITY, len, (uint32_t)skip);
    if (!m) return -1;
    dl_buf o = {0};
    if (len > skip) {
        if (dl_buf_reserve(&o, 3) < 0) {
            dl_offset_map_free(m);
            return -1;
        }
        o.len = dl_put_cp(OUTP(o), 0xFFFD);
    }
    return dl_finish(out, &o, m, DL_ENC_REPLACEMENT);
}

/* ---- multi-byte legacy encodings (the caller's codec for the tables) --------------------------------- */

/* Decode a run of well-formed characters (input b[from..], their byte widths given) in one codec call,
 * anchoring every character whose width breaks the 1-or-2 rule and every DL_MAP_STRIDE output bytes.
 * When the code points do not pair one-to-one with the characters (Big5 gives two code points for a
 * few), the run is split in halves until they do or a half is one character: the depth is at most
 * log2(DL_MB_RUN), whatever the input. Returns 0 or a DL_DECODE_* error. */
static int dl_mb_flush_run(dl_buf *o, dl_offset_map *m, const dl_legacy_codec *codec, int enc, const uint8_t *b,
                           size_t skip, size_t from, const uint8_t *widths, size_t nunits) {
    if (nunits == 0) return 0;
    size_t bytes = 0;
    for (size_t k = 0; k < nunits; k++) bytes += widths[k];
    size_t start = o->len;
    long ncp = codec->decode(enc, b + from, bytes, o);
    if (ncp < 0) return DL_DECODE_CODEC_FAILED;
    if (o->failed) return DL_DECODE_NOMEM;
    if ((size_t)ncp == nunits) {
        size_t p = start, in = from;
        for (size_t k = 0; k < nunits; k++) {
            uint8_t lead = OUTP(*o)[p];
            size_t ow = dl_utf8_len_of_lead(lead);
            int r = 0;
            if (dl_rule_width(DL_RULE_MB2, lead) != widths[k])
                r = dl_map_anchor(m, p, skip + in) < 0 || dl_map_anchor(m, p + ow, skip + in + widths[k]) < 0;
            else if (p - m->anchors[m->n - 1].out >= DL_MAP_STRIDE)
                r = dl_map_anchor(m, p, skip + in) < 0;
            if (r) return DL_DECODE_NOMEM;
            p += ow;
            in += widths[k];
        }
        return 0;
    }
    if (nunits == 1) {
        /* One character, several code points: all of them belong to its bytes. */
        if (dl_map_anchor(m, start, skip + from) < 0 || dl_map_anchor(m, o->len, skip + from + bytes) < 0)
            return DL_DECODE_NOMEM;
        return 0;
    }
    o->len = start;
    size_t half = nunits / 2, half_bytes = 0;
    for (size_t k = 0; k < half; k++) half_bytes += widths[k];
    int r = dl_mb_flush_run(o, m, codec, enc, b, skip, from, widths, half);
    if (r < 0) return r;
    return dl_mb_flush_run(o, m, codec, enc, b, skip, from + half_bytes, widths + half, nunits - half);
}

#define DL_MB_RUN 4096

static int dl_decode_multibyte(const uint8_t *buf, size_t len, size_t skip, int enc, const dl_legacy_codec *codec,
                               dl_decoded *out) {
    const uint8_t *b = buf + skip;
    size_t n = len - skip;
    dl_offset_map *m = dl_map_new(DL_RULE_MB2, len, (uint32_t)skip);
    if (!m) return DL_DECODE_NOMEM;
    dl_buf o = {0};
    int r = DL_DECODE_NOMEM;
    if (dl_buf_reserve(&o, n + n / 2 + 16) < 0) goto fail;
    uint8_t widths[DL_MB_RUN];
    size_t nunits = 0, run_from = 0, i = 0;
    while (i < n) {
        int kind;
        uint32_t cp = 0;
        size_t w = dl_mb_unit(enc, b + i, n - i, &kind, &cp);
        if (kind == DL_UNIT_ASCII || kind == DL_UNIT_MB) {
            if (nunits == 0) run_from = i;
            widths[nunits++] = (uint8_t)w;
            i += w;
            if (nunits == DL_MB_RUN) {
                if ((r = dl_mb_flush_run(&o, m, codec, enc, b, skip, run_from, widths, nunits)) < 0) goto fail;
                nunits = 0;
            }
        } else {
            if ((r = dl_mb_flush_run(&o, m, codec, enc, b, skip, run_from, widths, nunits)) < 0) goto fail;
            nunits = 0;
            r = DL_DECODE_NOMEM;
            if (dl_buf_reserve(&o, 4) < 0) goto fail;
            size_t start = o.len;
            o.len += dl_put_cp(OUTP(o) + o.len, kind == DL_UNIT_CP ? cp : 0xFFFD);
            if (dl_rule_width(DL_RULE_MB2, OUTP(o)[start]) != w) {
                if (dl_map_anchor(m, start, skip + i) < 0 || dl_map_anchor(m, o.len, skip + i + w) < 0) goto fail;
            }
            i += w;
        }
        r = DL_DECODE_NOMEM;
        if (nunits == 0 && o.len - m->anchors[m->n - 1].out >= DL_MAP_STRIDE && dl_map_anchor(m, o.len, skip + i) < 0)
            goto fail;
    }
    if ((r = dl_mb_flush_run(&o, m, codec, enc, b, skip, run_from, widths, nunits)) < 0) goto fail;
    r = DL_DECODE_TOO_LARGE;
    if (o.len > UINT32_MAX) goto fail;
    return dl_finish(out, &o, m, enc);
fail:
    dl_buf_free(&o);
    dl_offset_map_free(m);
    return r;
}

/* ISO-2022-JP is stateful, so it cannot be cut into characters without running its state machine:
 * the codec's incremental decoder is fed one byte at a time and each piece of output is anchored where
 * the bytes that produced it began. Rare on the web (mail, old Japanese pages); exact, not fast. */
static int dl_decode_iso2022jp(const uint8_t *buf, size_t len, size_t skip, const dl_legacy_codec *codec,
                               dl_decoded *out) {
    dl_offset_map *m = dl_map_new(DL_RULE_IDENTITY, len, (uint32_t)skip);
    if (!m) return DL_DECODE_NOMEM;
    dl_buf o = {0};
    int r = DL_DECODE_CODEC_FAILED;
    void *dec = codec->open(DL_ENC_ISO_2022_JP);
    if (!dec) goto fail;
    size_t piece_start = skip;
    for (size_t i = skip; i <= len; i++) {
        size_t start = o.len;
        long ncp = i < len ? codec->feed(dec, buf + i, 1, 0, &o) : codec->feed(dec, buf + i, 0, 1, &o);
        r = DL_DECODE_CODEC_FAILED;
        if (ncp < 0) goto fail;
        r = DL_DECODE_NOMEM;
        if (o.failed) goto fail;
        if (o.len > start) {
            /* Each code point of the piece maps to the piece's first byte; the next piece starts anew. */
            if (dl_map_anchor(m, start, piece_start) < 0) goto fail;
            for (size_t p = start + dl_utf8_len_of_lead(OUTP(o)[start]); p < o.len; p += dl_utf8_len_of_lead(OUTP(o)[p]))
                if (dl_map_anchor(m, p, piece_start) < 0) goto fail;
            piece_start = i + 1;
            if (dl_map_anchor(m, o.len, piece_start > len ? len : piece_start) < 0) goto fail;
        } else if (i < len) {
            /* No output yet: when the decoder holds no partial character, those bytes were an escape
             * sequence, and the next character starts after them. */
            int pending = codec->pending(dec);
            r = DL_DECODE_CODEC_FAILED;
            if (pending < 0) goto fail;
            if (!pending) piece_start = i + 1;
        }
    }
    codec->close(dec);
    return dl_finish(out, &o, m, DL_ENC_ISO_2022_JP);
fail:
    if (dec) codec->close(dec);
    dl_buf_free(&o);
    dl_offset_map_free(m);
    return r;
}

/* ---- entry points -------------------------------------------------------------------------------------- */

int dl_encoding_needs_codec(int enc) {
    switch (enc) {
    case DL_ENC_GBK:
    case DL_ENC_GB18030:
    case DL_ENC_BIG5:
    case DL_ENC_EUC_JP:
    case DL_ENC_ISO_2022_JP:
    case DL_ENC_SHIFT_JIS:
    case DL_ENC_EUC_KR: return 1;
    default: return 0;
    }
}

int dl_decode_as(const uint8_t *buf, size_t len, int enc, size_t skip, const dl_legacy_codec *codec,
                 dl_decoded *out) {
    memset(out, 0, sizeof *out);
    if (!buf) {
        buf = (const uint8_t *)"";
        len = 0;
    }
    if (skip > len) skip = len;
    /* Offsets in the map and in the tree are 32-bit; decoded text may be up to 3x the input. */
    if (len >= UINT32_MAX / 4) return DL_DECODE_TOO_LARGE;
    if (enc < 0 || enc >= DL_ENC__COUNT) return DL_DECODE_NO_DECODER;
    if (dl_encoding_needs_codec(enc)) {
        if (!codec) return DL_DECODE_NO_DECODER;
        if (enc == DL_ENC_ISO_2022_JP) return dl_decode_iso2022jp(buf, len, skip, codec, out);
        return dl_decode_multibyte(buf, len, skip, enc, codec, out);
    }
    if (enc == DL_ENC_UTF8) return dl_decode_utf8(buf, len, skip, out);
    if (enc == DL_ENC_UTF16BE || enc == DL_ENC_UTF16LE) return dl_decode_utf16(buf, len, skip, enc == DL_ENC_UTF16BE, out);
    if (enc == DL_ENC_REPLACEMENT) return dl_decode_replacement(len, skip, out);
    if (!dl_encoding_is_single_byte(enc)) return DL_DECODE_NO_DECODER;
    return dl_decode_single_byte(buf, len, skip, enc, out);
}

int dl_decode_bytes(const uint8_t *buf, size_t len, int override_id, const dl_legacy_codec *codec,
                    dl_decoded *out) {
    int bom = 0;
    if (!buf) len = 0;
    if (len >= UINT32_MAX / 4) {
        memset(out, 0, sizeof *out);
        return DL_DECODE_TOO_LARGE;
    }
    /* When the sniff decided UTF-8 by validating the whole input, the decoder does not check again. */
    int validated = 0;
    int enc = dl_encoding_sniff_checked(buf, len, override_id, 0, &bom, &validated);
    if (validated) return dl_decode_valid_utf8(buf, len, (size_t)bom, out);
    return dl_decode_as(buf, len, enc, (size_t)bom, codec, out);
}

void dl_encoding_init(void) {
    dl_sb_tables_init();
    dl_detect_init();
}
