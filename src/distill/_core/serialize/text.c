/* Plain text out of a tree (see text.h). One pre-order walk with an explicit frame stack. */
#include "serialize/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "serialize/layout.h"
#include "serialize/repeats.h"
#include "serialize/url.h"

#define PUT(b, lit) dl_htmlbuf_append((b), (lit), sizeof(lit) - 1)

/* One frame per entered element, popped when the walk leaves it. */
typedef struct {
    uint8_t kind;
    uint8_t flags;
    long counter;     /* lists: the next item number; rows: cells so far */
    size_t aux;       /* lists: enclosing list frame; links: offset of the target in `urls` */
    size_t saved;     /* lists: enclosing list frame index saved */
} tx_frame;

enum { TF_REVERSED = 1, TF_ORDERED = 2, TF_PUSHED = 4, TF_NESTED = 8, TF_LAYOUT = 16 };

#define NO_FRAME SIZE_MAX

typedef struct {
    const dl_document *doc;
    const dl_text_options *opts;
    dl_lw lw;
    tx_frame *frames;
    size_t nframes, capframes;
    size_t cur_list;    /* index of the innermost list frame, or NO_FRAME */
    size_t cur_row;     /* innermost table row frame */
    size_t cur_table;   /* innermost table frame */
    int inline_only;    /* inside a table cell: blocks become spaces */
    int pre;            /* inside <pre>: text is verbatim */
    int in_link;
    int cell_start;     /* a cell's tab was just written: white space before its first word is not text */
    int left_inline;    /* an inline element was just left, no text since (opts->inline_gaps) */
    int inline_gap;     /* ... and another element entered after it: the next word starts a new one */
    dl_htmlbuf base;    /* effective base URL */
    dl_url_base ubase;  /* ... split, with the page's allowance for resolution (url.h) */
    dl_repeats links;   /* link targets written per shared attribute array (repeats.h) */
    dl_repeats hidden;  /* whether copies are hidden, per shared attribute array (dl_export_kind_memo) */
    size_t allowance;   /* what repeated pieces may still write (repeats.h) */
    dl_htmlbuf urls;    /* targets of the open links */
    dl_htmlbuf notes;   /* footnote list */
    dl_htmlbuf tmp;
    long nnotes;
    const dl_node_filter *filter; /* NULL: every element */
    int failed;
} tx_state;

static int is_ws(unsigned char c) { return dl_ascii_is_space(c); }

static tx_frame *push_frame(tx_state *st, uint8_t kind) {
    if (st->nframes == st->capframes) {
        size_t cap = st->capframes ? st->capframes * 2 : 64;
        if (cap > SIZE_MAX / sizeof(tx_frame)) return NULL;
        tx_frame *f = realloc(st->frames, cap * sizeof(*f));
        if (!f) return NULL;
        st->frames = f;
        st->capframes = cap;
    }
    tx_frame *f = &st->frames[st->nframes++];
    memset(f, 0, sizeof(*f));
    f->kind = kind;
    return f;
}

static void block_break(tx_state *st, int n) {
    if (st->inline_only) dl_lw_space(&st->lw);
    else dl_lw_break(&st->lw, n);
}

/* Folded text: runs of white space become one (pending) space. */
static void put_folded(tx_state *st, const char *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        if (is_ws((unsigned char)s[i])) {
            dl_lw_space(&st->lw);
            i += dl_ascii_space_prefix(s + i, n - i);
            continue;
        }
        size_t start = i;
        i += dl_ascii_word_prefix(s + i, n - i);
        if (dl_nbsp_only(s + start, i - start)) {
            dl_lw_space(&st->lw);
            continue;
        }
        if (st->cell_start) st->lw.pending_space = 0;
        st->cell_start = 0;
        /* Unwrapped lines: the words that follow one ASCII space each are written with it in one piece,
         * as word, pending space, word would write them (the space is written after content on the
         * line, and nothing else can come between), but without a call per word. A word starting with
         * 0xC2 may be no-break spaces only, which fold: it stops the piece. */
        if (!st->lw.width)
            while (i + 1 < n && s[i] == ' ' && !is_ws((unsigned char)s[i + 1]) && (unsigned char)s[i + 1] != 0xC2)
                i += 1 + dl_ascii_word_prefix(s + i + 1, n - i - 1);
        dl_lw_word(&st->lw, s + start, i - start);
    }
}

/* Inline gaps (opts->inline_gaps; the state is left_inline and inline_gap, the check dl_lw_touch_gap).
 * Sibling inline elements whose texts touch ("<a>Action</a><a>Adventure</a>", "<span>Publisher</span>
 * <span>Houghton</span>", "<span>2026</span><span>1h 54m</span>"): a page lays them out apart (a tag
 * list's chips, a label and its value, a card's fields), with margins or a flex box, and a reader
 * reads two words where the bytes hold one ("ActionAdventure"). With opts->inline_gaps, the text
 * after such a boundary starts a new word when the two bytes on each side of it are ASCII letters or
 * digits: a word spelt one letter per element (an animated headline, "<span>i</span><span>f</span>")
 * stays whole. Only between two elements: text that continues an element ("<b>W</b>ord",
 * "<a>Apple</a>s") is one word as written; never inside <pre>; never between other scripts' letters,
 * whose words are not cut by spaces. Off for to_text(), which writes the tree as it is. Emphasis
 * (<b>, <i>, <em>, <strong>, <del>) is left out of it: touching emphasis is a writer's styled run inside
 * prose, shown without a gap ("<strong>surnom</strong><em><strong>mait</strong></em>"; traf-dev's truth
 * keeps such a run glued), not a layout piece with margins. */

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

static int link_target_usable(const dl_attr *href) {
    return href && dl_url_is_followable(href->value.ptr, href->value.len);
}

static int enter(tx_state *st, const dl_node *n) {
    dl_lw *lw = &st->lw;
    switch (n->type) {
    case DL_NODE_DOCUMENT:
    case DL_NODE_FRAGMENT:
        return push_frame(st, DL_K_INLINE) ? 1 : -2;
    case DL_NODE_TEXT:
        if (st->filter && st->filter->skip(st->filter->ctx, n)) return -1;
        if (st->inline_gap && !st->pre) dl_lw_touch_gap(lw, n->u.text.ptr, n->u.text.len);
        st->left_inline = st->inline_gap = 0;
        if (st->pre) dl_lw_verbatim(lw, n->u.text.ptr, n->u.text.len);
        else put_folded(st, n->u.text.ptr, n->u.text.len);
        return -1;
    case DL_NODE_ELEMENT:
        /* a <wbr> only allows a line break inside a word: the words on both sides stay as they are */
        if (st->opts->inline_gaps && dl_is_element(n, DL_TAG_wbr)) {
            st->left_inline = st->inline_gap = 0;
            return -1;
        }
        if (st->left_inline) st->inline_gap = 1;
        break;
    default:
        return -1;
    }
    int kind = dl_export_kind_memo(n, st->filter, &st->hidden);
    if (kind == DL_K_SKIP) return -1;
    if (st->filter && st->filter->skip(st->filter->ctx, n)) return -1;
    tx_frame *f = push_frame(st, (uint8_t)kind);
    if (!f) return -2;
    switch (kind) {
    case DL_K_PARA:
    case DL_K_HEADING:
    case DL_K_HR:
        block_break(st, 2);
        break;
    case DL_K_BLOCK:
    case DL_K_CAPTION:
    case DL_K_DT:
        block_break(st, 1);
        break;
    case DL_K_DD:
    case DL_K_QUOTE:
        block_break(st, kind == DL_K_QUOTE ? 2 : 1);
        if (!st->inline_only) {
            dl_lw_push_container(lw, "  ", 2, "  ", 2);
            f->flags |= TF_PUSHED;
        }
        break;
    case DL_K_PRE:
        block_break(st, 2);
        st->pre++;
        break;
    case DL_K_BR:
        if (st->pre) dl_lw_verbatim(lw, "\n", 1);
        else if (st->inline_only) dl_lw_space(lw);
        else dl_lw_hard_newline(lw);
        break;
    case DL_K_LIST: {
        int nested = st->cur_list != NO_FRAME;
        block_break(st, nested ? 1 : 2);
        if (nested) f->flags |= TF_NESTED;
        f->saved = st->cur_list;
        st->cur_list = st->nframes - 1;
        if (dl_is_element(n, DL_TAG_ol)) {
            f->flags |= TF_ORDERED;
            if (dl_element_attr(n, "reversed", 8)) {
                f->flags |= TF_REVERSED;
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
        block_break(st, 1);
        if (st->inline_only) break;
        char first[24];
        size_t flen = 2;
        memcpy(first, "* ", 2);
        if (st->cur_list != NO_FRAME && (st->frames[st->cur_list].flags & TF_ORDERED)) {
            tx_frame *l = &st->frames[st->cur_list];
            l->counter = parse_long(dl_element_attr(n, "value", 5), l->counter);
            flen = (size_t)snprintf(first, sizeof(first), "%ld. ", l->counter);
            if (flen >= sizeof(first)) flen = sizeof(first) - 1;
            l->counter += (l->flags & TF_REVERSED) ? -1 : 1;
        }
        char rest[24];
        memset(rest, ' ', sizeof(rest));
        dl_lw_push_container(lw, first, flen, rest, flen);
        f->flags |= TF_PUSHED;
        break;
    }
    case DL_K_TABLE: {
        if (st->opts->no_tables) {
            st->nframes--;
            return -1;
        }
        block_break(st, 2);
        dl_table_dims dims;
        if (!st->inline_only && dl_table_shape(n, &dims)) f->flags |= TF_LAYOUT;
        f->saved = st->cur_table;
        st->cur_table = st->nframes - 1;
        break;
    }
    case DL_K_TR:
        block_break(st, 1);
        f->saved = st->cur_row;
        st->cur_row = st->nframes - 1;
        if (st->cur_table != NO_FRAME && (st->frames[st->cur_table].flags & TF_LAYOUT)) f->flags |= TF_LAYOUT;
        break;
    case DL_K_CELL:
        /* A layout table's cells are blocks of the page; a data table's row is one line, its cells
         * separated by tabs (what spreadsheets and `cut` read; an empty cell keeps its column). */
        if (st->cur_row != NO_FRAME && (st->frames[st->cur_row].flags & TF_LAYOUT) && !st->inline_only) {
            f->flags |= TF_LAYOUT;
            block_break(st, 1);
            break;
        }
        if (st->cur_row != NO_FRAME && !st->inline_only && st->frames[st->cur_row].counter++ > 0) {
            lw->pending_space = 0;
            dl_lw_word(lw, "\t", 1);
            lw->pending_space = 0;
            st->cell_start = 1;
        } else {
            dl_lw_space(lw);
        }
        st->inline_only++;
        break;
    case DL_K_A: {
        const dl_attr *href = dl_element_attr(n, "href", 4);
        if (st->opts->links == DL_TEXT_LINKS_NONE || st->in_link || !link_target_usable(href)) break;
        /* The copies of a misnested link (repeats.h) pay for its target when it is resolved, which
         * reads all of it: its size, known from the first copy, is kept as the key's value + 1, so a
         * copy the allowance cannot pay costs nothing more. */
        const void *shared = dl_shared_attrs(n);
        size_t known = shared ? dl_repeats_value(&st->links, shared) : 0;
        if (known && !dl_repeat_allowed(dl_repeats_copy_writes(&st->links, shared), known - 1, &st->allowance))
            break;
        f->aux = st->urls.len;
        dl_url_resolve_bounded(&st->ubase, href->value.ptr, href->value.len, &st->urls);
        f->counter = (long)(st->urls.len - f->aux);
        if (shared && !known) {
            size_t cost = (size_t)f->counter + 4;
            dl_repeats_put_value(&st->links, shared, cost + 1);
            if (!dl_repeat_allowed(dl_repeats_copy_writes(&st->links, shared), cost, &st->allowance)) {
                st->urls.len = f->aux;
                break;
            }
        }
        if (shared) dl_repeats_add(&st->links, shared, 1);
        dl_lw_push_marker(lw, "", 0, "", 0, 0);
        f->flags |= TF_PUSHED;
        st->in_link = 1;
        break;
    }
    case DL_K_IMG: {
        const dl_attr *alt = dl_element_attr(n, "alt", 3);
        if (!st->opts->images || !alt) break;
        st->tmp.len = 0;
        PUT(&st->tmp, "[");
        int space = 0;
        for (size_t i = 0; i < alt->value.len; i++) {
            unsigned char c = (unsigned char)alt->value.ptr[i];
            if (is_ws(c)) {
                space = st->tmp.len > 1;
                continue;
            }
            if (space) PUT(&st->tmp, " ");
            space = 0;
            dl_htmlbuf_append(&st->tmp, alt->value.ptr + i, 1);
        }
        PUT(&st->tmp, "]");
        if (st->tmp.len > 2 && !st->tmp.failed) dl_lw_word(lw, st->tmp.data, st->tmp.len);
        break;
    }
    default:
        break;
    }
    return 1;
}

static void leave(tx_state *st) {
    dl_lw *lw = &st->lw;
    tx_frame *f = &st->frames[--st->nframes];
    if (st->opts->inline_gaps)
        st->left_inline = f->kind == DL_K_INLINE || f->kind == DL_K_A || f->kind == DL_K_CODE;
    switch (f->kind) {
    case DL_K_PARA:
    case DL_K_HEADING:
    case DL_K_HR:
        block_break(st, 2);
        break;
    case DL_K_BLOCK:
    case DL_K_CAPTION:
    case DL_K_DT:
        block_break(st, 1);
        break;
    case DL_K_DD:
    case DL_K_QUOTE:
    case DL_K_LI:
        if (f->flags & TF_PUSHED) dl_lw_pop_container(lw);
        block_break(st, f->kind == DL_K_QUOTE ? 2 : 1);
        break;
    case DL_K_PRE:
        st->pre--;
        block_break(st, 2);
        break;
    case DL_K_LIST:
        st->cur_list = f->saved;
        block_break(st, (f->flags & TF_NESTED) ? 1 : 2);
        break;
    case DL_K_TABLE:
        st->cur_table = f->saved;
        block_break(st, 2);
        break;
    case DL_K_TR:
        st->cur_row = f->saved;
        block_break(st, 1);
        break;
    case DL_K_CELL:
        if (f->flags & TF_LAYOUT) {
            block_break(st, 1);
            break;
        }
        st->inline_only--;
        if (!st->inline_only) lw->pending_space = 0; /* the next cell's tab separates */
        else dl_lw_space(lw);
        break;
    case DL_K_A: {
        if (!(f->flags & TF_PUSHED)) break;
        st->in_link = 0;
        size_t from = 0;
        int had = dl_lw_pop_marker(lw, 1, &from);
        const char *url = st->urls.data + f->aux;
        size_t ulen = (size_t)f->counter;
        dl_htmlbuf *o = lw->out;
        if (had && !st->urls.failed && !o->failed) {
            /* A link that shows its own target says it already. */
            int same = o->len - from == ulen && memcmp(o->data + from, url, ulen) == 0;
            if (!same && st->opts->links == DL_TEXT_LINKS_INLINE) {
                dl_lw_put(lw, " (", 2);
                dl_lw_put(lw, url, ulen);
                dl_lw_put(lw, ")", 1);
            } else if (!same) {
                char num[32];
                int k = snprintf(num, sizeof(num), "[%ld]", ++st->nnotes);
                dl_lw_put(lw, num, (size_t)k);
                dl_htmlbuf_append(&st->notes, num, (size_t)k);
                PUT(&st->notes, " ");
                dl_htmlbuf_append(&st->notes, url, ulen);
                PUT(&st->notes, "\n");
            }
        }
        st->urls.len = f->aux;
        break;
    }
    default:
        break;
    }
}

/* dl_walk's callbacks take the state untyped. */
static int walk_enter(void *st, const dl_node *n) { return enter(st, n); }
static void walk_leave(void *st) { leave(st); }

int dl_to_text(const dl_document *doc, const dl_node *root, const dl_text_options *opts, dl_htmlbuf *out) {
    return dl_to_text_nodes(doc, &root, 1, NULL, opts, out);
}

int dl_to_text_nodes(const dl_document *doc, const dl_node *const *roots, size_t nroots,
                     const dl_node_filter *filter, const dl_text_options *opts, dl_htmlbuf *out) {
    tx_state st;
    memset(&st, 0, sizeof(st));
    st.doc = doc;
    st.opts = opts;
    st.cur_list = st.cur_row = st.cur_table = NO_FRAME;
    dl_htmlbuf_init(&st.base);
    dl_htmlbuf_init(&st.urls);
    dl_htmlbuf_init(&st.notes);
    dl_htmlbuf_init(&st.tmp);
    dl_lw_init(&st.lw, out, opts->width);
    if (opts->links != DL_TEXT_LINKS_NONE) dl_document_base_url(doc, opts->base_url, opts->base_len, &st.base);
    dl_url_base_init(&st.ubase, st.base.data, st.base.len, dl_url_budget(doc));
    dl_repeats_init(&st.links);
    dl_repeats_init(&st.hidden);
    st.allowance = dl_repeats_allowance(doc);
    st.filter = filter && filter->skip ? filter : NULL;

    int s = 0;
    for (size_t r = 0; r < nroots && s != -2; r++) {
        if (r) block_break(&st, 2); /* separate containers are separate paragraphs */
        s = dl_walk(roots[r], walk_enter, walk_leave, &st);
    }
    dl_lw_finish(&st.lw);
    if (st.notes.len && !st.notes.failed) {
        PUT(out, "\n\n");
        dl_htmlbuf_append(out, st.notes.data, st.notes.len - 1);
    }
    int failed = s == -2 || dl_lw_failed(&st.lw) || st.base.failed || st.urls.failed || st.notes.failed ||
                 st.tmp.failed || st.links.failed || st.hidden.failed || out->failed;
    dl_lw_free(&st.lw);
    free(st.frames);
    dl_htmlbuf_free(&st.base);
    dl_htmlbuf_free(&st.urls);
    dl_htmlbuf_free(&st.notes);
    dl_htmlbuf_free(&st.tmp);
    dl_repeats_free(&st.links);
    dl_repeats_free(&st.hidden);
    return failed ? -1 : 0;
}
