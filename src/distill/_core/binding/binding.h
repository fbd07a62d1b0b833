/* What the Python binding offers the other subsystems' Python-facing code.
 *
 * Node wrappers are created lazily: a dl_node has no Python object until Python asks for it. Each
 * wrapper holds a strong reference to its DocumentObject, which owns the arena; the arena is freed when
 * the last reference to the document or any of its nodes goes.
 *
 * Per-tree locking: every access to a tree from Python runs inside DL_TREE_LOCK(doc)/DL_TREE_UNLOCK,
 * a critical section on the document object on free-threaded builds and nothing on GIL builds.
 */
#ifndef DL_BINDING_BINDING_H
#define DL_BINDING_BINDING_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "tree/dom.h"

/* The Python object that owns a parsed tree. */
typedef struct {
    PyObject_HEAD
    dl_document *doc;
    PyObject *source_owner;   /* object whose buffer doc->source points into (bytes or str) */
    PyObject *encoding;       /* str: the encoding chosen for bytes input ("utf-8" for str) */
    int source_kind;          /* DL_SOURCE_* : how to map UTF-8 offsets back to the caller's */
    void *offset_map;         /* owned by the binding; maps UTF-8 offsets to input offsets */
    PyObject *wrappers;       /* dict: node address -> weakref-free cache (see nodes.c) */
} DocumentObject;

enum { DL_SOURCE_UTF8_BYTES = 0, DL_SOURCE_STR, DL_SOURCE_DECODED_BYTES };

/* The wrapper of a node (new reference), creating it if needed; NULL with an exception set on error. */
PyObject *dl_wrap_node(DocumentObject *owner, const dl_node *node);

/* The node behind a wrapper (borrowed), and its owner; NULL with TypeError set when obj is not a node. */
const dl_node *dl_unwrap_node(PyObject *obj, DocumentObject **owner);

/* Map a UTF-8 source offset to the caller's coordinates (code points for str, bytes for bytes). */
Py_ssize_t dl_source_offset(DocumentObject *owner, uint32_t utf8_offset);

#if defined(Py_GIL_DISABLED) && PY_VERSION_HEX >= 0x030D0000
#define DL_TREE_LOCK(obj) Py_BEGIN_CRITICAL_SECTION(obj)
#define DL_TREE_UNLOCK() Py_END_CRITICAL_SECTION()
#else
#define DL_TREE_LOCK(obj) {
#define DL_TREE_UNLOCK() }
#endif

/* Each subsystem adds its functions and types to the module here (module.c calls them in order). */
int dl_binding_init_module(PyObject *m);
int dl_tokenizer_init_module(PyObject *m);
int dl_tree_init_module(PyObject *m);
int dl_encoding_init_module(PyObject *m);
int dl_extract_init_module(PyObject *m);
int dl_stream_init_module(PyObject *m);
int dl_serialize_init_module(PyObject *m);
int dl_sanitize_init_module(PyObject *m);

/* Methods that other subsystems add to every node (the binding merges these sentinel-terminated
 * tables into the Node type): main_content/main_text/article from extract, to_text/to_markdown from
 * serialize. */
extern PyMethodDef dl_extract_node_methods[];
extern PyMethodDef dl_serialize_node_methods[];

#endif
