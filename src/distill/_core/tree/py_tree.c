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

static PyMethodDef tree_methods[] = {
    {"_parse_dump", (PyCFunction)(void (*)(void))py_parse_dump, METH_VARARGS | METH_KEYWORDS,
     "_parse_dump(data, context=None, scripting=True) -> str\n\nTest hook: parse and dump the tree in the "
     "html5lib-tests format."},
    {NULL, NULL, 0, NULL},
};

int dl_tree_init_module(PyObject *m) { return PyModule_AddFunctions(m, tree_methods); }
