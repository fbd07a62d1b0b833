/* "Creating and inserting nodes" (HTML Standard 13.2.6.1,
 * https://html.spec.whatwg.org/multipage/parsing.html#creating-and-inserting-nodes): create an element
 * for a token, the appropriate place for inserting a node (with foster parenting), insert an HTML or
 * foreign element, insert a character, insert a comment. */
#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "tree/tb_internal.h"

static dl_str keep(tb *b, dl_slice s, int *err) {
    dl_str r = {"", 0};
    if (!s.len) return r;
    if (s.borrowed) {
        r.ptr = s.ptr;
    } else {
        char *p = dl_arena_strndup(&b->doc->arena, s.ptr, s.len);
        if (!p) {
            *err = 1;
            return r;
        }
        r.ptr = p;
    }
    r.len = s.len;
    return r;
}

/* "Create an element for the token"
 * (https://html.spec.whatwg.org/multipage/parsing.html#create-an-element-for-the-token), without the
 * scripting and custom-element steps a parser without scripts has no use for. */
dl_node *tb_create_element(tb *b, const tb_token *t, uint32_t atom, uint8_t ns) {
    dl_node *el = dl_node_new_element(b->doc, atom, ns);
    if (!el) return NULL;
    if (t && t->raw) {
        el->span_start = t->start >= UINT32_MAX ? DL_NO_SPAN : (uint32_t)t->start;
        el->span_end = t->end >= UINT32_MAX ? DL_NO_SPAN : (uint32_t)t->end;
        if (el->span_start == DL_NO_SPAN) el->span_end = DL_NO_SPAN;
    }
    if (t && t->nattrs) {
        if (t->nattrs > UINT32_MAX) return NULL;
        dl_attr *a = dl_arena_alloc(&b->doc->arena, t->nattrs * sizeof(dl_attr));
        if (!a) return NULL;
        int err = 0;
        for (size_t i = 0; i < t->nattrs; i++) {
            a[i].name = keep(b, t->attrs[i].name, &err);
            a[i].value = keep(b, t->attrs[i].value, &err);
            a[i].ns = DL_ATTR_NS_NONE;
        }
        if (err) return NULL;
        el->u.element.attrs = a;
        el->u.element.nattrs = (uint32_t)t->nattrs;
    }
    if (ns == DL_NS_HTML && atom == DL_TAG_template) {
        el->u.element.content = dl_node_new_fragment(b->doc);
        if (!el->u.element.content) return NULL;
    }
    if (ns == DL_NS_MATHML && atom == DL_TAG_annotation_xml) {
        const dl_attr *enc = dl_element_attr(el, "encoding", 8);
        if (enc) {
            const char *v = enc->value.ptr;
            size_t n = enc->value.len;
            static const char *const types[] = {"text/html", "application/xhtml+xml"};
            for (int k = 0; k < 2; k++) {
                if (dl_ascii_eq_ci_lit((const char *)v, n, types[k])) el->flags |= DL_NODE_F_HTML_INTEGRATION;
            }
        }
    }
    return el;
}

dl_node *tb_clone_element(tb *b, const dl_node *src) {
    dl_node *el = dl_node_new_element(b->doc, src->atom, src->ns);
    if (!el) return NULL;
    el->flags = src->flags & (uint16_t)~(DL_NODE_F_IMPLIED_END | TB_F_ON_STACK);
    /* The copy shares the original's attribute array (never written after creation, see dom.h).
     * Owning a copy each cost the attribute count per clone, and one formatting element with k
     * attributes reopened in each of k paragraphs ("<p><b a1 .. ak>x</p>" + "<p>x</p>" * k) made
     * k^2 attribute records: 625 MB for a 55 KB page. */
    el->u.element.attrs = src->u.element.attrs;
    el->u.element.nattrs = src->u.element.nattrs;
    return el;
}

/* "The appropriate place for inserting a node"
 * (https://html.spec.whatwg.org/multipage/parsing.html#appropriate-place-for-inserting-a-node), with
 * an optional override target; the place is inside *parent, before *before (NULL: at the end). */
void tb_appropriate_place(tb *b, dl_node *target, dl_node **parent, dl_node **before) {
    /* 1. target: the override target, else the current node. */
    if (!target) target = tb_current(b);
    *before = NULL;
    dl_node *p = target;
    /* 2. Foster parenting is on and target is a table, tbody, tfoot, thead or tr. */
    if (b->foster && target->ns == DL_NS_HTML &&
        (target->atom == DL_TAG_table || target->atom == DL_TAG_tbody || target->atom == DL_TAG_tfoot ||
         target->atom == DL_TAG_thead || target->atom == DL_TAG_tr)) {
        /* 2.1-2.2 The last template and the last table on the stack. Their topmost entries come from
         * the per-atom index in O(1): searching the mirror stack for a template that is not there
         * walked every open table part, and "<table><b><tr><td>x" * n (each <b> fostered out of a
         * table nested in the previous cell) took 8 s at 1 MB. */
        uint32_t it = tb_top_html(b, DL_TAG_template), itab = tb_top_html(b, DL_TAG_table);
        if (it && it > itab) {
            p = b->stack[it - 1]; /* 2.3 inside the last template (its contents, step 4) */
        } else if (!itab) {
            p = b->stack[0]; /* 2.4 no table (fragment case): inside the html element */
        } else if (b->stack[itab - 1]->parent) {
            /* 2.5 the last table has a parent: inside it, just before the table. */
            *parent = b->stack[itab - 1]->parent;
            *before = b->stack[itab - 1];
            return;
        } else {
            /* 2.6-2.7 inside the element immediately above the last table in the stack (the nearest
             * live entry below it), after its last child. */
            p = itab > 1 ? b->stack[tb_stack_below(b, itab - 1)] : b->stack[0];
        }
    }
    /* 3. Otherwise inside target, after its last child. 4. Inside a template: its contents. */
    if (tb_is_html(p, DL_TAG_template) && p->u.element.content) p = p->u.element.content;
    /* 5. Return the adjusted insertion location. */
    *parent = p;
}

void tb_insert_at(dl_node *parent, dl_node *before, dl_node *n) { dl_node_insert_before(parent, n, before); }

/* "Insert an HTML element"
 * (https://html.spec.whatwg.org/multipage/parsing.html#insert-an-html-element): create it, insert it
 * at the appropriate place, push it onto the stack of open elements. */
dl_node *tb_insert_html(tb *b, const tb_token *t) {
    dl_node *el = tb_create_element(b, t, t->atom, DL_NS_HTML);
    if (!el) {
        tb_oom(b);
        return NULL;
    }
    dl_node *parent, *before;
    tb_appropriate_place(b, NULL, &parent, &before);
    tb_insert_at(parent, before, el);
    if (tb_push(b, el)) return NULL;
    return el;
}

dl_node *tb_insert_html_atom(tb *b, uint32_t atom) {
    dl_node *el = dl_node_new_element(b->doc, atom, DL_NS_HTML);
    if (!el) {
        tb_oom(b);
        return NULL;
    }
    if (atom == DL_TAG_template) {
        el->u.element.content = dl_node_new_fragment(b->doc);
        if (!el->u.element.content) {
            tb_oom(b);
            return NULL;
        }
    }
    dl_node *parent, *before;
    tb_appropriate_place(b, NULL, &parent, &before);
    tb_insert_at(parent, before, el);
    if (tb_push(b, el)) return NULL;
    return el;
}

/* "Insert a foreign element"
 * (https://html.spec.whatwg.org/multipage/parsing.html#insert-a-foreign-element), with the SVG name
 * and the foreign attribute adjustments; only_add_to_stack is the Standard's flag of the same name. */
dl_node *tb_insert_foreign(tb *b, const tb_token *t, uint8_t ns, int only_add_to_stack) {
    uint32_t atom = t->atom;
    if (ns == DL_NS_SVG) atom = tb_svg_tag_atom(b, t);
    if (atom == DL_TAG__NONE) {
        tb_oom(b);
        return NULL;
    }
    dl_node *el = tb_create_element(b, t, atom, ns);
    if (!el) {
        tb_oom(b);
        return NULL;
    }
    tb_adjust_attrs(b, el);
    if (t->self_closing) el->flags |= DL_NODE_F_SELF_CLOSING;
    if (!only_add_to_stack) {
        dl_node *parent, *before;
        tb_appropriate_place(b, NULL, &parent, &before);
        tb_insert_at(parent, before, el);
    }
    if (tb_push(b, el)) return NULL;
    return el;
}

/* Text nodes the tree builder grows keep their capacity in a header just before the bytes, so that
 * appending to a text node while other nodes are allocated in between (foster-parented table text)
 * stays amortised linear. A text node whose bytes lie inside the source buffer is a zero-copy slice. */
typedef struct {
    size_t cap;
} text_hdr;

static int in_source(tb *b, const char *p) {
    return b->doc->source && p >= b->doc->source && p < b->doc->source + b->doc->source_len;
}

int tb_in_source(tb *b, const char *p) { return in_source(b, p); }

static uint32_t off32(uint64_t v) { return v >= UINT32_MAX ? DL_NO_SPAN : (uint32_t)v; }

/* "Insert a character" (https://html.spec.whatwg.org/multipage/parsing.html#insert-a-character), for a
 * run of characters at once: a document has no text children; text next to a text node extends it. */
int tb_insert_chars(tb *b, const char *p, size_t n) {
    if (!n || b->status) return b->status ? -1 : 0;
    dl_node *parent, *before;
    tb_appropriate_place(b, NULL, &parent, &before);
    if (parent->type == DL_NODE_DOCUMENT) return 0;
    const tb_token *t = b->cur;
    uint32_t s = DL_NO_SPAN, e = DL_NO_SPAN;
    if (in_source(b, p)) {
        s = (uint32_t)(p - b->doc->source);
        e = off32((uint64_t)s + n);
    } else if (b->span_override) {
        s = off32(b->span_start);
        e = off32(b->span_end);
    } else if (t) {
        s = off32(t->start);
        e = off32(t->end);
    }
    dl_node *adj = before ? before->prev : parent->last_child;
    if (adj && adj->type == DL_NODE_TEXT) {
        dl_str *tx = &adj->u.text;
        if (in_source(b, tx->ptr) && tx->ptr + tx->len == p) {
            tx->len += n; /* contiguous in the source: still zero-copy */
        } else {
            text_hdr *h;
            if (in_source(b, tx->ptr) || tx->len == 0) {
                size_t cap = (tx->len + n) * 2;
                if (cap < 32) cap = 32;
                h = dl_arena_alloc(&b->doc->arena, sizeof(text_hdr) + cap);
                if (!h) return tb_oom(b);
                h->cap = cap;
                memcpy((char *)(h + 1), tx->ptr, tx->len);
            } else {
                h = (text_hdr *)(void *)(tx->ptr - sizeof(text_hdr));
                if (h->cap < tx->len + n) {
                    size_t cap = (tx->len + n) * 2;
                    text_hdr *h2 = dl_arena_alloc(&b->doc->arena, sizeof(text_hdr) + cap);
                    if (!h2) return tb_oom(b);
                    h2->cap = cap;
                    memcpy((char *)(h2 + 1), tx->ptr, tx->len);
                    h = h2;
                }
            }
            memcpy((char *)(h + 1) + tx->len, p, n);
            tx->ptr = (const char *)(h + 1);
            tx->len += n;
        }
        if (e != DL_NO_SPAN && (adj->span_end == DL_NO_SPAN || e > adj->span_end)) adj->span_end = e;
        if (adj->span_start == DL_NO_SPAN) adj->span_start = s;
        return 0;
    }
    dl_node *tn;
    if (in_source(b, p)) {
        tn = dl_node_new_text(b->doc, p, n, 0);
        if (!tn) return tb_oom(b);
    } else {
        size_t cap = n < 16 ? 16 : n;
        text_hdr *h = dl_arena_alloc(&b->doc->arena, sizeof(text_hdr) + cap);
        if (!h) return tb_oom(b);
        h->cap = cap;
        memcpy((char *)(h + 1), p, n);
        tn = dl_node_new_text(b->doc, (const char *)(h + 1), n, 0);
        if (!tn) return tb_oom(b);
    }
    tn->span_start = s;
    tn->span_end = e;
    tb_insert_at(parent, before, tn);
    return 0;
}

/* "Insert a comment" (https://html.spec.whatwg.org/multipage/parsing.html#insert-a-comment), at the
 * given position or the appropriate place. */
int tb_insert_comment(tb *b, const tb_token *t, dl_node *parent) {
    dl_node *before = NULL;
    if (!parent) tb_appropriate_place(b, NULL, &parent, &before);
    dl_node *c = dl_node_new_comment(b->doc, t->data.ptr, t->data.len, !t->data.borrowed);
    if (!c) return tb_oom(b);
    c->span_start = off32(t->start);
    c->span_end = off32(t->end);
    tb_insert_at(parent, before, c);
    return 0;
}
