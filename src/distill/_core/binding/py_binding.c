/* Python-facing entry points of the binding subsystem. */
#include "binding/binding.h"

int dl_binding_init_module(PyObject *m) { return 0; }
