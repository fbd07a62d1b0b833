/* The "after body" and "after after body" insertion modes (HTML Standard 13.2.6.4): what comes after
 * </body> and after </html>. */
#include <string.h>

#include "tree/modes/modes.h"

/* The "after body" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-afterbody */
int tb_mode_after_body(tb *b, tb_token *t) {
    if (CHARS(t)) {
        size_t n = ws_prefix(t);
        if (n) return whitespace_using_in_body(b, t, n);
    }
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
    return TB_STEP_REPROCESS;
}

/* The "after after body" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#the-after-after-body-insertion-mode */
int tb_mode_after_after_body(tb *b, tb_token *t) {
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
    b->body_end = b->html_end = 0;
    b->mode = M_IN_BODY;
    return TB_STEP_REPROCESS;
}
