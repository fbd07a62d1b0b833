/* The one place Python options become C values (py_options.c): Extraction -> dl_extract_options, and
 * the base_url argument of article() -> a UTF-8 copy readable without the GIL. Binding layer only. */
#ifndef DL_EXTRACT_PY_OPTIONS_H
#define DL_EXTRACT_PY_OPTIONS_H

#include "binding/binding.h"
#include "extract/options.h"

/* The options of `obj`: None gives the defaults; an Extraction gives the struct compiled when it was
 * created (its `_compiled` capsule). 0, or -1 with TypeError set for anything else. */
int dl_extract_options_from_py(PyObject *obj, dl_extract_options *out);

/* base_url: None gives *out NULL; a str is copied to a PyMem_RawMalloc'd NUL-terminated UTF-8 buffer
 * (free it with PyMem_RawFree). 0, or -1 with TypeError/MemoryError set. */
int dl_base_url_from_py(PyObject *obj, char **out, size_t *len);

/* Adds _compile_extraction to the module (called by the article subsystem's init). */
int dl_options_init_module(PyObject *m);

#endif
