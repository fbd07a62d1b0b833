/* "The list of active formatting elements" (HTML Standard 13.2.4.3,
 * https://html.spec.whatwg.org/multipage/parsing.html#list-of-active-formatting-elements): push (with
 * the Noah's Ark clause), markers, reconstruct the active formatting elements, clear the list up to
 * the last marker, and the insertions and removals the adoption agency makes. NULL entries are
 * markers. */
#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "tree/tb_internal.h"

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
    if (tb_grow((void **)&b->afe, &b->afecap, b->nafe + 1, sizeof(dl_node *))) return tb_oom(b);
    if (tb_grow((void **)&b->afeh, &b->afehcap, b->nafe + 1, sizeof(uint32_t))) return tb_oom(b);
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

/* "Push onto the list of active formatting elements"
 * (https://html.spec.whatwg.org/multipage/parsing.html#push-onto-the-list-of-active-formatting-elements):
 * step 1 (the Noah's Ark clause), when three elements after the last marker have el's tag name,
 * namespace and attributes, remove the earliest of them; step 2, add el. distill also drops the oldest
 * entry beyond DL_AFE_MAX after the last marker (see there). */
int tb_afe_push(tb *b, dl_node *el) {
    /* Step 1. Noah's Ark needs three earlier entries like this one; hashes (0 = not yet computed) are worked
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
                if (tb_grow((void **)&b->sortbuf, &b->sortcap, 2 * (size_t)k, sizeof(dl_attr *))) return tb_oom(b);
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
    /* Step 2. */
    if (tb_afe_insert_at(b, b->nafe, el)) return -1;
    b->afeh[b->nafe - 1] = h;
    return 0;
}

int tb_afe_push_marker(tb *b) { return tb_afe_insert_at(b, b->nafe, NULL); }

/* "Clear the list of active formatting elements up to the last marker"
 * (https://html.spec.whatwg.org/multipage/parsing.html#clear-the-list-of-active-formatting-elements-up-to-the-last-marker):
 * 1, entry is the last entry; 2, remove it; 3, if it was a marker, stop; 4, back to 1. */
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

/* "Reconstruct the active formatting elements"
 * (https://html.spec.whatwg.org/multipage/parsing.html#reconstruct-the-active-formatting-elements). */
int tb_reconstruct(tb *b) {
    /* 1. No entries: return. 2. The last entry is a marker or on the stack: return. */
    if (!b->nafe) return 0;
    dl_node *last = b->afe[b->nafe - 1];
    if (!last || tb_stack_contains(b, last)) return 0;
    /* 3. entry is the last entry. 4-6 (Rewind): while there is an entry before it that is neither a
     * marker nor on the stack, entry is that one. */
    size_t i = b->nafe - 1;
    while (i > 0) {
        dl_node *e = b->afe[i - 1];
        if (!e || tb_stack_contains(b, e)) break;
        i--;
    }
    /* 7-10 (Advance, Create): for entry and each one after it, insert an HTML element for the token
     * it was created for (a copy of it) and replace the entry with the new element. */
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
