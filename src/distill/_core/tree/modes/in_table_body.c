/* The "in table body" insertion mode (HTML Standard 13.2.6.4.13): inside tbody, thead and tfoot. */
#include <string.h>

#include "tree/modes/modes.h"

/* "Clear the stack back to a table body context": pop elements while the current node is not a tbody,
 * tfoot, thead, template or html element. */
static void clear_to_body_context(tb *b) {
    for (dl_node *n; (n = tb_current(b)) &&
                     !(tb_is_html(n, DL_TAG_tbody) || tb_is_html(n, DL_TAG_tfoot) || tb_is_html(n, DL_TAG_thead) ||
                       tb_is_html(n, DL_TAG_template) || tb_is_html(n, DL_TAG_html));)
        tb_pop(b);
}

/* The "in table body" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intbody */
int tb_mode_in_table_body(tb *b, tb_token *t) {
    if (START(t) && t->atom == DL_TAG_tr) {
        clear_to_body_context(b);
        if (!tb_insert_html(b, t)) return -1;
        b->mode = M_IN_ROW;
        return 0;
    }
    if (START(t) && (t->atom == DL_TAG_th || t->atom == DL_TAG_td)) {
        clear_to_body_context(b);
        if (!tb_insert_html_atom(b, DL_TAG_tr)) return -1;
        b->mode = M_IN_ROW;
        return TB_STEP_REPROCESS;
    }
    if (END(t) && IN(t->atom, DL_TAG_tbody, DL_TAG_tfoot, DL_TAG_thead)) {
        if (!tb_in_scope(b, t->atom, SCOPE_TABLE)) return 0;
        clear_to_body_context(b);
        dl_node *c = tb_current(b);
        tb_pop(b);
        tb_close_explicit(c, t);
        b->mode = M_IN_TABLE;
        return 0;
    }
    if ((START(t) && IN(t->atom, DL_TAG_caption, DL_TAG_col, DL_TAG_colgroup, DL_TAG_tbody, DL_TAG_tfoot,
                        DL_TAG_thead)) ||
        (END(t) && t->atom == DL_TAG_table)) {
        if (!tb_in_scope(b, DL_TAG_tbody, SCOPE_TABLE) && !tb_in_scope(b, DL_TAG_thead, SCOPE_TABLE) &&
            !tb_in_scope(b, DL_TAG_tfoot, SCOPE_TABLE))
            return 0;
        clear_to_body_context(b);
        tb_pop(b);
        b->mode = M_IN_TABLE;
        return TB_STEP_REPROCESS;
    }
    if (END(t) && IN(t->atom, DL_TAG_body, DL_TAG_caption, DL_TAG_col, DL_TAG_colgroup, DL_TAG_html, DL_TAG_td,
                     DL_TAG_th, DL_TAG_tr))
        return 0;
    return TB_USING(M_IN_TABLE);
}
