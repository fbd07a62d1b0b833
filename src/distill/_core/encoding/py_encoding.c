/* Python-facing entry points of the encoding subsystem. */
#include "binding/binding.h"

int dl_encoding_init_module(PyObject *m) { return 0; }
