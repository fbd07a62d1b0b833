/* The stack of open elements, scope checks, the list of active formatting elements and the helpers
 * that create and insert nodes (HTML Standard 13.2.4 and 13.2.6.1). */
#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "tree/tb_internal.h"

int tb_oom(tb *b) {
    if (!b->status) b->status = DL_PARSE_NOMEM;
    return -1;
}

static int grow(void **arr, size_t *cap, size_t need, size_t elsize) {
    if (need <= *cap) return 0;
    size_t nc = *cap ? *cap : 16;
    while (nc < need) {
        if (nc > ((size_t)-1) / 2 / elsize) return -1;
        nc *= 2;
    }
    void *p = realloc(*arr, nc * elsize);
    if (!p) return -1;
    *arr = p;
    *cap = nc;
    return 0;
}

int tb_is_html(const dl_node *n, uint32_t atom) { return n && n->ns == DL_NS_HTML && n->atom == atom; }

/* Elements on which resetting the insertion mode and table-scope checks stop. */
int tb_is_rel(const dl_node *n) { return n->ns == DL_NS_HTML && (dl_tag_category(n->atom) & DL_CAT_RESET_MODE); }

/* The "special" category. select is not in it: since the customizable-select parser change a select
 * holds ordinary content, and a formatting end tag closes across it (html5lib-tests webkit02 #49). */
int tb_is_special(const dl_node *n) {
    if (n->ns == DL_NS_MATHML) {
        switch (n->atom) {
        case DL_TAG_mi: case DL_TAG_mo: case DL_TAG_mn: case DL_TAG_ms: case DL_TAG_mtext:
        case DL_TAG_annotation_xml:
            return 1;
        default:
            return 0;
        }
    }
    if (n->ns == DL_NS_SVG) return n->atom == DL_TAG_foreignObject || n->atom == DL_TAG_desc || n->atom == DL_TAG_title;
    return (dl_tag_category(n->atom) & DL_CAT_SPECIAL) != 0; /* HTML: the generated table (atoms.h) */
}

static int scope_boundary(const dl_node *n, int scope);

uint32_t tb_top_html(tb *b, uint32_t atom) { return atom < b->topcap ? b->top_html[atom] : 0; }
uint32_t tb_top_foreign(tb *b, uint32_t atom) { return atom < b->topcap ? b->top_foreign[atom] : 0; }
uint32_t tb_count(tb *b, uint32_t atom) { return tb_top_html(b, atom); }

static int ensure_top(tb *b, uint32_t atom) {
    if (atom < b->topcap) return 0;
    size_t old = b->topcap, cap = old;
    uint32_t *h = b->top_html, *f = b->top_foreign;
    if (grow((void **)&h, &cap, (size_t)atom + 1, sizeof(uint32_t))) return tb_oom(b);
    b->top_html = h;
    cap = old;
    if (grow((void **)&f, &cap, (size_t)atom + 1, sizeof(uint32_t))) return tb_oom(b);
    b->top_foreign = f;
    memset(h + old, 0, (cap - old) * sizeof(uint32_t));
    memset(f + old, 0, (cap - old) * sizeof(uint32_t));
    b->topcap = cap;
    return 0;
}

enum { K_SPECIAL = 1, K_BDEF = 2, K_BLIST = 4, K_BBUTTON = 8, K_BLI = 16, K_HTML = 32, K_LIVE = 64 };

/* The categories of an element, computed once when it enters the stack (kept in its slot, which
 * moves with it), so relinking after a mid-stack edit only combines bits. A tombstone's kind is 0. */
static uint8_t node_kind(const dl_node *el) {
    uint8_t k = K_LIVE;
    if (tb_is_special(el)) {
        k |= K_SPECIAL;
        if (!(tb_is_html(el, DL_TAG_address) || tb_is_html(el, DL_TAG_div) || tb_is_html(el, DL_TAG_p))) k |= K_BLI;
    }
    if (scope_boundary(el, SCOPE_DEFAULT)) k |= K_BDEF;
    if (scope_boundary(el, SCOPE_LIST)) k |= K_BLIST;
    if (scope_boundary(el, SCOPE_BUTTON)) k |= K_BBUTTON;
    if (el->ns == DL_NS_HTML) k |= K_HTML;
    return k;
}

/* ---- Tombstones ----
 *
 * The adoption agency removes elements from the middle of the stack ("remove node from the stack of
 * open elements", step 4.13.5), moves the formatting element from below the furthest block to
 * above it (step 4.19), and "in body" removes a form or an <a> from wherever it is. Done
 * straightforwardly, each removal shifts every entry above it down by one, and every index that
 * holds a position above it (the topmost special element, scope boundaries, the same-atom chains)
 * must be rewritten: O(open elements above) per removal. "<b>" + "<span><div>" * n + "<div>" * n +
 * "</b>" * n makes each of n end tags remove one <span> from under 3n open elements, so the parse
 * was quadratic (16x the time for 4x the input).
 *
 * Here a removed entry becomes a tombstone (stack[i] = NULL, kind 0) and nothing above it moves:
 * positions are stable, so an index that pointed at a live entry still does. An index changes only
 * where it pointed at the removed entry or at one the edit moved (the furthest block moves down by
 * one to make room for the new formatting element above it); refresh_fields rewrites the edited
 * entries and then the entries above only while their fields change, which stops at the next
 * element of each kind. The topmost HTML element, which can change for a whole run of foreign
 * elements above an edit, is not a per-entry field but the last live entry of hpos.
 *
 * Walks step over tombstones: down in O(1) through slots[].live, up (the search for the furthest
 * block) one by one, counted in dead_walked. tb_stack_settle compacts the stack (one pass, every
 * index recomputed) once the tombstones are half of it or the walks have stepped over more of them
 * than the stack holds, so their memory and the time spent stepping over them stay within a
 * constant factor of the edits that made them. The top entry is never a tombstone: a pop drops the
 * tombstones it uncovers. */

static int hpos_push(tb *b, size_t i) {
    if (grow((void **)&b->hpos, &b->hposcap, b->nhpos + 1, sizeof(uint32_t))) return tb_oom(b);
    b->slots[i].hidx = (uint32_t)b->nhpos;
    b->hpos[b->nhpos++] = (uint32_t)i + 1;
    return 0;
}

/* Keep the last entry of hpos live. */
static void hpos_trim(tb *b) {
    while (b->nhpos && !b->hpos[b->nhpos - 1]) {
        b->nhpos--;
        b->nhdead--;
    }
}

static void hpos_compact(tb *b) {
    size_t j = 0;
    for (size_t i = 0; i < b->nhpos; i++) {
        uint32_t p = b->hpos[i];
        if (!p) continue;
        b->hpos[j] = p;
        b->slots[p - 1].hidx = (uint32_t)j;
        j++;
    }
    b->nhpos = j;
    b->nhdead = 0;
}

uint32_t tb_top_html_element(tb *b) { return b->nhpos ? b->hpos[b->nhpos - 1] : 0; }

/* The monotone fields of entry i from the entry below and its own kind. */
static void slot_fields(tb *b, size_t i) {
    tb_slot *s = &b->slots[i];
    tb_slot z;
    memset(&z, 0, sizeof z);
    const tb_slot *p = i ? s - 1 : &z;
    uint8_t k = s->kind;
    uint32_t me = (uint32_t)i + 1;
    s->special = (k & K_SPECIAL) ? me : p->special;
    s->bdef = (k & K_BDEF) ? me : p->bdef;
    s->blist = (k & K_BLIST) ? me : p->blist;
    s->bbutton = (k & K_BBUTTON) ? me : p->bbutton;
    s->bli = (k & K_BLI) ? me : p->bli;
    s->live = (k & K_LIVE) ? me : p->live;
}

/* Link stack entry i (stored, its slot's kind set, everything above unlinked) into the indexes. */
static int slot_push(tb *b, size_t i) {
    tb_slot *s = &b->slots[i];
    uint8_t k = s->kind;
    if (s->atom >= b->topcap && ensure_top(b, s->atom)) return -1;
    uint32_t *top = ((k & K_HTML) ? b->top_html : b->top_foreign) + s->atom;
    uint32_t me = (uint32_t)i + 1;
    s->prev_same = *top;
    s->next_same = 0;
    if (*top) b->slots[*top - 1].next_same = me;
    *top = me;
    slot_fields(b, i);
    return (k & K_HTML) ? hpos_push(b, i) : 0;
}

/* Unlink stack entry i, which must be the top entry. */
static void slot_pop(tb *b, size_t i) {
    const tb_slot *s = &b->slots[i];
    uint32_t *top = (s->kind & K_HTML) ? b->top_html : b->top_foreign;
    if (s->atom < b->topcap) top[s->atom] = s->prev_same;
    if (s->prev_same) b->slots[s->prev_same - 1].next_same = 0;
    if (s->kind & K_HTML) {
        b->nhpos--; /* the topmost HTML element is the last live entry of hpos */
        hpos_trim(b);
    }
}

/* Take live entry i out of its same-atom chain, wherever it is. */
static void chain_unlink(tb *b, size_t i) {
    tb_slot *s = &b->slots[i];
    uint32_t *top = ((s->kind & K_HTML) ? b->top_html : b->top_foreign) + s->atom;
    uint32_t d = s->prev_same, u = s->next_same;
    if (u) b->slots[u - 1].prev_same = d;
    else *top = d;
    if (d) b->slots[d - 1].next_same = u;
    s->prev_same = s->next_same = 0;
}

static void slot_init(tb *b, size_t i, const dl_node *el);

#ifdef DL_TB_CHECK
/* Debug builds (-DDL_TB_CHECK): recompute every index from scratch and abort on any difference. */
void tb_stack_check(tb *b) {
    uint32_t *th = calloc(b->topcap + 1, sizeof(uint32_t)), *tf = calloc(b->topcap + 1, sizeof(uint32_t));
    if (!th || !tf) abort();
    tb_slot prev;
    memset(&prev, 0, sizeof prev);
    size_t dead = 0, h = 0, hdead = 0;
    if (b->depth && (!b->stack[0] || !b->stack[b->depth - 1])) abort();
    for (size_t i = 0; i < b->depth; i++) {
        const tb_slot *s = &b->slots[i];
        const dl_node *el = b->stack[i];
        uint32_t me = (uint32_t)i + 1;
        if (!el) {
            dead++;
            if (s->kind || s->atom || s->prev_same || s->next_same) abort();
        } else {
            if (s->atom != el->atom || s->kind != node_kind(el) || el->atom >= b->topcap) abort();
            if (!(el->flags & TB_F_ON_STACK)) abort();
            uint32_t *top = (el->ns == DL_NS_HTML ? th : tf) + el->atom;
            if (s->prev_same != *top) abort();
            if (*top && b->slots[*top - 1].next_same != me) abort();
            *top = me;
            if (el->ns == DL_NS_HTML) {
                while (h < b->nhpos && !b->hpos[h]) h++, hdead++;
                if (h >= b->nhpos || b->hpos[h] != me || s->hidx != h) abort();
                h++;
            }
        }
        uint8_t k = s->kind;
        if (s->special != ((k & K_SPECIAL) ? me : prev.special)) abort();
        if (s->bdef != ((k & K_BDEF) ? me : prev.bdef)) abort();
        if (s->blist != ((k & K_BLIST) ? me : prev.blist)) abort();
        if (s->bbutton != ((k & K_BBUTTON) ? me : prev.bbutton)) abort();
        if (s->bli != ((k & K_BLI) ? me : prev.bli)) abort();
        if (s->live != ((k & K_LIVE) ? me : prev.live)) abort();
        prev = *s;
    }
    if (dead != b->ndead || h != b->nhpos || hdead != b->nhdead) abort();
    for (size_t a = 0; a < b->topcap; a++) {
        if (th[a] != b->top_html[a] || tf[a] != b->top_foreign[a]) abort();
        if (th[a] && b->slots[th[a] - 1].next_same) abort();
        if (tf[a] && b->slots[tf[a] - 1].next_same) abort();
    }
    free(th);
    free(tf);
}
#endif

/* Rewrite the fields of lo..hi, then of the entries above while they change: a field above hi
 * that pointed into lo..hi can change, and once an entry's fields come out the same, every entry
 * above it (computed from it) does too. */
static void refresh_fields(tb *b, size_t lo, size_t hi) {
    for (size_t i = lo; i < b->depth; i++) {
        tb_slot *s = &b->slots[i];
        uint32_t was[6] = {s->special, s->bdef, s->blist, s->bbutton, s->bli, s->live};
        slot_fields(b, i);
        if (i > hi && was[0] == s->special && was[1] == s->bdef && was[2] == s->blist && was[3] == s->bbutton &&
            was[4] == s->bli && was[5] == s->live)
            break;
    }
}

/* Every index from scratch, dropping the tombstones: one pass over the stack. */
static void stack_compact(tb *b) {
    size_t j = 0;
    for (size_t i = 0; i < b->depth; i++) {
        if (!b->stack[i]) continue;
        b->stack[j] = b->stack[i];
        b->slots[j] = b->slots[i];
        j++;
    }
    for (size_t i = 0; i < j; i++) {
        const tb_slot *s = &b->slots[i];
        ((s->kind & K_HTML) ? b->top_html : b->top_foreign)[s->atom] = 0;
    }
    b->depth = j;
    b->ndead = b->dead_walked = 0;
    b->nhpos = b->nhdead = 0;
    /* Cannot fail: every atom is indexed already and hpos held at least this many entries. */
    for (size_t i = 0; i < j; i++) (void)slot_push(b, i);
}

int tb_stack_settle(tb *b) {
    if (b->ndead && (b->ndead * 2 > b->depth || b->dead_walked > b->depth)) stack_compact(b);
    else if (b->nhdead > 16 && b->nhdead * 2 > b->nhpos) hpos_compact(b);
    return 0;
}

void tb_stack_repair(tb *b, size_t lo) {
    for (size_t i = lo; i < b->depth; i++) slot_fields(b, i);
}

size_t tb_stack_below(tb *b, size_t i) { return b->slots[i - 1].live - 1; }

void tb_stack_replace(tb *b, size_t i, dl_node *el) {
    b->stack[i]->flags &= (uint16_t)~TB_F_ON_STACK;
    b->stack[i] = el;
    el->flags |= TB_F_ON_STACK;
}

void tb_stack_kill(tb *b, size_t i) {
    tb_slot *s = &b->slots[i];
    b->stack[i]->flags &= (uint16_t)~TB_F_ON_STACK;
    chain_unlink(b, i);
    if (s->kind & K_HTML) {
        b->hpos[s->hidx] = 0;
        b->nhdead++;
        hpos_trim(b);
    }
    b->stack[i] = NULL;
    s->kind = 0;
    s->atom = 0;
    b->ndead++;
}

int tb_stack_adopt(tb *b, size_t lo, size_t hi, dl_node *ne) {
    enum { MAXG = 8 };
    struct {
        uint32_t atom, below, above, last;
        uint8_t html;
    } g[MAXG];
    uint32_t hidx[MAXG];
    dl_node *keep_el[MAXG];
    tb_slot keep_slot[MAXG];
    size_t ng = 0, nh = 0, nkeep = 0;
    int rebuild = 0;
    /* Take the live entries of lo..hi out of their same-atom chains, noting where each chain
     * resumes below and above the region, and their places in hpos (ascending like the positions).
     * They are the formatting element, at most 3 clones (step 4.13.4) and the furthest block. */
    for (size_t i = lo; i <= hi; i++) {
        if (!b->stack[i]) continue;
        tb_slot *s = &b->slots[i];
        uint8_t html = (s->kind & K_HTML) != 0;
        size_t k = 0;
        while (k < ng && !(g[k].atom == s->atom && g[k].html == html)) k++;
        if (nkeep == MAXG || (k == ng && ng == MAXG)) {
            rebuild = 1; /* cannot happen (see above); stay correct anyway */
            break;
        }
        if (k == ng) {
            g[ng].atom = s->atom;
            g[ng].html = html;
            g[ng].below = s->prev_same;
            ng++;
        }
        g[k].above = s->next_same;
        chain_unlink(b, i);
        if (html) hidx[nh++] = s->hidx;
        if (i > lo) {
            keep_el[nkeep] = b->stack[i];
            keep_slot[nkeep++] = *s;
        }
    }
    b->stack[lo]->flags &= (uint16_t)~TB_F_ON_STACK;
    if (rebuild) {
        /* Drop the formatting element, compact, insert ne above the furthest block, reindex. */
        dl_node *fb = b->stack[hi];
        ((b->slots[lo].kind & K_HTML) ? b->top_html : b->top_foreign)[b->slots[lo].atom] = 0; /* relinked */
        b->stack[lo] = NULL;
        memset(&b->slots[lo], 0, sizeof(tb_slot));
        b->ndead++;
        stack_compact(b);
        size_t at = (size_t)tb_stack_index(b, fb) + 1; /* capacity: the stack lost an entry */
        memmove(b->stack + at + 1, b->stack + at, (b->depth - at) * sizeof(dl_node *));
        memmove(b->slots + at + 1, b->slots + at, (b->depth - at) * sizeof(tb_slot));
        b->stack[at] = ne;
        ne->flags |= TB_F_ON_STACK;
        slot_init(b, at, ne);
        b->depth++;
        stack_compact(b);
        return 0;
    }
    /* The kept entries move down over the tombstones (their relative order kept); ne takes hi. */
    size_t w = hi - nkeep;
    for (size_t i = lo; i < w; i++) {
        b->stack[i] = NULL;
        memset(&b->slots[i], 0, sizeof(tb_slot));
    }
    for (size_t k = 0; k < nkeep; k++) {
        b->stack[w + k] = keep_el[k];
        b->slots[w + k] = keep_slot[k];
    }
    b->stack[hi] = ne;
    ne->flags |= TB_F_ON_STACK;
    slot_init(b, hi, ne);
    /* Put them back in their new order (the new element has the formatting element's atom). */
    for (size_t k = 0; k < ng; k++) g[k].last = g[k].below;
    size_t m = 0;
    for (size_t i = w; i <= hi; i++) {
        tb_slot *s = &b->slots[i];
        uint8_t html = (s->kind & K_HTML) != 0;
        size_t k = 0;
        while (k < ng && !(g[k].atom == s->atom && g[k].html == html)) k++;
        if (k == ng || (html && m == nh)) return tb_oom(b); /* cannot happen: the same entries */
        uint32_t me = (uint32_t)i + 1;
        s->prev_same = g[k].last;
        s->next_same = 0;
        if (g[k].last) b->slots[g[k].last - 1].next_same = me;
        g[k].last = me;
        if (html) {
            s->hidx = hidx[m++];
            b->hpos[s->hidx] = me;
        }
    }
    for (size_t k = 0; k < ng; k++) {
        uint32_t *top = (g[k].html ? b->top_html : b->top_foreign) + g[k].atom;
        if (g[k].last) b->slots[g[k].last - 1].next_same = g[k].above;
        if (g[k].above) b->slots[g[k].above - 1].prev_same = g[k].last;
        else *top = g[k].last;
    }
    refresh_fields(b, lo, hi);
    return 0;
}

/* A slot for an element entering the stack: its categories and atom (relinking reads no node). */
static void slot_init(tb *b, size_t i, const dl_node *el) {
    memset(&b->slots[i], 0, sizeof(tb_slot));
    b->slots[i].kind = node_kind(el);
    b->slots[i].atom = el->atom;
}

int tb_push(tb *b, dl_node *el) {
    if (b->depth >= UINT32_MAX - 1) return tb_oom(b);
    size_t oldcap = b->cap;
    if (grow((void **)&b->stack, &b->cap, b->depth + 1, sizeof(dl_node *))) return tb_oom(b);
    if (b->cap != oldcap) {
        tb_slot *ns = realloc(b->slots, b->cap * sizeof(tb_slot));
        if (!ns) {
            b->cap = oldcap; /* keep stack and slots the same capacity */
            return tb_oom(b);
        }
        b->slots = ns;
    }
    if (tb_is_rel(el)) {
        if (grow((void **)&b->rel, &b->relcap, b->nrel + 1, sizeof(dl_node *))) return tb_oom(b);
        b->rel[b->nrel++] = el;
    }
    b->stack[b->depth] = el;
    el->flags |= TB_F_ON_STACK;
    slot_init(b, b->depth, el);
    if (slot_push(b, b->depth)) return -1;
    b->depth++;
    return 0;
}

/* An element popped without its end tag ends where its last child ends (or its start tag). Elements
 * the parser made up keep DL_NO_SPAN. */
void tb_mark_implied(dl_node *el) {
    if (el->span_start == DL_NO_SPAN) return;
    el->flags |= DL_NODE_F_IMPLIED_END;
    dl_node *c = el->last_child;
    /* A parser-made last child has no span: look a few levels into it (bounded, so popping stays O(1)). */
    for (int i = 0; c && c->span_end == DL_NO_SPAN && i < 8; i++) c = c->last_child ? c->last_child : c->prev;
    if (c && c->span_end != DL_NO_SPAN && (el->span_end == DL_NO_SPAN || c->span_end > el->span_end))
        el->span_end = c->span_end;
}

void tb_close_explicit(dl_node *el, const tb_token *t) {
    if (el->span_start == DL_NO_SPAN || !t || !t->raw || t->type != DL_TOK_END_TAG) return;
    el->flags &= (uint16_t)~DL_NODE_F_IMPLIED_END;
    el->span_end = t->end > UINT32_MAX - 1 ? DL_NO_SPAN : (uint32_t)t->end;
}

static void unrel(tb *b, dl_node *el) {
    if (!tb_is_rel(el)) return;
    for (size_t i = b->nrel; i-- > 0;) {
        if (b->rel[i] == el) {
            memmove(b->rel + i, b->rel + i + 1, (b->nrel - i - 1) * sizeof(dl_node *));
            b->nrel--;
            return;
        }
    }
}

/* The top entry is never a tombstone: drop the ones a pop uncovered. */
static void drop_dead_top(tb *b) {
    while (b->depth && !b->stack[b->depth - 1]) {
        b->depth--;
        b->ndead--;
    }
}

void tb_pop(tb *b) {
    if (!b->depth) return;
    dl_node *el = b->stack[--b->depth];
    el->flags &= (uint16_t)~TB_F_ON_STACK;
    if (b->nrel && b->rel[b->nrel - 1] == el) b->nrel--;
    slot_pop(b, b->depth);
    if (b->ndead) drop_dead_top(b);
    tb_mark_implied(el);
}

void tb_pop_self_closed(tb *b) {
    dl_node *el = tb_current(b);
    if (!el) return;
    tb_pop(b);
    el->flags &= (uint16_t)~DL_NODE_F_IMPLIED_END;
}

void tb_pop_until(tb *b, dl_node *el) {
    while (b->depth) {
        dl_node *n = b->stack[b->depth - 1];
        tb_pop(b);
        if (n == el) return;
    }
}

void tb_pop_until_atom(tb *b, uint32_t atom) {
    while (b->depth) {
        dl_node *n = b->stack[b->depth - 1];
        tb_pop(b);
        if (tb_is_html(n, atom)) return;
    }
}

long tb_stack_index(tb *b, dl_node *el) {
    if (!(el->flags & TB_F_ON_STACK)) return -1; /* see TB_F_ON_STACK */
    /* Follow the chain of entries with el's atom: only those can be el. */
    uint32_t i = el->ns == DL_NS_HTML ? tb_top_html(b, el->atom) : tb_top_foreign(b, el->atom);
    while (i) {
        if (b->stack[i - 1] == el) return (long)i - 1;
        i = b->slots[i - 1].prev_same;
    }
    return -1;
}

int tb_stack_contains(tb *b, dl_node *el) { return tb_stack_index(b, el) >= 0; }

/* "Remove node from the stack of open elements" anywhere in it: a tombstone (see above). */
int tb_remove_from_stack(tb *b, dl_node *el) {
    long i = tb_stack_index(b, el);
    if (i < 0) return 0;
    unrel(b, el);
    tb_stack_kill(b, (size_t)i);
    if ((size_t)i == b->depth - 1) drop_dead_top(b);
    else refresh_fields(b, (size_t)i, (size_t)i);
    tb_stack_settle(b);
    return 1;
}

dl_node *tb_current(tb *b) { return b->depth ? b->stack[b->depth - 1] : NULL; }

dl_node *tb_adjusted_current(tb *b) {
    if (b->context && b->depth == 1) return b->context;
    return tb_current(b);
}

/* ---- scopes ---- */

static int scope_boundary(const dl_node *n, int scope) {
    if (scope == SCOPE_TABLE) return n->ns == DL_NS_HTML && (dl_tag_category(n->atom) & DL_CAT_TABLE_SCOPE);
    if (n->ns == DL_NS_HTML) {
        if (dl_tag_category(n->atom) & DL_CAT_SCOPE) return 1;
        /* List item scope adds ol and ul, button scope adds button. */
        if (n->atom == DL_TAG_ol || n->atom == DL_TAG_ul) return scope == SCOPE_LIST;
        return n->atom == DL_TAG_button && scope == SCOPE_BUTTON;
    }
    if (n->ns == DL_NS_MATHML) return tb_is_special(n);
    return n->atom == DL_TAG_foreignObject || n->atom == DL_TAG_desc || n->atom == DL_TAG_title;
}

static uint32_t boundary_top(tb *b, int scope) {
    if (!b->depth) return 0;
    const tb_slot *s = &b->slots[b->depth - 1];
    return scope == SCOPE_LIST ? s->blist : scope == SCOPE_BUTTON ? s->bbutton : s->bdef;
}

int tb_in_scope(tb *b, uint32_t atom, int scope) {
    uint32_t x = tb_top_html(b, atom);
    if (!x) return 0;
    if (scope == SCOPE_TABLE) {
        /* Table scope targets and boundaries are all "relevant" elements: walk the short mirror stack. */
        for (size_t i = b->nrel; i-- > 0;) {
            dl_node *n = b->rel[i];
            if (n->atom == atom) return 1;
            if (scope_boundary(n, scope)) return 0;
        }
        return 0;
    }
    /* The topmost element of that name is in scope when no boundary lies above it. */
    return boundary_top(b, scope) <= x;
}

int tb_node_in_scope(tb *b, dl_node *el, int scope) {
    long i = tb_stack_index(b, el);
    if (i < 0) return 0;
    return boundary_top(b, scope) <= (uint32_t)i + 1;
}

int tb_heading_in_scope(tb *b) {
    uint32_t x = 0;
    for (uint32_t a = DL_TAG_h1; a <= DL_TAG_h6; a++) {
        uint32_t t = tb_top_html(b, a);
        if (t > x) x = t;
    }
    return x && boundary_top(b, SCOPE_DEFAULT) <= x;
}

/* "Generate implied end tags" (13.2.6.3, https://html.spec.whatwg.org/multipage/parsing.html#generate-implied-end-tags):
 * while the current node is a dd, dt, li, optgroup, option, p, rb, rp, rt or rtc, pop it (except the
 * one named); "thoroughly" adds caption, colgroup, tbody, td, tfoot, th, thead and tr. */
static int implied_end(const dl_node *n, int thorough) {
    return n->ns == DL_NS_HTML && (dl_tag_category(n->atom) & (thorough ? DL_CAT_IMPLIED_END_THOROUGH : DL_CAT_IMPLIED_END));
}

void tb_generate_implied(tb *b, uint32_t except) {
    for (dl_node *n; (n = tb_current(b)) && implied_end(n, 0) && !(except && n->atom == except);) tb_pop(b);
}

void tb_generate_implied_thoroughly(tb *b) {
    for (dl_node *n; (n = tb_current(b)) && implied_end(n, 1);) tb_pop(b);
}

/* "Close a p element" (13.2.6.4.7, https://html.spec.whatwg.org/multipage/parsing.html#close-a-p-element):
 * step 1, generate implied end tags except for p; step 2 (the current node is not a p) is a parse
 * error distill does not report; step 3, pop until a p has been popped. */
void tb_close_p(tb *b) {
    tb_generate_implied(b, DL_TAG_p);
    tb_pop_until_atom(b, DL_TAG_p);
}

/* ---- active formatting elements ---- */

/* Beyond this many entries after the last marker the oldest entry is dropped: it bounds the work of
 * the Noah's Ark check, the list searches and each reconstruction on hostile input (thousands of
 * distinct unclosed formatting elements), at the cost of not reopening elements that old. */
#define DL_AFE_MAX 256

static int attr_cmp(const dl_attr *x, const dl_attr *y) {
    if (x->ns != y->ns) return x->ns < y->ns ? -1 : 1;
    size_t n = x->name.len < y->name.len ? x->name.len : y->name.len;
    int c = memcmp(x->name.ptr, y->name.ptr, n);
    if (c) return c;
    if (x->name.len != y->name.len) return x->name.len < y->name.len ? -1 : 1;
    n = x->value.len < y->value.len ? x->value.len : y->value.len;
    c = memcmp(x->value.ptr, y->value.ptr, n);
    if (c) return c;
    return x->value.len == y->value.len ? 0 : (x->value.len < y->value.len ? -1 : 1);
}

static int attr_ptr_cmp(const void *x, const void *y) {
    return attr_cmp(*(const dl_attr *const *)x, *(const dl_attr *const *)y);
}

/* Pointers to el's attributes in sorted order, in buf (which holds nattrs). */
static void attrs_sorted(const dl_node *el, dl_attr **buf) {
    for (uint32_t i = 0; i < el->u.element.nattrs; i++) buf[i] = &el->u.element.attrs[i];
    qsort(buf, el->u.element.nattrs, sizeof *buf, attr_ptr_cmp);
}

/* Noah's Ark: does c have exactly the attributes of the element whose attributes sorted are in
 * sorted_a (the same count)? Looking each attribute of one element up among the other's cost k^2
 * per comparison, and four tags of k attributes each ("<b a1=v .. ak=v>" * 4) took a minute at 1 MB;
 * comparing the two sorted lists costs k log k. A copy sharing the attribute array (tb_clone_element)
 * is equal without a look. */
static int same_attrs(tb *b, dl_attr *const *sorted_a, const dl_attr *a_attrs, const dl_node *c) {
    uint32_t k = c->u.element.nattrs;
    if (c->u.element.attrs == a_attrs) return 1;
    dl_attr **sc = b->sortbuf + k;
    attrs_sorted(c, sc);
    for (uint32_t i = 0; i < k; i++)
        if (attr_cmp(sorted_a[i], sc[i])) return 0;
    return 1;
}

/* An order-independent hash of an element's name and attributes: the Noah's Ark scan compares these
 * first, so a list of distinct formatting elements costs one integer compare per entry. */
static uint32_t afe_hash(const dl_node *el) {
    uint32_t h = el->atom * 2654435761u + el->ns;
    for (uint32_t i = 0; i < el->u.element.nattrs; i++) {
        const dl_attr *a = &el->u.element.attrs[i];
        uint32_t x = 2166136261u ^ a->ns;
        for (size_t k = 0; k < a->name.len; k++) x = (x ^ (unsigned char)a->name.ptr[k]) * 16777619u;
        x = (x ^ '=') * 16777619u;
        for (size_t k = 0; k < a->value.len; k++) x = (x ^ (unsigned char)a->value.ptr[k]) * 16777619u;
        h += x;
    }
    return h;
}

int tb_afe_insert_at(tb *b, size_t at, dl_node *el) {
    if (grow((void **)&b->afe, &b->afecap, b->nafe + 1, sizeof(dl_node *))) return tb_oom(b);
    if (grow((void **)&b->afeh, &b->afehcap, b->nafe + 1, sizeof(uint32_t))) return tb_oom(b);
    memmove(b->afe + at + 1, b->afe + at, (b->nafe - at) * sizeof(dl_node *));
    memmove(b->afeh + at + 1, b->afeh + at, (b->nafe - at) * sizeof(uint32_t));
    b->afe[at] = el;
    b->afeh[at] = 0;
    b->nafe++;
    return 0;
}

void tb_afe_remove_at(tb *b, size_t at) {
    memmove(b->afe + at, b->afe + at + 1, (b->nafe - at - 1) * sizeof(dl_node *));
    memmove(b->afeh + at, b->afeh + at + 1, (b->nafe - at - 1) * sizeof(uint32_t));
    b->nafe--;
}

int tb_afe_push(tb *b, dl_node *el) {
    /* Noah's Ark needs three earlier entries like this one; hashes (0 = not yet computed) are worked
     * out only when there are that many candidates of the same name and attribute count. */
    size_t since = 0, candidates = 0;
    for (size_t i = b->nafe; i-- > 0;) {
        dl_node *e = b->afe[i];
        if (!e) break;
        since++;
        if (e->atom == el->atom && e->ns == el->ns && e->u.element.nattrs == el->u.element.nattrs) candidates++;
    }
    uint32_t h = 0;
    if (candidates >= 3) {
        h = afe_hash(el);
        size_t same = 0, first_same = 0, sorted = 0;
        uint32_t k = el->u.element.nattrs;
        for (size_t i = b->nafe - since; i < b->nafe; i++) {
            dl_node *e = b->afe[i];
            if (e->atom != el->atom || e->ns != el->ns || e->u.element.nattrs != el->u.element.nattrs) continue;
            if (!b->afeh[i]) b->afeh[i] = afe_hash(e);
            if (b->afeh[i] != h) continue;
            if (!sorted && k) {
                /* Sort the new element's attributes once for all its comparisons. */
                if (grow((void **)&b->sortbuf, &b->sortcap, 2 * (size_t)k, sizeof(dl_attr *))) return tb_oom(b);
                attrs_sorted(el, b->sortbuf);
                sorted = 1;
            }
            if (!k || same_attrs(b, b->sortbuf, el->u.element.attrs, e)) {
                if (!same) first_same = i;
                same++;
            }
        }
        if (same >= 3) {
            tb_afe_remove_at(b, first_same);
            since--;
        }
    }
    if (since >= DL_AFE_MAX) tb_afe_remove_at(b, b->nafe - since);
    if (tb_afe_insert_at(b, b->nafe, el)) return -1;
    b->afeh[b->nafe - 1] = h;
    return 0;
}

int tb_afe_push_marker(tb *b) { return tb_afe_insert_at(b, b->nafe, NULL); }

void tb_afe_clear_to_marker(tb *b) {
    while (b->nafe) {
        dl_node *e = b->afe[--b->nafe];
        if (!e) break;
    }
}

long tb_afe_index(tb *b, dl_node *el) {
    for (size_t i = b->nafe; i-- > 0;)
        if (b->afe[i] == el) return (long)i;
    return -1;
}

void tb_afe_remove(tb *b, dl_node *el) {
    long i = tb_afe_index(b, el);
    if (i >= 0) tb_afe_remove_at(b, (size_t)i);
}

int tb_reconstruct(tb *b) {
    if (!b->nafe) return 0;
    dl_node *last = b->afe[b->nafe - 1];
    if (!last || tb_stack_contains(b, last)) return 0;
    size_t i = b->nafe - 1;
    while (i > 0) {
        dl_node *e = b->afe[i - 1];
        if (!e || tb_stack_contains(b, e)) break;
        i--;
    }
    for (; i < b->nafe; i++) {
        dl_node *el = tb_clone_element(b, b->afe[i]);
        if (!el) return tb_oom(b);
        dl_node *parent, *before;
        tb_appropriate_place(b, NULL, &parent, &before);
        tb_insert_at(parent, before, el);
        if (tb_push(b, el)) return -1;
        b->afe[i] = el;
    }
    return 0;
}

/* ---- node creation and insertion ---- */

static dl_str keep(tb *b, dl_slice s, int *err) {
    dl_str r = {"", 0};
    if (!s.len) return r;
    if (s.borrowed) {
        r.ptr = s.ptr;
    } else {
        char *p = dl_arena_strndup(&b->doc->arena, s.ptr, s.len);
        if (!p) {
            *err = 1;
            return r;
        }
        r.ptr = p;
    }
    r.len = s.len;
    return r;
}

dl_node *tb_create_element(tb *b, const tb_token *t, uint32_t atom, uint8_t ns) {
    dl_node *el = dl_node_new_element(b->doc, atom, ns);
    if (!el) return NULL;
    if (t && t->raw) {
        el->span_start = t->start >= UINT32_MAX ? DL_NO_SPAN : (uint32_t)t->start;
        el->span_end = t->end >= UINT32_MAX ? DL_NO_SPAN : (uint32_t)t->end;
        if (el->span_start == DL_NO_SPAN) el->span_end = DL_NO_SPAN;
    }
    if (t && t->nattrs) {
        if (t->nattrs > UINT32_MAX) return NULL;
        dl_attr *a = dl_arena_alloc(&b->doc->arena, t->nattrs * sizeof(dl_attr));
        if (!a) return NULL;
        int err = 0;
        for (size_t i = 0; i < t->nattrs; i++) {
            a[i].name = keep(b, t->attrs[i].name, &err);
            a[i].value = keep(b, t->attrs[i].value, &err);
            a[i].ns = DL_ATTR_NS_NONE;
        }
        if (err) return NULL;
        el->u.element.attrs = a;
        el->u.element.nattrs = (uint32_t)t->nattrs;
    }
    if (ns == DL_NS_HTML && atom == DL_TAG_template) {
        el->u.element.content = dl_node_new_fragment(b->doc);
        if (!el->u.element.content) return NULL;
    }
    if (ns == DL_NS_MATHML && atom == DL_TAG_annotation_xml) {
        const dl_attr *enc = dl_element_attr(el, "encoding", 8);
        if (enc) {
            const char *v = enc->value.ptr;
            size_t n = enc->value.len;
            static const char *const types[] = {"text/html", "application/xhtml+xml"};
            for (int k = 0; k < 2; k++) {
                if (dl_ascii_eq_ci_lit((const char *)v, n, types[k])) el->flags |= DL_NODE_F_HTML_INTEGRATION;
            }
        }
    }
    return el;
}

dl_node *tb_clone_element(tb *b, const dl_node *src) {
    dl_node *el = dl_node_new_element(b->doc, src->atom, src->ns);
    if (!el) return NULL;
    el->flags = src->flags & (uint16_t)~(DL_NODE_F_IMPLIED_END | TB_F_ON_STACK);
    /* The copy shares the original's attribute array (never written after creation, see dom.h).
     * Owning a copy each cost the attribute count per clone, and one formatting element with k
     * attributes reopened in each of k paragraphs ("<p><b a1 .. ak>x</p>" + "<p>x</p>" * k) made
     * k^2 attribute records: 625 MB for a 55 KB page. */
    el->u.element.attrs = src->u.element.attrs;
    el->u.element.nattrs = src->u.element.nattrs;
    return el;
}

void tb_appropriate_place(tb *b, dl_node *target, dl_node **parent, dl_node **before) {
    if (!target) target = tb_current(b);
    *before = NULL;
    dl_node *p = target;
    if (b->foster && target->ns == DL_NS_HTML &&
        (target->atom == DL_TAG_table || target->atom == DL_TAG_tbody || target->atom == DL_TAG_tfoot ||
         target->atom == DL_TAG_thead || target->atom == DL_TAG_tr)) {
        /* Foster parenting: the last template or table on the stack decides. Their topmost entries
         * come from the per-atom index in O(1): searching the mirror stack for a template that is not
         * there walked every open table part, and "<table><b><tr><td>x" * n (each <b> fostered out of
         * a table nested in the previous cell) took 8 s at 1 MB. */
        uint32_t it = tb_top_html(b, DL_TAG_template), itab = tb_top_html(b, DL_TAG_table);
        if (it && it > itab) {
            p = b->stack[it - 1];
        } else if (!itab) {
            p = b->stack[0];
        } else if (b->stack[itab - 1]->parent) {
            *parent = b->stack[itab - 1]->parent;
            *before = b->stack[itab - 1];
            return;
        } else {
            p = itab > 1 ? b->stack[tb_stack_below(b, itab - 1)] : b->stack[0]; /* the live entry below */
        }
    }
    if (tb_is_html(p, DL_TAG_template) && p->u.element.content) p = p->u.element.content;
    *parent = p;
}

void tb_insert_at(dl_node *parent, dl_node *before, dl_node *n) { dl_node_insert_before(parent, n, before); }

dl_node *tb_insert_html(tb *b, const tb_token *t) {
    dl_node *el = tb_create_element(b, t, t->atom, DL_NS_HTML);
    if (!el) {
        tb_oom(b);
        return NULL;
    }
    dl_node *parent, *before;
    tb_appropriate_place(b, NULL, &parent, &before);
    tb_insert_at(parent, before, el);
    if (tb_push(b, el)) return NULL;
    return el;
}

dl_node *tb_insert_html_atom(tb *b, uint32_t atom) {
    dl_node *el = dl_node_new_element(b->doc, atom, DL_NS_HTML);
    if (!el) {
        tb_oom(b);
        return NULL;
    }
    if (atom == DL_TAG_template) {
        el->u.element.content = dl_node_new_fragment(b->doc);
        if (!el->u.element.content) {
            tb_oom(b);
            return NULL;
        }
    }
    dl_node *parent, *before;
    tb_appropriate_place(b, NULL, &parent, &before);
    tb_insert_at(parent, before, el);
    if (tb_push(b, el)) return NULL;
    return el;
}

dl_node *tb_insert_foreign(tb *b, const tb_token *t, uint8_t ns, int only_add_to_stack) {
    uint32_t atom = t->atom;
    if (ns == DL_NS_SVG) atom = tb_svg_tag_atom(b, t);
    if (atom == DL_TAG__NONE) {
        tb_oom(b);
        return NULL;
    }
    dl_node *el = tb_create_element(b, t, atom, ns);
    if (!el) {
        tb_oom(b);
        return NULL;
    }
    tb_adjust_attrs(b, el);
    if (t->self_closing) el->flags |= DL_NODE_F_SELF_CLOSING;
    if (!only_add_to_stack) {
        dl_node *parent, *before;
        tb_appropriate_place(b, NULL, &parent, &before);
        tb_insert_at(parent, before, el);
    }
    if (tb_push(b, el)) return NULL;
    return el;
}

/* Text nodes the tree builder grows keep their capacity in a header just before the bytes, so that
 * appending to a text node while other nodes are allocated in between (foster-parented table text)
 * stays amortised linear. A text node whose bytes lie inside the source buffer is a zero-copy slice. */
typedef struct {
    size_t cap;
} text_hdr;

static int in_source(tb *b, const char *p) {
    return b->doc->source && p >= b->doc->source && p < b->doc->source + b->doc->source_len;
}

int tb_in_source(tb *b, const char *p) { return in_source(b, p); }

static uint32_t off32(uint64_t v) { return v >= UINT32_MAX ? DL_NO_SPAN : (uint32_t)v; }

int tb_insert_chars(tb *b, const char *p, size_t n) {
    if (!n || b->status) return b->status ? -1 : 0;
    dl_node *parent, *before;
    tb_appropriate_place(b, NULL, &parent, &before);
    if (parent->type == DL_NODE_DOCUMENT) return 0;
    const tb_token *t = b->cur;
    uint32_t s = DL_NO_SPAN, e = DL_NO_SPAN;
    if (in_source(b, p)) {
        s = (uint32_t)(p - b->doc->source);
        e = off32((uint64_t)s + n);
    } else if (b->span_override) {
        s = off32(b->span_start);
        e = off32(b->span_end);
    } else if (t) {
        s = off32(t->start);
        e = off32(t->end);
    }
    dl_node *adj = before ? before->prev : parent->last_child;
    if (adj && adj->type == DL_NODE_TEXT) {
        dl_str *tx = &adj->u.text;
        if (in_source(b, tx->ptr) && tx->ptr + tx->len == p) {
            tx->len += n; /* contiguous in the source: still zero-copy */
        } else {
            text_hdr *h;
            if (in_source(b, tx->ptr) || tx->len == 0) {
                size_t cap = (tx->len + n) * 2;
                if (cap < 32) cap = 32;
                h = dl_arena_alloc(&b->doc->arena, sizeof(text_hdr) + cap);
                if (!h) return tb_oom(b);
                h->cap = cap;
                memcpy((char *)(h + 1), tx->ptr, tx->len);
            } else {
                h = (text_hdr *)(void *)(tx->ptr - sizeof(text_hdr));
                if (h->cap < tx->len + n) {
                    size_t cap = (tx->len + n) * 2;
                    text_hdr *h2 = dl_arena_alloc(&b->doc->arena, sizeof(text_hdr) + cap);
                    if (!h2) return tb_oom(b);
                    h2->cap = cap;
                    memcpy((char *)(h2 + 1), tx->ptr, tx->len);
                    h = h2;
                }
            }
            memcpy((char *)(h + 1) + tx->len, p, n);
            tx->ptr = (const char *)(h + 1);
            tx->len += n;
        }
        if (e != DL_NO_SPAN && (adj->span_end == DL_NO_SPAN || e > adj->span_end)) adj->span_end = e;
        if (adj->span_start == DL_NO_SPAN) adj->span_start = s;
        return 0;
    }
    dl_node *tn;
    if (in_source(b, p)) {
        tn = dl_node_new_text(b->doc, p, n, 0);
        if (!tn) return tb_oom(b);
    } else {
        size_t cap = n < 16 ? 16 : n;
        text_hdr *h = dl_arena_alloc(&b->doc->arena, sizeof(text_hdr) + cap);
        if (!h) return tb_oom(b);
        h->cap = cap;
        memcpy((char *)(h + 1), p, n);
        tn = dl_node_new_text(b->doc, (const char *)(h + 1), n, 0);
        if (!tn) return tb_oom(b);
    }
    tn->span_start = s;
    tn->span_end = e;
    tb_insert_at(parent, before, tn);
    return 0;
}

int tb_insert_comment(tb *b, const tb_token *t, dl_node *parent) {
    dl_node *before = NULL;
    if (!parent) tb_appropriate_place(b, NULL, &parent, &before);
    dl_node *c = dl_node_new_comment(b->doc, t->data.ptr, t->data.len, !t->data.borrowed);
    if (!c) return tb_oom(b);
    c->span_start = off32(t->start);
    c->span_end = off32(t->end);
    tb_insert_at(parent, before, c);
    return 0;
}

int tb_tmode_push(tb *b, tb_mode m) {
    if (grow((void **)&b->tmodes, &b->tmodecap, b->ntmodes + 1, 1)) return tb_oom(b);
    b->tmodes[b->ntmodes++] = (uint8_t)m;
    return 0;
}

void tb_tmode_pop(tb *b) {
    if (b->ntmodes) b->ntmodes--;
}

/* "Reset the insertion mode appropriately" (13.2.4.1 The insertion mode,
 * https://html.spec.whatwg.org/multipage/parsing.html#reset-the-insertion-mode-appropriately), in
 * the Standard's order: "last" is false; node is the last node of the stack; Loop: when node is the
 * first node of the stack, last is true and (fragment case) node is the context element; then, by
 * node: td/th not last -> in cell, tr -> in row, tbody/thead/tfoot -> in table body, caption -> in
 * caption, colgroup -> in column group, table -> in table, template -> the current template
 * insertion mode, head not last -> in head, body -> in body, frameset -> in frameset, html -> before
 * head or after head (by the head element pointer); last -> in body; else node is the entry before
 * it, back to Loop. (select no longer has a case: the Standard dropped the in-select modes.) */
void tb_reset_mode(tb *b) {
    /* Every element that decides the mode is "relevant", so walk the mirror stack. */
    for (size_t i = b->nrel; i-- > 0;) {
        dl_node *node = b->rel[i];
        int last = 0;
        if (b->rel[i] == b->stack[0]) {
            last = 1;
            if (b->context) node = b->context;
        }
        if (node->ns != DL_NS_HTML) {
            if (last) break;
            continue;
        }
        switch (node->atom) {
        case DL_TAG_td: case DL_TAG_th:
            if (!last) {
                b->mode = M_IN_CELL;
                return;
            }
            break;
        case DL_TAG_tr: b->mode = M_IN_ROW; return;
        case DL_TAG_tbody: case DL_TAG_thead: case DL_TAG_tfoot: b->mode = M_IN_TABLE_BODY; return;
        case DL_TAG_caption: b->mode = M_IN_CAPTION; return;
        case DL_TAG_colgroup: b->mode = M_IN_COLUMN_GROUP; return;
        case DL_TAG_table: b->mode = M_IN_TABLE; return;
        case DL_TAG_template: b->mode = b->ntmodes ? (tb_mode)b->tmodes[b->ntmodes - 1] : M_IN_TEMPLATE; return;
        case DL_TAG_head:
            if (!last) {
                b->mode = M_IN_HEAD;
                return;
            }
            break;
        case DL_TAG_body: b->mode = M_IN_BODY; return;
        case DL_TAG_frameset: b->mode = M_IN_FRAMESET; return;
        case DL_TAG_html:
            b->mode = b->head_el ? M_AFTER_HEAD : M_BEFORE_HEAD;
            return;
        default:
            break;
        }
        if (last) break;
    }
    b->mode = M_IN_BODY;
}
