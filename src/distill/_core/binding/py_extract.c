/* Python-facing entry points of the extract subsystem: Node.main_content(), Node.main_text(),
 * Node.article() (merged into the Node type by the binding) and _core._paragraph_units() behind
 * distill.boilerplate().
 *
 * Each method holds the tree's critical section for its whole duration and runs the C walk with the GIL
 * released: the walk reads only the arena, which no Python code can change while the section is held
 * (the binding exposes no tree mutation), and builds no Python object until the winner is known.
 */
#include "binding/binding.h"
#include "extract/extract.h"
#include "binding/py_options.h"
#include "extract/page_type/page_type.h"
#include "extract/classic/rules.h"


static PyObject *buf_str(const dl_buf *b) {
    return PyUnicode_DecodeUTF8(b->data ? b->data : "", (Py_ssize_t)b->len, "replace");
}

static PyObject *node_main_content(PyObject *self, PyObject *Py_UNUSED(ignored)) {
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(self, &owner);
    if (!node) return NULL;
    PyObject *result = NULL;
    const dl_node *winner;
    int rc;
    DL_TREE_LOCK((PyObject *)owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_extract_winner(node, &winner);
    Py_END_ALLOW_THREADS
    if (rc < 0) PyErr_NoMemory();
    else if (winner) result = dl_wrap_node(owner, winner);
    else result = Py_NewRef(Py_None);
    DL_TREE_UNLOCK();
    return result;
}

static PyObject *node_main_text(PyObject *self, PyObject *Py_UNUSED(ignored)) {
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(self, &owner);
    if (!node) return NULL;
    PyObject *result = NULL;
    const dl_node *winner;
    dl_buf text = {0};
    int rc;
    DL_TREE_LOCK((PyObject *)owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_extract_winner(node, &winner);
    if (rc == 0 && winner) rc = dl_render_text(winner, &text);
    Py_END_ALLOW_THREADS
    if (rc < 0) PyErr_NoMemory();
    else result = buf_str(&text);
    dl_buf_free(&text);
    DL_TREE_UNLOCK();
    return result;
}

/* _paragraph_units(node) -> list[tuple[str, int, int, bool, bool]]: (text, chars, link_chars,
 * is_heading, in_winner) for every paragraph unit under node, after one scoring walk. */
static PyObject *paragraph_units(PyObject *module, PyObject *arg) {
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(arg, &owner);
    if (!node) return NULL;
    PyObject *result = NULL;
    const dl_node *winner;
    dl_unit_list units;
    int rc;
    memset(&units, 0, sizeof(units));
    DL_TREE_LOCK((PyObject *)owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_extract_winner(node, &winner);
    if (rc == 0) rc = dl_collect_units(node, winner, &units);
    Py_END_ALLOW_THREADS
    if (rc < 0) {
        PyErr_NoMemory();
    } else if ((result = PyList_New((Py_ssize_t)units.count)) != NULL) {
        for (size_t i = 0; i < units.count; i++) {
            const dl_unit *u = &units.units[i];
            PyObject *item = Py_BuildValue(
                "(NIINN)",
                PyUnicode_DecodeUTF8(units.text.data + u->text_start, (Py_ssize_t)u->text_len, "replace"),
                (unsigned int)u->chars, (unsigned int)u->link_chars, PyBool_FromLong(u->is_heading),
                PyBool_FromLong(u->in_winner));
            if (!item) {
                Py_CLEAR(result);
                break;
            }
            PyList_SET_ITEM(result, (Py_ssize_t)i, item);
        }
    }
    dl_unit_list_free(&units);
    DL_TREE_UNLOCK();
    return result;
}

PyMethodDef dl_extract_node_methods[] = {
    {"main_content", node_main_content, METH_NOARGS,
     "main_content() -> Element | None\n--\n\nThe element holding the page's main content, found by "
     "the content-density scoring walk; None when nothing scores positively."},
    {"main_text", node_main_text, METH_NOARGS,
     "main_text() -> str\n--\n\nThe text of main_content(), blocks on their own lines and white space "
     "folded; \"\" when there is no main content."},
    {"article", (PyCFunction)(void (*)(void))dl_py_node_article, METH_VARARGS | METH_KEYWORDS,
     "article(options=None, *, base_url=None) -> Article\n--\n\nThe main content with its text and the page "
     "metadata (title, byline, date, description, lang, canonical, site_name, image, tags); base_url (the "
     "page's URL) makes links and images in Article.markdown and Article.html absolute."},
    {NULL, NULL, 0, NULL},
};

static PyMethodDef module_methods[] = {
    {"_paragraph_units", paragraph_units, METH_O,
     "_paragraph_units(node) -> list of (text, chars, link_chars, is_heading, in_winner), the paragraph "
     "units of distill.boilerplate()."},
    {NULL, NULL, 0, NULL},
};

int dl_extract_init_module(PyObject *m) {
    dl_rules_init();
    return PyModule_AddFunctions(m, module_methods);
}
