/* GitHub-flavoured Markdown out of a tree (see markdown.h). One pre-order walk, explicit frame stack. */
#include "serialize/markdown.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "serialize/layout.h"
#include "serialize/text.h"
#include "serialize/url.h"

#define PUT(b, lit) dl_htmlbuf_append((b), (lit), sizeof(lit) - 1)
#define NO_FRAME SIZE_MAX

typedef struct {
    uint8_t kind;
    uint8_t flags;
    long counter; /* lists: next number; tables: columns; rows: cells written */
    size_t aux;   /* tables: rows written */
    size_t saved; /* enclosing list / table / row frame */
} md_frame;

enum { MF_ORDERED = 1, MF_REVERSED = 2, MF_PUSHED = 4, MF_NESTED = 8, MF_GRID = 16, MF_ALT = 32 };

typedef struct {
    const dl_document *doc;
    const dl_md_options *opts;
    dl_lw lw;
    md_frame *frames;
    size_t nframes, capframes;
    size_t cur_list, cur_table, cur_row;
    int inline_only;  /* headings and table cells: one line, blocks become spaces */
    int in_cell;      /* '|' must be escaped */
    int em, strong, del, in_link;
    int br_pending;
    const dl_node_filter *filter; /* NULL: every element */
    size_t list_end;     /* output length when the last list ended, or SIZE_MAX */
    uint8_t list_end_flags;
    dl_htmlbuf base, tmp, gather;
    int failed;
} md_state;

static int is_ws(unsigned char c) { return dl_ascii_is_space(c); }
static int is_alnum(unsigned char c) {
    return dl_ascii_is_alnum(c) || c >= 0x80;
}

static md_frame *push_frame(md_state *st, uint8_t kind) {
    if (st->nframes == st->capframes) {
        size_t cap = st->capframes ? st->capframes * 2 : 64;
        if (cap > SIZE_MAX / sizeof(md_frame)) return NULL;
        md_frame *f = realloc(st->frames, cap * sizeof(*f));
        if (!f) return NULL;
        st->frames = f;
        st->capframes = cap;
    }
    md_frame *f = &st->frames[st->nframes++];
    memset(f, 0, sizeof(*f));
    f->kind = kind;
    return f;
}

/* Markdown has no single line break between blocks: a lone newline joins paragraphs, so every block
 * boundary is a blank line (list items and table rows excepted, they ask for 1 themselves). */
static void block_break(md_state *st) {
    st->br_pending = 0;
    if (st->inline_only) dl_lw_space(&st->lw);
    else dl_lw_break(&st->lw, 2);
}

/* A <br> becomes a backslash hard break, written only when more content follows in the same block. */
static void before_content(md_state *st) {
    if (!st->br_pending) return;
    st->br_pending = 0;
    dl_lw *lw = &st->lw;
    if (lw->pending_break || !lw->line_has_content) return;
    dl_lw_close_markers(lw);
    lw->pending_space = 0;
    dl_lw_put(lw, "\\", 1);
    dl_lw_break(lw, 1);
}

/* Escape one word of text so that Markdown renders it back as the same characters. `line_start`: the
 * word opens a line, where #, >, -, +, = and "1." would start a block. */
static void escape_word(md_state *st, const char *s, size_t n, int line_start, dl_htmlbuf *b) {
    size_t i = 0;
    if (line_start && n) {
        char c = s[0];
        if (c == '#' || c == '>' || c == '-' || c == '+' || c == '=') {
            PUT(b, "\\");
            dl_htmlbuf_append(b, s, 1);
            i = 1;
        } else if (c >= '0' && c <= '9') {
            size_t d = 0;
            while (d < n && s[d] >= '0' && s[d] <= '9') d++;
            if (d < n && d <= 9 && (s[d] == '.' || s[d] == ')')) {
                dl_htmlbuf_append(b, s, d);
                PUT(b, "\\");
                dl_htmlbuf_append(b, s + d, 1);
                i = d + 1;
            }
        }
    }
    size_t run = i;
    for (; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        int esc = 0;
        switch (c) {
        case '\\': case '*': case '`': case '[': case ']': case '~': case '<':
            esc = 1;
            break;
        case '|':
            esc = st->in_cell;
            break;
        case '_':
            /* Inside a word (snake_case) an underscore cannot open or close emphasis. */
            esc = !(i > 0 && i + 1 < n && is_alnum((unsigned char)s[i - 1]) && is_alnum((unsigned char)s[i + 1]));
            break;
        case '&':
            esc = i + 1 < n && (is_alnum((unsigned char)s[i + 1]) || s[i + 1] == '#');
            break;
        default:
            break;
        }
        if (esc) {
            dl_htmlbuf_append(b, s + run, i - run);
            PUT(b, "\\");
            run = i;
        }
    }
    dl_htmlbuf_append(b, s + run, n - run);
}

static int at_line_start(const dl_lw *lw) {
    return !lw->line_has_content || (lw->pending_break && lw->any_content);
}

static void put_text(md_state *st, const char *s, size_t n) {
    dl_lw *lw = &st->lw;
    size_t i = 0;
    while (i < n) {
        if (is_ws((unsigned char)s[i])) {
            dl_lw_space(lw);
            while (i < n && is_ws((unsigned char)s[i])) i++;
            continue;
        }
        size_t start = i;
        while (i < n && !is_ws((unsigned char)s[i])) i++;
        before_content(st);
        st->tmp.len = 0;
        escape_word(st, s + start, i - start, at_line_start(lw), &st->tmp);
        if (!st->tmp.failed) dl_lw_word(lw, st->tmp.data, st->tmp.len);
    }
}

/* A link destination: spaces and controls percent-encoded, brackets and parentheses escaped. */
static void put_destination(dl_htmlbuf *b, const char *u, size_t n) {
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)u[i];
        if (c <= 0x20 || c == 0x7f || c == '<' || c == '>') {
            char hex[4];
            snprintf(hex, sizeof(hex), "%%%02X", c);
            dl_htmlbuf_append(b, u + run, i - run);
            dl_htmlbuf_append(b, hex, 3);
            run = i + 1;
        } else if (c == '(' || c == ')' || c == '\\') {
            dl_htmlbuf_append(b, u + run, i - run);
            PUT(b, "\\");
            run = i;
        }
    }
    dl_htmlbuf_append(b, u + run, n - run);
}

static void put_title(dl_htmlbuf *b, const dl_attr *title) {
    if (!title || !title->value.len) return;
    PUT(b, " \"");
    int space = 0;
    for (size_t i = 0; i < title->value.len; i++) {
        unsigned char c = (unsigned char)title->value.ptr[i];
        if (is_ws(c)) {
            space = 1;
            continue;
        }
        if (space) PUT(b, " ");
        space = 0;
        if (c == '"' || c == '\\') PUT(b, "\\");
        dl_htmlbuf_append(b, title->value.ptr + i, 1);
    }
    PUT(b, "\"");
}

static void resolve(md_state *st, const dl_attr *a, dl_htmlbuf *b) {
    dl_htmlbuf url;
    dl_htmlbuf_init(&url);
    dl_url_resolve(st->base.len ? st->base.data : NULL, st->base.len, a->value.ptr, a->value.len, &url);
    if (url.failed) b->failed = 1;
    else put_destination(b, url.data ? url.data : "", url.len);
    dl_htmlbuf_free(&url);
}

/* Text of a subtree for code: verbatim (pre) or folded (inline code); <br> is a newline. */
static void gather(md_state *st, const dl_node *root, int folded) {
    dl_htmlbuf *g = &st->gather;
    g->len = 0;
    int space = 0;
    for (const dl_node *n = root; n;) {
        int skip = 0;
        if (n->type == DL_NODE_TEXT) {
            const char *s = n->u.text.ptr;
            size_t len = n->u.text.len, i = 0;
            if (!folded) {
                dl_htmlbuf_append(g, s, len);
                i = len;
            }
            while (i < len) {
                if (is_ws((unsigned char)s[i])) {
                    space = 1;
                    i++;
                    continue;
                }
                size_t w = i;
                while (i < len && !is_ws((unsigned char)s[i])) i++;
                if (space && g->len) PUT(g, " ");
                space = 0;
                dl_htmlbuf_append(g, s + w, i - w);
            }
        } else if (n->type == DL_NODE_ELEMENT && n != root) {
            int k = dl_export_kind(n);
            if (k == DL_K_SKIP) skip = 1;
            else if (k == DL_K_BR) {
                if (folded) space = 1;
                else PUT(g, "\n");
            }
        }
        n = dl_next_node(root, n, skip);
    }
}

static size_t longest_backtick_run(const char *s, size_t n) {
    size_t best = 0, run = 0;
    for (size_t i = 0; i < n; i++) {
        run = s[i] == '`' ? run + 1 : 0;
        if (run > best) best = run;
    }
    return best;
}

/* The language of a code block: the first language-X or lang-X class of pre or its code child. */
static void code_language(const dl_node *el, dl_htmlbuf *out) {
    for (int pass = 0; pass < 2 && el; pass++) {
        const dl_attr *cls = dl_element_attr(el, "class", 5);
        if (cls) {
            const char *p = cls->value.ptr, *e = p + cls->value.len;
            while (p < e) {
                while (p < e && is_ws((unsigned char)*p)) p++;
                const char *w = p;
                while (p < e && !is_ws((unsigned char)*p)) p++;
                size_t wl = (size_t)(p - w), skip = 0;
                if (wl > 9 && memcmp(w, "language-", 9) == 0) skip = 9;
                else if (wl > 5 && memcmp(w, "lang-", 5) == 0) skip = 5;
                if (!skip) continue;
                for (const char *c = w + skip; c < p; c++) {
                    unsigned char ch = (unsigned char)*c;
                    if (is_alnum(ch) || ch == '_' || ch == '+' || ch == '#' || ch == '.' || ch == '-')
                        dl_htmlbuf_append(out, c, 1);
                }
                return;
            }
        }
        const dl_node *code = NULL;
        for (const dl_node *c = el->first_child; c && !code; c = c->next)
            if (c->type == DL_NODE_ELEMENT) code = dl_is_element(c, DL_TAG_code) ? c : NULL;
        el = code;
    }
}

static void fenced_code(md_state *st, const dl_node *pre) {
    dl_lw *lw = &st->lw;
    gather(st, pre, 0);
    dl_htmlbuf *g = &st->gather;
    if (g->failed) return;
    int blank = 1;
    for (size_t i = 0; i < g->len && blank; i++) blank = is_ws((unsigned char)g->data[i]);
    if (blank) return;
    size_t ticks = longest_backtick_run(g->data, g->len) + 1;
    if (ticks < 3) ticks = 3;
    st->tmp.len = 0;
    for (size_t i = 0; i < ticks; i++) PUT(&st->tmp, "`");
    size_t fence_len = st->tmp.len;
    code_language(pre, &st->tmp);
    if (st->tmp.failed) return;
    block_break(st);
    dl_lw_word(lw, st->tmp.data, st->tmp.len);
    dl_lw_verbatim(lw, "\n", 1);
    dl_lw_verbatim(lw, g->data, g->len);
    if (g->data[g->len - 1] != '\n') dl_lw_verbatim(lw, "\n", 1);
    dl_lw_verbatim(lw, st->tmp.data, fence_len);
    block_break(st);
}

static void inline_code(md_state *st, const dl_node *code) {
    dl_lw *lw = &st->lw;
    gather(st, code, 1);
    dl_htmlbuf *g = &st->gather;
    if (g->failed || !g->len) return;
    const dl_node *first = code->first_child;
    if (first && first->type == DL_NODE_TEXT && first->u.text.len && is_ws((unsigned char)first->u.text.ptr[0]))
        dl_lw_space(lw);
    /* Text in a table cell keeps its pipes escaped even inside code (a GFM rule). */
    dl_htmlbuf *t = &st->tmp;
    t->len = 0;
    size_t ticks = longest_backtick_run(g->data, g->len) + 1;
    for (size_t i = 0; i < ticks; i++) PUT(t, "`");
    int pad = g->data[0] == '`' || g->data[g->len - 1] == '`';
    if (pad) PUT(t, " ");
    size_t run = 0;
    for (size_t i = 0; i < g->len; i++) {
        if (g->data[i] == '|' && st->in_cell) {
            dl_htmlbuf_append(t, g->data + run, i - run);
            PUT(t, "\\");
            run = i;
        }
    }
    dl_htmlbuf_append(t, g->data + run, g->len - run);
    if (pad) PUT(t, " ");
    for (size_t i = 0; i < ticks; i++) PUT(t, "`");
    if (t->failed) return;
    before_content(st);
    dl_lw_word(lw, t->data, t->len);
    const dl_node *last = code->last_child;
    if (last && last->type == DL_NODE_TEXT && last->u.text.len &&
        is_ws((unsigned char)last->u.text.ptr[last->u.text.len - 1]))
        dl_lw_space(lw);
}

static long parse_long(const dl_attr *a, long dflt) {
    if (!a) return dflt;
    const char *p = a->value.ptr, *e = p + a->value.len;
    while (p < e && is_ws((unsigned char)*p)) p++;
    int neg = 0;
    if (p < e && (*p == '-' || *p == '+')) neg = *p++ == '-';
    if (p == e || *p < '0' || *p > '9') return dflt;
    long v = 0;
    while (p < e && *p >= '0' && *p <= '9' && v < 1000000000L) v = v * 10 + (*p++ - '0');
    return neg ? -v : v;
}

/* Columns of a table: the widest row, counting colspan, over the rows that belong to it. */
static long table_columns(const dl_node *table) {
    long best = 0;
    for (const dl_node *c = table->first_child; c; c = c->next) {
        const dl_node *rows = c, *end = c->next;
        if (dl_is_element(c, DL_TAG_thead) || dl_is_element(c, DL_TAG_tbody) || dl_is_element(c, DL_TAG_tfoot)) {
            rows = c->first_child;
            end = NULL;
        }
        for (const dl_node *r = rows; r != end; r = r->next) {
            if (!dl_is_element(r, DL_TAG_tr)) continue;
            long cells = 0;
            for (const dl_node *td = r->first_child; td; td = td->next) {
                if (!dl_is_element(td, DL_TAG_td) && !dl_is_element(td, DL_TAG_th)) continue;
                long span = parse_long(dl_element_attr(td, "colspan", 7), 1);
                cells += span < 1 ? 1 : span > 1000 ? 1000 : span;
            }
            if (cells > best) best = cells;
        }
    }
    return best > 1000 ? 1000 : best;
}

static int enter(md_state *st, const dl_node *n) {
    dl_lw *lw = &st->lw;
    switch (n->type) {
    case DL_NODE_DOCUMENT:
    case DL_NODE_FRAGMENT:
        return push_frame(st, DL_K_INLINE) ? 1 : -2;
    case DL_NODE_TEXT:
        put_text(st, n->u.text.ptr, n->u.text.len);
        return -1;
    case DL_NODE_ELEMENT:
        break;
    default:
        return -1;
    }
    int kind = dl_export_kind(n);
    if (kind == DL_K_SKIP) return -1;
    if (st->filter && st->filter->skip(st->filter->ctx, n)) return -1;
    /* Row groups of a pipe table are transparent: the rows make the lines. */
    if (kind == DL_K_BLOCK && st->cur_table != NO_FRAME && (st->frames[st->cur_table].flags & MF_GRID) &&
        (dl_is_element(n, DL_TAG_tbody) || dl_is_element(n, DL_TAG_thead) || dl_is_element(n, DL_TAG_tfoot)))
        kind = DL_K_INLINE;
    md_frame *f = push_frame(st, (uint8_t)kind);
    if (!f) return -2;
    switch (kind) {
    case DL_K_PARA:
    case DL_K_BLOCK:
    case DL_K_CAPTION:
    case DL_K_DT:
    case DL_K_DD:
        block_break(st);
        break;
    case DL_K_HEADING:
        block_break(st);
        if (!st->inline_only) {
            static const char hashes[] = "###### ";
            int level = (int)(n->atom - DL_TAG_h1) + 1;
            dl_lw_push_container(lw, hashes + 6 - level, (size_t)level + 1, "", 0);
            f->flags |= MF_PUSHED;
        }
        st->inline_only++;
        break;
    case DL_K_QUOTE:
        block_break(st);
        if (!st->inline_only) {
            dl_lw_push_container(lw, "> ", 2, "> ", 2);
            f->flags |= MF_PUSHED;
        }
        break;
    case DL_K_PRE:
        if (st->inline_only) inline_code(st, n);
        else fenced_code(st, n);
        st->nframes--;
        return -1;
    case DL_K_CODE:
        inline_code(st, n);
        st->nframes--;
        return -1;
    case DL_K_BR:
        if (st->inline_only) dl_lw_space(lw);
        else st->br_pending = 1;
        break;
    case DL_K_HR:
        block_break(st);
        if (!st->inline_only) {
            dl_lw_word(lw, "---", 3);
            block_break(st);
        }
        break;
    case DL_K_LIST: {
        int nested = st->cur_list != NO_FRAME;
        /* CommonMark lets an ordered list interrupt a paragraph only when it starts at 1. */
        if (nested && dl_is_element(n, DL_TAG_ol) && parse_long(dl_element_attr(n, "start", 5), 1) != 1)
            nested = 0;
        if (nested && !st->inline_only) {
            st->br_pending = 0;
            dl_lw_break(lw, 1);
            f->flags |= MF_NESTED;
        } else {
            block_break(st);
        }
        f->saved = st->cur_list;
        st->cur_list = st->nframes - 1;
        if (dl_is_element(n, DL_TAG_ol)) f->flags |= MF_ORDERED;
        /* Two lists in a row with the same marker would read as one: the second takes the other
         * marker ('*' for '-', ')' for '.'). */
        if (!(f->flags & MF_NESTED) && lw->out->len == st->list_end &&
            (st->list_end_flags & MF_ORDERED) == (f->flags & MF_ORDERED) && !(st->list_end_flags & MF_ALT))
            f->flags |= MF_ALT;
        if (f->flags & MF_ORDERED) {
            if (dl_element_attr(n, "reversed", 8)) {
                f->flags |= MF_REVERSED;
                long items = 0;
                for (const dl_node *c = n->first_child; c; c = c->next) items += dl_is_element(c, DL_TAG_li);
                f->counter = parse_long(dl_element_attr(n, "start", 5), items);
            } else {
                f->counter = parse_long(dl_element_attr(n, "start", 5), 1);
            }
        }
        break;
    }
    case DL_K_LI: {
        if (st->inline_only) {
            dl_lw_space(lw);
            break;
        }
        st->br_pending = 0;
        dl_lw_break(lw, 1);
        char first[24];
        size_t flen = 2;
        int alt = st->cur_list != NO_FRAME && (st->frames[st->cur_list].flags & MF_ALT);
        memcpy(first, alt ? "* " : "- ", 2);
        if (st->cur_list != NO_FRAME && (st->frames[st->cur_list].flags & MF_ORDERED)) {
            md_frame *l = &st->frames[st->cur_list];
            l->counter = parse_long(dl_element_attr(n, "value", 5), l->counter);
            long shown = l->counter < 0 ? 0 : l->counter > 999999999L ? 999999999L : l->counter;
            flen = (size_t)snprintf(first, sizeof(first), alt ? "%ld) " : "%ld. ", shown);
            if (flen >= sizeof(first)) flen = sizeof(first) - 1;
            l->counter += (l->flags & MF_REVERSED) ? -1 : 1;
        }
        char rest[24];
        memset(rest, ' ', sizeof(rest));
        dl_lw_push_container(lw, first, flen, rest, flen);
        f->flags |= MF_PUSHED;
        break;
    }
    case DL_K_TABLE: {
        f->saved = st->cur_table;
        st->cur_table = st->nframes - 1;
        if (st->inline_only) {
            dl_lw_space(lw);
            break;
        }
        block_break(st);
        f->counter = table_columns(n);
        if (f->counter > 0) f->flags |= MF_GRID;
        break;
    }
    case DL_K_TR: {
        f->saved = st->cur_row;
        st->cur_row = st->nframes - 1;
        md_frame *t = st->cur_table != NO_FRAME ? &st->frames[st->cur_table] : NULL;
        if (!t || !(t->flags & MF_GRID) || st->inline_only) {
            if (st->inline_only) dl_lw_space(lw);
            else block_break(st);
            break;
        }
        f->flags |= MF_GRID;
        st->br_pending = 0;
        dl_lw_break(lw, 1);
        dl_lw_begin(lw);
        dl_lw_put(lw, "|", 1);
        st->inline_only++;
        break;
    }
    case DL_K_CELL: {
        md_frame *r = st->cur_row != NO_FRAME ? &st->frames[st->cur_row] : NULL;
        if (r && (r->flags & MF_GRID) && st->in_cell == 0) {
            f->flags |= MF_GRID;
            long span = parse_long(dl_element_attr(n, "colspan", 7), 1);
            f->counter = span < 1 ? 1 : span > 1000 ? 1000 : span;
            lw->pending_space = 1;
            st->in_cell++;
        } else {
            dl_lw_space(lw);
        }
        break;
    }
    case DL_K_EM:
    case DL_K_STRONG:
    case DL_K_DEL: {
        int *depth = kind == DL_K_EM ? &st->em : kind == DL_K_STRONG ? &st->strong : &st->del;
        if ((*depth)++ == 0) {
            const char *mk = kind == DL_K_EM ? "*" : kind == DL_K_STRONG ? "**" : "~~";
            size_t ml = kind == DL_K_EM ? 1 : 2;
            dl_lw_push_marker(lw, mk, ml, mk, ml, 1);
            f->flags |= MF_PUSHED;
        }
        break;
    }
    case DL_K_A: {
        const dl_attr *href = dl_element_attr(n, "href", 4);
        if (st->in_link || !href || !dl_url_is_followable(href->value.ptr, href->value.len)) break;
        dl_htmlbuf *t = &st->tmp;
        t->len = 0;
        PUT(t, "](");
        resolve(st, href, t);
        put_title(t, dl_element_attr(n, "title", 5));
        PUT(t, ")");
        if (t->failed) return -2;
        /* A '!' right before the link would make it an image: escape it. */
        dl_htmlbuf *o = lw->out;
        if (!lw->pending_space && !lw->pending_break && o->len && !o->failed && o->data[o->len - 1] == '!') {
            o->data[o->len - 1] = '\\';
            dl_htmlbuf_append(o, "!", 1);
        }
        dl_lw_push_marker(lw, "[", 1, t->data, t->len, 1);
        f->flags |= MF_PUSHED;
        st->in_link = 1;
        break;
    }
    case DL_K_IMG: {
        const dl_attr *src = dl_element_attr(n, "src", 3);
        if (!st->opts->images || !src || !dl_url_is_followable(src->value.ptr, src->value.len)) break;
        dl_htmlbuf *t = &st->tmp;
        t->len = 0;
        PUT(t, "![");
        const dl_attr *alt = dl_element_attr(n, "alt", 3);
        if (alt) {
            /* Alt text is folded and escaped like text, word by word. */
            const char *s = alt->value.ptr;
            size_t i = 0, m = alt->value.len;
            int first = 1;
            while (i < m) {
                while (i < m && is_ws((unsigned char)s[i])) i++;
                size_t w = i;
                while (i < m && !is_ws((unsigned char)s[i])) i++;
                if (i == w) break;
                if (!first) PUT(t, " ");
                first = 0;
                escape_word(st, s + w, i - w, 0, t);
            }
        }
        PUT(t, "](");
        resolve(st, src, t);
        put_title(t, dl_element_attr(n, "title", 5));
        PUT(t, ")");
        if (t->failed) return -2;
        before_content(st);
        dl_lw_word(lw, t->data, t->len);
        break;
    }
    default:
        break;
    }
    return 1;
}

static void leave(md_state *st) {
    dl_lw *lw = &st->lw;
    md_frame *f = &st->frames[--st->nframes];
    switch (f->kind) {
    case DL_K_PARA:
    case DL_K_BLOCK:
    case DL_K_CAPTION:
    case DL_K_DT:
    case DL_K_DD:
        block_break(st);
        break;
    case DL_K_HEADING:
        st->inline_only--;
        if (f->flags & MF_PUSHED) dl_lw_pop_container(lw);
        block_break(st);
        break;
    case DL_K_QUOTE:
        if (f->flags & MF_PUSHED) dl_lw_pop_container(lw);
        block_break(st);
        break;
    case DL_K_LIST:
        st->cur_list = f->saved;
        if (f->flags & MF_NESTED) {
            st->br_pending = 0;
            dl_lw_break(lw, 1);
        } else {
            block_break(st);
            st->list_end = lw->out->len;
            st->list_end_flags = f->flags;
        }
        break;
    case DL_K_LI:
        if (f->flags & MF_PUSHED) {
            dl_lw_pop_container(lw);
            st->br_pending = 0;
            dl_lw_break(lw, 1);
        }
        break;
    case DL_K_TABLE:
        st->cur_table = f->saved;
        block_break(st);
        break;
    case DL_K_TR: {
        st->cur_row = f->saved;
        if (!(f->flags & MF_GRID)) break;
        md_frame *t = &st->frames[st->cur_table];
        for (long c = f->counter; c < t->counter; c++) dl_lw_put(lw, " |", 2);
        if (t->aux++ == 0) {
            /* The first row is the header row GFM requires; the delimiter row follows it. */
            dl_lw_break(lw, 1);
            dl_lw_begin(lw);
            dl_lw_put(lw, "|", 1);
            for (long c = 0; c < t->counter; c++) dl_lw_put(lw, " --- |", 6);
        }
        st->inline_only--;
        dl_lw_break(lw, 1);
        break;
    }
    case DL_K_CELL:
        if (f->flags & MF_GRID) {
            st->in_cell--;
            lw->pending_space = 0;
            md_frame *r = &st->frames[st->cur_row];
            md_frame *t = &st->frames[st->cur_table];
            for (long c = 0; c < f->counter && r->counter < t->counter; c++, r->counter++)
                dl_lw_put(lw, c ? "  |" : " |", c ? 3 : 2);
        } else {
            dl_lw_space(lw);
        }
        break;
    case DL_K_EM:
    case DL_K_STRONG:
    case DL_K_DEL: {
        int *depth = f->kind == DL_K_EM ? &st->em : f->kind == DL_K_STRONG ? &st->strong : &st->del;
        (*depth)--;
        if (f->flags & MF_PUSHED) dl_lw_pop_marker(lw, 1, NULL);
        break;
    }
    case DL_K_A:
        if (f->flags & MF_PUSHED) {
            st->in_link = 0;
            dl_lw_pop_marker(lw, 1, NULL);
        }
        break;
    default:
        break;
    }
}

/* dl_walk's callbacks take the state untyped. */
static int walk_enter(void *st, const dl_node *n) { return enter(st, n); }
static void walk_leave(void *st) { leave(st); }

int dl_to_markdown(const dl_document *doc, const dl_node *root, const dl_md_options *opts, dl_htmlbuf *out) {
    return dl_to_markdown_nodes(doc, &root, 1, NULL, opts, out);
}

int dl_to_markdown_nodes(const dl_document *doc, const dl_node *const *roots, size_t nroots,
                         const dl_node_filter *filter, const dl_md_options *opts, dl_htmlbuf *out) {
    md_state st;
    memset(&st, 0, sizeof(st));
    st.doc = doc;
    st.opts = opts;
    st.cur_list = st.cur_table = st.cur_row = NO_FRAME;
    st.list_end = SIZE_MAX;
    dl_htmlbuf_init(&st.base);
    dl_htmlbuf_init(&st.tmp);
    dl_htmlbuf_init(&st.gather);
    dl_lw_init(&st.lw, out, 0);
    dl_document_base_url(doc, opts->base_url, opts->base_len, &st.base);
    st.filter = filter && filter->skip ? filter : NULL;

    int s = 0;
    for (size_t r = 0; r < nroots && s != -2; r++) {
        if (r) block_break(&st); /* separate containers are separate blocks */
        s = dl_walk(roots[r], walk_enter, walk_leave, &st);
    }
    dl_lw_finish(&st.lw);
    int failed = s == -2 || dl_lw_failed(&st.lw) || st.base.failed || st.tmp.failed || st.gather.failed ||
                 out->failed;
    dl_lw_free(&st.lw);
    free(st.frames);
    dl_htmlbuf_free(&st.base);
    dl_htmlbuf_free(&st.tmp);
    dl_htmlbuf_free(&st.gather);
    return failed ? -1 : 0;
}
