/* Python-facing entry points of the serialize subsystem. */
#include "binding/binding.h"

int dl_serialize_init_module(PyObject *m) { return 0; }

PyMethodDef dl_serialize_node_methods[] = {{NULL, NULL, 0, NULL}};
