/* The Markdown walk's shared steps (markdown_state.h): frames, block breaks, pending hard breaks and
 * gathered text, called by markdown.c and markdown_notes.c alike. */
#include <stdlib.h>
#include <string.h>

#include "serialize/markdown_state.h"

md_frame *md_push_frame(md_state *st, uint8_t kind) {
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
void md_block_break(md_state *st) {
    st->br_pending = 0;
    if (st->inline_only) dl_lw_space(&st->lw);
    else dl_lw_break(&st->lw, 2);
}

/* A <br> becomes a backslash hard break, written only when more content follows in the same block. */
void md_before_content(md_state *st) {
    if (!st->br_pending) return;
    st->br_pending = 0;
    dl_lw *lw = &st->lw;
    if (lw->pending_break || !lw->line_has_content) return;
    dl_lw_close_markers(lw);
    lw->pending_space = 0;
    dl_lw_put(lw, "\\", 1);
    dl_lw_break(lw, 1);
}

/* Text of a subtree for code: verbatim (pre) or folded (inline code); <br> is a newline. */
void md_gather(md_state *st, const dl_node *root, int folded) {
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
                if (dl_ascii_is_space((unsigned char)s[i])) {
                    space = 1;
                    i++;
                    continue;
                }
                size_t w = i;
                while (i < len && !dl_ascii_is_space((unsigned char)s[i])) i++;
                if (space && g->len) PUT(g, " ");
                space = 0;
                dl_htmlbuf_append(g, s + w, i - w);
            }
        } else if (n->type == DL_NODE_ELEMENT && n != root) {
            int k = dl_export_kind_memo(n, NULL, &st->hidden);
            if (k == DL_K_SKIP) skip = 1;
            else if (k == DL_K_BR) {
                if (folded) space = 1;
                else PUT(g, "\n");
            }
        }
        n = dl_next_node(root, n, skip);
    }
}
