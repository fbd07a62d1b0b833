/* GitHub-flavoured Markdown out of a tree (see markdown.h). One pre-order walk, explicit frame stack. */
#include "serialize/markdown.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "serialize/markdown_state.h"
#include "serialize/math.h"
#include "serialize/text.h"

static int is_ws(unsigned char c) { return dl_ascii_is_space(c); }

static int all_of(const char *s, size_t n, char c) {
    for (size_t i = 0; i < n; i++)
        if (s[i] != c) return 0;
    return n > 0;
}

static int is_ascii_punct(unsigned char c) {
    return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') || (c >= '{' && c <= '~');
}

/* Escape one word of text so that Markdown renders it back as the same characters, and no more than
 * that: a reader of the Markdown should see the text, not a thicket of backslashes.
 * `line_start`: the word opens a line, where a block marker would start a block; CommonMark's markers
 * need a space or the line's end after them ("#tag", "-5", "1.5" and "+1" are text), so only a word
 * that is the marker itself is escaped, and a line of only '-' or '=' (a rule, a setext underline).
 * `brackets`: the word is inside link text or alt text, where ']' would end it. */
static void escape_word(md_state *st, const char *s, size_t n, int line_start, int brackets, dl_htmlbuf *b) {
    size_t i = 0;
    if (line_start && n) {
        char c = s[0];
        int marker = c == '>' || ((c == '-' || c == '+' || c == '*') && n == 1) ||
                     (c == '#' && n <= 6 && all_of(s, n, '#')) || ((c == '-' || c == '=') && all_of(s, n, c));
        if (marker) {
            PUT(b, "\\");
            dl_htmlbuf_append(b, s, 1);
            i = 1;
        } else if (c >= '0' && c <= '9') {
            size_t d = 0;
            while (d < n && s[d] >= '0' && s[d] <= '9') d++;
            if (d + 1 == n && d <= 9 && (s[d] == '.' || s[d] == ')')) {
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
        case '*': case '`': case '[': case '~':
            esc = 1;
            break;
        case ']':
            esc = brackets;
            break;
        case '\\':
            /* a backslash escapes only ASCII punctuation (and breaks a line at the end of one) */
            esc = i + 1 == n || is_ascii_punct((unsigned char)s[i + 1]);
            break;
        case '<':
            /* raw HTML and autolinks start with '<' and a letter, '/', '!' or '?' */
            esc = i + 1 == n || md_is_alnum((unsigned char)s[i + 1]) || s[i + 1] == '/' || s[i + 1] == '!' ||
                  s[i + 1] == '?';
            break;
        case '|':
            esc = st->in_cell;
            break;
        case '_':
            /* Inside a word (snake_case) an underscore cannot open or close emphasis. */
            esc = !(i > 0 && i + 1 < n && md_is_alnum((unsigned char)s[i - 1]) && md_is_alnum((unsigned char)s[i + 1]));
            break;
        case '&':
            esc = i + 1 < n && (md_is_alnum((unsigned char)s[i + 1]) || s[i + 1] == '#');
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
        if (dl_nbsp_only(s + start, i - start)) {
            dl_lw_space(lw);
            continue;
        }
        md_before_content(st);
        st->tmp.len = 0;
        escape_word(st, s + start, i - start, at_line_start(lw), st->in_link, &st->tmp);
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

static void put_title_text(dl_htmlbuf *b, const char *s, size_t n) {
    size_t i = 0;
    while (i < n && is_ws((unsigned char)s[i])) i++;
    if (i == n) return;
    PUT(b, " \"");
    int space = 0;
    for (; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (is_ws(c)) {
            space = 1;
            continue;
        }
        if (space) PUT(b, " ");
        space = 0;
        if (c == '"' || c == '\\') PUT(b, "\\");
        dl_htmlbuf_append(b, s + i, 1);
    }
    PUT(b, "\"");
}

static void put_title(dl_htmlbuf *b, const dl_attr *title) {
    if (title) put_title_text(b, title->value.ptr, title->value.len);
}

static void resolve(md_state *st, const char *ref, size_t rlen, dl_htmlbuf *b) {
    dl_htmlbuf url;
    dl_htmlbuf_init(&url);
    dl_url_resolve_bounded(&st->ubase, ref, rlen, &url);
    if (url.failed) b->failed = 1;
    else put_destination(b, url.data ? url.data : "", url.len);
    dl_htmlbuf_free(&url);
}

/* The best candidate of a srcset ("a.jpg 480w, b.jpg 1080w" or "a.jpg 1x, b.jpg 2x"): the widest, else
 * the densest, else the first. 1 with *u and *ul set when there is one. Parsed the way the HTML Standard's
 * srcset parser splits candidates (a URL is a run of non-space; commas end a candidate). */
static int srcset_best(const char *s, size_t n, const char **u, size_t *ul) {
    double best = -1;
    size_t i = 0;
    while (i < n) {
        while (i < n && (is_ws((unsigned char)s[i]) || s[i] == ',')) i++;
        size_t us = i;
        while (i < n && !is_ws((unsigned char)s[i])) i++;
        size_t ue = i;
        int ended = 0;
        while (ue > us && s[ue - 1] == ',') ue--, ended = 1;
        double w = 0;
        if (!ended) {
            /* descriptors up to the next comma: a number followed by w or x */
            while (i < n && s[i] != ',') {
                while (i < n && is_ws((unsigned char)s[i])) i++;
                double v = 0;
                int digits = 0;
                while (i < n && s[i] >= '0' && s[i] <= '9' && v < 1e9) v = v * 10 + (s[i++] - '0'), digits = 1;
                if (i < n && s[i] == '.') {
                    double f = 0.1;
                    for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++, f /= 10) v += (s[i] - '0') * f, digits = 1;
                }
                if (digits && i < n && s[i] == 'w') w = v * 1000.0; /* widths outrank densities */
                else if (digits && i < n && s[i] == 'x') w = v;
                while (i < n && s[i] != ',' && !is_ws((unsigned char)s[i])) i++;
            }
        }
        if (ue > us && dl_url_is_followable(s + us, ue - us) && w > best) {
            best = w;
            *u = s + us;
            *ul = ue - us;
        }
    }
    return best >= 0;
}

static int followable_attr(const dl_node *el, const char *name, const char **u, size_t *ul) {
    const dl_attr *a = dl_element_attr(el, name, strlen(name));
    if (!a || !dl_url_is_followable(a->value.ptr, a->value.len)) return 0;
    *u = a->value.ptr;
    *ul = a->value.len;
    return 1;
}

static int srcset_attr(const dl_node *el, const char **u, size_t *ul) {
    static const char *const names[] = {"data-srcset", "data-lazy-srcset", "srcset"};
    for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
        const dl_attr *a = dl_element_attr(el, names[k], strlen(names[k]));
        if (a && srcset_best(a->value.ptr, a->value.len, u, ul)) return 1;
    }
    return 0;
}

/* The one URL an image shows. Lazy-loading pages keep the real image in a data- attribute and put a
 * placeholder (a blank GIF, a data: URL, nothing) in src, so those attributes come first; then src;
 * then the best srcset candidate; then, inside <picture>, its <source>s'. 1 with *u and *ul set. */
static int image_source(const dl_node *img, const char **u, size_t *ul) {
    static const char *const lazy[] = {"data-src", "data-lazy-src", "data-original", "data-lazy", "data-hi-res-src"};
    if (img->u.element.nattrs > 1)
        for (size_t k = 0; k < sizeof(lazy) / sizeof(lazy[0]); k++)
            if (followable_attr(img, lazy[k], u, ul)) return 1;
    if (followable_attr(img, "src", u, ul)) return 1;
    if (srcset_attr(img, u, ul)) return 1;
    if (dl_is_element(img->parent, DL_TAG_picture))
        for (const dl_node *c = img->parent->first_child; c && c != img; c = c->next)
            if (dl_is_element(c, DL_TAG_source) && srcset_attr(c, u, ul)) return 1;
    return 0;
}

/* A formula as Markdown math: $tex$ inline, $$ on lines of their own around a display formula. The TeX
 * is never escaped (renderers read it raw), only folded to one line, and a pipe inside a table cell is
 * written \| as GFM requires there. */
static void put_math(md_state *st, const char *tex, size_t n, int display) {
    dl_lw *lw = &st->lw;
    dl_htmlbuf *t = &st->tmp;
    t->len = 0;
    int space = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)tex[i];
        if (is_ws(c)) {
            space = t->len > 0;
            continue;
        }
        if (space) PUT(t, " ");
        space = 0;
        if (c == '|' && st->in_cell) PUT(t, "\\");
        dl_htmlbuf_append(t, tex + i, 1);
    }
    if (!t->len || t->failed) return;
    if (display && !st->inline_only) {
        md_block_break(st);
        dl_lw_word(lw, "$$", 2);
        dl_lw_verbatim(lw, "\n", 1);
        dl_lw_verbatim(lw, t->data, t->len);
        dl_lw_verbatim(lw, "\n$$", 3);
        md_block_break(st);
        return;
    }
    md_before_content(st);
    dl_lw_begin(lw);
    dl_lw_put(lw, "$", 1);
    dl_lw_put(lw, t->data, t->len);
    dl_lw_put(lw, "$", 1);
}

static void math_element(md_state *st, const dl_node *math) {
    dl_htmlbuf *g = &st->gather;
    g->len = 0;
    int display;
    dl_math_latex(math, g, &display);
    if (!g->failed) put_math(st, g->data, g->len, display);
}

static size_t longest_backtick_run(const char *s, size_t n) {
    size_t best = 0, run = 0;
    for (size_t i = 0; i < n; i++) {
        run = s[i] == '`' ? run + 1 : 0;
        if (run > best) best = run;
    }
    return best;
}

/* The language named by one class value: language-X or lang-X; `wrapper`: also highlight-X and
 * highlight-source-X, which Sphinx and GitHub put on the block around the <pre>. 1 when found. */
static int class_language(const dl_attr *cls, int wrapper, dl_htmlbuf *out) {
    const char *p = cls->value.ptr, *e = p + cls->value.len;
    while (p < e) {
        while (p < e && is_ws((unsigned char)*p)) p++;
        const char *w = p;
        while (p < e && !is_ws((unsigned char)*p)) p++;
        size_t wl = (size_t)(p - w), skip = 0;
        if (!wrapper && wl > 9 && memcmp(w, "language-", 9) == 0) skip = 9;
        else if (!wrapper && wl > 5 && memcmp(w, "lang-", 5) == 0) skip = 5;
        else if (wrapper && wl > 17 && memcmp(w, "highlight-source-", 17) == 0) skip = 17;
        else if (wrapper && wl > 10 && memcmp(w, "highlight-", 10) == 0) skip = 10;
        if (!skip) continue;
        size_t at = out->len;
        for (const char *c = w + skip; c < p; c++) {
            unsigned char ch = (unsigned char)*c;
            if (md_is_alnum(ch) || ch == '_' || ch == '+' || ch == '#' || ch == '.' || ch == '-')
                dl_htmlbuf_append(out, c, 1);
        }
        /* Sphinx's "highlight-default" names no language */
        if (out->len - at == 7 && memcmp(out->data + at, "default", 7) == 0) {
            out->len = at;
            continue;
        }
        return out->len > at;
    }
    return 0;
}

/* The language of a code block: a language-X or lang-X class of the pre or its code child, else a
 * highlight-X class of the two blocks around the pre. */
static void code_language(const dl_node *pre, dl_htmlbuf *out) {
    const dl_node *el = pre;
    for (int pass = 0; pass < 2 && el; pass++) {
        const dl_attr *cls = dl_element_attr(el, "class", 5);
        if (cls && class_language(cls, 0, out)) return;
        const dl_node *code = NULL;
        for (const dl_node *c = el->first_child; c && !code; c = c->next)
            if (c->type == DL_NODE_ELEMENT) code = dl_is_element(c, DL_TAG_code) ? c : NULL;
        el = code;
    }
    el = pre->parent;
    for (int up = 0; up < 2 && el && el->type == DL_NODE_ELEMENT; up++, el = el->parent) {
        const dl_attr *cls = dl_element_attr(el, "class", 5);
        if (cls && class_language(cls, 1, out)) return;
    }
}

static void fenced_code(md_state *st, const dl_node *pre) {
    dl_lw *lw = &st->lw;
    md_gather(st, pre, 0);
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
    md_block_break(st);
    dl_lw_word(lw, st->tmp.data, st->tmp.len);
    dl_lw_verbatim(lw, "\n", 1);
    dl_lw_verbatim(lw, g->data, g->len);
    if (g->data[g->len - 1] != '\n') dl_lw_verbatim(lw, "\n", 1);
    dl_lw_verbatim(lw, st->tmp.data, fence_len);
    md_block_break(st);
}

static void inline_code(md_state *st, const dl_node *code) {
    dl_lw *lw = &st->lw;
    md_gather(st, code, 1);
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
    md_before_content(st);
    dl_lw_word(lw, t->data, t->len);
    const dl_node *last = code->last_child;
    if (last && last->type == DL_NODE_TEXT && last->u.text.len &&
        is_ws((unsigned char)last->u.text.ptr[last->u.text.len - 1]))
        dl_lw_space(lw);
}

/* An image as ![alt](src "title"); `caption` (when not NULL) is the title when the image has none.
 * Returns -1 when out of memory. */
static int put_image(md_state *st, const dl_node *n, const char *caption, size_t caption_len) {
    dl_lw *lw = &st->lw;
    const char *src;
    size_t src_len;
    if (!st->opts->images || !image_source(n, &src, &src_len)) return 0;
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
            escape_word(st, s + w, i - w, 0, 1, t);
        }
    }
    PUT(t, "](");
    resolve(st, src, src_len, t);
    const dl_attr *title = dl_element_attr(n, "title", 5);
    if (title && title->value.len) put_title(t, title);
    else if (caption) put_title_text(t, caption, caption_len);
    PUT(t, ")");
    if (t->failed) return -1;
    md_before_content(st);
    dl_lw_word(lw, t->data, t->len);
    return 0;
}

/* The caption of a figure for its images' titles: the value kept for it in st->captions (see there),
 * looked for and gathered on the first image asking. */
static size_t figure_caption(md_state *st, const dl_node *fig) {
    size_t v = dl_repeats_value(&st->captions, fig);
    if (v) return v;
    const dl_node *cap = NULL;
    for (const dl_node *c = fig->first_child; c && !cap; c = c->next)
        if (dl_is_element(c, DL_TAG_figcaption)) cap = c;
    dl_htmlbuf *g = &st->gather, *t = &st->captions_text;
    g->len = 0;
    if (cap) md_gather(st, cap, 1);
    v = 1;
    if (g->len && !g->failed) {
        v = t->len + 2;
        size_t len = g->len;
        dl_htmlbuf_append(t, (const char *)&len, sizeof(len));
        dl_htmlbuf_append(t, g->data, g->len);
    }
    dl_repeats_put_value(&st->captions, fig, v);
    return v;
}

/* An image of an illustration the text leaves out, on a line of its own, with the caption of the
 * <figure> around it (a few levels up at most) as its title: the caption stays with its picture
 * without entering the running text. A caption titles the images of its figure by the rule of
 * repeats.h: written for each of a figure's thousand images, it would be written a thousand times. */
static void media_image(md_state *st, const dl_node *img) {
    const dl_node *fig = img->parent;
    for (int up = 0; fig && up < 4 && !dl_is_element(fig, DL_TAG_figure); up++) fig = fig->parent;
    const char *cap = NULL;
    size_t cap_len = 0;
    if (dl_is_element(fig, DL_TAG_figure) && st->opts->images) {
        size_t v = figure_caption(st, fig);
        dl_htmlbuf *t = &st->captions_text;
        if (v >= 2 && !t->failed) {
            const char *at = t->data + (v - 2);
            memcpy(&cap_len, at, sizeof(cap_len));
            if (dl_repeat_allowed(dl_repeats_get(&st->captions, fig), cap_len, &st->allowance)) {
                cap = at + sizeof(cap_len);
                dl_repeats_add(&st->captions, fig, 1);
            }
        }
    }
    md_block_break(st);
    if (put_image(st, img, cap, cap ? cap_len : 0) < 0) st->failed = 1;
    md_block_break(st);
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

/* Whether a pipe table can show this table. Every row of a pipe table has a cell for every column
 * (GFM wants the header and delimiter rows full, and aligned rows are what a reader of the text
 * needs), so it writes rows x columns cells, however few the table holds: one 1,000-column row (a
 * colspan) over many one-cell rows, or a row of many cells over many short rows, made every row a
 * kilobyte of empty cells (800 KB of page gave 400 MB). A table whose grid is more than
 * MD_GRID_PER_CELL times the cells and rows it holds (plus MD_GRID_FREE slots, for the small tables
 * with a wide heading) is mostly holes, not a grid a reader reads: it is written as its blocks, like
 * a layout table. A table's Markdown is then at most about 3 bytes a slot, 24 a cell or row of the
 * page. Data tables fill their grid: of the development corpora's 1,351 tables
 * of two or more columns, the sparsest has 3.1 slots a cell or row. */
#define MD_GRID_PER_CELL 8
#define MD_GRID_FREE 64
static int grid_fits(const dl_table_dims *d) {
    unsigned long long slots = ((unsigned long long)d->rows + 1) * (unsigned long long)d->columns;
    return slots <= MD_GRID_PER_CELL * ((unsigned long long)d->cells + d->rows) + MD_GRID_FREE;
}

/* <ul>, <ol>: a block, or a nested list right under its item; ordered lists count from start (or down). */
static int enter_list(md_state *st, const dl_node *n, md_frame *f) {
    dl_lw *lw = &st->lw;
    int nested = st->cur_list != NO_FRAME;
    /* CommonMark lets an ordered list interrupt a paragraph only when it starts at 1. */
    if (nested && dl_is_element(n, DL_TAG_ol) && parse_long(dl_element_attr(n, "start", 5), 1) != 1)
        nested = 0;
    if (nested && !st->inline_only) {
        st->br_pending = 0;
        dl_lw_break(lw, 1);
        f->flags |= MF_NESTED;
    } else {
        md_block_break(st);
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
    return 1;
}

/* <li>: its marker ("- ", "1. ", the other marker after a list like it) as a container prefix. */
static int enter_item(md_state *st, const dl_node *n, md_frame *f) {
    dl_lw *lw = &st->lw;
    if (st->inline_only) {
        dl_lw_space(lw);
        return 1;
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
    return 1;
}

/* <table>: a pipe table when its grid fits (grid_fits), else its blocks, like a layout table. */
static int enter_table(md_state *st, const dl_node *n, md_frame *f) {
    dl_lw *lw = &st->lw;
    if (st->opts->no_tables) {
        st->nframes--;
        return -1;
    }
    f->saved = st->cur_table;
    st->cur_table = st->nframes - 1;
    if (st->inline_only) {
        dl_lw_space(lw);
        return 1;
    }
    md_block_break(st);
    dl_table_dims dims;
    if (dl_table_shape(n, &dims) || !grid_fits(&dims)) {
        f->flags |= MF_LAYOUT;
    } else {
        f->counter = dims.columns;
        f->flags |= MF_GRID;
        st->ncarry = 0;
    }
    return 1;
}

/* <tr>: a pipe table's line, or a block of a layout table. */
static int enter_row(md_state *st, md_frame *f) {
    dl_lw *lw = &st->lw;
    f->saved = st->cur_row;
    st->cur_row = st->nframes - 1;
    md_frame *t = st->cur_table != NO_FRAME ? &st->frames[st->cur_table] : NULL;
    if (!t || !(t->flags & MF_GRID) || st->inline_only) {
        if (t && (t->flags & MF_LAYOUT) && !st->inline_only) f->flags |= MF_LAYOUT;
        if (st->inline_only) dl_lw_space(lw);
        else md_block_break(st);
        return 1;
    }
    f->flags |= MF_GRID;
    st->br_pending = 0;
    dl_lw_break(lw, 1);
    dl_lw_begin(lw);
    dl_lw_put(lw, "|", 1);
    st->inline_only++;
    return 1;
}

/* <td>, <th>: a cell of the grid (rowspans from above kept aligned), a block, or a space. */
static int enter_cell(md_state *st, const dl_node *n, md_frame *f) {
    dl_lw *lw = &st->lw;
    md_frame *r = st->cur_row != NO_FRAME ? &st->frames[st->cur_row] : NULL;
    if (r && (r->flags & MF_GRID) && st->in_cell == 0) {
        f->flags |= MF_GRID;
        md_frame *t = &st->frames[st->cur_table];
        /* Columns a rowspan from above covers are empty cells here: the grid stays aligned. */
        while (r->counter < t->counter && r->counter < st->ncarry && st->carry[r->counter]) {
            dl_lw_put(lw, " |", 2);
            r->counter++;
        }
        f->counter = dl_cell_colspan(n);
        long down = dl_cell_rowspan(n);
        for (long c = r->counter; c < r->counter + f->counter && c < DL_MAX_COLSPAN; c++) {
            while (st->ncarry <= c) st->carry[st->ncarry++] = 0;
            st->carry[c] = (uint16_t)down; /* this row counts: decremented when it ends */
        }
        lw->pending_space = 1;
        st->in_cell++;
    } else if (r && (r->flags & MF_LAYOUT)) {
        md_block_break(st);
    } else {
        dl_lw_space(lw);
    }
    return 1;
}

/* <a href>: a footnote mark, or the link's opening marker (its target written when it closes). */
static int enter_link(md_state *st, const dl_node *n, md_frame *f) {
    dl_lw *lw = &st->lw;
    const dl_attr *href = dl_element_attr(n, "href", 4);
    if (href && st->in_note && md_is_note_backref(n, href)) {
        st->nframes--;
        return -1;
    }
    if (href && !st->in_link && !st->opts->no_links) {
        int r = md_note_reference(st, n, href);
        if (r < 0) return -2;
        if (r) {
            st->nframes--;
            return -1;
        }
    }
    if (st->opts->no_links || st->in_link || !href || !dl_url_is_followable(href->value.ptr, href->value.len))
        return 1;
    /* A link is written on the lines its text takes, closed and reopened on each (Markdown has no
     * link over a line break or blocks), and a misnested one is copied by the tree builder into
     * each later paragraph: one long target could be written once per line or paragraph. Its
     * writes follow the rule of repeats.h, its text is written plain where the rule refuses. A
     * copy pays when its link is built, since building reads the whole target: the size of its
     * link, known from the first copy built, is kept as the key's value + 1, so a copy the
     * allowance cannot pay costs nothing more. */
    const void *shared = dl_shared_attrs(n);
    size_t known = shared ? dl_repeats_value(&st->links, shared) : 0;
    if (known && st->allowance < known - 1) return 1;
    dl_htmlbuf *t = &st->tmp;
    t->len = 0;
    PUT(t, "](");
    resolve(st, href->value.ptr, href->value.len, t);
    put_title(t, dl_element_attr(n, "title", 5));
    PUT(t, ")");
    if (t->failed) return -2;
    if (shared) {
        if (!known) dl_repeats_put_value(&st->links, shared, t->len + 2);
        if (!dl_repeat_allowed(dl_repeats_copy_writes(&st->links, shared), t->len + 1, &st->allowance)) return 1;
    }
    /* A '!' right before the link would make it an image: escape it. */
    dl_htmlbuf *o = lw->out;
    if (!lw->pending_space && !lw->pending_break && o->len && !o->failed && o->data[o->len - 1] == '!') {
        o->data[o->len - 1] = '\\';
        dl_htmlbuf_append(o, "!", 1);
    }
    /* its first open is free (a copy's was paid above), each reopen on a later line paid */
    dl_lw_push_marker(lw, "[", 1, t->data, t->len, 1);
    dl_lw_limit_marker(lw, &st->allowance);
    f->flags |= MF_PUSHED;
    f->shared = shared;
    st->in_link = 1;
    return 1;
}

static int enter(md_state *st, const dl_node *n) {
    dl_lw *lw = &st->lw;
    switch (n->type) {
    case DL_NODE_DOCUMENT:
    case DL_NODE_FRAGMENT:
        return md_push_frame(st, DL_K_INLINE) ? 1 : -2;
    case DL_NODE_TEXT:
        if (st->filter && st->filter->skip(st->filter->ctx, n)) return -1;
        if (st->inline_gap && !st->media_only) dl_lw_touch_gap(lw, n->u.text.ptr, n->u.text.len);
        st->left_inline = st->inline_gap = 0;
        if (!st->media_only) put_text(st, n->u.text.ptr, n->u.text.len);
        return -1;
    case DL_NODE_ELEMENT:
        /* touching inline siblings: see text.c (inline gaps); a <wbr> keeps the word whole */
        if (st->opts->inline_gaps && dl_is_element(n, DL_TAG_wbr)) {
            st->left_inline = st->inline_gap = 0;
            return -1;
        }
        if (st->left_inline) st->inline_gap = 1;
        break;
    default:
        return -1;
    }
    if (st->media_only) {
        /* inside an illustration: its images, nothing else */
        if (dl_export_kind_memo(n, st->filter, &st->hidden) == DL_K_SKIP) return -1;
        if (!md_push_frame(st, DL_K_INLINE)) return -2;
        if (dl_is_element(n, DL_TAG_img)) media_image(st, n);
        return 1;
    }
    if (st->filter && st->filter->media && st->filter->media(st->filter->ctx, n)) {
        md_frame *f = md_push_frame(st, DL_K_INLINE);
        if (!f) return -2;
        f->flags |= MF_MEDIA;
        st->media_only++;
        if (dl_is_element(n, DL_TAG_img)) media_image(st, n);
        return 1;
    }
    if (st->filter && st->filter->skip(st->filter->ctx, n)) return -1;
    /* Formulas: MathJax 2's source script, MathML, and the KaTeX / MathJax 3 containers around it. */
    if (n->ns == DL_NS_MATHML && n->atom == DL_TAG_math) {
        math_element(st, n);
        return -1;
    }
    const char *tex;
    size_t tex_len;
    int display;
    if (n->ns == DL_NS_HTML && n->atom == DL_TAG_script) {
        if (dl_math_script(n, &tex, &tex_len, &display)) put_math(st, tex, tex_len, display);
        return -1;
    }
    int kind = dl_export_kind_memo(n, st->filter, &st->hidden);
    if (kind == DL_K_SKIP) return -1;
    if (kind == DL_K_INLINE || kind == DL_K_BLOCK) {
        int mk = dl_math_renderer_kind(st->doc, n);
        if (mk == DL_MATH_ARTIFACT) return -1;
        if (mk == DL_MATH_SOURCE) {
            /* Without MathML inside, a KaTeX or MathJax 3 container holds only glyph boxes (their
             * shapes come from CSS): nothing a reader of the text would see as the formula. Never
             * searched twice, so nested containers cost their size once. */
            const dl_node *math = dl_math_find(n);
            if (math) math_element(st, math);
            return -1;
        }
    }
    /* Row groups of a pipe table are transparent: the rows make the lines. */
    if (kind == DL_K_BLOCK && st->cur_table != NO_FRAME && (st->frames[st->cur_table].flags & MF_GRID) &&
        (dl_is_element(n, DL_TAG_tbody) || dl_is_element(n, DL_TAG_thead) || dl_is_element(n, DL_TAG_tfoot)))
        kind = DL_K_INLINE;
    md_frame *f = md_push_frame(st, (uint8_t)kind);
    if (!f) return -2;
    if (st->nnotes && !st->inline_only && n->u.element.nattrs &&
        (kind == DL_K_LI || kind == DL_K_PARA || kind == DL_K_BLOCK || kind == DL_K_DD) &&
        md_note_definition(st, n, f))
        return 1;
    switch (kind) {
    case DL_K_PARA:
    case DL_K_BLOCK:
    case DL_K_CAPTION:
    case DL_K_DT:
    case DL_K_DD:
        md_block_break(st);
        break;
    case DL_K_HEADING:
        md_block_break(st);
        if (!st->inline_only) {
            static const char hashes[] = "###### ";
            int level = (int)(n->atom - DL_TAG_h1) + 1;
            dl_lw_push_container(lw, hashes + 6 - level, (size_t)level + 1, "", 0);
            f->flags |= MF_PUSHED;
        }
        st->inline_only++;
        break;
    case DL_K_QUOTE:
        md_block_break(st);
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
        /* A line break inside a pipe table's cell cannot be a newline: GFM renders <br> there. */
        if (st->in_cell && st->inline_only) {
            md_before_content(st);
            dl_lw_word(lw, "<br>", 4);
        } else if (st->inline_only) {
            dl_lw_space(lw);
        } else {
            st->br_pending = 1;
        }
        break;
    case DL_K_HR:
        md_block_break(st);
        if (!st->inline_only) {
            dl_lw_word(lw, "---", 3);
            md_block_break(st);
        }
        break;
    case DL_K_LIST:
        return enter_list(st, n, f);
    case DL_K_LI:
        return enter_item(st, n, f);
    case DL_K_TABLE:
        return enter_table(st, n, f);
    case DL_K_TR:
        return enter_row(st, f);
    case DL_K_CELL:
        return enter_cell(st, n, f);
    case DL_K_EM:
    case DL_K_STRONG:
    case DL_K_DEL: {
        int *depth = kind == DL_K_EM ? &st->em : kind == DL_K_STRONG ? &st->strong : &st->del;
        if ((*depth)++ == 0 && !st->opts->no_formatting) {
            const char *mk = kind == DL_K_EM ? "*" : kind == DL_K_STRONG ? "**" : "~~";
            size_t ml = kind == DL_K_EM ? 1 : 2;
            dl_lw_push_marker(lw, mk, ml, mk, ml, 1);
            f->flags |= MF_PUSHED;
        }
        break;
    }
    case DL_K_A:
        return enter_link(st, n, f);
    case DL_K_IMG:
        if (put_image(st, n, NULL, 0) < 0) return -2;
        break;
    default:
        break;
    }
    return 1;
}

static void leave(md_state *st) {
    dl_lw *lw = &st->lw;
    md_frame *f = &st->frames[--st->nframes];
    if (st->opts->inline_gaps)
        st->left_inline = f->kind == DL_K_INLINE || f->kind == DL_K_A || f->kind == DL_K_CODE;
    if (f->flags & MF_MEDIA) {
        st->media_only--;
        return;
    }
    if (f->flags & MF_NOTE) {
        dl_lw_pop_container(lw);
        st->in_note--;
        st->br_pending = 0;
        dl_lw_break(lw, 2);
    }
    switch (f->kind) {
    case DL_K_PARA:
    case DL_K_BLOCK:
    case DL_K_CAPTION:
    case DL_K_DT:
    case DL_K_DD:
        md_block_break(st);
        break;
    case DL_K_HEADING:
        st->inline_only--;
        if (f->flags & MF_PUSHED) dl_lw_pop_container(lw);
        md_block_break(st);
        break;
    case DL_K_QUOTE:
        if (f->flags & MF_PUSHED) dl_lw_pop_container(lw);
        md_block_break(st);
        break;
    case DL_K_LIST:
        st->cur_list = f->saved;
        if (f->flags & MF_NESTED) {
            st->br_pending = 0;
            dl_lw_break(lw, 1);
        } else {
            md_block_break(st);
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
        md_block_break(st);
        break;
    case DL_K_TR: {
        st->cur_row = f->saved;
        if (!(f->flags & MF_GRID)) break;
        md_frame *t = &st->frames[st->cur_table];
        for (long c = f->counter; c < t->counter; c++) dl_lw_put(lw, " |", 2);
        for (long c = 0; c < st->ncarry; c++)
            if (st->carry[c]) st->carry[c]--;
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
        } else if (st->cur_row != NO_FRAME && (st->frames[st->cur_row].flags & MF_LAYOUT)) {
            md_block_break(st);
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
            if (f->shared) {
                uint32_t opens = dl_lw_marker_opens(lw);
                dl_repeats_add(&st->links, f->shared, opens ? opens : 1);
            }
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
    dl_url_base_init(&st.ubase, st.base.data, st.base.len, dl_url_budget(doc));
    dl_repeats_init(&st.links);
    dl_repeats_init(&st.captions);
    dl_repeats_init(&st.hidden);
    dl_htmlbuf_init(&st.captions_text);
    st.allowance = dl_repeats_allowance(doc);
    st.filter = filter && filter->skip ? filter : NULL;

    int s = 0;
    for (size_t r = 0; r < nroots && s != -2; r++) {
        if (r) md_block_break(&st); /* separate containers are separate blocks */
        s = dl_walk(roots[r], walk_enter, walk_leave, &st);
    }
    dl_lw_finish(&st.lw);
    int failed = s == -2 || st.failed || dl_lw_failed(&st.lw) || st.base.failed || st.tmp.failed || st.gather.failed ||
                 st.links.failed || st.captions.failed || st.captions_text.failed || st.hidden.failed || out->failed;
    dl_lw_free(&st.lw);
    free(st.frames);
    free(st.notes);
    dl_htmlbuf_free(&st.base);
    dl_htmlbuf_free(&st.tmp);
    dl_htmlbuf_free(&st.gather);
    dl_repeats_free(&st.links);
    dl_repeats_free(&st.captions);
    dl_repeats_free(&st.hidden);
    dl_htmlbuf_free(&st.captions_text);
    return failed ? -1 : 0;
}
