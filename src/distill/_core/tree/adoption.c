/* The adoption agency algorithm (HTML Standard 13.2.6.4.7 "The rules for parsing tokens in body",
 * https://html.spec.whatwg.org/multipage/parsing.html#adoption-agency-algorithm): what an end tag of
 * a formatting element (a, b, big, code, em, font, i, nobr, s, small, strike, strong, tt, u) does,
 * and a start tag of <a> or <nobr> while one is open. Step numbers are the Standard's: steps 1-4,
 * the outer loop's steps 4.1-4.19, the inner loop's 4.13.1-4.13.9.
 *
 * Work per end tag is bounded: at most 8 outer iterations; the inner loop either clones one of at
 * most 3 formatting elements or removes an element from the stack (each element is removed at most
 * once), and a removal costs O(1): the entry becomes a tombstone instead of shifting every entry
 * above it (open_elements.c, "Tombstones", says why shifting made the parse quadratic). List lookups are
 * bounded by the cap on the list of active formatting elements (DL_AFE_MAX in active_formatting.c). */
#include <string.h>

#include "tree/tb_internal.h"

static int adoption(tb *b, const tb_token *t) {
    /* 1. Let subject be the token's tag name. */
    uint32_t subject = t->atom;
    /* 2. If the current node is an HTML element named subject and is not in the list of active
     * formatting elements: pop it and return. */
    dl_node *cur = tb_current(b);
    if (tb_is_html(cur, subject) && tb_afe_index(b, cur) < 0) {
        tb_pop(b);
        tb_close_explicit(cur, t);
        return 0;
    }
    /* 3. Let outerLoopCounter be 0. 4. While true: 4.1 if the counter is 8 or more, return;
     * 4.2 increment it. */
    for (int outer = 0; outer < 8; outer++) {
        /* 4.3 formattingElement: the last element named subject in the list of active formatting
         * elements after its last marker; none: act as for "any other end tag" (the caller). */
        dl_node *fe = NULL;
        long fe_afe = -1;
        for (size_t i = b->nafe; i-- > 0;) {
            dl_node *e = b->afe[i];
            if (!e) break;
            if (tb_is_html(e, subject)) {
                fe = e;
                fe_afe = (long)i;
                break;
            }
        }
        if (!fe) return 1;
        /* 4.4 Not in the stack of open elements: parse error, remove it from the list, return. */
        long fe_idx = tb_stack_index(b, fe);
        if (fe_idx < 0) {
            tb_afe_remove(b, fe);
            return 0;
        }
        /* 4.5 In the stack but not in scope: parse error, return. 4.6 (not the current node: a
         * parse error only). */
        if (!tb_node_in_scope(b, fe, SCOPE_DEFAULT)) return 0;
        /* 4.7 furthestBlock: the topmost element lower in the stack than formattingElement (the
         * nearest above it here, index 0 being the html element) that is special. */
        long fb_idx = -1;
        for (size_t i = (size_t)fe_idx + 1; i < b->depth; i++) {
            dl_node *e = b->stack[i];
            if (!e) {
                b->dead_walked++; /* a tombstone (open_elements.c) */
                continue;
            }
            if (tb_is_special(e)) {
                fb_idx = (long)i;
                break;
            }
        }
        /* 4.8 No furthestBlock: pop up to and including formattingElement, remove it from the
         * list, return. */
        if (fb_idx < 0) {
            tb_pop_until(b, fe);
            tb_close_explicit(fe, t);
            tb_afe_remove(b, fe);
            return 0;
        }
        dl_node *fb = b->stack[fb_idx];
        /* 4.9 commonAncestor: the element immediately above formattingElement in the stack. */
        dl_node *common = b->stack[tb_stack_below(b, (size_t)fe_idx)];
        /* 4.10 A bookmark notes formattingElement's place in the list of active formatting elements. */
        size_t bookmark = (size_t)fe_afe;
        /* 4.15, made here so that nothing can fail once the stack is being edited: the element for
         * formattingElement's token (a copy; its attributes are shared, see tb_clone_element). */
        dl_node *ne = tb_clone_element(b, fe);
        if (!ne) return tb_oom(b);
        /* 4.11 node and lastNode are furthestBlock. 4.12 innerLoopCounter is 0. */
        dl_node *last = fb;
        size_t idx = (size_t)fb_idx;
        /* 4.13 Inner loop; 4.13.1 increment innerLoopCounter. */
        for (int inner = 1;; inner++) {
            /* 4.13.2 node: the element immediately above node in the stack (or above where it was,
             * once removed): the nearest live entry below idx, skipping tombstones in O(1). */
            idx = tb_stack_below(b, idx);
            dl_node *node = b->stack[idx];
            /* 4.13.3 node is formattingElement: break. */
            if (node == fe) break;
            /* 4.13.4 innerLoopCounter > 3 and node in the list: remove it from the list. */
            long ni = tb_afe_index(b, node);
            if (inner > 3 && ni >= 0) {
                tb_afe_remove(b, node);
                if ((size_t)ni < bookmark) bookmark--;
                ni = -1;
            }
            /* 4.13.5 node not in the list: remove it from the stack (a tombstone; the indexes are
             * fixed once, by tb_stack_adopt below), continue. */
            if (ni < 0) {
                tb_stack_kill(b, idx);
                tb_mark_implied(node);
                continue;
            }
            /* 4.13.6 A new element for node's token replaces node in the list and in the stack
             * (same atom and namespace, so no index changes), and becomes node. */
            dl_node *nn = tb_clone_element(b, node);
            if (!nn) {
                tb_stack_repair(b, (size_t)fe_idx);
                return tb_oom(b);
            }
            b->afe[ni] = nn;
            tb_stack_replace(b, idx, nn); /* a formatting element is never "relevant": b->rel is unchanged */
            node = nn;
            /* 4.13.7 lastNode is furthestBlock: the bookmark moves to just after the new node. */
            if (last == fb) bookmark = (size_t)ni + 1;
            /* 4.13.8 Append lastNode to node. 4.13.9 lastNode is node. */
            dl_node_append(node, last);
            last = node;
        }
        /* 4.19, done before 4.14 for the same reason as 4.15: remove formattingElement from the
         * stack and insert the new element immediately below furthestBlock (above it here). Neither
         * changes what 4.14 reads (the last table and template on the stack). */
        if (tb_stack_adopt(b, (size_t)fe_idx, (size_t)fb_idx, ne)) return -1;
        /* 4.14 Insert lastNode at the appropriate place for inserting a node, with commonAncestor
         * as the override target. */
        dl_node *parent, *before;
        tb_appropriate_place(b, common, &parent, &before);
        tb_insert_at(parent, before, last);
        /* 4.16 Move furthestBlock's children into the new element; 4.17 append it to furthestBlock. */
        while (fb->first_child) dl_node_append(ne, fb->first_child);
        dl_node_append(fb, ne);
        /* 4.18 Remove formattingElement from the list; the new element takes the bookmarked place. */
        long fi = tb_afe_index(b, fe);
        if (fi >= 0) {
            tb_afe_remove_at(b, (size_t)fi);
            if ((size_t)fi < bookmark) bookmark--;
        }
        if (bookmark > b->nafe) bookmark = b->nafe;
        if (tb_afe_insert_at(b, bookmark, ne)) return -1;
        tb_close_explicit(fe, t);
    }
    return 0;
}

int tb_adoption(tb *b, const tb_token *t) {
    int r = adoption(b, t);
    tb_stack_settle(b); /* the positions are no longer held: compact the tombstones if need be */
    return r;
}
