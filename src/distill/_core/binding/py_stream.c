/* Python-facing entry points of the stream subsystem: the _core.StreamScorer type over stream.h.
 *
 * feed() runs the tokenizer and scorer with the GIL released; a scorer is used by one thread at a
 * time (a second concurrent feed raises RuntimeError rather than corrupting the state). close()
 * returns plain dicts with bytes; distill/stream.py turns them into the typed StreamResult.
 */
#include "binding/binding.h"
#include "encoding/encoding.h"
#include "stream/stream.h"

typedef struct {
    PyObject_HEAD
    dl_stream_scorer *scorer;
    int busy;   /* a feed() is running without the GIL */
    int closed;
} StreamScorerObject;

static PyObject *scorer_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, ":StreamScorer", kwlist)) return NULL;
    StreamScorerObject *self = (StreamScorerObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->scorer = dl_stream_new();
    if (!self->scorer) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

static void scorer_dealloc(StreamScorerObject *self) {
    dl_stream_free(self->scorer);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int check_usable(StreamScorerObject *self) {
    if (self->closed) {
        PyErr_SetString(PyExc_ValueError, "the scorer is closed");
        return -1;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the scorer is being fed from another thread");
        return -1;
    }
    return 0;
}

static PyObject *scorer_feed(StreamScorerObject *self, PyObject *arg) {
    if (check_usable(self) < 0) return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0) return NULL;
    int rc;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    rc = dl_stream_feed(self->scorer, (const char *)view.buf, (size_t)view.len);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    PyBuffer_Release(&view);
    if (rc < 0) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

static PyObject *candidate_dict(const dl_stream_candidate *c) {
    uint32_t pos = 0;
    const char *str;
    size_t len;
    PyObject *tag = NULL, *attrs = NULL, *d = NULL;
    if (!dl_stream_blob_next(c, &pos, &str, &len)) {
        str = "";
        len = 0;
    }
    tag = PyBytes_FromStringAndSize(str, (Py_ssize_t)len);
    attrs = PyList_New(0);
    if (!tag || !attrs) goto fail;
    for (;;) {
        const char *vs;
        size_t vlen;
        if (!dl_stream_blob_next(c, &pos, &str, &len) || !dl_stream_blob_next(c, &pos, &vs, &vlen)) break;
        PyObject *pair = Py_BuildValue("(y#y#)", str, (Py_ssize_t)len, vs, (Py_ssize_t)vlen);
        if (!pair) goto fail;
        int rc = PyList_Append(attrs, pair);
        Py_DECREF(pair);
        if (rc < 0) goto fail;
    }
    d = Py_BuildValue("{sOsOsKsKsLsLsLsLsLsO}", "tag", tag, "attrs", attrs, "start",
                      (unsigned long long)c->start, "end", (unsigned long long)c->end, "text",
                      (long long)c->text, "link_text", (long long)c->link_text, "links", (long long)c->links,
                      "paragraphs", (long long)c->paragraphs, "score", (long long)c->score,
                      "attrs_truncated", c->attrs_truncated ? Py_True : Py_False);
fail:
    Py_XDECREF(tag);
    Py_XDECREF(attrs);
    return d;
}

static PyObject *scorer_close(StreamScorerObject *self, PyObject *Py_UNUSED(ignored)) {
    if (check_usable(self) < 0) return NULL;
    int rc;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    rc = dl_stream_finish(self->scorer);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    self->closed = 1;
    if (rc < 0) return PyErr_NoMemory();
    const dl_stream_candidate *w = dl_stream_winner(self->scorer), *r = dl_stream_runner_up(self->scorer);
    PyObject *wd = NULL, *rd = NULL, *out = NULL;
    if (w) {
        if (!(wd = candidate_dict(w))) goto done;
    } else {
        wd = Py_NewRef(Py_None);
    }
    if (r) {
        if (!(rd = candidate_dict(r))) goto done;
    } else {
        rd = Py_NewRef(Py_None);
    }
    dl_stream_stats st = dl_stream_get_stats(self->scorer);
    int enc = dl_stream_declared_encoding(self->scorer);
    const char *enc_name = enc >= 0 ? dl_encoding_name(enc) : NULL;
    out = Py_BuildValue("{sOsOsKsKsKsKsz}", "winner", wd, "runner_up", rd, "scored",
                        (unsigned long long)st.scored, "skipped", (unsigned long long)st.skipped, "too_deep",
                        (unsigned long long)st.too_deep, "bytes", (unsigned long long)st.bytes, "encoding",
                        enc_name);
done:
    Py_XDECREF(wd);
    Py_XDECREF(rd);
    return out;
}

static PyObject *scorer_get_offset(StreamScorerObject *self, void *Py_UNUSED(closure)) {
    return PyLong_FromUnsignedLongLong(dl_stream_get_stats(self->scorer).bytes);
}

static PyMethodDef scorer_methods[] = {
    {"feed", (PyCFunction)scorer_feed, METH_O,
     "feed($self, chunk, /)\n--\n\nScore the next chunk of input bytes (any bytes-like object)."},
    {"close", (PyCFunction)scorer_close, METH_NOARGS,
     "close($self, /)\n--\n\nEnd of input: return the result as a dict (winner, runner_up, scored, skipped, "
     "too_deep, bytes, encoding)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef scorer_getset[] = {
    {"offset", (getter)scorer_get_offset, NULL, "Bytes fed so far.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject StreamScorerType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "distill._core.StreamScorer",
    .tp_basicsize = sizeof(StreamScorerObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "StreamScorer()\n--\n\nThe streaming article scorer (no tree): feed() bytes, then close().",
    .tp_new = scorer_new,
    .tp_dealloc = (destructor)scorer_dealloc,
    .tp_methods = scorer_methods,
    .tp_getset = scorer_getset,
};

int dl_stream_init_module(PyObject *m) {
    dl_stream_global_init(); /* under the import lock: before any thread can make a scorer */
    if (PyType_Ready(&StreamScorerType) < 0) return -1;
    if (PyModule_AddObjectRef(m, "StreamScorer", (PyObject *)&StreamScorerType) < 0) return -1;
    if (PyModule_AddIntConstant(m, "STREAM_PARAGRAPH_BONUS", DL_STREAM_PARAGRAPH_BONUS) < 0) return -1;
    if (PyModule_AddIntConstant(m, "STREAM_PARAGRAPH_MIN_CHARS", DL_STREAM_PARAGRAPH_MIN_CHARS) < 0) return -1;
    if (PyModule_AddIntConstant(m, "STREAM_MAX_DEPTH", DL_STREAM_MAX_DEPTH) < 0) return -1;
    if (PyModule_AddIntConstant(m, "STREAM_MAX_ATTR_BYTES", DL_STREAM_MAX_ATTR_BYTES) < 0) return -1;
    return 0;
}
