/* The page type of a parsed page (issue 12): article, forum, product, collection, listing,
 * documentation or service, decided from the page's structure.
 *
 * features.c computes a fixed vector of structural features in the page index's one linear walk (no
 * recursion, bounded work per node): the JSON-LD @type and og:type the page declares, words of its own
 * canonical/og:url path, forms and buttons, price-like text, the <code>/<pre> share, headings, repeated
 * same-shaped siblings, post/comment/author structures, navigation, link density and prose share. A
 * multinomial logistic model whose weights are fitted by tools/fit_page_type.py on the development
 * corpora (page_type_model.h, generated) turns them into a type and a confidence. Pure C, safe without
 * the GIL.
 */
#ifndef DL_EXTRACT_PAGE_TYPE_H
#define DL_EXTRACT_PAGE_TYPE_H

#include "extract/index/known_attrs.h"
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

/* Build the class-word table the features read; call once before any other function here (the
 * module's initialisation does). */
void dl_page_type_init(void);

/* Classify the page at root (a document, or any subtree): its features (the page index's walk over it,
 * index/index.h) then the model. *type gets the most probable type and *confidence its probability
 * (0..1). Returns 0, or -1 on out of memory (then *type is DL_PAGE_ARTICLE and *confidence 0). */
int dl_page_classify(const dl_node *root, dl_page_type *type, double *confidence);

/* The fitted model (page_type_model.h) on features f[DL_PAGE_NFEATURES] computed already. */
void dl_page_classify_features(const double *f, dl_page_type *type, double *confidence);

/* What the page index's walk hands the metadata harvest of an HTML element: the attributes it gathered,
 * and for the class and the id value a cell of the page type's memo of the values it met, which is the
 * harvest's: 0 the first time
 * the memo holds the value, then what the companion stored there, so that a companion reads each value
 * of a page about once without a memo of its own (pages repeat their values: a grid's cards, a list's
 * items). A cell is NULL where the element has no such value, or an empty one, where the value is longer
 * than the memo's key (256 bytes), or where the class and the id share a slot. Valid during the call. */
typedef struct {
    const dl_known_attrs *attrs;
    uint32_t *class_cell, *id_cell;
} dl_page_element;

/* The features the model reads, in its order (features.c says what each measures). Counts are
 * log(1 + n); shares are fractions of the page's visible text; flags are 0 or 1. */
#define DL_PAGE_FEATURES(X)                                                                            \
    X(ld_article) X(ld_forum) X(ld_product) X(ld_collection) X(ld_listing) X(ld_docs) X(ld_service)     \
    X(ld_breadcrumb) X(og_article) X(og_product) X(og_website)                                          \
    X(url_known) X(url_forum) X(url_product) X(url_collection) X(url_listing) X(url_docs)               \
    X(url_service) X(url_article) X(url_depth) X(url_root) X(url_numeric) X(url_html)                   \
    X(log_chars) X(link_density) X(prose_share) X(long_paragraphs) X(sentence_density) X(code_share)    \
    X(pre) X(h1) X(h2) X(h3) X(anchored_headings) X(heading_density)                                    \
    X(forms) X(inputs) X(buttons) X(selects) X(textareas) X(prices) X(price_density)                    \
    X(articles) X(times) X(cls_post) X(cls_author) X(cls_vote) X(cls_product) X(cls_card) X(cls_docs)    \
    X(cls_service) X(cls_article) X(repeat_max) X(repeat_groups) X(repeat_list_groups) X(repeat_rows)   \
    X(repeat_share) X(navs) X(asides) X(nav_share) X(items) X(li_share) X(li_link_share) X(tables)      \
    X(images) X(image_density) X(sections) X(dls) X(blockquotes) X(url_slug_words) X(linked_headings)   \
    X(linked_images) X(long_prose_share) X(max_paragraph) X(repeat_price_share) X(tel_links)           \
    X(mailto_links) X(button_links) X(date_declared) X(author_declared) X(mean_paragraph)              \
    X(repeat_members) X(teasers) X(dated_items) X(pictured_items) X(member_chars)

enum {
#define DL_PAGE_COUNT_ONE(name) +1
    DL_PAGE_NFEATURES = 0 DL_PAGE_FEATURES(DL_PAGE_COUNT_ONE)
#undef DL_PAGE_COUNT_ONE
};

/* The features of the page at root into out[DL_PAGE_NFEATURES] (what tools/fit_page_type.py fits
 * on). Returns 0. */
int dl_page_features(const dl_node *root, double *out);
/* The name of feature i, NULL out of range. */
const char *dl_page_feature_name(int i);

#endif
