/* The "in column group" insertion mode (HTML Standard 13.2.6.4.12). */
#include <string.h>

#include "tree/modes/modes.h"

/* The "in column group" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incolgroup */
int tb_mode_in_column_group(tb *b, tb_token *t) {
    if (CHARS(t)) {
        size_t n = ws_prefix(t);
        if (n) {
            int r = tb_insert_chars(b, t->data.ptr, n);
            consume(t, n);
            return r;
        }
    } else if (t->type == DL_TOK_COMMENT) {
        return tb_insert_comment(b, t, NULL);
    } else if (t->type == DL_TOK_DOCTYPE) {
        return 0;
    } else if (START(t) && t->atom == DL_TAG_html) {
        return TB_USING(M_IN_BODY);
    } else if (START(t) && t->atom == DL_TAG_col) {
        return insert_void(b, t);
    } else if (END(t) && t->atom == DL_TAG_colgroup) {
        dl_node *c = tb_current(b);
        if (!tb_is_html(c, DL_TAG_colgroup)) return 0;
        tb_pop(b);
        tb_close_explicit(c, t);
        b->mode = M_IN_TABLE;
        return 0;
    } else if (END(t) && t->atom == DL_TAG_col) {
        return 0;
    } else if ((START(t) || END(t)) && t->atom == DL_TAG_template) {
        return TB_USING(M_IN_HEAD);
    } else if (t->type == DL_TOK_EOF) {
        return TB_USING(M_IN_BODY);
    }
    if (!tb_is_html(tb_current(b), DL_TAG_colgroup)) {
        if (CHARS(t)) {
            ignore_non_ws(t);
        }
        return 0;
    }
    tb_pop(b);
    b->mode = M_IN_TABLE;
    return TB_STEP_REPROCESS;
}
