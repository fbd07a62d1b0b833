/* "Has an element in the specific scope" and its family (HTML Standard 13.2.4.2,
 * https://html.spec.whatwg.org/multipage/parsing.html#has-an-element-in-the-specific-scope): in scope, in list item scope, in button
 * scope, in table scope (select scope is gone from the Standard with the in-select modes). The
 * Standard's steps: 1, node is the current node; 2, node is the target: match; 3, node is one of
 * the scope's boundary elements: failure; 4, node is the entry below, back to 2. The stack keeps
 * the topmost boundary of each scope per entry (tb_slot) and the topmost element of each atom, so
 * the walk is one comparison: the target's topmost entry is in scope when no boundary lies above it.
 * Boundaries: tb_scope_boundary (tb_internal.h). */
#include "tree/tb_internal.h"

static uint32_t boundary_top(tb *b, int scope) {
    if (!b->depth) return 0;
    const tb_slot *s = &b->slots[b->depth - 1];
    return scope == SCOPE_LIST ? s->blist : scope == SCOPE_BUTTON ? s->bbutton : s->bdef;
}

/* "Has an element in scope" for the topmost HTML element named atom (the Standard's target is a tag
 * name there). */
int tb_in_scope(tb *b, uint32_t atom, int scope) {
    uint32_t x = tb_top_html(b, atom);
    if (!x) return 0;
    if (scope == SCOPE_TABLE) {
        /* Table scope targets and boundaries are all "relevant" elements: walk the short mirror stack. */
        for (size_t i = b->nrel; i-- > 0;) {
            dl_node *n = b->rel[i];
            if (n->atom == atom) return 1;
            if (tb_scope_boundary(n, scope)) return 0;
        }
        return 0;
    }
    /* The topmost element of that name is in scope when no boundary lies above it. */
    return boundary_top(b, scope) <= x;
}

/* The same with a target node (the adoption agency's formatting element, step 4.5). */
int tb_node_in_scope(tb *b, dl_node *el, int scope) {
    long i = tb_stack_index(b, el);
    if (i < 0) return 0;
    return boundary_top(b, scope) <= (uint32_t)i + 1;
}

/* "Has an element in scope that is an HTML element with tag name h1, h2, h3, h4, h5 or h6". */
int tb_heading_in_scope(tb *b) {
    uint32_t x = 0;
    for (uint32_t a = DL_TAG_h1; a <= DL_TAG_h6; a++) {
        uint32_t t = tb_top_html(b, a);
        if (t > x) x = t;
    }
    return x && boundary_top(b, SCOPE_DEFAULT) <= x;
}
