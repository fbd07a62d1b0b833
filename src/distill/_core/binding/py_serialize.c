/* Python-facing entry points of the serialize subsystem: Node.to_text() and Node.to_markdown(). */
#include "binding/binding.h"
#include "serialize/markdown.h"
#include "serialize/text.h"

#include <string.h>

int dl_serialize_init_module(PyObject *m) { return 0; }

/* An optional str attribute of the options object, copied to a malloc'd UTF-8 buffer so that it can be
 * read without the GIL. 0 on success (*out NULL when absent or None), -1 with an exception set. */
static int opt_str(PyObject *opts, const char *name, char **out, size_t *len) {
    *out = NULL;
    *len = 0;
    if (!opts) return 0;
    PyObject *v = PyObject_GetAttrString(opts, name);
    if (!v) return -1;
    if (v == Py_None) {
        Py_DECREF(v);
        return 0;
    }
    Py_ssize_t n;
    const char *s = PyUnicode_AsUTF8AndSize(v, &n);
    if (!s) {
        Py_DECREF(v);
        return -1;
    }
    *out = PyMem_RawMalloc((size_t)n + 1);
    if (!*out) {
        Py_DECREF(v);
        PyErr_NoMemory();
        return -1;
    }
    memcpy(*out, s, (size_t)n + 1);
    *len = (size_t)n;
    Py_DECREF(v);
    return 0;
}

static int opt_bool(PyObject *opts, const char *name, int dflt) {
    if (!opts) return dflt;
    PyObject *v = PyObject_GetAttrString(opts, name);
    if (!v) return -1;
    int r = PyObject_IsTrue(v);
    Py_DECREF(v);
    return r;
}

static PyObject *finish(dl_htmlbuf *out, int rc) {
    if (rc < 0) {
        dl_htmlbuf_free(out);
        return PyErr_NoMemory();
    }
    PyObject *s = PyUnicode_DecodeUTF8(out->data ? out->data : "", (Py_ssize_t)out->len, "replace");
    dl_htmlbuf_free(out);
    return s;
}

static PyObject *node_to_text(PyObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"options", NULL};
    PyObject *opts = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O:to_text", kwlist, &opts)) return NULL;
    if (opts == Py_None) opts = NULL;
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(self, &owner);
    if (!node) return NULL;
    dl_text_options o = {0};
    char *base = NULL;
    if (opts) {
        PyObject *links = PyObject_GetAttrString(opts, "links");
        if (!links) return NULL;
        if (PyUnicode_CompareWithASCIIString(links, "none") == 0) o.links = DL_TEXT_LINKS_NONE;
        else if (PyUnicode_CompareWithASCIIString(links, "inline") == 0) o.links = DL_TEXT_LINKS_INLINE;
        else if (PyUnicode_CompareWithASCIIString(links, "footnote") == 0) o.links = DL_TEXT_LINKS_FOOTNOTE;
        else {
            PyErr_Format(PyExc_ValueError, "links must be 'none', 'inline' or 'footnote', not %R", links);
            Py_DECREF(links);
            return NULL;
        }
        Py_DECREF(links);
        if ((o.images = opt_bool(opts, "images", 0)) < 0) return NULL;
        PyObject *w = PyObject_GetAttrString(opts, "width");
        if (!w) return NULL;
        Py_ssize_t width = PyNumber_AsSsize_t(w, PyExc_OverflowError);
        Py_DECREF(w);
        if (width == -1 && PyErr_Occurred()) return NULL;
        if (width < 0) {
            PyErr_SetString(PyExc_ValueError, "width must be 0 (no wrapping) or positive");
            return NULL;
        }
        o.width = (size_t)width;
        if (opt_str(opts, "base_url", &base, &o.base_len) < 0) return NULL;
        o.base_url = base;
    }
    dl_htmlbuf out;
    dl_htmlbuf_init(&out);
    int rc;
    DL_TREE_LOCK(owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_to_text(owner->doc, node, &o, &out);
    Py_END_ALLOW_THREADS
    DL_TREE_UNLOCK();
    PyMem_RawFree(base);
    return finish(&out, rc);
}

static PyObject *node_to_markdown(PyObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"options", NULL};
    PyObject *opts = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O:to_markdown", kwlist, &opts)) return NULL;
    if (opts == Py_None) opts = NULL;
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(self, &owner);
    if (!node) return NULL;
    dl_md_options o = {0};
    char *base = NULL;
    if ((o.images = opt_bool(opts, "images", 1)) < 0) return NULL;
    if (opt_str(opts, "base_url", &base, &o.base_len) < 0) return NULL;
    o.base_url = base;
    dl_htmlbuf out;
    dl_htmlbuf_init(&out);
    int rc;
    DL_TREE_LOCK(owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_to_markdown(owner->doc, node, &o, &out);
    Py_END_ALLOW_THREADS
    DL_TREE_UNLOCK();
    PyMem_RawFree(base);
    return finish(&out, rc);
}

PyMethodDef dl_serialize_node_methods[] = {
    {"to_text", (PyCFunction)(void (*)(void))node_to_text, METH_VARARGS | METH_KEYWORDS,
     "to_text(options: PlainText | None = None) -> str\n\nThe text of this node as a reader sees it: blocks "
     "on their own lines, paragraphs separated by a blank line, lists bulleted, table cells separated."},
    {"to_markdown", (PyCFunction)(void (*)(void))node_to_markdown, METH_VARARGS | METH_KEYWORDS,
     "to_markdown(options: Markdown | None = None) -> str\n\nGitHub-flavoured Markdown of this node."},
    {NULL, NULL, 0, NULL},
};
