/* The blocks of a page and their features (blocks.h). One pass over the tree beside the element table
 * gathers each block's own text; every other step is a loop over the table or over the blocks, and
 * every climb up the ancestors is bounded by a small constant, so the whole is linear in the page. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "common/saturate.h"
#include "common/compiler.h"
#include "common/word_memo.h"
#include "extract/blocks/blocks.h"
#include "extract/index/tag_props.h"

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#endif

/* Inherited context bits of an element (itself and its ancestors). */
enum {
    A_LINK = 1u << 0,    /* inside an <a> */
    A_SOFT = 1u << 1,    /* inside a boilerplate-named (and not rescued) or hidden element */
    A_HIDDEN = 1u << 2,
    A_NAV = 1u << 3,
    A_ASIDE = 1u << 4,
    A_HEADER = 1u << 5,
    A_FOOTER = 1u << 6,
    A_FORM = 1u << 7,
    A_LI = 1u << 8,
    A_TABLE = 1u << 9,
    A_SEL = 1u << 10,    /* kept by the classic selection */
    A_BEST = 1u << 11,   /* inside the classic winner */
    A_CHOSEN = 1u << 12, /* inside a chosen container of the classic selection (kept or cleaned) */
    A_DROP = 1u << 13,   /* dropped by the classic pruning */
    A_WORD0 = 14,        /* then the five W_* word bits of any ancestor */
};

/* Per element: what every loop over the table reads, kept small (each loop strides through it). */
typedef struct {
    uint32_t host, anc;
    uint32_t sub_chars, sub_links; /* the visible subtree's block text */
    uint32_t rep;                  /* siblings (itself included) of the same tag and class */
    uint32_t group;                /* the first of them: the repeat group's name */
    uint32_t grp_chars, grp_links; /* at a group's first member: the visible block text of all members */
    uint32_t sub_legal;            /* the visible subtree's legal cues */
    uint32_t blk;                  /* as a block (a host that got text): its block_scratch, else NO_BLOCK */
} scratch;

/* Per block: its text's measures, taken only for the elements that get text (a third of them or
 * fewer), so the per-element loops do not stride over them. */
typedef struct {
    uint32_t bc, bl, bk, bw, bs, bd; /* chars, link chars, commas, words, stops, digits */
    uint32_t legal, further, credit; /* boilerplate cue words (see cue_words) */
    uint64_t hash;                   /* its words' hash, not yet finished (see hash_word) */
    uint8_t first_kind, last_stop, opens_further;
    uint8_t linked;                  /* link text met already */
    dl_block_shape shape;            /* see blocks.h */
} block_scratch;
#define NO_BLOCK UINT32_MAX

/* The context bits each HTML tag gives itself and its descendants (A_LINK for a link, ...: its properties,
 * index/tag_props.h, as context bits), 0 for the others: one load per element where a switch on the tag
 * mispredicts on every page's mix of tags. */
static uint32_t anc_of_tag[DL_TAG__COUNT];

/* The runs of features blocks.c fills by offset stay contiguous and in the order their offsets assume. */
_Static_assert(DL_BF_tag_other - DL_BF_tag_p == 11, "tag_group's twelve groups");
_Static_assert(DL_BF_own_clean - DL_BF_own_boiler == 4 && DL_BF_anc_clean - DL_BF_anc_boiler == 4, "W_* bits");
_Static_assert(DL_BF_type_service - DL_BF_type_article == DL_PAGE_SERVICE - DL_PAGE_ARTICLE, "page types");

static const char *const feature_names[DL_BLOCK_NFEAT] = {
#define DL_BLOCK_FEATURE_NAME(name) #name,
    DL_BLOCK_FEATURES(DL_BLOCK_FEATURE_NAME)
#undef DL_BLOCK_FEATURE_NAME
};

const char *dl_block_feature_name(int i) { return i >= 0 && i < DL_BLOCK_NFEAT ? feature_names[i] : NULL; }

#define sat dl_sat_add_u32
#define is_sp dl_ascii_is_space

static int is_heading(const dl_node *n) {
    return n->type == DL_NODE_ELEMENT && n->ns == DL_NS_HTML && n->atom >= DL_TAG_h1 && n->atom <= DL_TAG_h6;
}

/* The tag group of a block's element: the one-hot features tag_p .. tag_other, in their order. */
static int tag_group(const dl_node *n) {
    if (n->ns != DL_NS_HTML) return 11;
    switch (n->atom) {
    case DL_TAG_p: return 0;
    case DL_TAG_li: return 1;
    case DL_TAG_h1: return 2;
    case DL_TAG_h2: return 3;
    case DL_TAG_h3: case DL_TAG_h4: case DL_TAG_h5: case DL_TAG_h6: return 4;
    case DL_TAG_td: case DL_TAG_th: return 5;
    case DL_TAG_div: return 6;
    case DL_TAG_pre: return 7;
    case DL_TAG_blockquote: return 8;
    case DL_TAG_dd: case DL_TAG_dt: return 9;
    case DL_TAG_section: case DL_TAG_article: case DL_TAG_main: case DL_TAG_body: return 10;
    default: return 11;
    }
}

/* memo: the signatures of the (tag, class value) pairs met, since a page's cards and rows repeat them;
 * a: the element's class attribute, as the table walk found it */
static uint32_t signature(const dl_node *n, const dl_attr *a, dl_tag_memo *memo) {
    uint32_t h = 2166136261u ^ n->atom;
    h *= 16777619u;
    if (a) {
        size_t len = a->value.len < 64 ? a->value.len : 64, slot = 0; /* a long class list: its start names it */
        uint64_t known;
        if (dl_tag_memo_get(memo, n->atom, a->value.ptr, len, &slot, &known)) return (uint32_t)known;
        for (size_t i = 0; i < len; i++) {
            unsigned char c = (unsigned char)a->value.ptr[i];
            if (c >= '0' && c <= '9') continue; /* "item-1", "item-2" are the same shape */
            h = (h ^ c) * 16777619u;
        }
        dl_tag_memo_put(memo, slot, n->atom, a->value.ptr, len, h);
    }
    return h;
}

/* Sibling repetition: how many children of the same parent share an element's tag and class. The
 * children of each parent are read off the table (the first at the parent's index plus one, each next
 * one at the end of the one before) and counted in an open addressing table keyed by signature, which
 * a parent's generation stamp empties for the next parent; an only child, the commonest case, needs
 * no signature at all. Every element is a child once, so the whole is linear. */
static int count_repeats(dl_actx *cx, scratch *s) {
    /* every element's scratch starts here (the rest of it zero, no block yet): a group of one */
    for (uint32_t i = 0; i < cx->n; i++) s[i] = (scratch){.rep = 1, .group = i, .blk = NO_BLOCK};
    typedef struct {
        uint32_t gen, sig, count, first; /* gen: 1 + the parent whose children fill it, 0 free */
    } slot;
    slot *t = NULL;
    size_t cap = 0;
    dl_tag_memo *memo = NULL;
    int rc = -1;
    for (uint32_t p = 0; p < cx->n; p++) {
        uint32_t end = cx->el[p].end, k = 0;
        for (uint32_t j = p + 1; j < end; j = cx->el[j].end) k++;
        if (k < 2) continue;
        if ((size_t)k * 2 > cap) {
            free(t);
            cap = 16;
            while (cap < (size_t)k * 2) cap *= 2;
            if (!(t = calloc(cap, sizeof(*t)))) goto out;
        }
        if (!memo && !(memo = calloc(1, sizeof(*memo)))) goto out;
        /* each child's slot waits in its rep until all the children are counted */
        for (uint32_t j = p + 1; j < end; j = cx->el[j].end) {
            uint32_t sig = signature(cx->el[j].node, cx->cls[j], memo);
            size_t h = ((size_t)sig * 2654435761u) & (cap - 1);
            while (t[h].gen == p + 1 && t[h].sig != sig) h = (h + 1) & (cap - 1);
            if (t[h].gen != p + 1) t[h] = (slot){.gen = p + 1, .sig = sig, .count = 0, .first = j};
            t[h].count++;
            s[j].rep = (uint32_t)h;
        }
        for (uint32_t j = p + 1; j < end; j = cx->el[j].end) {
            const slot *e = &t[s[j].rep];
            s[j].rep = e->count;
            s[j].group = e->first;
        }
    }
    rc = 0;
out:
    free(memo);
    free(t);
    return rc;
}

/* Cue words in a block's own text: evidence (weighed by the model, never a veto) that the text is the
 * page's apparatus rather than its content, for blocks whose tag and class say nothing. Two groups:
 * LEGAL, the consent banner, account, subscription and legal notice vocabulary ("We use cookies...",
 * "Subscribe to our newsletter", "(c) 2024 All rights reserved"); FURTHER, the further-reading lead-ins
 * that introduce a link to another article inside a story ("Read also:", "Lea también:", "Lesen Sie
 * auch"). The languages are those the development corpora are written in; each entry is matched at a
 * word start, ASCII case-insensitively, as a prefix (a stem: "subscri" is subscribe/subscription). */
enum { CUE_LEGAL, CUE_FURTHER, CUE_CREDIT, CUE_DISCLOSE };
typedef struct {
    const char *s;
    unsigned char len, group;
} cue_word;
#define CUE(s, g) {s, (unsigned char)(sizeof(s) - 1), g}
static const cue_word cue_words[] = {
    CUE("cookie", CUE_LEGAL), CUE("privacy", CUE_LEGAL), CUE("consent", CUE_LEGAL), CUE("gdpr", CUE_LEGAL),
    CUE("copyright", CUE_LEGAL), CUE("\xc2\xa9", CUE_LEGAL), CUE("all rights reserved", CUE_LEGAL),
    CUE("terms of use", CUE_LEGAL), CUE("terms of service", CUE_LEGAL), CUE("subscri", CUE_LEGAL),
    CUE("newsletter", CUE_LEGAL), CUE("sign in", CUE_LEGAL), CUE("sign up", CUE_LEGAL), CUE("log in", CUE_LEGAL),
    CUE("login", CUE_LEGAL), CUE("javascript", CUE_LEGAL), CUE("datenschutz", CUE_LEGAL),
    CUE("privacidad", CUE_LEGAL), CUE("confidentialit", CUE_LEGAL), CUE("abonn", CUE_LEGAL),
    CUE("suscr", CUE_LEGAL), CUE("anmelden", CUE_LEGAL), CUE("einwillig", CUE_LEGAL), CUE("impressum", CUE_LEGAL),
    CUE("read more", CUE_FURTHER), CUE("read also", CUE_FURTHER), CUE("also read", CUE_FURTHER),
    CUE("see also", CUE_FURTHER), CUE("related", CUE_FURTHER), CUE("continue reading", CUE_FURTHER),
    CUE("lea tambi", CUE_FURTHER), CUE("lea m\xc3\xa1s", CUE_FURTHER), CUE("lee tambi", CUE_FURTHER),
    CUE("lesen sie", CUE_FURTHER), CUE("weiterlesen", CUE_FURTHER), CUE("mehr zum thema", CUE_FURTHER),
    CUE("lire aussi", CUE_FURTHER), CUE("lire la suite", CUE_FURTHER), CUE("leia tamb", CUE_FURTHER),
    CUE("leia mais", CUE_FURTHER), CUE("leggi anche", CUE_FURTHER),
    /* CREDIT: a picture's credit inside a caption ("Lee Elder, 1975. | (c) X", "(Foto: dpa)"); not a
     * feature of the model (the copyright sign above counts for it too): region_edges.c reads it. */
    CUE("foto:", CUE_CREDIT), CUE("foto :", CUE_CREDIT), CUE("fotos:", CUE_CREDIT), CUE("photo:", CUE_CREDIT),
    CUE("photo :", CUE_CREDIT), CUE("photos:", CUE_CREDIT), CUE("photo credit", CUE_CREDIT),
    CUE("bild:", CUE_CREDIT), CUE("image:", CUE_CREDIT), CUE("credit:", CUE_CREDIT), CUE("credits:", CUE_CREDIT),
    CUE("cr\xc3\xa9" "dit photo", CUE_CREDIT), CUE("cr\xc3\xa9" "dits photo", CUE_CREDIT),
    /* DISCLOSE: the affiliate disclosure a shop-minded page opens with ("We may earn a commission...",
     * "...erhält ggf. eine Provision"); not a feature either: region_edges.c reads it */
    CUE("commission", CUE_DISCLOSE), CUE("compensat", CUE_DISCLOSE), CUE("affiliate", CUE_DISCLOSE),
    CUE("provision", CUE_DISCLOSE), CUE("reader-supported", CUE_DISCLOSE),
};
#undef CUE
/* The credit count's top bit: a DISCLOSE cue was met (the count itself stays far below it). */
#define DL_CUE_DISCLOSE_BIT 0x80000000u
/* A FURTHER cue this close to the block's first letter opens it (the lead-in, not a mention). */
#define CUE_OPENS 24

static float lg(double v);
#define LG_TABLE 1024
static float lg_table[LG_TABLE];

#define CUE_COUNT (sizeof(cue_words) / sizeof(cue_words[0]))

/* The cue words grouped by first byte, each group in the list's own order: a word start is compared
 * with the few entries sharing its first letter, not all of them (the scan runs over every text node of
 * every page), and the first entry that matches is still the list's first (dl_blocks_init builds it). */
static unsigned char cue_order[CUE_COUNT];
static unsigned char cue_lo[256], cue_hi[256];
/* The (first, second) byte pairs some cue starts with, lower-cased as cue_at compares them (every cue
 * has two bytes at least): a word start whose pair is not here starts no cue, told by one bit. */
static uint32_t cue_pair[256][8];
/* The first four bytes of the cues four bytes long or more (all but the (c) sign), lower-cased, hashed
 * to one bit of 4096 (quad_bit): a word start whose four bytes' bit is clear starts none of them. Most
 * word starts that pass the pair test ("co" of "could", "re" of "report") fail this one, without a
 * look at the group's entries. cue_short: the first bytes whose group has a shorter cue. */
static uint64_t cue_quad[64];
static unsigned char cue_short[256];
static int cues_ready;
static int cues_at_word_bytes; /* every cue starts with a word byte: the 16-byte scan may be used */
static unsigned char word_bytes[256]; /* word_byte as a table, for the byte-at-a-time scans */
static int word_byte(unsigned char c);

/* Four bytes from p, ASCII upper case lowered in all four at once (a byte with its top bit set, as
 * UTF-8's are, is left as it is, as dl_ascii_lower leaves it). */
static uint32_t lower4(const char *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    uint32_t t = v & 0x7F7F7F7Fu;
    uint32_t upper = (t + 0x3F3F3F3Fu) & ~(t + 0x25252525u) & ~v & 0x80808080u; /* 'A'..'Z' */
    return v | upper >> 2;
}
static uint32_t quad_bit(uint32_t q) { return (q * 0x9E3779B1u) >> 20; }

void dl_blocks_init(void) {
    if (cues_ready) return;
    size_t k = 0;
    for (unsigned b = 0; b < 256; b++) {
        cue_lo[b] = (unsigned char)k;
        for (size_t i = 0; i < CUE_COUNT; i++)
            if ((unsigned char)cue_words[i].s[0] == b) cue_order[k++] = (unsigned char)i;
        cue_hi[b] = (unsigned char)k;
    }
    for (size_t i = 0; i < CUE_COUNT; i++) {
        unsigned char b0 = (unsigned char)cue_words[i].s[0], b1 = (unsigned char)cue_words[i].s[1];
        cue_pair[b0][b1 >> 5] |= 1u << (b1 & 31);
        if (cue_words[i].len < 4) {
            cue_short[b0] = 1;
        } else {
            uint32_t q = quad_bit(lower4(cue_words[i].s));
            cue_quad[q >> 6] |= 1ull << (q & 63);
        }
    }
    dl_tag_props_init();
    static const struct { uint32_t prop, anc; } context[] = {
        {DL_TP_LINK, A_LINK}, {DL_TP_NAV, A_NAV},   {DL_TP_ASIDE, A_ASIDE},    {DL_TP_HEADER, A_HEADER},
        {DL_TP_FOOTER, A_FOOTER}, {DL_TP_FORM, A_FORM}, {DL_TP_LIST_ITEM, A_LI}, {DL_TP_TABLE, A_TABLE},
    };
    for (uint32_t t = 0; t < DL_TAG__COUNT; t++)
        for (size_t k = 0; k < sizeof(context) / sizeof(context[0]); k++)
            if (dl_tag_props_table[t] & context[k].prop) anc_of_tag[t] |= context[k].anc;
    for (uint32_t v = 0; v < LG_TABLE; v++) lg_table[v] = lg((double)v);
    for (unsigned b = 0; b < 256; b++) word_bytes[b] = (unsigned char)word_byte((unsigned char)b);
    cues_at_word_bytes = 1;
    for (size_t i = 0; i < CUE_COUNT; i++)
        if (!word_byte((unsigned char)cue_words[i].s[0])) cues_at_word_bytes = 0;
    cues_ready = 1;
}

/* Bytes that continue a word (letters, digits, any non-ASCII byte): a cue starts only after none. */
static int word_byte(unsigned char c) { return dl_ascii_is_alnum(c) || c >= 0x80; }

/* Whether a cue may start at p[i] (lc: its byte lower-cased): false when its first two bytes, or its
 * first four, start none. Cheap, since it is asked at most word starts of every text. */
static inline int cue_may_start(const char *p, size_t len, size_t i, unsigned char lc) {
    if (cue_lo[lc] == cue_hi[lc] || len - i < 2) return 0;
    unsigned char l2 = dl_ascii_lower((unsigned char)p[i + 1]);
    if (!(cue_pair[lc][l2 >> 5] >> (l2 & 31) & 1)) return 0;
    if (cue_short[lc]) return 1;
    if (len - i < 4) return 0; /* the group's cues are all longer */
    uint32_t q = quad_bit(lower4(p + i));
    return cue_quad[q >> 6] >> (q & 63) & 1;
}

/* The cue starting at p[i], if any (the first of the list's entries that matches there; cue_may_start
 * said one may): counted by group; returns where the scan goes on (past the cue), or i + 1. */
static size_t cue_at(const char *p, size_t len, size_t i, uint32_t *legal, uint32_t *further, uint32_t *credit,
                     size_t *open_at) {
    unsigned char lc = dl_ascii_lower((unsigned char)p[i]);
    for (unsigned o = cue_lo[lc]; o < cue_hi[lc]; o++) {
        const cue_word *w = &cue_words[cue_order[o]];
        if (w->len > len - i) continue;
        size_t j = 1;
        while (j < w->len && dl_ascii_lower((unsigned char)p[i + j]) == (unsigned char)w->s[j]) j++;
        if (j < w->len) continue;
        if (w->group == CUE_CREDIT || (unsigned char)w->s[0] == 0xC2) *credit = sat(*credit, 1); /* or the (c) sign */
        if (w->group == CUE_DISCLOSE) *credit |= DL_CUE_DISCLOSE_BIT;
        if (w->group == CUE_CREDIT || w->group == CUE_DISCLOSE) return i + w->len;
        if (w->group == CUE_LEGAL) *legal = sat(*legal, 1);
        else {
            *further = sat(*further, 1);
            if (*open_at == SIZE_MAX) *open_at = i;
        }
        return i + w->len;
    }
    return i + 1;
}

/* A block's words hash (block_scratch.hash) grows by one word at a time: its bytes eight at a time,
 * ASCII lower-cased in all eight at once, each chunk mixed in by MurmurHash3's 64-bit step (the chunk's
 * own scrambling does not wait for the hash, so the chain from chunk to chunk is a few cycles, not one
 * multiply per byte). A word's last chunk adds another constant than its others, so that where the
 * words part counts ("ab cd" is not "abcd"); what separates them does not. dl_blocks_compute finishes
 * the hash with MurmurHash3's avalanche (final_hash) once the block has all its text. */
static uint64_t rotl64(uint64_t v, unsigned r) { return v << r | v >> (64 - r); }

static uint64_t mix_chunk(uint64_t h, uint64_t v, uint64_t c) {
    v *= 0x87c37b91114253d5ull;
    v = rotl64(v, 31) * 0x4cf5ad432745937full;
    return rotl64(h ^ v, 27) * 5 + c;
}

static uint64_t final_hash(uint64_t h) {
    h = (h ^ h >> 33) * 0xff51afd7ed558ccdull;
    h = (h ^ h >> 33) * 0xc4ceb9fe1a85ec53ull;
    return h ^ h >> 33;
}

/* Eight bytes, ASCII upper case lowered in all eight (as lower4). */
static uint64_t lower8(uint64_t v) {
    uint64_t t = v & 0x7F7F7F7F7F7F7F7Full;
    uint64_t upper = (t + 0x3F3F3F3F3F3F3F3Full) & ~(t + 0x2525252525252525ull) & ~v & 0x8080808080808080ull;
    return v | upper >> 2;
}

/* h grown by the word p[ws..we), which lies in p[0..len) (the 8-byte reads stay inside it). Inlined:
 * it runs once per word of every block, most words one chunk long. */
DL_ALWAYS_INLINE uint64_t hash_word(uint64_t h, const char *p, size_t len, size_t ws, size_t we) {
    size_t n = we - ws;
    const char *w = p + ws;
    uint64_t v;
    for (; n > 8; w += 8, n -= 8) {
        memcpy(&v, w, 8);
        h = mix_chunk(h, lower8(v), 0x52dce729);
    }
    if ((size_t)(p + len - w) >= 8) { /* the word's last 1..8 bytes, those of the next word masked off */
        memcpy(&v, w, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        v &= ~0ull << (64 - 8 * n);
#else
        v &= ~0ull >> (64 - 8 * n);
#endif
    } else {
        v = 0;
        memcpy(&v, w, n);
    }
    return mix_chunk(h, lower8(v), 0x38495ab5);
}

/* One pass over a piece of a block's text for what is read at its words: the cue words by group (into
 * b's legal, further and credit; *open_at gets the offset of the first FURTHER cue) and the words'
 * hash. A word is a run of word bytes (word_byte); the piece's end ends a word, as its start starts one
 * (a block's pieces are hashed as if a space parted them). A cue is looked for at a word start (a byte
 * after one that is not a word byte, or the first) and at the (c) sign's 0xC2; after a cue the scan
 * goes on past it. */
#define NO_WORD SIZE_MAX
static void scan_words(const char *p, size_t len, block_scratch *b, size_t *open_at) {
    size_t i = 0, next = 0; /* next: the first offset not inside a cue already counted */
    size_t ws = NO_WORD;    /* where the word the scan is in started */
    uint64_t h = b->hash;
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
    /* 16 bytes at a time: the word starts and ends are found as masks (a word byte after a byte that is
     * not, and the other way round); a cue can start only at a word start, since each cue starts with
     * a word byte, and the bytes inside a word are skipped without a look */
    if (len >= 16 && cues_at_word_bytes) {
        const __m128i zero = _mm_setzero_si128(), c2 = _mm_set1_epi8((char)0xC2), case_bit = _mm_set1_epi8(0x20);
        const __m128i d_lo = _mm_set1_epi8('0' - 1), d_hi = _mm_set1_epi8('9' + 1);
        const __m128i a_lo = _mm_set1_epi8('a' - 1), z_hi = _mm_set1_epi8('z' + 1);
        __m128i prev = zero; /* the byte before the first reads as not a word byte */
        for (; i + 16 <= len; i += 16) {
            __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
            __m128i y = _mm_or_si128(x, case_bit); /* signed compares: bytes >= 0x80 are below every bound */
            __m128i wb = _mm_or_si128(
                _mm_cmplt_epi8(x, zero),
                _mm_or_si128(_mm_and_si128(_mm_cmpgt_epi8(x, d_lo), _mm_cmplt_epi8(x, d_hi)),
                             _mm_and_si128(_mm_cmpgt_epi8(y, a_lo), _mm_cmplt_epi8(y, z_hi))));
            __m128i before = _mm_or_si128(_mm_slli_si128(wb, 1), _mm_srli_si128(prev, 15));
            prev = wb;
            unsigned in = (unsigned)_mm_movemask_epi8(wb), was = (unsigned)_mm_movemask_epi8(before);
            unsigned starts = in & ~was, ends = was & ~in;
            unsigned m = starts | ends | (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, c2));
            while (m) {
                unsigned bit = m & -m;
                size_t at = i + (size_t)__builtin_ctz(m);
                m ^= bit;
                if (bit & ends) {
                    h = hash_word(h, p, len, ws, at);
                    ws = NO_WORD;
                    continue;
                }
                if (bit & starts) ws = at;
                /* most word starts begin no cue at all: a few table looks rule them out */
                if (at >= next && cue_may_start(p, len, at, dl_ascii_lower((unsigned char)p[at]))) {
                    size_t after = cue_at(p, len, at, &b->legal, &b->further, &b->credit, open_at);
                    if (after > at + 1) next = after;
                }
            }
        }
    }
#endif
    for (; i < len; i++) {
        unsigned char c = (unsigned char)p[i];
        int after_word = ws != NO_WORD;
        if (word_bytes[c]) {
            if (!after_word) ws = i;
        } else if (after_word) {
            h = hash_word(h, p, len, ws, i);
            ws = NO_WORD;
        }
        if ((c != 0xC2 && after_word) || i < next || !cue_may_start(p, len, i, dl_ascii_lower(c))) continue;
        size_t after = cue_at(p, len, i, &b->legal, &b->further, &b->credit, open_at);
        if (after > i + 1) next = after;
    }
    if (ws != NO_WORD) h = hash_word(h, p, len, ws, len);
    b->hash = h;
}

/* The block's shape (blocks.h dl_block_shape) grown by one piece of its text: the head takes the first
 * bytes (white space, NBSP included, folded to one space; ASCII lower-cased), the lead closes at the
 * first link text, and the plain word bytes after it are counted (up to a cap). A few steps per byte of
 * the head and of the first plain bytes after a link, nothing for the rest. trimmed: len less the
 * piece's trailing white space (add_text has it already). */
static void add_shape(block_scratch *b, const char *p, size_t len, size_t trimmed, int link) {
    dl_block_shape *sh = &b->shape;
    if (link && !b->linked) {
        b->linked = 1;
        size_t h = sh->head_len;
        if (h && sh->head[h - 1] == ' ') h--;
        sh->lead = h < DL_BLOCK_HEAD - 1 ? (uint8_t)h : DL_BLOCK_LEAD_NONE;
    }
    size_t i = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* eight bytes at a time while they need no folding (the byte loop below takes the rest): no white
     * space but single spaces, none first where the head is empty or ends in one, no control byte, no
     * NBSP's lead byte; they go in lower-cased. Most heads are plain words and single spaces. */
    const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull, low = 0x7F7F7F7F7F7F7F7Full;
    while (i + 8 <= len && sh->head_len + 8 <= DL_BLOCK_HEAD) {
        uint64_t v;
        memcpy(&v, p + i, 8);
        uint64_t y = v ^ ' ' * ones, z = v ^ 0xC2 * ones;
        uint64_t spaces = ~(((y & low) + low) | y) & high;  /* exactly the space bytes */
        uint64_t nbsp = ~(((z & low) + low) | z) & high;    /* the 0xC2 bytes */
        uint64_t control = (v - ' ' * ones) & ~v & high;    /* nonzero when some byte is below a space */
        int space_first = (spaces & 0x80) && (!sh->head_len || sh->head[sh->head_len - 1] == ' ');
        if (nbsp | control | (spaces & spaces << 8) || space_first) break;
        v = lower8(v);
        memcpy(sh->head + sh->head_len, &v, 8);
        sh->head_len += 8;
        i += 8;
    }
#endif
    for (; i < len && sh->head_len < DL_BLOCK_HEAD; i++) {
        unsigned char c = (unsigned char)p[i];
        int space = is_sp(c) || (c == 0xC2 && i + 1 < len && (unsigned char)p[i + 1] == 0xA0);
        if (space) {
            if (c == 0xC2) i++;
            if (sh->head_len && sh->head[sh->head_len - 1] != ' ') sh->head[sh->head_len++] = ' ';
        } else {
            sh->head[sh->head_len++] = (char)dl_ascii_lower(c);
        }
    }
    /* counted only up to DL_BLOCK_AFTER_CAP: the rules ask whether there are a few, and a paragraph
     * with a link near its start would otherwise be read byte by byte to its end */
    for (size_t i = 0; b->linked && !link && i < len && sh->after < DL_BLOCK_AFTER_CAP; i++)
        sh->after += word_bytes[(unsigned char)p[i]];
    if (trimmed) sh->last = (unsigned char)p[trimmed - 1];
}

/* m: the text's measures as the table walk took them, or NULL to take them here. */
/* bs/nbs: the block scratch handed out so far, one more per host that gets text (bs has room for one per
 * text node, more than can be asked for). */
static void add_text(scratch *s, block_scratch *bs, uint32_t *nbs, uint32_t h, uint32_t anc, const char *p,
                     size_t len, const dl_text_measure *m, dl_buf *text) {
    uint32_t c, k, w, st, d;
    if (m) c = m->chars, k = m->commas, w = m->words, st = m->stops, d = m->digits;
    else dl_tab_measure_more(p, len, &c, &k, &w, &st, &d);
    if (!c) return;
    if (s[h].blk == NO_BLOCK) {
        s[h].blk = (*nbs)++;
        memset(&bs[s[h].blk], 0, sizeof(bs[0]));
    }
    block_scratch *b = &bs[s[h].blk];
    size_t open_at = SIZE_MAX;
    scan_words(p, len, b, &open_at);
    size_t j = len; /* the piece without its trailing white space */
    while (j && is_sp((unsigned char)p[j - 1])) j--;
    if (!b->bc) b->shape.lead = DL_BLOCK_LEAD_NONE;
    add_shape(b, p, len, j, (anc & A_LINK) != 0);
    if (!b->bc) {
        size_t i = 0;
        while (i < len && is_sp((unsigned char)p[i])) i++;
        unsigned char f = i < len ? (unsigned char)p[i] : 0;
        b->first_kind = (f >= 'A' && f <= 'Z') ? 2 : (f >= 'a' && f <= 'z') ? 0 : 1;
        if (open_at != SIZE_MAX && open_at < i + CUE_OPENS) b->opens_further = 1;
    }
    unsigned char l = j ? (unsigned char)p[j - 1] : 0;
    b->last_stop = l == '.' || l == '!' || l == '?' || (l == 0x82 && j >= 3 && (unsigned char)p[j - 3] == 0xE3);
    if (b->bc) c = sat(c, 1);
    b->bc = sat(b->bc, c);
    if (anc & A_LINK) b->bl = sat(b->bl, c);
    b->bk = sat(b->bk, k);
    b->bw = sat(b->bw, w);
    b->bs = sat(b->bs, st);
    b->bd = sat(b->bd, d);
    if (text) {
        if (text->len) dl_buf_append(text, " ", 1);
        dl_fold_append(text, p, len);
    }
}

static float lg(double v) { return (float)log1p(v); }

/* lg of the small counts most features are (a block's characters, words, repeats, cues): looked up, not
 * recomputed, since log1p costs tens of instructions and a page has tens of thousands of them; the
 * table holds the very values lg gives (dl_blocks_init fills it with lg). */
static float lgu(uint32_t v) { return v < LG_TABLE ? lg_table[v] : lg((double)v); }

/* A repeat group is a unit (posts, cards, menu items) from this many same-shaped siblings on; a block
 * looks this many levels up for the unit it belongs to. */
#define DL_UNIT_MIN_REPEAT 3
#define DL_UNIT_UP 6
/* The longest climb a feature makes: the winner's container, up to nine levels up (winner_up). */
#define DL_BLOCK_CHAIN 10

/* The classic selection's marks: inside a chosen container (A_CHOSEN), kept by it (A_SEL), inside the
 * winner (A_BEST). */
static void mark_selection(const dl_actx *cx, scratch *s, const uint32_t *chosen, uint32_t nchosen, int64_t best) {
    for (uint32_t k = 0; k < nchosen; k++) {
        uint32_t c = chosen[k];
        for (uint32_t j = c; j < cx->el[c].end; j++) s[j].anc |= A_CHOSEN;
        for (uint32_t j = c; j < cx->el[c].end;) {
            if (j != c && (cx->el[j].flags & (F_DROP | F_CLEAN))) {
                j = cx->el[j].end;
                continue;
            }
            if (!(cx->el[j].flags & F_DROP)) s[j].anc |= A_SEL;
            j++;
        }
    }
    if (best >= 0)
        for (uint32_t j = (uint32_t)best; j < cx->el[best].end; j++) s[j].anc |= A_BEST;

}

/* Each element's inherited context (its ancestors' tags, flags and class/id words) and the block host its
 * own text goes to, parents before children. */
static void inherit_context(const dl_actx *cx, scratch *s) {
    for (uint32_t i = 0; i < cx->n; i++) {
        const dl_el *e = &cx->el[i];
        const dl_node *x = e->node;
        uint32_t a = e->parent >= 0 ? s[e->parent].anc & ~(uint32_t)(A_SEL | A_BEST | A_CHOSEN) : 0;
        a |= s[i].anc & (A_SEL | A_BEST | A_CHOSEN);
        if (x->ns == DL_NS_HTML && x->atom < DL_TAG__COUNT) a |= anc_of_tag[x->atom] & ~(uint32_t)A_LINK;
        if (e->flags & F_LINK) a |= A_LINK; /* a link, as the table reads it (a named anchor may not be: table.c) */
        if (e->flags & F_SOFT) a |= A_SOFT;
        if (e->flags & F_HIDDEN) a |= A_HIDDEN | A_SOFT;
        if (e->flags & F_DROP) a |= A_DROP;
        a |= (uint32_t)e->words << A_WORD0;
        s[i].anc = a;
        /* an inline element's text goes to the block of the host around it */
        int host = !(e->flags & (F_HARD | F_INLINE));
        s[i].host = host ? i : (e->parent >= 0 ? s[e->parent].host : UINT32_MAX);
    }

}

/* Each text node's text to its block, in document order. The page index listed every text node it
 * measured with the element it was measured into: exactly the text nodes a walk would meet under an
 * indexed element (both step over F_HARD subtrees), in the same order, so the list is read instead of
 * the tree (no second pass over every node). 0, or 1 when the tree and the table disagree (never
 * expected: then there are no blocks). */
static int gather_text(const dl_actx *cx, const dl_node *root, scratch *s, block_scratch *bs, uint32_t *nbs,
                       dl_buf *texts) {
    uint32_t n = cx->n;
    if (!cx->text_failed) {
        for (uint32_t t = 0; t < cx->ntext; t++) {
            const dl_text_measure *m = &cx->text[t];
            uint32_t h = s[m->el].host;
            if (h != UINT32_MAX)
                add_text(s, bs, nbs, h, s[m->el].anc, m->node->u.text.ptr, m->node->u.text.len, m,
                         texts ? &texts[h] : NULL);
        }
    } else { /* the list could not grow: the walk, measuring the text itself */
        int32_t cur = -1;
        uint32_t next = 0;
        const dl_node *x = root;
        while (x) {
            int skip = 0;
            if (x->type == DL_NODE_ELEMENT || x->type == DL_NODE_TEXT) {
                while (cur >= 0 && cx->el[cur].node != x->parent) cur = cx->el[cur].parent;
            }
            if (x->type == DL_NODE_TEXT) {
                if (cur >= 0 && s[cur].host != UINT32_MAX) {
                    uint32_t h = s[cur].host;
                    add_text(s, bs, nbs, h, s[cur].anc, x->u.text.ptr, x->u.text.len, NULL, texts ? &texts[h] : NULL);
                }
            } else if (x->type == DL_NODE_ELEMENT) {
                if (next >= n || cx->el[next].node != x) return 1; /* never expected */
                if (cx->el[next].flags & F_HARD) skip = 1;
                else cur = (int32_t)next;
                next++;
            }
            x = dl_next_node(root, x, skip);
        }
    }
    return 0;
}

/* Subtree block text (and legal cues), children before parents; then each repeat group's text, summed at
 * its first member. */
static void sum_subtrees(const dl_actx *cx, scratch *s, const block_scratch *bs) {
    uint32_t n = cx->n;
    for (uint32_t i = n; i-- > 0;) {
        if (s[i].blk != NO_BLOCK) {
            const block_scratch *b = &bs[s[i].blk];
            s[i].sub_chars = sat(s[i].sub_chars, b->bc);
            s[i].sub_links = sat(s[i].sub_links, b->bl);
            s[i].sub_legal = sat(s[i].sub_legal, b->legal);
        }
        int32_t p = cx->el[i].parent;
        if (p >= 0) {
            s[p].sub_chars = sat(s[p].sub_chars, s[i].sub_chars);
            s[p].sub_links = sat(s[p].sub_links, s[i].sub_links);
            s[p].sub_legal = sat(s[p].sub_legal, s[i].sub_legal);
        }
    }

    for (uint32_t i = 0; i < n; i++) {
        scratch *g = &s[s[i].group];
        g->grp_chars = sat(g->grp_chars, s[i].sub_chars);
        g->grp_links = sat(g->grp_links, s[i].sub_links);
    }

}

/* The blocks (the hosts that got text) in document order into out, with their measures and shapes; *total
 * and *sel_total get the page's block text and the classic selection's part of it. 0, or -1 on out of
 * memory. */
static int emit_blocks(const dl_actx *cx, const scratch *s, const block_scratch *bs, dl_buf *texts, dl_blocks *out,
                       uint64_t *total_out, uint64_t *sel_total_out) {
    uint32_t n = cx->n;
    uint32_t nb = 0;
    uint64_t total = 0, sel_total = 0;
    for (uint32_t i = 0; i < n; i++)
        if (s[i].blk != NO_BLOCK) { /* a host with text: its bc is positive */
            nb++;
            total += bs[s[i].blk].bc;
            if (s[i].anc & A_SEL) sel_total += bs[s[i].blk].bc;
        }
    *total_out = total, *sel_total_out = sel_total;
    if (!nb) return 0;
    out->el = malloc((size_t)nb * sizeof(*out->el));
    out->chars = malloc((size_t)nb * sizeof(*out->chars));
    out->hash = malloc((size_t)nb * sizeof(*out->hash));
    out->shape = malloc((size_t)nb * sizeof(*out->shape));
    out->x = malloc((size_t)nb * DL_BLOCK_NFEAT * sizeof(float)); /* each row zeroed as it is filled */
    out->block_of = malloc((size_t)n * sizeof(*out->block_of));
    if (!out->el || !out->chars || !out->hash || !out->shape || !out->x || !out->block_of) return -1;
    for (uint32_t i = 0; i < n; i++) out->block_of[i] = -1;
    if (texts && !(out->text = calloc(nb, sizeof(*out->text)))) return -1;
    for (uint32_t i = 0; i < n; i++)
        if (s[i].blk != NO_BLOCK) {
            const block_scratch *b = &bs[s[i].blk];
            if (out->text) {
                out->text[out->n] = texts[i];
                memset(&texts[i], 0, sizeof(texts[i]));
            }
            out->chars[out->n] = b->bc;
            out->hash[out->n] = final_hash(b->hash);
            out->shape[out->n] = b->shape;
            uint32_t credits = b->credit & ~DL_CUE_DISCLOSE_BIT;
            out->shape[out->n].credit = credits > 255 ? 255 : (uint8_t)credits;
            out->shape[out->n].disclose = (b->credit & DL_CUE_DISCLOSE_BIT) != 0;
            out->block_of[i] = (int32_t)out->n;
            out->el[out->n++] = i;
        }
    for (uint32_t i = 0; i < n; i++)
        if (s[i].host != UINT32_MAX && s[i].host != i) out->block_of[i] = out->block_of[s[i].host];

    return 0;
}

/* Every block's feature vector (blocks.h names each feature). */
static void block_features(const dl_actx *cx, const scratch *s, const block_scratch *bs, dl_blocks *out, int64_t best,
                           dl_page_type type, double confidence, uint64_t total, uint64_t sel_total) {
    uint32_t nb = out->n;
    double best_score = best >= 0 ? cx->el[best].score : 0;
    uint64_t before = 0;
    uint32_t since_heading = 20;
    const float lg_total = lg((double)total), lg_nb = lgu(nb); /* page-wide, the same for every block */
    for (uint32_t b = 0; b < nb; b++) {
        uint32_t i = out->el[b];
        const scratch *q = &s[i];
        const block_scratch *qb = &bs[q->blk];
        const dl_node *x = cx->el[i].node;
        float *f = out->x + (size_t)b * DL_BLOCK_NFEAT;
        memset(f, 0, DL_BLOCK_NFEAT * sizeof(float));
        double words = qb->bw + 1.0;
        f[DL_BF_log_chars] = lgu(qb->bc);
        f[DL_BF_link_density] = (float)((double)qb->bl / qb->bc);
        f[DL_BF_commas_per_word] = (float)(qb->bk / words);
        f[DL_BF_stops_per_word] = (float)(qb->bs / words);
        f[DL_BF_digit_share] = (float)((double)qb->bd / qb->bc);
        f[DL_BF_log_words] = lgu(qb->bw);
        f[DL_BF_first_kind] = qb->first_kind * 0.5f;
        f[DL_BF_ends_with_stop] = qb->last_stop;
        f[DL_BF_tag_p + tag_group(x)] = 1;
        f[DL_BF_depth] = (float)(cx->el[i].depth < 60 ? cx->el[i].depth : 60) / 10.0f;
        f[DL_BF_text_before] = (float)((double)before / (double)total);
        before += qb->bc;
        f[DL_BF_in_selection] = (q->anc & A_SEL) != 0;
        f[DL_BF_in_winner] = (q->anc & A_BEST) != 0;
        f[DL_BF_in_chosen_cleaned] = (q->anc & A_CHOSEN) && !(q->anc & A_SEL);
        f[DL_BF_in_dropped] = (q->anc & A_DROP) != 0;
        f[DL_BF_in_soft] = (q->anc & A_SOFT) != 0;
        f[DL_BF_in_hidden] = (q->anc & A_HIDDEN) != 0;
        f[DL_BF_in_nav] = (q->anc & A_NAV) != 0;
        f[DL_BF_in_aside] = (q->anc & A_ASIDE) != 0;
        f[DL_BF_in_header] = (q->anc & A_HEADER) != 0;
        f[DL_BF_in_footer] = (q->anc & A_FOOTER) != 0;
        f[DL_BF_in_form] = (q->anc & A_FORM) != 0;
        f[DL_BF_in_li] = (q->anc & A_LI) != 0;
        f[DL_BF_in_table] = (q->anc & A_TABLE) != 0;
        for (int w = 0; w < 5; w++) {
            f[DL_BF_own_boiler + w] = (cx->el[i].words >> w) & 1;      /* the block's own class/id words */
            f[DL_BF_anc_boiler + w] = (q->anc >> (A_WORD0 + w)) & 1; /* any ancestor's */
        }
        /* the element and its ancestors up to nine levels up, read once for the features below that
         * look up the chain (the climbs are dependent loads; each feature then scans this copy) */
        int32_t chain[DL_BLOCK_CHAIN];
        int nchain = 0;
        for (int32_t a = (int32_t)i; a >= 0 && nchain < DL_BLOCK_CHAIN; a = cx->el[a].parent) chain[nchain++] = a;
        /* the nearest scored ancestor within six levels, against the winner. As the model was fitted, a
         * block whose nearest scored ancestor is exactly six levels up reads 0 levels, not 6 (to be
         * mended at the next refit, which must fit the mended feature) */
        int up = 0;
        for (; up < 6 && up < nchain; up++) {
            const dl_el *e = &cx->el[chain[up]];
            if (e->flags & F_SEEDED) {
                f[DL_BF_scored_score] = best_score > 0 ? (float)(e->score / best_score) : 0;
                if (f[DL_BF_scored_score] < -2) f[DL_BF_scored_score] = -2;
                if (f[DL_BF_scored_score] > 2) f[DL_BF_scored_score] = 2;
                f[DL_BF_scored_up] = (float)up;
                break;
            }
        }
        if (up == 6 || up == nchain) f[DL_BF_scored_up] = 6 < nchain && (cx->el[chain[6]].flags & F_SEEDED) ? 0 : 6;
        int32_t p = cx->el[i].parent, g = p >= 0 ? cx->el[p].parent : -1;
        if (p >= 0 && s[p].sub_chars) {
            f[DL_BF_parent_link_density] = (float)((double)s[p].sub_links / s[p].sub_chars);
            f[DL_BF_parent_log_chars] = lgu(s[p].sub_chars);
            f[DL_BF_share_of_parent] = (float)((double)qb->bc / s[p].sub_chars);
        }
        if (g >= 0 && s[g].sub_chars) {
            f[DL_BF_grand_link_density] = (float)((double)s[g].sub_links / s[g].sub_chars);
            f[DL_BF_grand_log_chars] = lgu(s[g].sub_chars);
        }
        f[DL_BF_log_repeat] = lgu(q->rep - 1);
        uint32_t maxrep = 0; /* over the five levels above */
        for (int u = 1; u <= 5 && u < nchain; u++)
            if (s[chain[u]].rep > maxrep) maxrep = s[chain[u]].rep;
        f[DL_BF_log_repeat_up5] = lgu(maxrep ? maxrep - 1 : 0);
        f[DL_BF_log_parent_repeat] = p >= 0 ? lgu(s[p].rep - 1) : 0;
        if (b > 0) {
            uint32_t pi = out->el[b - 1];
            f[DL_BF_prev_heading] = is_heading(cx->el[pi].node);
            f[DL_BF_prev_in_selection] = (s[pi].anc & A_SEL) != 0;
            f[DL_BF_prev_link_density] = (float)((double)bs[s[pi].blk].bl / bs[s[pi].blk].bc);
        }
        if (b + 1 < nb) {
            uint32_t ni = out->el[b + 1];
            f[DL_BF_next_heading] = is_heading(cx->el[ni].node);
            f[DL_BF_next_in_selection] = (s[ni].anc & A_SEL) != 0;
            f[DL_BF_next_link_density] = (float)((double)bs[s[ni].blk].bl / bs[s[ni].blk].bc);
        }
        since_heading = is_heading(x) ? 0 : (since_heading < 20 ? since_heading + 1 : 20);
        f[DL_BF_since_heading] = (float)since_heading / 20.0f;
        /* how far up the nearest ancestor holding the winner is */
        f[DL_BF_winner_up] = 10;
        if (best >= 0)
            for (int u = 0; u < 10 && u < nchain; u++)
                if ((uint32_t)chain[u] <= (uint32_t)best && (uint32_t)best < cx->el[chain[u]].end) {
                    f[DL_BF_winner_up] = (float)u;
                    break;
                }
        f[DL_BF_page_log_chars] = lg_total;
        f[DL_BF_page_selected_share] = (float)((double)sel_total / (double)total);
        f[DL_BF_page_log_blocks] = lg_nb;
        if (type < DL_PAGE_NTYPES) f[DL_BF_type_article + type] = 1;
        f[DL_BF_type_confidence] = (float)confidence;
        f[DL_BF_in_selected_parent] = (q->anc & A_SEL) && p >= 0 && (s[p].anc & A_SEL);
        f[DL_BF_nested_log_chars] = lgu(s[i].sub_chars - qb->bc); /* text of blocks nested inside this one */
        f[DL_BF_legal_cues] = lgu(qb->legal);
        f[DL_BF_grand_legal_cues] = g >= 0 ? lgu(s[g].sub_legal) : 0; /* a banner's other paragraphs */
        f[DL_BF_further_cues] = lgu(qb->further);
        f[DL_BF_opens_further] = qb->opens_further;
        /* the repeated unit it is part of (a post of a thread, a card of a grid, an item of a menu):
         * how much of the page's text the unit's siblings hold together, how long a member is, how
         * much of it is links, and how far up the unit starts */
        f[DL_BF_unit_up] = DL_UNIT_UP + 1;
        for (int u = 0; u <= DL_UNIT_UP && u < nchain; u++) {
            const scratch *m = &s[chain[u]];
            if (m->rep < DL_UNIT_MIN_REPEAT) continue;
            const scratch *g = &s[m->group];
            f[DL_BF_unit_share] = (float)((double)g->grp_chars / (double)total);
            f[DL_BF_unit_log_member_chars] = lg((double)g->grp_chars / m->rep);
            f[DL_BF_unit_link_density] = g->grp_chars ? (float)((double)g->grp_links / g->grp_chars) : 0;
            f[DL_BF_unit_up] = (float)u;
            break;
        }
    }
}

int dl_blocks_compute(dl_actx *cx, const dl_node *root, const uint32_t *chosen, uint32_t nchosen, int64_t best,
                      dl_page_type type, double confidence, int want_text, dl_blocks *out) {
    memset(out, 0, sizeof(*out));
    uint32_t n = cx->n;
    if (!n || cx->broken) return 0;
    dl_blocks_init(); /* no-op after the module's own call */
    scratch *s = malloc((size_t)n * sizeof(*s)); /* count_repeats fills every entry */
    if (!s) return -1;
    /* one block at most per text node that reaches a host, and per element */
    uint32_t nbs = 0, max_blocks = !cx->text_failed && cx->ntext < n ? cx->ntext : n;
    block_scratch *bs = malloc(((size_t)max_blocks + 1) * sizeof(*bs));
    dl_buf *texts = NULL;
    uint64_t total = 0, sel_total = 0;
    int rc = 0;
    if (!bs || (want_text && !(texts = calloc(n, sizeof(*texts)))) || count_repeats(cx, s) < 0) {
        rc = -1;
    } else {
        mark_selection(cx, s, chosen, nchosen, best);
        inherit_context(cx, s);
        if (gather_text(cx, root, s, bs, &nbs, texts) == 0) {
            sum_subtrees(cx, s, bs);
            rc = emit_blocks(cx, s, bs, texts, out, &total, &sel_total);
            if (rc == 0 && out->n) block_features(cx, s, bs, out, best, type, confidence, total, sel_total);
        }
    }
    if (texts) {
        for (uint32_t i = 0; i < n; i++) dl_buf_free(&texts[i]);
        free(texts);
    }
    free(bs);
    free(s);
    if (rc < 0) dl_blocks_free(out);
    return rc;
}

void dl_blocks_free(dl_blocks *b) {
    if (b->text)
        for (uint32_t i = 0; i < b->n; i++) dl_buf_free(&b->text[i]);
    free(b->text);
    free(b->el);
    free(b->chars);
    free(b->hash);
    free(b->shape);
    free(b->x);
    free(b->block_of);
    memset(b, 0, sizeof(*b));
}
