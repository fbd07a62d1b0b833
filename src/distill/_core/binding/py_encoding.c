/* Python-facing entry points of the encoding subsystem: the decoding tables at import, and private
 * helpers the tests use to reach the sniffer, the decoder and the offset map directly. */
#include "binding/binding.h"
#include "encoding/encoding.h"
#include "encoding/encoding_internal.h"

int dl_py_encoding_label(PyObject *label) {
    if (!label || label == Py_None) return -1;
    Py_ssize_t n;
    const char *s = PyUnicode_AsUTF8AndSize(label, &n);
    if (!s) return -2;
    int id = dl_encoding_lookup(s, (size_t)n);
    if (id >= 0) return id;
    /* Echo a bounded prefix: a label is user input and may be megabytes long. */
    Py_ssize_t chars = PyUnicode_GetLength(label);
    PyObject *shown = chars > 64 ? PyUnicode_Substring(label, 0, 64) : Py_NewRef(label);
    if (shown) {
        PyErr_Format(PyExc_LookupError, "unknown encoding: %R%s", shown, chars > 64 ? "..." : "");
        Py_DECREF(shown);
    }
    return -2;
}

static PyObject *dl_py_lookup(PyObject *self, PyObject *label) {
    if (!PyUnicode_Check(label)) {
        PyErr_SetString(PyExc_TypeError, "label must be str");
        return NULL;
    }
    int id = dl_py_encoding_label(label);
    if (id < 0) return NULL;
    return PyUnicode_FromString(dl_encoding_name(id));
}

static PyObject *dl_py_sniff(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"data", "encoding", "utf8_detect", NULL};
    Py_buffer buf;
    PyObject *label = Py_None;
    int utf8_detect = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "y*|Op", kwlist, &buf, &label, &utf8_detect)) return NULL;
    int override_id = dl_py_encoding_label(label);
    if (override_id == -2) {
        PyBuffer_Release(&buf);
        return NULL;
    }
    int bom = 0;
    int id = dl_encoding_sniff_ex(buf.buf, (size_t)buf.len, override_id, utf8_detect ? 0 : DL_SNIFF_NO_UTF8_DETECT,
                                  &bom);
    PyBuffer_Release(&buf);
    return PyUnicode_FromString(dl_encoding_name(id));
}

/* _utf8_non_ascii(data) -> bool: valid UTF-8 with some non-ASCII byte, the rule that reads a page as
 * UTF-8 over a legacy declaration (encoding.h); distill.fetch applies it to the HTTP charset. */
static PyObject *dl_py_utf8_non_ascii(PyObject *self, PyObject *arg) {
    Py_buffer buf;
    if (PyObject_GetBuffer(arg, &buf, PyBUF_SIMPLE) < 0) return NULL;
    int r;
    Py_BEGIN_ALLOW_THREADS
    r = dl_utf8_non_ascii(buf.buf, (size_t)buf.len);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&buf);
    return PyBool_FromLong(r);
}

/* The test hooks' shared prologue: parse (data, encoding=None) and decode as distill.parse would.
 * Returns 0 with buf and d filled (release both), -1 with an exception set and nothing held. */
static int decode_args(PyObject *args, PyObject *kw, Py_buffer *buf, dl_decoded *d) {
    static char *kwlist[] = {"data", "encoding", NULL};
    PyObject *label = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "y*|O", kwlist, buf, &label)) return -1;
    int override_id = dl_py_encoding_label(label);
    if (override_id == -2 || dl_decode_bytes(buf->buf, (size_t)buf->len, override_id, d) < 0) {
        PyBuffer_Release(buf);
        return -1;
    }
    return 0;
}

/* Decode `data` as distill.parse would: (text, encoding name) and, when offsets is true, the input
 * byte offset of every code point of the text followed by the input length. */
static PyObject *dl_py_decode_impl(PyObject *args, PyObject *kw, int offsets) {
    Py_buffer buf;
    dl_decoded d;
    if (decode_args(args, kw, &buf, &d) < 0) return NULL;
    PyObject *result = NULL;
    PyObject *text = PyUnicode_DecodeUTF8(d.utf8, (Py_ssize_t)d.len, "strict");
    if (!text) goto done;
    if (!offsets) {
        result = Py_BuildValue("(Ns)", text, dl_encoding_name(d.encoding));
        goto done;
    }
    Py_DECREF(text);
    PyObject *list = PyList_New(0);
    if (!list) goto done;
    const uint8_t *u = (const uint8_t *)d.utf8;
    for (size_t p = 0; p <= d.len; p++) {
        if (p < d.len && (u[p] & 0xC0) == 0x80) continue;
        PyObject *v = PyLong_FromUnsignedLongLong(dl_offset_map_lookup(d.map, p));
        if (!v || PyList_Append(list, v) < 0) {
            Py_XDECREF(v);
            Py_DECREF(list);
            goto done;
        }
        Py_DECREF(v);
    }
    result = list;
done:
    dl_decoded_release(&d);
    PyBuffer_Release(&buf);
    return result;
}

static PyObject *dl_py_decode(PyObject *self, PyObject *args, PyObject *kw) {
    return dl_py_decode_impl(args, kw, 0);
}

static PyObject *dl_py_decode_offsets(PyObject *self, PyObject *args, PyObject *kw) {
    return dl_py_decode_impl(args, kw, 1);
}

static PyObject *dl_py_is_copy_free(PyObject *self, PyObject *args, PyObject *kw) {
    Py_buffer buf;
    dl_decoded d;
    if (decode_args(args, kw, &buf, &d) < 0) return NULL;
    PyObject *r = Py_BuildValue("(On)", d.owned ? Py_False : Py_True, (Py_ssize_t)dl_offset_map_memory(d.map));
    dl_decoded_release(&d);
    PyBuffer_Release(&buf);
    return r;
}

static PyMethodDef dl_encoding_methods[] = {
    {"_lookup_encoding", (PyCFunction)dl_py_lookup, METH_O,
     "_lookup_encoding(label) -> str: the canonical WHATWG name of an encoding label; LookupError if unknown."},
    {"_sniff", (PyCFunction)(void (*)(void))dl_py_sniff, METH_VARARGS | METH_KEYWORDS,
     "_sniff(data, encoding=None, utf8_detect=True) -> str: the encoding distill would decode data with "
     "(BOM, encoding label, <meta> prescan, valid UTF-8, windows-1252)."},
    {"_utf8_non_ascii", (PyCFunction)dl_py_utf8_non_ascii, METH_O,
     "_utf8_non_ascii(data) -> bool: whether data is valid UTF-8 holding some non-ASCII byte (then a legacy "
     "declaration is taken for a mislabel and the page read as UTF-8)."},
    {"_decode", (PyCFunction)(void (*)(void))dl_py_decode, METH_VARARGS | METH_KEYWORDS,
     "_decode(data, encoding=None) -> (str, str): the decoded text and the encoding's canonical name."},
    {"_decode_offsets", (PyCFunction)(void (*)(void))dl_py_decode_offsets, METH_VARARGS | METH_KEYWORDS,
     "_decode_offsets(data, encoding=None) -> list[int]: the input byte offset of each code point of "
     "the decoded text, then the input length."},
    {"_decode_info", (PyCFunction)(void (*)(void))dl_py_is_copy_free, METH_VARARGS | METH_KEYWORDS,
     "_decode_info(data, encoding=None) -> (bool, int): whether the input is parsed in place (no copy), "
     "and the bytes the offset map holds."},
    {NULL, NULL, 0, NULL},
};

int dl_encoding_init_module(PyObject *m) {
    if (dl_encoding_tables_init() < 0) return -1;
    return PyModule_AddFunctions(m, dl_encoding_methods);
}
