/* dl_article_text: the refined scoring and cleaning behind Article.text (issue 5).
 *
 * One walk indexes the elements of the subtree in document order into a flat table (the index of an
 * element's parent, the end of its subtree, its flags and its own text measures), skipping subtrees
 * that are never content. Every later step is a loop over that table: subtree measures are sums taken
 * in reverse document order (children come after their parent), ancestry is an index range test, and
 * no step recurses. The rules and their reasons are in article_rules.h.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "extract/article_rules.h"
#include "extract/article_text.h"

enum {
    F_HARD = 1u << 0,    /* never content: pruned tag or foreign namespace (children not indexed) */
    F_SOFT = 1u << 1,    /* boilerplate by class/id, or hidden (subject to the wrapper guard) */
    F_DROP = 1u << 2,    /* excluded, with everything inside */
    F_CLEAN = 1u << 3,   /* cleaned out of the kept containers */
    F_IN_PARA = 1u << 4, /* inside a <p>, <td> or <pre> */
    F_SEEDED = 1u << 5,  /* a scoring candidate */
};

enum {
    W_BOILER = 1u << 0,
    W_RESCUE = 1u << 1,
    W_POSITIVE = 1u << 2,
    W_NEGATIVE = 1u << 3,
    W_CLEAN = 1u << 4,
};

typedef struct {
    const dl_node *node;
    int32_t parent;      /* index, -1 at the top */
    uint32_t end;        /* one past the index of the last descendant */
    uint32_t depth;
    uint8_t flags, words;
    uint32_t own_chars, own_commas; /* text children only */
    uint32_t chars, links, commas;  /* the kept subtree */
    uint32_t prose;                 /* paragraph text owned, for the wrapper guard */
    double score;
} dl_el;

typedef struct {
    uint32_t target; /* the container that receives the paragraph's score in full */
    uint32_t source; /* the paragraph itself (a <p>) or the element holding the inline run */
    uint32_t len, commas;
} dl_para;

typedef struct {
    char *ptr;
    size_t len, cap;
    int line_start, pending_space;
} dl_out;

typedef struct {
    dl_el *el;
    uint32_t n, cap;
    dl_para *para;
    uint32_t npara, cap_para;
    int nomem, broken;
} dl_actx;

/* ------------------------------------------------------------------ small helpers */

static uint32_t sat_add(uint32_t a, uint32_t b) { return a > UINT32_MAX - b ? UINT32_MAX : a + b; }

static int is_space(unsigned char c) { return dl_ascii_is_space(c); }

/* Folded length in code points (internal white-space runs count one, the ends nothing) and commas. */
static void measure_text(const char *s, size_t len, uint32_t *chars, uint32_t *commas) {
    uint32_t c = 0, k = 0;
    int seen = 0, gap = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char b = (unsigned char)s[i];
        if (is_space(b)) {
            gap = seen;
            continue;
        }
        if ((b & 0xC0) == 0x80) continue; /* continuation byte of the code point already counted */
        if (gap) c = sat_add(c, 1);
        gap = 0;
        seen = 1;
        c = sat_add(c, 1);
        if (b == ',') k = sat_add(k, 1);
    }
    *chars = c;
    *commas = k;
}

#define DL_CASE(name) case DL_TAG_##name:
#define DL_TAG_SET(fn, LIST)                                                                           \
    static int fn(const dl_node *n) {                                                                  \
        if (n->type != DL_NODE_ELEMENT || n->ns != DL_NS_HTML) return 0;                               \
        switch (n->atom) {                                                                             \
            LIST(DL_CASE)                                                                              \
            return 1;                                                                                  \
        default:                                                                                       \
            return 0;                                                                                  \
        }                                                                                              \
    }

#define DL_PARA_TAGS(X) X(p) X(td) X(pre)
#define DL_TOP_TAGS(X) X(html) X(body)
/* Elements that start and end a line of the rendered text (display: block and friends in the HTML
 * Standard's rendering section, the ones that hold text). */
#define DL_RENDER_BLOCK_TAGS(X) X(p) X(div) X(section) X(article) X(main) X(h1) X(h2) X(h3) X(h4) X(h5) \
    X(h6) X(ul) X(ol) X(li) X(dl) X(dd) X(dt) X(table) X(tr) X(td) X(th) X(tbody) X(thead) X(tfoot)     \
    X(blockquote) X(pre) X(figure) X(figcaption) X(br) X(hr) X(address) X(center) X(header) X(footer)  \
    X(form) X(fieldset) X(caption) X(details) X(summary) X(body) X(html) X(nav) X(aside) X(legend)     \
    X(hgroup) X(listing) X(xmp) X(plaintext) X(menu) X(dir) X(search)
#define DL_WEIGHT_DIV_TAGS(X) X(div)
#define DL_WEIGHT_QUOTE_TAGS(X) X(blockquote) X(td) X(pre)
#define DL_WEIGHT_LIST_TAGS(X) X(ul) X(ol) X(dl) X(dd) X(dt) X(li) X(form) X(address)
#define DL_WEIGHT_HEADING_TAGS(X) X(h1) X(h2) X(h3) X(h4) X(h5) X(h6) X(th)
#define DL_NO_FURNITURE_TAGS(X) X(table) X(p)

DL_TAG_SET(is_pruned_tag, DL_ART_PRUNED_TAGS)
DL_TAG_SET(is_para_tag, DL_PARA_TAGS)
DL_TAG_SET(is_top_tag, DL_TOP_TAGS)
DL_TAG_SET(is_run_host, DL_ART_RUN_HOST_TAGS)
DL_TAG_SET(is_inline_tag, DL_ART_INLINE_TAGS)
DL_TAG_SET(is_render_block, DL_RENDER_BLOCK_TAGS)
DL_TAG_SET(is_weight_div, DL_WEIGHT_DIV_TAGS)
DL_TAG_SET(is_weight_quote, DL_WEIGHT_QUOTE_TAGS)
DL_TAG_SET(is_weight_list, DL_WEIGHT_LIST_TAGS)
DL_TAG_SET(is_weight_heading, DL_WEIGHT_HEADING_TAGS)
DL_TAG_SET(is_title_tag, DL_ART_CLEAN_TITLE_TAGS)
DL_TAG_SET(is_figure_tag, DL_ART_CLEAN_FIGURE_TAGS)
DL_TAG_SET(is_clean_block, DL_ART_CLEAN_BLOCK_TAGS)
DL_TAG_SET(is_no_furniture, DL_NO_FURNITURE_TAGS)

/* ------------------------------------------------------------------ class/id words */

static const char *const boiler_words[] = {DL_ART_BOILERPLATE_WORDS};
static const char *const rescue_words[] = {DL_ART_RESCUE_WORDS};
static const char *const positive_words[] = {DL_ART_POSITIVE_WORDS};
static const char *const negative_prefixes[] = {DL_ART_NEGATIVE_PREFIXES};
static const char *const negative_words[] = {DL_ART_NEGATIVE_WORDS};
static const char *const clean_prefixes[] = {DL_ART_CLEAN_PREFIXES};
static const char *const clean_words[] = {DL_ART_CLEAN_WORDS};

#define DL_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* All lists merged into one table bucketed by first letter, lengths precomputed: classification runs
 * on every token of every class and id, so it must not scan every list with strlen. */
typedef struct {
    const char *w;
    uint8_t len, bits, exact;
} dl_word;

#define DL_WORDS_MAX 160
static dl_word word_tab[DL_WORDS_MAX];
static uint16_t bucket_lo[27], bucket_hi[27];
static int words_ready;

static size_t add_list(size_t k, const char *const *list, size_t count, unsigned bits, int exact) {
    for (size_t i = 0; i < count && k < DL_WORDS_MAX; i++) {
        size_t n = strlen(list[i]);
        word_tab[k++] = (dl_word){list[i], (uint8_t)(n < 255 ? n : 255), (uint8_t)bits, (uint8_t)exact};
    }
    return k;
}

static int by_letter(const void *a, const void *b) {
    return (unsigned char)((const dl_word *)a)->w[0] - (unsigned char)((const dl_word *)b)->w[0];
}

void dl_article_text_init(void) {
    if (words_ready) return;
    size_t k = 0;
    k = add_list(k, boiler_words, DL_COUNT(boiler_words), W_BOILER, 0);
    k = add_list(k, rescue_words, DL_COUNT(rescue_words), W_RESCUE, 0);
    k = add_list(k, positive_words, DL_COUNT(positive_words), W_POSITIVE, 0);
    k = add_list(k, negative_prefixes, DL_COUNT(negative_prefixes), W_NEGATIVE, 0);
    k = add_list(k, negative_words, DL_COUNT(negative_words), W_NEGATIVE, 1);
    k = add_list(k, clean_prefixes, DL_COUNT(clean_prefixes), W_CLEAN, 0);
    k = add_list(k, clean_words, DL_COUNT(clean_words), W_CLEAN, 1);
    qsort(word_tab, k, sizeof(word_tab[0]), by_letter);
    for (int c = 0; c < 27; c++) bucket_lo[c] = bucket_hi[c] = 0;
    for (size_t i = 0; i < k; i++) {
        int c = word_tab[i].w[0] - 'a';
        if (c < 0 || c > 25) continue;
        if (bucket_hi[c] == 0) bucket_lo[c] = (uint16_t)i;
        bucket_hi[c] = (uint16_t)(i + 1);
    }
    words_ready = 1;
}

static unsigned classify_token(const char *s, size_t n) {
    char tok[32];
    if (n > sizeof(tok)) n = sizeof(tok); /* words are short: a prefix of a long token is enough */
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        tok[i] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    int c = tok[0] - 'a';
    if (c < 0 || c > 25) return 0;
    unsigned w = 0;
    for (unsigned i = bucket_lo[c]; i < bucket_hi[c]; i++) {
        const dl_word *e = &word_tab[i];
        if (n < e->len || (e->exact && n != e->len)) continue;
        if (memcmp(tok, e->w, e->len) == 0) w |= e->bits;
    }
    return w;
}

static int lower(char c) { return c >= 'a' && c <= 'z'; }
static int upper(char c) { return c >= 'A' && c <= 'Z'; }
static int digit(char c) { return c >= '0' && c <= '9'; }

/* Words of a class or id value: lower-case runs, a capital starting a lower-case run (camelCase), a
 * run of capitals (an acronym, "HTMLParser" -> "HTML", "Parser"); digits and punctuation separate. */
static unsigned classify_value(const char *s, size_t len) {
    unsigned w = 0;
    size_t i = 0;
    while (i < len) {
        char c = s[i];
        size_t j = i;
        if (lower(c)) {
            while (j < len && lower(s[j])) j++;
        } else if (upper(c)) {
            if (i + 1 < len && lower(s[i + 1])) {
                j = i + 1;
                while (j < len && lower(s[j])) j++;
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

static unsigned element_words(const dl_node *el) {
    unsigned w = 0;
    const dl_attr *a = dl_element_attr(el, "class", 5);
    if (a) w |= classify_value(a->value.ptr, a->value.len);
    a = dl_element_attr(el, "id", 2);
    if (a) w |= classify_value(a->value.ptr, a->value.len);
    return w;
}

/* Whether pat (lower-case, no spaces) occurs in s, ignoring ASCII case and white space in s. */
static int find_nospace_ci(const char *s, size_t len, const char *pat) {
    size_t pl = strlen(pat);
    for (size_t start = 0; start < len; start++) {
        if (is_space((unsigned char)s[start])) continue;
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
static int is_hidden(const dl_node *el) {
    if (dl_element_attr(el, "hidden", 6)) return 1;
    const dl_attr *a = dl_element_attr(el, "aria-hidden", 11);
    if (a) {
        const char *v = a->value.ptr;
        size_t n = a->value.len;
        while (n && is_space((unsigned char)*v)) v++, n--;
        while (n && is_space((unsigned char)v[n - 1])) n--;
        if (n == 4 && find_nospace_ci(v, n, "true")) return 1;
    }
    a = dl_element_attr(el, "style", 5);
    if (a && (find_nospace_ci(a->value.ptr, a->value.len, "display:none") ||
              find_nospace_ci(a->value.ptr, a->value.len, "visibility:hidden")))
        return 1;
    return 0;
}

/* ------------------------------------------------------------------ the element table */

static int push_el(dl_actx *cx, const dl_node *node, int32_t parent) {
    if (cx->n == cx->cap) {
        uint32_t cap = cx->cap ? cx->cap * 2 : 256;
        if (cap <= cx->cap || cap > UINT32_MAX / 2) return -1;
        dl_el *p = realloc(cx->el, (size_t)cap * sizeof(*p));
        if (!p) return -1;
        cx->el = p;
        cx->cap = cap;
    }
    dl_el *e = &cx->el[cx->n++];
    memset(e, 0, sizeof(*e));
    e->node = node;
    e->parent = parent;
    return 0;
}

/* The walk: every element outside never-content subtrees gets an index in document order; text is
 * measured into its parent's own counters. The innermost open element is found by following parent
 * indices, so the table itself is the stack. */
static int index_tree(dl_actx *cx, const dl_node *root) {
    int32_t cur = -1;
    const dl_node *x = root;
    while (x) {
        int skip = 0;
        if (x->type == DL_NODE_ELEMENT || x->type == DL_NODE_TEXT) {
            while (cur >= 0 && cx->el[cur].node != x->parent) cur = cx->el[cur].parent;
        }
        if (x->type == DL_NODE_TEXT) {
            if (cur >= 0) {
                uint32_t c, k;
                measure_text(x->u.text.ptr, x->u.text.len, &c, &k);
                dl_el *e = &cx->el[cur];
                if (c && e->own_chars) c = sat_add(c, 1); /* the space between two text pieces */
                e->own_chars = sat_add(e->own_chars, c);
                e->own_commas = sat_add(e->own_commas, k);
            }
        } else if (x->type == DL_NODE_ELEMENT) {
            if (push_el(cx, x, cur) < 0) return -1;
            uint32_t i = cx->n - 1;
            dl_el *e = &cx->el[i];
            if (cur >= 0) {
                const dl_el *p = &cx->el[cur];
                e->depth = p->depth + 1;
                if ((p->flags & F_IN_PARA) || is_para_tag(p->node)) e->flags |= F_IN_PARA;
            }
            /* the subtree asked for is never pruned itself: the caller chose it */
            if (x != root && (x->ns != DL_NS_HTML || is_pruned_tag(x))) {
                e->flags |= F_HARD | F_DROP;
                skip = 1;
            } else {
                e->words = (uint8_t)element_words(x);
                if (x != root && !is_top_tag(x) &&
                    (((e->words & W_BOILER) && !(e->words & W_RESCUE)) || is_hidden(x)))
                    e->flags |= F_SOFT;
                cur = (int32_t)i;
            }
        }
        x = dl_next_node(root, x, skip);
    }
    for (uint32_t i = 0; i < cx->n; i++) cx->el[i].end = i + 1;
    for (uint32_t i = cx->n; i-- > 1;) {
        int32_t p = cx->el[i].parent;
        if (p >= 0 && cx->el[i].end > cx->el[p].end) cx->el[p].end = cx->el[i].end;
    }
    return 0;
}

/* Subtree measures over what is not dropped: children have larger indices, so a reverse loop sees
 * every child before its parent. */
static void aggregate(dl_actx *cx) {
    for (uint32_t i = 0; i < cx->n; i++) {
        dl_el *e = &cx->el[i];
        e->chars = e->own_chars;
        e->commas = e->own_commas;
        e->links = 0;
    }
    for (uint32_t i = cx->n; i-- > 0;) {
        dl_el *e = &cx->el[i];
        if (e->flags & F_DROP) continue;
        if (dl_is_element(e->node, DL_TAG_a)) e->links = e->chars;
        if (e->parent >= 0) {
            dl_el *p = &cx->el[e->parent];
            p->chars = sat_add(p->chars, e->chars);
            p->links = sat_add(p->links, e->links);
            p->commas = sat_add(p->commas, e->commas);
        }
    }
}

static int push_para(dl_actx *cx, uint32_t target, uint32_t source, uint32_t len, uint32_t commas) {
    if (cx->npara == cx->cap_para) {
        uint32_t cap = cx->cap_para ? cx->cap_para * 2 : 64;
        if (cap <= cx->cap_para || cap > UINT32_MAX / 2) return -1;
        dl_para *p = realloc(cx->para, (size_t)cap * sizeof(*p));
        if (!p) return -1;
        cx->para = p;
        cx->cap_para = cap;
    }
    cx->para[cx->npara++] = (dl_para){target, source, len, commas};
    return 0;
}

/* The paragraphs of the kept tree: <p>/<td>/<pre> with their whole text (their container is their
 * parent), and runs of inline content written straight into a container (the container is the host
 * itself). Needs aggregate() first. */
static int collect_paras(dl_actx *cx) {
    cx->npara = 0;
    for (uint32_t i = 0; i < cx->n; i++) {
        const dl_el *e = &cx->el[i];
        if (e->flags & F_DROP) continue;
        if (is_para_tag(e->node)) {
            if (e->chars >= DL_ART_PARA_MIN_CHARS && e->parent >= 0 &&
                push_para(cx, (uint32_t)e->parent, i, e->chars, e->commas) < 0)
                return -1;
            continue;
        }
        if (!is_run_host(e->node) || (e->flags & F_IN_PARA)) continue;
        uint32_t cursor = i + 1, run = 0, commas = 0;
        const dl_node *c = e->node->first_child;
        for (;; c = c->next) {
            int flush = (c == NULL);
            if (c && c->type == DL_NODE_TEXT) {
                uint32_t ch, k;
                measure_text(c->u.text.ptr, c->u.text.len, &ch, &k);
                if (ch && run) ch = sat_add(ch, 1);
                run = sat_add(run, ch);
                commas = sat_add(commas, k);
            } else if (c && c->type == DL_NODE_ELEMENT) {
                uint32_t ci = cursor;
                if (ci >= cx->n || cx->el[ci].node != c) {
                    cx->broken = 1; /* the table and the tree disagree: never expected */
                    return 0;
                }
                cursor = cx->el[ci].end;
                const dl_el *ce = &cx->el[ci];
                if (ce->flags & F_DROP) continue;
                if (is_inline_tag(c)) {
                    uint32_t ch = ce->chars;
                    if (ch && run) ch = sat_add(ch, 1);
                    run = sat_add(run, ch);
                    commas = sat_add(commas, ce->commas);
                } else {
                    flush = 1;
                }
            }
            if (flush) {
                if (run >= DL_ART_PARA_MIN_CHARS && push_para(cx, i, i, run, commas) < 0) return -1;
                run = commas = 0;
            }
            if (!c) break;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ pruning with the guard */

static int prune(dl_actx *cx) {
    /* Paragraphs measured over the tree without the soft drops: who owns how much prose. */
    aggregate(cx);
    if (collect_paras(cx) < 0) return -1;
    uint64_t total = 0;
    for (uint32_t k = 0; k < cx->npara; k++) {
        total += cx->para[k].len;
        dl_el *src = &cx->el[cx->para[k].source];
        src->prose = sat_add(src->prose, cx->para[k].len);
    }
    double limit = DL_ART_GUARD_SHARE * (double)total;
    for (uint32_t i = cx->n; i-- > 0;) {
        dl_el *e = &cx->el[i];
        if ((e->flags & F_SOFT) && (double)e->prose > limit) e->flags &= (uint8_t)~F_SOFT;
        if (e->flags & F_SOFT) continue; /* its prose goes with it */
        if (e->parent >= 0) cx->el[e->parent].prose = sat_add(cx->el[e->parent].prose, e->prose);
    }
    for (uint32_t i = 0; i < cx->n; i++) {
        dl_el *e = &cx->el[i];
        if ((e->flags & (F_HARD | F_SOFT)) || (e->parent >= 0 && (cx->el[e->parent].flags & F_DROP)))
            e->flags |= F_DROP;
    }
    return 0;
}

/* ------------------------------------------------------------------ scoring */

static double seed(const dl_el *e) {
    double w = 0;
    const dl_node *n = e->node;
    if (is_weight_div(n)) w += 5;
    else if (is_weight_quote(n)) w += 3;
    else if (is_weight_list(n)) w -= 3;
    else if (is_weight_heading(n)) w -= 5;
    if (e->words & W_NEGATIVE) w -= DL_ART_CLASS_WEIGHT;
    if (e->words & W_POSITIVE) w += DL_ART_CLASS_WEIGHT;
    return w;
}

static void add_score(dl_actx *cx, uint32_t i, double v) {
    dl_el *e = &cx->el[i];
    if (!(e->flags & F_SEEDED)) {
        e->flags |= F_SEEDED;
        e->score = seed(e);
    }
    e->score += v;
}

static int64_t score(dl_actx *cx) {
    for (uint32_t k = 0; k < cx->npara; k++) {
        const dl_para *p = &cx->para[k];
        uint32_t lp = p->len / DL_ART_PARA_CHARS_PER_POINT;
        if (lp > DL_ART_PARA_MAX_LENGTH_POINTS) lp = DL_ART_PARA_MAX_LENGTH_POINTS;
        double c = 1.0 + (double)p->commas + (double)lp;
        add_score(cx, p->target, c);
        int32_t g = cx->el[p->target].parent;
        if (g >= 0) add_score(cx, (uint32_t)g, c * DL_ART_GRANDPARENT_SHARE);
    }
    int64_t best = -1;
    double best_score = 0;
    for (uint32_t i = 0; i < cx->n; i++) {
        dl_el *e = &cx->el[i];
        if (!(e->flags & F_SEEDED)) continue;
        double ld = e->chars ? (double)e->links / (double)e->chars : 0.0;
        if (ld > 1) ld = 1;
        e->score *= 1.0 - ld;
        if (e->score > best_score) {
            best_score = e->score;
            best = i;
        }
    }
    return best;
}

/* ------------------------------------------------------------------ split chunks */

static int contains(const dl_actx *cx, uint32_t a, uint32_t b) { return a <= b && b < cx->el[a].end; }

typedef struct {
    double score;
    uint32_t index;
} dl_ranked;

static int by_score_desc(const void *a, const void *b) {
    const dl_ranked *x = a, *y = b;
    if (x->score != y->score) return x->score < y->score ? 1 : -1;
    return x->index < y->index ? -1 : x->index > y->index; /* ties: document order, for determinism */
}

static int choose(dl_actx *cx, uint32_t best, double share, uint32_t levels, uint32_t *chosen,
                  uint32_t *nchosen) {
    chosen[0] = best;
    *nchosen = 1;
    double limit = share * cx->el[best].score;
    uint32_t count = 0;
    for (uint32_t i = 0; i < cx->n; i++)
        if ((cx->el[i].flags & F_SEEDED) && i != best && cx->el[i].score >= limit) count++;
    if (!count) return 0;
    dl_ranked *cands = malloc((size_t)count * sizeof(*cands));
    if (!cands) return -1;
    count = 0;
    for (uint32_t i = 0; i < cx->n; i++)
        if ((cx->el[i].flags & F_SEEDED) && i != best && cx->el[i].score >= limit)
            cands[count++] = (dl_ranked){cx->el[i].score, i};
    qsort(cands, count, sizeof(*cands), by_score_desc);
    for (uint32_t k = 0; k < count && *nchosen < DL_ART_SPLIT_MAX; k++) {
        uint32_t c = cands[k].index;
        int overlap = 0;
        for (uint32_t m = 0; m < *nchosen && !overlap; m++)
            overlap = contains(cx, chosen[m], c) || contains(cx, c, chosen[m]);
        if (overlap) continue;
        /* the lowest common ancestor with the winner, looked for no further up than allowed */
        int32_t a = cx->el[c].parent;
        uint32_t up = 1;
        while (a >= 0 && up <= levels && !contains(cx, (uint32_t)a, best)) {
            a = cx->el[a].parent;
            up++;
        }
        if (a < 0 || up > levels || is_top_tag(cx->el[a].node)) continue;
        if (cx->el[best].depth - cx->el[a].depth > levels) continue;
        chosen[(*nchosen)++] = c;
    }
    free(cands);
    return 0;
}

/* ------------------------------------------------------------------ cleaning */

static void clean(dl_actx *cx, uint32_t top, double max_ld) {
    uint32_t j = top + 1, end = cx->el[top].end;
    while (j < end) {
        dl_el *e = &cx->el[j];
        if (e->flags & F_DROP) {
            j = e->end;
            continue;
        }
        const dl_node *n = e->node;
        int out = is_title_tag(n) || is_figure_tag(n);
        if (!out && is_clean_block(n)) {
            double ld = e->chars ? (double)e->links / (double)e->chars : 0.0;
            if ((e->words & W_CLEAN) && !(e->words & W_RESCUE) && e->commas < DL_ART_CLEAN_MAX_COMMAS &&
                !is_no_furniture(n))
                out = 1;
            else if (ld > max_ld)
                out = 1;
        }
        if (out) {
            e->flags |= F_CLEAN;
            j = e->end;
        } else {
            j++;
        }
    }
}

/* ------------------------------------------------------------------ rendering */

static void out_put(dl_actx *cx, dl_out *o, const char *s, size_t n) {
    if (cx->nomem) return;
    if (o->len + n + 1 > o->cap) {
        size_t cap = o->cap ? o->cap : 1024;
        while (cap < o->len + n + 1) {
            if (cap > SIZE_MAX / 2) {
                cx->nomem = 1;
                return;
            }
            cap *= 2;
        }
        char *p = realloc(o->ptr, cap);
        if (!p) {
            cx->nomem = 1;
            return;
        }
        o->ptr = p;
        o->cap = cap;
    }
    memcpy(o->ptr + o->len, s, n);
    o->len += n;
    o->ptr[o->len] = 0;
}

static void out_newline(dl_actx *cx, dl_out *o) {
    if (!o->line_start) out_put(cx, o, "\n", 1);
    o->line_start = 1;
    o->pending_space = 0;
}

static void out_text(dl_actx *cx, dl_out *o, const char *s, size_t len) {
    size_t i = 0;
    while (i < len) {
        if (is_space((unsigned char)s[i])) {
            if (!o->line_start) o->pending_space = 1;
            i++;
            continue;
        }
        size_t j = i;
        while (j < len && !is_space((unsigned char)s[j])) j++;
        if (o->pending_space) out_put(cx, o, " ", 1);
        o->pending_space = 0;
        o->line_start = 0;
        out_put(cx, o, s + i, j - i);
        i = j;
    }
}

/* Block-aware text of the kept container at index top, without what was dropped or cleaned. The
 * render walk visits elements in the same order as index_tree, so a running index finds each one's
 * flags; a skipped element advances it past its whole subtree. */
static void render(dl_actx *cx, uint32_t top, dl_out *o) {
    const dl_node *root = cx->el[top].node, *x = root;
    uint32_t cursor = top;
    for (;;) {
        int descend = 0;
        if (x->type == DL_NODE_ELEMENT) {
            uint32_t i = cursor;
            if (i >= cx->n || cx->el[i].node != x) {
                cx->broken = 1;
                return;
            }
            if (cx->el[i].flags & (F_DROP | F_CLEAN)) {
                cursor = cx->el[i].end;
            } else {
                cursor = i + 1;
                if (is_render_block(x)) out_newline(cx, o);
                descend = x->first_child != NULL;
            }
        } else if (x->type == DL_NODE_TEXT) {
            out_text(cx, o, x->u.text.ptr, x->u.text.len);
        }
        if (descend) {
            x = x->first_child;
            continue;
        }
        for (;;) {
            if (x->type == DL_NODE_ELEMENT && is_render_block(x)) out_newline(cx, o);
            if (x == root) return;
            if (x->next) {
                x = x->next;
                break;
            }
            x = x->parent;
        }
    }
}

/* ------------------------------------------------------------------ entry points */

/* The shared core of both entry points: index, prune, score, choose and clean. On success the chosen
 * containers are in chosen[0..*nchosen) in document order and *best is the winner's index (-1 with
 * *nchosen 0 when nothing scored, or when the table and the tree disagreed). Returns -1 on out of
 * memory. */
static int select_content(dl_actx *cx, const dl_node *root, dl_favor favor, uint32_t *chosen, uint32_t *nchosen,
                          int64_t *best_out) {
    double max_ld = DL_ART_CLEAN_LINK_DENSITY, share = DL_ART_SPLIT_SHARE;
    uint32_t levels = DL_ART_SPLIT_LEVELS;
    if (favor == DL_FAVOR_PRECISION) {
        max_ld = DL_ART_PRECISION_LINK_DENSITY;
        share = DL_ART_PRECISION_SPLIT_SHARE;
    } else if (favor == DL_FAVOR_RECALL) {
        max_ld = DL_ART_RECALL_LINK_DENSITY;
        share = DL_ART_RECALL_SPLIT_SHARE;
        levels = DL_ART_RECALL_SPLIT_LEVELS;
    }
    *nchosen = 0;
    *best_out = -1;
    dl_article_text_init(); /* no-op after the module's own call */
    if (!root || index_tree(cx, root) < 0 || prune(cx) < 0) return -1;
    aggregate(cx);
    if (collect_paras(cx) < 0) return -1;
    if (cx->broken) return 0;
    int64_t best = score(cx);
    if (best < 0) return 0;
    if (choose(cx, (uint32_t)best, share, levels, chosen, nchosen) < 0) return -1;
    /* document order */
    for (uint32_t a = 1; a < *nchosen; a++) {
        uint32_t v = chosen[a], b = a;
        while (b > 0 && chosen[b - 1] > v) {
            chosen[b] = chosen[b - 1];
            b--;
        }
        chosen[b] = v;
    }
    for (uint32_t k = 0; k < *nchosen; k++) clean(cx, chosen[k], max_ld);
    *best_out = best;
    return 0;
}

int dl_article_text(const dl_node *root, dl_favor favor, dl_article_text_result *out) {
    memset(out, 0, sizeof(*out));
    dl_actx cx;
    memset(&cx, 0, sizeof(cx));
    dl_out o = {NULL, 0, 0, 1, 0};
    int rc = 0;
    uint32_t chosen[DL_ART_SPLIT_MAX], nchosen = 0;
    int64_t best = -1;
    if (select_content(&cx, root, favor, chosen, &nchosen, &best) < 0) goto nomem;
    if (best >= 0) {
        for (uint32_t k = 0; k < nchosen && !cx.broken; k++) {
            render(&cx, chosen[k], &o);
            out_newline(&cx, &o);
        }
        out->body = cx.el[best].node;
        out->nparts = nchosen;
    }
    if (cx.nomem) goto nomem;
    if (cx.broken) { /* never expected: report no article rather than a wrong one */
        o.len = 0;
        out->body = NULL;
        out->nparts = 0;
    }
    while (o.len && o.ptr[o.len - 1] == '\n') o.len--;
    if (!o.ptr) {
        o.ptr = malloc(1);
        if (!o.ptr) goto nomem;
    }
    o.ptr[o.len] = 0;
    out->text = o.ptr;
    out->len = o.len;
    o.ptr = NULL;
    goto done;
nomem:
    rc = -1;
    free(o.ptr);
    memset(out, 0, sizeof(*out));
done:
    free(cx.el);
    free(cx.para);
    return rc;
}

static int by_address(const void *a, const void *b) {
    uintptr_t x = (uintptr_t) * (const dl_node *const *)a, y = (uintptr_t) * (const dl_node *const *)b;
    return x < y ? -1 : x > y;
}

int dl_article_content(const dl_node *root, dl_favor favor, dl_article_content_result *out) {
    memset(out, 0, sizeof(*out));
    dl_actx cx;
    memset(&cx, 0, sizeof(cx));
    int rc = 0;
    uint32_t chosen[DL_ART_SPLIT_MAX], nchosen = 0;
    int64_t best = -1;
    if (select_content(&cx, root, favor, chosen, &nchosen, &best) < 0) goto nomem;
    if (best < 0 || cx.broken || !nchosen) goto done;
    /* The same walk as render(): inside each chosen container, an element dropped or cleaned is left
     * out with its whole subtree, so only the outermost one needs recording. */
    size_t nskip = 0;
    for (uint32_t k = 0; k < nchosen; k++) {
        for (uint32_t j = chosen[k] + 1, end = cx.el[chosen[k]].end; j < end;) {
            if (cx.el[j].flags & (F_DROP | F_CLEAN)) {
                nskip++;
                j = cx.el[j].end;
            } else {
                j++;
            }
        }
    }
    out->roots = malloc((size_t)nchosen * sizeof(*out->roots));
    if (!out->roots) goto nomem;
    if (nskip) {
        out->skip = malloc(nskip * sizeof(*out->skip));
        if (!out->skip) goto nomem;
    }
    for (uint32_t k = 0; k < nchosen; k++) {
        out->roots[out->nroots++] = cx.el[chosen[k]].node;
        for (uint32_t j = chosen[k] + 1, end = cx.el[chosen[k]].end; j < end;) {
            if (cx.el[j].flags & (F_DROP | F_CLEAN)) {
                out->skip[out->nskip++] = cx.el[j].node;
                j = cx.el[j].end;
            } else {
                j++;
            }
        }
    }
    /* Sorted by address so the exporters' per-element question is a binary search. */
    if (out->nskip > 1) qsort(out->skip, out->nskip, sizeof(*out->skip), by_address);
    out->body = cx.el[best].node;
    goto done;
nomem:
    rc = -1;
    dl_article_content_free(out);
done:
    free(cx.el);
    free(cx.para);
    return rc;
}

int dl_article_content_skip(const void *ctx, const dl_node *el) {
    const dl_article_content_result *c = ctx;
    size_t lo = 0, hi = c->nskip;
    uintptr_t key = (uintptr_t)el;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        uintptr_t v = (uintptr_t)c->skip[mid];
        if (v == key) return 1;
        if (v < key) lo = mid + 1;
        else hi = mid;
    }
    return 0;
}

void dl_article_content_free(dl_article_content_result *r) {
    free(r->roots);
    free(r->skip);
    memset(r, 0, sizeof(*r));
}

void dl_article_text_free(dl_article_text_result *r) {
    free(r->text);
    memset(r, 0, sizeof(*r));
}
