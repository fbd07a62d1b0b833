/* Python-facing entries of the page type (issue 12): distill._core._page_type(node) -> (type,
 * confidence) and _page_type_features(node) -> dict of the model's features (what
 * tools/fit_page_type.py fits on). The classification runs with the GIL released. */
#include "binding/binding.h"
#include "extract/page_type/page_type.h"

static PyObject *py_page_type(PyObject *module, PyObject *arg) {
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(arg, &owner);
    if (!node) return NULL;
    dl_page_type type;
    double confidence;
    int rc;
    DL_TREE_LOCK(owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_page_classify(node, &type, &confidence);
    Py_END_ALLOW_THREADS
    DL_TREE_UNLOCK();
    if (rc < 0) return PyErr_NoMemory();
    return Py_BuildValue("(sd)", dl_page_type_name(type), confidence);
}

static PyObject *py_page_type_features(PyObject *module, PyObject *arg) {
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(arg, &owner);
    if (!node) return NULL;
    double f[DL_PAGE_NFEATURES];
    int rc;
    DL_TREE_LOCK(owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_page_features(node, f);
    Py_END_ALLOW_THREADS
    DL_TREE_UNLOCK();
    if (rc < 0) return PyErr_NoMemory();
    PyObject *d = PyDict_New();
    for (int k = 0; d && k < DL_PAGE_NFEATURES; k++) {
        PyObject *v = PyFloat_FromDouble(f[k]);
        if (!v || PyDict_SetItemString(d, dl_page_feature_name(k), v) < 0) Py_CLEAR(d);
        Py_XDECREF(v);
    }
    return d;
}

static PyMethodDef page_type_functions[] = {
    {"_page_type", (PyCFunction)py_page_type, METH_O,
     "_page_type(node) -> tuple[str, float]: the page type of the subtree and its confidence (0..1)."},
    {"_page_type_features", (PyCFunction)py_page_type_features, METH_O,
     "_page_type_features(node) -> dict[str, float]: the page-type model's features, in its order."},
    {NULL, NULL, 0, NULL},
};

int dl_page_type_init_module(PyObject *m) {
    dl_page_type_init();
    return PyModule_AddFunctions(m, page_type_functions);
}
