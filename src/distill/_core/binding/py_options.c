/* Extraction (distill/extract.py) compiled into dl_extract_options, once per Extraction object.
 *
 * Extraction.__post_init__ validates its fields in Python (clear messages, typed) and then calls
 * _core._compile_extraction(self), which reads every field once and returns the struct in a capsule
 * the dataclass keeps. Every C entry point that takes options (Node.article, the article exporters,
 * _article_text) asks dl_extract_options_from_py for it: no attribute is read twice and no option is
 * checked in more than one place. */
#include "binding/py_options.h"

#include <string.h>


#define CAPSULE_NAME "distill._core.ExtractOptions"

static void capsule_free(PyObject *cap) { PyMem_Free(PyCapsule_GetPointer(cap, CAPSULE_NAME)); }

static int get_bool(PyObject *obj, const char *name, int *out) {
    PyObject *v = PyObject_GetAttrString(obj, name);
    if (!v) return -1;
    if (!PyBool_Check(v)) {
        PyErr_Format(PyExc_TypeError, "Extraction.%s must be a bool, not %.100s", name, Py_TYPE(v)->tp_name);
        Py_DECREF(v);
        return -1;
    }
    *out = v == Py_True;
    Py_DECREF(v);
    return 0;
}

/* _compile_extraction(extraction) -> capsule */
static PyObject *compile_extraction(PyObject *module, PyObject *obj) {
    dl_extract_options o = dl_extract_options_default();
    PyObject *v = PyObject_GetAttrString(obj, "min_length");
    if (!v) return NULL;
    unsigned long ml = PyLong_AsUnsignedLong(v);
    Py_DECREF(v);
    if (PyErr_Occurred()) return NULL;
    if (ml > UINT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "Extraction.min_length must be below 2**32");
        return NULL;
    }
    o.min_length = (uint32_t)ml;
    v = PyObject_GetAttrString(obj, "max_link_density");
    if (!v) return NULL;
    o.max_link_density = PyFloat_AsDouble(v);
    Py_DECREF(v);
    if (o.max_link_density == -1.0 && PyErr_Occurred()) return NULL;
    if (get_bool(obj, "keep_headings", &o.keep_headings) < 0) return NULL;
    v = PyObject_GetAttrString(obj, "favor");
    if (!v) return NULL;
    static const char *const favors[] = {"balanced", "precision", "recall"};
    o.favor = -1;
    for (int k = 0; k < 3 && PyUnicode_Check(v); k++)
        if (PyUnicode_CompareWithASCIIString(v, favors[k]) == 0) o.favor = k;
    Py_DECREF(v);
    if (o.favor < 0) {
        PyErr_SetString(PyExc_ValueError, "Extraction.favor must be 'balanced', 'precision' or 'recall'");
        return NULL;
    }
    static const struct {
        const char *name;
        unsigned bit;
    } includes[] = {
        {"include_images", DL_INCLUDE_IMAGES},   {"include_links", DL_INCLUDE_LINKS},
        {"include_tables", DL_INCLUDE_TABLES},   {"include_comments", DL_INCLUDE_COMMENTS},
        {"include_formatting", DL_INCLUDE_FORMATTING},
    };
    o.include = 0;
    for (size_t k = 0; k < sizeof(includes) / sizeof(includes[0]); k++) {
        int on;
        if (get_bool(obj, includes[k].name, &on) < 0) return NULL;
        if (on) o.include |= includes[k].bit;
    }
    dl_extract_options *p = PyMem_Malloc(sizeof(*p));
    if (!p) return PyErr_NoMemory();
    *p = o;
    PyObject *cap = PyCapsule_New(p, CAPSULE_NAME, capsule_free);
    if (!cap) PyMem_Free(p);
    return cap;
}

int dl_extract_options_from_py(PyObject *obj, dl_extract_options *out) {
    if (!obj || obj == Py_None) {
        *out = dl_extract_options_default();
        return 0;
    }
    PyObject *cap = PyObject_GetAttrString(obj, "_compiled");
    if (!cap || !PyCapsule_IsValid(cap, CAPSULE_NAME)) {
        Py_XDECREF(cap);
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "options must be an Extraction or None, not %.100s", Py_TYPE(obj)->tp_name);
        return -1;
    }
    *out = *(const dl_extract_options *)PyCapsule_GetPointer(cap, CAPSULE_NAME);
    Py_DECREF(cap);
    return 0;
}

int dl_base_url_from_py(PyObject *obj, char **out, size_t *len) {
    *out = NULL;
    *len = 0;
    if (!obj || obj == Py_None) return 0;
    if (!PyUnicode_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "base_url must be a str or None, not %.100s", Py_TYPE(obj)->tp_name);
        return -1;
    }
    Py_ssize_t n;
    const char *s = PyUnicode_AsUTF8AndSize(obj, &n);
    if (!s) return -1;
    *out = PyMem_RawMalloc((size_t)n + 1);
    if (!*out) {
        PyErr_NoMemory();
        return -1;
    }
    memcpy(*out, s, (size_t)n + 1);
    *len = (size_t)n;
    return 0;
}

static PyMethodDef options_functions[] = {
    {"_compile_extraction", (PyCFunction)compile_extraction, METH_O,
     "_compile_extraction(extraction) -> capsule: the options as the C core reads them (Extraction keeps it)."},
    {NULL, NULL, 0, NULL},
};

int dl_options_init_module(PyObject *m) { return PyModule_AddFunctions(m, options_functions); }
