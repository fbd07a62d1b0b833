/* A debug dump of a tree in the html5lib-tests "#document" format (used by the conformance tests). */
#include "tree/dump.h"

#include "common/buf.h"

#include <stdlib.h>
#include <string.h>

static void put(dl_buf *b, const char *s, size_t n) { dl_buf_append(b, s, n); }

static void puts_(dl_buf *b, const char *s) { put(b, s, strlen(s)); }

static void line_start(dl_buf *b, size_t depth) {
    puts_(b, "| ");
    for (size_t i = 0; i < depth; i++) puts_(b, "  ");
}

static const char *ns_prefix(uint8_t ns) {
    return ns == DL_NS_SVG ? "svg " : ns == DL_NS_MATHML ? "math " : "";
}

typedef struct {
    char *name; /* display name, malloc'd */
    size_t len;
    const dl_attr *a;
} shown_attr;

static int cmp_attr(const void *x, const void *y) {
    const shown_attr *a = x, *c = y;
    size_t n = a->len < c->len ? a->len : c->len;
    int r = memcmp(a->name, c->name, n);
    if (r) return r;
    return a->len < c->len ? -1 : a->len > c->len;
}

static void dump_attrs(dl_buf *b, const dl_node *el, size_t depth) {
    uint32_t n = el->u.element.nattrs;
    if (!n) return;
    shown_attr *sa = calloc(n, sizeof *sa);
    if (!sa) {
        b->failed = 1;
        return;
    }
    for (uint32_t i = 0; i < n; i++) {
        const dl_attr *a = &el->u.element.attrs[i];
        sa[i].a = a;
        sa[i].len = a->name.len;
        sa[i].name = malloc(a->name.len + 1);
        if (!sa[i].name) {
            b->failed = 1;
            continue;
        }
        memcpy(sa[i].name, a->name.ptr, a->name.len);
        sa[i].name[a->name.len] = '\0';
        if (a->ns != DL_ATTR_NS_NONE) {
            char *colon = memchr(sa[i].name, ':', a->name.len);
            if (colon) *colon = ' ';
        }
    }
    if (!b->failed) {
        qsort(sa, n, sizeof *sa, cmp_attr);
        for (uint32_t i = 0; i < n; i++) {
            line_start(b, depth);
            put(b, sa[i].name, sa[i].len);
            puts_(b, "=\"");
            put(b, sa[i].a->value.ptr, sa[i].a->value.len);
            puts_(b, "\"\n");
        }
    }
    for (uint32_t i = 0; i < n; i++) free(sa[i].name);
    free(sa);
}

static void dump_node(dl_buf *b, const dl_document *doc, const dl_node *n, size_t depth) {
    line_start(b, depth);
    switch (n->type) {
    case DL_NODE_ELEMENT: {
        dl_str name = dl_document_atom_name(doc, n->atom);
        puts_(b, "<");
        puts_(b, ns_prefix(n->ns));
        put(b, name.ptr, name.len);
        puts_(b, ">\n");
        dump_attrs(b, n, depth + 1);
        break;
    }
    case DL_NODE_TEXT:
        puts_(b, "\"");
        put(b, n->u.text.ptr, n->u.text.len);
        puts_(b, "\"\n");
        break;
    case DL_NODE_COMMENT:
        puts_(b, "<!-- ");
        put(b, n->u.text.ptr, n->u.text.len);
        puts_(b, " -->\n");
        break;
    case DL_NODE_DOCTYPE: {
        const dl_doctype *d = n->u.doctype;
        puts_(b, "<!DOCTYPE ");
        put(b, d->name.ptr, d->name.len);
        if (d->has_public_id || d->has_system_id) {
            puts_(b, " \"");
            put(b, d->public_id.ptr, d->public_id.len);
            puts_(b, "\" \"");
            put(b, d->system_id.ptr, d->system_id.len);
            puts_(b, "\"");
        }
        puts_(b, ">\n");
        break;
    }
    default:
        puts_(b, "?\n");
        break;
    }
}

char *dl_tree_dump(const dl_document *doc, size_t *out_len) {
    dl_buf b = {0};
    /* Iterative pre-order walk; template contents are entered through a stack of the templates. */
    const dl_node **tstack = NULL;
    size_t nt = 0, tcap = 0;
    const dl_node *root = doc->root;
    const dl_node *n = root ? root->first_child : NULL;
    size_t depth = 0;
    while (n && !b.failed) {
        dump_node(&b, doc, n, depth);
        if (n->type == DL_NODE_ELEMENT && n->u.element.content) {
            line_start(&b, depth + 1);
            puts_(&b, "content\n");
            if (n->u.element.content->first_child) {
                if (nt == tcap) {
                    size_t nc = tcap ? tcap * 2 : 16;
                    const dl_node **ns = realloc(tstack, nc * sizeof *ns);
                    if (!ns) {
                        b.failed = 1;
                        break;
                    }
                    tstack = ns;
                    tcap = nc;
                }
                tstack[nt++] = n;
                n = n->u.element.content->first_child;
                depth += 2;
                continue;
            }
        }
        if (n->first_child) {
            n = n->first_child;
            depth++;
            continue;
        }
        while (n) {
            if (n->next) {
                n = n->next;
                break;
            }
            const dl_node *p = n->parent;
            if (!p || p == root) {
                n = NULL;
                break;
            }
            if (p->type == DL_NODE_FRAGMENT && nt) {
                n = tstack[--nt];
                depth -= 2;
                /* the template's own children (rare) follow its contents */
                if (n->first_child) {
                    n = n->first_child;
                    depth++;
                    break;
                }
                continue;
            }
            n = p;
            depth--;
        }
    }
    free(tstack);
    if (b.failed) {
        dl_buf_free(&b);
        return NULL;
    }
    size_t len = b.len;
    char *text = dl_buf_take(&b);
    if (!text) return NULL;
    if (out_len) *out_len = len;
    return text;
}
