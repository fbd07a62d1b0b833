/* The "in cell" insertion mode (HTML Standard 13.2.6.4.15). */
#include <string.h>

#include "tree/modes/modes.h"

/* "Close the cell": 1. generate implied end tags; 2. (a parse error if the current node is not a td or
 * th); 3. pop elements from the stack of open elements until a td or th element has been popped;
 * 4. clear the list of active formatting elements up to the last marker; 5. switch the insertion mode
 * to "in row". */
static int close_cell(tb *b) {
    tb_generate_implied(b, 0);
    for (dl_node *n; (n = tb_current(b));) {
        tb_pop(b);
        if (tb_is_html(n, DL_TAG_td) || tb_is_html(n, DL_TAG_th)) break;
    }
    tb_afe_clear_to_marker(b);
    b->mode = M_IN_ROW;
    return 0;
}

/* The "in cell" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intd */
int tb_mode_in_cell(tb *b, tb_token *t) {
    if (END(t) && (t->atom == DL_TAG_td || t->atom == DL_TAG_th)) {
        if (!tb_in_scope(b, t->atom, SCOPE_TABLE)) return 0;
        tb_generate_implied(b, 0);
        for (dl_node *n; (n = tb_current(b));) {
            tb_pop(b);
            if (tb_is_html(n, t->atom)) {
                tb_close_explicit(n, t);
                break;
            }
        }
        tb_afe_clear_to_marker(b);
        b->mode = M_IN_ROW;
        return 0;
    }
    if (START(t) && IN(t->atom, DL_TAG_caption, DL_TAG_col, DL_TAG_colgroup, DL_TAG_tbody, DL_TAG_td, DL_TAG_tfoot,
                       DL_TAG_th, DL_TAG_thead, DL_TAG_tr)) {
        if (!tb_in_scope(b, DL_TAG_td, SCOPE_TABLE) && !tb_in_scope(b, DL_TAG_th, SCOPE_TABLE)) return 0;
        close_cell(b);
        return TB_STEP_REPROCESS;
    }
    if (END(t) && IN(t->atom, DL_TAG_body, DL_TAG_caption, DL_TAG_col, DL_TAG_colgroup, DL_TAG_html)) return 0;
    if (END(t) && IN(t->atom, DL_TAG_table, DL_TAG_tbody, DL_TAG_tfoot, DL_TAG_thead, DL_TAG_tr)) {
        if (!tb_in_scope(b, t->atom, SCOPE_TABLE)) return 0;
        close_cell(b);
        return TB_STEP_REPROCESS;
    }
    return TB_USING(M_IN_BODY);
}
