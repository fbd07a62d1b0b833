/* The "in table" and "in table text" insertion modes (HTML Standard 13.2.6.4.9-10): table structure, and
 * the character tokens met in a table, held back until the next other token decides whether they are
 * foster-parented. */
#include <string.h>

#include "tree/modes/modes.h"

/* "Clear the stack back to a table context": pop elements while the current node is not a table,
 * template or html element. */
static void clear_to_table_context(tb *b) {
    for (dl_node *n; (n = tb_current(b)) && !(tb_is_html(n, DL_TAG_table) || tb_is_html(n, DL_TAG_template) ||
                                              tb_is_html(n, DL_TAG_html));)
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
            return TB_STEP_REPROCESS;
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
            return TB_STEP_REPROCESS;
        case DL_TAG_tbody: case DL_TAG_tfoot: case DL_TAG_thead:
            clear_to_table_context(b);
            if (!tb_insert_html(b, t)) return -1;
            b->mode = M_IN_TABLE_BODY;
            return 0;
        case DL_TAG_td: case DL_TAG_th: case DL_TAG_tr:
            clear_to_table_context(b);
            if (!tb_insert_html_atom(b, DL_TAG_tbody)) return -1;
            b->mode = M_IN_TABLE_BODY;
            return TB_STEP_REPROCESS;
        case DL_TAG_table:
            if (!tb_in_scope(b, DL_TAG_table, SCOPE_TABLE)) return 0;
            tb_pop_until_atom(b, DL_TAG_table);
            tb_reset_mode(b);
            return TB_STEP_REPROCESS;
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

/* "In table text", anything else: if any of the pending table character tokens is not ASCII
 * whitespace, they are inserted as "in table"'s anything-else rule says (foster-parented, after
 * reconstructing the active formatting elements); otherwise they are inserted as usual. */
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
    return TB_STEP_REPROCESS;
}
