/* The streaming scorer (stream.h) over the incremental tokenizer, without a tree.
 *
 * Counting: a text chunk has to be added to every open element. Instead of walking the stack, global
 * running totals are kept (text, link text, links, paragraphs) and each stack entry remembers the
 * totals at its push; at its pop the element's figures are (totals now - totals at push). That makes
 * every token O(1) whatever the depth.
 *
 * Matching end tags without a tree builder (a simplification of HTML Standard 13.2.6, documented here
 * because it decides which elements become candidates):
 *  - An end tag pops to the innermost open element of the same name, if that element is "in scope":
 *    above the innermost open scope boundary (applet, caption, html, table, td, th, marquee, object,
 *    template, svg, math; for </p> also button; for </li>, </dd>, </dt> also ol, ul, dl; for table
 *    section and row end tags the boundary is the innermost table). Elements popped on the way were
 *    never closed by their own end tag: they are skipped, not candidates. An end tag with no matching
 *    open element in scope is stray and ignored.
 *  - Implied closes on start tags, the common cases of the spec: a block start tag closes an open <p>
 *    in button scope; <li> closes an open <li> in list scope, <dd>/<dt> an open <dd>/<dt>; <a> closes
 *    an open <a>; <tr> an open row, <td>/<th> an open cell, <tbody>/<thead>/<tfoot> an open section of
 *    the same table; <option>/<optgroup> and <h1>..<h6> close the same kind when it is the current
 *    element. A second <html>, <head> or <body> is ignored. The implicitly closed elements are skipped.
 *  - Void elements (and, inside svg/math, self-closing ones) are never pushed.
 *  - The stack holds at most DL_STREAM_MAX_DEPTH entries. A start tag beyond it is counted as too deep
 *    and only raises an overflow counter; while that counter is positive, end tags lower it instead of
 *    matching. So memory is bounded whatever the input, and a page nested too deep degrades to
 *    coarser candidates rather than failing.
 * Finding the innermost open element of a name is O(1): each entry links to the previous open entry of
 * the same key, and `last[key]` is the innermost. Every pop matches an earlier push, so implied closes
 * cost amortised O(1) per token too.
 */
#include "stream/stream.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "common/ascii.h"
#include "encoding/encoding.h"
#include "tokenizer/tokenizer.h"
#include "tree/atoms.h"

/* Unknown tag names (custom elements) are keyed by a bucket of their name hash; entries in a bucket
 * are told apart by the full 32-bit hash. */
#define UNKNOWN_BUCKETS 256u
#define NKEYS (DL_TAG__COUNT + UNKNOWN_BUCKETS)
/* Longest tag name kept for the report; longer custom names are cut (matching uses the full hash). */
#define MAX_NAME_KEPT 200u

typedef struct {
    uint64_t start;
    uint64_t text0, link0, links0, paras0; /* global totals at push */
    uint32_t key;
    uint32_t hash;
    int16_t prev_same;   /* previous open entry with the same key, or -1 */
    int16_t scope_base;  /* innermost open default-scope boundary (possibly this entry), or -1 */
    int16_t button_base; /* same, counting <button> too */
    int16_t list_base;   /* same, counting ol, ul, dl too */
    int16_t table_base;  /* innermost open html, table or template */
    uint8_t truncated;
    uint8_t foreign;     /* svg or math */
    uint8_t raw;         /* the blob holds the start tag's source bytes (see dl_stream_candidate) */
    uint32_t blob_off;
    uint32_t blob_len;
} dl_stream_entry;

/* A direct-mapped cache of short tag names: most tokens are a handful of names, and a cache hit is
 * cheaper than hashing and comparing against the atom table. */
typedef struct {
    uint64_t packed; /* the name's bytes, zero-padded */
    uint32_t len, atom, hash, key;
} dl_name_cache_entry;

struct dl_stream_scorer {
    dl_tokenizer *tok;
    dl_name_cache_entry names[256];
    dl_stream_entry stack[DL_STREAM_MAX_DEPTH];
    int depth;
    uint64_t overflow;
    int16_t last[NKEYS];

    uint64_t text, link, links, paras; /* global running totals */
    unsigned ws_prev;                  /* the last text byte was whitespace */
    int single_byte;                   /* a declared single-byte encoding: every byte is a character */
    int declared;                      /* encoding id a <meta> declared, or -1 */
    int hide_raw;                      /* inside the raw text of a hidden element */
    int foreign;                       /* open svg/math elements */
    int cdata_allowed;

    /* The chunk being fed: a start tag lying wholly inside it is kept as its source bytes. */
    const unsigned char *feed_ptr;
    uint64_t feed_base;
    size_t feed_len;

    unsigned char *blob; /* tag names and attributes of the open entries, in stack order */
    size_t blob_cap;

    dl_stream_candidate slot[2];
    int best, runner; /* slot indices, or -1 */
    dl_stream_stats stats;
    int failed;
};

/* 0: a UTF-8 continuation byte (not a new code point); 1: a character; 2: ASCII whitespace. */
static inline unsigned byte_class(unsigned char b) {
    if (b == ' ' || (b >= '\t' && b <= '\r' && b != '\v')) return 2;
    return (b & 0xC0) != 0x80;
}


/* Per byte value: bit 0 when it is a character on its own (not whitespace, not a UTF-8 continuation),
 * bit 1 when it is whitespace; [1] is for single-byte encodings, where every byte is a character. */
static uint8_t byte_bits[2][256];

static uint32_t name_hash(const char *p, size_t n) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)p[i]) * 16777619u;
    return h | 1u; /* never 0: 0 marks a known atom */
}

static int is_void(uint32_t a) {
    switch (a) {
    case DL_TAG_area: case DL_TAG_base: case DL_TAG_basefont: case DL_TAG_bgsound: case DL_TAG_br:
    case DL_TAG_col: case DL_TAG_embed: case DL_TAG_frame: case DL_TAG_hr: case DL_TAG_image:
    case DL_TAG_img: case DL_TAG_input: case DL_TAG_keygen: case DL_TAG_link: case DL_TAG_meta:
    case DL_TAG_param: case DL_TAG_source: case DL_TAG_track: case DL_TAG_wbr:
        return 1;
    default:
        return 0;
    }
}

static int is_scope_boundary(uint32_t a) {
    switch (a) {
    case DL_TAG_applet: case DL_TAG_caption: case DL_TAG_html: case DL_TAG_table: case DL_TAG_td:
    case DL_TAG_th: case DL_TAG_marquee: case DL_TAG_object: case DL_TAG_template: case DL_TAG_svg:
    case DL_TAG_math:
        return 1;
    default:
        return 0;
    }
}

/* Start tags that close an open <p> in button scope (the spec's list, HTML Standard 13.2.6.4.7). */
static int closes_p(uint32_t a) {
    switch (a) {
    case DL_TAG_address: case DL_TAG_article: case DL_TAG_aside: case DL_TAG_blockquote:
    case DL_TAG_center: case DL_TAG_details: case DL_TAG_dialog: case DL_TAG_dir: case DL_TAG_div:
    case DL_TAG_dl: case DL_TAG_fieldset: case DL_TAG_figcaption: case DL_TAG_figure: case DL_TAG_footer:
    case DL_TAG_header: case DL_TAG_hgroup: case DL_TAG_main: case DL_TAG_menu: case DL_TAG_nav:
    case DL_TAG_ol: case DL_TAG_p: case DL_TAG_search: case DL_TAG_section: case DL_TAG_summary:
    case DL_TAG_ul: case DL_TAG_h1: case DL_TAG_h2: case DL_TAG_h3: case DL_TAG_h4: case DL_TAG_h5:
    case DL_TAG_h6: case DL_TAG_pre: case DL_TAG_listing: case DL_TAG_form: case DL_TAG_plaintext:
    case DL_TAG_li: case DL_TAG_dd: case DL_TAG_dt: case DL_TAG_table: case DL_TAG_hr: case DL_TAG_xmp:
        return 1;
    default:
        return 0;
    }
}

static int is_heading(uint32_t a) { return a >= DL_TAG_h1 && a <= DL_TAG_h6; }


/* Elements whose contents the tokenizer must not read as markup, and whether their text counts.
 * script, style: code, never article text. title: the page's name, not its body. textarea: form
 * input. iframe, noembed, noframes: fallback content a browser does not show. noscript: a browser
 * with scripting (the common case, and the spec's default for parsing) reads it as raw text and does
 * not show it. xmp: shown, preformatted, so its text counts. plaintext: everything after it is shown
 * text. <template> is tokenized normally; its text is hidden by the open-template check instead. */
static int raw_state(uint32_t a, dl_tokenizer_initial_state *st, int *hidden) {
    switch (a) {
    case DL_TAG_script: *st = DL_TSTATE_SCRIPT_DATA; *hidden = 1; return 1;
    case DL_TAG_style: case DL_TAG_iframe: case DL_TAG_noembed: case DL_TAG_noframes:
    case DL_TAG_noscript:
        *st = DL_TSTATE_RAWTEXT; *hidden = 1; return 1;
    case DL_TAG_xmp: *st = DL_TSTATE_RAWTEXT; *hidden = 0; return 1;
    case DL_TAG_title: case DL_TAG_textarea: *st = DL_TSTATE_RCDATA; *hidden = 1; return 1;
    case DL_TAG_plaintext: *st = DL_TSTATE_PLAINTEXT; *hidden = 0; return 1;
    default: return 0;
    }
}

/* Candidates exclude the document's own wrappers: <html> and <body> contain every candidate, so with
 * any positive text outside the article they would always win, and "the whole page" is not an
 * extraction; <head> holds no body text. */
static int is_candidate_tag(uint32_t a) { return a != DL_TAG_html && a != DL_TAG_body && a != DL_TAG_head; }

/* The predicates above as one table lookup per start tag (unknown names have atom 0: no flags). */
enum {
    F_VOID = 1, F_SCOPE = 2, F_CLOSES_P = 4, F_HEADING = 8, F_IMPLIES = 16, F_RAW = 32, F_FOREIGN = 64,
    F_BUTTON_BASE = 128, F_LIST_BASE = 256, F_TABLE_BASE = 512
};
static uint16_t atom_flags[DL_TAG__COUNT];
static int atom_flags_ready;

void dl_stream_global_init(void) {
    if (atom_flags_ready) return;
    for (unsigned b = 0; b < 256; b++) {
        unsigned cls = byte_class((unsigned char)b);
        byte_bits[0][b] = (uint8_t)(cls == 2 ? 2 : cls);
        byte_bits[1][b] = (uint8_t)(cls == 2 ? 2 : 1);
    }
    static const uint32_t implies[] = {DL_TAG_li, DL_TAG_dd, DL_TAG_dt, DL_TAG_a, DL_TAG_tr, DL_TAG_td,
                                       DL_TAG_th, DL_TAG_tbody, DL_TAG_thead, DL_TAG_tfoot, DL_TAG_option,
                                       DL_TAG_optgroup};
    for (uint32_t a = 1; a < DL_TAG__COUNT; a++) {
        uint16_t f = 0;
        dl_tokenizer_initial_state st;
        int hidden;
        if (is_void(a)) f |= F_VOID;
        if (is_scope_boundary(a)) f |= F_SCOPE | F_BUTTON_BASE | F_LIST_BASE;
        if (closes_p(a)) f |= F_CLOSES_P;
        if (is_heading(a)) f |= F_HEADING;
        if (raw_state(a, &st, &hidden)) f |= F_RAW;
        if (a == DL_TAG_svg || a == DL_TAG_math) f |= F_FOREIGN;
        if (a == DL_TAG_button) f |= F_BUTTON_BASE;
        if (a == DL_TAG_ol || a == DL_TAG_ul || a == DL_TAG_dl) f |= F_LIST_BASE;
        if (a == DL_TAG_html || a == DL_TAG_table || a == DL_TAG_template) f |= F_TABLE_BASE;
        for (size_t i = 0; i < sizeof(implies) / sizeof(implies[0]); i++)
            if (a == implies[i]) f |= F_IMPLIES;
        atom_flags[a] = f;
    }
    atom_flags_ready = 1;
}

/* Characters of a text run: bytes that are neither UTF-8 continuation bytes nor whitespace, plus one
 * per whitespace run (a whitespace byte whose predecessor in the text stream is not whitespace). Each
 * byte's contribution depends only on it and the byte before, so any split of the text across
 * tokens or feeds gives the same total. */
static inline uint64_t count_scalar(const unsigned char *u, size_t n, unsigned *prev_ws, int single_byte) {
    const uint8_t *bits = byte_bits[single_byte != 0];
    uint64_t count = 0;
    unsigned prev = *prev_ws;
    for (size_t i = 0; i < n; i++) {
        unsigned c = bits[u[i]], ws = c >> 1;
        count += (c & 1u) + (ws & ~prev);
        prev = ws;
    }
    *prev_ws = prev;
    return count;
}

#if defined(__SSE2__)
/* Per block of 16 bytes, each byte that adds a character gets 1 in a byte lane (a byte adds at most
 * one: a non-whitespace non-continuation byte, or a whitespace byte after a non-whitespace one); lanes
 * are summed with psadbw only every 255 blocks, before they can overflow. Whitespace is ' ' or
 * 9..13 except 11 (\v), which is one unsigned-min test instead of four compares. */
static inline __m128i ws_mask(__m128i v) {
    const __m128i d = _mm_sub_epi8(v, _mm_set1_epi8(9));
    return _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')),
                        _mm_andnot_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(11)),
                                         _mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(4)), d)));
}

static inline uint64_t lane_sum(__m128i acc) {
    __m128i sum = _mm_sad_epu8(acc, _mm_setzero_si128());
    return (uint64_t)_mm_cvtsi128_si32(sum) + (uint64_t)_mm_cvtsi128_si32(_mm_srli_si128(sum, 8));
}

static uint64_t count_chars(const unsigned char *u, size_t n, unsigned *prev_ws, int single_byte) {
    /* Under a block the vector set-up costs more than it saves. */
    if (n < 16) return count_scalar(u, n, prev_ws, single_byte);
    const __m128i one = _mm_set1_epi8(1), c0 = _mm_set1_epi8((char)0xC0);
    /* In a single-byte encoding no byte continues another: compare against a pattern none matches. */
    const __m128i c80 = _mm_set1_epi8((char)(single_byte ? 0xFF : 0x80));
    __m128i carry = _mm_cvtsi32_si128(*prev_ws ? 0xFF : 0); /* previous byte's whitespace, in lane 0 */
    __m128i acc = _mm_setzero_si128(), ws = acc;
    uint64_t count = 0;
    unsigned blocks = 0;
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(u + i));
        ws = ws_mask(v);
        __m128i cont = _mm_cmpeq_epi8(_mm_and_si128(v, c0), c80);
        __m128i before = _mm_or_si128(_mm_slli_si128(ws, 1), carry);
        carry = _mm_srli_si128(ws, 15);
        /* starts: whitespace after non-whitespace; other: neither whitespace nor continuation. */
        __m128i starts = _mm_andnot_si128(before, ws);
        __m128i other = _mm_andnot_si128(_mm_or_si128(ws, cont), one);
        acc = _mm_add_epi8(acc, _mm_or_si128(_mm_and_si128(starts, one), other));
        if (++blocks == 255) {
            count += lane_sum(acc);
            acc = _mm_setzero_si128();
            blocks = 0;
        }
    }
    if (i < n) {
        /* The last 16 bytes, overlapping counted ones (masked out): no read past the run, and every
         * counted byte's predecessor is in the block itself. */
        size_t rem = n - i;
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(u + n - 16));
        const __m128i idx = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        __m128i valid = _mm_cmpgt_epi8(idx, _mm_set1_epi8((char)(15 - rem)));
        ws = ws_mask(v);
        __m128i cont = _mm_cmpeq_epi8(_mm_and_si128(v, c0), c80);
        __m128i starts = _mm_andnot_si128(_mm_slli_si128(ws, 1), ws);
        __m128i other = _mm_andnot_si128(_mm_or_si128(ws, cont), one);
        acc = _mm_add_epi8(acc, _mm_and_si128(_mm_or_si128(_mm_and_si128(starts, one), other), valid));
    }
    *prev_ws = ((unsigned)_mm_movemask_epi8(ws) >> 15) & 1u;
    return count + lane_sum(acc);
}
#else
static uint64_t count_chars(const unsigned char *u, size_t n, unsigned *prev_ws, int single_byte) {
    return count_scalar(u, n, prev_ws, single_byte);
}
#endif

static void count_text(dl_stream_scorer *s, const char *p, size_t n) {
    uint64_t count = count_chars((const unsigned char *)p, n, &s->ws_prev, s->single_byte);
    if (s->last[DL_TAG_a] >= 0)
        s->link += count;
    else
        s->text += count;
}

static void set_cdata(dl_stream_scorer *s) {
    int want = s->foreign > 0;
    if (want != s->cdata_allowed) {
        s->cdata_allowed = want;
        dl_tokenizer_set_cdata_allowed(s->tok, want);
    }
}

static void consider(dl_stream_scorer *s, const dl_stream_entry *e, uint64_t end, int64_t text, int64_t link,
                     int64_t links, int64_t paras) {
    int64_t score = text - 2 * link + (int64_t)DL_STREAM_PARAGRAPH_BONUS * paras;
    int target;
    /* Strictly greater: on a tie the earlier candidate stays, which is the inner one when a container
     * adds nothing to its child. */
    if (s->best < 0 || score > s->slot[s->best].score) {
        target = s->runner >= 0 ? s->runner : (s->best == 0 ? 1 : 0);
        s->runner = s->best;
        s->best = target;
    } else if (s->runner < 0 || score > s->slot[s->runner].score) {
        target = s->best == 0 ? 1 : 0;
        s->runner = target;
    } else {
        return;
    }
    dl_stream_candidate *c = &s->slot[target];
    c->present = 1;
    c->start = e->start;
    c->end = end;
    c->text = text;
    c->link_text = link;
    c->links = links;
    c->paragraphs = paras;
    c->score = score;
    c->attrs_truncated = e->truncated;
    c->blob_raw = e->raw;
    c->blob_len = e->blob_len;
    memcpy(c->blob, s->blob + e->blob_off, e->blob_len);
}

/* Pop the top entry; `closed` when its own end tag (ending at `end`) closed it. */
static void pop(dl_stream_scorer *s, int closed, uint64_t end) {
    dl_stream_entry *e = &s->stack[--s->depth];
    s->last[e->key] = e->prev_same;
    if (e->foreign) {
        s->foreign--;
        set_cdata(s);
    }
    int64_t text = (int64_t)(s->text - e->text0), link = (int64_t)(s->link - e->link0);
    int64_t links = (int64_t)(s->links - e->links0), paras = (int64_t)(s->paras - e->paras0);
    if (closed) {
        if (is_candidate_tag(e->key)) {
            s->stats.scored++;
            consider(s, e, end, text, link, links, paras);
        }
    } else {
        s->stats.skipped++;
    }
    /* Counted after its own figures, so a paragraph's count is of the paragraphs inside it. */
    if (e->key == DL_TAG_p && text >= DL_STREAM_PARAGRAPH_MIN_CHARS) s->paras++;
}

static void pop_through(dl_stream_scorer *s, int idx, int closed, uint64_t end) {
    while (s->depth > idx + 1) pop(s, 0, 0);
    pop(s, closed, end);
}

static int top_base(const dl_stream_scorer *s, size_t field) {
    if (s->depth == 0) return -1;
    const dl_stream_entry *t = &s->stack[s->depth - 1];
    switch (field) {
    case 0: return t->scope_base;
    case 1: return t->button_base;
    case 2: return t->list_base;
    default: return t->table_base;
    }
}
enum { SCOPE = 0, BUTTON_SCOPE = 1, LIST_SCOPE = 2, TABLE_SCOPE = 3 };

static int max_i(int a, int b) { return a > b ? a : b; }

static inline uint64_t load_le32(const unsigned char *p) {
    return (uint64_t)p[0] | ((uint64_t)p[1] << 8) | ((uint64_t)p[2] << 16) | ((uint64_t)p[3] << 24);
}

static uint32_t key_of(dl_stream_scorer *s, const dl_token *t, uint32_t *atom, uint32_t *hash) {
    size_t len = t->name.len;
    dl_name_cache_entry *ce = NULL;
    uint64_t packed = 0;
    if (len - 1 < 8) { /* 1..8 bytes: almost every tag name */
        /* Bytes in little-endian order whatever the host, without a per-byte loop: two overlapping
         * 4-byte reads from 4 bytes up, else the first, middle and last byte (which overlap for
         * shorter names, putting equal bytes at equal places). */
        const unsigned char *np = (const unsigned char *)t->name.ptr;
        if (len >= 4) {
            packed = load_le32(np) | (load_le32(np + len - 4) << (8 * (len - 4)));
        } else {
            packed = (uint64_t)np[0] | ((uint64_t)np[len >> 1] << (8 * (len >> 1))) |
                     ((uint64_t)np[len - 1] << (8 * (len - 1)));
        }
        ce = &s->names[((packed ^ len) * 0x9E3779B97F4A7C15ull) >> 56];
        if (ce->len == len && ce->packed == packed) {
            *atom = ce->atom;
            *hash = ce->hash;
            return ce->key;
        }
    }
    uint32_t key;
    *atom = dl_atom_lookup(t->name.ptr, len);
    if (*atom != DL_TAG__NONE) {
        *hash = 0;
        key = *atom;
    } else {
        *hash = name_hash(t->name.ptr, len);
        key = DL_TAG__COUNT + (*hash & (UNKNOWN_BUCKETS - 1));
    }
    if (ce) {
        ce->packed = packed;
        ce->len = (uint32_t)len;
        ce->atom = *atom;
        ce->hash = *hash;
        ce->key = key;
    }
    return key;
}

/* Append a length-prefixed string to the blob; 0 when it did not fit. */
static int blob_put(unsigned char *b, uint32_t *len, const char *p, size_t n) {
    if (n > 0xFFFF || *len + 2 + n > DL_STREAM_MAX_ATTR_BYTES) return 0;
    b[*len] = (unsigned char)(n & 0xFF);
    b[*len + 1] = (unsigned char)(n >> 8);
    if (n) memcpy(b + *len + 2, p, n);
    *len += (uint32_t)(2 + n);
    return 1;
}

/* The report's form of a start tag: its name (cut at MAX_NAME_KEPT) then attribute name/value pairs
 * while they fit; *truncated when some did not. */
static void fill_blob(unsigned char *b, const dl_token *t, uint32_t *len, int *truncated) {
    *len = 0;
    *truncated = 0;
    blob_put(b, len, t->name.ptr, t->name.len < MAX_NAME_KEPT ? t->name.len : MAX_NAME_KEPT);
    for (size_t i = 0; i < t->nattrs; i++) {
        uint32_t before = *len;
        if (!blob_put(b, len, t->attrs[i].name.ptr, t->attrs[i].name.len) ||
            !blob_put(b, len, t->attrs[i].value.ptr, t->attrs[i].value.len)) {
            *len = before;
            *truncated = 1;
            break;
        }
    }
}

static int ensure_blob(dl_stream_scorer *s, size_t need) {
    if (need <= s->blob_cap) return 0;
    size_t cap = s->blob_cap ? s->blob_cap : 16384;
    while (cap < need) cap *= 2;
    unsigned char *nb = realloc(s->blob, cap);
    if (!nb) return -1;
    s->blob = nb;
    s->blob_cap = cap;
    return 0;
}

static int push(dl_stream_scorer *s, const dl_token *t, uint32_t key, uint32_t atom, uint32_t hash) {
    int idx = s->depth;
    const dl_stream_entry *parent = idx ? &s->stack[idx - 1] : NULL;
    uint32_t off = parent ? parent->blob_off + parent->blob_len : 0;
    /* The blob holds at most MAX_DEPTH * MAX_ATTR_BYTES bytes (1 MiB): bounded like the stack. */
    if (ensure_blob(s, (size_t)off + DL_STREAM_MAX_ATTR_BYTES) < 0) return -1;

    dl_stream_entry *e = &s->stack[idx];
    e->start = t->start;
    e->text0 = s->text;
    e->link0 = s->link;
    e->links0 = s->links;
    e->paras0 = s->paras;
    e->key = key;
    e->hash = hash;
    e->prev_same = s->last[key];
    int16_t self = (int16_t)idx;
    unsigned f = atom_flags[atom];
    e->scope_base = (f & F_SCOPE) ? self : parent ? parent->scope_base : -1;
    e->button_base = (f & F_BUTTON_BASE) ? self : parent ? parent->button_base : -1;
    e->list_base = (f & F_LIST_BASE) ? self : parent ? parent->list_base : -1;
    e->table_base = (f & F_TABLE_BASE) ? self : parent ? parent->table_base : -1;
    e->foreign = (f & F_FOREIGN) != 0;

    unsigned char *b = s->blob + off;
    uint32_t len = 0;
    int truncated = 0;
    uint64_t raw_len = t->end - t->start;
    e->raw = 0;
    if (t->start >= s->feed_base && t->end <= s->feed_base + s->feed_len && raw_len <= DL_STREAM_MAX_ATTR_BYTES) {
        memcpy(b, s->feed_ptr + (t->start - s->feed_base), (size_t)raw_len);
        len = (uint32_t)raw_len;
        e->raw = 1;
    } else {
        fill_blob(b, t, &len, &truncated);
    }
    e->blob_off = off;
    e->blob_len = len;
    e->truncated = (uint8_t)truncated;

    s->last[key] = self;
    s->depth++;
    if (e->foreign) {
        s->foreign++;
        set_cdata(s);
    }
    return 0;
}

/* The innermost open entry with this key and hash, or -1. */
static int find_open(const dl_stream_scorer *s, uint32_t key, uint32_t hash) {
    int i = s->last[key];
    while (i >= 0 && s->stack[i].hash != hash) i = s->stack[i].prev_same;
    return i;
}

static void implied_closes(dl_stream_scorer *s, uint32_t atom) {
    if (s->depth == 0 || !(atom_flags[atom] & (F_IMPLIES | F_CLOSES_P | F_HEADING))) return;
    int i;
    switch (atom) {
    case DL_TAG_li:
        i = s->last[DL_TAG_li];
        if (i >= 0 && i >= top_base(s, LIST_SCOPE)) pop_through(s, i, 0, 0);
        break;
    case DL_TAG_dd: case DL_TAG_dt:
        i = max_i(s->last[DL_TAG_dd], s->last[DL_TAG_dt]);
        if (i >= 0 && i >= top_base(s, LIST_SCOPE)) pop_through(s, i, 0, 0);
        break;
    case DL_TAG_a:
        i = s->last[DL_TAG_a];
        if (i >= 0 && i >= top_base(s, SCOPE)) pop_through(s, i, 0, 0);
        break;
    case DL_TAG_tr:
        i = s->last[DL_TAG_tr];
        if (i >= 0 && i >= top_base(s, TABLE_SCOPE)) pop_through(s, i, 0, 0);
        break;
    case DL_TAG_td: case DL_TAG_th:
        i = max_i(s->last[DL_TAG_td], s->last[DL_TAG_th]);
        if (i >= 0 && i >= top_base(s, TABLE_SCOPE)) pop_through(s, i, 0, 0);
        break;
    case DL_TAG_tbody: case DL_TAG_thead: case DL_TAG_tfoot:
        i = max_i(max_i(s->last[DL_TAG_tbody], s->last[DL_TAG_thead]), s->last[DL_TAG_tfoot]);
        if (i >= 0 && i >= top_base(s, TABLE_SCOPE)) pop_through(s, i, 0, 0);
        break;
    case DL_TAG_option:
        if (s->depth && s->stack[s->depth - 1].key == DL_TAG_option) pop(s, 0, 0);
        break;
    case DL_TAG_optgroup:
        if (s->depth && s->stack[s->depth - 1].key == DL_TAG_option) pop(s, 0, 0);
        if (s->depth && s->stack[s->depth - 1].key == DL_TAG_optgroup) pop(s, 0, 0);
        break;
    default:
        break;
    }
    if ((atom_flags[atom] & F_CLOSES_P) && s->depth) {
        i = s->last[DL_TAG_p];
        if (i >= 0 && i >= top_base(s, BUTTON_SCOPE)) pop_through(s, i, 0, 0);
    }
    if ((atom_flags[atom] & F_HEADING) && s->depth && is_heading(s->stack[s->depth - 1].key)) pop(s, 0, 0);
}

static int ascii_ieq(const char *p, size_t n, const char *lit) { return dl_ascii_eq_ci_lit(p, n, lit); }

/* The first <meta> declaring a charset, before an explicit <body>, decides how text bytes are counted:
 * in a single-byte encoding every byte is a character (windows-1252's 0x80-0xBF are not UTF-8
 * continuation bytes there). Being token-driven, this is the same for any chunking. */
static void on_meta(dl_stream_scorer *s, const dl_token *t) {
    if (s->declared >= 0 || s->last[DL_TAG_body] >= 0) return;
    const char *lab = NULL, *content = NULL;
    size_t lab_len = 0, content_len = 0;
    int http_equiv_ct = 0, id;
    for (size_t i = 0; i < t->nattrs; i++) {
        const dl_token_attr *a = &t->attrs[i];
        if (ascii_ieq(a->name.ptr, a->name.len, "charset")) {
            lab = a->value.ptr;
            lab_len = a->value.len;
        } else if (ascii_ieq(a->name.ptr, a->name.len, "http-equiv")) {
            http_equiv_ct = ascii_ieq(a->value.ptr, a->value.len, "content-type");
        } else if (ascii_ieq(a->name.ptr, a->name.len, "content")) {
            content = a->value.ptr;
            content_len = a->value.len;
        }
    }
    if (lab) id = dl_encoding_lookup(lab, lab_len);
    else if (http_equiv_ct && content) id = dl_encoding_from_meta_content(content, content_len);
    else return;
    if (id < 0) return;
    id = dl_encoding_for_meta(id); /* UTF-16 means UTF-8, x-user-defined windows-1252 */
    s->declared = id;
    s->single_byte = id >= DL_ENC_IBM866 && id <= DL_ENC_X_MAC_CYRILLIC;
}

#if defined(__GNUC__)
#define DL_NOINLINE __attribute__((noinline))
#else
#define DL_NOINLINE
#endif

/* Kept out of line so that the sink's path for character tokens, the most frequent, stays light. */
static DL_NOINLINE int on_start_tag(dl_stream_scorer *s, const dl_token *t) {
    uint32_t atom, hash;
    uint32_t key = key_of(s, t, &atom, &hash);
    int in_foreign = s->foreign > 0;

    if (atom == DL_TAG_meta) on_meta(s, t);
    if (atom == DL_TAG_a && s->last[DL_TAG_template] < 0) s->links++; /* template content counts nowhere */
    unsigned f = atom_flags[atom];
    if ((f & F_VOID) || (t->self_closing && (in_foreign || (f & F_FOREIGN))))
        return 0;
    if ((atom == DL_TAG_html || atom == DL_TAG_body || atom == DL_TAG_head) && s->last[atom] >= 0) return 0;

    if (!in_foreign) {
        dl_tokenizer_initial_state st;
        int hidden;
        if ((f & F_RAW) && raw_state(atom, &st, &hidden)) {
            dl_tokenizer_set_state(s->tok, st);
            s->hide_raw = hidden;
        }
        if (s->overflow == 0) implied_closes(s, atom);
    }
    if (s->overflow > 0 || s->depth >= DL_STREAM_MAX_DEPTH) {
        s->overflow++;
        s->stats.too_deep++;
        return 0;
    }
    return push(s, t, key, atom, hash);
}

static DL_NOINLINE void on_end_tag(dl_stream_scorer *s, const dl_token *t) {
    /* The only end tag a raw text state lets through is the element's own. */
    s->hide_raw = 0;
    if (s->overflow > 0) {
        s->overflow--;
        return;
    }
    uint32_t atom, hash;
    uint32_t key = key_of(s, t, &atom, &hash);
    int i = find_open(s, key, hash);
    if (i < 0) return;
    int base;
    switch (atom) {
    case DL_TAG_p: base = top_base(s, BUTTON_SCOPE); break;
    case DL_TAG_li: case DL_TAG_dd: case DL_TAG_dt: base = top_base(s, LIST_SCOPE); break;
    case DL_TAG_table: case DL_TAG_tbody: case DL_TAG_thead: case DL_TAG_tfoot: case DL_TAG_tr:
        base = top_base(s, TABLE_SCOPE);
        break;
    default: base = top_base(s, SCOPE); break;
    }
    if (i < base) return;
    pop_through(s, i, 1, t->end);
}

static int sink(void *ctx, const dl_token *t) {
    dl_stream_scorer *s = ctx;
    switch (t->type) {
    case DL_TOK_CHARACTER:
        if (!s->hide_raw && s->last[DL_TAG_template] < 0) count_text(s, t->data.ptr, t->data.len);
        return 0;
    case DL_TOK_START_TAG:
        return on_start_tag(s, t);
    case DL_TOK_END_TAG:
        on_end_tag(s, t);
        return 0;
    default:
        return 0;
    }
}

typedef struct {
    dl_stream_candidate *c;
    int done;
} dl_raw_ctx;

static int raw_sink(void *ctx, const dl_token *t) {
    dl_raw_ctx *r = ctx;
    if (t->type == DL_TOK_START_TAG && !r->done) {
        int truncated;
        fill_blob(r->c->blob, t, &r->c->blob_len, &truncated);
        r->c->attrs_truncated = truncated;
        r->done = 1;
    }
    return 0;
}

/* A start tag on its own tokenizes as it did in the stream: a tag always begins in the data state and
 * nothing in it depends on what came before, so this gives the attributes the stream saw. */
static int decode_raw(dl_stream_candidate *c) {
    unsigned char src[DL_STREAM_MAX_ATTR_BYTES];
    size_t n = c->blob_len;
    memcpy(src, c->blob, n);
    dl_raw_ctx r = {c, 0};
    dl_tokenizer *t = dl_tokenizer_new(raw_sink, &r);
    if (!t) return -1;
    int rc = dl_tokenizer_feed(t, (const char *)src, n);
    if (rc == 0) rc = dl_tokenizer_finish(t);
    dl_tokenizer_free(t);
    if (rc < 0) return -1;
    if (!r.done) c->blob_len = 0; /* cannot happen for a tag the stream emitted; keep the blob walkable */
    c->blob_raw = 0;
    return 0;
}

dl_stream_scorer *dl_stream_new(void) {
    dl_stream_global_init();
    dl_stream_scorer *s = calloc(1, sizeof(*s));
    if (!s) return NULL;
    s->tok = dl_tokenizer_new(sink, s);
    if (!s->tok) {
        free(s);
        return NULL;
    }
    for (size_t i = 0; i < NKEYS; i++) s->last[i] = -1;
    s->best = s->runner = -1;
    s->declared = -1;
    return s;
}

void dl_stream_free(dl_stream_scorer *s) {
    if (!s) return;
    dl_tokenizer_free(s->tok);
    free(s->blob);
    free(s);
}

int dl_stream_feed(dl_stream_scorer *s, const char *data, size_t len) {
    if (s->failed) return -1;
    s->feed_ptr = (const unsigned char *)data;
    s->feed_base = s->stats.bytes;
    s->feed_len = len;
    int rc = dl_tokenizer_feed(s->tok, data, len);
    s->feed_len = 0;
    if (rc < 0) {
        s->failed = 1;
        return -1;
    }
    s->stats.bytes += len;
    return 0;
}

int dl_stream_finish(dl_stream_scorer *s) {
    if (s->failed) return -1;
    if (dl_tokenizer_finish(s->tok) < 0) {
        s->failed = 1;
        return -1;
    }
    /* Whatever is still open never saw its end tag. */
    while (s->depth > 0) pop(s, 0, 0);
    s->overflow = 0;
    for (int i = 0; i < 2; i++)
        if (s->slot[i].present && s->slot[i].blob_raw && decode_raw(&s->slot[i]) < 0) {
            s->failed = 1;
            return -1;
        }
    return 0;
}

const dl_stream_candidate *dl_stream_winner(const dl_stream_scorer *s) {
    return s->best >= 0 ? &s->slot[s->best] : NULL;
}

const dl_stream_candidate *dl_stream_runner_up(const dl_stream_scorer *s) {
    return s->runner >= 0 ? &s->slot[s->runner] : NULL;
}

dl_stream_stats dl_stream_get_stats(const dl_stream_scorer *s) { return s->stats; }

int dl_stream_declared_encoding(const dl_stream_scorer *s) { return s->declared; }

int dl_stream_blob_next(const dl_stream_candidate *c, uint32_t *pos, const char **str, size_t *len) {
    if (*pos + 2 > c->blob_len) return 0;
    size_t n = (size_t)c->blob[*pos] | ((size_t)c->blob[*pos + 1] << 8);
    if (*pos + 2 + n > c->blob_len) return 0;
    *str = (const char *)c->blob + *pos + 2;
    *len = n;
    *pos += (uint32_t)(2 + n);
    return 1;
}
