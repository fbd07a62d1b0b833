/* The adoption agency algorithm (HTML Standard 13.2.6.4.7, end tags of formatting elements).
 *
 * Work per end tag is bounded: at most 8 outer iterations; the inner loop either clones one of at most
 * 3 formatting elements or removes an element from the stack (each element is removed at most once);
 * list lookups are bounded by the cap on the list of active formatting elements (stack.c). */
#include <string.h>

#include "tree/tb_internal.h"

int tb_adoption(tb *b, const tb_token *t) {
    uint32_t subject = t->atom;
    dl_node *cur = tb_current(b);
    if (tb_is_html(cur, subject) && tb_afe_index(b, cur) < 0) {
        tb_pop(b);
        tb_close_explicit(cur, t);
        return 0;
    }
    for (int outer = 0; outer < 8; outer++) {
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
        long fe_idx = tb_stack_index(b, fe);
        if (fe_idx < 0) {
            tb_afe_remove(b, fe);
            return 0;
        }
        if (!tb_node_in_scope(b, fe, SCOPE_DEFAULT)) return 0;
        long fb_idx = -1;
        for (size_t i = (size_t)fe_idx + 1; i < b->depth; i++) {
            if (tb_is_special(b->stack[i])) {
                fb_idx = (long)i;
                break;
            }
        }
        if (fb_idx < 0) {
            tb_pop_until(b, fe);
            tb_close_explicit(fe, t);
            tb_afe_remove(b, fe);
            return 0;
        }
        dl_node *fb = b->stack[fb_idx];
        dl_node *common = b->stack[fe_idx - 1];
        /* Every edit below is at or above the formatting element. When an element leaves the stack
         * the indexes above are relinked once at the end; otherwise the edit is a local rotation. */
        int relink = 0;
        size_t bookmark = (size_t)fe_afe;
        dl_node *last = fb;
        long idx = fb_idx;
        for (int inner = 1;; inner++) {
            idx--;
            dl_node *node = b->stack[idx];
            if (node == fe) break;
            long ni = tb_afe_index(b, node);
            if (inner > 3 && ni >= 0) {
                tb_afe_remove(b, node);
                if ((size_t)ni < bookmark) bookmark--;
                ni = -1;
            }
            if (ni < 0) {
                if (!relink) tb_stack_edit_begin(b, (size_t)fe_idx);
                relink = 1;
                tb_stack_raw_remove(b, (size_t)idx);
                tb_mark_implied(node);
                fb_idx--;
                continue;
            }
            dl_node *ne = tb_clone_element(b, node);
            if (!ne) return tb_oom(b);
            b->afe[ni] = ne;
            b->stack[idx] = ne; /* a formatting element is never "relevant": the mirror stack is unchanged */
            node->flags &= (uint16_t)~TB_F_ON_STACK;
            ne->flags |= TB_F_ON_STACK;
            node = ne;
            if (last == fb) bookmark = (size_t)ni + 1;
            dl_node_append(node, last);
            last = node;
        }
        dl_node *parent, *before;
        tb_appropriate_place(b, common, &parent, &before);
        tb_insert_at(parent, before, last);
        dl_node *ne = tb_clone_element(b, fe);
        if (!ne) return tb_oom(b);
        while (fb->first_child) dl_node_append(ne, fb->first_child);
        dl_node_append(fb, ne);
        /* The formatting element leaves the list; the clone takes the bookmarked place. */
        long fi = tb_afe_index(b, fe);
        if (fi >= 0) {
            tb_afe_remove_at(b, (size_t)fi);
            if ((size_t)fi < bookmark) bookmark--;
        }
        if (bookmark > b->nafe) bookmark = b->nafe;
        if (tb_afe_insert_at(b, bookmark, ne)) return -1;
        tb_close_explicit(fe, t);
        if (!relink) {
            int rr = tb_stack_rotate(b, (size_t)fe_idx, (size_t)fb_idx, ne);
            if (rr < 0) return -1;
            if (rr == 0) continue;
            tb_stack_edit_begin(b, (size_t)fe_idx);
        }
        tb_stack_raw_remove(b, (size_t)fe_idx);
        fb_idx--; /* the formatting element was below it */
        int r = tb_stack_raw_insert_above(b, (size_t)fb_idx, ne);
        if (tb_stack_edit_end(b, (size_t)fe_idx) || r) return -1;
    }
    return 0;
}
