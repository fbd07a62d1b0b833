/* _core._build(spec): a tree made directly from Python data, bypassing the parser.
 *
 * The serializer tests feed token streams that no parser would produce (html5lib's serializer tests),
 * so they need trees built by hand. The spec is a list of nodes:
 *   ("element", ns, name, attrs, children)   ns "html" | "svg" | "math"; attrs a list of (name, value)
 *                                            or (name, value, attr_ns) with attr_ns "xlink" | "xml" |
 *                                            "xmlns"; an HTML template's children become its contents
 *   ("text", data)  ("comment", data)  ("doctype", name, public_id, system_id)
 * Built with an explicit stack, so a deep spec never deepens the C stack.
 */
#include <string.h>

#include "binding/internal.h"

typedef struct {
    PyObject *list;  /* borrowed: kept alive by the spec */
    Py_ssize_t index;
    dl_node *parent;
} build_frame;

static int get_str(PyObject *o, const char **s, Py_ssize_t *len) {
    if (!PyUnicode_Check(o)) {
        PyErr_Format(PyExc_TypeError, "_build(): expected str in spec, not %.100s", Py_TYPE(o)->tp_name);
        return -1;
    }
    *s = PyUnicode_AsUTF8AndSize(o, len);
    return *s ? 0 : -1;
}

static int copy_str(dl_document *doc, PyObject *o, dl_str *out) {
    const char *s;
    Py_ssize_t len;
    if (get_str(o, &s, &len) < 0) return -1;
    char *p = dl_arena_strndup(&doc->arena, s, (size_t)len);
    if (!p) {
        PyErr_NoMemory();
        return -1;
    }
    out->ptr = p;
    out->len = (size_t)len;
    return 0;
}

static int name_is(PyObject *o, const char *want) {
    return PyUnicode_Check(o) && PyUnicode_CompareWithASCIIString(o, want) == 0;
}

static dl_node *build_element(dl_document *doc, PyObject *item, PyObject **children) {
    if (PyTuple_GET_SIZE(item) != 5) {
        PyErr_SetString(PyExc_ValueError, "_build(): element is (\"element\", ns, name, attrs, children)");
        return NULL;
    }
    PyObject *ns_o = PyTuple_GET_ITEM(item, 1), *attrs = PyTuple_GET_ITEM(item, 3);
    uint8_t ns = name_is(ns_o, "svg") ? DL_NS_SVG : name_is(ns_o, "math") ? DL_NS_MATHML : DL_NS_HTML;
    const char *name;
    Py_ssize_t name_len;
    if (get_str(PyTuple_GET_ITEM(item, 2), &name, &name_len) < 0) return NULL;
    uint32_t atom = dl_document_intern(doc, name, (size_t)name_len);
    dl_node *el = atom == DL_TAG__NONE ? NULL : dl_node_new_element(doc, atom, ns);
    if (!el) {
        PyErr_NoMemory();
        return NULL;
    }
    if (!PyList_Check(attrs) || !PyList_Check(PyTuple_GET_ITEM(item, 4))) {
        PyErr_SetString(PyExc_TypeError, "_build(): attrs and children must be lists");
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(attrs);
    if (n > 0) {
        el->u.element.attrs = dl_arena_calloc(&doc->arena, (size_t)n, sizeof(dl_attr));
        if (!el->u.element.attrs) {
            PyErr_NoMemory();
            return NULL;
        }
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *a = PyList_GET_ITEM(attrs, i);
        if (!PyTuple_Check(a) || PyTuple_GET_SIZE(a) < 2 || PyTuple_GET_SIZE(a) > 3) {
            PyErr_SetString(PyExc_TypeError, "_build(): an attribute is (name, value[, ns])");
            return NULL;
        }
        dl_attr *at = &el->u.element.attrs[i];
        if (copy_str(doc, PyTuple_GET_ITEM(a, 0), &at->name) < 0 || copy_str(doc, PyTuple_GET_ITEM(a, 1), &at->value) < 0)
            return NULL;
        if (PyTuple_GET_SIZE(a) == 3) {
            PyObject *ans = PyTuple_GET_ITEM(a, 2);
            at->ns = name_is(ans, "xlink")   ? DL_ATTR_NS_XLINK
                     : name_is(ans, "xml")   ? DL_ATTR_NS_XML
                     : name_is(ans, "xmlns") ? DL_ATTR_NS_XMLNS
                                             : DL_ATTR_NS_NONE;
        }
        el->u.element.nattrs = (uint32_t)(i + 1);
    }
    *children = PyTuple_GET_ITEM(item, 4);
    return el;
}

static dl_node *build_leaf(dl_document *doc, PyObject *item, PyObject *kind) {
    Py_ssize_t n = PyTuple_GET_SIZE(item);
    if (name_is(kind, "text") || name_is(kind, "comment")) {
        dl_str s;
        if (n != 2 || copy_str(doc, PyTuple_GET_ITEM(item, 1), &s) < 0) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "_build(): (\"text\"|\"comment\", data)");
            return NULL;
        }
        dl_node *t = name_is(kind, "text") ? dl_node_new_text(doc, s.ptr, s.len, 0)
                                           : dl_node_new_comment(doc, s.ptr, s.len, 0);
        if (!t) PyErr_NoMemory();
        return t;
    }
    if (name_is(kind, "doctype")) {
        if (n != 4) {
            PyErr_SetString(PyExc_ValueError, "_build(): (\"doctype\", name, public_id, system_id)");
            return NULL;
        }
        dl_node *d = dl_node_new_doctype(doc);
        if (!d) {
            PyErr_NoMemory();
            return NULL;
        }
        if (copy_str(doc, PyTuple_GET_ITEM(item, 1), &d->u.doctype->name) < 0 ||
            copy_str(doc, PyTuple_GET_ITEM(item, 2), &d->u.doctype->public_id) < 0 ||
            copy_str(doc, PyTuple_GET_ITEM(item, 3), &d->u.doctype->system_id) < 0)
            return NULL;
        d->u.doctype->has_public_id = d->u.doctype->public_id.len > 0;
        d->u.doctype->has_system_id = d->u.doctype->system_id.len > 0;
        return d;
    }
    PyErr_Format(PyExc_ValueError, "_build(): unknown node kind %R", kind);
    return NULL;
}

PyObject *dl_build_tree(PyObject *self, PyObject *spec) {
    if (!PyList_Check(spec)) {
        PyErr_SetString(PyExc_TypeError, "_build() argument must be a list");
        return NULL;
    }
    DocumentObject *owner = dl_tree_new();
    if (!owner) return NULL;
    build_frame *stack = NULL;
    size_t depth = 0, cap = 0;
    PyObject *result = NULL;
    dl_document *doc = owner->doc = dl_document_new("", 0);
    if (!doc || !(doc->root = dl_node_new_fragment(doc))) {
        PyErr_NoMemory();
        goto done;
    }
    cap = 16;
    if (!(stack = PyMem_Malloc(cap * sizeof(build_frame)))) {
        PyErr_NoMemory();
        goto done;
    }
    stack[depth++] = (build_frame){spec, 0, doc->root};
    while (depth) {
        build_frame *f = &stack[depth - 1];
        if (f->index >= PyList_GET_SIZE(f->list)) {
            depth--;
            continue;
        }
        PyObject *item = PyList_GET_ITEM(f->list, f->index++);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) < 1) {
            PyErr_SetString(PyExc_TypeError, "_build(): each node is a tuple (kind, ...)");
            goto done;
        }
        PyObject *kind = PyTuple_GET_ITEM(item, 0), *children = NULL;
        dl_node *parent = f->parent;
        dl_node *n = name_is(kind, "element") ? build_element(doc, item, &children) : build_leaf(doc, item, kind);
        if (!n) goto done;
        dl_node_append(parent, n);
        dl_node *into = n;
        if (n->type == DL_NODE_ELEMENT && n->ns == DL_NS_HTML && n->atom == DL_TAG_template) {
            /* A template always has a contents fragment, empty or not, as the parser makes it. */
            if (!(n->u.element.content = dl_node_new_fragment(doc))) {
                PyErr_NoMemory();
                goto done;
            }
            into = n->u.element.content;
        }
        if (!children || PyList_GET_SIZE(children) == 0) continue;
        if (depth == cap) {
            build_frame *p = PyMem_Realloc(stack, cap * 2 * sizeof(build_frame));
            if (!p) {
                PyErr_NoMemory();
                goto done;
            }
            stack = p;
            cap *= 2;
        }
        stack[depth++] = (build_frame){children, 0, into};
    }
    result = dl_wrap_node(owner, doc->root);
done:
    PyMem_Free(stack);
    Py_DECREF(owner);
    return result;
}
