/* The design's scoring walk: one pre-order pass with enter/leave events and an explicit frame stack.
 *
 * Text lengths are folded lengths (extract.h). They are kept as running counters over the whole walk
 * (characters, interior white-space gaps, commas, link characters) and every open element remembers the
 * counters at its start, so an element's figures are differences taken when it closes: O(1) per
 * element, however deep the nesting, and no second pass over any subtree.
 *
 * The one subtlety is a white-space gap just before an element's first character: it lies between that
 * character and one outside the element, so it is not the element's. Frames opened since the last
 * character are "unresolved"; the next character resolves them by re-reading the gap counter after that
 * gap is counted. Each frame is resolved once, so this stays O(1) amortized.
 */
#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "extract/extract.h"
#include "extract/classic/rules.h"

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#endif

/* Counters are uint32_t: a document is under 4 GiB (spans in dom.h are uint32_t) and every counted
 * character or gap consumes at least one byte of it. */
typedef struct {
    const dl_node *node;
    uint32_t c0, g0, l0, k0; /* chars, gaps, link chars, commas when the element opened */
    int32_t cand;            /* index in the candidate array, or -1 */
    uint8_t in_link;         /* opened inside an <a>: all of its text is link text */
} frame;

typedef struct {
    frame *frames;
    size_t depth, cap;
    size_t unresolved; /* frames[unresolved, depth) have seen no character yet */
    uint32_t chars, gaps, link_chars, commas;
    uint32_t link_depth;
    int pending_space, any_char;
    dl_score_result *out;
    int nomem;
    dl_word_memo dropped; /* the class and id values' boilerplate verdicts (dl_rule_is_dropped_memo) */
} walk;

/* One byte of the count: a white-space byte leaves a pending gap, a continuation byte continues its
 * code point, any other byte is a character (closing the pending gap when one was seen before). */
static void count_byte(walk *w, unsigned char c) {
    if (dl_ascii_is_space(c)) {
        w->pending_space = 1;
        return;
    }
    if ((c & 0xC0) == 0x80) return; /* UTF-8 continuation byte: same code point */
    if (w->pending_space && w->any_char) w->gaps++;
    w->pending_space = 0;
    w->any_char = 1;
    for (size_t f = w->unresolved; f < w->depth; f++) w->frames[f].g0 = w->gaps;
    w->unresolved = w->depth;
    w->chars++;
    if (c == DL_RULE_COMMA) w->commas++;
}

/* The set bits of a 16-bit mask, inline: __builtin_popcount is a library call where the target has no
 * popcnt instruction (the default x86-64 build). */
static inline uint32_t pop16(unsigned x) {
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return (x + (x >> 8)) & 0x1Fu;
}

static void count_text(walk *w, const char *s, size_t n) {
    size_t i = 0;
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
    /* Byte by byte up to the first character (it resolves the open frames and may be the first of the
     * walk), then 16 bytes at a time: a character closes a gap exactly when the byte before it is white
     * space, since a continuation byte follows a character or another continuation byte; a block where
     * one follows white space (never in the tree's UTF-8) is counted byte by byte. */
    while (i < n && (w->unresolved < w->depth || !w->any_char)) {
        /* a white-space byte only leaves a pending gap: an indentation run is stepped over at once */
        size_t run = dl_ascii_space_prefix(s + i, n - i);
        if (run) {
            w->pending_space = 1;
            i += run;
            continue;
        }
        count_byte(w, (unsigned char)s[i++]);
    }
    const __m128i sp = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t'), nl = _mm_set1_epi8('\n');
    const __m128i ff = _mm_set1_epi8('\f'), cr = _mm_set1_epi8('\r'), comma = _mm_set1_epi8(DL_RULE_COMMA);
    const __m128i top2 = _mm_set1_epi8((char)0xC0), cont = _mm_set1_epi8((char)0x80);
    for (; i + 16 <= n; i += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        unsigned ws = (unsigned)_mm_movemask_epi8(
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, sp), _mm_cmpeq_epi8(x, tab)),
                         _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, nl), _mm_cmpeq_epi8(x, ff)), _mm_cmpeq_epi8(x, cr))));
        unsigned cb = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(x, top2), cont));
        unsigned before_ws = ((ws << 1) | (unsigned)(w->pending_space != 0)) & 0xFFFFu; /* the byte before is white space */
        if (cb & before_ws) {
            for (size_t j = i; j < i + 16; j++) count_byte(w, (unsigned char)s[j]);
            continue;
        }
        unsigned ch = ~(ws | cb) & 0xFFFFu;
        if (!ch) {
            if (ws) w->pending_space = 1;
            continue;
        }
        w->chars += pop16(ch);
        w->gaps += pop16(ch & before_ws);
        w->commas += pop16((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, comma)));
        /* pending: white space after the block's last character */
        w->pending_space = (ws >> (31 - __builtin_clz(ch))) > 1;
    }
#endif
    for (; i < n; i++) count_byte(w, (unsigned char)s[i]);
}

static int push(walk *w, const dl_node *n) {
    if (w->depth == w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 64;
        if (cap > SIZE_MAX / sizeof(frame)) return -1;
        frame *f = realloc(w->frames, cap * sizeof(frame));
        if (!f) return -1;
        w->frames = f;
        w->cap = cap;
    }
    frame *f = &w->frames[w->depth++];
    f->node = n;
    f->c0 = w->chars;
    f->g0 = w->gaps;
    f->l0 = w->link_chars;
    f->k0 = w->commas;
    f->cand = -1;
    f->in_link = w->link_depth > 0;
    return 0;
}

/* The candidate of an open frame, inserted (and seeded once) on first use. */
static dl_candidate *candidate(walk *w, frame *f) {
    dl_score_result *r = w->out;
    if (f->cand >= 0) return &r->cands[f->cand];
    if (r->count == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 16;
        if (cap > INT32_MAX || cap > SIZE_MAX / sizeof(dl_candidate)) return NULL;
        dl_candidate *c = realloc(r->cands, cap * sizeof(dl_candidate));
        if (!c) return NULL;
        r->cands = c;
        r->cap = cap;
    }
    dl_candidate *c = &r->cands[r->count];
    memset(c, 0, sizeof(*c));
    c->node = f->node;
    c->score = dl_rule_seed(f->node);
    f->cand = (int32_t)r->count++;
    return c;
}

/* Returns whether to descend into n. A pruned element gets no frame: leave() knows it by that. */
static int enter(walk *w, const dl_node *n) {
    if (n->type == DL_NODE_TEXT) {
        count_text(w, n->u.text.ptr, n->u.text.len);
        return 0;
    }
    if (n->type != DL_NODE_ELEMENT) return n->type == DL_NODE_DOCUMENT || n->type == DL_NODE_FRAGMENT;
    if (dl_rule_is_pruned(n) || dl_rule_is_dropped_memo(n, &w->dropped)) return 0;
    if (push(w, n) < 0) {
        w->nomem = 1;
        return 0;
    }
    if (dl_rule_is_link(n)) w->link_depth++;
    return 1;
}

static void leave(walk *w, const dl_node *n) {
    if (n->type != DL_NODE_ELEMENT) return;
    if (w->depth == 0 || w->frames[w->depth - 1].node != n) return; /* pruned (or its push failed) */
    size_t d = w->depth - 1;
    frame *f = &w->frames[d];
    uint32_t len = (w->chars - f->c0) + (w->gaps - f->g0);
    int is_link = dl_rule_is_link(n);
    if (is_link) {
        if (w->link_depth == 1) w->link_chars += len;
        if (w->link_depth) w->link_depth--;
    }
    if (dl_rule_is_paragraph(n) && len >= DL_RULE_PARAGRAPH_MIN_CHARS) {
        uint32_t length_points = len / DL_RULE_CHARS_PER_LENGTH_POINT;
        if (length_points > DL_RULE_MAX_LENGTH_POINTS) length_points = DL_RULE_MAX_LENGTH_POINTS;
        double points = DL_RULE_PARAGRAPH_BASE + DL_RULE_POINTS_PER_COMMA * (double)(w->commas - f->k0) +
                        (double)length_points;
        const dl_node *parent = n->parent;
        if (d >= 1 && parent && w->frames[d - 1].node == parent) {
            dl_candidate *c = candidate(w, &w->frames[d - 1]);
            if (!c) w->nomem = 1;
            else c->score += points * DL_RULE_PARENT_SHARE;
            const dl_node *grand = parent->parent;
            if (c && d >= 2 && grand && w->frames[d - 2].node == grand) {
                c = candidate(w, &w->frames[d - 2]);
                if (!c) w->nomem = 1;
                else c->score += points * DL_RULE_GRANDPARENT_SHARE;
            }
        }
    }
    if (f->cand >= 0) {
        dl_candidate *c = &w->out->cands[f->cand];
        uint32_t links = f->in_link ? len : w->link_chars - f->l0;
        if (links > len) links = len;
        c->chars = len;
        c->link_chars = links;
        double density = len ? (double)links / (double)len : 0.0;
        c->final = c->score * (1.0 - density);
    }
    w->depth--;
    if (w->unresolved > w->depth) w->unresolved = w->depth;
}

int dl_extract_score(const dl_node *root, dl_score_result *out) {
    memset(out, 0, sizeof(*out));
    walk w;
    memset(&w, 0, sizeof(w));
    w.out = out;
    const dl_node *n = root;
    while (n && !w.nomem) {
        if (enter(&w, n) && n->first_child) {
            n = n->first_child;
            continue;
        }
        for (;;) {
            leave(&w, n);
            if (n == root) {
                n = NULL;
                break;
            }
            if (n->next) {
                n = n->next;
                break;
            }
            n = n->parent;
        }
    }
    free(w.frames);
    if (w.nomem) {
        out->nomem = 1;
        return -1;
    }
    /* Highest positive score wins; on a tie the earlier candidate (its paragraphs closed first) stays. */
    for (size_t i = 0; i < out->count; i++) {
        const dl_candidate *c = &out->cands[i];
        if (c->final > 0.0 && (!out->winner || c->final > out->winner_score)) {
            out->winner = c->node;
            out->winner_score = c->final;
        }
    }
    return 0;
}

int dl_extract_winner(const dl_node *root, const dl_node **winner) {
    dl_score_result r;
    int rc = dl_extract_score(root, &r);
    *winner = rc == 0 ? r.winner : NULL;
    dl_score_result_free(&r);
    return rc;
}

void dl_score_result_free(dl_score_result *r) {
    free(r->cands);
    r->cands = NULL;
    r->count = r->cap = 0;
}

/* Folded length of root's text with the pruning rules applied below root. When links is given, adds
 * the folded length of every outermost <a> below root (each measured on its own, so the gap before a
 * link is not link text), visiting each node at most twice. */
static uint32_t fold_count(const dl_node *root, uint32_t *links) {
    uint32_t chars = 0, gaps = 0;
    int pending = 0, any = 0;
    const dl_node *link_end = NULL; /* first node after the outermost link being crossed */
    int in_link = 0;
    const dl_node *n = root;
    while (n) {
        if (in_link && n == link_end) in_link = 0;
        int skip = 0;
        if (n != root && n->type == DL_NODE_ELEMENT) {
            if (dl_rule_is_pruned(n) || dl_rule_is_dropped(n)) {
                skip = 1;
            } else if (links && !in_link && dl_rule_is_link(n)) {
                *links += fold_count(n, NULL);
                in_link = 1;
                link_end = dl_next_node(root, n, 1);
            }
        } else if (n->type == DL_NODE_TEXT) {
            const char *s = n->u.text.ptr;
            for (size_t i = 0; i < n->u.text.len; i++) {
                unsigned char c = (unsigned char)s[i];
                if (dl_ascii_is_space(c)) {
                    pending = 1;
                } else if ((c & 0xC0) != 0x80) {
                    if (pending && any) gaps++;
                    pending = 0;
                    any = 1;
                    chars++;
                }
            }
        }
        n = dl_next_node(root, n, skip);
    }
    return chars + gaps;
}

void dl_measure(const dl_node *n, uint32_t *chars, uint32_t *link_chars) {
    uint32_t links = 0;
    if (dl_rule_is_link(n)) {
        *chars = fold_count(n, NULL);
        *link_chars = *chars;
        return;
    }
    *chars = fold_count(n, &links);
    *link_chars = links > *chars ? *chars : links;
}
