/* The "in body" insertion mode (HTML Standard 13.2.6.4.7), with its "any other end tag" steps and the
 * merge of a repeated <html> or <body> start tag's attributes. */
#include <stdlib.h>
#include <string.h>

#include "tree/modes/modes.h"

static uint32_t name_hash(const char *p, size_t n) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)p[i]) * 16777619u;
    return h;
}

/* The slot of name in m's index: the attribute's slot, or the empty slot where it would go. */
static uint32_t *merge_slot(const tb_merge *m, const dl_node *el, const char *p, size_t n) {
    uint32_t mask = m->nindex - 1;
    for (uint32_t i = name_hash(p, n) & mask;; i = (i + 1) & mask) {
        uint32_t *s = &m->index[i];
        if (!*s) return s;
        const dl_attr *a = &el->u.element.attrs[*s - 1];
        if (a->name.len == n && memcmp(a->name.ptr, p, n) == 0) return s;
    }
}

/* Index el's attributes [0, count) into a table of at least 2 * need slots. */
static int merge_reindex(tb *b, tb_merge *m, const dl_node *el, uint32_t count, size_t need) {
    size_t ns = 16;
    while (ns < 2 * need) {
        if (ns > UINT32_MAX / 4) return tb_oom(b);
        ns *= 2;
    }
    if (ns <= m->nindex) return 0;
    uint32_t *ix = calloc(ns, sizeof(uint32_t));
    if (!ix) return tb_oom(b);
    free(m->index);
    m->index = ix;
    m->nindex = (uint32_t)ns;
    for (uint32_t k = 0; k < count; k++) {
        const dl_str nm = el->u.element.attrs[k].name;
        uint32_t *s = merge_slot(m, el, nm.ptr, nm.len);
        if (!*s) *s = k + 1;
    }
    return 0;
}

/* Attributes of a repeated <html> or <body> start tag that the element lacks are added to it.
 * The straightforward merge (a new array of old + new attributes, and a scan of the element's
 * attributes per new one) costs what the element already holds on every tag, so n tags of one
 * attribute each cost O(n^2) time and arena: 24,000 "<html a{i}>" asked for gigabytes. Here the
 * array grows geometrically (copies and the arena's dead arrays sum to O(final size)) and a hash
 * index over the names answers "has it this attribute?" in O(1), so a tag costs what it adds. */
static int merge_attrs(tb *b, dl_node *el, const tb_token *t) {
    if (!t->nattrs) return 0;
    tb_merge *m = &b->merge[el == b->stack[0] ? 0 : 1];
    if (m->el != el) {
        /* First merge into this element: the array it has is exactly full. */
        m->el = el;
        m->cap = el->u.element.nattrs;
        m->nindex = 0;
    }
    uint32_t n = el->u.element.nattrs;
    if (t->nattrs > UINT32_MAX / 2 - n) return tb_oom(b);
    size_t need = (size_t)n + t->nattrs;
    if (merge_reindex(b, m, el, n, need)) return -1;
    if (need > m->cap) {
        size_t cap = m->cap ? m->cap : 4;
        while (cap < need) cap *= 2;
        if (cap > UINT32_MAX / 2) cap = need;
        dl_attr *na = dl_arena_alloc(&b->doc->arena, cap * sizeof(dl_attr));
        if (!na) return tb_oom(b);
        if (n) memcpy(na, el->u.element.attrs, n * sizeof(dl_attr));
        el->u.element.attrs = na;
        m->cap = (uint32_t)cap;
    }
    dl_attr *na = el->u.element.attrs;
    for (size_t i = 0; i < t->nattrs; i++) {
        dl_slice nm = t->attrs[i].name;
        uint32_t *slot = merge_slot(m, el, nm.ptr, nm.len);
        if (*slot) continue; /* the element has it, or an earlier attribute of this tag added it */
        char *name = dl_arena_strndup(&b->doc->arena, nm.ptr, nm.len);
        char *val = dl_arena_strndup(&b->doc->arena, t->attrs[i].value.ptr, t->attrs[i].value.len);
        if (!name || !val) return tb_oom(b);
        na[n].name.ptr = name;
        na[n].name.len = nm.len;
        na[n].value.ptr = val;
        na[n].value.len = t->attrs[i].value.len;
        na[n].ns = DL_ATTR_NS_NONE;
        *slot = ++n;
        el->u.element.nattrs = n;
    }
    return 0;
}

/* "In body", any other end tag: 1. initialize node to be the current node; 2. loop: if node is an HTML
 * element with the token's tag name, then 2.1 generate implied end tags, except for HTML elements with
 * that tag name; 2.2 (a parse error if node is not the current node); 2.3 pop all the nodes from the
 * current node up to node, including node, then stop. 3. Otherwise, if node is in the special category,
 * ignore the token (a parse error) and stop. 4. Set node to the previous entry in the stack and return
 * to the step labeled loop.
 * The walk stops at the first element of that name or the first special element: so the end tag
 * applies exactly when the topmost element of that name is at or above the topmost special element,
 * which the stack's slots answer in O(1). */
static void any_other_end_tag(tb *b, const tb_token *t) {
    uint32_t x = tb_top_html(b, t->atom);
    if (!x || !b->depth || b->slots[b->depth - 1].special > x) return;
    dl_node *node = b->stack[x - 1];
    tb_generate_implied(b, t->atom);
    tb_pop_until(b, node);
    tb_close_explicit(node, t);
}

/* The "in body" insertion mode's start tags (https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody). */
static int body_start(tb *b, tb_token *t) {
    switch (t->atom) {
    case DL_TAG_html:
        if (template_on_stack(b)) return 0;
        return merge_attrs(b, b->stack[0], t);
    case DL_TAG_base: case DL_TAG_basefont: case DL_TAG_bgsound: case DL_TAG_link: case DL_TAG_meta:
    case DL_TAG_noframes: case DL_TAG_script: case DL_TAG_style: case DL_TAG_template: case DL_TAG_title:
        return TB_USING(M_IN_HEAD);
    case DL_TAG_body:
        if (b->depth < 2 || !tb_is_html(b->stack[1], DL_TAG_body) || template_on_stack(b)) return 0;
        b->frameset_ok = 0;
        return merge_attrs(b, b->stack[1], t);
    case DL_TAG_frameset:
        if (b->depth < 2 || !tb_is_html(b->stack[1], DL_TAG_body) || !b->frameset_ok) return 0;
        dl_node_remove(b->stack[1]);
        while (b->depth > 1) tb_pop(b);
        if (!tb_insert_html(b, t)) return -1;
        b->mode = M_IN_FRAMESET;
        return 0;
    case DL_TAG_address: case DL_TAG_article: case DL_TAG_aside: case DL_TAG_blockquote: case DL_TAG_center:
    case DL_TAG_details: case DL_TAG_dialog: case DL_TAG_dir: case DL_TAG_div: case DL_TAG_dl:
    case DL_TAG_fieldset: case DL_TAG_figcaption: case DL_TAG_figure: case DL_TAG_footer: case DL_TAG_header:
    case DL_TAG_hgroup: case DL_TAG_main: case DL_TAG_menu: case DL_TAG_nav: case DL_TAG_ol: case DL_TAG_p:
    case DL_TAG_search: case DL_TAG_section: case DL_TAG_summary: case DL_TAG_ul:
        if (tb_in_scope(b, DL_TAG_p, SCOPE_BUTTON)) tb_close_p(b);
        return tb_insert_html(b, t) ? 0 : -1;
    case DL_TAG_h1: case DL_TAG_h2: case DL_TAG_h3: case DL_TAG_h4: case DL_TAG_h5: case DL_TAG_h6: {
        if (tb_in_scope(b, DL_TAG_p, SCOPE_BUTTON)) tb_close_p(b);
        dl_node *c = tb_current(b);
        if (c->ns == DL_NS_HTML && c->atom >= DL_TAG_h1 && c->atom <= DL_TAG_h6) tb_pop(b);
        return tb_insert_html(b, t) ? 0 : -1;
    }
    case DL_TAG_pre: case DL_TAG_listing:
        if (tb_in_scope(b, DL_TAG_p, SCOPE_BUTTON)) tb_close_p(b);
        if (!tb_insert_html(b, t)) return -1;
        b->skip_lf = 1;
        b->frameset_ok = 0;
        return 0;
    case DL_TAG_form: {
        int tpl = template_on_stack(b);
        if (b->form_el && !tpl) return 0;
        if (tb_in_scope(b, DL_TAG_p, SCOPE_BUTTON)) tb_close_p(b);
        dl_node *f = tb_insert_html(b, t);
        if (!f) return -1;
        if (!tpl) b->form_el = f;
        return 0;
    }
    case DL_TAG_li: case DL_TAG_dd: case DL_TAG_dt: {
        b->frameset_ok = 0;
        /* "A start tag whose tag name is one of li, dd, dt": step 1, frameset-ok "not ok"; steps 2-5,
         * the walk down the stack from the current node ("loop"): an li (for <li>) or a dd/dt (for
         * <dd>/<dt>) is closed (generate implied end tags except for it, pop until it has been popped);
         * the walk passes non-special elements and address/div/p and stops at any other special
         * element. li, dd and dt are special, so the nearest of them below the first other special
         * element is the only one that can match: the stack keeps its index (slots[].bli), and the walk
         * is one look-up. Step 6 ("done"): close a p element in button scope; step 7, insert. */
        uint32_t s = b->depth ? b->slots[b->depth - 1].bli : 0;
        if (s) {
            dl_node *node = b->stack[s - 1];
            uint32_t close = 0;
            if (t->atom == DL_TAG_li && tb_is_html(node, DL_TAG_li)) close = DL_TAG_li;
            if (t->atom != DL_TAG_li && (tb_is_html(node, DL_TAG_dd) || tb_is_html(node, DL_TAG_dt))) close = node->atom;
            if (close) {
                tb_generate_implied(b, close);
                tb_pop_until_atom(b, close);
            }
        }
        if (tb_in_scope(b, DL_TAG_p, SCOPE_BUTTON)) tb_close_p(b);
        return tb_insert_html(b, t) ? 0 : -1;
    }
    case DL_TAG_plaintext:
        if (tb_in_scope(b, DL_TAG_p, SCOPE_BUTTON)) tb_close_p(b);
        if (!tb_insert_html(b, t)) return -1;
        if (b->tz) dl_tokenizer_set_state(b->tz, DL_TSTATE_PLAINTEXT);
        return 0;
    case DL_TAG_button:
        if (tb_in_scope(b, DL_TAG_button, SCOPE_DEFAULT)) {
            tb_generate_implied(b, 0);
            tb_pop_until_atom(b, DL_TAG_button);
        }
        if (tb_reconstruct(b)) return -1;
        if (!tb_insert_html(b, t)) return -1;
        b->frameset_ok = 0;
        return 0;
    case DL_TAG_a: {
        for (size_t i = b->nafe; i-- > 0;) {
            dl_node *e = b->afe[i];
            if (!e) break;
            if (tb_is_html(e, DL_TAG_a)) {
                tb_token end = *t;
                end.type = DL_TOK_END_TAG;
                end.raw = NULL;
                end.nattrs = 0;
                int r = tb_adoption(b, &end);
                if (r < 0) return -1;
                if (r == 1) any_other_end_tag(b, &end);
                tb_afe_remove(b, e);
                tb_remove_from_stack(b, e);
                break;
            }
        }
        if (tb_reconstruct(b)) return -1;
        dl_node *el = tb_insert_html(b, t);
        if (!el) return -1;
        return tb_afe_push(b, el);
    }
    case DL_TAG_b: case DL_TAG_big: case DL_TAG_code: case DL_TAG_em: case DL_TAG_font: case DL_TAG_i:
    case DL_TAG_s: case DL_TAG_small: case DL_TAG_strike: case DL_TAG_strong: case DL_TAG_tt: case DL_TAG_u: {
        if (tb_reconstruct(b)) return -1;
        dl_node *el = tb_insert_html(b, t);
        if (!el) return -1;
        return tb_afe_push(b, el);
    }
    case DL_TAG_nobr: {
        if (tb_reconstruct(b)) return -1;
        if (tb_in_scope(b, DL_TAG_nobr, SCOPE_DEFAULT)) {
            tb_token end = *t;
            end.type = DL_TOK_END_TAG;
            end.raw = NULL;
            end.nattrs = 0;
            int r = tb_adoption(b, &end);
            if (r < 0) return -1;
            if (r == 1) any_other_end_tag(b, &end);
            if (tb_reconstruct(b)) return -1;
        }
        dl_node *el = tb_insert_html(b, t);
        if (!el) return -1;
        return tb_afe_push(b, el);
    }
    case DL_TAG_applet: case DL_TAG_marquee: case DL_TAG_object:
        if (tb_reconstruct(b)) return -1;
        if (!tb_insert_html(b, t)) return -1;
        if (tb_afe_push_marker(b)) return -1;
        b->frameset_ok = 0;
        return 0;
    case DL_TAG_table:
        if (b->doc->quirks != DL_QUIRKS_FULL && tb_in_scope(b, DL_TAG_p, SCOPE_BUTTON)) tb_close_p(b);
        if (!tb_insert_html(b, t)) return -1;
        b->frameset_ok = 0;
        b->mode = M_IN_TABLE;
        return 0;
    case DL_TAG_area: case DL_TAG_br: case DL_TAG_embed: case DL_TAG_img: case DL_TAG_keygen: case DL_TAG_wbr:
        if (tb_reconstruct(b)) return -1;
        if (insert_void(b, t)) return -1;
        b->frameset_ok = 0;
        return 0;
    case DL_TAG_input: {
        if (b->context && tb_is_html(b->context, DL_TAG_select)) return 0;
        if (tb_in_scope(b, DL_TAG_select, SCOPE_DEFAULT)) tb_pop_until_atom(b, DL_TAG_select);
        if (tb_reconstruct(b)) return -1;
        if (insert_void(b, t)) return -1;
        const dl_token_attr *ty = tok_attr(t, "type");
        if (!ty || !ieq(ty->value, "hidden")) b->frameset_ok = 0;
        return 0;
    }
    case DL_TAG_param: case DL_TAG_source: case DL_TAG_track:
        return insert_void(b, t);
    case DL_TAG_hr:
        if (tb_in_scope(b, DL_TAG_p, SCOPE_BUTTON)) tb_close_p(b);
        if (tb_in_scope(b, DL_TAG_select, SCOPE_DEFAULT)) tb_generate_implied(b, 0);
        if (insert_void(b, t)) return -1;
        b->frameset_ok = 0;
        return 0;
    case DL_TAG_image:
        t->atom = DL_TAG_img;
        t->name.ptr = "img";
        t->name.len = 3;
        return TB_STEP_REPROCESS;
    case DL_TAG_textarea:
        if (!tb_insert_html(b, t)) return -1;
        b->skip_lf = 1;
        if (b->tz) dl_tokenizer_set_state(b->tz, DL_TSTATE_RCDATA);
        b->original_mode = b->mode;
        b->frameset_ok = 0;
        b->mode = M_TEXT;
        return 0;
    case DL_TAG_xmp:
        if (tb_in_scope(b, DL_TAG_p, SCOPE_BUTTON)) tb_close_p(b);
        if (tb_reconstruct(b)) return -1;
        b->frameset_ok = 0;
        return generic_text_element(b, t, DL_TSTATE_RAWTEXT);
    case DL_TAG_iframe:
        b->frameset_ok = 0;
        return generic_text_element(b, t, DL_TSTATE_RAWTEXT);
    case DL_TAG_noembed:
        return generic_text_element(b, t, DL_TSTATE_RAWTEXT);
    case DL_TAG_noscript:
        if (b->scripting) return generic_text_element(b, t, DL_TSTATE_RAWTEXT);
        break;
    case DL_TAG_select:
        /* The customizable-select parser: no "in select" insertion mode; a nested select closes the
         * open one, and a select context ignores it. */
        if (b->context && tb_is_html(b->context, DL_TAG_select)) return 0;
        if (tb_in_scope(b, DL_TAG_select, SCOPE_DEFAULT)) {
            tb_pop_until_atom(b, DL_TAG_select);
            return 0;
        }
        if (tb_reconstruct(b)) return -1;
        if (!tb_insert_html(b, t)) return -1;
        b->frameset_ok = 0;
        return 0;
    case DL_TAG_optgroup: case DL_TAG_option:
        if (tb_in_scope(b, DL_TAG_select, SCOPE_DEFAULT)) tb_generate_implied(b, t->atom == DL_TAG_option ? DL_TAG_optgroup : 0);
        else if (tb_is_html(tb_current(b), DL_TAG_option)) tb_pop(b);
        if (tb_reconstruct(b)) return -1;
        return tb_insert_html(b, t) ? 0 : -1;
    case DL_TAG_rb: case DL_TAG_rtc:
        if (tb_in_scope(b, DL_TAG_ruby, SCOPE_DEFAULT)) tb_generate_implied(b, 0);
        return tb_insert_html(b, t) ? 0 : -1;
    case DL_TAG_rp: case DL_TAG_rt:
        if (tb_in_scope(b, DL_TAG_ruby, SCOPE_DEFAULT)) tb_generate_implied(b, DL_TAG_rtc);
        return tb_insert_html(b, t) ? 0 : -1;
    case DL_TAG_math: case DL_TAG_svg:
        if (tb_reconstruct(b)) return -1;
        if (!tb_insert_foreign(b, t, t->atom == DL_TAG_math ? DL_NS_MATHML : DL_NS_SVG, 0)) return -1;
        if (t->self_closing) tb_pop_self_closed(b);
        return 0;
    case DL_TAG_caption: case DL_TAG_col: case DL_TAG_colgroup: case DL_TAG_frame: case DL_TAG_head:
    case DL_TAG_tbody: case DL_TAG_td: case DL_TAG_tfoot: case DL_TAG_th: case DL_TAG_thead: case DL_TAG_tr:
        return 0;
    default:
        break;
    }
    if (tb_reconstruct(b)) return -1;
    return tb_insert_html(b, t) ? 0 : -1;
}

/* The "in body" insertion mode's end tags (https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody). */
static int body_end(tb *b, tb_token *t) {
    switch (t->atom) {
    case DL_TAG_template:
        return TB_USING(M_IN_HEAD);
    case DL_TAG_body:
        if (!tb_in_scope(b, DL_TAG_body, SCOPE_DEFAULT)) return 0;
        b->body_end = t->end;
        b->mode = M_AFTER_BODY;
        return 0;
    case DL_TAG_html:
        if (!tb_in_scope(b, DL_TAG_body, SCOPE_DEFAULT)) return 0;
        b->mode = M_AFTER_BODY;
        return TB_STEP_REPROCESS;
    case DL_TAG_address: case DL_TAG_article: case DL_TAG_aside: case DL_TAG_blockquote: case DL_TAG_button:
    case DL_TAG_center: case DL_TAG_details: case DL_TAG_dialog: case DL_TAG_dir: case DL_TAG_div: case DL_TAG_dl:
    case DL_TAG_fieldset: case DL_TAG_figcaption: case DL_TAG_figure: case DL_TAG_footer: case DL_TAG_header:
    case DL_TAG_hgroup: case DL_TAG_listing: case DL_TAG_main: case DL_TAG_menu: case DL_TAG_nav: case DL_TAG_ol:
    case DL_TAG_pre: case DL_TAG_search: case DL_TAG_section: case DL_TAG_select: case DL_TAG_summary:
    case DL_TAG_ul: {
        if (!tb_in_scope(b, t->atom, SCOPE_DEFAULT)) return 0;
        tb_generate_implied(b, 0);
        for (dl_node *n; (n = tb_current(b));) {
            tb_pop(b);
            if (tb_is_html(n, t->atom)) {
                tb_close_explicit(n, t);
                break;
            }
        }
        return 0;
    }
    case DL_TAG_form: {
        if (!template_on_stack(b)) {
            dl_node *node = b->form_el;
            b->form_el = NULL;
            if (!node || !tb_node_in_scope(b, node, SCOPE_DEFAULT)) return 0;
            tb_generate_implied(b, 0);
            tb_remove_from_stack(b, node);
            tb_close_explicit(node, t);
            return 0;
        }
        if (!tb_in_scope(b, DL_TAG_form, SCOPE_DEFAULT)) return 0;
        tb_generate_implied(b, 0);
        for (dl_node *n; (n = tb_current(b));) {
            tb_pop(b);
            if (tb_is_html(n, DL_TAG_form)) {
                tb_close_explicit(n, t);
                break;
            }
        }
        return 0;
    }
    case DL_TAG_p: {
        if (!tb_in_scope(b, DL_TAG_p, SCOPE_BUTTON)) {
            if (!tb_insert_html_atom(b, DL_TAG_p)) return -1;
        }
        tb_generate_implied(b, DL_TAG_p);
        for (dl_node *n; (n = tb_current(b));) {
            tb_pop(b);
            if (tb_is_html(n, DL_TAG_p)) {
                tb_close_explicit(n, t);
                break;
            }
        }
        return 0;
    }
    case DL_TAG_li: case DL_TAG_dd: case DL_TAG_dt: {
        if (!tb_in_scope(b, t->atom, t->atom == DL_TAG_li ? SCOPE_LIST : SCOPE_DEFAULT)) return 0;
        tb_generate_implied(b, t->atom);
        for (dl_node *n; (n = tb_current(b));) {
            tb_pop(b);
            if (tb_is_html(n, t->atom)) {
                tb_close_explicit(n, t);
                break;
            }
        }
        return 0;
    }
    case DL_TAG_h1: case DL_TAG_h2: case DL_TAG_h3: case DL_TAG_h4: case DL_TAG_h5: case DL_TAG_h6: {
        if (!tb_heading_in_scope(b)) return 0;
        tb_generate_implied(b, 0);
        for (dl_node *n; (n = tb_current(b));) {
            tb_pop(b);
            if (n->ns == DL_NS_HTML && n->atom >= DL_TAG_h1 && n->atom <= DL_TAG_h6) {
                if (n->atom == t->atom) tb_close_explicit(n, t);
                break;
            }
        }
        return 0;
    }
    case DL_TAG_a: case DL_TAG_b: case DL_TAG_big: case DL_TAG_code: case DL_TAG_em: case DL_TAG_font:
    case DL_TAG_i: case DL_TAG_nobr: case DL_TAG_s: case DL_TAG_small: case DL_TAG_strike: case DL_TAG_strong:
    case DL_TAG_tt: case DL_TAG_u: {
        int r = tb_adoption(b, t);
        if (r < 0) return -1;
        if (r == 1) any_other_end_tag(b, t);
        return 0;
    }
    case DL_TAG_applet: case DL_TAG_marquee: case DL_TAG_object: {
        if (!tb_in_scope(b, t->atom, SCOPE_DEFAULT)) return 0;
        tb_generate_implied(b, 0);
        for (dl_node *n; (n = tb_current(b));) {
            tb_pop(b);
            if (tb_is_html(n, t->atom)) {
                tb_close_explicit(n, t);
                break;
            }
        }
        tb_afe_clear_to_marker(b);
        return 0;
    }
    case DL_TAG_br: {
        tb_token st = *t;
        st.type = DL_TOK_START_TAG;
        st.nattrs = 0;
        st.attrs = NULL;
        if (tb_reconstruct(b)) return -1;
        if (!tb_insert_html(b, &st)) return -1;
        tb_pop_self_closed(b);
        b->frameset_ok = 0;
        return 0;
    }
    default:
        any_other_end_tag(b, t);
        return 0;
    }
}

/* The "in body" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inbody */
int tb_mode_in_body(tb *b, tb_token *t) {
    switch (t->type) {
    case DL_TOK_CHARACTER: {
        const char *p = t->data.ptr;
        size_t n = t->data.len, i = 0;
        if (p[0] == '\0') {
            while (i < n && p[i] == '\0') i++;
            consume(t, i);
            return 0;
        }
        /* memchr finds the run's end many bytes at a time; the whitespace test stops at the first
         * non-space, which in running text is the first byte, and is skipped once frameset-ok is off. */
        const char *z = memchr(p, '\0', n);
        i = z ? (size_t)(z - p) : n;
        if (b->frameset_ok) {
            for (size_t k = 0; k < i; k++) {
                if (!tb_ws((unsigned char)p[k])) {
                    b->frameset_ok = 0;
                    break;
                }
            }
        }
        if (tb_reconstruct(b)) return -1;
        if (tb_insert_chars(b, p, i)) return -1;
        consume(t, i);
        return 0;
    }
    case DL_TOK_COMMENT:
        return tb_insert_comment(b, t, NULL);
    case DL_TOK_DOCTYPE:
        return 0;
    case DL_TOK_START_TAG:
        return body_start(b, t);
    case DL_TOK_END_TAG:
        return body_end(b, t);
    case DL_TOK_EOF:
        if (b->ntmodes) return TB_USING(M_IN_TEMPLATE);
        stop_parsing(b);
        return 0;
    }
    return 0;
}
