/* Each HTML tag's properties, in one table: the named sets of tag_sets.h as bits, so that a reader asks
 * of an element "is it a paragraph, a link, chrome, a repeatable member ..." with one load, and every
 * reader (the element table, the page type's walk, the block features) reads the same declaration.
 * dl_tag_props_init fills the table once (the module's initialisation calls it, before any thread). */
#ifndef DL_EXTRACT_INDEX_TAG_PROPS_H
#define DL_EXTRACT_INDEX_TAG_PROPS_H

#include <stdint.h>

#include "tree/dom.h"

/* One bit per named set (tag_sets.h's DL_TAGS_*). */
enum {
    DL_TP_TEXT_SKIP = 1u << 0,  /* DL_TAGS_TEXT_SKIP */
    DL_TP_LINK = 1u << 1,       /* DL_TAGS_LINK */
    DL_TP_HEADING = 1u << 2,    /* DL_TAGS_HEADING */
    DL_TP_CODE = 1u << 3,       /* DL_TAGS_CODE */
    DL_TP_P = 1u << 4,          /* DL_TAGS_P */
    DL_TP_CHROME = 1u << 5,     /* DL_TAGS_CHROME */
    DL_TP_LIST_ITEM = 1u << 6,  /* DL_TAGS_LIST_ITEM */
    DL_TP_REPEATABLE = 1u << 7, /* DL_TAGS_REPEATABLE */
    DL_TP_TIME = 1u << 8,       /* DL_TAGS_TIME */
    DL_TP_IMAGE = 1u << 9,      /* DL_TAGS_IMAGE */
    DL_TP_NO_GROUP = 1u << 10,  /* DL_TAGS_NO_GROUP */
    DL_TP_PARAGRAPH = 1u << 11, /* DL_TAGS_PARAGRAPH */
    DL_TP_RUN_HOST = 1u << 12,  /* DL_TAGS_RUN_HOST */
    DL_TP_PHRASING = 1u << 13,  /* DL_TAGS_PHRASING */
    DL_TP_NAV = 1u << 14,       /* DL_TAGS_NAV */
    DL_TP_ASIDE = 1u << 15,     /* DL_TAGS_ASIDE */
    DL_TP_HEADER = 1u << 16,    /* DL_TAGS_HEADER */
    DL_TP_FOOTER = 1u << 17,    /* DL_TAGS_FOOTER */
    DL_TP_FORM = 1u << 18,      /* DL_TAGS_FORM */
    DL_TP_TABLE = 1u << 19,     /* DL_TAGS_TABLE */
};

extern uint32_t dl_tag_props_table[DL_TAG__COUNT];

void dl_tag_props_init(void);

/* The properties of the tag of an element of any namespace: 0 for a foreign element or a tag of the
 * page's own making. */
static inline uint32_t dl_tag_props(const dl_node *el) {
    return el->ns == DL_NS_HTML && el->atom < DL_TAG__COUNT ? dl_tag_props_table[el->atom] : 0;
}

#endif
