/* The line writer shared by the plain-text and Markdown exporters (see layout.h). */
#include "serialize/layout.h"

#include "serialize/repeats.h"

#include <stdlib.h>
#include <string.h>

#define NO_SPACE SIZE_MAX

void dl_lw_init(dl_lw *lw, dl_htmlbuf *out, size_t width) {
    memset(lw, 0, sizeof(*lw));
    lw->out = out;
    lw->width = width;
    lw->need_prefix = 1;
    lw->line_start = lw->prefix_end = out->len;
    lw->last_space = NO_SPACE;
    dl_htmlbuf_init(&lw->scratch);
}

void dl_lw_free(dl_lw *lw) {
    free(lw->cont);
    free(lw->mark);
    dl_htmlbuf_free(&lw->scratch);
    lw->cont = NULL;
    lw->mark = NULL;
}

static void put_raw(dl_lw *lw, const char *s, size_t n) { dl_htmlbuf_append(lw->out, s, n); }

static size_t count_cps(const char *s, size_t n) {
    size_t c = 0;
    for (size_t i = 0; i < n; i++) c += ((unsigned char)s[i] & 0xC0) != 0x80;
    return c;
}

/* The code points s adds to the line's column: only wrapping reads the column, so without a width (the
 * width is fixed when the writer starts) nothing is counted. */
static size_t line_cps(const dl_lw *lw, const char *s, size_t n) { return lw->width ? count_cps(s, n) : 0; }

/* The prefix of a continuation line (every container's `rest`); for a blank line only the containers
 * already started, since a blank line before a new block quote belongs to the enclosing one. */
static void put_rest_prefix(dl_lw *lw, dl_htmlbuf *b, int started_only) {
    for (size_t i = 0; i < lw->ncont; i++)
        if (!started_only || lw->cont[i].used) dl_htmlbuf_append(b, lw->cont[i].rest, lw->cont[i].rest_len);
}

static void write_prefix(dl_lw *lw) {
    for (size_t i = 0; i < lw->ncont; i++) {
        dl_lw_container *c = &lw->cont[i];
        if (!c->used) {
            put_raw(lw, c->first, c->first_len);
            c->used = 1;
        } else {
            put_raw(lw, c->rest, c->rest_len);
        }
    }
    lw->need_prefix = 0;
    lw->prefix_end = lw->out->len;
    lw->col = line_cps(lw, lw->out->data ? lw->out->data + lw->line_start : "", lw->out->len - lw->line_start);
}

static void newline(dl_lw *lw, int trim) {
    dl_htmlbuf *o = lw->out;
    if (lw->need_prefix) {
        /* A blank line inside a block quote still needs its marker, or the quote would end here. */
        size_t at = o->len;
        put_rest_prefix(lw, o, 1);
        while (o->len > at && o->data[o->len - 1] == ' ') o->len--;
    } else if (trim && !lw->line_verbatim) {
        while (o->len > lw->prefix_end && o->data[o->len - 1] == ' ') o->len--;
    }
    put_raw(lw, "\n", 1);
    lw->need_prefix = 1;
    lw->line_start = lw->prefix_end = o->len;
    lw->col = 0;
    lw->last_space = NO_SPACE;
    lw->line_has_content = 0;
    lw->line_verbatim = 0;
    lw->nl_since_content++;
}

static void close_markers_for_break(dl_lw *lw) {
    for (size_t i = lw->nmark; i-- > 0;) {
        dl_lw_marker *m = &lw->mark[i];
        if (m->open && m->close_on_break) {
            if (!lw->scratch.failed && m->close_len) put_raw(lw, lw->scratch.data + m->close_off, m->close_len);
            m->open = 0;
        }
    }
}

void dl_lw_close_markers(dl_lw *lw) { close_markers_for_break(lw); }

static void flush_breaks(dl_lw *lw) {
    if (lw->pending_break && lw->any_content) {
        close_markers_for_break(lw);
        for (int need = lw->pending_break - lw->nl_since_content; need > 0; need--) newline(lw, 1);
        lw->pending_space = 0;
    }
    lw->pending_break = 0;
}

void dl_lw_begin(dl_lw *lw) {
    flush_breaks(lw);
    if (lw->need_prefix) write_prefix(lw);
    if (lw->pending_space) {
        if (lw->line_has_content) {
            lw->last_space = lw->out->len;
            put_raw(lw, " ", 1);
            lw->col++;
        }
        lw->pending_space = 0;
    }
    for (size_t i = 0; i < lw->nmark; i++) {
        dl_lw_marker *m = &lw->mark[i];
        if (!m->open) {
            /* a limited marker the rule refuses: the content goes on without it */
            if (m->allowance && !dl_repeat_allowed(m->opens, m->open_len + m->close_len, m->allowance)) continue;
            m->opens++;
            if (!lw->scratch.failed && m->open_len) { /* empty marker: scratch may be unallocated */
                put_raw(lw, lw->scratch.data + m->open_off, m->open_len);
                lw->col += line_cps(lw, lw->scratch.data + m->open_off, m->open_len);
            }
            m->open = 1;
            m->content_off = lw->out->len;
        }
    }
}

static void wrap(dl_lw *lw) {
    dl_htmlbuf *o = lw->out;
    if (o->failed || lw->last_space == NO_SPACE || lw->last_space < lw->prefix_end) return;
    dl_htmlbuf pre;
    dl_htmlbuf_init(&pre);
    put_rest_prefix(lw, &pre, 0);
    if (pre.failed) {
        lw->failed = 1;
        return;
    }
    size_t at = lw->last_space, tail = o->len - at - 1;
    /* Grow by the prefix length, then move the tail after the new line's prefix. */
    for (size_t i = 0; i < pre.len; i++) put_raw(lw, " ", 1);
    if (o->failed) {
        dl_htmlbuf_free(&pre);
        return;
    }
    memmove(o->data + at + 1 + pre.len, o->data + at + 1, tail);
    if (pre.len) memcpy(o->data + at + 1, pre.data, pre.len);
    o->data[at] = '\n';
    lw->line_start = at + 1;
    lw->prefix_end = at + 1 + pre.len;
    lw->col = count_cps(pre.data ? pre.data : "", pre.len) + count_cps(o->data + lw->prefix_end, tail);
    lw->last_space = NO_SPACE;
    dl_htmlbuf_free(&pre);
}

void dl_lw_put(dl_lw *lw, const char *s, size_t n) {
    if (!n) return;
    put_raw(lw, s, n);
    lw->col += line_cps(lw, s, n);
    lw->line_has_content = 1;
    lw->any_content = 1;
    lw->nl_since_content = 0;
    if (lw->width && lw->col > lw->width) wrap(lw);
}

void dl_lw_hard_newline(dl_lw *lw) {
    if (!lw->any_content) return;
    flush_breaks(lw);
    lw->pending_space = 0;
    newline(lw, 1);
}

void dl_lw_verbatim(dl_lw *lw, const char *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        const char *nl = memchr(s + i, '\n', n - i);
        size_t seg = nl ? (size_t)(nl - (s + i)) : n - i;
        if (seg) {
            dl_lw_begin(lw);
            put_raw(lw, s + i, seg);
            lw->col += line_cps(lw, s + i, seg);
            lw->line_has_content = 1;
            lw->line_verbatim = 1;
            lw->any_content = 1;
            lw->nl_since_content = 0;
        }
        i += seg;
        if (nl) {
            if (lw->any_content) {
                flush_breaks(lw);
                newline(lw, 0);
            }
            i++;
        }
    }
}

void dl_lw_push_container(dl_lw *lw, const char *first, size_t first_len, const char *rest, size_t rest_len) {
    dl_lw_break(lw, 1);
    if (first_len > sizeof(lw->cont->first)) first_len = sizeof(lw->cont->first);
    if (rest_len > sizeof(lw->cont->rest)) rest_len = sizeof(lw->cont->rest);
    size_t width = first_len > rest_len ? first_len : rest_len;
    if (lw->ncont >= DL_LW_MAX_CONTAINERS || lw->cont_overflow || lw->prefix_width + width > DL_LW_MAX_PREFIX) {
        lw->cont_overflow++;
        return;
    }
    if (lw->ncont == lw->capcont) {
        size_t cap = lw->capcont ? lw->capcont * 2 : 8;
        dl_lw_container *c = realloc(lw->cont, cap * sizeof(*c));
        if (!c) {
            lw->failed = 1;
            lw->cont_overflow++;
            return;
        }
        lw->cont = c;
        lw->capcont = cap;
    }
    dl_lw_container *c = &lw->cont[lw->ncont++];
    lw->prefix_width += width;
    memcpy(c->first, first, first_len);
    memcpy(c->rest, rest, rest_len);
    c->first_len = (uint8_t)first_len;
    c->rest_len = (uint8_t)rest_len;
    c->used = 0;
}

void dl_lw_pop_container(dl_lw *lw) {
    if (lw->cont_overflow) {
        lw->cont_overflow--;
        return;
    }
    if (lw->ncont) {
        dl_lw_container *c = &lw->cont[--lw->ncont];
        lw->prefix_width -= c->first_len > c->rest_len ? c->first_len : c->rest_len;
    }
}

void dl_lw_push_marker(dl_lw *lw, const char *open, size_t open_len, const char *close, size_t close_len,
                       int close_on_break) {
    if (lw->nmark == lw->capmark) {
        size_t cap = lw->capmark ? lw->capmark * 2 : 8;
        dl_lw_marker *m = realloc(lw->mark, cap * sizeof(*m));
        if (!m) {
            lw->failed = 1;
            return;
        }
        lw->mark = m;
        lw->capmark = cap;
    }
    dl_lw_marker *m = &lw->mark[lw->nmark++];
    m->open_off = lw->scratch.len;
    dl_htmlbuf_append(&lw->scratch, open, open_len);
    m->open_len = open_len;
    m->close_off = lw->scratch.len;
    dl_htmlbuf_append(&lw->scratch, close, close_len);
    m->close_len = close_len;
    m->open = 0;
    m->opens = 0;
    m->allowance = NULL;
    m->close_on_break = (uint8_t)close_on_break;
}

void dl_lw_limit_marker(dl_lw *lw, size_t *allowance) {
    if (lw->nmark) lw->mark[lw->nmark - 1].allowance = allowance;
}

uint32_t dl_lw_marker_opens(const dl_lw *lw) { return lw->nmark ? lw->mark[lw->nmark - 1].opens : 0; }

int dl_lw_pop_marker(dl_lw *lw, int write_close, size_t *content_off) {
    if (!lw->nmark || lw->failed) return 0;
    dl_lw_marker *m = &lw->mark[--lw->nmark];
    int had = m->open;
    if (content_off) *content_off = m->content_off;
    if (had && write_close && !lw->scratch.failed && m->close_len) {
        put_raw(lw, lw->scratch.data + m->close_off, m->close_len);
        lw->col += line_cps(lw, lw->scratch.data + m->close_off, m->close_len);
    }
    if (!lw->scratch.failed) lw->scratch.len = m->open_off;
    return had;
}

void dl_lw_finish(dl_lw *lw) {
    dl_htmlbuf *o = lw->out;
    while (o->len && (o->data[o->len - 1] == ' ' || o->data[o->len - 1] == '\n')) o->len--;
}

/* Tags by what they are to a reader. Everything not listed is inline (custom elements included). */
static const uint8_t k_kinds[DL_TAG__COUNT] = {
    /* Never rendered, or not content. */
    [DL_TAG_script] = DL_K_SKIP, [DL_TAG_style] = DL_K_SKIP, [DL_TAG_template] = DL_K_SKIP,
    [DL_TAG_head] = DL_K_SKIP, [DL_TAG_title] = DL_K_SKIP, [DL_TAG_noscript] = DL_K_SKIP,
    [DL_TAG_iframe] = DL_K_SKIP, [DL_TAG_object] = DL_K_SKIP, [DL_TAG_embed] = DL_K_SKIP,
    [DL_TAG_applet] = DL_K_SKIP, [DL_TAG_noembed] = DL_K_SKIP, [DL_TAG_noframes] = DL_K_SKIP,
    [DL_TAG_frameset] = DL_K_SKIP, [DL_TAG_frame] = DL_K_SKIP, [DL_TAG_select] = DL_K_SKIP,
    [DL_TAG_datalist] = DL_K_SKIP, [DL_TAG_textarea] = DL_K_SKIP, [DL_TAG_canvas] = DL_K_SKIP,
    [DL_TAG_audio] = DL_K_SKIP, [DL_TAG_video] = DL_K_SKIP, [DL_TAG_param] = DL_K_SKIP,
    [DL_TAG_source] = DL_K_SKIP, [DL_TAG_track] = DL_K_SKIP, [DL_TAG_meta] = DL_K_SKIP,
    [DL_TAG_link] = DL_K_SKIP, [DL_TAG_base] = DL_K_SKIP, [DL_TAG_input] = DL_K_SKIP,
    [DL_TAG_svg] = DL_K_SKIP, [DL_TAG_map] = DL_K_SKIP, [DL_TAG_area] = DL_K_SKIP,
    /* Blocks separated by a blank line. */
    [DL_TAG_p] = DL_K_PARA, [DL_TAG_address] = DL_K_PARA, [DL_TAG_figure] = DL_K_PARA,
    [DL_TAG_fieldset] = DL_K_PARA, [DL_TAG_details] = DL_K_PARA, [DL_TAG_dl] = DL_K_PARA,
    [DL_TAG_center] = DL_K_PARA,
    /* Blocks on their own lines. */
    [DL_TAG_html] = DL_K_BLOCK, [DL_TAG_body] = DL_K_BLOCK, [DL_TAG_div] = DL_K_BLOCK,
    [DL_TAG_section] = DL_K_BLOCK, [DL_TAG_article] = DL_K_BLOCK, [DL_TAG_aside] = DL_K_BLOCK,
    [DL_TAG_header] = DL_K_BLOCK, [DL_TAG_footer] = DL_K_BLOCK, [DL_TAG_nav] = DL_K_BLOCK,
    [DL_TAG_main] = DL_K_BLOCK, [DL_TAG_figcaption] = DL_K_BLOCK, [DL_TAG_summary] = DL_K_BLOCK,
    [DL_TAG_legend] = DL_K_BLOCK, [DL_TAG_hgroup] = DL_K_BLOCK, [DL_TAG_search] = DL_K_BLOCK,
    [DL_TAG_dialog] = DL_K_BLOCK, [DL_TAG_form] = DL_K_BLOCK, [DL_TAG_option] = DL_K_BLOCK,
    [DL_TAG_optgroup] = DL_K_BLOCK, [DL_TAG_tbody] = DL_K_BLOCK, [DL_TAG_thead] = DL_K_BLOCK,
    [DL_TAG_tfoot] = DL_K_BLOCK, [DL_TAG_colgroup] = DL_K_SKIP, [DL_TAG_col] = DL_K_SKIP,
    [DL_TAG_caption] = DL_K_CAPTION, [DL_TAG_dt] = DL_K_DT, [DL_TAG_dd] = DL_K_DD,
    [DL_TAG_ul] = DL_K_LIST, [DL_TAG_ol] = DL_K_LIST, [DL_TAG_menu] = DL_K_LIST, [DL_TAG_dir] = DL_K_LIST,
    [DL_TAG_li] = DL_K_LI, [DL_TAG_br] = DL_K_BR, [DL_TAG_hr] = DL_K_HR,
    [DL_TAG_pre] = DL_K_PRE, [DL_TAG_listing] = DL_K_PRE, [DL_TAG_xmp] = DL_K_PRE,
    [DL_TAG_plaintext] = DL_K_PRE, [DL_TAG_table] = DL_K_TABLE, [DL_TAG_tr] = DL_K_TR,
    [DL_TAG_td] = DL_K_CELL, [DL_TAG_th] = DL_K_CELL, [DL_TAG_blockquote] = DL_K_QUOTE,
    [DL_TAG_h1] = DL_K_HEADING, [DL_TAG_h2] = DL_K_HEADING, [DL_TAG_h3] = DL_K_HEADING,
    [DL_TAG_h4] = DL_K_HEADING, [DL_TAG_h5] = DL_K_HEADING, [DL_TAG_h6] = DL_K_HEADING,
    /* Inline elements with a Markdown form. */
    [DL_TAG_a] = DL_K_A, [DL_TAG_img] = DL_K_IMG, [DL_TAG_em] = DL_K_EM, [DL_TAG_i] = DL_K_EM,
    [DL_TAG_cite] = DL_K_EM, [DL_TAG_dfn] = DL_K_EM, [DL_TAG_strong] = DL_K_STRONG, [DL_TAG_b] = DL_K_STRONG,
    [DL_TAG_code] = DL_K_CODE, [DL_TAG_kbd] = DL_K_CODE, [DL_TAG_samp] = DL_K_CODE, [DL_TAG_tt] = DL_K_CODE,
    [DL_TAG_del] = DL_K_DEL, [DL_TAG_s] = DL_K_DEL, [DL_TAG_strike] = DL_K_DEL,
};

/* An inline style that hides the element: "display:none" or "visibility:hidden", any case and
 * spacing. Pages ship menus, dialogs and duplicate mobile copies this way; a reader never sees them. */
static int style_hides(const dl_attr *style) {
    char buf[64];
    size_t k = 0;
    for (size_t i = 0; i < style->value.len; i++) {
        unsigned char c = (unsigned char)style->value.ptr[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') continue;
        if (c == ';') {
            k = 0;
            continue;
        }
        if (k < sizeof(buf)) buf[k++] = (char)(c >= 'A' && c <= 'Z' ? c | 0x20 : c);
        if ((k == 12 && memcmp(buf, "display:none", 12) == 0) ||
            (k == 17 && memcmp(buf, "visibility:hidden", 17) == 0)) {
            /* Only a whole declaration counts: "display:none-ish" is not one. */
            size_t j = i + 1;
            while (j < style->value.len && (style->value.ptr[j] == ' ' || style->value.ptr[j] == '\t')) j++;
            if (j == style->value.len || style->value.ptr[j] == ';' || style->value.ptr[j] == '!') return 1;
        }
    }
    return 0;
}

int dl_is_streamed_segment(const dl_node *el) {
    if (!dl_is_element(el, DL_TAG_div)) return 0;
    const dl_attr *id = dl_element_attr(el, "id", 2);
    if (!id || id->value.len < 3 || id->value.len > 12 || id->value.ptr[0] != 'S' || id->value.ptr[1] != ':') return 0;
    for (size_t i = 2; i < id->value.len; i++) {
        unsigned char c = (unsigned char)id->value.ptr[i];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z'))) return 0;
    }
    return 1;
}

/* Whether el is hidden (dl_export_hidden), read once per attribute array that copies share: the
 * tree builder's copies of a misnested element carry its attributes into every later paragraph, and
 * reading one long inline style for each copy was quadratic (a 288 KB page of "<p><b style=...>x</p>"
 * and 32,000 paragraphs took 1.7 s to write as text). The answer is kept as the key's value + 1. */
static int hidden_memo(const dl_node *el, dl_repeats *memo) {
    const void *key = memo ? dl_shared_attrs(el) : NULL;
    if (!key) return dl_export_hidden(el);
    size_t v = dl_repeats_value(memo, key);
    if (!v) {
        v = 1 + (size_t)dl_export_hidden(el);
        dl_repeats_put_value(memo, key, v);
    }
    return v == 2;
}

int dl_export_kind_shown(const dl_node *el, const dl_node_filter *f) { return dl_export_kind_memo(el, f, NULL); }

int dl_export_kind_memo(const dl_node *el, const dl_node_filter *f, dl_repeats *memo) {
    int k;
    if (el->ns == DL_NS_SVG) k = DL_K_SKIP; /* icons and drawings: their text is rarely prose */
    else if (el->ns != DL_NS_HTML || el->atom >= DL_TAG__COUNT) k = DL_K_INLINE;
    else k = k_kinds[el->atom];
    /* a <noscript> whose content was parsed as markup, when the caller shows it (see serialize.h) */
    if (k == DL_K_SKIP && el->atom == DL_TAG_noscript && el->ns == DL_NS_HTML && f && f->show && f->show(f->ctx, el))
        k = DL_K_BLOCK;
    if (k != DL_K_SKIP && hidden_memo(el, memo) && !(f && f->show && f->show(f->ctx, el))) k = DL_K_SKIP;
    return k;
}

int dl_export_hidden(const dl_node *el) {
    if (el->type != DL_NODE_ELEMENT || !el->u.element.nattrs) return 0;
    const dl_attr *style;
    return (dl_element_attr(el, "hidden", 6) && !dl_is_streamed_segment(el)) ||
           ((style = dl_element_attr(el, "style", 5)) && style_hides(style));
}

int dl_export_kind(const dl_node *el) { return dl_export_kind_shown(el, NULL); }

static long span_attr(const dl_node *cell, const char *name, size_t len, long cap) {
    const dl_attr *a = dl_element_attr(cell, name, len);
    if (!a) return 1;
    long v = 0;
    size_t i = 0;
    while (i < a->value.len && (a->value.ptr[i] == ' ' || a->value.ptr[i] == '\t')) i++;
    if (i == a->value.len || a->value.ptr[i] < '0' || a->value.ptr[i] > '9') return 1;
    while (i < a->value.len && a->value.ptr[i] >= '0' && a->value.ptr[i] <= '9' && v <= cap)
        v = v * 10 + (a->value.ptr[i++] - '0');
    return v < 1 ? 1 : v > cap ? cap : v;
}

long dl_cell_colspan(const dl_node *cell) { return span_attr(cell, "colspan", 7, DL_MAX_COLSPAN); }
long dl_cell_rowspan(const dl_node *cell) { return span_attr(cell, "rowspan", 7, DL_MAX_ROWSPAN); }

static int cell_is_layout(const dl_node *cell) {
    int blocks = 0;
    for (const dl_node *c = cell->first_child; c; c = c->next) {
        if (c->type != DL_NODE_ELEMENT) continue;
        int k = dl_export_kind(c);
        if (k == DL_K_TABLE || k == DL_K_HEADING) return 1;
        if (k == DL_K_PARA || k == DL_K_BLOCK || k == DL_K_LIST || k == DL_K_QUOTE || k == DL_K_PRE) blocks++;
    }
    return blocks >= 3;
}

int dl_table_shape(const dl_node *table, dl_table_dims *dims) {
    int layout = 0;
    const dl_attr *role = dl_element_attr(table, "role", 4);
    if (role && ((role->value.len == 12 && dl_ascii_ieq(role->value.ptr, "presentation", 12)) ||
                 (role->value.len == 4 && dl_ascii_ieq(role->value.ptr, "none", 4))))
        layout = 1;
    /* Cells still covered by a rowspan from the rows above, per column (the widest row wins). */
    uint16_t carry[DL_MAX_COLSPAN];
    long ncarry = 0, best = 0;
    size_t nrows = 0, ncells = 0;
    int has_th = 0;
    for (const dl_node *c = table->first_child; c; c = c->next) {
        const dl_node *rows = c, *end = c->next;
        if (dl_is_element(c, DL_TAG_thead) || dl_is_element(c, DL_TAG_tbody) || dl_is_element(c, DL_TAG_tfoot)) {
            rows = c->first_child;
            end = NULL;
        }
        for (const dl_node *r = rows; r != end; r = r->next) {
            if (!dl_is_element(r, DL_TAG_tr)) continue;
            nrows++;
            long col = 0;
            for (const dl_node *td = r->first_child; td; td = td->next) {
                if (!dl_is_element(td, DL_TAG_td) && !dl_is_element(td, DL_TAG_th)) continue;
                ncells++;
                while (col < ncarry && carry[col]) col++;
                long span = dl_cell_colspan(td), down = dl_cell_rowspan(td);
                if (!layout && cell_is_layout(td)) layout = 1;
                has_th |= dl_is_element(td, DL_TAG_th);
                for (long k = 0; k < span && col < DL_MAX_COLSPAN; k++, col++) {
                    while (ncarry <= col) carry[ncarry++] = 0;
                    carry[col] = (uint16_t)(down > 1 ? down - 1 + 1 : 0);
                }
            }
            long width = col > ncarry ? col : ncarry;
            /* trailing columns only a rowspan covers count too */
            while (width > col && !carry[width - 1]) width--;
            if (width > best) best = width;
            for (long k = 0; k < ncarry; k++)
                if (carry[k]) carry[k]--;
        }
    }
    dims->columns = best;
    dims->rows = nrows;
    dims->cells = ncells;
    return layout || best == 0 || (best == 1 && !has_th);
}

static int ascii_alnum(unsigned char c) { return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'); }

void dl_lw_touch_gap(dl_lw *lw, const char *s, size_t n) {
    const dl_htmlbuf *o = lw->out;
    if (n < 2 || !ascii_alnum((unsigned char)s[0]) || !ascii_alnum((unsigned char)s[1]) || lw->pending_space ||
        lw->pending_break || !lw->line_has_content || o->len < 2 || !ascii_alnum((unsigned char)o->data[o->len - 1]) ||
        !ascii_alnum((unsigned char)o->data[o->len - 2]))
        return;
    lw->pending_space = 1;
}
