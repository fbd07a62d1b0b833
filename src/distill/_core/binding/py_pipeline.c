/* The pipeline's Python face: Node.article(), the result object Article keeps, and its renderings.
 *
 * Node.article() runs extract/pipeline.h's dl_extract_run with the GIL released and builds the Article
 * from its result. The result (an _ExtractionResult, which Article keeps as `_result`) holds the
 * selection, so Article.markdown and Article.html render from it without selecting again, and the tree
 * it is of: the caller's, or the pipeline's second read of the same source (a new owner that keeps the
 * first alive, so that source spans stay offsets into the caller's input).
 */
#include "binding/internal.h" /* Python.h first: it sets the feature macros */

#include <string.h>

#include "binding/py_options.h"
#include "extract/page_type/page_type.h"
#include "extract/pipeline/pipeline.h"
#include "extract/pipeline/quality.h"
#include "extract/pipeline/record.h"

typedef struct {
    PyObject_HEAD
    DocumentObject *owner; /* the tree the selection is of (strong) */
    dl_extraction x;
    int ran;               /* x holds a result to free */
} ResultObject;

static void result_dealloc(PyObject *self) {
    ResultObject *r = (ResultObject *)self;
    if (r->ran) dl_extraction_free(&r->x);
    Py_XDECREF(r->owner);
    PyObject_Free(self);
}

/* winner() -> Element | None: the design's winner (main_content()) of the tree the selection is of. */
static PyObject *result_winner(PyObject *self, PyObject *Py_UNUSED(ignored)) {
    ResultObject *r = (ResultObject *)self;
    const dl_node *winner = r->x.winner;
    int rc = 0;
    if (!r->x.have_comments) { /* the comments step found it already when it ran */
        DL_TREE_LOCK((PyObject *)r->owner);
        Py_BEGIN_ALLOW_THREADS
        rc = dl_extract_winner(r->x.root, &winner);
        Py_END_ALLOW_THREADS
        DL_TREE_UNLOCK();
    }
    if (rc < 0) return PyErr_NoMemory();
    return winner ? dl_wrap_node(r->owner, winner) : Py_NewRef(Py_None);
}

/* cascade -> str: the step of the pipeline's cascade that chose the content (pipeline.h). */
static PyObject *result_cascade(PyObject *self, void *Py_UNUSED(closure)) {
    return PyUnicode_FromString(dl_cascade_step_name(((ResultObject *)self)->x.cascade));
}

/* reread -> bool: whether step 1 read the page a second time. */
static PyObject *result_reread(PyObject *self, void *Py_UNUSED(closure)) {
    return PyBool_FromLong(((ResultObject *)self)->x.reread != DL_REREAD_NONE);
}

static PyMethodDef result_methods[] = {
    {"winner", result_winner, METH_NOARGS, "winner() -> Element | None: main_content() of the tree read."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef result_getset[] = {
    {"cascade", result_cascade, NULL, "The cascade step that chose the content.", NULL},
    {"reread", result_reread, NULL, "Whether the page was read a second time.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject ResultType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "distill._core._ExtractionResult",
    .tp_basicsize = sizeof(ResultObject),
    .tp_dealloc = result_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "What the extraction pipeline chose on one page (internal: Article keeps it to render).",
    .tp_methods = result_methods,
    .tp_getset = result_getset,
};

/* Run the pipeline on node (owned by owner). NULL with an exception set. */
static ResultObject *run_pipeline(DocumentObject *owner, const dl_node *node, const dl_extract_options *opts) {
    ResultObject *r = PyObject_New(ResultObject, &ResultType);
    if (!r) return NULL;
    r->owner = NULL;
    r->ran = 0;
    int rc;
    DL_TREE_LOCK((PyObject *)owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_extract_run(owner->doc, node, opts, &r->x);
    Py_END_ALLOW_THREADS
    DL_TREE_UNLOCK();
    r->ran = 1;
    if (rc < 0) {
        Py_DECREF(r);
        return (ResultObject *)PyErr_NoMemory();
    }
    if (r->x.reread_doc) { /* the second read gets an owner of its own, which keeps the first alive */
        dl_document *again = r->x.reread_doc;
        r->x.reread_doc = NULL;
        r->owner = dl_tree_reread(owner, again);
        if (!r->owner) {
            Py_DECREF(r);
            return NULL;
        }
    } else {
        r->owner = (DocumentObject *)Py_NewRef((PyObject *)owner);
    }
    return r;
}

/* ---- Article ------------------------------------------------------------------------------------ */

/* Article's fields, each a value make_article computes. The Article dataclass lives in Python so it is
 * typed and documented there; its generated __init__ sets every field one Python call at a time, which
 * cost about as much as a small page's extraction, so the fields are set here directly
 * (object.__setattr__, as that __init__ does) when they are exactly these names, checked once against
 * Article.__dataclass_fields__, and the class has no __post_init__; else the class is called.
 *
 * Set directly, `element` is left unset unless it is at hand: the design's winner is a scoring walk of its
 * own that the other fields do not need, so Article finds it on first access (its __getattr__, from
 * _result.winner()). Calling the class needs every field: then it is found here. */
enum {
    AF_ELEMENT, AF_TEXT, AF_META, /* AF_META + f: the DL_META_* field f */
    AF_TAGS = AF_META + DL_META__COUNT, AF_REGIONS, AF_PAGE_TYPE, AF_PAGE_TYPE_CONFIDENCE, AF_QUALITY, AF_COMMENTS,
    AF_RESULT, AF_OPTIONS, AF_BASE_URL, AF_CACHE, AF__COUNT
};
/* the metadata fields' names are the record's (extract/pipeline/record.h), filled in at first use */
static const char *article_field_names[AF__COUNT] = {
    [AF_ELEMENT] = "element", [AF_TEXT] = "text", [AF_TAGS] = "tags", [AF_REGIONS] = "regions", [AF_PAGE_TYPE] = "page_type",
    [AF_PAGE_TYPE_CONFIDENCE] = "page_type_confidence", [AF_QUALITY] = "quality", [AF_COMMENTS] = "comments", [AF_RESULT] = "_result",
    [AF_OPTIONS] = "_options", [AF_BASE_URL] = "_base_url", [AF_CACHE] = "_cache",
};
static PyObject *article_cls;                 /* distill.extract.Article, imported on first use */
static PyObject *article_field_str[AF__COUNT]; /* the names, interned */
static int article_direct;                    /* the dataclass's fields are exactly these */

static int article_class_init(void) {
    if (article_cls) return 0;
    for (int f = 0; f < DL_META__COUNT; f++)
        if (!(article_field_names[AF_META + f] = dl_record_meta_name((dl_meta_field)f))) {
            PyErr_Format(PyExc_SystemError, "metadata field %d is not a record field (record.h)", f);
            return -1;
        }
    PyObject *mod = PyImport_ImportModule("distill.extract");
    if (!mod) return -1;
    PyObject *cls = PyObject_GetAttrString(mod, "Article");
    Py_DECREF(mod);
    if (!cls) return -1;
    PyObject *fields = PyObject_GetAttrString(cls, "__dataclass_fields__");
    int direct = fields && PyDict_Check(fields) && PyDict_GET_SIZE(fields) == AF__COUNT;
    for (int k = 0; k < AF__COUNT; k++) {
        if (!article_field_str[k] && !(article_field_str[k] = PyUnicode_InternFromString(article_field_names[k]))) {
            Py_XDECREF(fields);
            Py_DECREF(cls);
            return -1;
        }
        if (direct && !PyDict_GetItemWithError(fields, article_field_str[k])) direct = 0;
    }
    if (PyErr_Occurred()) PyErr_Clear(); /* a missing field only means the slow path */
    Py_XDECREF(fields);
    /* a __post_init__ would be skipped: then the class is called */
    article_direct = direct && PyType_Check(cls) && !PyObject_HasAttrString(cls, "__post_init__");
    article_cls = cls;
    return 0;
}

static PyObject *new_article(PyObject *const *vals) {
    if (!article_direct) {
        PyObject *kw = PyDict_New(), *result = NULL;
        if (!kw) return NULL;
        for (int k = 0; k < AF__COUNT; k++) /* NULL: the field's default */
            if (vals[k] && k != AF_CACHE && PyDict_SetItem(kw, article_field_str[k], vals[k]) < 0) goto done;
        PyObject *none = PyTuple_New(0);
        if (none) result = PyObject_Call(article_cls, none, kw);
        Py_XDECREF(none);
    done:
        Py_DECREF(kw);
        return result;
    }
    PyObject *args = PyTuple_New(0);
    if (!args) return NULL;
    PyObject *obj = PyBaseObject_Type.tp_new((PyTypeObject *)article_cls, args, NULL);
    Py_DECREF(args);
    if (!obj) return NULL;
    for (int k = 0; k < AF__COUNT; k++) {
        if (k == AF_ELEMENT && !vals[k]) continue; /* found on first access */
        if (PyObject_GenericSetAttr(obj, article_field_str[k], vals[k] ? vals[k] : Py_None) < 0) {
            Py_DECREF(obj);
            return NULL;
        }
    }
    return obj;
}

static PyObject *str_or_none(const dl_buf *b) {
    if (!b->data || b->len == 0) Py_RETURN_NONE;
    return PyUnicode_DecodeUTF8(b->data, (Py_ssize_t)b->len, "replace");
}

static PyObject *buf_str(const dl_buf *b) {
    return PyUnicode_DecodeUTF8(b->data ? b->data : "", (Py_ssize_t)b->len, "replace");
}

/* The Article of a pipeline result. */
static PyObject *make_article(ResultObject *r, PyObject *options, PyObject *base_url) {
    const dl_extraction *x = &r->x;
    PyObject *vals[AF__COUNT] = {NULL}, *result = NULL;
    /* the element when the class must be called, or when the comments step found it anyway */
    if ((!article_direct || x->have_comments) && !(vals[AF_ELEMENT] = result_winner((PyObject *)r, NULL))) goto done;
    if (!(vals[AF_TEXT] = buf_str(&x->text))) goto done;
    for (int f = 0; f < DL_META__COUNT; f++)
        if (!(vals[AF_META + f] = str_or_none(&x->meta.fields[f].value))) goto done;
    PyObject *tags = vals[AF_TAGS] = PyTuple_New((Py_ssize_t)x->meta.ntags);
    if (!tags) goto done;
    for (size_t i = 0, off = 0; i < x->meta.ntags; i++) {
        size_t len = strlen(x->meta.tags.data + off);
        PyObject *t = PyUnicode_DecodeUTF8(x->meta.tags.data + off, (Py_ssize_t)len, "replace");
        if (!t) goto done;
        PyTuple_SET_ITEM(tags, (Py_ssize_t)i, t);
        off += len + 1;
    }
    PyObject *regions = vals[AF_REGIONS] = PyTuple_New((Py_ssize_t)x->content.nroots);
    if (!regions) goto done;
    for (size_t i = 0; i < x->content.nroots; i++) {
        PyObject *el = dl_wrap_node(r->owner, x->content.roots[i]);
        if (!el) goto done;
        PyTuple_SET_ITEM(regions, (Py_ssize_t)i, el);
    }
    if (!(vals[AF_PAGE_TYPE] = PyUnicode_InternFromString(dl_page_type_name(x->page_type))) ||
        !(vals[AF_PAGE_TYPE_CONFIDENCE] = PyFloat_FromDouble(x->page_type_confidence)) ||
        !(vals[AF_QUALITY] = PyFloat_FromDouble(x->quality)))
        goto done;
    if (x->have_comments && !(vals[AF_COMMENTS] = buf_str(&x->comments))) goto done; /* else None */
    vals[AF_RESULT] = Py_NewRef((PyObject *)r);
    vals[AF_OPTIONS] = Py_NewRef(options);
    vals[AF_BASE_URL] = Py_NewRef(base_url);
    if (article_direct && !(vals[AF_CACHE] = PyDict_New())) goto done; /* its default_factory */
    result = new_article(vals);
done:
    for (int k = 0; k < AF__COUNT; k++) Py_XDECREF(vals[k]);
    return result;
}

PyObject *dl_py_node_article(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"options", "base_url", NULL};
    PyObject *options = Py_None, *base_url = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|O$O:article", kwlist, &options, &base_url)) return NULL;
    dl_extract_options opts;
    if (dl_extract_options_from_py(options, &opts) < 0) return NULL;
    if (base_url != Py_None && !PyUnicode_Check(base_url)) {
        PyErr_Format(PyExc_TypeError, "base_url must be a str or None, not %.100s", Py_TYPE(base_url)->tp_name);
        return NULL;
    }
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(self, &owner);
    if (!node) return NULL;
    if (article_class_init() < 0) return NULL;
    ResultObject *r = run_pipeline(owner, node, &opts);
    if (!r) return NULL;
    PyObject *article = make_article(r, options, base_url);
    Py_DECREF(r);
    return article;
}

/* ---- renderings --------------------------------------------------------------------------------- */

/* Render r as kind (0 text, 1 Markdown, 2 sanitized HTML under the policy capsule cap). */
static PyObject *render(ResultObject *r, int kind, PyObject *cap, PyObject *base_obj) {
    if (kind < DL_RENDER_TEXT || kind > DL_RENDER_HTML) {
        PyErr_SetString(PyExc_ValueError, "kind must be 0 (text), 1 (markdown) or 2 (html)");
        return NULL;
    }
    const dl_policy *policy = NULL;
    /* the capsule name sanitize/py_sanitize.c gives compiled policies */
    if (kind == DL_RENDER_HTML && !(policy = PyCapsule_GetPointer(cap, "distill._core.Policy"))) return NULL;
    char *base = NULL;
    size_t base_len = 0;
    if (dl_base_url_from_py(base_obj, &base, &base_len) < 0) return NULL;
    dl_htmlbuf out;
    dl_htmlbuf_init(&out);
    int rc;
    PyObject *res = NULL;
    DL_TREE_LOCK((PyObject *)r->owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_extraction_render(&r->x, kind, policy, base, base_len, &out);
    Py_END_ALLOW_THREADS
    DL_TREE_UNLOCK();
    if (rc < 0 || out.failed) PyErr_NoMemory();
    else res = PyUnicode_DecodeUTF8(out.data ? out.data : "", (Py_ssize_t)out.len, "replace");
    dl_htmlbuf_free(&out);
    PyMem_RawFree(base);
    return res;
}

/* _render(result, kind, policy=None, base_url=None) -> str: what Article.markdown and Article.html read. */
static PyObject *py_render(PyObject *module, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"result", "kind", "policy", "base_url", NULL};
    PyObject *obj, *cap = Py_None, *base_obj = Py_None;
    int kind = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!i|OO:_render", kwlist, &ResultType, &obj, &kind, &cap, &base_obj))
        return NULL;
    return render((ResultObject *)obj, kind, cap, base_obj);
}

/* _article_export(node, options, kind, policy=None, base_url=None) -> str: the pipeline on node, rendered
 * as kind at once (tests and tools that want one rendering of a subtree). */
static PyObject *py_article_export(PyObject *module, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"node", "options", "kind", "policy", "base_url", NULL};
    PyObject *obj, *options, *cap = Py_None, *base_obj = Py_None;
    int kind = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOi|OO:_article_export", kwlist, &obj, &options, &kind, &cap,
                                     &base_obj))
        return NULL;
    dl_extract_options opts;
    if (dl_extract_options_from_py(options, &opts) < 0) return NULL;
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(obj, &owner);
    if (!node) return NULL;
    ResultObject *r = run_pipeline(owner, node, &opts);
    if (!r) return NULL;
    PyObject *res = render(r, kind, cap, base_obj);
    Py_DECREF(r);
    return res;
}

/* _noscript_heavy(doc, min_chars) -> bool: whether step 1 of the pipeline reads the document again. */
static PyObject *py_noscript_heavy(PyObject *module, PyObject *args) {
    PyObject *docobj;
    Py_ssize_t min_chars;
    if (!PyArg_ParseTuple(args, "On:_noscript_heavy", &docobj, &min_chars)) return NULL;
    DocumentObject *owner = NULL;
    const dl_node *root = dl_unwrap_node(docobj, &owner);
    if (!root) return NULL;
    if (min_chars < 0) min_chars = 0;
    int heavy;
    DL_TREE_LOCK((PyObject *)owner);
    Py_BEGIN_ALLOW_THREADS
    heavy = dl_reread_noscript_heavy(owner->doc, root, (size_t)min_chars);
    Py_END_ALLOW_THREADS
    DL_TREE_UNLOCK();
    return PyBool_FromLong(heavy);
}

/* _quality_signals(result) -> tuple[float, ...]: the signals Article.quality was estimated from, in
 * the model's order (extract/pipeline/quality.h), for tools/fit_quality.py. */
static PyObject *py_quality_signals(PyObject *module, PyObject *arg) {
    if (!PyObject_TypeCheck(arg, &ResultType)) {
        PyErr_SetString(PyExc_TypeError, "_quality_signals() takes an _ExtractionResult");
        return NULL;
    }
    double v[DL_QUALITY_NSIGNALS];
    dl_quality_signals(&((ResultObject *)arg)->x, v);
    PyObject *t = PyTuple_New(DL_QUALITY_NSIGNALS);
    for (int i = 0; t && i < DL_QUALITY_NSIGNALS; i++) {
        PyObject *f = PyFloat_FromDouble(v[i]);
        if (!f) Py_CLEAR(t);
        else PyTuple_SET_ITEM(t, i, f);
    }
    return t;
}

/* _quality_signal_names() -> tuple[str, ...] */
static PyObject *py_quality_signal_names(PyObject *module, PyObject *Py_UNUSED(ignored)) {
    (void)module;
    return dl_py_names(DL_QUALITY_NSIGNALS, dl_quality_signal_name);
}

/* _record_types() -> dict[str, str]: each record field's value type in a table ("string", "list" of
 * strings, "double"), for the Parquet and Spark schemas. */
static PyObject *py_record_types(PyObject *module, PyObject *Py_UNUSED(ignored)) {
    PyObject *d = PyDict_New();
    for (int k = 0; d && k < DL_RECORD_NFIELDS; k++) {
        PyObject *v = PyUnicode_FromString(dl_record_type(&dl_record_fields[k]));
        if (!v || PyDict_SetItemString(d, dl_record_fields[k].name, v) < 0) Py_CLEAR(d);
        Py_XDECREF(v);
    }
    return d;
}

PyObject *dl_py_names(int n, const char *(*name)(int)) {
    PyObject *t = PyTuple_New(n);
    for (int i = 0; t && i < n; i++) {
        PyObject *s = PyUnicode_FromString(name(i));
        if (!s) Py_CLEAR(t);
        else PyTuple_SET_ITEM(t, i, s);
    }
    return t;
}

static const char *record_field_name(int k) { return dl_record_fields[k].name; }
static const char *record_optional_name(int k) { return dl_record_optional_fields[k]; }

/* _record_fields() -> (fields, optional): the record's field names in order (extract/pipeline/record.h). */
static PyObject *py_record_fields(PyObject *module, PyObject *Py_UNUSED(ignored)) {
    (void)module;
    PyObject *fields = dl_py_names(DL_RECORD_NFIELDS, record_field_name);
    PyObject *optional = dl_py_names(DL_RECORD_NOPTIONAL, record_optional_name), *res = NULL;
    if (fields && optional) res = PyTuple_Pack(2, fields, optional);
    Py_XDECREF(fields);
    Py_XDECREF(optional);
    return res;
}

static PyMethodDef pipeline_functions[] = {
    {"_quality_signals", py_quality_signals, METH_O,
     "_quality_signals(result) -> tuple[float, ...]: the signals of Article.quality, in the model's order."},
    {"_quality_signal_names", py_quality_signal_names, METH_NOARGS,
     "_quality_signal_names() -> tuple[str, ...]: the names of Article.quality's signals, in order."},
    {"_record_types", py_record_types, METH_NOARGS,
     "_record_types() -> dict[str, str]: each record field's value type (string, list, double)."},
    {"_record_fields", py_record_fields, METH_NOARGS,
     "_record_fields() -> (fields, optional): the record's field names in order (extract/pipeline/record.h)."},
    {"_render", (PyCFunction)(void (*)(void))py_render, METH_VARARGS | METH_KEYWORDS,
     "_render(result, kind, policy=None, base_url=None) -> str: the selection rendered as text (0), "
     "Markdown (1) or sanitized HTML (2)."},
    {"_article_export", (PyCFunction)(void (*)(void))py_article_export, METH_VARARGS | METH_KEYWORDS,
     "_article_export(node, options, kind, policy=None, base_url=None) -> str: the pipeline on node, rendered "
     "as text (0), Markdown (1) or sanitized HTML (2)."},
    {"_noscript_heavy", py_noscript_heavy, METH_VARARGS,
     "_noscript_heavy(doc, min_chars) -> bool: whether the pipeline reads the document again with scripting "
     "off (\"<noscript\" in its markup, at least min_chars of text inside <noscript> elements and more than "
     "outside them in the body)."},
    {NULL, NULL, 0, NULL},
};

int dl_pipeline_init_module(PyObject *m) {
    if (PyType_Ready(&ResultType) < 0) return -1;
    if (PyModule_AddObjectRef(m, "_ExtractionResult", (PyObject *)&ResultType) < 0) return -1;
    return PyModule_AddFunctions(m, pipeline_functions);
}
