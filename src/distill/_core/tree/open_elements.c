/* "The stack of open elements" (HTML Standard 13.2.4.2, https://html.spec.whatwg.org/multipage/parsing.html#stack-of-open-elements):
 * pushing, popping, "remove from the stack" anywhere in it, and the indexes that let the other
 * files answer their questions about the stack in O(1) (tb_slot in tb_internal.h): the topmost
 * element of each atom and of each kind, the current node, the adjusted current node. The adoption
 * agency's edits (tb_stack_kill, tb_stack_adopt) are here too, with the tombstones that keep
 * mid-stack removals O(1). */
#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "tree/tb_internal.h"


static int ensure_top(tb *b, uint32_t atom) {
    if (atom < b->topcap) return 0;
    size_t old = b->topcap, cap = old;
    uint32_t *h = b->top_html, *f = b->top_foreign;
    if (tb_grow((void **)&h, &cap, (size_t)atom + 1, sizeof(uint32_t))) return tb_oom(b);
    b->top_html = h;
    cap = old;
    if (tb_grow((void **)&f, &cap, (size_t)atom + 1, sizeof(uint32_t))) return tb_oom(b);
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
    if (tb_scope_boundary(el, SCOPE_DEFAULT)) k |= K_BDEF;
    if (tb_scope_boundary(el, SCOPE_LIST)) k |= K_BLIST;
    if (tb_scope_boundary(el, SCOPE_BUTTON)) k |= K_BBUTTON;
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
    if (i) { /* slot_fields, written out: this is every push */
        const tb_slot *p = s - 1;
        s->special = (k & K_SPECIAL) ? me : p->special;
        s->bdef = (k & K_BDEF) ? me : p->bdef;
        s->blist = (k & K_BLIST) ? me : p->blist;
        s->bbutton = (k & K_BBUTTON) ? me : p->bbutton;
        s->bli = (k & K_BLI) ? me : p->bli;
    } else {
        s->special = (k & K_SPECIAL) ? me : 0;
        s->bdef = (k & K_BDEF) ? me : 0;
        s->blist = (k & K_BLIST) ? me : 0;
        s->bbutton = (k & K_BBUTTON) ? me : 0;
        s->bli = (k & K_BLI) ? me : 0;
    }
    s->live = me; /* a pushed entry is live */
    if (!(k & K_HTML)) return 0;
    if (b->nhpos >= b->hposcap && tb_grow((void **)&b->hpos, &b->hposcap, b->nhpos + 1, sizeof(uint32_t)))
        return tb_oom(b);
    s->hidx = (uint32_t)b->nhpos;
    b->hpos[b->nhpos++] = me;
    return 0;
}

/* Unlink stack entry i, which must be the top entry. */
static void slot_pop(tb *b, size_t i) {
    const tb_slot *s = &b->slots[i];
    uint32_t *top = (s->kind & K_HTML) ? b->top_html : b->top_foreign;
    if (s->atom < b->topcap) top[s->atom] = s->prev_same;
    if (s->prev_same) b->slots[s->prev_same - 1].next_same = 0;
    if (s->kind & K_HTML) {
        b->nhpos--; /* the topmost HTML element is the last live entry of hpos */
        if (b->nhdead) hpos_trim(b);
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
    if (tb_grow((void **)&b->stack, &b->cap, b->depth + 1, sizeof(dl_node *))) return tb_oom(b);
    if (b->cap != oldcap) {
        tb_slot *ns = realloc(b->slots, b->cap * sizeof(tb_slot));
        if (!ns) {
            b->cap = oldcap; /* keep stack and slots the same capacity */
            return tb_oom(b);
        }
        b->slots = ns;
    }
    if (tb_is_rel(el)) {
        if (tb_grow((void **)&b->rel, &b->relcap, b->nrel + 1, sizeof(dl_node *))) return tb_oom(b);
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


/* "The adjusted current node": the context element when the parser was created as part of the
 * HTML fragment parsing algorithm and the stack holds only the html element, else the current node. */
dl_node *tb_adjusted_current(tb *b) {
    if (b->context && b->depth == 1) return b->context;
    return tb_current(b);
}
