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
#include "extract/rules.h"

static PyObject *str_or_none(const dl_buf *b) {
    if (!b->data || b->len == 0) Py_RETURN_NONE;
    return PyUnicode_DecodeUTF8(b->data, (Py_ssize_t)b->len, "replace");
}

static PyObject *buf_str(const dl_buf *b) {
    return PyUnicode_DecodeUTF8(b->data ? b->data : "", (Py_ssize_t)b->len, "replace");
}

static PyObject *node_main_content(PyObject *self, PyObject *Py_UNUSED(ignored)) {
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(self, &owner);
    if (!node) return NULL;
    PyObject *result = NULL;
    dl_score_result r;
    int rc;
    DL_TREE_LOCK((PyObject *)owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_extract_score(node, NULL, &r);
    Py_END_ALLOW_THREADS
    if (rc < 0) PyErr_NoMemory();
    else if (r.winner) result = dl_wrap_node(owner, r.winner);
    else result = Py_NewRef(Py_None);
    dl_score_result_free(&r);
    DL_TREE_UNLOCK();
    return result;
}

static PyObject *node_main_text(PyObject *self, PyObject *Py_UNUSED(ignored)) {
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(self, &owner);
    if (!node) return NULL;
    PyObject *result = NULL;
    dl_score_result r;
    dl_buf text = {0};
    int rc;
    DL_TREE_LOCK((PyObject *)owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_extract_score(node, NULL, &r);
    if (rc == 0 && r.winner) rc = dl_render_text(r.winner, &text);
    Py_END_ALLOW_THREADS
    if (rc < 0) PyErr_NoMemory();
    else result = buf_str(&text);
    dl_score_result_free(&r);
    dl_buf_free(&text);
    DL_TREE_UNLOCK();
    return result;
}

/* Read an Extraction (or any object with its three attributes); None means the defaults. The dataclass
 * validates ranges; this only guards the C conversion. */
static int read_options(PyObject *obj, dl_extract_options *o) {
    o->min_length = 25;
    o->max_link_density = 0.5;
    o->keep_headings = 1;
    o->favor = 0;
    if (!obj || obj == Py_None) return 0;
    PyObject *v = PyObject_GetAttrString(obj, "min_length");
    if (!v) {
        if (PyErr_ExceptionMatches(PyExc_AttributeError)) {
            PyErr_Format(PyExc_TypeError, "article(): options must be an Extraction or None, not %.100s",
                         Py_TYPE(obj)->tp_name);
        }
        return -1;
    }
    long ml = PyLong_AsLong(v);
    Py_DECREF(v);
    if (ml == -1 && PyErr_Occurred()) return -1;
    if (ml < 0 || ml > (long)UINT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "options.min_length is out of range");
        return -1;
    }
    o->min_length = (uint32_t)ml;
    v = PyObject_GetAttrString(obj, "max_link_density");
    if (!v) return -1;
    o->max_link_density = PyFloat_AsDouble(v);
    Py_DECREF(v);
    if (o->max_link_density == -1.0 && PyErr_Occurred()) return -1;
    v = PyObject_GetAttrString(obj, "keep_headings");
    if (!v) return -1;
    o->keep_headings = PyObject_IsTrue(v);
    Py_DECREF(v);
    if (o->keep_headings < 0) return -1;
    /* favor (issue 5): "balanced", "precision" or "recall"; absent means balanced */
    v = PyObject_GetAttrString(obj, "favor");
    if (!v) {
        PyErr_Clear();
        return 0;
    }
    int ok = 1;
    if (PyUnicode_Check(v)) {
        if (PyUnicode_CompareWithASCIIString(v, "precision") == 0) o->favor = 1;
        else if (PyUnicode_CompareWithASCIIString(v, "recall") == 0) o->favor = 2;
        else ok = PyUnicode_CompareWithASCIIString(v, "balanced") == 0;
    } else {
        ok = 0;
    }
    Py_DECREF(v);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "options.favor must be 'balanced', 'precision' or 'recall'");
        return -1;
    }
    return 0;
}

static const char *const field_names[DL_META__COUNT] = {
    [DL_META_TITLE] = "title",         [DL_META_BYLINE] = "byline", [DL_META_DATE] = "date",
    [DL_META_DESCRIPTION] = "description", [DL_META_LANG] = "lang",  [DL_META_CANONICAL] = "canonical",
    [DL_META_SITE_NAME] = "site_name", [DL_META_IMAGE] = "image",
};

/* Build distill.extract.Article from the C result (the dataclass lives in Python so it is typed and
 * documented there). */
static PyObject *make_article(DocumentObject *owner, const dl_article *a, PyObject *source, int favor) {
    PyObject *mod = PyImport_ImportModule("distill.extract");
    if (!mod) return NULL;
    PyObject *cls = PyObject_GetAttrString(mod, "Article");
    Py_DECREF(mod);
    if (!cls) return NULL;
    PyObject *kw = PyDict_New(), *args = PyTuple_New(0), *result = NULL;
    if (!kw || !args) goto done;
    PyObject *v = a->element ? dl_wrap_node(owner, a->element) : Py_NewRef(Py_None);
    if (!v || PyDict_SetItemString(kw, "element", v) < 0) {
        Py_XDECREF(v);
        goto done;
    }
    Py_DECREF(v);
    v = buf_str(&a->text);
    if (!v || PyDict_SetItemString(kw, "text", v) < 0) {
        Py_XDECREF(v);
        goto done;
    }
    Py_DECREF(v);
    for (int f = 0; f < DL_META__COUNT; f++) {
        v = str_or_none(&a->meta.fields[f].value);
        if (!v || PyDict_SetItemString(kw, field_names[f], v) < 0) {
            Py_XDECREF(v);
            goto done;
        }
        Py_DECREF(v);
    }
    PyObject *tags = PyTuple_New((Py_ssize_t)a->meta.ntags);
    if (!tags) goto done;
    for (size_t i = 0, off = 0; i < a->meta.ntags; i++) {
        size_t len = strlen(a->meta.tags.data + off);
        PyObject *t = PyUnicode_DecodeUTF8(a->meta.tags.data + off, (Py_ssize_t)len, "replace");
        if (!t) {
            Py_DECREF(tags);
            goto done;
        }
        PyTuple_SET_ITEM(tags, (Py_ssize_t)i, t);
        off += len + 1;
    }
    if (PyDict_SetItemString(kw, "tags", tags) < 0) {
        Py_DECREF(tags);
        goto done;
    }
    Py_DECREF(tags);
    /* what Article.markdown and Article.html re-select the content from, on demand */
    if (PyDict_SetItemString(kw, "_source", source) < 0) goto done;
    v = PyLong_FromLong(favor);
    if (!v || PyDict_SetItemString(kw, "_favor", v) < 0) {
        Py_XDECREF(v);
        goto done;
    }
    Py_DECREF(v);
    result = PyObject_Call(cls, args, kw);
done:
    Py_XDECREF(kw);
    Py_XDECREF(args);
    Py_DECREF(cls);
    return result;
}

static PyObject *node_article(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"options", NULL};
    PyObject *options = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|O:article", kwlist, &options)) return NULL;
    dl_extract_options opts;
    if (read_options(options, &opts) < 0) return NULL;
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(self, &owner);
    if (!node) return NULL;
    PyObject *result = NULL;
    dl_article a;
    int rc;
    DL_TREE_LOCK((PyObject *)owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_article_build(node, &opts, &a);
    Py_END_ALLOW_THREADS
    if (rc < 0) PyErr_NoMemory();
    else result = make_article(owner, &a, self, opts.favor);
    dl_article_free(&a);
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
    dl_score_result r;
    dl_unit_list units;
    int rc;
    memset(&units, 0, sizeof(units));
    DL_TREE_LOCK((PyObject *)owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_extract_score(node, NULL, &r);
    if (rc == 0) rc = dl_collect_units(node, r.winner, &units);
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
    dl_score_result_free(&r);
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
    {"article", (PyCFunction)(void (*)(void))node_article, METH_VARARGS | METH_KEYWORDS,
     "article(options=None) -> Article\n--\n\nThe main content with its text and the page metadata "
     "(title, byline, date, description, lang, canonical, site_name, image, tags)."},
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
