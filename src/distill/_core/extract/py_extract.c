/* Python-facing entry points of the extract subsystem. */
#include "binding/binding.h"

int dl_extract_init_module(PyObject *m) { return 0; }

PyMethodDef dl_extract_node_methods[] = {{NULL, NULL, 0, NULL}};
