/* The rules for parsing tokens in foreign content (HTML Standard 13.2.6.5,
 * https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign). The name and attribute
 * adjustments and the integration points are in foreign_adjust.c. */
#include <string.h>

#include "tree/tb_internal.h"

static int breakout(const tb_token *t) {
    switch (t->atom) {
    case DL_TAG_b: case DL_TAG_big: case DL_TAG_blockquote: case DL_TAG_body: case DL_TAG_br: case DL_TAG_center:
    case DL_TAG_code: case DL_TAG_dd: case DL_TAG_div: case DL_TAG_dl: case DL_TAG_dt: case DL_TAG_em:
    case DL_TAG_embed: case DL_TAG_h1: case DL_TAG_h2: case DL_TAG_h3: case DL_TAG_h4: case DL_TAG_h5:
    case DL_TAG_h6: case DL_TAG_head: case DL_TAG_hr: case DL_TAG_i: case DL_TAG_img: case DL_TAG_li:
    case DL_TAG_listing: case DL_TAG_menu: case DL_TAG_meta: case DL_TAG_nobr: case DL_TAG_ol: case DL_TAG_p:
    case DL_TAG_pre: case DL_TAG_ruby: case DL_TAG_s: case DL_TAG_small: case DL_TAG_span: case DL_TAG_strong:
    case DL_TAG_strike: case DL_TAG_sub: case DL_TAG_sup: case DL_TAG_table: case DL_TAG_tt: case DL_TAG_u:
    case DL_TAG_ul: case DL_TAG_var:
        return 1;
    case DL_TAG_font:
        for (size_t i = 0; i < t->nattrs; i++) {
            dl_slice n = t->attrs[i].name;
            if ((n.len == 5 && memcmp(n.ptr, "color", 5) == 0) || (n.len == 4 && memcmp(n.ptr, "face", 4) == 0) ||
                (n.len == 4 && memcmp(n.ptr, "size", 4) == 0))
                return 1;
        }
        return 0;
    default:
        return 0;
    }
}

static void pop_to_html_content(tb *b) {
    for (dl_node *n; (n = tb_current(b)) && !(n->ns == DL_NS_HTML || tb_is_mathml_text_ip(n) || tb_is_html_ip(n));)
        tb_pop(b);
}

/* Returns TB_STEP_DONE, or TB_STEP_USING_CURRENT when the token is for the current insertion mode's rules. */
int tb_foreign_token(tb *b, tb_token *t) {
    switch (t->type) {
    case DL_TOK_CHARACTER: {
        const char *p = t->data.ptr;
        size_t n = t->data.len, i = 0;
        if (p[0] == '\0') {
            while (i < n && p[i] == '\0') {
                if (tb_insert_chars(b, "\xEF\xBF\xBD", 3)) return -1;
                i++;
            }
        } else {
            while (i < n && p[i] != '\0') {
                if (!tb_ws((unsigned char)p[i])) b->frameset_ok = 0;
                i++;
            }
            if (tb_insert_chars(b, p, i)) return -1;
        }
        t->data.ptr += i;
        t->data.len -= i;
        return 0;
    }
    case DL_TOK_COMMENT:
        return tb_insert_comment(b, t, NULL);
    case DL_TOK_DOCTYPE:
        return 0;
    case DL_TOK_START_TAG: {
        if (breakout(t)) {
            pop_to_html_content(b);
            return TB_STEP_USING_CURRENT;
        }
        dl_node *acn = tb_adjusted_current(b);
        dl_node *el = tb_insert_foreign(b, t, acn->ns, 0);
        if (!el) return -1;
        if (t->self_closing) tb_pop_self_closed(b);
        return 0;
    }
    case DL_TOK_END_TAG: {
        if (t->atom == DL_TAG_br || t->atom == DL_TAG_p) {
            pop_to_html_content(b);
            return TB_STEP_USING_CURRENT;
        }
        dl_node *cur = tb_current(b);
        if (t->atom == DL_TAG_script && cur->ns == DL_NS_SVG && cur->atom == DL_TAG_script) {
            tb_pop(b);
            tb_close_explicit(cur, t);
            return 0;
        }
        /* The spec walks down from the current node while nodes are foreign, comparing names
         * case-insensitively; it stops at the first HTML element (then the HTML rules apply). The
         * candidates are the foreign elements named like the token, in lower case or in SVG's case. */
        if (b->depth <= 1) return 0; /* fragment case: the current node is the root */
        uint32_t h = tb_top_html_element(b); /* topmost HTML element (1-based) */
        uint32_t c = tb_top_foreign(b, t->atom);
        uint32_t camel = tb_svg_tag_atom_if_known(b, t);
        if (camel != t->atom) {
            uint32_t c2 = tb_top_foreign(b, camel);
            if (c2 > c) c = c2;
        }
        if (c > h && c > 1) {
            dl_node *node = b->stack[c - 1];
            tb_pop_until(b, node);
            tb_close_explicit(node, t);
            return 0;
        }
        if (h == 0) return 0;
        return TB_STEP_USING_CURRENT;
    }
    default:
        return TB_STEP_USING_CURRENT;
    }
}
