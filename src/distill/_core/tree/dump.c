/* A debug dump of a tree in the html5lib-tests "#document" format (used by the conformance tests). */
#include "tree/dump.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    char *p;
    size_t n, cap;
    int err;
} buf;

static void put(buf *b, const char *s, size_t n) {
    if (b->err) return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n + 1) {
            if (cap > ((size_t)-1) / 2) {
                b->err = 1;
                return;
            }
            cap *= 2;
        }
        char *np = realloc(b->p, cap);
        if (!np) {
            b->err = 1;
            return;
        }
        b->p = np;
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = '\0';
}

static void puts_(buf *b, const char *s) { put(b, s, strlen(s)); }

static void line_start(buf *b, size_t depth) {
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

static void dump_attrs(buf *b, const dl_node *el, size_t depth) {
    uint32_t n = el->u.element.nattrs;
    if (!n) return;
    shown_attr *sa = calloc(n, sizeof *sa);
    if (!sa) {
        b->err = 1;
        return;
    }
    for (uint32_t i = 0; i < n; i++) {
        const dl_attr *a = &el->u.element.attrs[i];
        sa[i].a = a;
        sa[i].len = a->name.len;
        sa[i].name = malloc(a->name.len + 1);
        if (!sa[i].name) {
            b->err = 1;
            continue;
        }
        memcpy(sa[i].name, a->name.ptr, a->name.len);
        sa[i].name[a->name.len] = '\0';
        if (a->ns != DL_ATTR_NS_NONE) {
            char *colon = memchr(sa[i].name, ':', a->name.len);
            if (colon) *colon = ' ';
        }
    }
    if (!b->err) {
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

static void dump_node(buf *b, const dl_document *doc, const dl_node *n, size_t depth) {
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
    buf b = {0};
    /* Iterative pre-order walk; template contents are entered through a stack of the templates. */
    const dl_node **tstack = NULL;
    size_t nt = 0, tcap = 0;
    const dl_node *root = doc->root;
    const dl_node *n = root ? root->first_child : NULL;
    size_t depth = 0;
    while (n && !b.err) {
        dump_node(&b, doc, n, depth);
        if (n->type == DL_NODE_ELEMENT && n->u.element.content) {
            line_start(&b, depth + 1);
            puts_(&b, "content\n");
            if (n->u.element.content->first_child) {
                if (nt == tcap) {
                    size_t nc = tcap ? tcap * 2 : 16;
                    const dl_node **ns = realloc(tstack, nc * sizeof *ns);
                    if (!ns) {
                        b.err = 1;
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
    if (b.err) {
        free(b.p);
        return NULL;
    }
    if (!b.p) {
        b.p = malloc(1);
        if (!b.p) return NULL;
        b.p[0] = '\0';
    }
    if (out_len) *out_len = b.n;
    return b.p;
}
