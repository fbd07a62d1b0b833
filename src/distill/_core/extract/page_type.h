/* The page type of a parsed page (issue 12): article, forum, product, collection, listing,
 * documentation or service, decided from the page's structure.
 *
 * page_type.c computes a fixed vector of structural features in one linear walk of the tree (no
 * recursion, bounded work per node): the JSON-LD @type and og:type the page declares, words of its own
 * canonical/og:url path, forms and buttons, price-like text, the <code>/<pre> share, headings, repeated
 * same-shaped siblings, post/comment/author structures, navigation, link density and prose share. A
 * multinomial logistic model whose weights are fitted by tools/fit_page_type.py on the development
 * corpora (page_type_model.h, generated) turns them into a type and a confidence. Pure C, safe without
 * the GIL.
 */
#ifndef DL_EXTRACT_PAGE_TYPE_H
#define DL_EXTRACT_PAGE_TYPE_H

#include "tree/dom.h"

typedef enum {
    DL_PAGE_ARTICLE,
    DL_PAGE_FORUM,
    DL_PAGE_PRODUCT,
    DL_PAGE_COLLECTION,
    DL_PAGE_LISTING,
    DL_PAGE_DOCUMENTATION,
    DL_PAGE_SERVICE,
    DL_PAGE_NTYPES
} dl_page_type;

/* The lower-case name of a page type ("article", "forum", ...); "article" for an out-of-range value. */
const char *dl_page_type_name(dl_page_type type);

/* Classify the page at root (a document, or any subtree). *type gets the most probable type and
 * *confidence its probability (0..1). Returns 0, or -1 on out of memory (then *type is DL_PAGE_ARTICLE
 * and *confidence 0). */
int dl_page_classify(const dl_node *root, dl_page_type *type, double *confidence);

#endif
