/* The classic selection of article() on the element table (article_table.h): the paragraphs and inline
 * runs, the pruning with the wrapper guard, the scoring, the winner and its split chunks, the cleaning
 * inside them and the table's own rendering. Every step is a loop over the table the page index filled
 * (index/index.h): subtree measures are sums taken in reverse document order (children come after
 * their parent), ancestry is an index range test, and no step recurses. The rules and their reasons
 * are in article_rules.h.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "common/saturate.h"
#include "extract/classic/article_rules.h"
#include "extract/classic/article_table.h"
#include "extract/classic/article_text.h"
#include "extract/index/index.h"
#include "extract/index/tag_sets.h"

#define sat_add dl_sat_add_u32

DL_TAG_SET(is_top_tag, DL_TAGS_PAGE_ROOT)
DL_TAG_SET(is_inline_tag, DL_TAGS_PHRASING)
DL_TAG_SET(is_render_block, DL_TAGS_TABLE_RENDER_BLOCK)
DL_TAG_SET(is_weight_div, DL_TAGS_WEIGHT_DIV)
DL_TAG_SET(is_weight_quote, DL_TAGS_WEIGHT_QUOTE_CELL_PRE)
DL_TAG_SET(is_weight_list, DL_TAGS_ARTICLE_WEIGHT_LIST)
DL_TAG_SET(is_weight_heading, DL_TAGS_WEIGHT_HEADING_TH)
DL_TAG_SET(is_title_tag, DL_TAGS_CLEAN_TITLE)
DL_TAG_SET(is_figure_tag, DL_TAGS_CLEAN_FIGURE)
DL_TAG_SET(is_clean_block, DL_TAGS_CLEAN_BLOCK)
DL_TAG_SET(is_no_furniture, DL_TAGS_NO_FURNITURE)

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
 * itself). Needs dl_tab_aggregate() first. */
int dl_tab_paras(dl_actx *cx) {
    cx->npara = 0;
    for (uint32_t i = 0; i < cx->n; i++) {
        const dl_el *e = &cx->el[i];
        if (e->flags & F_DROP) continue;
        if (e->flags & F_PARA) {
            if (e->chars >= DL_ART_PARA_MIN_CHARS && e->parent >= 0 &&
                push_para(cx, (uint32_t)e->parent, i, e->chars, e->commas) < 0)
                return -1;
            continue;
        }
        if (!(e->flags & F_RUN_HOST) || (e->flags & F_IN_PARA)) continue;
        uint32_t cursor = i + 1, run = 0, commas = 0;
        /* the text children's measures, as the table walk took them: between two of them lie the
         * measures of the element children's subtrees, which are stepped over */
        uint32_t tc = e->text0;
        if (!cx->text_failed) {
            /* the children in document order without the tree: the element children are the table's
             * (each subtree's range skipped), and the host's own text pieces are the text list's entries
             * between those subtrees' entries */
            for (uint32_t tend = e->text0 + e->ntext;;) {
                uint32_t upto = cursor < e->end ? cx->el[cursor].text0 : tend;
                for (; tc < upto; tc++) {
                    uint32_t ch = cx->text[tc].chars;
                    if (ch && run) ch = sat_add(ch, 1);
                    run = sat_add(run, ch);
                    commas = sat_add(commas, cx->text[tc].commas);
                }
                int last = cursor >= e->end; /* the end of the children closes the run */
                if (!last) {
                    const dl_el *ce = &cx->el[cursor];
                    tc = ce->text0 + ce->ntext;
                    cursor = ce->end;
                    if (ce->flags & F_DROP) continue;
                    if (ce->flags & F_INLINE) {
                        uint32_t ch = ce->chars;
                        if (ch && run) ch = sat_add(ch, 1);
                        run = sat_add(run, ch);
                        commas = sat_add(commas, ce->commas);
                        continue;
                    }
                }
                if (run >= DL_ART_PARA_MIN_CHARS && push_para(cx, i, i, run, commas) < 0) return -1;
                run = commas = 0;
                if (last) break;
            }
            continue;
        }
        /* the text list could not grow: the children from the tree, the text measured again */
        const dl_node *c = e->node->first_child;
        for (;; c = c->next) {
            int flush = (c == NULL);
            if (c && c->type == DL_NODE_TEXT) {
                uint32_t ch, k;
                dl_tab_measure_text(c->u.text.ptr, c->u.text.len, &ch, &k);
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

int dl_tab_prune(dl_actx *cx) {
    /* Paragraphs measured over the tree without the soft drops: who owns how much prose (the subtree
     * sums they need were taken when the page index was built). */
    if (dl_tab_paras(cx) < 0) return -1;
    uint64_t total = 0;
    for (uint32_t k = 0; k < cx->npara; k++) {
        total += cx->para[k].len;
        dl_el *src = &cx->el[cx->para[k].source];
        src->prose = sat_add(src->prose, cx->para[k].len);
    }
    double limit = DL_ART_GUARD_SHARE * (double)total;
    for (uint32_t i = cx->n; i-- > 0;) {
        dl_el *e = &cx->el[i];
        if ((e->flags & F_SOFT) && (double)e->prose > limit) e->flags &= (uint16_t)~F_SOFT;
        if (e->flags & F_SOFT) continue; /* its prose goes with it */
        if (e->parent >= 0) cx->el[e->parent].prose = sat_add(cx->el[e->parent].prose, e->prose);
    }
    for (uint32_t i = 0; i < cx->n; i++) {
        dl_el *e = &cx->el[i];
        if ((e->flags & (F_HARD | F_SOFT)) || (e->parent >= 0 && (cx->el[e->parent].flags & F_DROP)))
            e->flags |= F_DROP;
        dl_tab_reset_sums(e); /* for the dl_tab_aggregate that follows */
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

/* The candidates (F_SEEDED), listed as they are seeded: the loops over them read a few entries of the
 * table, not all of it. */
typedef struct {
    uint32_t *at;
    uint32_t n;
} seed_list;

static void add_score(dl_actx *cx, seed_list *sl, uint32_t i, double v) {
    dl_el *e = &cx->el[i];
    if (!(e->flags & F_SEEDED)) {
        e->flags |= F_SEEDED;
        e->score = seed(e);
        sl->at[sl->n++] = i;
    }
    e->score += v;
}

/* Scores the paragraphs' containers and returns the best (-1 when none scored above 0; -2 when out of
 * memory). sl receives the candidates, at most two per paragraph. */
static int64_t score(dl_actx *cx, seed_list *sl) {
    sl->n = 0;
    if (!cx->npara) return -1;
    sl->at = malloc((size_t)cx->npara * 2 * sizeof(*sl->at));
    if (!sl->at) return -2;
    for (uint32_t k = 0; k < cx->npara; k++) {
        const dl_para *p = &cx->para[k];
        uint32_t lp = p->len / DL_ART_PARA_CHARS_PER_POINT;
        if (lp > DL_ART_PARA_MAX_LENGTH_POINTS) lp = DL_ART_PARA_MAX_LENGTH_POINTS;
        double c = 1.0 + (double)p->commas + (double)lp;
        add_score(cx, sl, p->target, c);
        int32_t g = cx->el[p->target].parent;
        if (g >= 0) add_score(cx, sl, (uint32_t)g, c * DL_ART_GRANDPARENT_SHARE);
    }
    /* the highest score above 0, the first in document order among equals */
    int64_t best = -1;
    double best_score = 0;
    for (uint32_t k = 0; k < sl->n; k++) {
        uint32_t i = sl->at[k];
        dl_el *e = &cx->el[i];
        double ld = e->chars ? (double)e->links / (double)e->chars : 0.0;
        if (ld > 1) ld = 1;
        e->score *= 1.0 - ld;
        if (e->score > best_score || (e->score == best_score && best >= 0 && i < (uint32_t)best)) {
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

static int choose(dl_actx *cx, const seed_list *sl, uint32_t best, double share, uint32_t levels,
                  uint32_t *chosen, uint32_t *nchosen) {
    chosen[0] = best;
    *nchosen = 1;
    double limit = share * cx->el[best].score;
    uint32_t count = 0;
    for (uint32_t k = 0; k < sl->n; k++)
        if (sl->at[k] != best && cx->el[sl->at[k]].score >= limit) count++;
    if (!count) return 0;
    dl_ranked *cands = malloc((size_t)count * sizeof(*cands));
    if (!cands) return -1;
    count = 0;
    for (uint32_t k = 0; k < sl->n; k++) {
        uint32_t i = sl->at[k];
        if (i != best && cx->el[i].score >= limit) cands[count++] = (dl_ranked){cx->el[i].score, i};
    }
    /* the order is the comparison's alone (score, then document order), whatever the list's order */
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
            if ((e->words & (W_CLEAN | W_MEDIA)) && !(e->words & W_RESCUE) && e->commas < DL_ART_CLEAN_MAX_COMMAS &&
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

void dl_tab_newline(dl_actx *cx, dl_out *o) {
    if (!o->line_start) out_put(cx, o, "\n", 1);
    o->line_start = 1;
    o->pending_space = 0;
}

static void out_text(dl_actx *cx, dl_out *o, const char *s, size_t len) {
    size_t i = 0;
    while (i < len) {
        if (dl_ascii_is_space((unsigned char)s[i])) {
            if (!o->line_start) o->pending_space = 1;
            i++;
            continue;
        }
        size_t j = i;
        while (j < len && !dl_ascii_is_space((unsigned char)s[j])) j++;
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
void dl_tab_render(dl_actx *cx, uint32_t top, dl_out *o) {
    const dl_node *root = cx->el[top].node, *x = root;
    uint32_t cursor = top;
    int32_t cur = (int32_t)top; /* the element whose child x is (for F_MUTE) */
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
                if (is_render_block(x)) dl_tab_newline(cx, o);
                descend = x->first_child != NULL;
                cur = (int32_t)i;
            }
        } else if (x->type == DL_NODE_TEXT) {
            while (cur >= 0 && cx->el[cur].node != x->parent) cur = cx->el[cur].parent;
            if (cur < 0 || !(cx->el[cur].flags & F_MUTE)) out_text(cx, o, x->u.text.ptr, x->u.text.len);
        }
        if (descend) {
            x = x->first_child;
            continue;
        }
        for (;;) {
            if (x->type == DL_NODE_ELEMENT && is_render_block(x)) dl_tab_newline(cx, o);
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
int dl_tab_select(dl_actx *cx, const dl_node *root, dl_favor favor, uint32_t *chosen, uint32_t *nchosen,
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
    if (!root || (!cx->indexed && dl_index_build(root, cx, NULL, NULL) < 0) || dl_tab_prune(cx) < 0) return -1;
    dl_tab_aggregate(cx);
    if (dl_tab_paras(cx) < 0) return -1;
    if (cx->broken) return 0;
    seed_list sl = {NULL, 0};
    int64_t best = score(cx, &sl);
    if (best < 0) {
        free(sl.at);
        return best == -2 ? -1 : 0;
    }
    int rc = choose(cx, &sl, (uint32_t)best, share, levels, chosen, nchosen);
    free(sl.at);
    if (rc < 0) return -1;
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

_Static_assert(DL_TAB_MAX_CHOSEN == DL_ART_SPLIT_MAX, "chosen array size");
_Static_assert(sizeof(dl_el) <= 64, "dl_el: at most 64 bytes (article_table.h)");

int dl_article_classic_text(const dl_node *root, dl_favor favor, dl_article_text_result *out) {
    memset(out, 0, sizeof(*out));
    dl_actx cx;
    memset(&cx, 0, sizeof(cx));
    dl_out o = {NULL, 0, 0, 1, 0};
    uint32_t chosen[DL_ART_SPLIT_MAX], nchosen = 0;
    int64_t best = -1;
    if (dl_tab_select(&cx, root, favor, chosen, &nchosen, &best) < 0) goto nomem;
    if (best >= 0) {
        for (uint32_t k = 0; k < nchosen && !cx.broken; k++) {
            dl_tab_render(&cx, chosen[k], &o);
            dl_tab_newline(&cx, &o);
        }
        out->body = cx.el[best].node;
        out->nparts = nchosen;
    }
    if (cx.nomem) goto nomem;
    if (cx.broken) o.len = 0, out->body = NULL, out->nparts = 0;
    while (o.len && o.ptr[o.len - 1] == '\n') o.len--;
    if (!o.ptr && !(o.ptr = malloc(1))) goto nomem;
    o.ptr[o.len] = 0;
    out->text = o.ptr;
    out->len = o.len;
    dl_tab_free(&cx);
    return 0;
nomem:
    free(o.ptr);
    dl_tab_free(&cx);
    memset(out, 0, sizeof(*out));
    return -1;
}

int dl_article_is_illustration(const dl_node *el) {
    if (el->type != DL_NODE_ELEMENT) return 0;
    if (is_figure_tag(el)) return 1;
    unsigned w = el->u.element.nattrs ? dl_tab_element_words(el) : 0;
    return (w & W_MEDIA) && !(w & (W_CLEAN | W_BOILER));
}
