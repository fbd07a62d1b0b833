/* The tag property table (tag_props.h), filled from the named sets of tag_sets.h. */
#include "extract/index/tag_props.h"

#include "extract/index/tag_sets.h"

uint32_t dl_tag_props_table[DL_TAG__COUNT];

void dl_tag_props_init(void) {
    static int ready;
    if (ready) return;
#define DL_TP_SET(LIST, BIT)                                                                           \
    do {                                                                                               \
        uint32_t bit_ = BIT;                                                                           \
        LIST(DL_TP_ADD)                                                                                \
    } while (0)
#define DL_TP_ADD(name) dl_tag_props_table[DL_TAG_##name] |= bit_;
    DL_TP_SET(DL_TAGS_TEXT_SKIP, DL_TP_TEXT_SKIP);
    DL_TP_SET(DL_TAGS_LINK, DL_TP_LINK);
    DL_TP_SET(DL_TAGS_HEADING, DL_TP_HEADING);
    DL_TP_SET(DL_TAGS_CODE, DL_TP_CODE);
    DL_TP_SET(DL_TAGS_P, DL_TP_P);
    DL_TP_SET(DL_TAGS_CHROME, DL_TP_CHROME);
    DL_TP_SET(DL_TAGS_LIST_ITEM, DL_TP_LIST_ITEM);
    DL_TP_SET(DL_TAGS_REPEATABLE, DL_TP_REPEATABLE);
    DL_TP_SET(DL_TAGS_TIME, DL_TP_TIME);
    DL_TP_SET(DL_TAGS_IMAGE, DL_TP_IMAGE);
    DL_TP_SET(DL_TAGS_NO_GROUP, DL_TP_NO_GROUP);
    DL_TP_SET(DL_TAGS_PARAGRAPH, DL_TP_PARAGRAPH);
    DL_TP_SET(DL_TAGS_RUN_HOST, DL_TP_RUN_HOST);
    DL_TP_SET(DL_TAGS_PHRASING, DL_TP_PHRASING);
    DL_TP_SET(DL_TAGS_NAV, DL_TP_NAV);
    DL_TP_SET(DL_TAGS_ASIDE, DL_TP_ASIDE);
    DL_TP_SET(DL_TAGS_HEADER, DL_TP_HEADER);
    DL_TP_SET(DL_TAGS_FOOTER, DL_TP_FOOTER);
    DL_TP_SET(DL_TAGS_FORM, DL_TP_FORM);
    DL_TP_SET(DL_TAGS_TABLE, DL_TP_TABLE);
#undef DL_TP_ADD
#undef DL_TP_SET
    ready = 1;
}
