/* Python-facing entry points of the tree subsystem: the `_parse_dump` test hook. */
#include "binding/binding.h"
#include "tree/dump.h"
#include "tree/treebuilder.h"

#include <string.h>

/* _parse_dump(data, context=None, scripting=True) -> str: parse `data` (a whole document, or a
 * fragment in `context`, e.g. "td", "svg path", "math mi") and dump the tree in html5lib format. */
static PyObject *py_parse_dump(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"data", "context", "scripting", NULL};
    PyObject *data, *context = Py_None;
    int scripting = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "U|Op:_parse_dump", kwlist, &data, &context, &scripting))
        return NULL;
    PyObject *bytes = PyUnicode_AsEncodedString(data, "utf-8", "surrogatepass");
    if (!bytes) return NULL;
    PyObject *ctx_bytes = NULL;
    dl_parse_options opts;
    memset(&opts, 0, sizeof opts);
    opts.scripting = scripting;
    if (context != Py_None) {
        if (!PyUnicode_Check(context)) {
            Py_DECREF(bytes);
            PyErr_SetString(PyExc_TypeError, "context must be a str or None");
            return NULL;
        }
        ctx_bytes = PyUnicode_AsUTF8String(context);
        if (!ctx_bytes) {
            Py_DECREF(bytes);
            return NULL;
        }
        const char *c = PyBytes_AS_STRING(ctx_bytes);
        size_t n = (size_t)PyBytes_GET_SIZE(ctx_bytes);
        opts.context_ns = DL_NS_HTML;
        const char *sp = memchr(c, ' ', n);
        if (sp) {
            size_t pl = (size_t)(sp - c);
            if (pl == 3 && memcmp(c, "svg", 3) == 0) opts.context_ns = DL_NS_SVG;
            else if (pl == 4 && memcmp(c, "math", 4) == 0) opts.context_ns = DL_NS_MATHML;
            n -= pl + 1;
            c = sp + 1;
        }
        opts.context_name = c;
        opts.context_len = n;
    }
    const char *src = PyBytes_AS_STRING(bytes);
    size_t len = (size_t)PyBytes_GET_SIZE(bytes);
    dl_parse_status st = DL_PARSE_OK;
    char *out = NULL;
    size_t outlen = 0;
    Py_BEGIN_ALLOW_THREADS
    dl_document *doc = dl_parse(src, len, &opts, &st);
    if (doc) {
        out = dl_tree_dump(doc, &outlen);
        if (!out) st = DL_PARSE_NOMEM;
        dl_document_free(doc);
    }
    Py_END_ALLOW_THREADS
    Py_DECREF(bytes);
    Py_XDECREF(ctx_bytes);
    if (!out) {
        if (st == DL_PARSE_TOO_LARGE) PyErr_SetString(PyExc_ValueError, "input too large");
        else PyErr_NoMemory();
        return NULL;
    }
    PyObject *res = PyUnicode_DecodeUTF8(out, (Py_ssize_t)outlen, "surrogatepass");
    free(out);
    return res;
}

/* Input and options shared by the test hooks: `data` is str (encoded to UTF-8) or bytes (UTF-8). */
typedef struct {
    PyObject *bytes, *ctx_bytes;
    dl_parse_options opts;
} hook_input;

static int hook_prepare(hook_input *in, PyObject *data, PyObject *context, int scripting) {
    memset(in, 0, sizeof *in);
    if (PyUnicode_Check(data)) {
        in->bytes = PyUnicode_AsEncodedString(data, "utf-8", "surrogatepass");
        if (!in->bytes) return -1;
    } else if (PyBytes_Check(data)) {
        Py_INCREF(data);
        in->bytes = data;
    } else {
        PyErr_SetString(PyExc_TypeError, "data must be str or bytes");
        return -1;
    }
    in->opts.scripting = scripting;
    if (context != Py_None) {
        if (!PyUnicode_Check(context)) {
            PyErr_SetString(PyExc_TypeError, "context must be a str or None");
            return -1;
        }
        in->ctx_bytes = PyUnicode_AsUTF8String(context);
        if (!in->ctx_bytes) return -1;
        const char *c = PyBytes_AS_STRING(in->ctx_bytes);
        size_t n = (size_t)PyBytes_GET_SIZE(in->ctx_bytes);
        const char *sp = memchr(c, ' ', n);
        if (sp) {
            size_t pl = (size_t)(sp - c);
            if (pl == 3 && memcmp(c, "svg", 3) == 0) in->opts.context_ns = DL_NS_SVG;
            else if (pl == 4 && memcmp(c, "math", 4) == 0) in->opts.context_ns = DL_NS_MATHML;
            n -= pl + 1;
            c = sp + 1;
        }
        in->opts.context_name = c;
        in->opts.context_len = n;
    }
    return 0;
}

static void hook_release(hook_input *in) {
    Py_XDECREF(in->bytes);
    Py_XDECREF(in->ctx_bytes);
}

static dl_document *hook_parse(hook_input *in) {
    dl_parse_status st = DL_PARSE_OK;
    dl_document *doc;
    Py_BEGIN_ALLOW_THREADS
    doc = dl_parse(PyBytes_AS_STRING(in->bytes), (size_t)PyBytes_GET_SIZE(in->bytes), &in->opts, &st);
    Py_END_ALLOW_THREADS
    if (!doc) {
        if (st == DL_PARSE_TOO_LARGE) PyErr_SetString(PyExc_ValueError, "input too large");
        else PyErr_NoMemory();
    }
    return doc;
}

static PyObject *span_obj(uint32_t v) {
    if (v == DL_NO_SPAN) Py_RETURN_NONE;
    return PyLong_FromUnsignedLong(v);
}

/* _parse_nodes(data, context=None, scripting=True) -> list of (kind, depth, start, end, implied,
 * zero_copy) in document order, template contents included (depth counts the fragment). kind is the
 * tag name for elements, "#text", "#comment", "#doctype". Byte offsets; None where the parser made
 * the node up. zero_copy: a text node whose bytes are a slice of the input buffer. */
static PyObject *py_parse_nodes(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"data", "context", "scripting", NULL};
    PyObject *data, *context = Py_None;
    int scripting = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|Op:_parse_nodes", kwlist, &data, &context, &scripting))
        return NULL;
    hook_input in;
    if (hook_prepare(&in, data, context, scripting)) {
        hook_release(&in);
        return NULL;
    }
    dl_document *doc = hook_parse(&in);
    if (!doc) {
        hook_release(&in);
        return NULL;
    }
    PyObject *out = PyList_New(0);
    const char *src = PyBytes_AS_STRING(in.bytes);
    size_t srclen = (size_t)PyBytes_GET_SIZE(in.bytes);
    /* Walk with an explicit stack of (node) so template contents are visited too. */
    const dl_node **stack = NULL;
    size_t *depths = NULL;
    size_t n = 0, cap = 0;
    int err = out == NULL;
    for (const dl_node *c = doc->root->last_child; c && !err; c = c->prev) {
        if (n == cap) {
            size_t nc = cap ? cap * 2 : 64;
            const dl_node **s2 = realloc(stack, nc * sizeof *s2);
            size_t *d2 = s2 ? realloc(depths, nc * sizeof *d2) : NULL;
            if (s2) stack = s2;
            if (!d2) { err = 1; break; }
            depths = d2;
            cap = nc;
        }
        stack[n] = c;
        depths[n++] = 0;
    }
    while (n && !err) {
        const dl_node *nd = stack[--n];
        size_t depth = depths[n];
        PyObject *kind;
        int zc = 0;
        if (nd->type == DL_NODE_ELEMENT) {
            dl_str nm = dl_document_atom_name(doc, nd->atom);
            kind = PyUnicode_FromStringAndSize(nm.ptr, (Py_ssize_t)nm.len);
        } else if (nd->type == DL_NODE_TEXT) {
            kind = PyUnicode_FromString("#text");
            zc = nd->u.text.len && nd->u.text.ptr >= src && nd->u.text.ptr + nd->u.text.len <= src + srclen;
        } else if (nd->type == DL_NODE_COMMENT) {
            kind = PyUnicode_FromString("#comment");
        } else {
            kind = PyUnicode_FromString("#doctype");
        }
        PyObject *tup = kind ? Py_BuildValue("(NnNNOO)", kind, (Py_ssize_t)depth, span_obj(nd->span_start),
                                              span_obj(nd->span_end),
                                              (nd->flags & DL_NODE_F_IMPLIED_END) ? Py_True : Py_False,
                                              zc ? Py_True : Py_False)
                             : NULL;
        if (!tup || PyList_Append(out, tup)) {
            Py_XDECREF(tup);
            err = 1;
            break;
        }
        Py_DECREF(tup);
        const dl_node *kids[2] = {nd->type == DL_NODE_ELEMENT && nd->u.element.content ? nd->u.element.content : NULL,
                                  nd};
        for (int k = 1; k >= 0 && !err; k--) {
            if (!kids[k]) continue;
            size_t cd = depth + 1 + (k == 0);
            for (const dl_node *c = kids[k]->last_child; c; c = c->prev) {
                if (n == cap) {
                    size_t nc = cap * 2;
                    const dl_node **s2 = realloc(stack, nc * sizeof *s2);
                    if (s2) stack = s2;
                    size_t *d2 = s2 ? realloc(depths, nc * sizeof *d2) : NULL;
                    if (!d2) { err = 1; break; }
                    depths = d2;
                    cap = nc;
                }
                stack[n] = c;
                depths[n++] = cd;
            }
        }
    }
    free(stack);
    free(depths);
    dl_document_free(doc);
    hook_release(&in);
    if (err) {
        Py_XDECREF(out);
        if (!PyErr_Occurred()) PyErr_NoMemory();
        return NULL;
    }
    return out;
}

/* _parse_stats(data, context=None, scripting=True) -> dict: node counts and the tree's depth, for
 * tests on inputs too large to list node by node. Template contents are not entered. */
static PyObject *py_parse_stats(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"data", "context", "scripting", NULL};
    PyObject *data, *context = Py_None;
    int scripting = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|Op:_parse_stats", kwlist, &data, &context, &scripting))
        return NULL;
    hook_input in;
    if (hook_prepare(&in, data, context, scripting)) {
        hook_release(&in);
        return NULL;
    }
    dl_document *doc = hook_parse(&in);
    if (!doc) {
        hook_release(&in);
        return NULL;
    }
    const char *src = PyBytes_AS_STRING(in.bytes);
    size_t srclen = (size_t)PyBytes_GET_SIZE(in.bytes);
    size_t elements = 0, texts = 0, zero_copy = 0, comments = 0, depth = 0, max_depth = 0, text_bytes = 0;
    const dl_node *root = doc->root;
    for (const dl_node *n = root->first_child; n;) {
        if (n->type == DL_NODE_ELEMENT) elements++;
        else if (n->type == DL_NODE_COMMENT) comments++;
        else if (n->type == DL_NODE_TEXT) {
            texts++;
            text_bytes += n->u.text.len;
            if (n->u.text.ptr >= src && n->u.text.ptr + n->u.text.len <= src + srclen) zero_copy++;
        }
        if (depth + 1 > max_depth) max_depth = depth + 1;
        if (n->first_child) {
            n = n->first_child;
            depth++;
            continue;
        }
        while (n && n != root && !n->next) {
            n = n->parent;
            depth--;
        }
        n = (n && n != root) ? n->next : NULL;
    }
    size_t nodes = doc->node_count;
    dl_document_free(doc);
    hook_release(&in);
    return Py_BuildValue("{snsnsnsnsnsnsn}", "elements", (Py_ssize_t)elements, "texts", (Py_ssize_t)texts,
                         "zero_copy_texts", (Py_ssize_t)zero_copy, "comments", (Py_ssize_t)comments,
                         "max_depth", (Py_ssize_t)max_depth, "text_bytes", (Py_ssize_t)text_bytes,
                         "allocated_nodes", (Py_ssize_t)nodes);
}

static PyMethodDef tree_methods[] = {
    {"_parse_stats", (PyCFunction)(void (*)(void))py_parse_stats, METH_VARARGS | METH_KEYWORDS,
     "_parse_stats(data, context=None, scripting=True) -> dict\n\nTest hook: element/text/comment counts, "
     "zero-copy text nodes and the tree depth."},
    {"_parse_nodes", (PyCFunction)(void (*)(void))py_parse_nodes, METH_VARARGS | METH_KEYWORDS,
     "_parse_nodes(data, context=None, scripting=True) -> list\n\nTest hook: (kind, depth, start, end, "
     "implied, zero_copy) for every node in document order."},
    {"_parse_dump", (PyCFunction)(void (*)(void))py_parse_dump, METH_VARARGS | METH_KEYWORDS,
     "_parse_dump(data, context=None, scripting=True) -> str\n\nTest hook: parse and dump the tree in the "
     "html5lib-tests format."},
    {NULL, NULL, 0, NULL},
};

int dl_tree_init_module(PyObject *m) { return PyModule_AddFunctions(m, tree_methods); }
