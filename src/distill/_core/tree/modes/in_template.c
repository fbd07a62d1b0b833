/* The "in template" insertion mode (HTML Standard 13.2.6.4): the contents of a template element. */
#include <string.h>

#include "tree/modes/modes.h"

/* The "in template" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intemplate */
int tb_mode_in_template(tb *b, tb_token *t) {
    tb_mode next;
    switch (t->type) {
    case DL_TOK_CHARACTER: case DL_TOK_COMMENT: case DL_TOK_DOCTYPE:
        return TB_USING(M_IN_BODY);
    case DL_TOK_START_TAG:
        switch (t->atom) {
        case DL_TAG_base: case DL_TAG_basefont: case DL_TAG_bgsound: case DL_TAG_link: case DL_TAG_meta:
        case DL_TAG_noframes: case DL_TAG_script: case DL_TAG_style: case DL_TAG_template: case DL_TAG_title:
            return TB_USING(M_IN_HEAD);
        case DL_TAG_caption: case DL_TAG_colgroup: case DL_TAG_tbody: case DL_TAG_tfoot: case DL_TAG_thead:
            next = M_IN_TABLE;
            break;
        case DL_TAG_col: next = M_IN_COLUMN_GROUP; break;
        case DL_TAG_tr: next = M_IN_TABLE_BODY; break;
        case DL_TAG_td: case DL_TAG_th: next = M_IN_ROW; break;
        default: next = M_IN_BODY; break;
        }
        tb_tmode_pop(b);
        if (tb_tmode_push(b, next)) return -1;
        b->mode = next;
        return TB_STEP_REPROCESS;
    case DL_TOK_END_TAG:
        if (t->atom == DL_TAG_template) return TB_USING(M_IN_HEAD);
        return 0;
    case DL_TOK_EOF:
        if (!template_on_stack(b)) {
            stop_parsing(b);
            return 0;
        }
        tb_pop_until_atom(b, DL_TAG_template);
        tb_afe_clear_to_marker(b);
        tb_tmode_pop(b);
        tb_reset_mode(b);
        return TB_STEP_REPROCESS;
    }
    return 0;
}
