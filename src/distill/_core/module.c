/* The distill._core extension module: each subsystem adds its own functions and types. */
#include "binding/binding.h"

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "distill._core",
    .m_doc = "The C core of distill: parser, tree, extraction, streaming scorer, exporters, sanitizer.",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__core(void) {
    PyObject *m = PyModule_Create(&core_module);
    if (!m) return NULL;
#ifdef Py_GIL_DISABLED
    PyUnstable_Module_SetGIL(m, Py_MOD_GIL_NOT_USED);
#endif
    /* Node methods of other subsystems first: the Node type is made by dl_binding_init_module. */
    if (dl_nodes_add_methods(dl_extract_node_methods) < 0 || dl_nodes_add_methods(dl_serialize_node_methods) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    int (*inits[])(PyObject *) = {
        dl_binding_init_module, dl_tokenizer_init_module, dl_tree_init_module, dl_encoding_init_module,
        dl_extract_init_module, dl_stream_init_module,    dl_serialize_init_module, dl_sanitize_init_module,
        dl_article_init_module, dl_page_type_init_module, dl_batch_init_module, dl_pipeline_init_module,
    };
    for (size_t i = 0; i < sizeof(inits) / sizeof(inits[0]); i++) {
        if (inits[i](m) < 0) {
            Py_DECREF(m);
            return NULL;
        }
    }
    return m;
}
