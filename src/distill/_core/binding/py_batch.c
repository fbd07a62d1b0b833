/* distill._core._extract_batch: a chunk of pages to JSON lines in one call (batch/batch.h).
 *
 * The GIL is held only to read the argument list and to build the one bytes object of the result; the
 * decoding, parsing, extraction and JSON writing of every page run with it released, so threads that
 * each hand a chunk to this function run in parallel. The exception is a page in a multi-byte legacy
 * encoding (gbk, big5, shift_jis, ...), which the encoding subsystem decodes with Python's codecs: the
 * GIL is taken back for that page's decoding only. */
#include <string.h>

#include "batch/batch.h"
#include "binding/binding.h"
#include "binding/py_options.h"
#include "encoding/encoding.h"
#include "encoding/encoding_internal.h"

typedef struct {
    const char *raw;   /* the page's bytes (or UTF-8 of a str), owned by the argument list */
    size_t raw_len;
    int is_str;        /* raw is already UTF-8 (a str was passed) */
    int enc;           /* transport encoding id, -1 for none (or an unknown label: sniffed as if none) */
    const char *url;   /* UTF-8 or NULL */
    size_t url_len;
} batch_page;

/* Decode one page to UTF-8 for the parser. The GIL is released on entry; *save is the thread state to
 * take it back with (only for the multi-byte legacy encodings, which decode through Python's codecs).
 * Returns 0 with utf8 and len set (d holds any copy made), or 1 with the reason in `reason` when the
 * page cannot be decoded. */
static int decode_page(const batch_page *p, PyThreadState **save, dl_decoded *d, const char **utf8, size_t *len,
                       char *reason, size_t cap) {
    memset(d, 0, sizeof *d);
    if (p->is_str) {
        *utf8 = p->raw, *len = p->raw_len;
        return 0;
    }
    const uint8_t *buf = (const uint8_t *)p->raw;
    int bom = 0, validated = 0, rc;
    int enc = dl_encoding_sniff_checked(buf, p->raw_len, p->enc, 0, &bom, &validated);
    if (validated) {
        rc = dl_decode_valid_utf8(buf, p->raw_len, (size_t)bom, d); /* used in place, not checked again */
    } else if (!dl_encoding_needs_codec(enc)) {
        rc = dl_decode_as(buf, p->raw_len, enc, (size_t)bom, NULL, d);
    } else {
        PyEval_RestoreThread(*save);
        rc = dl_py_decode_bytes(buf, p->raw_len, p->enc, d) < 0 ? DL_DECODE_CODEC_FAILED : 0;
        if (rc) {
            PyObject *type, *value, *tb;
            PyErr_Fetch(&type, &value, &tb);
            PyObject *msg = value ? PyObject_Str(value) : NULL;
            const char *m = msg ? PyUnicode_AsUTF8(msg) : NULL;
            PyOS_snprintf(reason, cap, "cannot decode the page as %s: %s", dl_encoding_name(enc), m ? m : "error");
            Py_XDECREF(msg);
            Py_XDECREF(type), Py_XDECREF(value), Py_XDECREF(tb);
            PyErr_Clear();
        }
        *save = PyEval_SaveThread();
        if (rc) return 1;
    }
    if (rc == DL_DECODE_TOO_LARGE) {
        PyOS_snprintf(reason, cap, "page too large to decode (1 GiB or more)");
        return 1;
    }
    if (rc) {
        PyOS_snprintf(reason, cap, "cannot decode the page as %s (%s)", dl_encoding_name(enc),
                      rc == DL_DECODE_NOMEM ? "out of memory" : "no decoder");
        return 1;
    }
    *utf8 = d->utf8, *len = d->len;
    return 0;
}

static PyObject *py_extract_batch(PyObject *module, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"pages", "options", "fields", "policy", "max_nodes", "max_bytes", "scripting", NULL};
    PyObject *list, *options = Py_None, *cap = Py_None;
    int scripting = 1;
    unsigned int fields = 0;
    Py_ssize_t max_nodes = 0, max_bytes = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!|$OIOnnp:_extract_batch", kwlist, &PyList_Type, &list,
                                     &options, &fields, &cap, &max_nodes, &max_bytes, &scripting))
        return NULL;
    if (max_nodes < 0 || max_bytes < 0) return PyErr_Format(PyExc_ValueError, "caps must be >= 0");
    dl_batch_options opts;
    memset(&opts, 0, sizeof opts);
    /* The Extraction's one compiled struct (binding/py_options.c), so the records keep exactly what
     * article() keeps under the same options; None is Extraction(). */
    if (dl_extract_options_from_py(options, &opts.extract) < 0) return NULL;
    opts.fields = fields;
    opts.max_nodes = (size_t)max_nodes;
    opts.scripting = scripting;
    if (fields & DL_BATCH_HTML) {
        opts.policy = PyCapsule_GetPointer(cap, "distill._core.Policy"); /* sanitize/py_sanitize.c's name */
        if (!opts.policy) return NULL;
    }
    /* The list is copied so that the caller cannot shrink it while the GIL is released. */
    PyObject *items = PySequence_Tuple(list);
    if (!items) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(items);
    batch_page *pages = PyMem_Calloc((size_t)(n ? n : 1), sizeof *pages);
    if (!pages) {
        Py_DECREF(items);
        return PyErr_NoMemory();
    }
    PyObject *result = NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *t = PyTuple_GET_ITEM(items, i), *html, *url, *enc;
        if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 3) {
            PyErr_Format(PyExc_TypeError, "pages[%zd] must be a tuple (html, url, encoding)", i);
            goto done;
        }
        html = PyTuple_GET_ITEM(t, 0), url = PyTuple_GET_ITEM(t, 1), enc = PyTuple_GET_ITEM(t, 2);
        batch_page *p = &pages[i];
        if (PyBytes_Check(html)) {
            p->raw = PyBytes_AS_STRING(html), p->raw_len = (size_t)PyBytes_GET_SIZE(html);
        } else if (PyUnicode_Check(html)) {
            Py_ssize_t len;
            p->raw = PyUnicode_AsUTF8AndSize(html, &len);
            if (!p->raw) goto done; /* lone surrogates: the caller encodes such a str itself */
            p->raw_len = (size_t)len, p->is_str = 1;
        } else {
            PyErr_Format(PyExc_TypeError, "pages[%zd][0] must be bytes or str, not %.100s", i, Py_TYPE(html)->tp_name);
            goto done;
        }
        if (url != Py_None) {
            Py_ssize_t len;
            if (!PyUnicode_Check(url) || !(p->url = PyUnicode_AsUTF8AndSize(url, &len))) {
                if (!PyErr_Occurred()) PyErr_Format(PyExc_TypeError, "pages[%zd][1] must be str or None", i);
                goto done;
            }
            p->url_len = (size_t)len;
        }
        p->enc = -1;
        if (enc != Py_None) {
            Py_ssize_t len;
            const char *label = PyUnicode_Check(enc) ? PyUnicode_AsUTF8AndSize(enc, &len) : NULL;
            if (!label) {
                if (!PyErr_Occurred()) PyErr_Format(PyExc_TypeError, "pages[%zd][2] must be str or None", i);
                goto done;
            }
            p->enc = dl_encoding_lookup(label, (size_t)len); /* a bogus transport label: sniff instead */
        }
    }
    dl_htmlbuf out;
    dl_htmlbuf_init(&out);
    Py_ssize_t errors = 0;
    int nomem = 0;
    PyThreadState *save = PyEval_SaveThread();
    for (Py_ssize_t i = 0; i < n && !nomem; i++) {
        const batch_page *p = &pages[i];
        char reason[320];
        int rc;
        if (max_bytes && p->raw_len > (size_t)max_bytes) {
            int len = PyOS_snprintf(reason, sizeof reason,
                                    "page too large: %zu bytes, more than the cap of %zd (--max-page-bytes)",
                                    p->raw_len, max_bytes);
            dl_batch_error(p->url, p->url_len, reason, (size_t)len, &opts, &out);
            rc = 1;
        } else if (p->raw_len >= 2 && (unsigned char)p->raw[0] == 0x1F && (unsigned char)p->raw[1] == 0x8B) {
            const char *r = "not HTML: gzip-compressed data";
            dl_batch_error(p->url, p->url_len, r, strlen(r), &opts, &out);
            rc = 1;
        } else {
            dl_decoded d;
            const char *utf8;
            size_t len;
            if (decode_page(p, &save, &d, &utf8, &len, reason, sizeof reason)) {
                dl_batch_error(p->url, p->url_len, reason, strlen(reason), &opts, &out);
                rc = 1;
            } else {
                rc = dl_batch_page(utf8, len, p->url, p->url_len, &opts, &out);
            }
            dl_decoded_release(&d);
        }
        if (rc < 0 || out.failed) nomem = 1;
        errors += rc == 1;
    }
    PyEval_RestoreThread(save);
    if (nomem) PyErr_NoMemory();
    else result = Py_BuildValue("(Nn)", PyBytes_FromStringAndSize(out.data ? out.data : "", (Py_ssize_t)out.len),
                                errors);
    dl_htmlbuf_free(&out);
done:
    PyMem_Free(pages);
    Py_DECREF(items);
    return result;
}

static PyMethodDef batch_functions[] = {
    {"_extract_batch", (PyCFunction)(void (*)(void))py_extract_batch, METH_VARARGS | METH_KEYWORDS,
     "_extract_batch(pages, *, options=None, fields=0, "
     "policy=None, max_nodes=0, max_bytes=0, scripting=True) -> (bytes, int): one JSON line per page of "
     "pages (a list of (html: bytes | str, url: str | None, encoding: str | None)), in order, and how many "
     "of them are error records. The GIL is released for the whole chunk."},
    {NULL, NULL, 0, NULL},
};

int dl_batch_init_module(PyObject *m) { return PyModule_AddFunctions(m, batch_functions); }
