/* Every constant and word list of the main-content heuristic, in one place.
 *
 * The design (../shared/seeds/000_9f5eabc573d52a34.txt, "Finding the main content") and issue 3 give
 * the shape and most numbers; the rest are the readability family's well-known signals (readability,
 * Mozilla's Readability.js, readability-lxml), restated here from their documented behaviour as word
 * lists of our own. Each entry says where it comes from. Nothing here names a site or a page.
 *
 * Tag sets are X-macro lists of atom suffixes (DL_TAG_<name>), so rules.c turns them into switches; word
 * lists are lower-case ASCII strings matched case-insensitively as substrings of a class or id value
 * (the readability convention: "article-body" and "mainArticle" both carry the "article" hint).
 */
#ifndef DL_EXTRACT_RULES_H
#define DL_EXTRACT_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "common/ascii.h"
#include "common/word_memo.h"
#include "tree/dom.h"

/* ---- Paragraph scoring (design: "a base point, one point per comma ... up to three points for
 *      length, one per hundred characters"; issue 3 fixes the 25-character floor). ---- */
#define DL_RULE_PARAGRAPH_MIN_CHARS 25u   /* shorter paragraph-like elements contribute nothing */
#define DL_RULE_PARAGRAPH_BASE 1.0        /* the base point of every scored paragraph */
#define DL_RULE_POINTS_PER_COMMA 1.0      /* commas approximate clause count (design) */
#define DL_RULE_CHARS_PER_LENGTH_POINT 100u /* one point per hundred characters, floored (design) */
#define DL_RULE_MAX_LENGTH_POINTS 3u      /* at most three length points (design) */
#define DL_RULE_PARENT_SHARE 1.0          /* the paragraph's parent gets the contribution in full */
#define DL_RULE_GRANDPARENT_SHARE 0.5     /* ... and its grandparent at half weight (design) */
/* The comma counted is U+002C only: the design counts "commas" as readability does, and the corpus the
 * figure is measured on is Latin-script. */
#define DL_RULE_COMMA ','
/* Which elements are paragraph-like, which are seeded with which weight, which are never content and
 * which the text renderer treats how: named tag sets in extract/index/tag_sets.h (DL_TAGS_*). */

/* ---- Candidate seeds (design: "<div> +5; <blockquote>/<td>/<pre> +3; lists and <form> -3; headings
 *      and <th> -5"; which elements count as "lists" follows readability's grouping of list containers
 *      with their items). ---- */
#define DL_RULE_WEIGHT_DIV 5.0
#define DL_RULE_WEIGHT_QUOTE_CELL_PRE 3.0
#define DL_RULE_WEIGHT_LIST_FORM (-3.0)
#define DL_RULE_WEIGHT_HEADING_TH (-5.0)

/* Class/id weight, applied to the class attribute and to the id attribute separately (readability's
 * getClassWeight convention), each able to add both: +25 per attribute carrying a positive hint, -25 per
 * attribute carrying a negative one (design: "+25 for an article/content/post hint, -25 for a
 * sidebar/comment/footer one"). */
#define DL_RULE_WEIGHT_POSITIVE_HINT 25.0
#define DL_RULE_WEIGHT_NEGATIVE_HINT (-25.0)
/* The design's three positive hints plus readability's usual companions for an article body. */
#define DL_RULE_POSITIVE_HINTS "article", "content", "post", "entry", "story", "main", "body", "blog"
/* The design's three negative hints plus readability's usual companions for page furniture. */
#define DL_RULE_NEGATIVE_HINTS                                                                         \
    "sidebar", "comment", "footer", "masthead", "sponsor", "promo", "related", "share", "social",      \
        "widget", "banner", "advert", "shoutbox", "skyscraper"


/* Boilerplate class/id subtrees (design: "comment, modal, share, sidebar, pagination..."), the rest
 * being readability's usual "unlikely candidate" furniture words. A subtree is dropped when its class
 * or its id holds one of these and that same attribute holds no rescue hint. */
#define DL_RULE_BOILERPLATE_HINTS                                                                      \
    "comment", "modal", "share", "sidebar", "pagination", "pager", "popup", "banner", "breadcrumb",    \
        "combx", "community", "cookie", "footer", "header", "menu", "newsletter", "related", "remark",  \
        "replies", "shoutbox", "skyscraper", "social", "sponsor", "subscribe", "masthead", "agegate"
/* Rescue hints (design: "unless the same attribute also carries a rescue hint (article, content,
 * main)"). */
#define DL_RULE_RESCUE_HINTS "article", "content", "main"

/* ---- Metadata (design and issue 3: "the title from the first <h1>, then an og:title, then <title>;
 *      the byline from a rel="author" link or an author meta; the date from a <time>, an
 *      article:published_time, or a common date meta; the description from og:description or a
 *      description meta; and the language from <html lang>"; plus canonical, site_name, image, tags).
 *      <meta> keys are matched case-insensitively against the name, property and itemprop attributes.
 *      ---- */
#define DL_RULE_META_TITLE "og:title"
#define DL_RULE_META_AUTHOR "author", "article:author", "dc.creator", "byl"
#define DL_RULE_META_PUBLISHED "article:published_time"
/* "A common date meta": the names publishers and CMSs use for the publication date (Dublin Core,
 * schema.org microdata, and the usual unprefixed spellings). */
#define DL_RULE_META_DATE                                                                              \
    "datepublished", "date", "pubdate", "publishdate", "publish-date", "publish_date",                 \
        "publication_date", "dc.date", "dc.date.issued", "dcterms.date", "dcterms.issued",             \
        "dcterms.created", "og:published_time", "article:published"
#define DL_RULE_META_OG_DESCRIPTION "og:description"
#define DL_RULE_META_DESCRIPTION "description"
#define DL_RULE_META_SITE_NAME "og:site_name"
#define DL_RULE_META_IMAGE "og:image", "og:image:url", "twitter:image"
#define DL_RULE_META_TAG "article:tag"
#define DL_RULE_META_KEYWORDS "keywords", "news_keywords"
#define DL_RULE_META_TAGS_MAX 64u /* tags kept at most: a keyword-stuffed page should not balloon */

/* ---- Predicates (rules.c). ---- */
typedef enum {
    DL_HINT_POSITIVE = 1u << 0,
    DL_HINT_NEGATIVE = 1u << 1,
    DL_HINT_BOILERPLATE = 1u << 2,
    DL_HINT_RESCUE = 1u << 3,
} dl_hint_bits;

/* Prepare the word lists; called once from the module's initialisation, before any walk. */
void dl_rules_init(void);
/* Which hint lists an attribute value matches (case-insensitive substrings). */
unsigned dl_rule_hints(const char *value, size_t len);
int dl_rule_is_paragraph(const dl_node *n);
int dl_rule_is_pruned(const dl_node *n);       /* pruned tag or foreign namespace */
int dl_rule_is_dropped(const dl_node *n);      /* boilerplate class/id without rescue */
/* dl_rule_is_dropped with each class and id value's verdict remembered in memo (zero-filled before the
 * walk; common/word_memo.h): the scoring walk asks about every element, and pages repeat their values. */
int dl_rule_is_dropped_memo(const dl_node *n, dl_word_memo *memo);
double dl_rule_seed(const dl_node *n);         /* tag weight + class/id weight */
int dl_rule_is_link(const dl_node *n);
int dl_rule_is_unit(const dl_node *n);
int dl_rule_is_heading(const dl_node *n);
int dl_rule_text_skip(const dl_node *n);
int dl_rule_text_block(const dl_node *n);
int dl_rule_text_cell(const dl_node *n);
int dl_rule_text_pre(const dl_node *n);
int dl_rule_text_break(const dl_node *n); /* <br> */

/* Which metadata a <meta> key (its name, property or itemprop value) declares. */
typedef enum {
    DL_META_KEY_NONE = 0,
    DL_META_KEY_TITLE,
    DL_META_KEY_AUTHOR,
    DL_META_KEY_PUBLISHED,
    DL_META_KEY_DATE,
    DL_META_KEY_OG_DESCRIPTION,
    DL_META_KEY_DESCRIPTION,
    DL_META_KEY_SITE_NAME,
    DL_META_KEY_IMAGE,
    DL_META_KEY_TAG,
    DL_META_KEY_KEYWORDS,
} dl_meta_key;
dl_meta_key dl_rule_meta_key(const char *key, size_t len);


#endif
