/* The "in caption" insertion mode (HTML Standard 13.2.6.4.11). */
#include <string.h>

#include "tree/modes/modes.h"

/* "In caption", an end tag "caption" (steps 1-6), and what the other caption-closing tokens do before
 * they are reprocessed: 1. if the stack has no caption element in table scope, ignore the token (a
 * parse error); 2. generate implied end tags; 3. (a parse error if the current node is not a caption);
 * 4. pop elements until a caption element has been popped; 5. clear the list of active formatting
 * elements up to the last marker; 6. switch the insertion mode to "in table". Returns
 * TB_STEP_REPROCESS when the caption was closed, TB_STEP_DONE when the token is ignored. */
static int close_caption(tb *b, const tb_token *t) {
    if (!tb_in_scope(b, DL_TAG_caption, SCOPE_TABLE)) return 0;
    tb_generate_implied(b, 0);
    for (dl_node *n; (n = tb_current(b));) {
        tb_pop(b);
        if (tb_is_html(n, DL_TAG_caption)) {
            tb_close_explicit(n, t);
            break;
        }
    }
    tb_afe_clear_to_marker(b);
    b->mode = M_IN_TABLE;
    return TB_STEP_REPROCESS;
}

/* The "in caption" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incaption */
int tb_mode_in_caption(tb *b, tb_token *t) {
    if (END(t) && t->atom == DL_TAG_caption) {
        close_caption(b, t);
        return 0;
    }
    if ((START(t) && IN(t->atom, DL_TAG_caption, DL_TAG_col, DL_TAG_colgroup, DL_TAG_tbody, DL_TAG_td, DL_TAG_tfoot,
                        DL_TAG_th, DL_TAG_thead, DL_TAG_tr)) ||
        (END(t) && t->atom == DL_TAG_table))
        return close_caption(b, NULL);
    if (END(t) && IN(t->atom, DL_TAG_body, DL_TAG_col, DL_TAG_colgroup, DL_TAG_html, DL_TAG_tbody, DL_TAG_td,
                     DL_TAG_tfoot, DL_TAG_th, DL_TAG_thead, DL_TAG_tr))
        return 0;
    return TB_USING(M_IN_BODY);
}
