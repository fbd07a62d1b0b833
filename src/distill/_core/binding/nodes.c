/* The node types: Node and its subclasses wrapping dl_node, created lazily and compared by the node
 * they wrap. Also the internal owner type _Tree that keeps a dl_document alive. */
#include "binding/internal.h" /* Python.h first: it sets the feature macros */

#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "encoding/encoding.h"
#include "serialize/serialize.h"

#if !defined(__STDC_NO_ATOMICS__)
#include <stdatomic.h>
static atomic_long live_documents;
#define LIVE_ADD(d) atomic_fetch_add(&live_documents, (d))
#define LIVE_GET() atomic_load(&live_documents)
#else
static long live_documents;
#define LIVE_ADD(d) (live_documents += (d))
#define LIVE_GET() (live_documents)
#endif

PyTypeObject *dl_node_type_object;

static PyTypeObject TreeType, NodeType, DocumentType, FragmentType, ElementType, TextType, CommentType,
    DoctypeType, ChildIterType, DescIterType;

/* Tag names of the static atoms, made once: .tag is read often and allocating it each time shows. */
static PyObject *static_tag_names[DL_TAG__COUNT];
static PyObject *namespace_names[3];

Py_ssize_t dl_live_documents(void) { return (Py_ssize_t)LIVE_GET(); }

/* ---- the owner ------------------------------------------------------------------------------- */

DocumentObject *dl_tree_new(void) {
    DocumentObject *t = PyObject_New(DocumentObject, &TreeType);
    if (!t) return NULL;
    t->doc = NULL;
    t->source_owner = NULL;
    t->encoding = NULL;
    t->source_kind = DL_SOURCE_UTF8_BYTES;
    t->offset_map = NULL;
    t->byte_map = NULL;
    t->owned_source = NULL;
    t->source_tree = NULL;
    LIVE_ADD(1);
    return t;
}

DocumentObject *dl_tree_reread(DocumentObject *base, dl_document *doc) {
    DocumentObject *t = dl_tree_new();
    if (!t) {
        dl_document_free(doc);
        return NULL;
    }
    t->doc = doc;
    t->source_tree = Py_NewRef((PyObject *)base);
    t->source_kind = base->source_kind;
    t->byte_map = base->byte_map;
    t->encoding = Py_XNewRef(base->encoding);
    return t;
}

static void tree_dealloc(PyObject *self) {
    DocumentObject *t = (DocumentObject *)self;
    dl_document_free(t->doc);
    free(t->offset_map);
    if (t->byte_map && !t->source_tree) dl_offset_map_free(t->byte_map);
    free(t->owned_source);
    Py_XDECREF(t->source_owner);
    Py_XDECREF(t->source_tree);
    Py_XDECREF(t->encoding);
    LIVE_ADD(-1);
    PyObject_Free(self);
}

static PyTypeObject TreeType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "distill._core._Tree",
    .tp_basicsize = sizeof(DocumentObject),
    .tp_dealloc = tree_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Owner of a parsed document's memory (internal).",
};

/* ---- wrapping -------------------------------------------------------------------------------- */

static PyTypeObject *type_for(const dl_node *n) {
    switch (n->type) {
    case DL_NODE_DOCUMENT: return &DocumentType;
    case DL_NODE_FRAGMENT: return &FragmentType;
    case DL_NODE_ELEMENT: return &ElementType;
    case DL_NODE_TEXT: return &TextType;
    case DL_NODE_COMMENT: return &CommentType;
    case DL_NODE_DOCTYPE: return &DoctypeType;
    default: return &NodeType;
    }
}

PyObject *dl_wrap_node(DocumentObject *owner, const dl_node *node) {
    if (!node) Py_RETURN_NONE;
    NodeObject *w = PyObject_New(NodeObject, type_for(node));
    if (!w) return NULL;
    Py_INCREF(owner);
    w->owner = owner;
    w->node = node;
    w->cache_child = NULL;
    w->cache_index = 0;
    w->cache_len = -1;
    return (PyObject *)w;
}

const dl_node *dl_unwrap_node(PyObject *obj, DocumentObject **owner) {
    if (!PyObject_TypeCheck(obj, &NodeType)) {
        PyErr_Format(PyExc_TypeError, "expected a distill node, not %.100s", Py_TYPE(obj)->tp_name);
        return NULL;
    }
    NodeObject *w = (NodeObject *)obj;
    if (owner) *owner = w->owner;
    return w->node;
}

static void node_dealloc(PyObject *self) {
    NodeObject *w = (NodeObject *)self;
    Py_DECREF(w->owner);
    PyObject_Free(self);
}

static PyObject *utf8_str(const char *p, size_t len) {
    if (len > (size_t)PY_SSIZE_T_MAX) return PyErr_NoMemory();
    /* The tree holds valid UTF-8 (the binding repairs input first); "replace" is belt and braces for
     * trees built by other code. */
    return PyUnicode_DecodeUTF8(p, (Py_ssize_t)len, "replace");
}

static PyObject *tag_name(const dl_document *doc, uint32_t atom) {
    if (atom < DL_TAG__COUNT && static_tag_names[atom]) return Py_NewRef(static_tag_names[atom]);
    dl_str s = dl_document_atom_name(doc, atom);
    return utf8_str(s.ptr, s.len);
}

/* ---- Node ------------------------------------------------------------------------------------ */

#define SELF ((NodeObject *)self)

static PyObject *node_richcompare(PyObject *a, PyObject *b, int op) {
    if ((op != Py_EQ && op != Py_NE) || !PyObject_TypeCheck(a, &NodeType) || !PyObject_TypeCheck(b, &NodeType))
        Py_RETURN_NOTIMPLEMENTED;
    int same = ((NodeObject *)a)->node == ((NodeObject *)b)->node;
    return PyBool_FromLong(op == Py_EQ ? same : !same);
}

static Py_hash_t node_hash(PyObject *self) {
    /* Nodes are arena-allocated and 8-byte aligned; a live wrapper keeps its arena alive, so the
     * address identifies the node for as long as anyone can compare. */
    Py_hash_t h = (Py_hash_t)((uintptr_t)SELF->node >> 3);
    return h == -1 ? -2 : h;
}

static int node_bool(PyObject *self) {
    /* A node is a thing, not a container: an empty element must not be falsy (`if el.find("a"):`). */
    return 1;
}

static Py_ssize_t count_children(const dl_node *n) {
    Py_ssize_t k = 0;
    for (const dl_node *c = n->first_child; c; c = c->next) k++;
    return k;
}

static Py_ssize_t node_len(PyObject *self) {
    Py_ssize_t len;
    DL_TREE_LOCK(self);
    if (SELF->cache_len < 0) SELF->cache_len = count_children(SELF->node);
    len = SELF->cache_len;
    DL_TREE_UNLOCK();
    return len;
}

static PyObject *node_item(PyObject *self, Py_ssize_t i) {
    const dl_node *found = NULL;
    DL_TREE_LOCK(self);
    NodeObject *w = SELF;
    if (w->cache_len < 0) w->cache_len = count_children(w->node);
    Py_ssize_t len = w->cache_len;
    if (i >= 0 && i < len) {
        /* Walk from whichever of first child, last child and the last position asked is nearest, so
         * `for i in range(len(n)): n[i]` costs one step per index and n[-1] costs nothing. */
        const dl_node *c;
        Py_ssize_t at;
        if (i < len - 1 - i) {
            c = w->node->first_child;
            at = 0;
        } else {
            c = w->node->last_child;
            at = len - 1;
        }
        if (w->cache_child) {
            Py_ssize_t d_cache = w->cache_index > i ? w->cache_index - i : i - w->cache_index;
            Py_ssize_t d_best = at > i ? at - i : i - at;
            if (d_cache < d_best) {
                c = w->cache_child;
                at = w->cache_index;
            }
        }
        while (at < i) {
            c = c->next;
            at++;
        }
        while (at > i) {
            c = c->prev;
            at--;
        }
        w->cache_child = c;
        w->cache_index = i;
        found = c;
    }
    DL_TREE_UNLOCK();
    if (!found) {
        PyErr_SetString(PyExc_IndexError, "child index out of range");
        return NULL;
    }
    return dl_wrap_node(SELF->owner, found);
}

static PyObject *node_get_parent(PyObject *self, void *closure) {
    return dl_wrap_node(SELF->owner, SELF->node->parent);
}

static PyObject *node_get_text(PyObject *self, void *closure) {
    const dl_node *root = SELF->node;
    if (root->type == DL_NODE_TEXT) return utf8_str(root->u.text.ptr, root->u.text.len);
    if (root->type == DL_NODE_COMMENT || root->type == DL_NODE_DOCTYPE) return PyUnicode_FromString("");
    dl_htmlbuf b;
    dl_htmlbuf_init(&b);
    Py_BEGIN_ALLOW_THREADS
    for (const dl_node *n = root->first_child; n; n = dl_next_node(root, n, 0))
        if (n->type == DL_NODE_TEXT) dl_htmlbuf_append(&b, n->u.text.ptr, n->u.text.len);
    Py_END_ALLOW_THREADS
    PyObject *r = b.failed ? PyErr_NoMemory() : utf8_str(b.data ? b.data : "", b.len);
    dl_htmlbuf_free(&b);
    return r;
}

static PyObject *node_get_source_span(PyObject *self, void *closure) {
    const dl_node *n = SELF->node;
    if (n->span_start == DL_NO_SPAN || n->span_end == DL_NO_SPAN) Py_RETURN_NONE;
    Py_ssize_t a, b;
    DL_TREE_LOCK(SELF->owner);
    a = dl_source_offset(SELF->owner, n->span_start);
    b = a < 0 ? -1 : dl_source_offset(SELF->owner, n->span_end);
    DL_TREE_UNLOCK();
    if (a < 0 || b < 0) return NULL;
    return Py_BuildValue("(nn)", a, b);
}

static PyObject *node_serialize(PyObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"pretty", NULL};
    int pretty = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|$p:serialize", kwlist, &pretty)) return NULL;
    dl_htmlbuf b;
    dl_htmlbuf_init(&b);
    int rc;
    const dl_document *doc = SELF->owner->doc;
    const dl_node *node = SELF->node;
    /* The tree is immutable and this wrapper keeps it alive: no lock or GIL needed while writing. */
    Py_BEGIN_ALLOW_THREADS
    rc = dl_serialize_html(doc, node, pretty ? DL_SERIALIZE_PRETTY : 0, &b);
    Py_END_ALLOW_THREADS
    PyObject *r = rc < 0 ? PyErr_NoMemory() : utf8_str(b.data ? b.data : "", b.len);
    dl_htmlbuf_free(&b);
    return r;
}

/* Tag filters match atoms, not strings: an HTML element matches the ASCII-lowercased query (the
 * parser lowercases HTML tag names), a foreign element the query as written ("foreignObject"). */
typedef struct {
    int active;
    uint32_t html_atom, foreign_atom;
} tag_filter;

static uint32_t find_atom(const dl_document *doc, const char *name, size_t len) {
    uint32_t a = dl_atom_lookup(name, len);
    if (a != DL_TAG__NONE) return a;
    for (uint32_t i = 0; i < doc->atoms.count; i++)
        if (doc->atoms.names[i].len == len && memcmp(doc->atoms.names[i].ptr, name, len) == 0)
            return DL_TAG__COUNT + i;
    return DL_TAG__NONE;
}

static int make_filter(const char *fname, PyObject *tag, const dl_document *doc, tag_filter *f) {
    f->active = 0;
    f->html_atom = f->foreign_atom = DL_TAG__NONE;
    if (tag == Py_None) return 0;
    if (!PyUnicode_Check(tag)) {
        PyErr_Format(PyExc_TypeError, "%s() argument 'tag' must be str, not %.100s", fname, Py_TYPE(tag)->tp_name);
        return -1;
    }
    Py_ssize_t len;
    const char *s = PyUnicode_AsUTF8AndSize(tag, &len);
    if (!s) return -1;
    f->active = 1;
    f->foreign_atom = find_atom(doc, s, (size_t)len);
    char stackbuf[64];
    char *low = (size_t)len < sizeof(stackbuf) ? stackbuf : malloc((size_t)len + 1);
    if (!low) {
        PyErr_NoMemory();
        return -1;
    }
    dl_ascii_lower_copy(low, s, (size_t)len);
    f->html_atom = find_atom(doc, low, (size_t)len);
    if (low != stackbuf) free(low);
    return 0;
}

static int filter_match(const tag_filter *f, const dl_node *n) {
    if (n->type != DL_NODE_ELEMENT) return 0;
    if (!f->active) return 1;
    uint32_t want = n->ns == DL_NS_HTML ? f->html_atom : f->foreign_atom;
    return want != DL_TAG__NONE && n->atom == want;
}

typedef struct {
    PyObject_HEAD
    DocumentObject *owner;
    const dl_node *root;
    const dl_node *cur; /* last node returned, NULL before the first */
    int done;
    tag_filter filter;
} DescIterObject;

/* The next matching descendant after `cur` in document order, or NULL. */
static const dl_node *desc_next(const dl_node *root, const dl_node *cur, const tag_filter *f) {
    const dl_node *n = cur ? dl_next_node(root, cur, 0) : root->first_child;
    while (n && !filter_match(f, n)) n = dl_next_node(root, n, 0);
    return n;
}

static PyObject *node_iter_desc(PyObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"tag", NULL};
    PyObject *tag = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O:iter", kwlist, &tag)) return NULL;
    DescIterObject *it = PyObject_New(DescIterObject, &DescIterType);
    if (!it) return NULL;
    Py_INCREF(SELF->owner);
    it->owner = SELF->owner;
    it->root = SELF->node;
    it->cur = NULL;
    it->done = 0;
    if (make_filter("iter", tag, SELF->owner->doc, &it->filter) < 0) {
        Py_DECREF(it);
        return NULL;
    }
    return (PyObject *)it;
}

static PyObject *node_find(PyObject *self, PyObject *tag) {
    tag_filter f;
    if (make_filter("find", tag, SELF->owner->doc, &f) < 0) return NULL;
    return dl_wrap_node(SELF->owner, desc_next(SELF->node, NULL, &f));
}

static PyObject *node_find_all(PyObject *self, PyObject *tag) {
    tag_filter f;
    if (make_filter("find_all", tag, SELF->owner->doc, &f) < 0) return NULL;
    PyObject *list = PyList_New(0);
    if (!list) return NULL;
    for (const dl_node *n = desc_next(SELF->node, NULL, &f); n; n = desc_next(SELF->node, n, &f)) {
        PyObject *w = dl_wrap_node(SELF->owner, n);
        if (!w || PyList_Append(list, w) < 0) {
            Py_XDECREF(w);
            Py_DECREF(list);
            return NULL;
        }
        Py_DECREF(w);
    }
    return list;
}

typedef struct {
    PyObject_HEAD
    DocumentObject *owner;
    const dl_node *next;
} ChildIterObject;

static PyObject *node_iter(PyObject *self) {
    ChildIterObject *it = PyObject_New(ChildIterObject, &ChildIterType);
    if (!it) return NULL;
    Py_INCREF(SELF->owner);
    it->owner = SELF->owner;
    it->next = SELF->node->first_child;
    return (PyObject *)it;
}

static PyObject *node_repr(PyObject *self) {
    const dl_node *n = SELF->node;
    switch (n->type) {
    case DL_NODE_ELEMENT: {
        PyObject *t = tag_name(SELF->owner->doc, n->atom);
        if (!t) return NULL;
        PyObject *r = n->ns == DL_NS_HTML ? PyUnicode_FromFormat("<Element %U>", t)
                                          : PyUnicode_FromFormat("<Element %U (%U)>", t, namespace_names[n->ns]);
        Py_DECREF(t);
        return r;
    }
    case DL_NODE_TEXT:
    case DL_NODE_COMMENT: {
        size_t len = n->u.text.len;
        /* Show a short prefix: a repr of a whole page's text helps nobody. Cut on a character start. */
        if (len > 40) {
            len = 40;
            while (len > 0 && ((unsigned char)n->u.text.ptr[len] & 0xC0) == 0x80) len--;
        }
        PyObject *d = utf8_str(n->u.text.ptr, len);
        if (!d) return NULL;
        PyObject *r = PyUnicode_FromFormat("<%s %R%s>", n->type == DL_NODE_TEXT ? "Text" : "Comment", d,
                                           len < n->u.text.len ? "..." : "");
        Py_DECREF(d);
        return r;
    }
    case DL_NODE_DOCTYPE: {
        PyObject *d = utf8_str(n->u.doctype->name.ptr, n->u.doctype->name.len);
        if (!d) return NULL;
        PyObject *r = PyUnicode_FromFormat("<Doctype %R>", d);
        Py_DECREF(d);
        return r;
    }
    case DL_NODE_DOCUMENT: return PyUnicode_FromString("<Document>");
    default: return PyUnicode_FromString("<DocumentFragment>");
    }
}

static PyMethodDef node_own_methods[] = {
    {"serialize", (PyCFunction)(void (*)(void))node_serialize, METH_VARARGS | METH_KEYWORDS,
     "serialize($self, /, *, pretty=False)\n--\n\n"
     "The node as HTML (WHATWG \"serializing HTML fragments\"): an element with its subtree, a document or\n"
     "fragment as its children. pretty=True indents block structure, one block per line, and leaves the\n"
     "text of pre, textarea, script, style and inline content unchanged."},
    {"find", node_find, METH_O,
     "find($self, tag, /)\n--\n\nThe first descendant element named `tag` in document order, or None."},
    {"find_all", node_find_all, METH_O,
     "find_all($self, tag, /)\n--\n\nEvery descendant element named `tag`, in document order."},
    {"iter", (PyCFunction)(void (*)(void))node_iter_desc, METH_VARARGS | METH_KEYWORDS,
     "iter($self, /, tag=None)\n--\n\nAn iterator over descendant elements in document order (only those named `tag`\n"
     "when given). Template contents are not descendants."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef node_getset[] = {
    {"parent", node_get_parent, NULL, "The parent node, or None for a root (and for template contents).", NULL},
    {"text", node_get_text, NULL, "The concatenated text of all descendant text nodes, in document order.", NULL},
    {"source_span", node_get_source_span, NULL,
     "(start, end) offsets of the node in the parsed input, in the input's units: code points for str,\n"
     "bytes for bytes. None for nodes the parser created (implied html, head, body, tbody...).",
     NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PySequenceMethods node_as_sequence = {
    .sq_length = node_len,
    .sq_item = node_item,
};

static PyNumberMethods node_as_number = {
    .nb_bool = node_bool,
};

static PyTypeObject NodeType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "distill._core.Node",
    .tp_basicsize = sizeof(NodeObject),
    .tp_dealloc = node_dealloc,
    .tp_repr = node_repr,
    .tp_as_number = &node_as_number,
    .tp_as_sequence = &node_as_sequence,
    .tp_hash = node_hash,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "A node of a parsed tree. Iterating gives its child nodes; len() and [i] index them.\n"
              "Two wrappers of the same node are equal and hash equal.",
    .tp_richcompare = node_richcompare,
    .tp_iter = node_iter,
    .tp_getset = node_getset,
};

/* ---- iterators ------------------------------------------------------------------------------- */

static void child_iter_dealloc(PyObject *self) {
    Py_DECREF(((ChildIterObject *)self)->owner);
    PyObject_Free(self);
}

static PyObject *child_iter_next(PyObject *self) {
    ChildIterObject *it = (ChildIterObject *)self;
    const dl_node *n;
    DL_TREE_LOCK(self);
    n = it->next;
    if (n) it->next = n->next;
    DL_TREE_UNLOCK();
    if (!n) return NULL;
    return dl_wrap_node(it->owner, n);
}

static PyTypeObject ChildIterType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "distill._core._ChildIterator",
    .tp_basicsize = sizeof(ChildIterObject),
    .tp_dealloc = child_iter_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Iterator over a node's children.",
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = child_iter_next,
};

static void desc_iter_dealloc(PyObject *self) {
    Py_DECREF(((DescIterObject *)self)->owner);
    PyObject_Free(self);
}

static PyObject *desc_iter_next(PyObject *self) {
    DescIterObject *it = (DescIterObject *)self;
    const dl_node *n = NULL;
    DL_TREE_LOCK(self);
    if (!it->done) {
        n = desc_next(it->root, it->cur, &it->filter);
        it->cur = n;
        it->done = n == NULL;
    }
    DL_TREE_UNLOCK();
    if (!n) return NULL;
    return dl_wrap_node(it->owner, n);
}

static PyTypeObject DescIterType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "distill._core._DescendantIterator",
    .tp_basicsize = sizeof(DescIterObject),
    .tp_dealloc = desc_iter_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Iterator over a node's descendant elements in document order.",
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = desc_iter_next,
};

/* ---- subclasses ------------------------------------------------------------------------------ */

static PyObject *document_get_encoding(PyObject *self, void *closure) {
    PyObject *e = SELF->owner->encoding;
    if (!e) Py_RETURN_NONE;
    return Py_NewRef(e);
}

static PyGetSetDef document_getset[] = {
    {"encoding", document_get_encoding, NULL,
     "The encoding the input was decoded from (\"utf-8\" for str input), in WHATWG lower case.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyObject *element_get_tag(PyObject *self, void *closure) {
    return tag_name(SELF->owner->doc, SELF->node->atom);
}

static PyObject *element_get_namespace(PyObject *self, void *closure) {
    uint8_t ns = SELF->node->ns;
    return Py_NewRef(namespace_names[ns <= DL_NS_MATHML ? ns : DL_NS_HTML]);
}

static PyObject *element_get_attrs(PyObject *self, void *closure) {
    const dl_node *n = SELF->node;
    PyObject *d = PyDict_New();
    if (!d) return NULL;
    for (uint32_t i = 0; i < n->u.element.nattrs; i++) {
        const dl_attr *a = &n->u.element.attrs[i];
        PyObject *k = utf8_str(a->name.ptr, a->name.len);
        PyObject *v = k ? utf8_str(a->value.ptr, a->value.len) : NULL;
        int rc = v ? PyDict_SetItem(d, k, v) : -1;
        Py_XDECREF(k);
        Py_XDECREF(v);
        if (rc < 0) {
            Py_DECREF(d);
            return NULL;
        }
    }
    PyObject *proxy = PyDictProxy_New(d);
    Py_DECREF(d);
    return proxy;
}

static PyObject *element_get_content(PyObject *self, void *closure) {
    const dl_node *n = SELF->node;
    if (n->ns != DL_NS_HTML || n->atom != DL_TAG_template) Py_RETURN_NONE;
    return dl_wrap_node(SELF->owner, n->u.element.content);
}

static PyGetSetDef element_getset[] = {
    {"tag", element_get_tag, NULL,
     "The local name: lower case for HTML, the spec's case for SVG (\"foreignObject\").", NULL},
    {"namespace", element_get_namespace, NULL, "\"html\", \"svg\" or \"math\".", NULL},
    {"attrs", element_get_attrs, NULL,
     "The attributes as a read-only mapping; foreign attributes under qualified names (\"xlink:href\").", NULL},
    {"content", element_get_content, NULL,
     "A <template>'s contents (a DocumentFragment), None for any other element.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyObject *chardata_get_data(PyObject *self, void *closure) {
    return utf8_str(SELF->node->u.text.ptr, SELF->node->u.text.len);
}

static PyGetSetDef text_getset[] = {
    {"data", chardata_get_data, NULL, "The text.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyGetSetDef comment_getset[] = {
    {"data", chardata_get_data, NULL, "The comment's text, without <!-- and -->.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyObject *doctype_get(PyObject *self, void *closure) {
    const dl_doctype *d = SELF->node->u.doctype;
    const dl_str *s = closure == (void *)0 ? &d->name : closure == (void *)1 ? &d->public_id : &d->system_id;
    return utf8_str(s->ptr, s->len);
}

static PyGetSetDef doctype_getset[] = {
    {"name", doctype_get, NULL, "The doctype's name (\"html\").", (void *)0},
    {"public_id", doctype_get, NULL, "The public identifier, \"\" when absent.", (void *)1},
    {"system_id", doctype_get, NULL, "The system identifier, \"\" when absent.", (void *)2},
    {NULL, NULL, NULL, NULL, NULL},
};

#define NODE_SUBTYPE(var, name, doc, getset)                                                                  \
    static PyTypeObject var = {                                                                                \
        PyVarObject_HEAD_INIT(NULL, 0).tp_name = "distill._core." name,                                        \
        .tp_basicsize = sizeof(NodeObject),                                                                    \
        .tp_flags = Py_TPFLAGS_DEFAULT,                                                                        \
        .tp_doc = doc,                                                                                         \
        .tp_getset = getset,                                                                                   \
    }

NODE_SUBTYPE(DocumentType, "Document", "A parsed HTML document (distill.parse()).", document_getset);
NODE_SUBTYPE(FragmentType, "DocumentFragment",
             "A fragment: the result of distill.parse_fragment(), or a template's contents.", NULL);
NODE_SUBTYPE(ElementType, "Element", "An element.", element_getset);
NODE_SUBTYPE(TextType, "Text", "A text node.", text_getset);
NODE_SUBTYPE(CommentType, "Comment", "A comment.", comment_getset);
NODE_SUBTYPE(DoctypeType, "Doctype", "A document type declaration.", doctype_getset);

/* ---- module setup ---------------------------------------------------------------------------- */

static size_t count_methods(const PyMethodDef *m) {
    size_t k = 0;
    while (m[k].ml_name) k++;
    return k;
}

#define DL_MAX_NODE_METHOD_TABLES 8
static const PyMethodDef *node_method_tables[DL_MAX_NODE_METHOD_TABLES];
static size_t node_method_table_count;

int dl_nodes_add_methods(const PyMethodDef *table) {
    if (node_method_table_count == DL_MAX_NODE_METHOD_TABLES) {
        PyErr_SetString(PyExc_RuntimeError, "too many node method tables");
        return -1;
    }
    node_method_tables[node_method_table_count++] = table;
    return 0;
}

int dl_nodes_init_module(PyObject *m) {
    /* Other subsystems contribute node methods through sentinel-terminated tables (dl_nodes_add_methods,
     * from module.c); merge them once. The merged table lives as long as the process, like the static
     * type that points to it. */
    size_t total = count_methods(node_own_methods);
    for (size_t k = 0; k < node_method_table_count; k++) total += count_methods(node_method_tables[k]);
    PyMethodDef *all = calloc(total + 1, sizeof(PyMethodDef));
    if (!all) {
        PyErr_NoMemory();
        return -1;
    }
    size_t at = count_methods(node_own_methods);
    memcpy(all, node_own_methods, at * sizeof(PyMethodDef));
    for (size_t k = 0; k < node_method_table_count; k++) {
        size_t n = count_methods(node_method_tables[k]);
        memcpy(all + at, node_method_tables[k], n * sizeof(PyMethodDef));
        at += n;
    }
    NodeType.tp_methods = all;

    for (uint32_t i = 1; i < DL_TAG__COUNT; i++) {
        size_t len = 0;
        const char *name = dl_atom_name(i, &len);
        if (!name) continue;
        static_tag_names[i] = PyUnicode_FromStringAndSize(name, (Py_ssize_t)len);
        if (!static_tag_names[i]) return -1;
        PyUnicode_InternInPlace(&static_tag_names[i]);
    }
    static const char *ns[3] = {"html", "svg", "math"};
    for (int i = 0; i < 3; i++)
        if (!(namespace_names[i] = PyUnicode_InternFromString(ns[i]))) return -1;

    if (PyType_Ready(&TreeType) < 0 || PyType_Ready(&NodeType) < 0 || PyType_Ready(&ChildIterType) < 0 ||
        PyType_Ready(&DescIterType) < 0)
        return -1;
    dl_node_type_object = &NodeType;
    struct {
        PyTypeObject *t;
        const char *name;
    } pub[] = {
        {&NodeType, "Node"},       {&DocumentType, "Document"}, {&FragmentType, "DocumentFragment"},
        {&ElementType, "Element"}, {&TextType, "Text"},         {&CommentType, "Comment"},
        {&DoctypeType, "Doctype"},
    };
    for (size_t i = 0; i < sizeof(pub) / sizeof(pub[0]); i++) {
        if (pub[i].t != &NodeType) {
            pub[i].t->tp_base = &NodeType;
            if (PyType_Ready(pub[i].t) < 0) return -1;
        }
        if (PyModule_AddObjectRef(m, pub[i].name, (PyObject *)pub[i].t) < 0) return -1;
    }
    return 0;
}
