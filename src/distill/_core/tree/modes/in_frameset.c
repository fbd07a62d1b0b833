/* The frameset insertion modes (HTML Standard 13.2.6.4): "in frameset", "after frameset" and "after
 * after frameset". */
#include <string.h>

#include "tree/modes/modes.h"

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

/* The "after after frameset" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#the-after-after-frameset-insertion-mode */
int tb_mode_after_after_frameset(tb *b, tb_token *t) {
    if (t->type == DL_TOK_COMMENT) return tb_insert_comment(b, t, b->doc->root);
    if (CHARS(t)) {
        size_t n = ws_prefix(t);
        if (n) return whitespace_using_in_body(b, t, n);
    }
    if (t->type == DL_TOK_DOCTYPE || (START(t) && t->atom == DL_TAG_html))
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
