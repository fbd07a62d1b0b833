/* Python-facing entry points of the stream subsystem. */
#include "binding/binding.h"

int dl_stream_init_module(PyObject *m) { return 0; }
