/* The insertion modes not yet moved to tree/modes/ (see modes/modes.h). */
#include <stdlib.h>
#include <string.h>

#include "tree/modes/modes.h"

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

static void clear_to_table_context(tb *b) {
    for (dl_node *n; (n = tb_current(b)) && !(tb_is_html(n, DL_TAG_table) || tb_is_html(n, DL_TAG_template) ||
                                              tb_is_html(n, DL_TAG_html));)
        tb_pop(b);
}

static void clear_to_body_context(tb *b) {
    for (dl_node *n; (n = tb_current(b)) &&
                     !(tb_is_html(n, DL_TAG_tbody) || tb_is_html(n, DL_TAG_tfoot) || tb_is_html(n, DL_TAG_thead) ||
                       tb_is_html(n, DL_TAG_template) || tb_is_html(n, DL_TAG_html));)
        tb_pop(b);
}

static void clear_to_row_context(tb *b) {
    for (dl_node *n; (n = tb_current(b)) &&
                     !(tb_is_html(n, DL_TAG_tr) || tb_is_html(n, DL_TAG_template) || tb_is_html(n, DL_TAG_html));)
        tb_pop(b);
}

/* The "in table" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intable */
int tb_mode_in_table(tb *b, tb_token *t) {
    switch (t->type) {
    case DL_TOK_CHARACTER: {
        dl_node *c = tb_current(b);
        if (c->ns == DL_NS_HTML && IN(c->atom, DL_TAG_table, DL_TAG_tbody, DL_TAG_template, DL_TAG_tfoot,
                                      DL_TAG_thead, DL_TAG_tr)) {
            b->ptext.len = 0;
            b->ptext_nonws = 0;
            b->original_mode = b->mode;
            b->mode = M_IN_TABLE_TEXT;
            return 1;
        }
        return TB_STEP_IN_BODY_FOSTERED;
    }
    case DL_TOK_COMMENT:
        return tb_insert_comment(b, t, NULL);
    case DL_TOK_DOCTYPE:
        return 0;
    case DL_TOK_START_TAG:
        switch (t->atom) {
        case DL_TAG_caption:
            clear_to_table_context(b);
            if (tb_afe_push_marker(b)) return -1;
            if (!tb_insert_html(b, t)) return -1;
            b->mode = M_IN_CAPTION;
            return 0;
        case DL_TAG_colgroup:
            clear_to_table_context(b);
            if (!tb_insert_html(b, t)) return -1;
            b->mode = M_IN_COLUMN_GROUP;
            return 0;
        case DL_TAG_col:
            clear_to_table_context(b);
            if (!tb_insert_html_atom(b, DL_TAG_colgroup)) return -1;
            b->mode = M_IN_COLUMN_GROUP;
            return 1;
        case DL_TAG_tbody: case DL_TAG_tfoot: case DL_TAG_thead:
            clear_to_table_context(b);
            if (!tb_insert_html(b, t)) return -1;
            b->mode = M_IN_TABLE_BODY;
            return 0;
        case DL_TAG_td: case DL_TAG_th: case DL_TAG_tr:
            clear_to_table_context(b);
            if (!tb_insert_html_atom(b, DL_TAG_tbody)) return -1;
            b->mode = M_IN_TABLE_BODY;
            return 1;
        case DL_TAG_table:
            if (!tb_in_scope(b, DL_TAG_table, SCOPE_TABLE)) return 0;
            tb_pop_until_atom(b, DL_TAG_table);
            tb_reset_mode(b);
            return 1;
        case DL_TAG_style: case DL_TAG_script: case DL_TAG_template:
            return TB_USING(M_IN_HEAD);
        case DL_TAG_input: {
            const dl_token_attr *ty = tok_attr(t, "type");
            if (!ty || !ieq(ty->value, "hidden")) break;
            return insert_void(b, t);
        }
        case DL_TAG_form:
            if (template_on_stack(b) || b->form_el) return 0;
            b->form_el = tb_insert_html(b, t);
            if (!b->form_el) return -1;
            tb_pop_self_closed(b);
            return 0;
        default:
            break;
        }
        break;
    case DL_TOK_END_TAG:
        switch (t->atom) {
        case DL_TAG_table: {
            if (!tb_in_scope(b, DL_TAG_table, SCOPE_TABLE)) return 0;
            for (dl_node *n; (n = tb_current(b));) {
                tb_pop(b);
                if (tb_is_html(n, DL_TAG_table)) {
                    tb_close_explicit(n, t);
                    break;
                }
            }
            tb_reset_mode(b);
            return 0;
        }
        case DL_TAG_body: case DL_TAG_caption: case DL_TAG_col: case DL_TAG_colgroup: case DL_TAG_html:
        case DL_TAG_tbody: case DL_TAG_td: case DL_TAG_tfoot: case DL_TAG_th: case DL_TAG_thead: case DL_TAG_tr:
            return 0;
        case DL_TAG_template:
            return TB_USING(M_IN_HEAD);
        default:
            break;
        }
        break;
    case DL_TOK_EOF:
        return TB_USING(M_IN_BODY);
    }
    return TB_STEP_IN_BODY_FOSTERED;
}

static int ptext_add(tb *b, const char *p, size_t n) { return dl_buf_append(&b->ptext, p, n) < 0 ? tb_oom(b) : 0; }

static int flush_table_text(tb *b) {
    if (!b->ptext.len) return 0;
    int r;
    /* Whitespace between table tags is common: when the pending text is one slice of the source the
     * text node keeps pointing into it. */
    const char *text = b->ptext_contig ? b->ptext_src : b->ptext.data;
    b->span_override = 1;
    b->span_start = b->ptext_start;
    b->span_end = b->ptext_end;
    if (b->ptext_nonws) {
        /* Non-whitespace table text is foster-parented, as the "in table" anything-else rule says. */
        b->foster = 1;
        r = tb_reconstruct(b);
        if (!r) r = tb_insert_chars(b, text, b->ptext.len);
        b->foster = 0;
        b->frameset_ok = 0;
    } else {
        r = tb_insert_chars(b, text, b->ptext.len);
    }
    b->span_override = 0;
    b->ptext.len = 0;
    b->ptext_nonws = 0;
    return r;
}

/* The "in table text" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intabletext */
int tb_mode_in_table_text(tb *b, tb_token *t) {
    if (CHARS(t)) {
        const char *p = t->data.ptr;
        size_t n = t->data.len, i = 0;
        if (p[0] == '\0') {
            while (i < n && p[i] == '\0') i++;
            consume(t, i);
            return 0;
        }
        while (i < n && p[i] != '\0') {
            if (!tb_ws((unsigned char)p[i])) b->ptext_nonws = 1;
            i++;
        }
        uint64_t s = tb_in_source(b, p) ? (uint64_t)(p - b->doc->source) : t->start;
        uint64_t e = tb_in_source(b, p) ? s + i : t->end;
        if (!b->ptext.len) {
            b->ptext_src = tb_in_source(b, p) ? p : NULL;
            b->ptext_contig = b->ptext_src != NULL;
            b->ptext_start = s;
        } else if (b->ptext_contig && b->ptext_src + b->ptext.len != p) {
            b->ptext_contig = 0;
        }
        b->ptext_end = e;
        if (ptext_add(b, p, i)) return -1;
        consume(t, i);
        return 0;
    }
    if (flush_table_text(b)) return -1;
    b->mode = b->original_mode;
    return 1;
}

static int close_caption(tb *b, const tb_token *t) {
    if (!tb_in_scope(b, DL_TAG_caption, SCOPE_TABLE)) return 0;
    tb_generate_implied(b, 0);
    for (dl_node *n; (n = tb_current(b));) {
        tb_pop(b);
        if (tb_is_html(n, DL_TAG_caption)) {
            tb_close_explicit(n, t);
            break;
        }
    }
    tb_afe_clear_to_marker(b);
    b->mode = M_IN_TABLE;
    return 1;
}

/* The "in caption" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-incaption */
int tb_mode_in_caption(tb *b, tb_token *t) {
    if (END(t) && t->atom == DL_TAG_caption) {
        close_caption(b, t);
        return 0;
    }
    if ((START(t) && IN(t->atom, DL_TAG_caption, DL_TAG_col, DL_TAG_colgroup, DL_TAG_tbody, DL_TAG_td, DL_TAG_tfoot,
                        DL_TAG_th, DL_TAG_thead, DL_TAG_tr)) ||
        (END(t) && t->atom == DL_TAG_table))
        return close_caption(b, NULL);
    if (END(t) && IN(t->atom, DL_TAG_body, DL_TAG_col, DL_TAG_colgroup, DL_TAG_html, DL_TAG_tbody, DL_TAG_td,
                     DL_TAG_tfoot, DL_TAG_th, DL_TAG_thead, DL_TAG_tr))
        return 0;
    return TB_USING(M_IN_BODY);
}

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
    return 1;
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
        return 1;
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
        return 1;
    }
    if (END(t) && IN(t->atom, DL_TAG_body, DL_TAG_caption, DL_TAG_col, DL_TAG_colgroup, DL_TAG_html, DL_TAG_td,
                     DL_TAG_th, DL_TAG_tr))
        return 0;
    return TB_USING(M_IN_TABLE);
}

/* The "in row" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-intr */
int tb_mode_in_row(tb *b, tb_token *t) {
    if (START(t) && (t->atom == DL_TAG_th || t->atom == DL_TAG_td)) {
        clear_to_row_context(b);
        if (!tb_insert_html(b, t)) return -1;
        b->mode = M_IN_CELL;
        return tb_afe_push_marker(b);
    }
    if (END(t) && t->atom == DL_TAG_tr) {
        if (!tb_in_scope(b, DL_TAG_tr, SCOPE_TABLE)) return 0;
        clear_to_row_context(b);
        dl_node *c = tb_current(b);
        tb_pop(b);
        tb_close_explicit(c, t);
        b->mode = M_IN_TABLE_BODY;
        return 0;
    }
    if ((START(t) && IN(t->atom, DL_TAG_caption, DL_TAG_col, DL_TAG_colgroup, DL_TAG_tbody, DL_TAG_tfoot,
                        DL_TAG_thead, DL_TAG_tr)) ||
        (END(t) && t->atom == DL_TAG_table)) {
        if (!tb_in_scope(b, DL_TAG_tr, SCOPE_TABLE)) return 0;
        clear_to_row_context(b);
        tb_pop(b);
        b->mode = M_IN_TABLE_BODY;
        return 1;
    }
    if (END(t) && IN(t->atom, DL_TAG_tbody, DL_TAG_tfoot, DL_TAG_thead)) {
        if (!tb_in_scope(b, t->atom, SCOPE_TABLE)) return 0;
        if (!tb_in_scope(b, DL_TAG_tr, SCOPE_TABLE)) return 0;
        clear_to_row_context(b);
        tb_pop(b);
        b->mode = M_IN_TABLE_BODY;
        return 1;
    }
    if (END(t) && IN(t->atom, DL_TAG_body, DL_TAG_caption, DL_TAG_col, DL_TAG_colgroup, DL_TAG_html, DL_TAG_td,
                     DL_TAG_th))
        return 0;
    return TB_USING(M_IN_TABLE);
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
        return 1;
    }
    if (END(t) && IN(t->atom, DL_TAG_body, DL_TAG_caption, DL_TAG_col, DL_TAG_colgroup, DL_TAG_html)) return 0;
    if (END(t) && IN(t->atom, DL_TAG_table, DL_TAG_tbody, DL_TAG_tfoot, DL_TAG_thead, DL_TAG_tr)) {
        if (!tb_in_scope(b, t->atom, SCOPE_TABLE)) return 0;
        close_cell(b);
        return 1;
    }
    return TB_USING(M_IN_BODY);
}

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
