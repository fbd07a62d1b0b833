/* The one attribute gather: the attributes the page index's walk (index/index.h) reads on every element
 * for the page type's features, the metadata harvest and the element table, found in one pass over the
 * element's attribute list. Each pass over the list (its names are read from the arena, often the first
 * touch of those bytes since the parse) was a good part of each reader's cost. Header-only.
 */
#ifndef DL_EXTRACT_KNOWN_ATTRS_H
#define DL_EXTRACT_KNOWN_ATTRS_H

#include <stdint.h>
#include <string.h>

#include "common/ascii.h"
#include "tree/dom.h"

/* The first attribute of each name, as dl_element_attr finds it; NULL where there is none. */
typedef struct {
    const dl_attr *class_, *id, *itemtype, *itemprop, *rel, *href, *type, *property, *name, *content, *datetime;
    const dl_attr *style, *hidden, *aria_hidden;
    /* an attribute says the element is a dialog: role "dialog" or "alertdialog", aria-modal "true" (ASCII
     * case-insensitive): a dialog opens over the page, and is not its text */
    int dialog;
} dl_known_attrs;

/* Whether attribute a makes its element a dialog (see dl_known_attrs.dialog). */
static inline int dl_attr_says_dialog(const dl_attr *a) {
    const char *v = a->value.ptr;
    size_t n = a->value.len;
    if (a->name.len == 4 && memcmp(a->name.ptr, "role", 4) == 0)
        return (n == 6 && dl_ascii_eq_ci(v, n, "dialog", 6)) || (n == 11 && dl_ascii_eq_ci(v, n, "alertdialog", 11));
    return a->name.len == 10 && memcmp(a->name.ptr, "aria-modal", 10) == 0 && n == 4 && dl_ascii_eq_ci(v, n, "true", 4);
}

static inline void dl_known_attrs_gather(const dl_node *el, dl_known_attrs *k) {
    /* a copy of a zeroed struct, not a memset: GCC makes the memset of this size a `rep stos`, whose
     * start-up costs about as much as the rest of the gather, on every element of the page */
    static const dl_known_attrs none;
    *k = none;
    for (uint32_t i = 0; i < el->u.element.nattrs; i++) {
        const dl_attr *a = &el->u.element.attrs[i];
        const char *n = a->name.ptr;
        const dl_attr **slot = NULL;
        switch (a->name.len) {
        case 2: if (n[0] == 'i' && n[1] == 'd') slot = &k->id; break;
        case 3: if (memcmp(n, "rel", 3) == 0) slot = &k->rel; break;
        case 4:
            if (memcmp(n, "href", 4) == 0) slot = &k->href;
            else if (memcmp(n, "type", 4) == 0) slot = &k->type;
            else if (memcmp(n, "name", 4) == 0) slot = &k->name;
            else k->dialog |= dl_attr_says_dialog(a);
            break;
        case 5:
            if (memcmp(n, "class", 5) == 0) slot = &k->class_;
            else if (memcmp(n, "style", 5) == 0) slot = &k->style;
            break;
        case 6: if (memcmp(n, "hidden", 6) == 0) slot = &k->hidden; break;
        case 7: if (memcmp(n, "content", 7) == 0) slot = &k->content; break;
        case 8:
            if (memcmp(n, "itemtype", 8) == 0) slot = &k->itemtype;
            else if (memcmp(n, "itemprop", 8) == 0) slot = &k->itemprop;
            else if (memcmp(n, "property", 8) == 0) slot = &k->property;
            else if (memcmp(n, "datetime", 8) == 0) slot = &k->datetime;
            break;
        case 10: k->dialog |= dl_attr_says_dialog(a); break;
        case 11: if (memcmp(n, "aria-hidden", 11) == 0) slot = &k->aria_hidden; break;
        default: break;
        }
        if (slot && !*slot) *slot = a;
    }
}

#endif
