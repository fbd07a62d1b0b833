/* Python-facing entry of the article text (issue 5): distill._core._article_text(node, options=None).
 *
 * The extract subsystem's Node.article() / distill.article() build Article.text from it; the private
 * function is also what tools/eval_article.py and tests/extract/test_article.py call. */
#include <string.h>

#include "binding/binding.h"
#include "extract/classic/article_table.h"
#include "extract/classic/article_text.h"
#include "extract/blocks/blocks.h"
#include "extract/page_type/page_type.h"
#include "binding/py_options.h"
#include "extract/metadata/date.h"
#include "extract/extract.h"
#include "extract/metadata/metadata.h"
#include "extract/pipeline/pipeline.h"
#include "sanitize/sanitize.h"

static PyObject *py_article_text(PyObject *module, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"node", "options", "classic", NULL};
    PyObject *obj, *options = Py_None;
    int classic = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|Op:_article_text", kwlist, &obj, &options, &classic))
        return NULL;
    dl_extract_options opts;
    if (dl_extract_options_from_py(options, &opts) < 0) return NULL;
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(obj, &owner);
    if (!node) return NULL;
    dl_article_text_result r;
    int rc;
    PyObject *res = NULL;
    DL_TREE_LOCK(owner);
    Py_BEGIN_ALLOW_THREADS
    rc = classic ? dl_article_classic_text(node, (dl_favor)opts.favor, &r)
                 : dl_article_text(node, (dl_favor)opts.favor, &r);
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

static int set_item(PyObject *dict, const char *key, const char *s, size_t n) {
    PyObject *v = n ? PyUnicode_DecodeUTF8(s, (Py_ssize_t)n, "replace") : Py_NewRef(Py_None);
    int rc = v ? PyDict_SetItemString(dict, key, v) : -1;
    Py_XDECREF(v);
    return rc;
}

/* _article_meta(node) -> dict: the declared sources the metadata harvest kept apart (issue 13), the
 * <h1>s it saw and the declared dates in ISO 8601, for tests and tools. */
static PyObject *py_article_meta(PyObject *module, PyObject *arg) {
    static const char *const src_names[DL_SRC__COUNT] = {
        [DL_SRC_TITLE_TAG] = "title_tag",         [DL_SRC_OG_TITLE] = "og_title",
        [DL_SRC_LD_HEADLINE] = "headline",        [DL_SRC_TWITTER_TITLE] = "twitter_title",
        [DL_SRC_DC_TITLE] = "dc_title",           [DL_SRC_PARSELY_TITLE] = "parsely_title",
        [DL_SRC_ITEMPROP_HEADLINE] = "itemprop_headline", [DL_SRC_OG_SITE_NAME] = "site_name",
        [DL_SRC_APPLICATION_NAME] = "application_name", [DL_SRC_LD_PUBLISHER] = "publisher",
        [DL_SRC_LD_WEBSITE] = "website",
        [DL_SRC_LD_AUTHOR] = "author",            [DL_SRC_META_AUTHOR] = "meta_author",
        [DL_SRC_ARTICLE_AUTHOR] = "article_author", [DL_SRC_PARSELY_AUTHOR] = "parsely_author",
        [DL_SRC_DC_CREATOR] = "dc_creator",       [DL_SRC_OTHER_AUTHOR] = "other_author",
        [DL_SRC_TWITTER_DATA1] = "twitter_data1", [DL_SRC_ITEMPROP_AUTHOR] = "itemprop_author",
        [DL_SRC_ITEMPROP_AUTHOR_TEXT] = "itemprop_author_text",
        [DL_SRC_OG_URL] = "og_url",
    };
    static const char *const date_names[DL_DATE__COUNT] = {
        [DL_DATE_LD_PUBLISHED] = "published",          [DL_DATE_ARTICLE_PUBLISHED] = "published_time",
        [DL_DATE_ITEMPROP_PUBLISHED] = "itemprop_published", [DL_DATE_META] = "meta_date",
        [DL_DATE_LD_CREATED] = "created",              [DL_DATE_META_OTHER] = "meta_other",
        [DL_DATE_TIME_PUBDATE] = "time_pubdate",
        [DL_DATE_TIME] = "time",                       [DL_DATE_LD_MODIFIED] = "modified",
        [DL_DATE_ARTICLE_MODIFIED] = "modified_time",  [DL_DATE_ITEMPROP_MODIFIED] = "itemprop_modified",
    };
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(arg, &owner);
    if (!node) return NULL;
    dl_meta m;
    PyObject *res = NULL;
    DL_TREE_LOCK(owner);
    Py_BEGIN_ALLOW_THREADS
    dl_meta_init(&m);
    dl_article_harvest(node, &m);
    Py_END_ALLOW_THREADS
    if (m.nomem) {
        PyErr_NoMemory();
    } else if ((res = PyDict_New()) != NULL) {
        for (int k = 0; res && k < DL_SRC__COUNT; k++)
            if (set_item(res, src_names[k], m.src[k].data, m.src[k].len) < 0) Py_CLEAR(res);
        for (int k = 0; res && k < DL_DATE__COUNT; k++) {
            char iso[DL_DATE_ISO_MAX];
            size_t n = m.date_set[k] ? dl_date_format(&m.dates[k], iso) : 0;
            if (set_item(res, date_names[k], iso, n) < 0) Py_CLEAR(res);
        }
        PyObject *h1 = res ? PyList_New(0) : NULL;
        for (size_t i = 0; h1 && i < m.nh1; i++) {
            dl_buf t = {0};
            dl_folded_text(m.h1[i].node, &t);
            PyObject *v = PyUnicode_DecodeUTF8(t.data ? t.data : "", (Py_ssize_t)t.len, "replace");
            dl_buf_free(&t);
            if (!v || PyList_Append(h1, v) < 0) Py_CLEAR(h1);
            Py_XDECREF(v);
        }
        if (!h1 || PyDict_SetItemString(res, "h1", h1) < 0) Py_CLEAR(res);
        Py_XDECREF(h1);
    }
    dl_meta_free(&m);
    DL_TREE_UNLOCK();
    return res;
}

/* _date_iso(s) -> str | None: the ISO 8601 form of a written date, None when it cannot be read. */
static PyObject *py_date_iso(PyObject *module, PyObject *arg) {
    Py_ssize_t n;
    const char *s = PyUnicode_AsUTF8AndSize(arg, &n);
    if (!s) return NULL;
    char out[DL_DATE_ISO_MAX];
    size_t len = dl_date_iso8601(s, (size_t)n, out);
    if (!len) Py_RETURN_NONE;
    return PyUnicode_FromStringAndSize(out, (Py_ssize_t)len);
}

/* _date_scan(s) -> str | None: the first date written in free text, in ISO 8601. */
static PyObject *py_date_scan(PyObject *module, PyObject *arg) {
    Py_ssize_t n;
    const char *s = PyUnicode_AsUTF8AndSize(arg, &n);
    if (!s) return NULL;
    dl_date d;
    if (!dl_date_scan(s, (size_t)n, 0, &d)) Py_RETURN_NONE;
    char out[DL_DATE_ISO_MAX];
    size_t len = dl_date_format(&d, out);
    return PyUnicode_FromStringAndSize(out, (Py_ssize_t)len);
}

/* _date_from_url(s) -> str | None: the date in a URL path, in ISO 8601. */
static PyObject *py_date_from_url(PyObject *module, PyObject *arg) {
    Py_ssize_t n;
    const char *s = PyUnicode_AsUTF8AndSize(arg, &n);
    if (!s) return NULL;
    dl_date d;
    if (!dl_date_from_url(s, (size_t)n, &d)) Py_RETURN_NONE;
    char out[DL_DATE_ISO_MAX];
    size_t len = dl_date_format(&d, out);
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

/* _article_blocks(node) -> (texts, features, nfeat): every text block of the subtree in document order
 * with its own text and its feature vector (float32, nfeat per block), for tools/fit_blocks.py; of the
 * tree the pipeline reads (a document it reads again is read again here too). */
static PyObject *py_article_blocks(PyObject *module, PyObject *arg) {
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(arg, &owner);
    if (!node) return NULL;
    dl_actx cx;
    memset(&cx, 0, sizeof(cx));
    dl_blocks b;
    memset(&b, 0, sizeof(b));
    int rc, nomem;
    dl_reread why;
    dl_document *again;
    PyObject *res = NULL;
    DL_TREE_LOCK(owner);
    Py_BEGIN_ALLOW_THREADS
    uint32_t chosen[DL_TAB_MAX_CHOSEN], nchosen = 0;
    int64_t best = -1;
    dl_page_type type = DL_PAGE_ARTICLE;
    double conf = 0;
    /* the tree the pipeline reads (its step 1), so that the model is fitted on what it will be given */
    again = dl_extract_reread(owner->doc, node, &why, &nomem);
    if (again) node = again->root;
    rc = nomem ? -1 : dl_page_classify(node, &type, &conf);
    if (rc == 0) rc = dl_tab_select(&cx, node, DL_FAVOR_BALANCED, chosen, &nchosen, &best);
    if (rc == 0) rc = dl_blocks_compute(&cx, node, chosen, nchosen, best, type, conf, 1, &b);
    Py_END_ALLOW_THREADS
    if (rc < 0) {
        PyErr_NoMemory();
    } else {
        PyObject *texts = PyList_New((Py_ssize_t)b.n);
        PyObject *feats = PyBytes_FromStringAndSize((const char *)b.x, (Py_ssize_t)((size_t)b.n * DL_BLOCK_NFEAT * sizeof(float)));
        for (uint32_t k = 0; texts && k < b.n; k++) {
            PyObject *t = PyUnicode_DecodeUTF8(b.text[k].data ? b.text[k].data : "", (Py_ssize_t)b.text[k].len, "replace");
            if (!t) {
                Py_CLEAR(texts);
                break;
            }
            PyList_SET_ITEM(texts, k, t);
        }
        if (texts && feats) res = Py_BuildValue("(OOi)", texts, feats, DL_BLOCK_NFEAT);
        Py_XDECREF(texts);
        Py_XDECREF(feats);
    }
    dl_blocks_free(&b);
    dl_tab_free(&cx);
    if (again) dl_document_free(again);
    DL_TREE_UNLOCK();
    return res;
}

/* _block_feature_names() -> tuple[str, ...]: the block features in the model's order (blocks.h). */
static PyObject *py_block_feature_names(PyObject *module, PyObject *Py_UNUSED(ignored)) {
    (void)module;
    return dl_py_names(DL_BLOCK_NFEAT, dl_block_feature_name);
}

static PyMethodDef article_functions[] = {
    {"_block_feature_names", py_block_feature_names, METH_NOARGS,
     "_block_feature_names() -> tuple[str, ...]: the names of the block features, in the model's order."},
    {"_article_blocks", (PyCFunction)py_article_blocks, METH_O,
     "_article_blocks(node) -> (texts, features, nfeat): the text blocks and their features (issue 12)."},
    {"_article_text", (PyCFunction)(void (*)(void))py_article_text, METH_VARARGS | METH_KEYWORDS,
     "_article_text(node, options=None, classic=False) -> str: the article text of the subtree (classic: "
     "the issue 5 selection alone, before the region classifier)."},
    {"_article_meta", (PyCFunction)py_article_meta, METH_O,
     "_article_meta(node) -> dict: the declared metadata sources, the <h1>s and the declared dates."},
    {"_date_iso", (PyCFunction)py_date_iso, METH_O, "_date_iso(s) -> str | None: a date in ISO 8601."},
    {"_date_scan", (PyCFunction)py_date_scan, METH_O,
     "_date_scan(s) -> str | None: the first date written in free text, in ISO 8601."},
    {"_date_from_url", (PyCFunction)py_date_from_url, METH_O,
     "_date_from_url(s) -> str | None: the date in a URL path, in ISO 8601."},
    {"_title_without_site", (PyCFunction)py_title_without_site, METH_VARARGS,
     "_title_without_site(title, site=None) -> str: the title without the site name."},
    {NULL, NULL, 0, NULL},
};

int dl_article_init_module(PyObject *m) {
    dl_article_text_init();
    dl_blocks_init();
    if (dl_options_init_module(m) < 0) return -1;
    return PyModule_AddFunctions(m, article_functions);
}
