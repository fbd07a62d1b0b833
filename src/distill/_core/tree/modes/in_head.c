/* The "in head" and "in head noscript" insertion modes (HTML Standard 13.2.6.4.4-5). */
#include <string.h>

#include "tree/modes/modes.h"

/* The "in head" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead */
int tb_mode_in_head(tb *b, tb_token *t) {
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
        case DL_TAG_base: case DL_TAG_basefont: case DL_TAG_bgsound: case DL_TAG_link: case DL_TAG_meta:
            return insert_void(b, t);
        case DL_TAG_title:
            return generic_text_element(b, t, DL_TSTATE_RCDATA);
        case DL_TAG_noscript:
            if (!b->scripting) {
                if (!tb_insert_html(b, t)) return -1;
                b->mode = M_IN_HEAD_NOSCRIPT;
                return 0;
            }
            return generic_text_element(b, t, DL_TSTATE_RAWTEXT);
        case DL_TAG_noframes: case DL_TAG_style:
            return generic_text_element(b, t, DL_TSTATE_RAWTEXT);
        case DL_TAG_script:
            return generic_text_element(b, t, DL_TSTATE_SCRIPT_DATA);
        case DL_TAG_template:
            if (!tb_insert_html(b, t)) return -1;
            if (tb_afe_push_marker(b)) return -1;
            b->frameset_ok = 0;
            b->mode = M_IN_TEMPLATE;
            return tb_tmode_push(b, M_IN_TEMPLATE);
        case DL_TAG_head:
            return 0;
        default:
            break;
        }
    } else if (END(t)) {
        switch (t->atom) {
        case DL_TAG_head: {
            dl_node *h = tb_current(b);
            tb_pop(b);
            tb_close_explicit(h, t);
            b->mode = M_AFTER_HEAD;
            return 0;
        }
        case DL_TAG_body: case DL_TAG_html: case DL_TAG_br:
            break;
        case DL_TAG_template: {
            if (!template_on_stack(b)) return 0;
            tb_generate_implied_thoroughly(b);
            dl_node *cur = tb_current(b);
            tb_pop_until_atom(b, DL_TAG_template);
            if (tb_is_html(cur, DL_TAG_template)) tb_close_explicit(cur, t);
            tb_afe_clear_to_marker(b);
            tb_tmode_pop(b);
            tb_reset_mode(b);
            return 0;
        }
        default:
            return 0;
        }
    }
    tb_pop(b); /* head */
    b->mode = M_AFTER_HEAD;
    return TB_STEP_REPROCESS;
}

/* The "in head noscript" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inheadnoscript */
int tb_mode_in_head_noscript(tb *b, tb_token *t) {
    if (t->type == DL_TOK_DOCTYPE) return 0;
    if (START(t) && t->atom == DL_TAG_html) return TB_USING(M_IN_BODY);
    if (END(t) && t->atom == DL_TAG_noscript) {
        dl_node *n = tb_current(b);
        tb_pop(b);
        tb_close_explicit(n, t);
        b->mode = M_IN_HEAD;
        return 0;
    }
    if (CHARS(t) && ws_prefix(t)) return TB_USING(M_IN_HEAD);
    if (t->type == DL_TOK_COMMENT ||
        (START(t) && IN(t->atom, DL_TAG_basefont, DL_TAG_bgsound, DL_TAG_link, DL_TAG_meta, DL_TAG_noframes,
                        DL_TAG_style)))
        return TB_USING(M_IN_HEAD);
    if (START(t) && (t->atom == DL_TAG_head || t->atom == DL_TAG_noscript)) return 0;
    if (END(t) && t->atom != DL_TAG_br) return 0;
    tb_pop(b);
    b->mode = M_IN_HEAD;
    return TB_STEP_REPROCESS;
}
