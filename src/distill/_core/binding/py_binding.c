/* Python-facing entry points of the binding subsystem: parse() and parse_fragment(). */
#include "binding/internal.h" /* Python.h first: it sets the feature macros */

#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "encoding/encoding.h"
#include "tree/treebuilder.h"


/* ---- input ----------------------------------------------------------------------------------- */

/* str with lone surrogates has no UTF-8 form: encode with surrogatepass and replace each surrogate's
 * three bytes (ED A0..BF xx) by U+FFFD's three bytes, so lengths and code point counts do not move. */
static char *utf8_of_str_with_surrogates(PyObject *s, size_t *len_out) {
    PyObject *b = PyUnicode_AsEncodedString(s, "utf-8", "surrogatepass");
    if (!b) return NULL;
    size_t len = (size_t)PyBytes_GET_SIZE(b);
    char *copy = malloc(len + 1);
    if (!copy) {
        Py_DECREF(b);
        PyErr_NoMemory();
        return NULL;
    }
    memcpy(copy, PyBytes_AS_STRING(b), len);
    copy[len] = '\0';
    Py_DECREF(b);
    for (size_t i = 0; i + 2 < len; i++) {
        unsigned char c0 = (unsigned char)copy[i], c1 = (unsigned char)copy[i + 1];
        if (c0 == 0xED && c1 >= 0xA0 && c1 <= 0xBF) {
            copy[i] = (char)0xEF;
            copy[i + 1] = (char)0xBF;
            copy[i + 2] = (char)0xBD;
            i += 2;
        }
    }
    *len_out = len;
    return copy;
}

/* Fill owner's source fields from str or bytes; returns the UTF-8 to parse, NULL with an exception. */
static const char *prepare_source(DocumentObject *owner, const char *fname, PyObject *markup, int enc_id,
                                  size_t *len_out) {
    if (PyUnicode_Check(markup)) {
        Py_ssize_t len;
        const char *utf8 = PyUnicode_AsUTF8AndSize(markup, &len);
        owner->encoding = PyUnicode_FromString("utf-8");
        if (!owner->encoding) return NULL;
        /* ASCII str: code point offsets equal byte offsets, no table needed. */
        owner->source_kind = PyUnicode_IS_ASCII(markup) ? DL_SOURCE_UTF8_BYTES : DL_SOURCE_STR;
        if (utf8) {
            owner->source_owner = Py_NewRef(markup); /* the str owns its UTF-8 buffer: zero copy */
            *len_out = (size_t)len;
            return utf8;
        }
        if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError)) return NULL;
        PyErr_Clear();
        owner->owned_source = utf8_of_str_with_surrogates(markup, len_out);
        return owner->owned_source;
    }
    if (PyBytes_Check(markup)) {
        dl_decoded d;
        memset(&d, 0, sizeof(d));
        if (dl_py_decode_bytes((const uint8_t *)PyBytes_AS_STRING(markup), (size_t)PyBytes_GET_SIZE(markup), enc_id,
                            &d) < 0)
            return NULL;
        owner->source_owner = Py_NewRef(markup);
        owner->owned_source = d.owned;
        owner->byte_map = d.map;
        owner->source_kind = DL_SOURCE_DECODED_BYTES;
        const char *name = dl_encoding_name(d.encoding);
        owner->encoding = PyUnicode_FromString(name ? name : "utf-8");
        if (!owner->encoding) return NULL;
        *len_out = d.len;
        return d.utf8;
    }
    PyErr_Format(PyExc_TypeError, "%s() argument 'markup' must be str or bytes, not %.100s", fname,
                 Py_TYPE(markup)->tp_name);
    return NULL;
}

static PyObject *run_parse(const char *fname, PyObject *markup, int enc_id, dl_parse_options *opts) {
    DocumentObject *owner = dl_tree_new();
    if (!owner) return NULL;
    size_t len = 0;
    const char *src = prepare_source(owner, fname, markup, enc_id, &len);
    if (!src) {
        Py_DECREF(owner);
        return NULL;
    }
    dl_parse_status status = DL_PARSE_OK;
    dl_document *doc;
    /* The buffer belongs to an immutable str/bytes this owner references, or to the owner itself. */
    Py_BEGIN_ALLOW_THREADS
    doc = dl_parse(src, len, opts, &status);
    Py_END_ALLOW_THREADS
    if (!doc) {
        Py_DECREF(owner);
        if (status == DL_PARSE_TOO_LARGE)
            return PyErr_Format(PyExc_ValueError, "%s(): input too large (4 GiB or more)", fname);
        return PyErr_NoMemory();
    }
    owner->doc = doc;
    PyObject *root = dl_wrap_node(owner, doc->root);
    Py_DECREF(owner);
    return root;
}

static int lookup_encoding(const char *fname, PyObject *encoding) {
    if (encoding == Py_None) return -1;
    if (!PyUnicode_Check(encoding)) {
        PyErr_Format(PyExc_TypeError, "%s() argument 'encoding' must be str or None, not %.100s", fname,
                     Py_TYPE(encoding)->tp_name);
        return -2;
    }
    return dl_py_encoding_label(encoding);
}

static int check_bool(const char *fname, const char *arg, PyObject *v) {
    if (PyBool_Check(v)) return v == Py_True;
    PyErr_Format(PyExc_TypeError, "%s() argument '%s' must be bool, not %.100s", fname, arg, Py_TYPE(v)->tp_name);
    return -1;
}

static PyObject *py_parse(PyObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"", "encoding", "scripting", NULL};
    PyObject *markup, *encoding = Py_None, *scripting_obj = Py_True;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|$OO:parse", kwlist, &markup, &encoding, &scripting_obj))
        return NULL;
    int scripting = check_bool("parse", "scripting", scripting_obj);
    if (scripting < 0) return NULL;
    int enc_id = lookup_encoding("parse", encoding);
    if (enc_id == -2) return NULL;
    dl_parse_options opts;
    memset(&opts, 0, sizeof(opts));
    opts.scripting = scripting;
    return run_parse("parse", markup, enc_id, &opts);
}

static PyObject *py_parse_fragment(PyObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"", "context", "scripting", NULL};
    PyObject *markup, *context = NULL, *scripting_obj = Py_True;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|O$O:parse_fragment", kwlist, &markup, &context,
                                     &scripting_obj))
        return NULL;
    int scripting = check_bool("parse_fragment", "scripting", scripting_obj);
    if (scripting < 0) return NULL;
    const char *ctx = "body";
    Py_ssize_t ctx_len = 4;
    if (context) {
        if (!PyUnicode_Check(context)) {
            PyErr_Format(PyExc_TypeError, "parse_fragment() argument 'context' must be str, not %.100s",
                         Py_TYPE(context)->tp_name);
            return NULL;
        }
        if (!(ctx = PyUnicode_AsUTF8AndSize(context, &ctx_len))) return NULL;
    }
    dl_parse_options opts;
    memset(&opts, 0, sizeof(opts));
    opts.scripting = scripting;
    opts.context_ns = DL_NS_HTML;
    /* "svg NAME" / "math NAME" name a foreign context element, as html5lib's fragment tests write it. */
    if (ctx_len == 3 && memcmp(ctx, "svg", 3) == 0) {
        opts.context_ns = DL_NS_SVG; /* an HTML element named svg does not exist: mean the SVG root */
    } else if (ctx_len == 4 && memcmp(ctx, "math", 4) == 0) {
        opts.context_ns = DL_NS_MATHML;
    } else if (ctx_len > 4 && memcmp(ctx, "svg ", 4) == 0) {
        opts.context_ns = DL_NS_SVG;
        ctx += 4;
        ctx_len -= 4;
    } else if (ctx_len > 5 && memcmp(ctx, "math ", 5) == 0) {
        opts.context_ns = DL_NS_MATHML;
        ctx += 5;
        ctx_len -= 5;
    }
    if (ctx_len == 0 || memchr(ctx, ' ', (size_t)ctx_len)) {
        PyErr_Format(PyExc_ValueError,
                     "parse_fragment(): context must be a tag name, or 'svg NAME' / 'math NAME', not %R", context);
        return NULL;
    }
    /* HTML tag names are ASCII case-insensitive; foreign names keep their case ("foreignObject"). */
    char lowered[64];
    if (opts.context_ns == DL_NS_HTML && (size_t)ctx_len < sizeof(lowered)) {
        for (Py_ssize_t i = 0; i < ctx_len; i++)
            lowered[i] = (char)dl_ascii_lower((unsigned char)ctx[i]);
        ctx = lowered;
    }
    opts.context_name = ctx;
    opts.context_len = (size_t)ctx_len;
    return run_parse("parse_fragment", markup, -1, &opts);
}

static PyObject *py_live_documents(PyObject *self, PyObject *unused) {
    return PyLong_FromSsize_t(dl_live_documents());
}

static PyMethodDef binding_functions[] = {
    {"parse", (PyCFunction)(void (*)(void))py_parse, METH_VARARGS | METH_KEYWORDS,
     "parse(markup, /, *, encoding=None, scripting=True)\n--\n\n"
     "Parse a whole HTML document (WHATWG tree construction). Bytes are decoded after sniffing the\n"
     "encoding (BOM, `encoding`, <meta charset>, then UTF-8 or windows-1252); str is used as is.\n"
     "Raises TypeError for other input types and LookupError for an unknown encoding label."},
    {"parse_fragment", (PyCFunction)(void (*)(void))py_parse_fragment, METH_VARARGS | METH_KEYWORDS,
     "parse_fragment(markup, /, context='body', *, scripting=True)\n--\n\n"
     "Parse an HTML fragment as if it were the content of a `context` element: an HTML tag name, or\n"
     "'svg NAME' / 'math NAME' for a foreign element. Returns a DocumentFragment."},
    {"_live_documents", py_live_documents, METH_NOARGS,
     "_live_documents()\n--\n\nNumber of parsed documents whose memory is not yet freed (for tests)."},
    {"_build", dl_build_tree, METH_O,
     "_build(spec, /)\n--\n\nA DocumentFragment built from a nested spec, bypassing the parser (for tests)."},
    {NULL, NULL, 0, NULL},
};

int dl_binding_init_module(PyObject *m) {
    if (dl_nodes_init_module(m) < 0) return -1;
    return PyModule_AddFunctions(m, binding_functions);
}
