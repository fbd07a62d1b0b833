/* What the Python binding offers the other subsystems' Python-facing code.
 *
 * The binding defines the node types of distill._core (Node and its subclasses Document,
 * DocumentFragment, Element, Text, Comment, Doctype), parse() and parse_fragment().
 *
 * Node wrappers are created lazily: a dl_node has no Python object until Python asks for it, and
 * asking twice may give two wrapper objects; wrappers compare equal and hash equal when they wrap the
 * same node, so identity is never needed. Each wrapper holds a strong reference to its DocumentObject,
 * the (internal) owner of the arena; the arena is freed when the last reference to the document or any
 * of its nodes goes. Wrappers never reference each other, so there are no cycles to collect.
 *
 * Per-tree locking: every access to a tree from Python runs inside DL_TREE_LOCK(owner)/DL_TREE_UNLOCK,
 * a critical section on the owner object on free-threaded builds and nothing on GIL builds. Trees are
 * immutable once parsed, so long read-only C work may also run with the GIL released while the caller
 * holds a wrapper (which keeps the owner, hence the arena, alive).
 */
#ifndef DL_BINDING_BINDING_H
#define DL_BINDING_BINDING_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "encoding/encoding.h"
#include "tree/dom.h"

/* The Python object that owns a parsed tree (type distill._core._Tree, never handed out by itself). */
typedef struct {
    PyObject_HEAD
    dl_document *doc;
    PyObject *source_owner;   /* object whose buffer doc->source points into (bytes or str) */
    PyObject *encoding;       /* str: the encoding chosen for bytes input ("utf-8" for str) */
    int source_kind;          /* DL_SOURCE_* : how to map UTF-8 offsets back to the caller's */
    void *offset_map;         /* code point checkpoints for str input, built on first use */
    struct dl_offset_map *byte_map; /* decoded bytes input: UTF-8 offsets -> input byte offsets */
    char *owned_source;       /* malloc'd UTF-8 the tree was parsed from, when not the input's buffer */
    /* A second read of another owner's source (the pipeline's step 1): that owner, which keeps the source
     * alive; its byte_map is borrowed. NULL for a tree parsed from the input itself. */
    PyObject *source_tree;
} DocumentObject;

enum {
    DL_SOURCE_UTF8_BYTES = 0, /* bytes input that was UTF-8 already: offsets are the same */
    DL_SOURCE_STR,            /* str input: offsets are code points */
    DL_SOURCE_DECODED_BYTES   /* bytes decoded or repaired: offsets go through offset_map */
};

/* Every node wrapper starts with this layout. */
typedef struct {
    PyObject_HEAD
    DocumentObject *owner;    /* strong reference */
    const dl_node *node;
    /* Position cache for node[i]: the child at cache_index, so a loop over indexes is linear. */
    const dl_node *cache_child;
    Py_ssize_t cache_index;
    Py_ssize_t cache_len;     /* number of children, -1 until counted */
} NodeObject;

/* The wrapper of a node (new reference), creating it if needed; NULL with an exception set on error. */
PyObject *dl_wrap_node(DocumentObject *owner, const dl_node *node);

/* The node behind a wrapper (borrowed), and its owner (borrowed, may pass NULL); NULL with TypeError
 * set when obj is not a node. */
const dl_node *dl_unwrap_node(PyObject *obj, DocumentObject **owner);

/* Map a UTF-8 source offset to the caller's coordinates (code points for str, bytes for bytes).
 * -1 with an exception set on out of memory. Call under DL_TREE_LOCK(owner). */
Py_ssize_t dl_source_offset(DocumentObject *owner, uint32_t utf8_offset);

/* The Node base type, for isinstance checks in other subsystems. */
extern PyTypeObject *dl_node_type_object;

#if defined(Py_GIL_DISABLED) && PY_VERSION_HEX >= 0x030D0000
#define DL_TREE_LOCK(obj) Py_BEGIN_CRITICAL_SECTION(obj)
#define DL_TREE_UNLOCK() Py_END_CRITICAL_SECTION()
#else
#define DL_TREE_LOCK(obj) {
#define DL_TREE_UNLOCK() }
#endif

/* Sniff and decode as dl_decode_bytes (encoding/encoding.h) with Python's codecs for the multi-byte
 * legacy encodings; call with the GIL (released around the C work). 0, or -1 with an exception set
 * (MemoryError, OverflowError for inputs of 1 GiB or more, LookupError). binding/py_encoding.c. */
int dl_py_decode_bytes(const uint8_t *buf, size_t len, int override_id, dl_decoded *out);

/* The encoding id of a label object (binding/py_encoding.c): -1 for None, -2 with LookupError set
 * (naming at most 64 characters of the label) when the label is unknown. */
int dl_py_encoding_label(PyObject *label);

/* ---- tables ---------------------------------------------------------------------------------- */
/* A tuple of the n names name(0) .. name(n - 1) (new reference; NULL with an exception set): how the
 * binding hands Python a table the core declares once (record fields, block features, quality signals).
 * binding/py_pipeline.c. */
PyObject *dl_py_names(int n, const char *(*name)(int));

/* Each subsystem adds its functions and types to the module here (module.c calls them in order). */
int dl_binding_init_module(PyObject *m);
int dl_tokenizer_init_module(PyObject *m);
int dl_tree_init_module(PyObject *m);
int dl_encoding_init_module(PyObject *m);
int dl_extract_init_module(PyObject *m);
int dl_stream_init_module(PyObject *m);
int dl_serialize_init_module(PyObject *m);
int dl_sanitize_init_module(PyObject *m);
int dl_article_init_module(PyObject *m); /* binding/py_article.c: article text of issue 5 */
int dl_page_type_init_module(PyObject *m); /* binding/py_page_type.c: page type of issue 12 */
int dl_batch_init_module(PyObject *m);   /* binding/py_batch.c: _extract_batch for distill extract */
int dl_pipeline_init_module(PyObject *m); /* binding/py_pipeline.c: the pipeline's result and renderings */

/* Node.article() (binding/py_pipeline.c), a node method of the extract subsystem's table. */
PyObject *dl_py_node_article(PyObject *self, PyObject *args, PyObject *kwargs);

/* Methods that other subsystems add to every node: main_content/main_text/article from extract,
 * to_text/to_markdown from serialize. module.c hands each sentinel-terminated table to
 * dl_nodes_add_methods before the types are made (so nodes.c depends on none of them); `self` is a
 * NodeObject: use dl_unwrap_node. */
int dl_nodes_add_methods(const PyMethodDef *table);
extern PyMethodDef dl_extract_node_methods[];
extern PyMethodDef dl_serialize_node_methods[];

#endif
