/* dl_page_classify: see page_type.h. First version: every page is an article (the model follows). */
#include "extract/page_type.h"

static const char *const type_names[DL_PAGE_NTYPES] = {
    "article", "forum", "product", "collection", "listing", "documentation", "service",
};

const char *dl_page_type_name(dl_page_type type) {
    return (unsigned)type < DL_PAGE_NTYPES ? type_names[type] : type_names[DL_PAGE_ARTICLE];
}

int dl_page_classify(const dl_node *root, dl_page_type *type, double *confidence) {
    (void)root;
    *type = DL_PAGE_ARTICLE;
    *confidence = 0.0;
    return 0;
}
