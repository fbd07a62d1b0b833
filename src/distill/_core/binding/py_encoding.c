/* Python-facing entry points of the encoding subsystem: the codec for the multi-byte legacy encodings
 * (Python's), the decoder's errors as exceptions, and private helpers the tests use to reach the
 * sniffer, the decoder and the offset map directly. */
#include "binding/binding.h"
#include "common/buf.h"
#include "encoding/encoding.h"
#include "encoding/encoding_internal.h"

/* ---- Python's codecs for the multi-byte legacy encodings (the C library carries no tables for them) -- */

static const char *dl_python_codec(int enc) {
    switch (enc) {
    case DL_ENC_GBK:
    case DL_ENC_GB18030: return "gb18030"; /* WHATWG's gbk decoder is the gb18030 decoder */
    case DL_ENC_BIG5: return "big5hkscs";  /* WHATWG's Big5 includes the HKSCS extensions */
    case DL_ENC_EUC_JP: return "euc_jp";
    case DL_ENC_ISO_2022_JP: return "iso2022_jp_ext"; /* adds the half-width katakana WHATWG allows */
    case DL_ENC_SHIFT_JIS: return "cp932";            /* WHATWG's Shift_JIS is windows-31j */
    case DL_ENC_EUC_KR: return "cp949";               /* WHATWG's EUC-KR is windows-949 */
    default: return NULL;
    }
}

/* Append str's UTF-8 to o (steals the reference). Returns the number of code points, or -1 with an
 * exception set. */
static long dl_append_str(dl_buf *o, PyObject *s) {
    if (!s) return -1;
    if (!PyUnicode_Check(s)) {
        Py_DECREF(s);
        PyErr_SetString(PyExc_TypeError, "decoder did not return str");
        return -1;
    }
    Py_ssize_t n;
    const char *u = PyUnicode_AsUTF8AndSize(s, &n);
    long ncp = (long)PyUnicode_GET_LENGTH(s);
    if (!u || dl_buf_append(o, u, (size_t)n) < 0) {
        if (u) PyErr_NoMemory();
        ncp = -1;
    }
    Py_DECREF(s);
    return ncp;
}

static long dl_codec_decode(int enc, const uint8_t *b, size_t n, dl_buf *out) {
    return dl_append_str(out, PyUnicode_Decode((const char *)b, (Py_ssize_t)n, dl_python_codec(enc), "replace"));
}

static void *dl_codec_open(int enc) { return PyCodec_IncrementalDecoder(dl_python_codec(enc), "replace"); }

static long dl_codec_feed(void *dec, const uint8_t *b, size_t n, int final, dl_buf *out) {
    PyObject *s = PyObject_CallMethod((PyObject *)dec, "decode", "y#i", (const char *)b, (Py_ssize_t)n, final);
    if (!s && PyErr_ExceptionMatches(PyExc_UnicodeError)) {
        /* Python's decoder gives up ("pending buffer overflow") on an escape sequence that never ends,
         * even with errors="replace". The Encoding Standard's decoder reports an error there and goes
         * on: one U+FFFD, and the decoder starts over in its initial (ASCII) state. */
        PyErr_Clear();
        PyObject *r = PyObject_CallMethod((PyObject *)dec, "reset", NULL);
        if (!r) return -1;
        Py_DECREF(r);
        s = PyUnicode_FromOrdinal(0xFFFD);
    }
    return dl_append_str(out, s);
}

/* The incremental decoder's state is (buffered bytes, flags): bytes held mean a partial character. */
static int dl_codec_pending(void *dec) {
    PyObject *st = PyObject_CallMethod((PyObject *)dec, "getstate", NULL);
    if (!st) return -1;
    int pending = !(PyTuple_Check(st) && PyTuple_GET_SIZE(st) >= 1 && PyBytes_Check(PyTuple_GET_ITEM(st, 0)) &&
                    PyBytes_GET_SIZE(PyTuple_GET_ITEM(st, 0)) == 0);
    Py_DECREF(st);
    return pending;
}

static void dl_codec_close(void *dec) { Py_XDECREF((PyObject *)dec); }

static const dl_legacy_codec dl_python_codecs = {dl_codec_decode, dl_codec_open, dl_codec_feed, dl_codec_pending,
                                                 dl_codec_close};

/* ---- decoding with exceptions ------------------------------------------------------------------------ */

static int dl_decode_error(int r, int enc) {
    switch (r) {
    case 0: return 0;
    case DL_DECODE_TOO_LARGE: PyErr_SetString(PyExc_OverflowError, "input of 1 GiB or more cannot be parsed"); break;
    case DL_DECODE_NO_DECODER: PyErr_Format(PyExc_LookupError, "no decoder for %s", dl_encoding_name(enc)); break;
    case DL_DECODE_CODEC_FAILED:
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "codec failed");
        break;
    default: PyErr_NoMemory(); break;
    }
    return -1;
}

int dl_py_decode_bytes(const uint8_t *buf, size_t len, int override_id, dl_decoded *out) {
    int r, bom = 0, validated = 0, enc;
    if (!buf) len = 0;
    memset(out, 0, sizeof *out);
    if (len >= UINT32_MAX / 4) return dl_decode_error(DL_DECODE_TOO_LARGE, 0);
    /* Python's codecs need the GIL; everything else is C over an immutable buffer, so other threads run
     * meanwhile. When the sniff validated the whole input as UTF-8, the decoder does not check again. */
    Py_BEGIN_ALLOW_THREADS
    enc = dl_encoding_sniff_checked(buf, len, override_id, 0, &bom, &validated);
    if (validated) r = dl_decode_valid_utf8(buf, len, (size_t)bom, out);
    else if (!dl_encoding_needs_codec(enc)) r = dl_decode_as(buf, len, enc, (size_t)bom, NULL, out);
    else r = 1;
    Py_END_ALLOW_THREADS
    if (r == 1) r = dl_decode_as(buf, len, enc, (size_t)bom, &dl_python_codecs, out);
    return dl_decode_error(r, enc);
}

/* ---- the module's functions ------------------------------------------------------------------------------ */

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

/* The test hooks' shared prologue: parse (data, encoding=None) and decode as distill.parse would.
 * Returns 0 with buf and d filled (release both), -1 with an exception set and nothing held. */
static int decode_args(PyObject *args, PyObject *kw, Py_buffer *buf, dl_decoded *d) {
    static char *kwlist[] = {"data", "encoding", NULL};
    PyObject *label = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "y*|O", kwlist, buf, &label)) return -1;
    int override_id = dl_py_encoding_label(label);
    if (override_id == -2 || dl_py_decode_bytes(buf->buf, (size_t)buf->len, override_id, d) < 0) {
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
    dl_encoding_init();
    return PyModule_AddFunctions(m, dl_encoding_methods);
}
