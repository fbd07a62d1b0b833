/* Declarations shared by the files of the binding folder only (other subsystems use binding.h). */
#ifndef DL_BINDING_INTERNAL_H
#define DL_BINDING_INTERNAL_H

#include "binding/binding.h"

/* A new, empty owner (doc NULL); counts towards _live_documents(). NULL with MemoryError. */
DocumentObject *dl_tree_new(void);

/* A new owner for doc, a second read of base's source (same UTF-8 buffer, so the same source offsets):
 * it keeps base alive and borrows its offset mapping. Takes doc (freed with the owner, or here on
 * failure). NULL with MemoryError. */
DocumentObject *dl_tree_reread(DocumentObject *base, dl_document *doc);

/* Adds the node types and the owner type to the module. */
int dl_nodes_init_module(PyObject *m);

/* Number of owners alive (documents not yet freed). */
Py_ssize_t dl_live_documents(void);

/* Builds a tree from a nested Python spec (tests of the serializer use it; see build.c). */
PyObject *dl_build_tree(PyObject *self, PyObject *spec);

#endif
