/* The "text" insertion mode (HTML Standard 13.2.6.4.8): the contents of raw text and RCDATA elements. */
#include <string.h>

#include "tree/modes/modes.h"

/* The "text" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incdata */
int tb_mode_text(tb *b, tb_token *t) {
    if (CHARS(t)) {
        int r = tb_insert_chars(b, t->data.ptr, t->data.len);
        consume(t, t->data.len);
        return r;
    }
    if (t->type == DL_TOK_EOF) {
        tb_pop(b);
        b->mode = b->original_mode;
        return TB_STEP_REPROCESS;
    }
    if (END(t)) {
        dl_node *n = tb_current(b);
        tb_pop(b);
        tb_close_explicit(n, t);
        b->mode = b->original_mode;
    }
    return 0;
}
