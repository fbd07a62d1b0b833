/* Python-facing entry points of the extract subsystem: Node.main_content(), Node.main_text(),
 * Node.article() (merged into the Node type by the binding) and _core._paragraph_units() behind
 * distill.boilerplate().
 *
 * Each method holds the tree's critical section for its whole duration and runs the C walk with the GIL
 * released: the walk reads only the arena, which no Python code can change while the section is held
 * (the binding exposes no tree mutation), and builds no Python object until the winner is known.
 */
#include "binding/binding.h"
#include "extract/extract.h"
#include "binding/py_options.h"
#include "extract/page_type.h"
#include "extract/rules.h"
#include "extract/comments.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static PyObject *str_or_none(const dl_buf *b) {
    if (!b->data || b->len == 0) Py_RETURN_NONE;
    return PyUnicode_DecodeUTF8(b->data, (Py_ssize_t)b->len, "replace");
}

static PyObject *buf_str(const dl_buf *b) {
    return PyUnicode_DecodeUTF8(b->data ? b->data : "", (Py_ssize_t)b->len, "replace");
}

static PyObject *node_main_content(PyObject *self, PyObject *Py_UNUSED(ignored)) {
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(self, &owner);
    if (!node) return NULL;
    PyObject *result = NULL;
    const dl_node *winner;
    int rc;
    DL_TREE_LOCK((PyObject *)owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_extract_winner(node, &winner);
    Py_END_ALLOW_THREADS
    if (rc < 0) PyErr_NoMemory();
    else if (winner) result = dl_wrap_node(owner, winner);
    else result = Py_NewRef(Py_None);
    DL_TREE_UNLOCK();
    return result;
}

static PyObject *node_main_text(PyObject *self, PyObject *Py_UNUSED(ignored)) {
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(self, &owner);
    if (!node) return NULL;
    PyObject *result = NULL;
    const dl_node *winner;
    dl_buf text = {0};
    int rc;
    DL_TREE_LOCK((PyObject *)owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_extract_winner(node, &winner);
    if (rc == 0 && winner) rc = dl_render_text(winner, &text);
    Py_END_ALLOW_THREADS
    if (rc < 0) PyErr_NoMemory();
    else result = buf_str(&text);
    dl_buf_free(&text);
    DL_TREE_UNLOCK();
    return result;
}

/* Article's fields, each a value make_article computes. The Article dataclass lives in Python so it is
 * typed and documented there; its generated __init__ sets twenty fields one Python call at a time,
 * which cost about as much as a small page's extraction, so the fields are set here directly
 * (object.__setattr__, as that __init__ does) when they are exactly these names, checked once against
 * Article.__dataclass_fields__, and the class has no __post_init__; else the class is called.
 *
 * Set directly, `element` is left unset unless it is at hand: the design's winner is a scoring walk of
 * its own that article()'s other fields do not need, so Article finds it on first access (its
 * __getattr__, from _source, with main_content()). Calling the class needs every field: then, and
 * when the comments need the winner anyway, it is found here. */
enum {
    AF_ELEMENT, AF_TEXT, AF_META, /* AF_META + f: the DL_META_* field f */
    AF_TAGS = AF_META + DL_META__COUNT, AF_REGIONS, AF_PAGE_TYPE, AF_PAGE_TYPE_CONFIDENCE, AF_COMMENTS,
    AF_SOURCE, AF_OPTIONS, AF_BASE_URL, AF_CACHE, AF__COUNT
};
static const char *const article_field_names[AF__COUNT] = {
    [AF_ELEMENT] = "element", [AF_TEXT] = "text",
    [AF_META + DL_META_TITLE] = "title", [AF_META + DL_META_BYLINE] = "byline", [AF_META + DL_META_DATE] = "date",
    [AF_META + DL_META_DESCRIPTION] = "description", [AF_META + DL_META_LANG] = "lang",
    [AF_META + DL_META_CANONICAL] = "canonical", [AF_META + DL_META_SITE_NAME] = "site_name",
    [AF_META + DL_META_IMAGE] = "image", [AF_META + DL_META_DATE_MODIFIED] = "date_modified",
    [AF_TAGS] = "tags", [AF_REGIONS] = "regions", [AF_PAGE_TYPE] = "page_type",
    [AF_PAGE_TYPE_CONFIDENCE] = "page_type_confidence", [AF_COMMENTS] = "comments", [AF_SOURCE] = "_source",
    [AF_OPTIONS] = "_options", [AF_BASE_URL] = "_base_url", [AF_CACHE] = "_cache",
};
static PyObject *article_cls;                 /* distill.extract.Article, imported on first use */
static PyObject *article_field_str[AF__COUNT]; /* the names, interned */
static int article_direct;                    /* the dataclass's fields are exactly these */

static int article_class_init(void) {
    if (article_cls) return 0;
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

/* Build distill.extract.Article from the C result. have_winner: winner is the design's winner (else it
 * was not computed, and the Article is built directly: see article_direct). */
static PyObject *make_article(DocumentObject *owner, const dl_article *a, int have_winner, const dl_node *winner,
                              PyObject *source, PyObject *options, PyObject *base_url, const dl_htmlbuf *comments) {
    PyObject *vals[AF__COUNT] = {NULL}, *result = NULL;
    if (have_winner && !(vals[AF_ELEMENT] = winner ? dl_wrap_node(owner, winner) : Py_NewRef(Py_None))) goto done;
    if (!(vals[AF_TEXT] = buf_str(&a->text))) goto done;
    for (int f = 0; f < DL_META__COUNT; f++)
        if (!(vals[AF_META + f] = str_or_none(&a->meta.fields[f].value))) goto done;
    PyObject *tags = vals[AF_TAGS] = PyTuple_New((Py_ssize_t)a->meta.ntags);
    if (!tags) goto done;
    for (size_t i = 0, off = 0; i < a->meta.ntags; i++) {
        size_t len = strlen(a->meta.tags.data + off);
        PyObject *t = PyUnicode_DecodeUTF8(a->meta.tags.data + off, (Py_ssize_t)len, "replace");
        if (!t) goto done;
        PyTuple_SET_ITEM(tags, (Py_ssize_t)i, t);
        off += len + 1;
    }
    PyObject *regions = vals[AF_REGIONS] = PyTuple_New((Py_ssize_t)a->nregions);
    if (!regions) goto done;
    for (size_t i = 0; i < a->nregions; i++) {
        PyObject *el = dl_wrap_node(owner, a->regions[i]);
        if (!el) goto done;
        PyTuple_SET_ITEM(regions, (Py_ssize_t)i, el);
    }
    if (!(vals[AF_PAGE_TYPE] = PyUnicode_InternFromString(dl_page_type_name((dl_page_type)a->page_type))) ||
        !(vals[AF_PAGE_TYPE_CONFIDENCE] = PyFloat_FromDouble(a->page_type_confidence)))
        goto done;
    if (comments) { /* else the field's default (None) */
        vals[AF_COMMENTS] = PyUnicode_DecodeUTF8(comments->data ? comments->data : "", (Py_ssize_t)comments->len, "replace");
        if (!vals[AF_COMMENTS]) goto done;
    }
    /* what Article.markdown and Article.html re-select the content from, on demand */
    vals[AF_SOURCE] = Py_NewRef(source);
    vals[AF_OPTIONS] = Py_NewRef(options);
    vals[AF_BASE_URL] = Py_NewRef(base_url);
    if (article_direct && !(vals[AF_CACHE] = PyDict_New())) goto done; /* its default_factory */
    result = new_article(vals);
done:
    for (int k = 0; k < AF__COUNT; k++) Py_XDECREF(vals[k]);
    return result;
}

static PyObject *node_article(PyObject *self, PyObject *args, PyObject *kwargs) {
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
    PyObject *result = NULL;
    dl_article a;
    dl_htmlbuf comments;
    dl_htmlbuf_init(&comments);
    int want_comments = (opts.include & DL_INCLUDE_COMMENTS) != 0;
    int want_winner = want_comments || !article_direct;
    const dl_node *winner = NULL;
    int rc;
    DL_TREE_LOCK((PyObject *)owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_article_build(node, &opts, &a);
    if (rc == 0 && want_winner) rc = dl_extract_winner(node, &winner);
    if (rc == 0 && want_comments) rc = dl_comments_text(owner->doc, node, winner, &comments);
    Py_END_ALLOW_THREADS
    if (rc < 0) PyErr_NoMemory();
    else result = make_article(owner, &a, want_winner, winner, self, options, base_url, want_comments ? &comments : NULL);
    dl_article_free(&a);
    dl_htmlbuf_free(&comments);
    DL_TREE_UNLOCK();
    return result;
}

/* _paragraph_units(node) -> list[tuple[str, int, int, bool, bool]]: (text, chars, link_chars,
 * is_heading, in_winner) for every paragraph unit under node, after one scoring walk. */
static PyObject *paragraph_units(PyObject *module, PyObject *arg) {
    DocumentObject *owner = NULL;
    const dl_node *node = dl_unwrap_node(arg, &owner);
    if (!node) return NULL;
    PyObject *result = NULL;
    const dl_node *winner;
    dl_unit_list units;
    int rc;
    memset(&units, 0, sizeof(units));
    DL_TREE_LOCK((PyObject *)owner);
    Py_BEGIN_ALLOW_THREADS
    rc = dl_extract_winner(node, &winner);
    if (rc == 0) rc = dl_collect_units(node, winner, &units);
    Py_END_ALLOW_THREADS
    if (rc < 0) {
        PyErr_NoMemory();
    } else if ((result = PyList_New((Py_ssize_t)units.count)) != NULL) {
        for (size_t i = 0; i < units.count; i++) {
            const dl_unit *u = &units.units[i];
            PyObject *item = Py_BuildValue(
                "(NIINN)",
                PyUnicode_DecodeUTF8(units.text.data + u->text_start, (Py_ssize_t)u->text_len, "replace"),
                (unsigned int)u->chars, (unsigned int)u->link_chars, PyBool_FromLong(u->is_heading),
                PyBool_FromLong(u->in_winner));
            if (!item) {
                Py_CLEAR(result);
                break;
            }
            PyList_SET_ITEM(result, (Py_ssize_t)i, item);
        }
    }
    dl_unit_list_free(&units);
    DL_TREE_UNLOCK();
    return result;
}

static PyObject *dl_noscript_tag_str; /* "<noscript", for str markup */

/* Whether "<noscript" occurs in p[0..n): pages are large and full of '<', so the candidates are the
 * places where '<' is followed by 'n', found 16 at a time. */
static int has_noscript_tag(const char *p, size_t n) {
    static const char needle[] = "<noscript";
    const size_t k = sizeof(needle) - 1;
    if (n < k) return 0;
    size_t i = 0;
#if defined(__SSE2__)
    const __m128i lt = _mm_set1_epi8('<'), en = _mm_set1_epi8('n');
    for (; i + 17 <= n; i += 16) {
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(p + i + 1));
        unsigned m = (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(a, lt), _mm_cmpeq_epi8(b, en)));
        while (m) {
            size_t at = i + (size_t)__builtin_ctz(m);
            m &= m - 1;
            if (at + k <= n && memcmp(p + at, needle, k) == 0) return 1;
        }
    }
#endif
    for (; i + k <= n; i++)
        if (p[i] == '<' && memcmp(p + i, needle, k) == 0) return 1;
    return 0;
}

static size_t code_points(const dl_node *t) {
    size_t count = 0, i = 0, n = t->u.text.len; /* valid UTF-8: a code point per byte that continues none */
    const char *p = t->u.text.ptr;
#if defined(__SSE2__)
    /* a continuation byte (0x80..0xBF) is, as a signed byte, below -64: the others are counted 16 at a time */
    const __m128i floor = _mm_set1_epi8(-65);
    for (; i + 16 <= n; i += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        count += (size_t)__builtin_popcount((unsigned)_mm_movemask_epi8(_mm_cmpgt_epi8(x, floor)));
    }
#endif
    for (; i < n; i++) count += ((unsigned char)p[i] & 0xC0) != 0x80;
    return count;
}

/* Code points of t outside markup: with scripting on, a <noscript> is one raw text node whose tags
 * (often only <img> tags, a lazy loader's fallback) are not text a reader would see. A '<' opens a tag
 * that the next '>' of the same node closes. */
static size_t code_points_outside_tags(const dl_node *t) {
    size_t count = 0;
    int tag = 0;
    const unsigned char *p = (const unsigned char *)t->u.text.ptr;
    for (size_t i = 0, n = t->u.text.len; i < n; i++) {
        if (p[i] == '<') tag = 1;
        else if (p[i] == '>' && tag) tag = 0;
        else if (!tag) count += (p[i] & 0xC0) != 0x80;
    }
    return count;
}

/* The <noscript> text under el (not el's own siblings), in code points, tags left out. */
static size_t noscript_code_points(const dl_node *el) {
    size_t count = 0;
    for (const dl_node *t = el->first_child; t; t = dl_next_node(el, t, 0))
        if (t->type == DL_NODE_TEXT) count += code_points_outside_tags(t);
    return count;
}

/* What a reader sees under the first <body> (find("body"): the name in any namespace) outside
 * <noscript>, in code points: the text of <script>, <style> and <template> is left out (a page that
 * ships its posts as a JSON <script> beside the <noscript> copy is not read as visible text). */
static size_t body_code_points(const dl_node *root) {
    for (const dl_node *b = root->first_child; b; b = dl_next_node(root, b, 0)) {
        if (b->type != DL_NODE_ELEMENT || b->atom != DL_TAG_body) continue;
        size_t count = 0;
        for (const dl_node *t = b->first_child; t;) {
            int skip = t->type == DL_NODE_ELEMENT &&
                       (t->atom == DL_TAG_noscript || (t->ns == DL_NS_HTML && (t->atom == DL_TAG_script ||
                                                                                t->atom == DL_TAG_style ||
                                                                                t->atom == DL_TAG_template)));
            if (t->type == DL_NODE_TEXT) count += code_points(t);
            t = dl_next_node(b, t, skip);
        }
        return count;
    }
    return 0;
}

/* The text inside <noscript> elements below root, each element's text counted (so a text node once per
 * <noscript> around it), from the document's list of the <noscript>s it created: those still below
 * root are counted (an element the tree builder took out of the tree, or one in a template's contents,
 * is not). Each check climbs the ancestors, at most DL_DOC_NOSCRIPTS times, so linear in the page.
 * -1 when the document created more <noscript>s than the list holds. */
static int64_t listed_noscript_code_points(const dl_document *doc, const dl_node *root) {
    if (doc->nnoscripts > DL_DOC_NOSCRIPTS) return -1;
    size_t count = 0;
    for (uint32_t k = 0; k < doc->nnoscripts; k++) {
        const dl_node *el = doc->noscripts[k], *p = el->parent;
        while (p && p != root) p = p->parent;
        if (p == root) count += noscript_code_points(el);
    }
    return (int64_t)count;
}

/* _noscript_heavy(doc, markup, min_chars) -> bool: distill.extract's <noscript> fallback test. True when
 * markup (the bytes or str doc was parsed from) holds "<noscript", the text inside <noscript> elements
 * (code points outside `<...>` tags, each element counted as find_all("noscript") lists them, nested
 * ones too) is at least min_chars, and more than the text under the first <body> outside <noscript>,
 * <script>, <style> and <template> (see body_code_points). The text inside <noscript>
 * comes first: it is cheaper than searching the whole markup (read from the document's list of its
 * <noscript>s; a walk over the tree when the list overflowed), and it rules out almost every page (no
 * text inside <noscript>), so the markup is searched, and the body's text counted, only for the rest. */
static PyObject *noscript_heavy(PyObject *module, PyObject *args) {
    PyObject *docobj, *markup;
    Py_ssize_t min_chars;
    if (!PyArg_ParseTuple(args, "OOn:_noscript_heavy", &docobj, &markup, &min_chars)) return NULL;
    if (!PyBytes_Check(markup) && !PyUnicode_Check(markup)) {
        PyErr_SetString(PyExc_TypeError, "_noscript_heavy() markup must be bytes or str");
        return NULL;
    }
    if (min_chars < 0) Py_RETURN_FALSE;
    DocumentObject *owner = NULL;
    const dl_node *root = dl_unwrap_node(docobj, &owner);
    if (!root) return NULL;
    /* a text node counts once per <noscript> around it: summing each element's text does the same */
    size_t inside = 0, depth = 0, body = 0;
    DL_TREE_LOCK((PyObject *)owner);
    Py_BEGIN_ALLOW_THREADS
    int64_t listed = listed_noscript_code_points(owner->doc, root);
    if (listed >= 0) inside = (size_t)listed;
    const dl_node *n = listed >= 0 ? NULL : root->first_child;
    while (n) {
        if (n->type == DL_NODE_TEXT && depth) inside += code_points_outside_tags(n) * depth;
        else if (n->type == DL_NODE_ELEMENT && n->atom == DL_TAG_noscript) depth++; /* any namespace */
        if (n->type == DL_NODE_ELEMENT && n->first_child) {
            n = n->first_child;
            continue;
        }
        for (;;) { /* leaving n, and each ancestor whose last child it ends */
            if (n->type == DL_NODE_ELEMENT && n->atom == DL_TAG_noscript) depth--;
            if (n->next) {
                n = n->next;
                break;
            }
            n = n->parent;
            if (!n || n == root) {
                n = NULL;
                break;
            }
        }
    }
    if (inside >= (size_t)min_chars) body = body_code_points(root);
    Py_END_ALLOW_THREADS
    DL_TREE_UNLOCK();
    /* the design of the test: inside <= outside keeps the page as parsed */
    int heavy = inside >= (size_t)min_chars && inside > body;
    if (!heavy) Py_RETURN_FALSE;
    if (PyBytes_Check(markup)) {
        const char *p = PyBytes_AS_STRING(markup);
        Py_ssize_t len = PyBytes_GET_SIZE(markup);
        Py_BEGIN_ALLOW_THREADS
        heavy = has_noscript_tag(p, (size_t)len);
        Py_END_ALLOW_THREADS
    } else {
        heavy = PyUnicode_Contains(markup, dl_noscript_tag_str);
        if (heavy < 0) return NULL;
    }
    return PyBool_FromLong(heavy);
}

PyMethodDef dl_extract_node_methods[] = {
    {"main_content", node_main_content, METH_NOARGS,
     "main_content() -> Element | None\n--\n\nThe element holding the page's main content, found by "
     "the content-density scoring walk; None when nothing scores positively."},
    {"main_text", node_main_text, METH_NOARGS,
     "main_text() -> str\n--\n\nThe text of main_content(), blocks on their own lines and white space "
     "folded; \"\" when there is no main content."},
    {"article", (PyCFunction)(void (*)(void))node_article, METH_VARARGS | METH_KEYWORDS,
     "article(options=None, *, base_url=None) -> Article\n--\n\nThe main content with its text and the page "
     "metadata (title, byline, date, description, lang, canonical, site_name, image, tags); base_url (the "
     "page's URL) makes links and images in Article.markdown and Article.html absolute."},
    {NULL, NULL, 0, NULL},
};

static PyMethodDef module_methods[] = {
    {"_noscript_heavy", noscript_heavy, METH_VARARGS,
     "_noscript_heavy(doc, markup, min_chars) -> bool: whether distill.extract's <noscript> fallback "
     "applies (the markup has \"<noscript\", at least min_chars of text inside <noscript> elements and "
     "more than outside them in the body)."},
    {"_paragraph_units", paragraph_units, METH_O,
     "_paragraph_units(node) -> list of (text, chars, link_chars, is_heading, in_winner), the paragraph "
     "units of distill.boilerplate()."},
    {NULL, NULL, 0, NULL},
};

int dl_extract_init_module(PyObject *m) {
    dl_rules_init();
    dl_noscript_tag_str = PyUnicode_InternFromString("<noscript");
    if (!dl_noscript_tag_str) return -1;
    return PyModule_AddFunctions(m, module_methods);
}
