/* The page type (page_type.h): the names, and the fitted model applied to the structural features that
 * the page index's walk computes (features.c). */
#include "extract/page_type/page_type.h"

#include <math.h>

#include "extract/index/index.h"
#include "extract/page_type/page_type_model.h"

static const char *const type_names[DL_PAGE_NTYPES] = {
    "article", "forum", "product", "collection", "listing", "documentation", "service",
};

const char *dl_page_type_name(dl_page_type type) {
    return (unsigned)type < DL_PAGE_NTYPES ? type_names[type] : type_names[DL_PAGE_ARTICLE];
}

static const char *const feature_names[DL_PAGE_NFEATURES] = {
#define DL_NAME(name) #name,
    DL_PAGE_FEATURES(DL_NAME)
#undef DL_NAME
};

const char *dl_page_feature_name(int i) { return i >= 0 && i < DL_PAGE_NFEATURES ? feature_names[i] : NULL; }

_Static_assert(DL_PAGE_MODEL_NFEATURES == DL_PAGE_NFEATURES, "page_type_model.h is out of date: rerun "
                                                             "tools/fit_page_type.py --emit");

/* The multinomial logistic model: a score per type, the most probable type and its softmax share. */
void dl_page_classify_features(const double *f, dl_page_type *type, double *confidence) {
    double z[DL_PAGE_NTYPES], best = -HUGE_VAL;
    int arg = 0;
    for (int t = 0; t < DL_PAGE_NTYPES; t++) {
        double s = dl_page_model_bias[t];
        for (int k = 0; k < DL_PAGE_NFEATURES; k++) s += dl_page_model_weights[t][k] * f[k];
        z[t] = s;
        if (s > best) best = s, arg = t;
    }
    double sum = 0;
    for (int t = 0; t < DL_PAGE_NTYPES; t++) sum += exp(z[t] - best);
    *type = (dl_page_type)arg;
    *confidence = 1.0 / sum;
}

int dl_page_features(const dl_node *root, double *out) { return dl_index_build(root, NULL, out, NULL); }

int dl_page_classify(const dl_node *root, dl_page_type *type, double *confidence) {
    double f[DL_PAGE_NFEATURES];
    *type = DL_PAGE_ARTICLE;
    *confidence = 0.0;
    if (dl_page_features(root, f) < 0) return -1;
    dl_page_classify_features(f, type, confidence);
    return 0;
}
