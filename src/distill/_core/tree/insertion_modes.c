/* The insertion modes not yet moved to tree/modes/ (see modes/modes.h). */
#include <stdlib.h>
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
        return 1;
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
        return 1;
    }
    return 0;
}

/* The "after body" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-afterbody */
int tb_mode_after_body(tb *b, tb_token *t) {
    if (CHARS(t) && ws_prefix(t)) return TB_USING(M_IN_BODY);
    if (t->type == DL_TOK_COMMENT) return tb_insert_comment(b, t, b->stack[0]);
    if (t->type == DL_TOK_DOCTYPE) return 0;
    if (START(t) && t->atom == DL_TAG_html) return TB_USING(M_IN_BODY);
    if (END(t) && t->atom == DL_TAG_html) {
        if (b->context) return 0;
        b->html_end = t->end;
        b->mode = M_AFTER_AFTER_BODY;
        return 0;
    }
    if (t->type == DL_TOK_EOF) {
        stop_parsing(b);
        return 0;
    }
    b->body_end = 0;
    b->mode = M_IN_BODY;
    return 1;
}

/* The "in frameset" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inframeset */
int tb_mode_in_frameset(tb *b, tb_token *t) {
    if (CHARS(t)) {
        size_t n = ws_prefix(t);
        if (n) {
            int r = tb_insert_chars(b, t->data.ptr, n);
            consume(t, n);
            return r;
        }
        ignore_non_ws(t);
        return 0;
    }
    if (t->type == DL_TOK_COMMENT) return tb_insert_comment(b, t, NULL);
    if (t->type == DL_TOK_DOCTYPE) return 0;
    if (START(t)) {
        switch (t->atom) {
        case DL_TAG_html: return TB_USING(M_IN_BODY);
        case DL_TAG_frameset: return tb_insert_html(b, t) ? 0 : -1;
        case DL_TAG_frame: return insert_void(b, t);
        case DL_TAG_noframes: return TB_USING(M_IN_HEAD);
        default: return 0;
        }
    }
    if (END(t) && t->atom == DL_TAG_frameset) {
        dl_node *c = tb_current(b);
        if (b->depth == 1 && tb_is_html(c, DL_TAG_html)) return 0;
        tb_pop(b);
        tb_close_explicit(c, t);
        if (!b->context && !tb_is_html(tb_current(b), DL_TAG_frameset)) b->mode = M_AFTER_FRAMESET;
        return 0;
    }
    if (t->type == DL_TOK_EOF) stop_parsing(b);
    return 0;
}

/* The "after frameset" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-afterframeset */
int tb_mode_after_frameset(tb *b, tb_token *t) {
    if (CHARS(t)) {
        size_t n = ws_prefix(t);
        if (n) {
            int r = tb_insert_chars(b, t->data.ptr, n);
            consume(t, n);
            return r;
        }
        ignore_non_ws(t);
        return 0;
    }
    if (t->type == DL_TOK_COMMENT) return tb_insert_comment(b, t, NULL);
    if (t->type == DL_TOK_DOCTYPE) return 0;
    if (START(t) && t->atom == DL_TAG_html) return TB_USING(M_IN_BODY);
    if (START(t) && t->atom == DL_TAG_noframes) return TB_USING(M_IN_HEAD);
    if (END(t) && t->atom == DL_TAG_html) {
        b->html_end = t->end;
        b->mode = M_AFTER_AFTER_FRAMESET;
        return 0;
    }
    if (t->type == DL_TOK_EOF) stop_parsing(b);
    return 0;
}

/* The "after after body" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#the-after-after-body-insertion-mode */
int tb_mode_after_after_body(tb *b, tb_token *t) {
    if (t->type == DL_TOK_COMMENT) return tb_insert_comment(b, t, b->doc->root);
    if (t->type == DL_TOK_DOCTYPE || (CHARS(t) && ws_prefix(t)) || (START(t) && t->atom == DL_TAG_html))
        return TB_USING(M_IN_BODY);
    if (t->type == DL_TOK_EOF) {
        stop_parsing(b);
        return 0;
    }
    b->body_end = b->html_end = 0;
    b->mode = M_IN_BODY;
    return 1;
}

/* The "after after frameset" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#the-after-after-frameset-insertion-mode */
int tb_mode_after_after_frameset(tb *b, tb_token *t) {
    if (t->type == DL_TOK_COMMENT) return tb_insert_comment(b, t, b->doc->root);
    if (t->type == DL_TOK_DOCTYPE || (CHARS(t) && ws_prefix(t)) || (START(t) && t->atom == DL_TAG_html))
        return TB_USING(M_IN_BODY);
    if (t->type == DL_TOK_EOF) {
        stop_parsing(b);
        return 0;
    }
    if (START(t) && t->atom == DL_TAG_noframes) return TB_USING(M_IN_HEAD);
    if (CHARS(t)) {
        ignore_non_ws(t);
    }
    return 0;
}
