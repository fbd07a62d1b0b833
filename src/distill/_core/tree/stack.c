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

enum { K_SPECIAL = 1, K_BDEF = 2, K_BLIST = 4, K_BBUTTON = 8, K_BLI = 16, K_HTML = 32 };

/* The categories of an element, computed once when it enters the stack (kept in its slot, which
 * moves with it), so relinking after a mid-stack edit only combines bits. */
static uint8_t node_kind(const dl_node *el) {
    uint8_t k = 0;
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

/* Link stack entry i (stored, its slot's kind set) into the indexes. */
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
    if (i) {
        const tb_slot *p = s - 1;
        s->special = (k & K_SPECIAL) ? me : p->special;
        s->bdef = (k & K_BDEF) ? me : p->bdef;
        s->blist = (k & K_BLIST) ? me : p->blist;
        s->bbutton = (k & K_BBUTTON) ? me : p->bbutton;
        s->bli = (k & K_BLI) ? me : p->bli;
        s->html = (k & K_HTML) ? me : p->html;
    } else {
        s->special = (k & K_SPECIAL) ? me : 0;
        s->bdef = (k & K_BDEF) ? me : 0;
        s->blist = (k & K_BLIST) ? me : 0;
        s->bbutton = (k & K_BBUTTON) ? me : 0;
        s->bli = (k & K_BLI) ? me : 0;
        s->html = (k & K_HTML) ? me : 0;
    }
    return 0;
}

/* Unlink stack entry i, which must be the topmost still linked. */
static void slot_pop(tb *b, size_t i) {
    const tb_slot *s = &b->slots[i];
    uint32_t *top = (s->kind & K_HTML) ? b->top_html : b->top_foreign;
    if (s->atom < b->topcap) top[s->atom] = s->prev_same;
    if (s->prev_same) b->slots[s->prev_same - 1].next_same = 0;
}

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
    s->html = (k & K_HTML) ? me : p->html;
}

static void slot_init(tb *b, size_t i, const dl_node *el);

#ifdef DL_TB_CHECK
/* Debug builds (-DDL_TB_CHECK): recompute every index from scratch and abort on any difference. */
void tb_stack_check(tb *b) {
    uint32_t *th = calloc(b->topcap + 1, sizeof(uint32_t)), *tf = calloc(b->topcap + 1, sizeof(uint32_t));
    if (!th || !tf) abort();
    tb_slot prev;
    memset(&prev, 0, sizeof prev);
    for (size_t i = 0; i < b->depth; i++) {
        const tb_slot *s = &b->slots[i];
        const dl_node *el = b->stack[i];
        uint32_t me = (uint32_t)i + 1;
        if (s->atom != el->atom || s->kind != node_kind(el) || el->atom >= b->topcap) abort();
        if (!(el->flags & TB_F_ON_STACK)) abort();
        uint32_t *top = (el->ns == DL_NS_HTML ? th : tf) + el->atom;
        if (s->prev_same != *top) abort();
        if (*top && b->slots[*top - 1].next_same != me) abort();
        *top = me;
        uint8_t k = s->kind;
        if (s->special != ((k & K_SPECIAL) ? me : prev.special)) abort();
        if (s->bdef != ((k & K_BDEF) ? me : prev.bdef)) abort();
        if (s->blist != ((k & K_BLIST) ? me : prev.blist)) abort();
        if (s->bbutton != ((k & K_BBUTTON) ? me : prev.bbutton)) abort();
        if (s->bli != ((k & K_BLI) ? me : prev.bli)) abort();
        if (s->html != ((k & K_HTML) ? me : prev.html)) abort();
        prev = *s;
    }
    for (size_t a = 0; a < b->topcap; a++) {
        if (th[a] != b->top_html[a] || tf[a] != b->top_foreign[a]) abort();
        if (th[a] && b->slots[th[a] - 1].next_same) abort();
        if (tf[a] && b->slots[tf[a] - 1].next_same) abort();
    }
    free(th);
    free(tf);
}
#endif

int tb_stack_rotate(tb *b, size_t lo, size_t hi, dl_node *ne) {
    enum { MAXR = 8 };
    struct {
        uint32_t atom, below, above, last;
        uint8_t html;
    } r[MAXR];
    size_t nr = 0;
    if (lo == 0 || hi < lo || hi - lo + 1 > MAXR || hi >= b->depth) return 1;
    if (ne->atom >= b->topcap && ensure_top(b, ne->atom)) return -1;
    /* Take the region's entries out of their same-atom chains, noting where each chain resumes. */
    for (size_t i = lo; i <= hi; i++) {
        tb_slot *s = &b->slots[i];
        uint8_t html = (s->kind & K_HTML) != 0;
        uint32_t *top = (html ? b->top_html : b->top_foreign) + s->atom;
        uint32_t d = s->prev_same, u = s->next_same;
        if (u) b->slots[u - 1].prev_same = d;
        else *top = d;
        if (d) b->slots[d - 1].next_same = u;
        size_t k = 0;
        while (k < nr && !(r[k].atom == s->atom && r[k].html == html)) k++;
        if (k == nr) {
            r[nr].atom = s->atom;
            r[nr].html = html;
            r[nr].below = d;
            nr++;
        }
        r[k].above = u;
    }
    b->stack[lo]->flags &= (uint16_t)~TB_F_ON_STACK;
    memmove(b->stack + lo, b->stack + lo + 1, (hi - lo) * sizeof(dl_node *));
    memmove(b->slots + lo, b->slots + lo + 1, (hi - lo) * sizeof(tb_slot));
    b->stack[hi] = ne;
    ne->flags |= TB_F_ON_STACK;
    slot_init(b, hi, ne);
    /* Put them back in their new order (every atom of the new region was in the old one). */
    for (size_t k = 0; k < nr; k++) r[k].last = r[k].below;
    for (size_t i = lo; i <= hi; i++) {
        tb_slot *s = &b->slots[i];
        uint8_t html = (s->kind & K_HTML) != 0;
        size_t k = 0;
        while (k < nr && !(r[k].atom == s->atom && r[k].html == html)) k++;
        if (k == nr) return tb_oom(b); /* cannot happen: the clone has the formatting element's atom */
        uint32_t me = (uint32_t)i + 1;
        s->prev_same = r[k].last;
        s->next_same = 0;
        if (r[k].last) b->slots[r[k].last - 1].next_same = me;
        r[k].last = me;
        slot_fields(b, i);
    }
    for (size_t k = 0; k < nr; k++) {
        uint32_t *top = (r[k].html ? b->top_html : b->top_foreign) + r[k].atom;
        if (r[k].last) b->slots[r[k].last - 1].next_same = r[k].above;
        if (r[k].above) b->slots[r[k].above - 1].prev_same = r[k].last;
        else *top = r[k].last;
    }
    /* Entries above keep their positions; only fields that pointed into the region can change, and
     * since each field is monotone in the position, the first entry with none such ends the scan. */
    uint32_t rlo = (uint32_t)lo + 1, rhi = (uint32_t)hi + 1;
    for (size_t j = hi + 1; j < b->depth; j++) {
        tb_slot *s = &b->slots[j];
#define IN_REGION(v) ((v) >= rlo && (v) <= rhi)
        if (!(IN_REGION(s->special) || IN_REGION(s->bdef) || IN_REGION(s->blist) || IN_REGION(s->bbutton) ||
              IN_REGION(s->bli) || IN_REGION(s->html)))
            break;
#undef IN_REGION
        slot_fields(b, j);
    }
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

void tb_pop(tb *b) {
    if (!b->depth) return;
    dl_node *el = b->stack[--b->depth];
    el->flags &= (uint16_t)~TB_F_ON_STACK;
    if (b->nrel && b->rel[b->nrel - 1] == el) b->nrel--;
    slot_pop(b, b->depth);
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

/* Mid-stack edits: unlink the entries from the top down to `from`, edit, relink them. */
static void unlink_from(tb *b, size_t from) {
    for (size_t i = b->depth; i-- > from;) slot_pop(b, i);
}

static int relink_from(tb *b, size_t from) {
    for (size_t i = from; i < b->depth; i++)
        if (slot_push(b, i)) return -1;
    return 0;
}

/* Batched mid-stack edits (the adoption agency): unlink once, edit the array, relink once. */
void tb_stack_edit_begin(tb *b, size_t from) { unlink_from(b, from); }
int tb_stack_edit_end(tb *b, size_t from) { return relink_from(b, from); }

void tb_stack_raw_remove(tb *b, size_t i) {
    b->stack[i]->flags &= (uint16_t)~TB_F_ON_STACK;
    memmove(b->stack + i, b->stack + i + 1, (b->depth - i - 1) * sizeof(dl_node *));
    memmove(b->slots + i, b->slots + i + 1, (b->depth - i - 1) * sizeof(tb_slot));
    b->depth--;
}

int tb_stack_raw_insert_above(tb *b, size_t index, dl_node *el) {
    size_t oldcap = b->cap;
    if (grow((void **)&b->stack, &b->cap, b->depth + 1, sizeof(dl_node *))) return tb_oom(b);
    if (b->cap != oldcap) {
        tb_slot *ns = realloc(b->slots, b->cap * sizeof(tb_slot));
        if (!ns) {
            b->cap = oldcap;
            return tb_oom(b);
        }
        b->slots = ns;
    }
    memmove(b->stack + index + 2, b->stack + index + 1, (b->depth - index - 1) * sizeof(dl_node *));
    memmove(b->slots + index + 2, b->slots + index + 1, (b->depth - index - 1) * sizeof(tb_slot));
    b->stack[index + 1] = el;
    el->flags |= TB_F_ON_STACK;
    slot_init(b, index + 1, el);
    b->depth++;
    return 0;
}

int tb_remove_from_stack(tb *b, dl_node *el) {
    long i = tb_stack_index(b, el);
    if (i < 0) return 0;
    unlink_from(b, (size_t)i);
    tb_stack_raw_remove(b, (size_t)i);
    unrel(b, el);
    relink_from(b, (size_t)i);
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
            p = itab > 1 ? b->stack[itab - 2] : b->stack[0];
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
