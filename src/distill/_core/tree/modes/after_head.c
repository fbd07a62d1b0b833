/* The "after head" insertion mode (HTML Standard 13.2.6.4.6). */
#include <string.h>

#include "tree/modes/modes.h"

/* The "after head" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#the-after-head-insertion-mode */
int tb_mode_after_head(tb *b, tb_token *t) {
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
    } else if (START(t)) {
        switch (t->atom) {
        case DL_TAG_html:
            return TB_USING(M_IN_BODY);
        case DL_TAG_body:
            if (!tb_insert_html(b, t)) return -1;
            b->frameset_ok = 0;
            b->mode = M_IN_BODY;
            return 0;
        case DL_TAG_frameset:
            if (!tb_insert_html(b, t)) return -1;
            b->mode = M_IN_FRAMESET;
            return 0;
        case DL_TAG_base: case DL_TAG_basefont: case DL_TAG_bgsound: case DL_TAG_link: case DL_TAG_meta:
        case DL_TAG_noframes: case DL_TAG_script: case DL_TAG_style: case DL_TAG_template: case DL_TAG_title: {
            if (!b->head_el) break;
            return TB_STEP_IN_HEAD_ON_HEAD_ELEMENT;
        }
        case DL_TAG_head:
            return 0;
        default:
            break;
        }
    } else if (END(t)) {
        if (t->atom == DL_TAG_template) return TB_USING(M_IN_HEAD);
        if (!IN(t->atom, DL_TAG_body, DL_TAG_html, DL_TAG_br)) return 0;
    }
    if (!tb_insert_html_atom(b, DL_TAG_body)) return -1;
    b->mode = M_IN_BODY;
    return TB_STEP_REPROCESS;
}
