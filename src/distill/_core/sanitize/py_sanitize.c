/* Python-facing entry points of the sanitize subsystem. */
#include "binding/binding.h"

int dl_sanitize_init_module(PyObject *m) { return 0; }
