/* Python-facing entry points of the tokenizer subsystem: test hooks that run the C tokenizer and
 * return its tokens in the html5lib-tests JSON shape, with errors and byte offsets on request. */
#include "binding/binding.h"
#include "tokenizer/tokenizer.h"

static const char *const dl_error_names[] = {
#define DL_PARSE_ERROR(id, name) name,
#include "tokenizer/parse_errors.def"
#undef DL_PARSE_ERROR
};

typedef struct {
    PyObject *tokens;
    PyObject *errors; /* NULL unless asked for */
    PyObject *spans;  /* NULL unless asked for */
    PyObject *switch_states; /* dict tag name -> state name, or NULL: the sink switches the content
                              * model on those start tags, as the tree builder does */
    dl_tokenizer *tokenizer;
} dl_pytok_ctx;

static int dl_parse_state(const char *name, dl_tokenizer_initial_state *out);

/* Lone surrogates (from str input encoded with surrogatepass) come back as themselves; other invalid
 * UTF-8 (bytes input) comes back as surrogate escapes, so any input can be compared across runs. */
static PyObject *dl_tok_pystr(dl_slice s) {
    PyObject *o = PyUnicode_DecodeUTF8(s.ptr, (Py_ssize_t)s.len, "surrogatepass");
    if (!o && PyErr_ExceptionMatches(PyExc_UnicodeDecodeError)) {
        PyErr_Clear();
        o = PyUnicode_DecodeUTF8(s.ptr, (Py_ssize_t)s.len, "surrogateescape");
    }
    return o;
}

static PyObject *dl_token_to_py(const dl_token *tok) {
    switch (tok->type) {
    case DL_TOK_DOCTYPE:
        return Py_BuildValue("[sNNNO]", "DOCTYPE", tok->has_name ? dl_tok_pystr(tok->name) : Py_NewRef(Py_None),
                             tok->has_public_id ? dl_tok_pystr(tok->public_id) : Py_NewRef(Py_None),
                             tok->has_system_id ? dl_tok_pystr(tok->system_id) : Py_NewRef(Py_None),
                             tok->force_quirks ? Py_False : Py_True);
    case DL_TOK_START_TAG: {
        PyObject *attrs = PyDict_New();
        if (!attrs) return NULL;
        for (size_t i = 0; i < tok->nattrs; i++) {
            PyObject *k = dl_tok_pystr(tok->attrs[i].name), *v = dl_tok_pystr(tok->attrs[i].value);
            int r = (k && v) ? PyDict_SetItem(attrs, k, v) : -1;
            Py_XDECREF(k);
            Py_XDECREF(v);
            if (r < 0) {
                Py_DECREF(attrs);
                return NULL;
            }
        }
        if (tok->self_closing) return Py_BuildValue("[sNNO]", "StartTag", dl_tok_pystr(tok->name), attrs, Py_True);
        return Py_BuildValue("[sNN]", "StartTag", dl_tok_pystr(tok->name), attrs);
    }
    case DL_TOK_END_TAG: return Py_BuildValue("[sN]", "EndTag", dl_tok_pystr(tok->name));
    case DL_TOK_COMMENT: return Py_BuildValue("[sN]", "Comment", dl_tok_pystr(tok->data));
    case DL_TOK_CHARACTER: return Py_BuildValue("[sN]", "Character", dl_tok_pystr(tok->data));
    default: Py_RETURN_NONE;
    }
}

static PyObject *dl_token_span(const dl_token *tok) {
    int borrowed = tok->type == DL_TOK_CHARACTER || tok->type == DL_TOK_COMMENT ? tok->data.borrowed : 0;
    PyObject *attrs = PyList_New(0);
    if (!attrs) return NULL;
    if (tok->type == DL_TOK_START_TAG) {
        for (size_t i = 0; i < tok->nattrs; i++) {
            const dl_token_attr *a = &tok->attrs[i];
            PyObject *item = Py_BuildValue("(KKi)", (unsigned long long)a->start, (unsigned long long)a->end,
                                           a->value.borrowed);
            if (!item || PyList_Append(attrs, item) < 0) {
                Py_XDECREF(item);
                Py_DECREF(attrs);
                return NULL;
            }
            Py_DECREF(item);
        }
    }
    return Py_BuildValue("(KKiN)", (unsigned long long)tok->start, (unsigned long long)tok->end, borrowed,
                         attrs);
}

static int dl_pytok_sink(void *vctx, const dl_token *tok) {
    dl_pytok_ctx *ctx = (dl_pytok_ctx *)vctx;
    if (tok->type == DL_TOK_EOF) return 0;
    PyObject *o = dl_token_to_py(tok);
    if (!o) return -1;
    int r = PyList_Append(ctx->tokens, o);
    Py_DECREF(o);
    if (r < 0) return -1;
    if (ctx->switch_states && tok->type == DL_TOK_START_TAG) {
        PyObject *name = dl_tok_pystr(tok->name);
        if (!name) return -1;
        PyObject *st = PyDict_GetItemWithError(ctx->switch_states, name);
        Py_DECREF(name);
        if (!st && PyErr_Occurred()) return -1;
        if (st) {
            const char *sname = PyUnicode_AsUTF8(st);
            dl_tokenizer_initial_state state;
            if (!sname || dl_parse_state(sname, &state) < 0) return -1;
            dl_tokenizer_set_state(ctx->tokenizer, state);
        }
    }
    if (ctx->spans) {
        PyObject *sp = dl_token_span(tok);
        if (!sp) return -1;
        r = PyList_Append(ctx->spans, sp);
        Py_DECREF(sp);
        if (r < 0) return -1;
    }
    return 0;
}

static void dl_pytok_error(void *vctx, dl_parse_error err, uint64_t offset) {
    dl_pytok_ctx *ctx = (dl_pytok_ctx *)vctx;
    if (!ctx->errors || PyErr_Occurred()) return;
    PyObject *item = Py_BuildValue("(sK)", dl_error_names[err], (unsigned long long)offset);
    if (item) {
        PyList_Append(ctx->errors, item);
        Py_DECREF(item);
    }
}

static int dl_parse_state(const char *name, dl_tokenizer_initial_state *out) {
    static const struct {
        const char *name;
        dl_tokenizer_initial_state st;
    } states[] = {
        {"Data state", DL_TSTATE_DATA},         {"PLAINTEXT state", DL_TSTATE_PLAINTEXT},
        {"RCDATA state", DL_TSTATE_RCDATA},     {"RAWTEXT state", DL_TSTATE_RAWTEXT},
        {"Script data state", DL_TSTATE_SCRIPT_DATA}, {"CDATA section state", DL_TSTATE_CDATA_SECTION},
    };
    for (size_t i = 0; i < sizeof(states) / sizeof(states[0]); i++) {
        if (strcmp(states[i].name, name) == 0) {
            *out = states[i].st;
            return 0;
        }
    }
    PyErr_Format(PyExc_ValueError, "unknown tokenizer state %s", name);
    return -1;
}

static PyObject *dl_tokenize_impl(PyObject *args, PyObject *kwargs, int extended) {
    static char *kwlist[] = {"data", "initial_state", "last_start_tag", "chunk_size", "cdata_allowed",
                             "switch_states", NULL};
    PyObject *data;
    const char *state_name = "Data state";
    PyObject *last = Py_None;
    Py_ssize_t chunk = 0;
    int cdata = 0;
    PyObject *switch_states = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|sOnpO", kwlist, &data, &state_name, &last, &chunk, &cdata,
                                     &switch_states))
        return NULL;
    if (switch_states != Py_None && !PyDict_Check(switch_states)) {
        PyErr_SetString(PyExc_TypeError, "switch_states must be a dict or None");
        return NULL;
    }
    dl_tokenizer_initial_state st;
    if (dl_parse_state(state_name, &st) < 0) return NULL;

    PyObject *bytes;
    if (PyUnicode_Check(data)) {
        bytes = PyUnicode_AsEncodedString(data, "utf-8", "surrogatepass");
    } else if (PyBytes_Check(data)) {
        bytes = Py_NewRef(data);
    } else {
        PyErr_SetString(PyExc_TypeError, "data must be str or bytes");
        return NULL;
    }
    if (!bytes) return NULL;

    dl_pytok_ctx ctx = {PyList_New(0), extended ? PyList_New(0) : NULL, extended ? PyList_New(0) : NULL,
                        switch_states == Py_None ? NULL : switch_states, NULL};
    dl_tokenizer *t = NULL;
    PyObject *result = NULL;
    if (!ctx.tokens || (extended && (!ctx.errors || !ctx.spans))) goto done;
    t = dl_tokenizer_new(dl_pytok_sink, &ctx);
    if (!t) {
        PyErr_NoMemory();
        goto done;
    }
    ctx.tokenizer = t;
    if (extended) dl_tokenizer_set_error_sink(t, dl_pytok_error, &ctx);
    dl_tokenizer_set_state(t, st);
    dl_tokenizer_set_cdata_allowed(t, cdata);
    if (last != Py_None) {
        Py_ssize_t n;
        const char *s = PyUnicode_AsUTF8AndSize(last, &n);
        if (!s) goto done;
        if (dl_tokenizer_set_last_start_tag(t, s, (size_t)n) < 0) {
            PyErr_NoMemory();
            goto done;
        }
    }
    const char *p = PyBytes_AS_STRING(bytes);
    size_t len = (size_t)PyBytes_GET_SIZE(bytes);
    size_t step = chunk > 0 ? (size_t)chunk : (len ? len : 1);
    int r = 0;
    for (size_t off = 0; r == 0 && off < len; off += step) {
        size_t n = len - off < step ? len - off : step;
        r = dl_tokenizer_feed(t, p + off, n);
    }
    if (r == 0) r = dl_tokenizer_finish(t);
    if (r != 0 || PyErr_Occurred()) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
        goto done;
    }
    if (extended) result = Py_BuildValue("(OOO)", ctx.tokens, ctx.errors, ctx.spans);
    else result = Py_NewRef(ctx.tokens);
done:
    dl_tokenizer_free(t);
    Py_DECREF(bytes);
    Py_XDECREF(ctx.tokens);
    Py_XDECREF(ctx.errors);
    Py_XDECREF(ctx.spans);
    return result;
}

static PyObject *dl_py_tokenize(PyObject *self, PyObject *args, PyObject *kwargs) {
    return dl_tokenize_impl(args, kwargs, 0);
}

static PyObject *dl_py_tokenize_ex(PyObject *self, PyObject *args, PyObject *kwargs) {
    return dl_tokenize_impl(args, kwargs, 1);
}

static int dl_count_sink(void *ctx, const dl_token *tok) {
    (*(size_t *)ctx)++;
    return 0;
}

static PyObject *dl_py_tokenize_count(PyObject *self, PyObject *args) {
    Py_buffer view;
    Py_ssize_t chunk = 0;
    if (!PyArg_ParseTuple(args, "y*|n", &view, &chunk)) return NULL;
    size_t count = 0;
    int r = -1;
    Py_BEGIN_ALLOW_THREADS
    dl_tokenizer *t = dl_tokenizer_new(dl_count_sink, &count);
    if (t) {
        const char *p = (const char *)view.buf;
        size_t len = (size_t)view.len, step = chunk > 0 ? (size_t)chunk : (len ? len : 1);
        r = 0;
        for (size_t off = 0; r == 0 && off < len; off += step)
            r = dl_tokenizer_feed(t, p + off, len - off < step ? len - off : step);
        if (r == 0) r = dl_tokenizer_finish(t);
        dl_tokenizer_free(t);
    }
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&view);
    if (r != 0) return PyErr_NoMemory();
    return PyLong_FromSize_t(count);
}

static PyMethodDef dl_tokenizer_methods[] = {
    {"_tokenize_count", dl_py_tokenize_count, METH_VARARGS,
     "_tokenize_count(data: bytes, chunk_size=0) -> int\n--\n\nTokenize UTF-8 bytes with the GIL released and\n"
     "return the number of tokens (EOF included): the benchmark hook, no Python object per token."},
    {"_tokenize", (PyCFunction)(void (*)(void))dl_py_tokenize, METH_VARARGS | METH_KEYWORDS,
     "_tokenize(data, initial_state='Data state', last_start_tag=None, chunk_size=0, cdata_allowed=False,\n"
     "          switch_states=None)\n--\n\nTokenize str (UTF-8, surrogatepass) or bytes; return tokens in the html5lib-tests shape."},
    {"_tokenize_ex", (PyCFunction)(void (*)(void))dl_py_tokenize_ex, METH_VARARGS | METH_KEYWORDS,
     "_tokenize_ex(data, initial_state='Data state', last_start_tag=None, chunk_size=0, cdata_allowed=False,\n"
     "             switch_states=None)\n--\n\nLike _tokenize, returning (tokens, errors, spans): errors are (code, byte offset); spans are\n"
     "(start, end, borrowed, [(attr_start, attr_end, value_borrowed), ...]) per token.\n"
     "switch_states maps a start tag name to the state the sink switches to from inside its callback."},
    {NULL, NULL, 0, NULL},
};

int dl_tokenizer_init_module(PyObject *m) { return PyModule_AddFunctions(m, dl_tokenizer_methods); }
