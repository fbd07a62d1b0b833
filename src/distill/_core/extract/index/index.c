/* The page index's one walk (index.h). */
#include "extract/index/index.h"

#include "extract/index/known_attrs.h"
#include "extract/metadata/metadata.h"
#include "extract/page_type/page_walk.h"

/* The steps of every reader on an element the walk enters. */
static void enter_element(const dl_node *n, dl_actx *table, dl_page_walk *pw, struct dl_meta *meta) {
    if (n->ns != DL_NS_HTML) { /* foreign content (SVG, MathML): its attributes are not gathered */
        if (pw) dl_page_walk_foreign_enter(pw);
        if (table) dl_tab_enter(table, n, NULL);
        return;
    }
    dl_known_attrs ka;
    dl_known_attrs_gather(n, &ka);
    dl_page_element pe = {&ka, NULL, NULL};
    dl_page_entry entry;
    if (pw) dl_page_walk_lookup(pw, &ka, &pe, &entry);
    /* the harvest reads the memo's cells before the page walk looks up any sibling's value */
    if (meta) dl_meta_visit_known(meta, n, &ka, pe.class_cell, pe.id_cell);
    if (pw) dl_page_walk_enter(pw, n, &ka, &entry);
    if (table) dl_tab_enter(table, n, &ka);
}

static void leave_element(const dl_node *n, dl_actx *table, dl_page_walk *pw, struct dl_meta *meta) {
    if (table) dl_tab_leave(table, n);
    if (n->ns != DL_NS_HTML) {
        if (pw) dl_page_walk_foreign_leave(pw);
        return;
    }
    if (pw) dl_page_walk_leave(pw, n);
    if (meta) dl_meta_leave(meta, n);
}

int dl_index_build(const dl_node *root, dl_actx *table, double *page_features, struct dl_meta *meta) {
    dl_page_walk *pw = NULL;
    if (page_features && !(pw = dl_page_walk_new())) return -1;
    if (table && dl_tab_begin(table, root) < 0) {
        dl_page_walk_free(pw);
        return -1;
    }
    /* pre-order, leaving each element after its descendants: the next node is the first child, else the
     * next sibling of the node or of the nearest ancestor that has one, each element climbed out of being
     * left on the way */
    const dl_node *n = root;
    for (;;) {
        if (n->type == DL_NODE_ELEMENT) {
            enter_element(n, table, pw, meta);
        } else if (n->type == DL_NODE_TEXT) {
            if (pw) dl_page_walk_text(pw, n);
            if (table) dl_tab_text(table, n);
        }
        if (n->type == DL_NODE_ELEMENT || n->type == DL_NODE_DOCUMENT || n->type == DL_NODE_FRAGMENT) {
            if (n->first_child) {
                n = n->first_child;
                continue;
            }
            if (n->type == DL_NODE_ELEMENT) leave_element(n, table, pw, meta);
        }
        if (n == root) break;
        while (!n->next) {
            n = n->parent;
            if (n->type == DL_NODE_ELEMENT) leave_element(n, table, pw, meta);
            if (n == root) goto done;
        }
        n = n->next;
    }
done:;
    int rc = 0;
    if (table && dl_tab_end(table) < 0) rc = -1;
    if (pw && dl_page_walk_finish(pw, page_features) < 0) rc = -1;
    dl_page_walk_free(pw);
    return rc;
}
