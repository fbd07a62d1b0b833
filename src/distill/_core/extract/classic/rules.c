/* The predicates over rules.h's lists: tag sets become switches over atoms, word lists substring scans. */
#include "common/ascii.h"
#include "extract/classic/rules.h"
#include "extract/index/tag_sets.h"

#include <string.h>


static int html_el(const dl_node *n) { return n && n->type == DL_NODE_ELEMENT && n->ns == DL_NS_HTML; }

static const char *const positive_hints[] = {DL_RULE_POSITIVE_HINTS};
static const char *const negative_hints[] = {DL_RULE_NEGATIVE_HINTS};
static const char *const boilerplate_hints[] = {DL_RULE_BOILERPLATE_HINTS};
static const char *const rescue_hints[] = {DL_RULE_RESCUE_HINTS};

static unsigned char lower(unsigned char c) { return dl_ascii_lower(c); }

/* A word list prepared for scanning. Every element's class and id go through the lists, so a value is
 * scanned once per list and only at bytes that start some word; lengths are measured once, at module
 * initialisation (dl_rules_init), not per scan. */
typedef struct {
    const char *const *words;
    size_t count;
    size_t lens[64];
    uint8_t starts[256]; /* byte -> how many words start with it */
    uint8_t first[256];  /* byte -> where those words begin in by_start */
    uint8_t by_start[64]; /* word indices grouped by first byte, in list order within a group */
    /* when every word starts with two ASCII letters (pairs_ok): pairs[a] has bit b when some word
     * starts with letters a, b, so most bytes that start a word are ruled out by their neighbour */
    uint32_t pairs[26];
    int pairs_ok;
} word_list;

#define DL_WORD_LIST(arr) {arr, sizeof(arr) / sizeof((arr)[0]), {0}, {0}, {0}, {0}, {0}, 0}
static word_list positive_list = DL_WORD_LIST(positive_hints);
static word_list negative_list = DL_WORD_LIST(negative_hints);
static word_list boilerplate_list = DL_WORD_LIST(boilerplate_hints);
static word_list rescue_list = DL_WORD_LIST(rescue_hints);

static void prepare(word_list *l) {
    if (l->count > sizeof(l->lens) / sizeof(l->lens[0])) l->count = sizeof(l->lens) / sizeof(l->lens[0]);
    memset(l->starts, 0, sizeof(l->starts)); /* idempotent: every init caller may call it */
    for (size_t i = 0; i < l->count; i++) {
        l->lens[i] = strlen(l->words[i]);
        if (l->lens[i]) l->starts[(unsigned char)l->words[i][0]]++;
    }
    /* a scan looks only at the words starting with the byte at hand */
    size_t at = 0;
    for (unsigned c = 0; c < 256; c++) {
        l->first[c] = (uint8_t)at;
        for (size_t i = 0; i < l->count; i++)
            if ((unsigned char)l->words[i][0] == c && l->lens[i]) l->by_start[at++] = (uint8_t)i;
    }
    memset(l->pairs, 0, sizeof(l->pairs));
    l->pairs_ok = 1;
    for (size_t i = 0; i < l->count; i++) {
        unsigned a = (unsigned)((unsigned char)l->words[i][0] - 'a');
        unsigned b = l->lens[i] >= 2 ? (unsigned)((unsigned char)l->words[i][1] - 'a') : 26;
        if (a >= 26 || b >= 26) l->pairs_ok = 0;
        else l->pairs[a] |= 1u << b;
    }
}

void dl_rules_init(void) {
    prepare(&positive_list);
    prepare(&negative_list);
    prepare(&boilerplate_list);
    prepare(&rescue_list);
}

/* Whether hay contains any word of the list, ASCII case-insensitively (words are lower case). */
static int any(const char *hay, size_t len, const word_list *l) {
    for (size_t i = 0; i < len; i++) {
        unsigned char c = lower((unsigned char)hay[i]);
        if (!l->starts[c]) continue;
        if (l->pairs_ok) { /* c is a letter; every word has two or more */
            if (i + 1 >= len) break;
            unsigned b = (unsigned)(lower((unsigned char)hay[i + 1]) - 'a');
            if (b >= 26 || !(l->pairs[c - 'a'] >> b & 1)) continue;
        }
        for (size_t k = l->first[c], end = k + l->starts[c]; k < end; k++) {
            size_t w = l->by_start[k], m = l->lens[w];
            const char *word = l->words[w];
            if (m > len - i) continue;
            size_t j = 1;
            while (j < m && lower((unsigned char)hay[i + j]) == (unsigned char)word[j]) j++;
            if (j == m) return 1;
        }
    }
    return 0;
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

unsigned dl_rule_hints(const char *value, size_t len) {
    unsigned bits = 0;
    if (!value || len == 0) return 0;
    if (any(value, len, &positive_list)) bits |= DL_HINT_POSITIVE;
    if (any(value, len, &negative_list)) bits |= DL_HINT_NEGATIVE;
    if (any(value, len, &boilerplate_list)) bits |= DL_HINT_BOILERPLATE;
    if (any(value, len, &rescue_list)) bits |= DL_HINT_RESCUE;
    return bits;
}

int dl_rule_is_paragraph(const dl_node *n) {
    if (!html_el(n)) return 0;
    switch (n->atom) {
        DL_TAGS_PARAGRAPH(DL_TAG_CASE) return 1;
    default:
        return 0;
    }
}

int dl_rule_is_pruned(const dl_node *n) {
    if (!n || n->type != DL_NODE_ELEMENT) return 0;
    if (n->ns != DL_NS_HTML) return 1; /* design: anything in a foreign SVG or MathML namespace */
    switch (n->atom) {
        DL_TAGS_NEVER_CONTENT(DL_TAG_CASE) return 1;
    default:
        return 0;
    }
}

/* class="x" and id="x" each judged on their own: the rescue must sit in the same attribute. */
static int attr_dropped(const dl_node *n, const char *name, size_t name_len) {
    const dl_attr *a = dl_element_attr(n, name, name_len);
    if (!a || a->value.len == 0) return 0;
    return any(a->value.ptr, a->value.len, &boilerplate_list) && !any(a->value.ptr, a->value.len, &rescue_list);
}

int dl_rule_is_dropped(const dl_node *n) {
    if (!html_el(n) || n->u.element.nattrs == 0) return 0;
    switch (n->atom) {
        DL_TAGS_PAGE_ROOT(DL_TAG_CASE) return 0;
    default:
        break;
    }
    return attr_dropped(n, "class", 5) || attr_dropped(n, "id", 2);
}

static int value_dropped_memo(const dl_node *n, const char *name, size_t name_len, dl_word_memo *memo) {
    const dl_attr *a = dl_element_attr(n, name, name_len);
    if (!a || a->value.len == 0) return 0;
    const char *v = a->value.ptr;
    size_t len = a->value.len, slot = 0;
    unsigned dropped;
    if (!dl_word_memo_get(memo, v, len, &slot, &dropped)) {
        dropped = any(v, len, &boilerplate_list) && !any(v, len, &rescue_list);
        dl_word_memo_put(memo, slot, v, len, dropped);
    }
    return dropped != 0;
}

int dl_rule_is_dropped_memo(const dl_node *n, dl_word_memo *memo) {
    if (!html_el(n) || n->u.element.nattrs == 0) return 0;
    switch (n->atom) {
        DL_TAGS_PAGE_ROOT(DL_TAG_CASE) return 0;
    default:
        break;
    }
    return value_dropped_memo(n, "class", 5, memo) || value_dropped_memo(n, "id", 2, memo);
}

static double attr_weight(const dl_node *n, const char *name, size_t name_len) {
    const dl_attr *a = dl_element_attr(n, name, name_len);
    if (!a) return 0.0;
    double w = 0.0;
    if (any(a->value.ptr, a->value.len, &negative_list)) w += DL_RULE_WEIGHT_NEGATIVE_HINT;
    if (any(a->value.ptr, a->value.len, &positive_list)) w += DL_RULE_WEIGHT_POSITIVE_HINT;
    return w;
}

double dl_rule_seed(const dl_node *n) {
    if (!html_el(n)) return 0.0;
    double w = 0.0;
    switch (n->atom) {
        DL_TAGS_WEIGHT_DIV(DL_TAG_CASE) w = DL_RULE_WEIGHT_DIV;
        break;
        DL_TAGS_WEIGHT_QUOTE_CELL_PRE(DL_TAG_CASE) w = DL_RULE_WEIGHT_QUOTE_CELL_PRE;
        break;
        DL_TAGS_WEIGHT_LIST_FORM(DL_TAG_CASE) w = DL_RULE_WEIGHT_LIST_FORM;
        break;
        DL_TAGS_WEIGHT_HEADING_TH(DL_TAG_CASE) w = DL_RULE_WEIGHT_HEADING_TH;
        break;
    default:
        break;
    }
    if (n->u.element.nattrs) w += attr_weight(n, "class", 5) + attr_weight(n, "id", 2);
    return w;
}

/* The exported predicates of the design's tag sets (index/tag_sets.h makes each set's test). */
#define DL_TAG_PREDICATE(fn, LIST)                                                                     \
    DL_TAG_SET(fn##_set, LIST)                                                                         \
    int fn(const dl_node *n) { return fn##_set(n); }

DL_TAG_PREDICATE(dl_rule_is_link, DL_TAGS_LINK)
DL_TAG_PREDICATE(dl_rule_is_unit, DL_TAGS_UNIT)
DL_TAG_PREDICATE(dl_rule_is_heading, DL_TAGS_HEADING)
DL_TAG_PREDICATE(dl_rule_text_block, DL_TAGS_TEXT_BLOCK)
DL_TAG_PREDICATE(dl_rule_text_cell, DL_TAGS_TEXT_CELL)
DL_TAG_PREDICATE(dl_rule_text_pre, DL_TAGS_TEXT_PRE)

int dl_rule_text_skip(const dl_node *n) {
    if (!n || n->type != DL_NODE_ELEMENT) return 0;
    if (n->ns != DL_NS_HTML) return 1;
    switch (n->atom) {
        DL_TAGS_TEXT_SKIP(DL_TAG_CASE) return 1;
    default:
        return 0;
    }
}

int dl_rule_text_break(const dl_node *n) { return dl_is_element(n, DL_TAG_br); }

static const char *const meta_title[] = {DL_RULE_META_TITLE};
static const char *const meta_author[] = {DL_RULE_META_AUTHOR};
static const char *const meta_published[] = {DL_RULE_META_PUBLISHED};
static const char *const meta_date[] = {DL_RULE_META_DATE};
static const char *const meta_og_description[] = {DL_RULE_META_OG_DESCRIPTION};
static const char *const meta_description[] = {DL_RULE_META_DESCRIPTION};
static const char *const meta_site_name[] = {DL_RULE_META_SITE_NAME};
static const char *const meta_image[] = {DL_RULE_META_IMAGE};
static const char *const meta_tag[] = {DL_RULE_META_TAG};
static const char *const meta_keywords[] = {DL_RULE_META_KEYWORDS};

static int equals_any(const char *key, size_t len, const char *const *list, size_t count) {
    unsigned char first = lower((unsigned char)key[0]); /* len > 0; a word that starts otherwise differs */
    for (size_t i = 0; i < count; i++) {
        if ((unsigned char)list[i][0] != first) continue;
        size_t m = strlen(list[i]);
        if (m != len) continue;
        size_t j = 0;
        while (j < m && lower((unsigned char)key[j]) == (unsigned char)list[i][j]) j++;
        if (j == m) return 1;
    }
    return 0;
}

dl_meta_key dl_rule_meta_key(const char *key, size_t len) {
    /* Keys are compared whole after trimming: "og:title " is still og:title. */
    while (len && dl_ascii_is_space((unsigned char)*key)) key++, len--;
    while (len && dl_ascii_is_space((unsigned char)key[len - 1])) len--;
    if (len == 0) return DL_META_KEY_NONE;
#define TRY(list, kind)                                                                                \
    if (equals_any(key, len, list, COUNT(list))) return kind
    TRY(meta_title, DL_META_KEY_TITLE);
    TRY(meta_author, DL_META_KEY_AUTHOR);
    TRY(meta_published, DL_META_KEY_PUBLISHED);
    TRY(meta_date, DL_META_KEY_DATE);
    TRY(meta_og_description, DL_META_KEY_OG_DESCRIPTION);
    TRY(meta_description, DL_META_KEY_DESCRIPTION);
    TRY(meta_site_name, DL_META_KEY_SITE_NAME);
    TRY(meta_image, DL_META_KEY_IMAGE);
    TRY(meta_tag, DL_META_KEY_TAG);
    TRY(meta_keywords, DL_META_KEY_KEYWORDS);
#undef TRY
    return DL_META_KEY_NONE;
}
