/* Python-facing entry points of the sanitize subsystem: compile_policy() and sanitize(). */
#include "binding/binding.h"
#include "binding/py_options.h"
#include "sanitize/sanitize.h"
#include "tree/treebuilder.h"

#define POLICY_CAPSULE "distill._core.Policy"

static void policy_capsule_free(PyObject *cap) {
    dl_policy *p = PyCapsule_GetPointer(cap, POLICY_CAPSULE);
    if (!p) return;
    dl_policy_free(p);
    PyMem_Free(p);
}

/* Iterate a sequence of str, calling add for each; ValueError names what the sanitizer refuses. */
static int add_names(dl_policy *p, PyObject *seq, const char *what,
                     int (*add)(dl_policy *, const char *, size_t)) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast); i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
        Py_ssize_t len;
        const char *s = PyUnicode_AsUTF8AndSize(item, &len);
        if (!s) goto fail;
        int rc = add(p, s, (size_t)len);
        if (rc < 0) {
            PyErr_NoMemory();
            goto fail;
        }
        if (rc == 0) {
            PyErr_Format(PyExc_ValueError, "%s %R can never be allowed by a sanitizer policy", what, item);
            goto fail;
        }
    }
    Py_DECREF(fast);
    return 0;
fail:
    Py_DECREF(fast);
    return -1;
}

static PyObject *compile_policy(PyObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"elements", "attributes", "url_schemes", "allow_relative_urls",
                             "allow_data_images", "allow_comments", "link_rel", "url_hosts", NULL};
    PyObject *elements, *attributes, *schemes, *link_rel, *hosts = Py_None;
    int rel = 1, data = 0, comments = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOpppO|O:compile_policy", kwlist, &elements, &attributes,
                                     &schemes, &rel, &data, &comments, &link_rel, &hosts))
        return NULL;
    dl_policy *p = PyMem_Malloc(sizeof(*p));
    if (!p) return PyErr_NoMemory();
    dl_policy_init(p);
    p->allow_relative = rel;
    p->allow_data_images = data;
    p->allow_comments = comments;
    if (add_names(p, elements, "element", dl_policy_allow_element) < 0) goto fail;
    if (add_names(p, schemes, "URL scheme", dl_policy_allow_scheme) < 0) goto fail;
    if (hosts != Py_None) {
        dl_policy_restrict_hosts(p);
        if (add_names(p, hosts, "URL host", dl_policy_allow_host) < 0) goto fail;
    }
    PyObject *fast = PySequence_Fast(attributes, "attributes must be a sequence of (element, name) pairs");
    if (!fast) goto fail;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast); i++) {
        PyObject *el, *name;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, i), "OU", &el, &name)) {
            Py_DECREF(fast);
            goto fail;
        }
        Py_ssize_t elen = 0, nlen;
        const char *e = NULL, *nm = PyUnicode_AsUTF8AndSize(name, &nlen);
        if (el != Py_None && !(e = PyUnicode_AsUTF8AndSize(el, &elen))) nm = NULL;
        if (!nm) {
            Py_DECREF(fast);
            goto fail;
        }
        int rc = dl_policy_allow_attribute(p, e, (size_t)elen, nm, (size_t)nlen);
        if (rc <= 0) {
            if (rc < 0) PyErr_NoMemory();
            else PyErr_Format(PyExc_ValueError, "attribute %R on %R can never be allowed by a sanitizer policy",
                              name, el);
            Py_DECREF(fast);
            goto fail;
        }
    }
    Py_DECREF(fast);
    if (link_rel != Py_None) {
        Py_ssize_t len;
        const char *s = PyUnicode_AsUTF8AndSize(link_rel, &len);
        if (!s) goto fail;
        if (dl_policy_set_link_rel(p, s, (size_t)len) < 0) {
            PyErr_NoMemory();
            goto fail;
        }
    }
    PyObject *cap = PyCapsule_New(p, POLICY_CAPSULE, policy_capsule_free);
    if (!cap) goto fail;
    return cap;
fail:
    dl_policy_free(p);
    PyMem_Free(p);
    return NULL;
}

static PyObject *result_str(dl_htmlbuf *out, int rc) {
    if (rc < 0) {
        dl_htmlbuf_free(out);
        return PyErr_NoMemory();
    }
    PyObject *s = PyUnicode_DecodeUTF8(out->data ? out->data : "", (Py_ssize_t)out->len, "replace");
    dl_htmlbuf_free(out);
    return s;
}

static PyObject *sanitize_with(PyObject *input, const dl_policy *p, const char *base, size_t base_len, int resolve) {
    dl_htmlbuf out;
    dl_htmlbuf_init(&out);
    int rc;
    if (PyUnicode_Check(input)) {
        Py_ssize_t len;
        PyObject *encoded = NULL;
        const char *utf8 = PyUnicode_AsUTF8AndSize(input, &len);
        if (!utf8) {
            /* Lone surrogates cannot be UTF-8: replace them rather than refuse the markup. */
            PyErr_Clear();
            encoded = PyUnicode_AsEncodedString(input, "utf-8", "replace");
            if (!encoded) return NULL;
            utf8 = PyBytes_AS_STRING(encoded);
            len = PyBytes_GET_SIZE(encoded);
        }
        dl_parse_options opts = {0};
        opts.scripting = 1;
        opts.context_name = "body";
        opts.context_len = 4;
        opts.context_ns = DL_NS_HTML;
        dl_parse_status status = DL_PARSE_OK;
        Py_BEGIN_ALLOW_THREADS
        dl_document *doc = dl_parse(utf8, (size_t)len, &opts, &status);
        rc = doc ? dl_sanitize_nodes_base(p, doc, (const dl_node *const *)&doc->root, 1, NULL, base, base_len,
                                          resolve, &out)
                 : -1;
        dl_document_free(doc);
        Py_END_ALLOW_THREADS
        Py_XDECREF(encoded);
        if (rc < 0 && status == DL_PARSE_TOO_LARGE) {
            dl_htmlbuf_free(&out);
            PyErr_SetString(PyExc_ValueError, "markup too large to sanitize");
            return NULL;
        }
        return result_str(&out, rc);
    }
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(input, &owner);
    if (!node) {
        PyErr_Format(PyExc_TypeError, "sanitize() takes markup (str) or a Node, not %.100s",
                     Py_TYPE(input)->tp_name);
        return NULL;
    }
    DL_TREE_LOCK(owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_sanitize_nodes_base(p, owner->doc, &node, 1, NULL, base, base_len, resolve, &out);
    Py_END_ALLOW_THREADS
    DL_TREE_UNLOCK();
    return result_str(&out, rc);
}

/* sanitize(markup_or_node, policy, base_url=None): with a base URL (a str), relative URLs are resolved
 * against the document's effective base (its <base href> on top of base_url) before they are checked;
 * without one they are checked as they stand. */
static PyObject *sanitize(PyObject *self, PyObject *args) {
    PyObject *input, *cap, *base_obj = Py_None;
    if (!PyArg_ParseTuple(args, "OO|O:sanitize", &input, &cap, &base_obj)) return NULL;
    const dl_policy *p = PyCapsule_GetPointer(cap, POLICY_CAPSULE);
    if (!p) return NULL;
    char *base = NULL;
    size_t base_len = 0;
    if (dl_base_url_from_py(base_obj, &base, &base_len) < 0) return NULL;
    int resolve = base_obj != Py_None;
    PyObject *res = sanitize_with(input, p, base, base_len, resolve);
    PyMem_RawFree(base);
    return res;
}

static PyMethodDef sanitize_methods[] = {
    {"compile_policy", (PyCFunction)(void (*)(void))compile_policy, METH_VARARGS | METH_KEYWORDS,
     "compile_policy(elements, attributes, url_schemes, allow_relative_urls, allow_data_images, "
     "allow_comments, link_rel) -> capsule\n\nA policy in the form sanitize() reads; raises ValueError for "
     "names no policy may allow."},
    {"sanitize", sanitize, METH_VARARGS,
     "sanitize(markup_or_node, policy, base_url=None) -> str\n\nThe allowed part of the markup (parsed as a "
     "body fragment) or of the node's subtree, as HTML that re-parses to the same tree; with base_url, relative "
     "URLs resolved against it (and the document's <base href>) first."},
    {NULL, NULL, 0, NULL},
};

int dl_sanitize_init_module(PyObject *m) { return PyModule_AddFunctions(m, sanitize_methods); }
