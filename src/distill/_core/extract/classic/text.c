/* Block-aware text of a subtree, the one-line folded text used for metadata, and boilerplate()'s units.
 *
 * Rendering is an enter/leave walk with no recursion. Separators are requested, not written: a block
 * boundary asks for a line break, folded white space or a table cell asks for a space, and the request
 * is written only when the next visible character comes, so lines are trimmed and there are no blank
 * lines or trailing separators without any look-ahead.
 */
#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "extract/extract.h"
#include "extract/classic/rules.h"

enum { WANT_NONE = 0, WANT_SPACE = 1, WANT_LINE = 2 };

typedef struct {
    dl_buf *out;
    size_t start;  /* out->len when rendering began: nothing is "before" it */
    int want;      /* pending separator */
    uint32_t pre;  /* depth of white-space-preserving elements */
} render;

static void request(render *r, int want) {
    if (r->out->len > r->start && want > r->want) r->want = want;
}

static void flush(render *r) {
    if (r->want == WANT_LINE) {
        /* A line already ended by a <pre>'s own newline needs no second one. */
        if (!(r->out->len > r->start && r->out->data[r->out->len - 1] == '\n')) dl_buf_append(r->out, "\n", 1);
    } else if (r->want == WANT_SPACE) {
        char last = r->out->len > r->start ? r->out->data[r->out->len - 1] : '\n';
        if (last != '\n' && last != ' ') dl_buf_append(r->out, " ", 1);
    }
    r->want = WANT_NONE;
}

static void text(render *r, const char *s, size_t n) {
    if (r->pre) {
        if (n == 0) return;
        flush(r);
        dl_buf_append(r->out, s, n);
        return;
    }
    size_t i = 0;
    while (i < n) {
        if (dl_ascii_is_space((unsigned char)s[i])) {
            request(r, WANT_SPACE);
            i++;
            continue;
        }
        size_t j = i;
        while (j < n && !dl_ascii_is_space((unsigned char)s[j])) j++;
        flush(r);
        dl_buf_append(r->out, s + i, j - i);
        i = j;
    }
}

/* Returns whether to descend. */
static int render_enter(render *r, const dl_node *n) {
    if (n->type == DL_NODE_TEXT) {
        text(r, n->u.text.ptr, n->u.text.len);
        return 0;
    }
    if (n->type == DL_NODE_DOCUMENT || n->type == DL_NODE_FRAGMENT) return 1;
    if (n->type != DL_NODE_ELEMENT) return 0;
    if (dl_rule_text_skip(n)) return 0;
    if (dl_rule_text_break(n)) {
        request(r, WANT_LINE);
        return 0;
    }
    if (dl_rule_text_block(n)) request(r, WANT_LINE);
    else if (dl_rule_text_cell(n)) request(r, WANT_SPACE);
    if (dl_rule_text_pre(n)) r->pre++;
    return 1;
}

static void render_leave(render *r, const dl_node *n, int descended) {
    if (n->type != DL_NODE_ELEMENT || !descended) return;
    if (dl_rule_text_block(n)) request(r, WANT_LINE);
    else if (dl_rule_text_cell(n)) request(r, WANT_SPACE);
    if (dl_rule_text_pre(n) && r->pre) r->pre--;
}

int dl_render_text(const dl_node *root, dl_buf *out) {
    render r = {out, out->len, WANT_NONE, 0};
    const dl_node *n = root;
    while (n) {
        int descended = render_enter(&r, n);
        if (descended && n->first_child) {
            n = n->first_child;
            continue;
        }
        for (;;) {
            render_leave(&r, n, descended);
            descended = 1; /* every ancestor we climb back through was descended into */
            if (n == root) {
                n = NULL;
                break;
            }
            if (n->next) {
                n = n->next;
                break;
            }
            n = n->parent;
        }
    }
    /* A <pre> may end with its own newline; the rendering never ends with a separator. */
    while (out->len > r.start && (out->data[out->len - 1] == '\n' || out->data[out->len - 1] == ' ')) out->len--;
    if (out->data && out->len < out->cap) out->data[out->len] = '\0';
    return out->failed ? -1 : 0;
}

/* Whether any element below n is a unit. Skips what the renderer skips (a <p> inside <noscript> is
 * not text anyway). Stops at the first unit found, so across all callers each node is scanned at most
 * once (extract.h). */
static int contains_unit(const dl_node *n) {
    const dl_node *d = n->first_child;
    while (d) {
        int skip = 0;
        if (d->type == DL_NODE_ELEMENT) {
            if (dl_rule_text_skip(d)) skip = 1;
            else if (dl_rule_is_unit(d)) return 1;
        } else {
            skip = 1;
        }
        d = dl_next_node(n, d, skip);
    }
    return 0;
}

static int add_unit(dl_unit_list *l, const dl_node *n, int in_winner) {
    if (l->count == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 32;
        if (cap > SIZE_MAX / sizeof(dl_unit)) return -1;
        dl_unit *u = realloc(l->units, cap * sizeof(dl_unit));
        if (!u) return -1;
        l->units = u;
        l->cap = cap;
    }
    size_t start = l->text.len;
    if (dl_render_text(n, &l->text) < 0) return -1;
    if (l->text.len == start) return 0; /* a unit with no text is not reported */
    dl_unit *u = &l->units[l->count++];
    u->node = n;
    u->text_start = start;
    u->text_len = l->text.len - start;
    dl_measure(n, &u->chars, &u->link_chars);
    u->is_heading = (uint8_t)dl_rule_is_heading(n);
    u->in_winner = (uint8_t)in_winner;
    return 0;
}

int dl_collect_units(const dl_node *root, const dl_node *winner, dl_unit_list *out) {
    memset(out, 0, sizeof(*out));
    /* The winner's subtree is the run of pre-order positions from the winner up to (excluding) the node
     * after its subtree, so membership is tracked in passing instead of by climbing parents per unit. */
    const dl_node *winner_end = NULL;
    int in_winner = 0;
    const dl_node *n = root;
    while (n) {
        if (in_winner && n == winner_end) in_winner = 0;
        if (winner && n == winner) {
            in_winner = 1;
            winner_end = dl_next_node(root, winner, 1);
        }
        int skip = 0;
        if (n->type == DL_NODE_ELEMENT) {
            if (dl_rule_text_skip(n)) {
                skip = 1;
            } else if (dl_rule_is_unit(n) && !contains_unit(n)) {
                if (add_unit(out, n, in_winner) < 0) return -1;
                skip = 1; /* it holds no other unit */
            }
        } else if (n->type != DL_NODE_DOCUMENT && n->type != DL_NODE_FRAGMENT) {
            skip = 1;
        }
        n = dl_next_node(root, n, skip);
    }
    return out->text.failed ? -1 : 0;
}

void dl_unit_list_free(dl_unit_list *l) {
    free(l->units);
    l->units = NULL;
    l->count = l->cap = 0;
    dl_buf_free(&l->text);
}
