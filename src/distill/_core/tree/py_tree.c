/* Python-facing entry points of the tree subsystem. */
#include "binding/binding.h"

int dl_tree_init_module(PyObject *m) { return 0; }
