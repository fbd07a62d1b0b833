/* The LaTeX of a formula (see math.h). */
#include "serialize/math.h"

#include <string.h>

#include "serialize/layout.h"

#define PUT(b, lit) dl_htmlbuf_append((b), (lit), sizeof(lit) - 1)

static int is_ws(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; }

static int is_mathml(const dl_node *n, uint32_t atom) {
    return n && n->type == DL_NODE_ELEMENT && n->ns == DL_NS_MATHML && n->atom == atom;
}

static int attr_is(const dl_node *el, const char *name, const char *lower) {
    const dl_attr *a = dl_element_attr(el, name, strlen(name));
    size_t n = strlen(lower);
    return a && a->value.len == n && dl_ascii_ieq(a->value.ptr, lower, n);
}

/* Text of a subtree, white space folded and trimmed. */
static void folded_text(const dl_node *root, dl_htmlbuf *out) {
    int space = 0;
    size_t start = out->len;
    for (const dl_node *n = root; n; n = dl_next_node(root, n, 0)) {
        if (n->type != DL_NODE_TEXT) continue;
        for (size_t i = 0; i < n->u.text.len; i++) {
            unsigned char c = (unsigned char)n->u.text.ptr[i];
            if (is_ws(c)) {
                space = 1;
                continue;
            }
            if (space && out->len > start) PUT(out, " ");
            space = 0;
            dl_htmlbuf_append(out, n->u.text.ptr + i, 1);
        }
    }
}

static const dl_node *tex_annotation(const dl_node *math) {
    for (const dl_node *n = math; n; n = dl_next_node(math, n, 0))
        if ((is_mathml(n, DL_TAG_annotation)) && attr_is(n, "encoding", "application/x-tex")) return n;
    return NULL;
}

static const dl_node *prev_element(const dl_node *n) {
    for (n = n->prev; n; n = n->prev)
        if (n->type == DL_NODE_ELEMENT) return n;
    return NULL;
}

/* Position of n among its parent's element children, capped at 3 (only scripts and fractions ask). */
static int element_index(const dl_node *n) {
    int i = 0;
    for (const dl_node *p = prev_element(n); p && i < 3; p = prev_element(p)) i++;
    return i;
}

/* TeX's special characters in a token are written as TeX commands. */
static void put_token_text(const dl_node *tok, dl_htmlbuf *out) {
    dl_htmlbuf t;
    dl_htmlbuf_init(&t);
    folded_text(tok, &t);
    for (size_t i = 0; i < t.len; i++) {
        char c = t.data[i];
        if (c == '{' || c == '}' || c == '%' || c == '#' || c == '&' || c == '$' || c == '_') PUT(out, "\\");
        if (c == '\\') PUT(out, "\\backslash ");
        else dl_htmlbuf_append(out, &c, 1);
    }
    if (t.failed) out->failed = 1;
    dl_htmlbuf_free(&t);
}

/* The prefix and suffix of a node inside the MathML being converted, from its own kind and its place
 * under its parent. */
static void affixes(const dl_node *n, const char **pre, const char **post) {
    *pre = *post = "";
    const dl_node *p = n->parent;
    if (p && p->type == DL_NODE_ELEMENT && p->ns == DL_NS_MATHML) {
        int i = element_index(n);
        switch (p->atom) {
        case DL_TAG_mfrac:
            *pre = i == 0 ? "\\frac{" : "{";
            *post = "}";
            return;
        case DL_TAG_msup:
        case DL_TAG_mover:
            *pre = i == 0 ? "{" : "^{";
            *post = "}";
            return;
        case DL_TAG_msub:
        case DL_TAG_munder:
            *pre = i == 0 ? "{" : "_{";
            *post = "}";
            return;
        case DL_TAG_msubsup:
        case DL_TAG_munderover:
            *pre = i == 0 ? "{" : i == 1 ? "_{" : "^{";
            *post = "}";
            return;
        case DL_TAG_mroot: /* \sqrt[n]{x} needs the index first: x^{1/n} says the same in order */
            *pre = i == 0 ? "{" : "^{1/";
            *post = "}";
            return;
        case DL_TAG_mtr:
        case DL_TAG_mlabeledtr:
            if (i > 0) *pre = " & ";
            break;
        case DL_TAG_mtable:
            if (i > 0) *pre = " \\\\ ";
            break;
        default:
            break;
        }
    }
    if (n->ns != DL_NS_MATHML) return;
    switch (n->atom) {
    case DL_TAG_msqrt:
        *pre = "\\sqrt{";
        *post = "}";
        break;
    case DL_TAG_mtable:
        *pre = "\\begin{matrix} ";
        *post = " \\end{matrix}";
        break;
    case DL_TAG_mtext:
        *pre = "\\text{";
        *post = "}";
        break;
    case DL_TAG_mspace:
        *pre = " ";
        break;
    default:
        break;
    }
}

static void convert(const dl_node *math, dl_htmlbuf *out) {
    const dl_node *x = math->first_child;
    if (!x) return;
    for (;;) {
        int descend = 0;
        if (x->type == DL_NODE_ELEMENT) {
            const char *pre, *post;
            affixes(x, &pre, &post);
            dl_htmlbuf_append(out, pre, strlen(pre));
            int token = x->ns == DL_NS_MATHML && (x->atom == DL_TAG_mi || x->atom == DL_TAG_mn ||
                                                  x->atom == DL_TAG_mo || x->atom == DL_TAG_ms ||
                                                  x->atom == DL_TAG_mtext);
            int skipped = is_mathml(x, DL_TAG_annotation) || is_mathml(x, DL_TAG_annotation_xml);
            if (token) put_token_text(x, out);
            else if (is_mathml(x, DL_TAG_mfenced)) {
                const dl_attr *o = dl_element_attr(x, "open", 4);
                if (o) dl_htmlbuf_append(out, o->value.ptr, o->value.len);
                else PUT(out, "(");
            }
            descend = !token && !skipped && x->first_child;
            if (!descend) {
                if (is_mathml(x, DL_TAG_mfenced)) {
                    const dl_attr *c = dl_element_attr(x, "close", 5);
                    if (c) dl_htmlbuf_append(out, c->value.ptr, c->value.len);
                    else PUT(out, ")");
                }
                dl_htmlbuf_append(out, post, strlen(post));
            }
        } else if (x->type == DL_NODE_TEXT && x->parent != math) {
            /* text outside token elements is white space between them */
        }
        if (descend) {
            x = x->first_child;
            continue;
        }
        for (;;) {
            if (x->next) {
                x = x->next;
                break;
            }
            x = x->parent;
            if (x == math) return;
            /* leaving an element whose children were written: its suffix */
            const char *pre, *post;
            affixes(x, &pre, &post);
            if (is_mathml(x, DL_TAG_mfenced)) {
                const dl_attr *c = dl_element_attr(x, "close", 5);
                if (c) dl_htmlbuf_append(out, c->value.ptr, c->value.len);
                else PUT(out, ")");
            }
            dl_htmlbuf_append(out, post, strlen(post));
        }
    }
}

void dl_math_latex(const dl_node *math, dl_htmlbuf *out, int *display) {
    *display = attr_is(math, "display", "block") || attr_is(math, "mode", "display");
    const dl_node *ann = tex_annotation(math);
    if (ann) {
        folded_text(ann, out);
        return;
    }
    size_t start = out->len;
    convert(math, out);
    /* the conversion's output trimmed: spaces come from mspace and affixes at the edges */
    size_t e = out->len;
    while (e > start && out->data[e - 1] == ' ') e--;
    out->len = e;
    size_t s = start;
    while (s < out->len && out->data[s] == ' ') s++;
    if (s > start && !out->failed) {
        memmove(out->data + start, out->data + s, out->len - s);
        out->len -= s - start;
    }
}

int dl_math_script(const dl_node *el, const char **tex, size_t *len, int *display) {
    if (!dl_is_element(el, DL_TAG_script)) return 0;
    const dl_attr *type = dl_element_attr(el, "type", 4);
    if (!type || type->value.len < 8 || !dl_ascii_ieq(type->value.ptr, "math/tex", 8)) return 0;
    const char *rest = type->value.ptr + 8;
    size_t rn = type->value.len - 8;
    *display = 0;
    for (size_t i = 0; i + 12 <= rn; i++)
        if (dl_ascii_ieq(rest + i, "mode=display", 12)) *display = 1;
    const dl_node *t = el->first_child;
    *tex = "";
    *len = 0;
    if (t && t->type == DL_NODE_TEXT) {
        const char *s = t->u.text.ptr;
        size_t n = t->u.text.len;
        while (n && is_ws((unsigned char)*s)) s++, n--;
        while (n && is_ws((unsigned char)s[n - 1])) n--;
        *tex = s;
        *len = n;
    }
    return 1;
}

static const dl_node *next_element(const dl_node *n) {
    for (n = n->next; n; n = n->next)
        if (n->type == DL_NODE_ELEMENT) return n;
    return NULL;
}

/* MathJax 2's output classes after "MathJax": "", "_Display", "_SVG", "_SVG_Display", "_CHTML". */
static int is_mathjax_output(const char *s, size_t n) {
    static const char *const rest[] = {"", "_Display", "_SVG", "_SVG_Display", "_CHTML"};
    for (size_t k = 0; k < sizeof(rest) / sizeof(rest[0]); k++)
        if (strlen(rest[k]) == n && memcmp(s, rest[k], n) == 0) return 1;
    return 0;
}

int dl_math_renderer_kind(const dl_document *doc, const dl_node *el) {
    if (el->ns != DL_NS_HTML) return DL_MATH_NONE;
    if (el->atom >= DL_TAG__COUNT) {
        dl_str name = dl_document_atom_name(doc, el->atom);
        return name.len == 13 && memcmp(name.ptr, "mjx-container", 13) == 0 ? DL_MATH_SOURCE : DL_MATH_NONE;
    }
    const dl_attr *a = el->u.element.nattrs ? dl_element_attr(el, "class", 5) : NULL;
    if (!a) return DL_MATH_NONE;
    /* one pass over the class tokens: every element of a page asks, few have math */
    int kind = DL_MATH_NONE;
    const char *p = a->value.ptr, *e = p + a->value.len;
    while (p < e && kind == DL_MATH_NONE) {
        while (p < e && is_ws((unsigned char)*p)) p++;
        const char *w = p;
        while (p < e && !is_ws((unsigned char)*p)) p++;
        size_t n = (size_t)(p - w);
        if (n == 5 && memcmp(w, "katex", 5) == 0) kind = DL_MATH_SOURCE;
        else if (n == 15 && memcmp(w, "MathJax_Preview", 15) == 0) kind = DL_MATH_ARTIFACT;
        else if (n >= 7 && memcmp(w, "MathJax", 7) == 0 && is_mathjax_output(w + 7, n - 7)) {
            /* the rendered copy is only an artifact when its source script follows it */
            const dl_node *nx = next_element(el);
            const char *t;
            size_t tn;
            int d;
            if (nx && dl_math_script(nx, &t, &tn, &d)) kind = DL_MATH_ARTIFACT;
            else return DL_MATH_NONE;
        }
    }
    return kind;
}

const dl_node *dl_math_find(const dl_node *root) {
    for (const dl_node *n = root; n; n = dl_next_node(root, n, 0))
        if (is_mathml(n, DL_TAG_math)) return n;
    return NULL;
}
