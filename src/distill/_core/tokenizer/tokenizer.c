/* The WHATWG HTML tokenizer (HTML Standard 13.2.5) over UTF-8 bytes, incremental.
 *
 * Every state of 13.2.5 is a function named as the spec names it (13.2.5.36 "Attribute value
 * (double-quoted) state" is attribute_value_double_quoted_state()), grouped by family in the
 * *_states.inc files, each under its section number, title and anchor. A state function takes the
 * tokenizer and the input cursor, consumes what its spec text consumes, and returns the next state, or
 * R_SUSPEND at the end of the fed bytes (the same state resumes at the next feed, all progress kept in
 * the tokenizer), R_EOF or R_FAIL. dl_run() calls them from one dispatch loop over DL_TOKENIZER_STATES.
 * The state functions are always inlined into it, each from its one call site, so the cursor lives in
 * registers and a state that returns a constant jumps straight to the next state's code (the compiler
 * threads the dispatch): the layout costs no speed over a hand-written switch.
 *
 * Every state reads the next character through FETCH, which yields EOF (-1) only when finish() drives
 * it, and otherwise suspends. The states whose spec text looks ahead ("the next few characters are
 * DOCTYPE", the longest named reference) match one character at a time instead, so a chunk boundary
 * can fall anywhere.
 *
 * The hot states (data, text content models, tag and attribute names, attribute values, comments)
 * first scan (16 bytes at a time with SSE2, else a table or byte loop) over the bytes that need no
 * decision and append them as one piece; the text builder (tok_internal.h) keeps such pieces as
 * slices of the fed buffer until something (a reference, NUL, CR, the end of the buffer) forces a
 * copy.
 */
#include "tokenizer/tokenizer.h"

#include "common/bytes.h"
#include "common/compiler.h"
#include "tokenizer/tok_internal.h"

typedef struct {
    uint16_t off;
    uint8_t len;
    uint32_t cp0, cp1;
} dl_entity;

#include "tokenizer/entities_table.inc"

/* The tokenizer states of the HTML Standard (13.2.5.1-80) in the spec's order, each with the function
 * that implements it (in the *_states.inc files, under its section title and anchor), plus the one
 * helper state that matches 13.2.5.56's PUBLIC / SYSTEM look-ahead a character at a time. */
#define DL_TOKENIZER_STATES(X) \
    X(S_DATA, data_state)                                                                                   /* 13.2.5.1 */ \
    X(S_RCDATA, rcdata_state)                                                                               /* 13.2.5.2 */ \
    X(S_RAWTEXT, rawtext_state)                                                                             /* 13.2.5.3 */ \
    X(S_SCRIPT_DATA, script_data_state)                                                                     /* 13.2.5.4 */ \
    X(S_PLAINTEXT, plaintext_state)                                                                         /* 13.2.5.5 */ \
    X(S_TAG_OPEN, tag_open_state)                                                                           /* 13.2.5.6 */ \
    X(S_END_TAG_OPEN, end_tag_open_state)                                                                   /* 13.2.5.7 */ \
    X(S_TAG_NAME, tag_name_state)                                                                           /* 13.2.5.8 */ \
    X(S_RCDATA_LESS_THAN_SIGN, rcdata_less_than_sign_state)                                                 /* 13.2.5.9 */ \
    X(S_RCDATA_END_TAG_OPEN, rcdata_end_tag_open_state)                                                     /* 13.2.5.10 */ \
    X(S_RCDATA_END_TAG_NAME, rcdata_end_tag_name_state)                                                     /* 13.2.5.11 */ \
    X(S_RAWTEXT_LESS_THAN_SIGN, rawtext_less_than_sign_state)                                               /* 13.2.5.12 */ \
    X(S_RAWTEXT_END_TAG_OPEN, rawtext_end_tag_open_state)                                                   /* 13.2.5.13 */ \
    X(S_RAWTEXT_END_TAG_NAME, rawtext_end_tag_name_state)                                                   /* 13.2.5.14 */ \
    X(S_SCRIPT_DATA_LESS_THAN_SIGN, script_data_less_than_sign_state)                                       /* 13.2.5.15 */ \
    X(S_SCRIPT_DATA_END_TAG_OPEN, script_data_end_tag_open_state)                                           /* 13.2.5.16 */ \
    X(S_SCRIPT_DATA_END_TAG_NAME, script_data_end_tag_name_state)                                           /* 13.2.5.17 */ \
    X(S_SCRIPT_DATA_ESCAPE_START, script_data_escape_start_state)                                           /* 13.2.5.18 */ \
    X(S_SCRIPT_DATA_ESCAPE_START_DASH, script_data_escape_start_dash_state)                                 /* 13.2.5.19 */ \
    X(S_SCRIPT_DATA_ESCAPED, script_data_escaped_state)                                                     /* 13.2.5.20 */ \
    X(S_SCRIPT_DATA_ESCAPED_DASH, script_data_escaped_dash_state)                                           /* 13.2.5.21 */ \
    X(S_SCRIPT_DATA_ESCAPED_DASH_DASH, script_data_escaped_dash_dash_state)                                 /* 13.2.5.22 */ \
    X(S_SCRIPT_DATA_ESCAPED_LESS_THAN_SIGN, script_data_escaped_less_than_sign_state)                       /* 13.2.5.23 */ \
    X(S_SCRIPT_DATA_ESCAPED_END_TAG_OPEN, script_data_escaped_end_tag_open_state)                           /* 13.2.5.24 */ \
    X(S_SCRIPT_DATA_ESCAPED_END_TAG_NAME, script_data_escaped_end_tag_name_state)                           /* 13.2.5.25 */ \
    X(S_SCRIPT_DATA_DOUBLE_ESCAPE_START, script_data_double_escape_start_state)                             /* 13.2.5.26 */ \
    X(S_SCRIPT_DATA_DOUBLE_ESCAPED, script_data_double_escaped_state)                                       /* 13.2.5.27 */ \
    X(S_SCRIPT_DATA_DOUBLE_ESCAPED_DASH, script_data_double_escaped_dash_state)                             /* 13.2.5.28 */ \
    X(S_SCRIPT_DATA_DOUBLE_ESCAPED_DASH_DASH, script_data_double_escaped_dash_dash_state)                   /* 13.2.5.29 */ \
    X(S_SCRIPT_DATA_DOUBLE_ESCAPED_LESS_THAN_SIGN, script_data_double_escaped_less_than_sign_state)         /* 13.2.5.30 */ \
    X(S_SCRIPT_DATA_DOUBLE_ESCAPE_END, script_data_double_escape_end_state)                                 /* 13.2.5.31 */ \
    X(S_BEFORE_ATTRIBUTE_NAME, before_attribute_name_state)                                                 /* 13.2.5.32 */ \
    X(S_ATTRIBUTE_NAME, attribute_name_state)                                                               /* 13.2.5.33 */ \
    X(S_AFTER_ATTRIBUTE_NAME, after_attribute_name_state)                                                   /* 13.2.5.34 */ \
    X(S_BEFORE_ATTRIBUTE_VALUE, before_attribute_value_state)                                               /* 13.2.5.35 */ \
    X(S_ATTRIBUTE_VALUE_DOUBLE_QUOTED, attribute_value_double_quoted_state)                                 /* 13.2.5.36 */ \
    X(S_ATTRIBUTE_VALUE_SINGLE_QUOTED, attribute_value_single_quoted_state)                                 /* 13.2.5.37 */ \
    X(S_ATTRIBUTE_VALUE_UNQUOTED, attribute_value_unquoted_state)                                           /* 13.2.5.38 */ \
    X(S_AFTER_ATTRIBUTE_VALUE_QUOTED, after_attribute_value_quoted_state)                                   /* 13.2.5.39 */ \
    X(S_SELF_CLOSING_START_TAG, self_closing_start_tag_state)                                               /* 13.2.5.40 */ \
    X(S_BOGUS_COMMENT, bogus_comment_state)                                                                 /* 13.2.5.41 */ \
    X(S_MARKUP_DECLARATION_OPEN, markup_declaration_open_state)                                             /* 13.2.5.42 */ \
    X(S_COMMENT_START, comment_start_state)                                                                 /* 13.2.5.43 */ \
    X(S_COMMENT_START_DASH, comment_start_dash_state)                                                       /* 13.2.5.44 */ \
    X(S_COMMENT, comment_state)                                                                             /* 13.2.5.45 */ \
    X(S_COMMENT_LESS_THAN_SIGN, comment_less_than_sign_state)                                               /* 13.2.5.46 */ \
    X(S_COMMENT_LESS_THAN_SIGN_BANG, comment_less_than_sign_bang_state)                                     /* 13.2.5.47 */ \
    X(S_COMMENT_LESS_THAN_SIGN_BANG_DASH, comment_less_than_sign_bang_dash_state)                           /* 13.2.5.48 */ \
    X(S_COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH, comment_less_than_sign_bang_dash_dash_state)                 /* 13.2.5.49 */ \
    X(S_COMMENT_END_DASH, comment_end_dash_state)                                                           /* 13.2.5.50 */ \
    X(S_COMMENT_END, comment_end_state)                                                                     /* 13.2.5.51 */ \
    X(S_COMMENT_END_BANG, comment_end_bang_state)                                                           /* 13.2.5.52 */ \
    X(S_DOCTYPE, doctype_state)                                                                             /* 13.2.5.53 */ \
    X(S_BEFORE_DOCTYPE_NAME, before_doctype_name_state)                                                     /* 13.2.5.54 */ \
    X(S_DOCTYPE_NAME, doctype_name_state)                                                                   /* 13.2.5.55 */ \
    X(S_AFTER_DOCTYPE_NAME, after_doctype_name_state)                                                       /* 13.2.5.56 */ \
    X(S_AFTER_DOCTYPE_NAME_KEYWORD, after_doctype_name_keyword_lookahead)                                   /* 13.2.5.56, its look-ahead */ \
    X(S_AFTER_DOCTYPE_PUBLIC_KEYWORD, after_doctype_public_keyword_state)                                   /* 13.2.5.57 */ \
    X(S_BEFORE_DOCTYPE_PUBLIC_IDENTIFIER, before_doctype_public_identifier_state)                           /* 13.2.5.58 */ \
    X(S_DOCTYPE_PUBLIC_IDENTIFIER_DOUBLE_QUOTED, doctype_public_identifier_double_quoted_state)             /* 13.2.5.59 */ \
    X(S_DOCTYPE_PUBLIC_IDENTIFIER_SINGLE_QUOTED, doctype_public_identifier_single_quoted_state)             /* 13.2.5.60 */ \
    X(S_AFTER_DOCTYPE_PUBLIC_IDENTIFIER, after_doctype_public_identifier_state)                             /* 13.2.5.61 */ \
    X(S_BETWEEN_DOCTYPE_PUBLIC_AND_SYSTEM_IDENTIFIERS, between_doctype_public_and_system_identifiers_state) /* 13.2.5.62 */ \
    X(S_AFTER_DOCTYPE_SYSTEM_KEYWORD, after_doctype_system_keyword_state)                                   /* 13.2.5.63 */ \
    X(S_BEFORE_DOCTYPE_SYSTEM_IDENTIFIER, before_doctype_system_identifier_state)                           /* 13.2.5.64 */ \
    X(S_DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED, doctype_system_identifier_double_quoted_state)             /* 13.2.5.65 */ \
    X(S_DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED, doctype_system_identifier_single_quoted_state)             /* 13.2.5.66 */ \
    X(S_AFTER_DOCTYPE_SYSTEM_IDENTIFIER, after_doctype_system_identifier_state)                             /* 13.2.5.67 */ \
    X(S_BOGUS_DOCTYPE, bogus_doctype_state)                                                                 /* 13.2.5.68 */ \
    X(S_CDATA_SECTION, cdata_section_state)                                                                 /* 13.2.5.69 */ \
    X(S_CDATA_SECTION_BRACKET, cdata_section_bracket_state)                                                 /* 13.2.5.70 */ \
    X(S_CDATA_SECTION_END, cdata_section_end_state)                                                         /* 13.2.5.71 */ \
    X(S_CHARACTER_REFERENCE, character_reference_state)                                                     /* 13.2.5.72 */ \
    X(S_NAMED_CHARACTER_REFERENCE, named_character_reference_state)                                         /* 13.2.5.73 */ \
    X(S_AMBIGUOUS_AMPERSAND, ambiguous_ampersand_state)                                                     /* 13.2.5.74 */ \
    X(S_NUMERIC_CHARACTER_REFERENCE, numeric_character_reference_state)                                     /* 13.2.5.75 */ \
    X(S_HEXADECIMAL_CHARACTER_REFERENCE_START, hexadecimal_character_reference_start_state)                 /* 13.2.5.76 */ \
    X(S_DECIMAL_CHARACTER_REFERENCE_START, decimal_character_reference_start_state)                         /* 13.2.5.77 */ \
    X(S_HEXADECIMAL_CHARACTER_REFERENCE, hexadecimal_character_reference_state)                             /* 13.2.5.78 */ \
    X(S_DECIMAL_CHARACTER_REFERENCE, decimal_character_reference_state)                                     /* 13.2.5.79 */ \
    X(S_NUMERIC_CHARACTER_REFERENCE_END, numeric_character_reference_end_state)                             /* 13.2.5.80 */

#define DL_STATE_ID(id, fn) id,
enum { DL_TOKENIZER_STATES(DL_STATE_ID) DL_TOKENIZER_NSTATES };
#undef DL_STATE_ID

/* What a state function returns when it does not name the next state. */
enum {
    R_SUSPEND = -1, /* the fed bytes are used up: the same state resumes at the next feed */
    R_EOF = -2,     /* the state emitted what end of input calls for: emit the end-of-file token */
    R_FAIL = -3     /* out of memory, or the sink refused a token */
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

/* The first byte in [p, end) of class k (K_TAGNAME or K_ANAME: the bytes that end a tag or attribute
 * name), end if none. A name's end is where a byte-at-a-time loop mispredicts its exit once per name,
 * at a length no predictor learns; here 16 bytes are screened at once for the candidates (a byte up to
 * U+0020, '/', '>', and for attribute names '<', '=', '"', '\''), and the first candidate the table
 * confirms is the end (a control byte that is no stop, such as U+0001, is passed over). */
static inline const dl_uchar *dl_name_end(const dl_uchar *p, const dl_uchar *end, uint16_t k) {
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
    const __m128i space = _mm_set1_epi8(0x20);
    while (end - p >= 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
        __m128i m = _mm_or_si128(_mm_cmpeq_epi8(_mm_max_epu8(x, space), space),
                                 _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('/')), _mm_cmpeq_epi8(x, _mm_set1_epi8('>'))));
        if (k & K_ANAME)
            m = _mm_or_si128(m, _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('<')),
                                                          _mm_cmpeq_epi8(x, _mm_set1_epi8('='))),
                                             _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')),
                                                          _mm_cmpeq_epi8(x, _mm_set1_epi8('\'')))));
        for (unsigned mask = (unsigned)_mm_movemask_epi8(m); mask; mask &= mask - 1) {
            const dl_uchar *q = p + __builtin_ctz(mask);
            if (dl_cls[*q] & k) return q;
        }
        p += 16;
    }
#endif
    while (p < end && !(dl_cls[*p] & k)) p++;
    return p;
}

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

    int state;     /* where dl_run() resumes at the next feed; the sink may set it (set_state) */
    int ret_state; /* the return state of a character reference */
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
    uint64_t name_lens; /* bit n % 64: the current tag has an attribute name of n bytes (no hash table yet) */
    dl_token_attr *out;
    size_t outcap;

    /* Comments and DOCTYPEs. */
    dl_text comment;
    dl_buf dt_name, dt_pub, dt_sys;
    int has_name, has_pub, has_sys, force_quirks;

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

DL_ALWAYS_INLINE void dl_err(dl_tokenizer *t, dl_parse_error e, uint64_t off) {
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
    t->name_lens = 0;
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
            if (r->hash == h && r->nlen == n && dl_bytes_eq(t->nbuf.data + r->noff, (const char *)name, n)) {
                dup = 1;
                break;
            }
            j = (j + 1) & mask;
        }
    } else if ((t->name_lens >> (n & 63)) & 1) {
        /* only a name of a length seen before can be a duplicate: most tags never get here, and the
         * loop's exit, at a count no predictor learns, is not taken per attribute */
        for (size_t i = 0; i < t->nattrs; i++) {
            const dl_attr_rec *r = &t->attrs[i];
            if (r->nlen == n && dl_bytes_eq(t->nbuf.data + r->noff, (const char *)name, n)) {
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
    t->name_lens |= (uint64_t)1 << (n & 63);
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
    t->name_lens = 0;
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

/* Where the state functions read: the fed bytes, and the current input character once FETCH has
 * read it. dl_run() keeps it as a local whose address only the inlined state functions see, so its
 * fields live in registers. */
typedef struct {
    const dl_uchar *p;   /* the next byte to consume */
    const dl_uchar *end; /* end of the fed bytes */
    const dl_uchar *cp;  /* where the current input character starts */
    int c;               /* the current input character: a byte, LF for CR and CR LF, -1 at EOF */
    int crlf;            /* the current character is a CR LF pair (ADV steps over both) */
    int eof;             /* finish() drives the run: the end of the bytes is the end of input */
} dl_cursor;

/* A state function: always inlined into dl_run(), its only caller (see the comment at the top). */
#define DL_STATE DL_ALWAYS_INLINE int

/* Next input character into in->c; -1 at EOF when finishing; at the end of a fed buffer the state
 * returns R_SUSPEND. CR LF and lone CR become LF here: in->p stays on the CR and ADV() steps over the
 * pair (crlf), so a state that reconsumes sees the same character at the same offset. A CR ending a
 * chunk leaves cr_at_end for feed() to drop a leading LF of the next one. */
#define FETCH()                                                                                        \
    do {                                                                                               \
        in->cp = in->p;                                                                                \
        in->crlf = 0;                                                                                  \
        if (in->p >= in->end) {                                                                        \
            if (!in->eof) return R_SUSPEND;                                                            \
            in->c = -1;                                                                                \
        } else {                                                                                       \
            in->c = *in->p;                                                                            \
            if (t->esink) dl_scan_upto(t, in->p + 1);                                                  \
            if (in->c == '\r') {                                                                       \
                if (in->p + 1 < in->end) in->crlf = in->p[1] == '\n';                                  \
                else t->cr_at_end = 1;                                                                 \
                in->c = '\n';                                                                          \
            }                                                                                          \
        }                                                                                              \
    } while (0)
#define ADV() (in->p += 1 + in->crlf)

#define CHK(x)                                                                                         \
    do {                                                                                               \
        if ((x) < 0) return R_FAIL;                                                                    \
    } while (0)
#define ABS(q) dl_abs(t, (q))
#define ERR(code, q) dl_err(t, DL_ERR_##code, ABS(q))
/* The current character (LF for a CR) appended to a text builder / to the run. */
#define TEXT_CUR(x) ((in->c == *in->p) ? dl_text_src((x), in->p, 1) : dl_text_lit((x), "\n", 1))
#define RUN_CUR()                                                                                      \
    ((in->c == *in->p) ? dl_run_src(t, in->p, in->p + 1)                                               \
                       : dl_run_lit(t, "\n", 1, ABS(in->p), ABS(in->p) + 1 + in->crlf))
#define RUN_REPL() dl_run_lit(t, REPL, 3, ABS(in->p), ABS(in->p) + 1)
/* Text that sits `back` bytes before the current character in the source. */
#define TEXT_BACK(x, back, lit, k) dl_text_at(t, (x), ABS(in->cp) - (back), (lit), (k))

#include "tokenizer/data_states.inc"
#include "tokenizer/end_tag_states.inc"
#include "tokenizer/script_states.inc"
#include "tokenizer/tag_states.inc"
#include "tokenizer/comment_states.inc"
#include "tokenizer/doctype_states.inc"
#include "tokenizer/charref_states.inc"

/* Runs the state machine over [p, end) (the whole input left when eof).
 *
 * Each state's call is followed by its own copy of the dispatch (DL_GOTO_STATE), not by a jump back to
 * one shared switch: where the inlined state function returns a constant (most of its returns), the
 * compiler folds that copy into a direct jump to the next state's code, and the remaining indirect
 * jumps are spread over the states, which predicts better than one shared jump. */
static int dl_run(dl_tokenizer *t, const dl_uchar *p, const dl_uchar *end, int eof) {
    dl_cursor in = {p, end, p, 0, 0, eof};
    int state, next;
#define DL_STATE_GOTO(id, fn)                                                                          \
    case id:                                                                                           \
        goto l_##id;
#define DL_GOTO_STATE(s)                                                                               \
    switch (s) {                                                                                       \
        DL_TOKENIZER_STATES(DL_STATE_GOTO)                                                             \
    default:                                                                                           \
        goto bad_state;                                                                                \
    }
#define DL_STATE_RUN(id, fn)                                                                           \
    l_##id : next = fn(t, &in);                                                                        \
    if (DL_UNLIKELY(next < 0)) {                                                                       \
        state = id;                                                                                    \
        goto stopped;                                                                                  \
    }                                                                                                  \
    DL_GOTO_STATE(next)

    DL_GOTO_STATE(t->state)
    /* One run per state, as in DL_TOKENIZER_STATES (the preprocessor cannot expand that list inside
     * itself); a state missing here leaves its label undefined, which does not compile. */
    DL_STATE_RUN(S_DATA, data_state)
    DL_STATE_RUN(S_RCDATA, rcdata_state)
    DL_STATE_RUN(S_RAWTEXT, rawtext_state)
    DL_STATE_RUN(S_SCRIPT_DATA, script_data_state)
    DL_STATE_RUN(S_PLAINTEXT, plaintext_state)
    DL_STATE_RUN(S_TAG_OPEN, tag_open_state)
    DL_STATE_RUN(S_END_TAG_OPEN, end_tag_open_state)
    DL_STATE_RUN(S_TAG_NAME, tag_name_state)
    DL_STATE_RUN(S_RCDATA_LESS_THAN_SIGN, rcdata_less_than_sign_state)
    DL_STATE_RUN(S_RCDATA_END_TAG_OPEN, rcdata_end_tag_open_state)
    DL_STATE_RUN(S_RCDATA_END_TAG_NAME, rcdata_end_tag_name_state)
    DL_STATE_RUN(S_RAWTEXT_LESS_THAN_SIGN, rawtext_less_than_sign_state)
    DL_STATE_RUN(S_RAWTEXT_END_TAG_OPEN, rawtext_end_tag_open_state)
    DL_STATE_RUN(S_RAWTEXT_END_TAG_NAME, rawtext_end_tag_name_state)
    DL_STATE_RUN(S_SCRIPT_DATA_LESS_THAN_SIGN, script_data_less_than_sign_state)
    DL_STATE_RUN(S_SCRIPT_DATA_END_TAG_OPEN, script_data_end_tag_open_state)
    DL_STATE_RUN(S_SCRIPT_DATA_END_TAG_NAME, script_data_end_tag_name_state)
    DL_STATE_RUN(S_SCRIPT_DATA_ESCAPE_START, script_data_escape_start_state)
    DL_STATE_RUN(S_SCRIPT_DATA_ESCAPE_START_DASH, script_data_escape_start_dash_state)
    DL_STATE_RUN(S_SCRIPT_DATA_ESCAPED, script_data_escaped_state)
    DL_STATE_RUN(S_SCRIPT_DATA_ESCAPED_DASH, script_data_escaped_dash_state)
    DL_STATE_RUN(S_SCRIPT_DATA_ESCAPED_DASH_DASH, script_data_escaped_dash_dash_state)
    DL_STATE_RUN(S_SCRIPT_DATA_ESCAPED_LESS_THAN_SIGN, script_data_escaped_less_than_sign_state)
    DL_STATE_RUN(S_SCRIPT_DATA_ESCAPED_END_TAG_OPEN, script_data_escaped_end_tag_open_state)
    DL_STATE_RUN(S_SCRIPT_DATA_ESCAPED_END_TAG_NAME, script_data_escaped_end_tag_name_state)
    DL_STATE_RUN(S_SCRIPT_DATA_DOUBLE_ESCAPE_START, script_data_double_escape_start_state)
    DL_STATE_RUN(S_SCRIPT_DATA_DOUBLE_ESCAPED, script_data_double_escaped_state)
    DL_STATE_RUN(S_SCRIPT_DATA_DOUBLE_ESCAPED_DASH, script_data_double_escaped_dash_state)
    DL_STATE_RUN(S_SCRIPT_DATA_DOUBLE_ESCAPED_DASH_DASH, script_data_double_escaped_dash_dash_state)
    DL_STATE_RUN(S_SCRIPT_DATA_DOUBLE_ESCAPED_LESS_THAN_SIGN, script_data_double_escaped_less_than_sign_state)
    DL_STATE_RUN(S_SCRIPT_DATA_DOUBLE_ESCAPE_END, script_data_double_escape_end_state)
    DL_STATE_RUN(S_BEFORE_ATTRIBUTE_NAME, before_attribute_name_state)
    DL_STATE_RUN(S_ATTRIBUTE_NAME, attribute_name_state)
    DL_STATE_RUN(S_AFTER_ATTRIBUTE_NAME, after_attribute_name_state)
    DL_STATE_RUN(S_BEFORE_ATTRIBUTE_VALUE, before_attribute_value_state)
    DL_STATE_RUN(S_ATTRIBUTE_VALUE_DOUBLE_QUOTED, attribute_value_double_quoted_state)
    DL_STATE_RUN(S_ATTRIBUTE_VALUE_SINGLE_QUOTED, attribute_value_single_quoted_state)
    DL_STATE_RUN(S_ATTRIBUTE_VALUE_UNQUOTED, attribute_value_unquoted_state)
    DL_STATE_RUN(S_AFTER_ATTRIBUTE_VALUE_QUOTED, after_attribute_value_quoted_state)
    DL_STATE_RUN(S_SELF_CLOSING_START_TAG, self_closing_start_tag_state)
    DL_STATE_RUN(S_BOGUS_COMMENT, bogus_comment_state)
    DL_STATE_RUN(S_MARKUP_DECLARATION_OPEN, markup_declaration_open_state)
    DL_STATE_RUN(S_COMMENT_START, comment_start_state)
    DL_STATE_RUN(S_COMMENT_START_DASH, comment_start_dash_state)
    DL_STATE_RUN(S_COMMENT, comment_state)
    DL_STATE_RUN(S_COMMENT_LESS_THAN_SIGN, comment_less_than_sign_state)
    DL_STATE_RUN(S_COMMENT_LESS_THAN_SIGN_BANG, comment_less_than_sign_bang_state)
    DL_STATE_RUN(S_COMMENT_LESS_THAN_SIGN_BANG_DASH, comment_less_than_sign_bang_dash_state)
    DL_STATE_RUN(S_COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH, comment_less_than_sign_bang_dash_dash_state)
    DL_STATE_RUN(S_COMMENT_END_DASH, comment_end_dash_state)
    DL_STATE_RUN(S_COMMENT_END, comment_end_state)
    DL_STATE_RUN(S_COMMENT_END_BANG, comment_end_bang_state)
    DL_STATE_RUN(S_DOCTYPE, doctype_state)
    DL_STATE_RUN(S_BEFORE_DOCTYPE_NAME, before_doctype_name_state)
    DL_STATE_RUN(S_DOCTYPE_NAME, doctype_name_state)
    DL_STATE_RUN(S_AFTER_DOCTYPE_NAME, after_doctype_name_state)
    DL_STATE_RUN(S_AFTER_DOCTYPE_NAME_KEYWORD, after_doctype_name_keyword_lookahead)
    DL_STATE_RUN(S_AFTER_DOCTYPE_PUBLIC_KEYWORD, after_doctype_public_keyword_state)
    DL_STATE_RUN(S_BEFORE_DOCTYPE_PUBLIC_IDENTIFIER, before_doctype_public_identifier_state)
    DL_STATE_RUN(S_DOCTYPE_PUBLIC_IDENTIFIER_DOUBLE_QUOTED, doctype_public_identifier_double_quoted_state)
    DL_STATE_RUN(S_DOCTYPE_PUBLIC_IDENTIFIER_SINGLE_QUOTED, doctype_public_identifier_single_quoted_state)
    DL_STATE_RUN(S_AFTER_DOCTYPE_PUBLIC_IDENTIFIER, after_doctype_public_identifier_state)
    DL_STATE_RUN(S_BETWEEN_DOCTYPE_PUBLIC_AND_SYSTEM_IDENTIFIERS, between_doctype_public_and_system_identifiers_state)
    DL_STATE_RUN(S_AFTER_DOCTYPE_SYSTEM_KEYWORD, after_doctype_system_keyword_state)
    DL_STATE_RUN(S_BEFORE_DOCTYPE_SYSTEM_IDENTIFIER, before_doctype_system_identifier_state)
    DL_STATE_RUN(S_DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED, doctype_system_identifier_double_quoted_state)
    DL_STATE_RUN(S_DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED, doctype_system_identifier_single_quoted_state)
    DL_STATE_RUN(S_AFTER_DOCTYPE_SYSTEM_IDENTIFIER, after_doctype_system_identifier_state)
    DL_STATE_RUN(S_BOGUS_DOCTYPE, bogus_doctype_state)
    DL_STATE_RUN(S_CDATA_SECTION, cdata_section_state)
    DL_STATE_RUN(S_CDATA_SECTION_BRACKET, cdata_section_bracket_state)
    DL_STATE_RUN(S_CDATA_SECTION_END, cdata_section_end_state)
    DL_STATE_RUN(S_CHARACTER_REFERENCE, character_reference_state)
    DL_STATE_RUN(S_NAMED_CHARACTER_REFERENCE, named_character_reference_state)
    DL_STATE_RUN(S_AMBIGUOUS_AMPERSAND, ambiguous_ampersand_state)
    DL_STATE_RUN(S_NUMERIC_CHARACTER_REFERENCE, numeric_character_reference_state)
    DL_STATE_RUN(S_HEXADECIMAL_CHARACTER_REFERENCE_START, hexadecimal_character_reference_start_state)
    DL_STATE_RUN(S_DECIMAL_CHARACTER_REFERENCE_START, decimal_character_reference_start_state)
    DL_STATE_RUN(S_HEXADECIMAL_CHARACTER_REFERENCE, hexadecimal_character_reference_state)
    DL_STATE_RUN(S_DECIMAL_CHARACTER_REFERENCE, decimal_character_reference_state)
    DL_STATE_RUN(S_NUMERIC_CHARACTER_REFERENCE_END, numeric_character_reference_end_state)
#undef DL_STATE_RUN
#undef DL_GOTO_STATE
#undef DL_STATE_GOTO

stopped:
    if (next == R_SUSPEND) {
        t->state = state;
        if (t->esink) dl_scan_upto(t, end);
        return 0;
    }
    if (next == R_EOF && dl_flush_run(t) == 0) {
        dl_token tok;
        dl_tok_init(&tok, DL_TOK_EOF, dl_abs(t, in.p), dl_abs(t, in.p));
        t->finished = 1;
        if (dl_emit(t, &tok) == 0) return 0;
    }
bad_state:
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
