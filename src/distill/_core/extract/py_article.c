/* Python-facing entry of the article text (issue 5): distill._core._article_text(node, favor=0).
 *
 * The extract subsystem's Node.article() / distill.article() build Article.text from it; the private
 * function is also what tools/eval_article.py and tests/test_article.py call. */
#include "binding/binding.h"
#include "extract/article_text.h"

static PyObject *py_article_text(PyObject *module, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"node", "favor", NULL};
    PyObject *obj;
    int favor = DL_FAVOR_BALANCED;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|i:_article_text", kwlist, &obj, &favor)) return NULL;
    if (favor < DL_FAVOR_BALANCED || favor > DL_FAVOR_RECALL) {
        PyErr_SetString(PyExc_ValueError, "favor must be 0 (balanced), 1 (precision) or 2 (recall)");
        return NULL;
    }
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(obj, &owner);
    if (!node) return NULL;
    dl_article_text_result r;
    int rc;
    PyObject *res = NULL;
    DL_TREE_LOCK(owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_article_text(node, (dl_favor)favor, &r);
    Py_END_ALLOW_THREADS
    if (rc < 0) {
        PyErr_NoMemory();
    } else {
        res = PyUnicode_DecodeUTF8(r.text, (Py_ssize_t)r.len, "replace");
        dl_article_text_free(&r);
    }
    DL_TREE_UNLOCK();
    return res;
}

static PyMethodDef article_functions[] = {
    {"_article_text", (PyCFunction)(void (*)(void))py_article_text, METH_VARARGS | METH_KEYWORDS,
     "_article_text(node, favor=0) -> str: the cleaned article text of the subtree (issue 5)."},
    {NULL, NULL, 0, NULL},
};

int dl_article_init_module(PyObject *m) {
    dl_article_text_init();
    return PyModule_AddFunctions(m, article_functions);
}
