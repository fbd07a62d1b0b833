/* Python-facing entry points of the tokenizer subsystem. */
#include "binding/binding.h"

int dl_tokenizer_init_module(PyObject *m) { return 0; }
