/* The attributes article()'s one walk over the tree reads on every HTML element (page_type.c's features
 * and metadata/harvest.c's harvest), found in one pass over the element's attribute list: the two read them in
 * the same walk, and each pass over the list (its names are read from the arena, often the first touch
 * of those bytes since the parse) was a good part of their cost. Header-only.
 */
#ifndef DL_EXTRACT_KNOWN_ATTRS_H
#define DL_EXTRACT_KNOWN_ATTRS_H

#include <stdint.h>
#include <string.h>

#include "tree/dom.h"

/* The first attribute of each name, as dl_element_attr finds it; NULL where there is none. */
typedef struct {
    const dl_attr *class_, *id, *itemtype, *itemprop, *rel, *href, *type, *property, *name, *content, *datetime;
} dl_known_attrs;

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
            break;
        case 5: if (memcmp(n, "class", 5) == 0) slot = &k->class_; break;
        case 7: if (memcmp(n, "content", 7) == 0) slot = &k->content; break;
        case 8:
            if (memcmp(n, "itemtype", 8) == 0) slot = &k->itemtype;
            else if (memcmp(n, "itemprop", 8) == 0) slot = &k->itemprop;
            else if (memcmp(n, "property", 8) == 0) slot = &k->property;
            else if (memcmp(n, "datetime", 8) == 0) slot = &k->datetime;
            break;
        default: break;
        }
        if (slot && !*slot) *slot = a;
    }
}

#endif
