/* The WHATWG HTML tokenizer (HTML Standard 13.2.5) over UTF-8 bytes, incremental.
 *
 * One state machine serves feed() and finish(): every state reads the next character through FETCH,
 * which yields EOF (-1) only when finish() drives it, and otherwise suspends at the end of the fed
 * buffer with all progress kept in the tokenizer. The states whose spec text looks ahead ("the next
 * few characters are DOCTYPE", the longest named reference) match one character at a time instead,
 * so a chunk boundary can fall anywhere.
 *
 * The hot states (data, text content models, tag and attribute names, attribute values, comments)
 * first scan (16 bytes at a time with SSE2, else a table or byte loop) over the bytes that need no
 * decision and append them as one piece; the text builder (tok_internal.h) keeps such pieces as
 * slices of the fed buffer until something (a reference, NUL, CR, the end of the buffer) forces a
 * copy.
 */
#include "tokenizer/tokenizer.h"

#include "common/compiler.h"
#include "tokenizer/tok_internal.h"

typedef struct {
    uint16_t off;
    uint8_t len;
    uint32_t cp0, cp1;
} dl_entity;

#include "tokenizer/entities_table.inc"

/* The tokenizer states, named as the HTML Standard names them (13.2.5.*): the cases of dl_run() in the
 * *_states.inc files carry each one's section title and anchor. */
enum {
    S_DATA, S_RCDATA, S_RAWTEXT, S_SCRIPT_DATA, S_PLAINTEXT, S_CDATA_SECTION,
    S_TAG_OPEN, S_END_TAG_OPEN, S_TAG_NAME,
    S_TEXT_LESS_THAN_SIGN,  /* RCDATA / RAWTEXT less-than sign */
    S_TEXT_END_TAG_OPEN, /* RCDATA / RAWTEXT / script data / script escaped: end tag open */
    S_TEXT_END_TAG_NAME, /* ... end tag name */
    S_SCRIPT_DATA_LESS_THAN_SIGN, S_SCRIPT_DATA_ESCAPE_START, S_SCRIPT_DATA_ESCAPE_START_DASH, S_SCRIPT_DATA_ESCAPED, S_SCRIPT_DATA_ESCAPED_DASH,
    S_SCRIPT_DATA_ESCAPED_DASH_DASH, S_SCRIPT_DATA_ESCAPED_LESS_THAN_SIGN, S_SCRIPT_DATA_DOUBLE_ESCAPE_START, S_SCRIPT_DATA_DOUBLE_ESCAPED, S_SCRIPT_DATA_DOUBLE_ESCAPED_DASH,
    S_SCRIPT_DATA_DOUBLE_ESCAPED_DASH_DASH, S_SCRIPT_DATA_DOUBLE_ESCAPED_LESS_THAN_SIGN, S_SCRIPT_DATA_DOUBLE_ESCAPE_END,
    S_BEFORE_ATTRIBUTE_NAME, S_ATTRIBUTE_NAME, S_AFTER_ATTRIBUTE_NAME, S_BEFORE_ATTRIBUTE_VALUE,
    S_ATTRIBUTE_VALUE_DOUBLE_QUOTED, S_ATTRIBUTE_VALUE_SINGLE_QUOTED, S_ATTRIBUTE_VALUE_UNQUOTED, S_AFTER_ATTRIBUTE_VALUE_QUOTED, S_SELF_CLOSING_START_TAG,
    S_BOGUS_COMMENT, S_MARKUP_DECLARATION_OPEN, S_COMMENT_START, S_COMMENT_START_DASH, S_COMMENT, S_COMMENT_LESS_THAN_SIGN,
    S_COMMENT_LESS_THAN_SIGN_BANG, S_COMMENT_LESS_THAN_SIGN_BANG_DASH, S_COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH, S_COMMENT_END_DASH,
    S_COMMENT_END, S_COMMENT_END_BANG,
    S_DOCTYPE, S_BEFORE_DOCTYPE_NAME, S_DOCTYPE_NAME, S_AFTER_DOCTYPE_NAME, S_AFTER_DOCTYPE_NAME_KEYWORD, S_AFTER_DOCTYPE_PUBLIC_KEYWORD,
    S_BEFORE_DOCTYPE_PUBLIC_IDENTIFIER, S_DOCTYPE_PUBLIC_IDENTIFIER_QUOTED, S_AFTER_DOCTYPE_PUBLIC_IDENTIFIER, S_BETWEEN_DOCTYPE_PUBLIC_AND_SYSTEM_IDENTIFIERS, S_AFTER_DOCTYPE_SYSTEM_KEYWORD, S_BEFORE_DOCTYPE_SYSTEM_IDENTIFIER,
    S_DOCTYPE_SYSTEM_IDENTIFIER_QUOTED, S_AFTER_DOCTYPE_SYSTEM_IDENTIFIER, S_BOGUS_DOCTYPE,
    S_CDATA_SECTION_BRACKET, S_CDATA_SECTION_END,
    S_CHARACTER_REFERENCE, S_NAMED_CHARACTER_REFERENCE, S_AMBIGUOUS_AMPERSAND, S_NUMERIC_CHARACTER_REFERENCE, S_HEXADECIMAL_CHARACTER_REFERENCE_START, S_DECIMAL_CHARACTER_REFERENCE_START, S_HEXADECIMAL_CHARACTER_REFERENCE, S_DECIMAL_CHARACTER_REFERENCE
};

/* Character classes: one table, one bit per question a hot loop asks. */
enum {
    K_WS = 1,       /* tab, LF, FF, space (CR reaches the states as LF) */
    K_TAGNAME = 8,  /* tag name stop: whitespace / > NUL CR */
    K_ANAME = 16,   /* attribute name stop: whitespace / > = NUL CR " ' < */
    K_UNQ = 32,     /* unquoted value stop: whitespace & > NUL CR " ' < = ` */
    K_ALPHA = 128,
    K_DIGIT = 256,
    K_HEX = 512
};

#define WSBITS (K_WS | K_TAGNAME | K_ANAME | K_UNQ)
static const uint16_t dl_cls[256] = {
    [0] = K_TAGNAME | K_ANAME | K_UNQ,
    ['\t'] = WSBITS, ['\n'] = WSBITS, ['\f'] = WSBITS, [' '] = WSBITS,
    ['\r'] = K_TAGNAME | K_ANAME | K_UNQ,
    ['<'] = K_ANAME | K_UNQ,
    ['&'] = K_UNQ,
    ['/'] = K_TAGNAME | K_ANAME,
    ['>'] = K_TAGNAME | K_ANAME | K_UNQ,
    ['='] = K_ANAME | K_UNQ,
    ['"'] = K_ANAME | K_UNQ, ['\''] = K_ANAME | K_UNQ, ['`'] = K_UNQ,
    ['0'] = K_DIGIT | K_HEX, ['1'] = K_DIGIT | K_HEX, ['2'] = K_DIGIT | K_HEX, ['3'] = K_DIGIT | K_HEX,
    ['4'] = K_DIGIT | K_HEX, ['5'] = K_DIGIT | K_HEX, ['6'] = K_DIGIT | K_HEX, ['7'] = K_DIGIT | K_HEX,
    ['8'] = K_DIGIT | K_HEX, ['9'] = K_DIGIT | K_HEX,
    ['A'] = K_ALPHA | K_HEX, ['B'] = K_ALPHA | K_HEX, ['C'] = K_ALPHA | K_HEX, ['D'] = K_ALPHA | K_HEX,
    ['E'] = K_ALPHA | K_HEX, ['F'] = K_ALPHA | K_HEX, ['G'] = K_ALPHA, ['H'] = K_ALPHA, ['I'] = K_ALPHA,
    ['J'] = K_ALPHA, ['K'] = K_ALPHA, ['L'] = K_ALPHA, ['M'] = K_ALPHA, ['N'] = K_ALPHA, ['O'] = K_ALPHA,
    ['P'] = K_ALPHA, ['Q'] = K_ALPHA, ['R'] = K_ALPHA, ['S'] = K_ALPHA, ['T'] = K_ALPHA, ['U'] = K_ALPHA,
    ['V'] = K_ALPHA, ['W'] = K_ALPHA, ['X'] = K_ALPHA, ['Y'] = K_ALPHA, ['Z'] = K_ALPHA,
    ['a'] = K_ALPHA | K_HEX, ['b'] = K_ALPHA | K_HEX, ['c'] = K_ALPHA | K_HEX, ['d'] = K_ALPHA | K_HEX,
    ['e'] = K_ALPHA | K_HEX, ['f'] = K_ALPHA | K_HEX, ['g'] = K_ALPHA, ['h'] = K_ALPHA, ['i'] = K_ALPHA,
    ['j'] = K_ALPHA, ['k'] = K_ALPHA, ['l'] = K_ALPHA, ['m'] = K_ALPHA, ['n'] = K_ALPHA, ['o'] = K_ALPHA,
    ['p'] = K_ALPHA, ['q'] = K_ALPHA, ['r'] = K_ALPHA, ['s'] = K_ALPHA, ['t'] = K_ALPHA, ['u'] = K_ALPHA,
    ['v'] = K_ALPHA, ['w'] = K_ALPHA, ['x'] = K_ALPHA, ['y'] = K_ALPHA, ['z'] = K_ALPHA,
};

/* The first byte in [p, end) equal to one of a, b, c, d (end if none). Text runs, attribute values and
 * comments are long enough that comparing 16 bytes at a time pays for itself. */
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
static inline const dl_uchar *dl_find4(const dl_uchar *p, const dl_uchar *end, char a, char b, char c, char d) {
    const __m128i va = _mm_set1_epi8(a), vb = _mm_set1_epi8(b), vc = _mm_set1_epi8(c), vd = _mm_set1_epi8(d);
    while (end - p >= 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
        __m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, va), _mm_cmpeq_epi8(x, vb)),
                                 _mm_or_si128(_mm_cmpeq_epi8(x, vc), _mm_cmpeq_epi8(x, vd)));
        int mask = _mm_movemask_epi8(m);
        if (mask) return p + __builtin_ctz((unsigned)mask);
        p += 16;
    }
    while (p < end && *p != (dl_uchar)a && *p != (dl_uchar)b && *p != (dl_uchar)c && *p != (dl_uchar)d) p++;
    return p;
}
#else
static inline const dl_uchar *dl_find4(const dl_uchar *p, const dl_uchar *end, char a, char b, char c, char d) {
    while (p < end && *p != (dl_uchar)a && *p != (dl_uchar)b && *p != (dl_uchar)c && *p != (dl_uchar)d) p++;
    return p;
}
#endif

#define IS(c, k) ((c) >= 0 && (dl_cls[(c)] & (k)))
#define LOWER(c) ((c) + ((((unsigned)(c) - 'A') < 26u) << 5))

typedef struct {
    size_t noff, nlen;       /* name in nbuf */
    const dl_uchar *vptr;    /* value when borrowed from the fed buffer */
    size_t voff, vlen;       /* value in vbuf when owned */
    int vborrowed;
    uint32_t hash;
    uint64_t start, end;
} dl_attr_rec;

#define NO_RUN UINT64_MAX
#define HT_MIN_ATTRS 8

struct dl_tokenizer {
    dl_token_sink sink;
    void *sink_ctx;
    dl_error_sink esink;
    void *ectx;

    int state, ret_state, text_state;
    int cdata_allowed;
    int failed, finished;
    int cr_at_end; /* the last byte fed was a CR: a leading LF of the next chunk belongs to it */

    /* The current fed buffer: absolute offset of its first byte, and its bytes. */
    uint64_t base;
    const dl_uchar *buf;
    size_t blen;

    uint64_t tok_start; /* '<' of the tag, comment or DOCTYPE being built */

    /* The pending character run. */
    dl_text run;
    uint64_t run_start, run_end;

    /* The tag being built. */
    int is_end, self_closing;
    dl_buf tagname, lastname, tmp;
    dl_attr_rec *attrs;
    size_t nattrs, attrcap;
    dl_buf nbuf, vbuf;
    dl_text aval;
    int aval_active;
    long cur_attr; /* index of the attribute being built, -1 if none or dropped as a duplicate */
    size_t owned_upto; /* attributes before this index hold no borrowed value (see feed()) */
    size_t aname_off;
    uint64_t attr_start, attr_end;
    uint32_t *ht;
    size_t htcap;
    int ht_on;
    dl_token_attr *out;
    size_t outcap;

    /* Comments and DOCTYPEs. */
    dl_text comment;
    dl_buf dt_name, dt_pub, dt_sys;
    int has_name, has_pub, has_sys, force_quirks;
    int quote;

    /* Look-ahead matches kept across chunks. */
    dl_uchar mdo[8];
    int mdo_len, mdo_mask;
    const char *kw;
    int kw_len;

    /* Character references. */
    uint64_t ref_start;
    dl_uchar refbuf[DL_ENTITY_MAX_LEN + 8];
    size_t nr_len, nr_lo, nr_hi, nr_bestlen;
    long nr_best;
    uint32_t num;
    dl_uchar hexchar;

    /* UTF-8 state of the input-stream error scan (only run when an error sink is set). */
    int u8need;
    uint32_t u8cp;
    uint64_t u8start;
    uint64_t scanned; /* absolute offset up to which dl_scan_upto has looked */
};

/* ---------------------------------------------------------------------------------------------- */

static void dl_free_all(dl_tokenizer *t) {
    free(t->run.own.data);
    free(t->tagname.data);
    free(t->lastname.data);
    free(t->tmp.data);
    free(t->attrs);
    free(t->nbuf.data);
    free(t->vbuf.data);
    free(t->aval.own.data);
    free(t->ht);
    free(t->out);
    free(t->comment.own.data);
    free(t->dt_name.data);
    free(t->dt_pub.data);
    free(t->dt_sys.data);
}

dl_tokenizer *dl_tokenizer_new(dl_token_sink sink, void *sink_ctx) {
    dl_tokenizer *t = (dl_tokenizer *)calloc(1, sizeof(*t));
    if (!t) return NULL;
    t->sink = sink;
    t->sink_ctx = sink_ctx;
    t->state = S_DATA;
    t->run_start = NO_RUN;
    t->cur_attr = -1;
    if (dl_buf_reserve(&t->tagname, 32) < 0 || dl_buf_reserve(&t->nbuf, 128) < 0) {
        dl_free_all(t);
        free(t);
        return NULL;
    }
    return t;
}

void dl_tokenizer_free(dl_tokenizer *t) {
    if (!t) return;
    dl_free_all(t);
    free(t);
}

void dl_tokenizer_set_error_sink(dl_tokenizer *t, dl_error_sink sink, void *ctx) {
    t->esink = sink;
    t->ectx = ctx;
}

void dl_tokenizer_set_state(dl_tokenizer *t, dl_tokenizer_initial_state state) {
    switch (state) {
    case DL_TSTATE_RCDATA: t->state = S_RCDATA; break;
    case DL_TSTATE_RAWTEXT: t->state = S_RAWTEXT; break;
    case DL_TSTATE_SCRIPT_DATA: t->state = S_SCRIPT_DATA; break;
    case DL_TSTATE_PLAINTEXT: t->state = S_PLAINTEXT; break;
    case DL_TSTATE_CDATA_SECTION: t->state = S_CDATA_SECTION; break;
    default: t->state = S_DATA; break;
    }
}

int dl_tokenizer_set_last_start_tag(dl_tokenizer *t, const char *name, size_t len) {
    t->lastname.len = 0;
    return dl_buf_append(&t->lastname, name, len);
}

void dl_tokenizer_set_cdata_allowed(dl_tokenizer *t, int allowed) { t->cdata_allowed = allowed != 0; }


/* ---------------------------------------------------------------------------------------------- */

static inline void dl_err(dl_tokenizer *t, dl_parse_error e, uint64_t off) {
    if (t->esink) t->esink(t->ectx, e, off);
}

static inline uint64_t dl_abs(const dl_tokenizer *t, const dl_uchar *q) {
    return t->base + (uint64_t)(q - t->buf);
}

/* Appends `lit` whose source is believed to start at absolute offset `abs`: borrowed when those
 * bytes are in the current buffer and equal to it, copied otherwise (an earlier chunk, or a CR). */
static int dl_text_at(dl_tokenizer *t, dl_text *x, uint64_t abs, const void *lit, size_t k) {
    if (abs >= t->base && abs - t->base <= t->blen && t->blen - (size_t)(abs - t->base) >= k) {
        const dl_uchar *s = t->buf + (abs - t->base);
        if (memcmp(s, lit, k) == 0) return dl_text_src(x, s, k);
    }
    return dl_text_lit(x, lit, k);
}

DL_ALWAYS_INLINE int dl_run_src(dl_tokenizer *t, const dl_uchar *s, const dl_uchar *e) {
    if (t->run_start == NO_RUN) t->run_start = dl_abs(t, s);
    t->run_end = dl_abs(t, e);
    return dl_text_src(&t->run, s, (size_t)(e - s));
}

static inline int dl_run_lit(dl_tokenizer *t, const void *lit, size_t k, uint64_t s, uint64_t e) {
    if (t->run_start == NO_RUN) t->run_start = s;
    t->run_end = e;
    return dl_text_lit(&t->run, lit, k);
}

static inline int dl_run_at(dl_tokenizer *t, uint64_t abs, const void *lit, size_t k) {
    if (t->run_start == NO_RUN) t->run_start = abs;
    t->run_end = abs + k;
    return dl_text_at(t, &t->run, abs, lit, k);
}

/* Field by field rather than memset: a token per tag makes the "rep stos" of a memset measurable. */
static inline void dl_tok_init(dl_token *tok, dl_token_type type, uint64_t start, uint64_t end) {
    static const dl_slice empty = {"", 0, 0};
    tok->type = type;
    tok->start = start;
    tok->end = end;
    tok->name = empty;
    tok->self_closing = 0;
    tok->attrs = NULL;
    tok->nattrs = 0;
    tok->data = empty;
    tok->has_name = tok->has_public_id = tok->has_system_id = tok->force_quirks = 0;
    tok->public_id = empty;
    tok->system_id = empty;
}

static int dl_emit(dl_tokenizer *t, const dl_token *tok) {
    if (t->sink(t->sink_ctx, tok) != 0) {
        t->failed = 1;
        return -1;
    }
    return 0;
}

static int dl_flush_run(dl_tokenizer *t) {
    if (t->run_start == NO_RUN) return 0;
    dl_token tok;
    dl_tok_init(&tok, DL_TOK_CHARACTER, t->run_start, t->run_end);
    tok.data.ptr = dl_text_ptr(&t->run);
    tok.data.len = dl_text_len(&t->run);
    tok.data.borrowed = !t->run.owned;
    t->run_start = NO_RUN;
    int r = dl_emit(t, &tok);
    dl_text_reset(&t->run);
    return r;
}

static size_t dl_utf8(uint32_t cp, dl_uchar *o) {
    if (cp < 0x80) { o[0] = (dl_uchar)cp; return 1; }
    if (cp < 0x800) { o[0] = (dl_uchar)(0xC0 | (cp >> 6)); o[1] = (dl_uchar)(0x80 | (cp & 0x3F)); return 2; }
    if (cp < 0x10000) {
        o[0] = (dl_uchar)(0xE0 | (cp >> 12));
        o[1] = (dl_uchar)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (dl_uchar)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (dl_uchar)(0xF0 | (cp >> 18));
    o[1] = (dl_uchar)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (dl_uchar)(0x80 | ((cp >> 6) & 0x3F));
    o[3] = (dl_uchar)(0x80 | (cp & 0x3F));
    return 4;
}

static const dl_uchar REPL[3] = {0xEF, 0xBF, 0xBD};

/* ---- tags and attributes ---- */

static void dl_ht_clear(dl_tokenizer *t) {
    if (!t->ht_on) return;
    t->ht_on = 0;
    if (t->htcap > 4096) {
        free(t->ht);
        t->ht = NULL;
        t->htcap = 0;
    } else {
        memset(t->ht, 0, t->htcap * sizeof(uint32_t));
    }
}

static void dl_new_tag(dl_tokenizer *t, int is_end) {
    t->is_end = is_end;
    t->self_closing = 0;
    t->tagname.len = 0;
    t->nattrs = 0;
    t->owned_upto = 0;
    t->nbuf.len = 0;
    t->vbuf.len = 0;
    t->cur_attr = -1;
    t->aval_active = 0;
    dl_text_reset(&t->aval);
    dl_ht_clear(t);
}

/* 64-bit FNV-1a from a per-tokenizer seed (its address, which ASLR varies), then a final mix: names
 * chosen to collide for one seed need not collide for another, which keeps a hostile tag with a
 * million attributes from turning the set quadratic. Output never depends on the seed. */
static uint32_t dl_hash(const dl_tokenizer *t, const dl_uchar *s, size_t n) {
    uint64_t h = 14695981039346656037ull ^ (uint64_t)(uintptr_t)t;
    for (size_t i = 0; i < n; i++) h = (h ^ s[i]) * 1099511628211ull;
    h ^= h >> 32;
    h *= 0xd6e8feb86659fd93ull;
    h ^= h >> 32;
    return (uint32_t)h;
}

static void dl_ht_insert(dl_tokenizer *t, size_t i) {
    size_t mask = t->htcap - 1, j = t->attrs[i].hash & mask;
    while (t->ht[j]) j = (j + 1) & mask;
    t->ht[j] = (uint32_t)(i + 1);
}

/* Few attributes are compared linearly (no hashing at all); past HT_MIN_ATTRS a hash set keeps a tag
 * with a million attributes linear. Names are hashed only once the set exists. */
static int dl_ht_rebuild(dl_tokenizer *t) {
    size_t cap = 64;
    while (cap < t->nattrs * 4) cap *= 2;
    if (cap > t->htcap) {
        uint32_t *nh = (uint32_t *)realloc(t->ht, cap * sizeof(uint32_t));
        if (!nh) return -1;
        t->ht = nh;
        t->htcap = cap;
    }
    memset(t->ht, 0, t->htcap * sizeof(uint32_t));
    for (size_t i = 0; i < t->nattrs; i++) {
        dl_attr_rec *r = &t->attrs[i];
        if (!t->ht_on) r->hash = dl_hash(t, (const dl_uchar *)t->nbuf.data + r->noff, r->nlen);
        dl_ht_insert(t, i);
    }
    t->ht_on = 1;
    return 0;
}

/* The name just finished: drop it if the tag already has it (spec: first one wins), else keep it. */
static int dl_attr_name_done(dl_tokenizer *t, uint64_t off) {
    const dl_uchar *name = (const dl_uchar *)t->nbuf.data + t->aname_off;
    size_t n = t->nbuf.len - t->aname_off;
    uint32_t h = 0;
    int dup = 0;
    if (t->ht_on) {
        h = dl_hash(t, name, n);
        size_t mask = t->htcap - 1, j = h & mask;
        while (t->ht[j]) {
            const dl_attr_rec *r = &t->attrs[t->ht[j] - 1];
            if (r->hash == h && r->nlen == n && memcmp(t->nbuf.data + r->noff, name, n) == 0) {
                dup = 1;
                break;
            }
            j = (j + 1) & mask;
        }
    } else {
        for (size_t i = 0; i < t->nattrs; i++) {
            const dl_attr_rec *r = &t->attrs[i];
            if (r->nlen == n && memcmp(t->nbuf.data + r->noff, name, n) == 0) {
                dup = 1;
                break;
            }
        }
    }
    if (dup) {
        dl_err(t, DL_ERR_DUPLICATE_ATTRIBUTE, off);
        t->nbuf.len = t->aname_off;
        t->cur_attr = -1;
        return 0;
    }
    /* Indices live in uint32_t hash slots and a long: refuse (as out of memory) past 2^31 - 1. */
    if (t->nattrs >= 0x7FFFFFFF) return -1;
    if (t->nattrs == t->attrcap) {
        size_t nc = t->attrcap ? t->attrcap * 2 : 16;
        dl_attr_rec *na = (dl_attr_rec *)realloc(t->attrs, nc * sizeof(*na));
        if (!na) return -1;
        t->attrs = na;
        t->attrcap = nc;
    }
    dl_attr_rec *r = &t->attrs[t->nattrs];
    r->noff = t->aname_off;
    r->nlen = n;
    r->vptr = NULL;
    r->voff = 0;
    r->vlen = 0;
    r->vborrowed = 0;
    r->hash = h;
    r->start = t->attr_start;
    r->end = t->attr_end;
    t->cur_attr = (long)t->nattrs;
    t->nattrs++;
    if (t->ht_on) {
        if (t->nattrs * 2 > t->htcap) return dl_ht_rebuild(t);
        dl_ht_insert(t, t->nattrs - 1);
    } else if (t->nattrs > HT_MIN_ATTRS) {
        return dl_ht_rebuild(t);
    }
    return 0;
}

static int dl_finish_attr(dl_tokenizer *t) {
    if (t->cur_attr >= 0) {
        dl_attr_rec *r = &t->attrs[t->cur_attr];
        r->end = t->attr_end;
        if (t->aval_active) {
            if (!t->aval.owned) {
                r->vptr = t->aval.bptr;
                r->vlen = t->aval.blen;
                r->vborrowed = r->vlen != 0;
                if (r->vborrowed && (size_t)t->cur_attr < t->owned_upto) t->owned_upto = (size_t)t->cur_attr;
            } else if (t->vbuf.len == 0) {
                /* The first owned value takes the builder's buffer instead of a copy: a 100 MB value
                 * fed in chunks then costs one buffer, not two. */
                dl_buf tmp = t->vbuf;
                t->vbuf = t->aval.own;
                t->aval.own = tmp;
                t->aval.own.len = 0;
                r->voff = 0;
                r->vlen = t->vbuf.len;
            } else {
                r->voff = t->vbuf.len;
                r->vlen = t->aval.own.len;
                if (dl_buf_append(&t->vbuf, t->aval.own.data, r->vlen) < 0) return -1;
            }
        }
    }
    t->cur_attr = -1;
    if (t->aval_active) {
        t->aval_active = 0;
        dl_text_reset(&t->aval);
    }
    return 0;
}

static inline void dl_start_attr(dl_tokenizer *t, uint64_t abs) {
    t->attr_start = abs;
    t->attr_end = abs;
    t->aname_off = t->nbuf.len;
}

static int dl_emit_tag(dl_tokenizer *t, uint64_t end) {
    if (dl_finish_attr(t) < 0) return -1;
    if (dl_flush_run(t) < 0) return -1;
    dl_token tok;
    dl_tok_init(&tok, t->is_end ? DL_TOK_END_TAG : DL_TOK_START_TAG, t->tok_start, end);
    tok.name.ptr = (const char *)t->tagname.data;
    tok.name.len = t->tagname.len;
    tok.self_closing = t->self_closing;
    if (t->is_end) {
        tok.type = DL_TOK_END_TAG;
        if (t->nattrs) dl_err(t, DL_ERR_END_TAG_WITH_ATTRIBUTES, end - 1);
        if (t->self_closing) dl_err(t, DL_ERR_END_TAG_WITH_TRAILING_SOLIDUS, end - 1);
    } else {
        tok.type = DL_TOK_START_TAG;
        t->state = S_DATA;
        if (t->nattrs > t->outcap) {
            size_t nc = t->outcap ? t->outcap : 16;
            while (nc < t->nattrs) nc *= 2;
            dl_token_attr *no = (dl_token_attr *)realloc(t->out, nc * sizeof(*no));
            if (!no) return -1;
            t->out = no;
            t->outcap = nc;
        }
        for (size_t i = 0; i < t->nattrs; i++) {
            const dl_attr_rec *r = &t->attrs[i];
            dl_token_attr *o = &t->out[i];
            o->name.ptr = (const char *)t->nbuf.data + r->noff;
            o->name.len = r->nlen;
            o->name.borrowed = 0;
            if (r->vborrowed) {
                o->value.ptr = (const char *)r->vptr;
                o->value.borrowed = 1;
            } else {
                o->value.ptr = r->vlen ? (const char *)t->vbuf.data + r->voff : "";
                o->value.borrowed = 0;
            }
            o->value.len = r->vlen;
            o->start = r->start;
            o->end = r->end;
        }
        tok.attrs = t->out;
        tok.nattrs = t->nattrs;
        /* The name becomes the last start tag name by trading buffers, not by a copy: the tag name
         * buffer is emptied by dl_new_tag() before it is written again, and tok.name keeps pointing
         * at the same bytes, now owned by lastname. */
        dl_buf swap = t->lastname;
        t->lastname = t->tagname;
        t->tagname = swap;
    }
    t->state = S_DATA;
    int r = dl_emit(t, &tok);
    t->nattrs = 0;
    return r;
}

static int dl_emit_comment(dl_tokenizer *t, uint64_t end) {
    if (dl_flush_run(t) < 0) return -1;
    dl_token tok;
    dl_tok_init(&tok, DL_TOK_COMMENT, t->tok_start, end);
    tok.data.ptr = dl_text_ptr(&t->comment);
    tok.data.len = dl_text_len(&t->comment);
    tok.data.borrowed = !t->comment.owned;
    t->state = S_DATA;
    int r = dl_emit(t, &tok);
    dl_text_reset(&t->comment);
    return r;
}

static void dl_new_doctype(dl_tokenizer *t) {
    t->dt_name.len = t->dt_pub.len = t->dt_sys.len = 0;
    t->has_name = t->has_pub = t->has_sys = t->force_quirks = 0;
}

static int dl_emit_doctype(dl_tokenizer *t, uint64_t end) {
    if (dl_flush_run(t) < 0) return -1;
    dl_token tok;
    dl_tok_init(&tok, DL_TOK_DOCTYPE, t->tok_start, end);
    tok.name.ptr = t->dt_name.len ? (const char *)t->dt_name.data : "";
    tok.name.len = t->dt_name.len;
    tok.public_id.ptr = t->dt_pub.len ? (const char *)t->dt_pub.data : "";
    tok.public_id.len = t->dt_pub.len;
    tok.system_id.ptr = t->dt_sys.len ? (const char *)t->dt_sys.data : "";
    tok.system_id.len = t->dt_sys.len;
    tok.has_name = t->has_name;
    tok.has_public_id = t->has_pub;
    tok.has_system_id = t->has_sys;
    tok.force_quirks = t->force_quirks;
    t->state = S_DATA;
    return dl_emit(t, &tok);
}

/* ---- character references ---- */

static inline int dl_ref_in_attr(const dl_tokenizer *t) {
    return t->ret_state == S_ATTRIBUTE_VALUE_DOUBLE_QUOTED || t->ret_state == S_ATTRIBUTE_VALUE_SINGLE_QUOTED || t->ret_state == S_ATTRIBUTE_VALUE_UNQUOTED;
}

/* Text of a reference that turned out not to be one, as it stands in the source at `abs`. */
static int dl_ref_text(dl_tokenizer *t, uint64_t abs, const void *lit, size_t k) {
    if (k == 0) return 0;
    if (dl_ref_in_attr(t)) return dl_text_at(t, &t->aval, abs, lit, k);
    return dl_run_at(t, abs, lit, k);
}

static int dl_ref_value(dl_tokenizer *t, uint32_t cp0, uint32_t cp1, uint64_t end) {
    dl_uchar o[8];
    size_t n = dl_utf8(cp0, o);
    if (cp1) n += dl_utf8(cp1, o + n);
    if (dl_ref_in_attr(t)) return dl_text_lit(&t->aval, o, n);
    return dl_run_lit(t, o, n, t->ref_start, end);
}

static inline int dl_ent_char(size_t i, size_t k) {
    return dl_entities[i].len > k ? (dl_uchar)dl_entity_blob[dl_entities[i].off + k] : -1;
}

/* Narrows [lo, hi), the names sharing the first k characters, to those whose next character is c. */
static void dl_ent_narrow(size_t *lo, size_t *hi, size_t k, int c) {
    size_t a = *lo, b = *hi;
    while (a < b) {
        size_t m = a + (b - a) / 2;
        if (dl_ent_char(m, k) < c) a = m + 1;
        else b = m;
    }
    size_t first = a;
    b = *hi;
    while (a < b) {
        size_t m = a + (b - a) / 2;
        if (dl_ent_char(m, k) <= c) a = m + 1;
        else b = m;
    }
    *lo = first;
    *hi = a;
}

/* The entity named exactly s[0..n) (a complete name, so it ends with ';'), or -1. */
static long dl_ent_find(const dl_uchar *s, size_t n) {
    size_t a = 0, b = DL_ENTITY_COUNT;
    while (a < b) {
        size_t m = a + (b - a) / 2, len = dl_entities[m].len;
        int r = memcmp(dl_entity_blob + dl_entities[m].off, s, len < n ? len : n);
        if (r == 0) r = len < n ? -1 : len > n;
        if (r == 0) return (long)m;
        if (r < 0) a = m + 1;
        else b = m;
    }
    return -1;
}

static const uint16_t dl_c1_table[32] = {
    0x20AC, 0x81,   0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0x8D,   0x017D, 0x8F,   0x90,   0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D,   0x017E, 0x0178,
};

/* 13.2.5.80 Numeric character reference end state
 * https://html.spec.whatwg.org/multipage/parsing.html#numeric-character-reference-end-state
 * A function, not a case: the decimal and hexadecimal states end in it without reading a character. */
static int dl_numeric_end(dl_tokenizer *t, uint64_t here, uint64_t end) {
    uint32_t cp = t->num;
    if (cp == 0) {
        dl_err(t, DL_ERR_NULL_CHARACTER_REFERENCE, here);
        cp = 0xFFFD;
    } else if (cp > 0x10FFFF) {
        dl_err(t, DL_ERR_CHARACTER_REFERENCE_OUTSIDE_UNICODE_RANGE, here);
        cp = 0xFFFD;
    } else if (cp >= 0xD800 && cp <= 0xDFFF) {
        dl_err(t, DL_ERR_SURROGATE_CHARACTER_REFERENCE, here);
        cp = 0xFFFD;
    } else if ((cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE) {
        dl_err(t, DL_ERR_NONCHARACTER_CHARACTER_REFERENCE, here);
    } else if (cp == 0x0D || (cp < 0x20 && cp != 0x09 && cp != 0x0A && cp != 0x0C) ||
               (cp >= 0x7F && cp <= 0x9F)) {
        dl_err(t, DL_ERR_CONTROL_CHARACTER_REFERENCE, here);
        if (cp >= 0x80) cp = dl_c1_table[cp - 0x80];
    }
    t->state = t->ret_state;
    return dl_ref_value(t, cp, 0, end);
}

/* ---- input stream errors (HTML Standard 13.2.3.5), checked only when someone listens ---- */

static void dl_check_cp(dl_tokenizer *t, uint32_t cp, uint64_t off) {
    if (cp >= 0xD800 && cp <= 0xDFFF) {
        dl_err(t, DL_ERR_SURROGATE_IN_INPUT_STREAM, off);
    } else if ((cp >= 0xFDD0 && cp <= 0xFDEF) || ((cp & 0xFFFE) == 0xFFFE && cp <= 0x10FFFF)) {
        dl_err(t, DL_ERR_NONCHARACTER_IN_INPUT_STREAM, off);
    } else if ((cp >= 0x01 && cp < 0x20 && cp != 0x09 && cp != 0x0A && cp != 0x0C && cp != 0x0D) ||
               (cp >= 0x7F && cp <= 0x9F)) {
        dl_err(t, DL_ERR_CONTROL_CHARACTER_IN_INPUT_STREAM, off);
    }
}

/* Scans the fed bytes up to q that it has not scanned yet. The state machine calls it as it fetches
 * characters, so these errors interleave with the tokenizer's own in input order, whatever the
 * chunking. */
static void dl_scan_upto(dl_tokenizer *t, const dl_uchar *q) {
    uint64_t upto = dl_abs(t, q);
    if (upto <= t->scanned) return;
    size_t from = t->scanned > t->base ? (size_t)(t->scanned - t->base) : 0, n = (size_t)(upto - t->base);
    t->scanned = upto;
    const dl_uchar *d = t->buf;
    for (size_t i = from; i < n; i++) {
        dl_uchar b = d[i];
        if (t->u8need) {
            if ((b & 0xC0) == 0x80) {
                t->u8cp = (t->u8cp << 6) | (b & 0x3F);
                if (--t->u8need == 0) dl_check_cp(t, t->u8cp, t->u8start);
                continue;
            }
            t->u8need = 0;
        }
        if (b < 0x80) {
            if ((b < 0x20 || b == 0x7F) && b != 0) dl_check_cp(t, b, t->base + i);
        } else if (b >= 0xC2 && b < 0xE0) {
            t->u8need = 1;
            t->u8cp = b & 0x1F;
            t->u8start = t->base + i;
        } else if (b >= 0xE0 && b < 0xF0) {
            t->u8need = 2;
            t->u8cp = b & 0x0F;
            t->u8start = t->base + i;
        } else if (b >= 0xF0 && b < 0xF5) {
            t->u8need = 3;
            t->u8cp = b & 0x07;
            t->u8start = t->base + i;
        }
    }
}

/* ---- the state machine ---- */

/* Next input character into c; -1 at EOF when finishing; suspends at the end of a fed buffer. CR LF
 * and lone CR become LF here: p stays on the CR and ADV() steps over the pair (crlf), so a state that
 * reconsumes sees the same character at the same offset. A CR ending a chunk leaves cr_at_end for
 * feed() to drop a leading LF of the next one. */
#define FETCH()                                                                                        \
    do {                                                                                               \
        cp = p;                                                                                        \
        crlf = 0;                                                                                      \
        if (p >= end) {                                                                                \
            if (!eof) goto suspend;                                                                    \
            c = -1;                                                                                    \
        } else {                                                                                       \
            c = *p;                                                                                    \
            if (t->esink) dl_scan_upto(t, p + 1);                                                      \
            if (c == '\r') {                                                                           \
                if (p + 1 < end) crlf = p[1] == '\n';                                                  \
                else t->cr_at_end = 1;                                                                 \
                c = '\n';                                                                              \
            }                                                                                          \
        }                                                                                              \
    } while (0)
#define ADV() (p += 1 + crlf)
/* Direct jumps along the common path of markup (data, tag, attribute states): the same as setting the
 * state and going round the loop, minus an indirect branch the CPU often mispredicts. */
#define GOTO(st, lbl)                                                                                  \
    do {                                                                                               \
        t->state = (st);                                                                               \
        goto lbl;                                                                                      \
    } while (0)
/* After a start tag the sink may have switched the state; the usual case is the data state. */
#define AFTER_EMIT()                                                                                   \
    do {                                                                                               \
        if (t->state == S_DATA) goto l_data;                                                           \
    } while (0)

#define CHK(x)                                                                                         \
    do {                                                                                               \
        if ((x) < 0) goto fail;                                                                        \
    } while (0)
#define ABS(q) dl_abs(t, (q))
#define ERR(code, q) dl_err(t, DL_ERR_##code, ABS(q))
/* The current character (LF for a CR) appended to a text builder / to the run. */
#define TEXT_CUR(x) ((c == *p) ? dl_text_src((x), p, 1) : dl_text_lit((x), "\n", 1))
#define RUN_CUR() ((c == *p) ? dl_run_src(t, p, p + 1) : dl_run_lit(t, "\n", 1, ABS(p), ABS(p) + 1 + crlf))
#define RUN_REPL() dl_run_lit(t, REPL, 3, ABS(p), ABS(p) + 1)
/* Text that sits `back` bytes before the current character in the source. */
#define TEXT_BACK(x, back, lit, k) dl_text_at(t, (x), ABS(cp) - (back), (lit), (k))

static int dl_run(dl_tokenizer *t, const dl_uchar *p, const dl_uchar *end, int eof) {
    const dl_uchar *cp = p, *s;
    int c, crlf = 0;
    for (;;) {
        switch (t->state) {
#include "tokenizer/data_states.inc"
#include "tokenizer/end_tag_states.inc"
#include "tokenizer/script_states.inc"
#include "tokenizer/tag_states.inc"
#include "tokenizer/comment_states.inc"
#include "tokenizer/doctype_states.inc"
#include "tokenizer/charref_states.inc"

        default:
            goto fail;
        }
    }

suspend:
    if (t->esink) dl_scan_upto(t, end);
    return 0;

eof_out:
    if (dl_flush_run(t) < 0) goto fail;
    {
        dl_token tok;
        dl_tok_init(&tok, DL_TOK_EOF, ABS(p), ABS(p));
        t->finished = 1;
        if (dl_emit(t, &tok) < 0) goto fail;
    }
    return 0;

fail:
    t->failed = 1;
    return -1;
}

int dl_tokenizer_feed(dl_tokenizer *t, const char *data, size_t len) {
    if (t->failed || t->finished) return -1;
    if (len == 0) return 0;
    const dl_uchar *d = (const dl_uchar *)data;
    size_t start = 0;
    if (t->cr_at_end) {
        t->cr_at_end = 0;
        if (d[0] == '\n') {
            start = 1;
            /* The LF completes a CR LF whose CR ended the run: the run's source span covers it. */
            if (t->run_start != NO_RUN && t->run_end == t->base) t->run_end++;
        }
    }
    t->buf = d;
    t->blen = len;
    int r = dl_run(t, d + start, d + len, 0);
    if (r == 0 && !t->finished) {
        /* Whatever still points into `data` must be copied before the caller reuses it. */
        if (dl_text_materialize(&t->run) < 0 || dl_text_materialize(&t->comment) < 0 ||
            dl_text_materialize(&t->aval) < 0)
            r = -1;
        /* Only attributes finished since the last feed can be borrowed, so this stays linear in the
         * attribute count however finely the tag is chunked. */
        for (size_t i = t->owned_upto; r == 0 && i < t->nattrs; i++) {
            dl_attr_rec *a = &t->attrs[i];
            if (!a->vborrowed) continue;
            a->voff = t->vbuf.len;
            if (dl_buf_append(&t->vbuf, a->vptr, a->vlen) < 0) r = -1;
            a->vborrowed = 0;
            a->vptr = NULL;
        }
        t->owned_upto = t->nattrs;
        if (r < 0) t->failed = 1;
    }
    t->base += len;
    t->buf = NULL;
    t->blen = 0;
    return r;
}

int dl_tokenizer_finish(dl_tokenizer *t) {
    if (t->failed) return -1;
    if (t->finished) return 0;
    static const dl_uchar empty[1] = {0};
    t->buf = empty;
    t->blen = 0;
    int r = dl_run(t, empty, empty, 1);
    t->buf = NULL;
    return r;
}
