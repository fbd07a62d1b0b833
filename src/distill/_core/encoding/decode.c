/* Decoding bytes to UTF-8 (WHATWG Encoding Standard decoders), and the offset map back to input bytes.
 *
 * - UTF-8: valid input is used in place (no copy); invalid input is copied with each maximal subpart
 *   replaced by U+FFFD. Pure C, GIL released.
 * - UTF-16LE/BE, x-user-defined, replacement, and the single-byte encodings: pure C, GIL released. The
 *   single-byte tables are filled once at import from Python's codecs (dl_encoding_tables_init), with
 *   the few places where WHATWG differs from Python patched.
 * - The multi-byte legacy encodings: this file splits the input into characters by each encoding's
 *   byte structure (in C), decodes runs of well-formed characters with Python's codec, and writes
 *   ill-formed ones as U+FFFD itself. Needs the GIL.
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
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdlib.h>
#include <string.h>

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

static size_t dl_utf8_len_of_lead(uint8_t lead) {
    return lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
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

/* ---- output buffer ------------------------------------------------------------------------------ */

typedef struct {
    uint8_t *p;
    size_t len, cap;
} dl_obuf;

static int dl_obuf_reserve(dl_obuf *o, size_t extra) {
    if (o->cap - o->len >= extra) return 0;
    size_t cap = o->cap ? o->cap : (extra > 256 ? extra : 256); /* first reservation: exact */
    while (cap - o->len < extra) {
        if (cap > SIZE_MAX / 2) return -1;
        cap *= 2;
    }
    uint8_t *p = realloc(o->p, cap);
    if (!p) return -1;
    o->p = p;
    o->cap = cap;
    return 0;
}

static size_t dl_put_cp(uint8_t *d, uint32_t cp) {
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

/* Shrink the output to size and hand it to `out` with its map. Takes ownership of both. */
static int dl_finish(dl_decoded *out, dl_obuf *o, dl_offset_map *m, int enc) {
    uint8_t *p = o->p;
    if (o->len && o->len < o->cap) {
        uint8_t *q = realloc(p, o->len);
        if (q) p = q;
    }
    if (!p) p = malloc(1); /* empty output still gets a distinct buffer */
    if (!p) {
        dl_offset_map_free(m);
        return -1;
    }
    m->out = p;
    m->out_len = o->len;
    out->owned = (char *)p;
    out->utf8 = (const char *)p;
    out->len = o->len;
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
    if (dl_use_in_place(buf, len, skip > len ? len : skip, out) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* Returns 0, or -1 when out of memory (no Python call: runs without the GIL). */
static int dl_decode_utf8(const uint8_t *buf, size_t len, size_t skip, dl_decoded *out) {
    const uint8_t *b = buf + skip;
    size_t n = len - skip;
    if (dl_utf8_valid(b, n)) return dl_use_in_place(buf, len, skip, out);
    dl_offset_map *m = dl_map_new(DL_RULE_IDENTITY, len, (uint32_t)skip);
    if (!m) return -1;
    dl_obuf o = {0};
    size_t olen = dl_utf8_replaced_len(b, n);
    if (dl_obuf_reserve(&o, olen) < 0) goto nomem;
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
        memcpy(o.p + o.len, b + i, run - i);
        o.len += run - i;
        i = run;
        if (i >= n) break;
        size_t bad = dl_utf8_bad_len(b + i, n - i);
        if (dl_map_anchor(m, o.len, skip + i) < 0) goto nomem;
        o.len += dl_put_cp(o.p + o.len, 0xFFFD);
        i += bad;
        if (dl_map_anchor(m, o.len, skip + i) < 0) goto nomem;
    }
    return dl_finish(out, &o, m, DL_ENC_UTF8);
nomem:
    free(o.p);
    dl_offset_map_free(m);
    return -1;
}

/* ---- single-byte encodings ------------------------------------------------------------------------ */

/* For each single-byte encoding, the UTF-8 of every byte (1 length byte, up to 3 data bytes). */
static uint8_t dl_sb_utf8[DL_ENC__COUNT][256][4];
static int dl_sb_ready[DL_ENC__COUNT];

int dl_encoding_is_single_byte(int enc) {
    return enc >= 0 && enc < DL_ENC__COUNT && dl_sb_ready[enc];
}

uint32_t dl_sb_code_point(int enc, uint8_t byte) {
    const uint8_t *e = dl_sb_utf8[enc][byte];
    switch (e[0]) {
    case 1: return e[1];
    case 2: return (uint32_t)(e[1] & 0x1F) << 6 | (e[2] & 0x3F);
    default: return (uint32_t)(e[1] & 0x0F) << 12 | (uint32_t)(e[2] & 0x3F) << 6 | (e[3] & 0x3F);
    }
}

static void dl_sb_set(int enc, uint8_t byte, uint32_t cp) {
    uint8_t *e = dl_sb_utf8[enc][byte];
    e[0] = (uint8_t)dl_put_cp(e + 1, cp);
}

static int dl_decode_single_byte(const uint8_t *buf, size_t len, size_t skip, int enc, dl_decoded *out) {
    const uint8_t(*t)[4] = dl_sb_utf8[enc];
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
    dl_obuf o = {0};
    /* Worst case 3 bytes per byte, plus slack for the fixed 4-byte stores below. The pages past the
     * real length are never touched, and the buffer is shrunk at the end. */
    if (dl_obuf_reserve(&o, n * 3 + 4) < 0) goto nomem;
    uint8_t *d = o.p;
    memcpy(d, b, first_high);
    d += first_high;
    size_t i = first_high;
    size_t next_anchor = DL_MAP_STRIDE;
    while (i < n) {
        if (i >= next_anchor) {
            if (dl_map_anchor(m, (size_t)(d - o.p), skip + i) < 0) goto nomem;
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
    o.len = (size_t)(d - o.p);
    return dl_finish(out, &o, m, enc);
nomem:
    free(o.p);
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
    dl_obuf o = {0};
    /* Each 2-byte unit gives at most 3 bytes of UTF-8 (a pair: 4 for 4), a trailing odd byte 3. */
    if (dl_obuf_reserve(&o, (n / 2) * 3 + 3) < 0) goto nomem;
    size_t i = 0, next_anchor = DL_MAP_STRIDE;
    while (i + 1 < n) {
        if (i >= next_anchor) {
            if (dl_map_anchor(m, o.len, skip + i) < 0) goto nomem;
            next_anchor = i + DL_MAP_STRIDE;
        }
        uint32_t u = be ? ((uint32_t)b[i] << 8 | b[i + 1]) : ((uint32_t)b[i + 1] << 8 | b[i]);
        if (u < 0xD800 || u > 0xDFFF) {
            o.len += dl_put_cp(o.p + o.len, u);
            i += 2;
            continue;
        }
        if (u <= 0xDBFF && i + 3 < n) {
            uint32_t v = be ? ((uint32_t)b[i + 2] << 8 | b[i + 3]) : ((uint32_t)b[i + 3] << 8 | b[i + 2]);
            if (v >= 0xDC00 && v <= 0xDFFF) {
                o.len += dl_put_cp(o.p + o.len, 0x10000 + ((u - 0xD800) << 10) + (v - 0xDC00));
                i += 4;
                continue;
            }
        }
        /* A lone surrogate is one U+FFFD for its 2 bytes (the rule's width for a 3-byte character),
         * except a lead surrogate cut off by the end together with an odd byte (handled below). */
        if (u <= 0xDBFF && i + 3 == n) break;
        o.len += dl_put_cp(o.p + o.len, 0xFFFD);
        i += 2;
    }
    if (i < n) {
        /* Bytes left at the end (an odd byte, maybe after a lead surrogate): one U+FFFD. */
        if (dl_map_anchor(m, o.len, skip + i) < 0) goto nomem;
        o.len += dl_put_cp(o.p + o.len, 0xFFFD);
    }
    return dl_finish(out, &o, m, enc);
nomem:
    free(o.p);
    dl_offset_map_free(m);
    return -1;
}

/* ---- replacement ------------------------------------------------------------------------------------ */

static int dl_decode_replacement(size_t len, size_t skip, dl_decoded *out) {
    dl_offset_map *m = dl_map_new(DL_RULE_IDENTITY, len, (uint32_t)skip);
    if (!m) return -1;
    dl_obuf o = {0};
    if (len > skip) {
        if (dl_obuf_reserve(&o, 3) < 0) {
            dl_offset_map_free(m);
            return -1;
        }
        o.len = dl_put_cp(o.p, 0xFFFD);
    }
    return dl_finish(out, &o, m, DL_ENC_REPLACEMENT);
}

/* ---- multi-byte legacy encodings (Python codecs for the tables) --------------------------------------- */


/* The next character of a multi-byte encoding at b[0..n): its byte length, and its kind. Well-formed
 * characters (DL_UNIT_MB) are left to Python's table; ill-formed ones become U+FFFD here, consuming
 * the bytes the WHATWG decoder consumes (a trail byte that is ASCII is not consumed); DL_UNIT_CP gives a
 * code point the Encoding Standard fixes where Python's codec differs. */
size_t dl_mb_unit(int enc, const uint8_t *b, size_t n, int *kind, uint32_t *cp) {
    uint8_t c = b[0];
    if (c < 0x80) {
        *kind = DL_UNIT_ASCII;
        return 1;
    }
    uint8_t t = n > 1 ? b[1] : 0;
    int have_t = n > 1;
    /* An ill-formed pair consumes the trail byte only when it is not ASCII. */
    size_t bad = have_t && t >= 0x80 ? 2 : 1;
    *kind = DL_UNIT_MB;
    switch (enc) {
    case DL_ENC_GBK:
    case DL_ENC_GB18030:
        if (c == 0x80) {
            *kind = DL_UNIT_CP;
            *cp = 0x20AC;
            return 1;
        }
        if (c == 0xFF) break;
        if (!have_t) break;
        if (t >= 0x30 && t <= 0x39) {
            if (n >= 4 && b[2] >= 0x81 && b[2] <= 0xFE && b[3] >= 0x30 && b[3] <= 0x39) return 4;
            /* A broken four-byte sequence: the decoder gives up at the first lead byte alone. */
            *kind = DL_UNIT_ERROR;
            return 1;
        }
        if ((t >= 0x40 && t <= 0x7E) || (t >= 0x80 && t <= 0xFE)) return 2;
        *kind = DL_UNIT_ERROR;
        return bad;
    case DL_ENC_BIG5:
        if (c == 0x80 || c == 0xFF || !have_t) break;
        if ((t >= 0x40 && t <= 0x7E) || (t >= 0xA1 && t <= 0xFE)) return 2;
        *kind = DL_UNIT_ERROR;
        return bad;
    case DL_ENC_EUC_KR:
        if (c == 0x80 || c == 0xFF || !have_t) break;
        if (t >= 0x41 && t <= 0xFE) return 2;
        *kind = DL_UNIT_ERROR;
        return bad;
    case DL_ENC_SHIFT_JIS:
        if (c == 0x80) {
            *kind = DL_UNIT_CP;
            *cp = 0x80;
            return 1;
        }
        if (c >= 0xA1 && c <= 0xDF) return 1;
        if (!((c >= 0x81 && c <= 0x9F) || (c >= 0xE0 && c <= 0xFC)) || !have_t) break;
        if ((t >= 0x40 && t <= 0x7E) || (t >= 0x80 && t <= 0xFC)) return 2;
        *kind = DL_UNIT_ERROR;
        return bad;
    case DL_ENC_EUC_JP:
        if (!have_t) break;
        if (c == 0x8E) {
            if (t >= 0xA1 && t <= 0xDF) return 2;
            *kind = DL_UNIT_ERROR;
            return bad;
        }
        if (c == 0x8F) {
            if (t >= 0xA1 && t <= 0xFE && n >= 3 && b[2] >= 0xA1 && b[2] <= 0xFE) return 3;
            *kind = DL_UNIT_ERROR;
            return t >= 0xA1 && t <= 0xFE && n >= 3 && b[2] >= 0x80 ? 3 : bad;
        }
        if (c >= 0xA1 && c <= 0xFE) {
            if (t >= 0xA1 && t <= 0xFE) return 2;
            *kind = DL_UNIT_ERROR;
            return bad;
        }
        break;
    default:
        break;
    }
    *kind = DL_UNIT_ERROR;
    return 1;
}

static const char *dl_python_codec(int enc) {
    switch (enc) {
    case DL_ENC_GBK:
    case DL_ENC_GB18030: return "gb18030"; /* WHATWG's gbk decoder is the gb18030 decoder */
    case DL_ENC_BIG5: return "big5hkscs";  /* WHATWG's Big5 includes the HKSCS extensions */
    case DL_ENC_EUC_JP: return "euc_jp";
    case DL_ENC_ISO_2022_JP: return "iso2022_jp_ext"; /* adds the half-width katakana WHATWG allows */
    case DL_ENC_SHIFT_JIS: return "cp932";            /* WHATWG's Shift_JIS is windows-31j */
    case DL_ENC_EUC_KR: return "cp949";               /* WHATWG's EUC-KR is windows-949 */
    default: return NULL;
    }
}

/* Append str's UTF-8 to o. Returns the number of code points, or -1 with an exception set. */
static Py_ssize_t dl_append_str(dl_obuf *o, PyObject *s) {
    Py_ssize_t n;
    const char *u = PyUnicode_AsUTF8AndSize(s, &n);
    if (!u) return -1;
    if (dl_obuf_reserve(o, (size_t)n) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    memcpy(o->p + o->len, u, (size_t)n);
    o->len += (size_t)n;
    return PyUnicode_GET_LENGTH(s);
}

static PyObject *dl_py_decode(const char *codec, const uint8_t *b, size_t n) {
    return PyUnicode_Decode((const char *)b, (Py_ssize_t)n, codec, "replace");
}

/* Decode a run of well-formed characters (input b[from..], their byte widths given) in one codec call,
 * anchoring every character whose width breaks the 1-or-2 rule and every DL_MAP_STRIDE output bytes.
 * When the code points do not pair one-to-one with the characters (Big5 gives two code points for a
 * few), the run is split in halves until they do or a half is one character: the depth is at most
 * log2(DL_MB_RUN), whatever the input. Returns 0, or -1 with an exception set. */
static int dl_mb_flush_run(dl_obuf *o, dl_offset_map *m, const char *codec, const uint8_t *b, size_t skip,
                           size_t from, const uint8_t *widths, size_t nunits) {
    if (nunits == 0) return 0;
    size_t bytes = 0;
    for (size_t k = 0; k < nunits; k++) bytes += widths[k];
    size_t start = o->len;
    PyObject *s = dl_py_decode(codec, b + from, bytes);
    if (!s) return -1;
    Py_ssize_t ncp = dl_append_str(o, s);
    Py_DECREF(s);
    if (ncp < 0) return -1;
    if ((size_t)ncp == nunits) {
        size_t p = start, in = from;
        for (size_t k = 0; k < nunits; k++) {
            uint8_t lead = o->p[p];
            size_t ow = dl_utf8_len_of_lead(lead);
            int r = 0;
            if (dl_rule_width(DL_RULE_MB2, lead) != widths[k])
                r = dl_map_anchor(m, p, skip + in) < 0 || dl_map_anchor(m, p + ow, skip + in + widths[k]) < 0;
            else if (p - m->anchors[m->n - 1].out >= DL_MAP_STRIDE)
                r = dl_map_anchor(m, p, skip + in) < 0;
            if (r) {
                PyErr_NoMemory();
                return -1;
            }
            p += ow;
            in += widths[k];
        }
        return 0;
    }
    if (nunits == 1) {
        /* One character, several code points: all of them belong to its bytes. */
        if (dl_map_anchor(m, start, skip + from) < 0 || dl_map_anchor(m, o->len, skip + from + bytes) < 0) {
            PyErr_NoMemory();
            return -1;
        }
        return 0;
    }
    o->len = start;
    size_t half = nunits / 2, half_bytes = 0;
    for (size_t k = 0; k < half; k++) half_bytes += widths[k];
    if (dl_mb_flush_run(o, m, codec, b, skip, from, widths, half) < 0) return -1;
    return dl_mb_flush_run(o, m, codec, b, skip, from + half_bytes, widths + half, nunits - half);
}

#define DL_MB_RUN 4096

static int dl_decode_multibyte(const uint8_t *buf, size_t len, size_t skip, int enc, dl_decoded *out) {
    const char *codec = dl_python_codec(enc);
    const uint8_t *b = buf + skip;
    size_t n = len - skip;
    dl_offset_map *m = dl_map_new(DL_RULE_MB2, len, (uint32_t)skip);
    if (!m) {
        PyErr_NoMemory();
        return -1;
    }
    dl_obuf o = {0};
    if (dl_obuf_reserve(&o, n + n / 2 + 16) < 0) goto nomem;
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
                if (dl_mb_flush_run(&o, m, codec, b, skip, run_from, widths, nunits) < 0) goto fail;
                nunits = 0;
            }
        } else {
            if (dl_mb_flush_run(&o, m, codec, b, skip, run_from, widths, nunits) < 0) goto fail;
            nunits = 0;
            if (dl_obuf_reserve(&o, 4) < 0) goto nomem;
            size_t start = o.len;
            o.len += dl_put_cp(o.p + o.len, kind == DL_UNIT_CP ? cp : 0xFFFD);
            if (dl_rule_width(DL_RULE_MB2, o.p[start]) != w) {
                if (dl_map_anchor(m, start, skip + i) < 0 || dl_map_anchor(m, o.len, skip + i + w) < 0) goto nomem;
            }
            i += w;
        }
        if (nunits == 0 && o.len - m->anchors[m->n - 1].out >= DL_MAP_STRIDE && dl_map_anchor(m, o.len, skip + i) < 0)
            goto nomem;
    }
    if (dl_mb_flush_run(&o, m, codec, b, skip, run_from, widths, nunits) < 0) goto fail;
    if (o.len > UINT32_MAX) {
        PyErr_SetString(PyExc_OverflowError, "decoded input is 4 GiB or more");
        goto fail;
    }
    if (dl_finish(out, &o, m, enc) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
nomem:
    PyErr_NoMemory();
fail:
    free(o.p);
    dl_offset_map_free(m);
    return -1;
}

/* ISO-2022-JP is stateful, so it cannot be cut into characters without running its state machine:
 * Python's incremental decoder is fed one byte at a time and each piece of output is anchored where
 * the bytes that produced it began. Rare on the web (mail, old Japanese pages); exact, not fast. */
static int dl_decode_iso2022jp(const uint8_t *buf, size_t len, size_t skip, dl_decoded *out) {
    dl_offset_map *m = dl_map_new(DL_RULE_IDENTITY, len, (uint32_t)skip);
    if (!m) {
        PyErr_NoMemory();
        return -1;
    }
    dl_obuf o = {0};
    PyObject *dec = PyCodec_IncrementalDecoder(dl_python_codec(DL_ENC_ISO_2022_JP), "replace");
    if (!dec) goto fail;
    size_t piece_start = skip;
    for (size_t i = skip; i <= len; i++) {
        PyObject *s;
        if (i < len) {
            s = PyObject_CallMethod(dec, "decode", "y#", (const char *)buf + i, (Py_ssize_t)1);
        } else {
            s = PyObject_CallMethod(dec, "decode", "y#i", "", (Py_ssize_t)0, 1);
        }
        if (!s) goto fail;
        if (!PyUnicode_Check(s)) {
            Py_DECREF(s);
            PyErr_SetString(PyExc_TypeError, "decoder did not return str");
            goto fail;
        }
        if (PyUnicode_GET_LENGTH(s)) {
            size_t start = o.len;
            if (dl_append_str(&o, s) < 0) {
                Py_DECREF(s);
                goto fail;
            }
            /* Each code point of the piece maps to the piece's first byte; the next piece starts anew. */
            if (dl_map_anchor(m, start, piece_start) < 0) {
                Py_DECREF(s);
                goto nomem;
            }
            for (size_t p = start + dl_utf8_len_of_lead(o.p[start]); p < o.len; p += dl_utf8_len_of_lead(o.p[p]))
                if (dl_map_anchor(m, p, piece_start) < 0) {
                    Py_DECREF(s);
                    goto nomem;
                }
            piece_start = i + 1;
            if (dl_map_anchor(m, o.len, piece_start > len ? len : piece_start) < 0) {
                Py_DECREF(s);
                goto nomem;
            }
        }
        else if (i < len) {
            /* No output yet: when the decoder holds no partial character, those bytes were an escape
             * sequence, and the next character starts after them. */
            PyObject *st = PyObject_CallMethod(dec, "getstate", NULL);
            if (!st) {
                Py_DECREF(s);
                goto fail;
            }
            if (PyTuple_Check(st) && PyTuple_GET_SIZE(st) >= 1 && PyBytes_Check(PyTuple_GET_ITEM(st, 0)) &&
                PyBytes_GET_SIZE(PyTuple_GET_ITEM(st, 0)) == 0)
                piece_start = i + 1;
            Py_DECREF(st);
        }
        Py_DECREF(s);
    }
    Py_DECREF(dec);
    dec = NULL;
    if (dl_finish(out, &o, m, DL_ENC_ISO_2022_JP) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
nomem:
    PyErr_NoMemory();
fail:
    Py_XDECREF(dec);
    free(o.p);
    dl_offset_map_free(m);
    return -1;
}

/* ---- entry points -------------------------------------------------------------------------------------- */

int dl_decode_as(const uint8_t *buf, size_t len, int enc, size_t skip, dl_decoded *out) {
    memset(out, 0, sizeof *out);
    if (!buf) {
        buf = (const uint8_t *)"";
        len = 0;
    }
    if (skip > len) skip = len;
    if (len >= UINT32_MAX / 4) {
        /* Offsets in the map and in the tree are 32-bit; decoded text may be up to 3x the input. */
        PyErr_SetString(PyExc_OverflowError, "input of 1 GiB or more cannot be parsed");
        return -1;
    }
    if (enc < 0 || enc >= DL_ENC__COUNT) {
        PyErr_SetString(PyExc_LookupError, "unknown encoding id");
        return -1;
    }
    int r;
    if (enc == DL_ENC_ISO_2022_JP) return dl_decode_iso2022jp(buf, len, skip, out);
    if (dl_python_codec(enc)) return dl_decode_multibyte(buf, len, skip, enc, out);
    if (enc != DL_ENC_UTF8 && enc != DL_ENC_UTF16BE && enc != DL_ENC_UTF16LE && enc != DL_ENC_REPLACEMENT &&
        !dl_sb_ready[enc]) {
        PyErr_Format(PyExc_LookupError, "no decoder for %s", dl_encoding_name(enc));
        return -1;
    }
    /* Everything below is C over an immutable buffer: let other threads run meanwhile. */
    Py_BEGIN_ALLOW_THREADS
    if (enc == DL_ENC_UTF8) r = dl_decode_utf8(buf, len, skip, out);
    else if (enc == DL_ENC_UTF16BE || enc == DL_ENC_UTF16LE) r = dl_decode_utf16(buf, len, skip, enc == DL_ENC_UTF16BE, out);
    else if (enc == DL_ENC_REPLACEMENT) r = dl_decode_replacement(len, skip, out);
    else r = dl_decode_single_byte(buf, len, skip, enc, out);
    Py_END_ALLOW_THREADS
    if (r < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

int dl_decode_bytes(const uint8_t *buf, size_t len, int override_id, dl_decoded *out) {
    int bom = 0;
    int enc;
    if (!buf) len = 0;
    if (len >= UINT32_MAX / 4) {
        memset(out, 0, sizeof *out);
        PyErr_SetString(PyExc_OverflowError, "input of 1 GiB or more cannot be parsed");
        return -1;
    }
    /* When the sniff decided UTF-8 by validating the whole input, the decoder does not check again. */
    int validated = 0;
    Py_BEGIN_ALLOW_THREADS
    enc = dl_encoding_sniff_checked(buf, len, override_id, 0, &bom, &validated);
    Py_END_ALLOW_THREADS
    if (validated) return dl_decode_valid_utf8(buf, len, (size_t)bom, out);
    return dl_decode_as(buf, len, enc, (size_t)bom, out);
}

/* ---- tables ------------------------------------------------------------------------------------------ */

static const struct {
    int enc;
    const char *codec;
} dl_sb_codecs[] = {
    {DL_ENC_IBM866, "cp866"},           {DL_ENC_ISO_8859_2, "iso8859_2"},   {DL_ENC_ISO_8859_3, "iso8859_3"},
    {DL_ENC_ISO_8859_4, "iso8859_4"},   {DL_ENC_ISO_8859_5, "iso8859_5"},   {DL_ENC_ISO_8859_6, "iso8859_6"},
    {DL_ENC_ISO_8859_7, "iso8859_7"},   {DL_ENC_ISO_8859_8, "iso8859_8"},   {DL_ENC_ISO_8859_8_I, "iso8859_8"},
    {DL_ENC_ISO_8859_10, "iso8859_10"}, {DL_ENC_ISO_8859_13, "iso8859_13"}, {DL_ENC_ISO_8859_14, "iso8859_14"},
    {DL_ENC_ISO_8859_15, "iso8859_15"}, {DL_ENC_ISO_8859_16, "iso8859_16"}, {DL_ENC_KOI8_R, "koi8_r"},
    {DL_ENC_KOI8_U, "koi8_u"},          {DL_ENC_MACINTOSH, "mac_roman"},    {DL_ENC_WINDOWS_874, "cp874"},
    {DL_ENC_WINDOWS_1250, "cp1250"},    {DL_ENC_WINDOWS_1251, "cp1251"},    {DL_ENC_WINDOWS_1252, "cp1252"},
    {DL_ENC_WINDOWS_1253, "cp1253"},    {DL_ENC_WINDOWS_1254, "cp1254"},    {DL_ENC_WINDOWS_1255, "cp1255"},
    {DL_ENC_WINDOWS_1256, "cp1256"},    {DL_ENC_WINDOWS_1257, "cp1257"},    {DL_ENC_WINDOWS_1258, "cp1258"},
    {DL_ENC_X_MAC_CYRILLIC, "mac_cyrillic"},
};

static int dl_is_windows_cp(int enc) {
    return enc == DL_ENC_WINDOWS_874 || (enc >= DL_ENC_WINDOWS_1250 && enc <= DL_ENC_WINDOWS_1258);
}

int dl_encoding_tables_init(void) {
    for (size_t k = 0; k < sizeof dl_sb_codecs / sizeof dl_sb_codecs[0]; k++) {
        int enc = dl_sb_codecs[k].enc;
        for (unsigned byte = 0; byte < 0x80; byte++) dl_sb_set(enc, (uint8_t)byte, byte);
        for (unsigned byte = 0x80; byte <= 0xFF; byte++) {
            char c = (char)byte;
            PyObject *s = PyUnicode_Decode(&c, 1, dl_sb_codecs[k].codec, "replace");
            if (!s) return -1;
            uint32_t cp = PyUnicode_GET_LENGTH(s) == 1 ? PyUnicode_READ_CHAR(s, 0) : 0xFFFD;
            Py_DECREF(s);
            /* The Encoding Standard's windows-* indexes give the C1 control of the same value where
             * Microsoft's table has a hole in 0x80..0x9F (windows-1252's 0x81, 0x8D, 0x8F, 0x90, 0x9D);
             * Python leaves those undefined. Holes above 0x9F stay errors in both. */
            if (cp == 0xFFFD && dl_is_windows_cp(enc) && byte <= 0x9F) cp = byte;
            dl_sb_set(enc, (uint8_t)byte, cp);
        }
        dl_sb_ready[enc] = 1;
    }
    /* Where the Encoding Standard's index differs from Python's table. */
    dl_sb_set(DL_ENC_WINDOWS_1255, 0xCA, 0x05BA); /* HEBREW POINT HOLAM HASER FOR VAV */
    dl_sb_set(DL_ENC_KOI8_U, 0xAE, 0x045E);       /* WHATWG's KOI8-U is KOI8-RU: Belarusian short u */
    dl_sb_set(DL_ENC_KOI8_U, 0xBE, 0x040E);
    for (unsigned byte = 0; byte <= 0xFF; byte++)
        dl_sb_set(DL_ENC_X_USER_DEFINED, (uint8_t)byte, byte < 0x80 ? byte : 0xF780 + byte - 0x80);
    dl_sb_ready[DL_ENC_X_USER_DEFINED] = 1;
    return dl_detect_init();
}
