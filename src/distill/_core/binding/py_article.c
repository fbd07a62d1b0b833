/* Python-facing entry of the article text (issue 5): distill._core._article_text(node, favor=0).
 *
 * The extract subsystem's Node.article() / distill.article() build Article.text from it; the private
 * function is also what tools/eval_article.py and tests/extract/test_article.py call. */
#include <string.h>

#include "binding/binding.h"
#include "extract/article_text.h"
#include "extract/meta_plus.h"
#include "sanitize/sanitize.h"
#include "serialize/markdown.h"
#include "serialize/text.h"

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

/* _article_export(node, favor, kind, policy=None) -> str: the content Article.text is read from,
 * rendered by an exporter (kind 0: plain text as to_text(), 1: Markdown as to_markdown(), 2: sanitized
 * HTML under `policy`, a compiled policy capsule). The article's containers are exported with what its
 * text leaves out skipped, so the three renderings show the same content. */
static PyObject *py_article_export(PyObject *module, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"node", "favor", "kind", "policy", NULL};
    PyObject *obj, *cap = Py_None;
    int favor = DL_FAVOR_BALANCED, kind = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "Oii|O:_article_export", kwlist, &obj, &favor, &kind, &cap))
        return NULL;
    if (favor < DL_FAVOR_BALANCED || favor > DL_FAVOR_RECALL) {
        PyErr_SetString(PyExc_ValueError, "favor must be 0 (balanced), 1 (precision) or 2 (recall)");
        return NULL;
    }
    if (kind < 0 || kind > 2) {
        PyErr_SetString(PyExc_ValueError, "kind must be 0 (text), 1 (markdown) or 2 (html)");
        return NULL;
    }
    const dl_policy *policy = NULL;
    if (kind == 2) {
        /* the capsule name sanitize/py_sanitize.c gives compiled policies */
        policy = PyCapsule_GetPointer(cap, "distill._core.Policy");
        if (!policy) return NULL;
    }
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(obj, &owner);
    if (!node) return NULL;
    dl_article_content_result c;
    dl_htmlbuf out;
    dl_htmlbuf_init(&out);
    int rc;
    PyObject *res = NULL;
    DL_TREE_LOCK(owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_article_content(node, (dl_favor)favor, &c); /* frees its own result on failure */
    int have = rc == 0;
    if (rc == 0 && c.nroots) {
        dl_node_filter filter = {dl_article_content_skip, &c};
        if (kind == 0) {
            dl_text_options t = {0};
            rc = dl_to_text_nodes(owner->doc, c.roots, c.nroots, &filter, &t, &out);
        } else if (kind == 1) {
            dl_md_options m = {0};
            m.images = 1;
            rc = dl_to_markdown_nodes(owner->doc, c.roots, c.nroots, &filter, &m, &out);
        } else {
            rc = dl_sanitize_nodes(policy, owner->doc, c.roots, c.nroots, &filter, &out);
        }
    }
    if (have) dl_article_content_free(&c);
    Py_END_ALLOW_THREADS
    if (rc < 0 || out.failed) {
        PyErr_NoMemory();
    } else {
        res = PyUnicode_DecodeUTF8(out.data ? out.data : "", (Py_ssize_t)out.len, "replace");
    }
    dl_htmlbuf_free(&out);
    DL_TREE_UNLOCK();
    return res;
}

static PyObject *str_or_none(const char *s) {
    if (!s) Py_RETURN_NONE;
    return PyUnicode_DecodeUTF8(s, (Py_ssize_t)strlen(s), "replace");
}

/* _article_meta(node) -> dict: the issue 5 metadata sources of the page (title heading near the
 * article body, JSON-LD headline/author/datePublished), for tests and tools. */
static PyObject *py_article_meta(PyObject *module, PyObject *arg) {
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(arg, &owner);
    if (!node) return NULL;
    dl_article_text_result r;
    dl_meta_plus m;
    int rc;
    PyObject *res = NULL;
    DL_TREE_LOCK(owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_article_text(node, DL_FAVOR_BALANCED, &r);
    if (rc == 0) {
        rc = dl_meta_plus_harvest(node, r.body, &m);
        dl_article_text_free(&r);
    }
    Py_END_ALLOW_THREADS
    if (rc < 0) {
        PyErr_NoMemory();
    } else {
        const char *names[] = {"h1", "headline", "author", "published", "og_title", "title_tag", "site_name",
                               "published_time"};
        const char *values[] = {m.h1, m.headline, m.author, m.published, m.og_title, m.title_tag, m.site_name,
                                m.published_time};
        res = PyDict_New();
        for (size_t k = 0; res && k < sizeof(names) / sizeof(names[0]); k++) {
            PyObject *v = str_or_none(values[k]);
            if (!v || PyDict_SetItemString(res, names[k], v) < 0) Py_CLEAR(res);
            Py_XDECREF(v);
        }
        dl_meta_plus_free(&m);
    }
    DL_TREE_UNLOCK();
    return res;
}

/* _date_iso(s) -> str | None: the ISO 8601 form of a written date, None when it cannot be read. */
static PyObject *py_date_iso(PyObject *module, PyObject *arg) {
    Py_ssize_t n;
    const char *s = PyUnicode_AsUTF8AndSize(arg, &n);
    if (!s) return NULL;
    char out[32];
    size_t len = dl_date_iso8601(s, (size_t)n, out);
    if (!len) Py_RETURN_NONE;
    return PyUnicode_FromStringAndSize(out, (Py_ssize_t)len);
}

/* _title_without_site(title, site=None) -> str: the title with the site name cut off. */
static PyObject *py_title_without_site(PyObject *module, PyObject *args) {
    const char *t, *site = NULL;
    Py_ssize_t tn, sn = 0;
    if (!PyArg_ParseTuple(args, "s#|z#:_title_without_site", &t, &tn, &site, &sn)) return NULL;
    size_t start, len;
    dl_title_without_site(t, (size_t)tn, site, (size_t)sn, &start, &len);
    return PyUnicode_DecodeUTF8(t + start, (Py_ssize_t)len, "replace");
}

static PyMethodDef article_functions[] = {
    {"_article_text", (PyCFunction)(void (*)(void))py_article_text, METH_VARARGS | METH_KEYWORDS,
     "_article_text(node, favor=0) -> str: the cleaned article text of the subtree (issue 5)."},
    {"_article_meta", (PyCFunction)py_article_meta, METH_O,
     "_article_meta(node) -> dict: title heading near the body and JSON-LD fields (issue 5)."},
    {"_article_export", (PyCFunction)(void (*)(void))py_article_export, METH_VARARGS | METH_KEYWORDS,
     "_article_export(node, favor, kind, policy=None) -> str: the article content as text (0), Markdown (1) "
     "or sanitized HTML (2)."},
    {"_date_iso", (PyCFunction)py_date_iso, METH_O, "_date_iso(s) -> str | None: a date in ISO 8601."},
    {"_title_without_site", (PyCFunction)py_title_without_site, METH_VARARGS,
     "_title_without_site(title, site=None) -> str: the title without the site name."},
    {NULL, NULL, 0, NULL},
};

int dl_article_init_module(PyObject *m) {
    dl_article_text_init();
    return PyModule_AddFunctions(m, article_functions);
}
