/* Every constant and word list of article() (issue 5), in one place, each with its reason.
 *
 * article() starts from the design's scoring (rules.h of main_content(), issue 3) and adds what the
 * accurate extractors do. The numbers were measured on ../shared/corpus/aeb with
 * tools/prototype/p2.py (a Python model of this walk) and then kept round, so that they describe the
 * web at large rather than one corpus: no word or number here names a site, a URL or a page.
 *
 * Class and id values are cut into words at punctuation, digits and camelCase boundaries
 * ("articleBody" -> "article", "body"; "post_share-bar" -> "post", "share", "bar"), and a list word
 * matches a token that starts with it ("comments", "commentlist" match "comment"). Matching words
 * instead of substrings keeps "pageRow" from reading as "pager" and "headline" from reading as "ad".
 */
#ifndef DL_EXTRACT_ARTICLE_RULES_H
#define DL_EXTRACT_ARTICLE_RULES_H

/* ---- Paragraphs (design): a paragraph of at least 25 characters scores 1 + commas + one point per
 *      hundred characters up to three, in full to its container and at half to the container's
 *      parent. ---- */
#define DL_ART_PARA_MIN_CHARS 25u
#define DL_ART_PARA_CHARS_PER_POINT 100u
#define DL_ART_PARA_MAX_LENGTH_POINTS 3u
#define DL_ART_GRANDPARENT_SHARE 0.5
/* Inline runs score as paragraphs (DL_TAGS_RUN_HOST, DL_TAGS_PHRASING): pages that have no <p> at all
 * otherwise yield nothing. Measured: +0.028 F1. The tag sets of these rules are named in
 * extract/index/tag_sets.h. */

/* A named anchor (<a name> without an href) that holds this much text was left open around the page's
 * paragraphs: its text is not link text (classic/table.c dl_tab_end). Two sentences: more than any link
 * label or heading a template wraps in an anchor. */
#define DL_ART_ANCHOR_TEXT 200u

/* ---- Candidate seeds: the design's tag weights (div +5; blockquote, td, pre +3; lists, list items,
 *      forms and address -3; headings and th -5) and class/id weights (+25 / -25). ---- */
#define DL_ART_CLASS_WEIGHT 25.0
/* Positive: the words CMSs and templates use for the article body (the design's article/content/post
 * and readability's usual companions). */
#define DL_ART_POSITIVE_WORDS "article", "content", "post", "body", "entry", "main", "text", "story", "blog"
/* Negative, as prefixes: the design's three. */
#define DL_ART_NEGATIVE_PREFIXES "sidebar", "comment", "footer"
/* Negative, as whole words only: page furniture whose names are also common word starts ("ad" would
 * match "address", "meta" "metadata", "nav" "navy"). */
#define DL_ART_NEGATIVE_WORDS "foot", "masthead", "related", "share", "social", "sponsor", "widget",    \
    "promo", "banner", "advert", "ad", "ads", "outbrain", "taboola", "popup", "menu", "nav", "meta",     \
    "tags", "byline", "author", "caption", "credit"

/* Boilerplate by class/id (the design's comment, modal, share, sidebar, pagination... plus the usual
 * furniture of news and blog templates), unless the same class/id also reads as content. */
#define DL_ART_BOILERPLATE_WORDS "comment", "modal", "share", "sharing", "sidebar", "pagination",     \
    "pager", "popup", "cookie", "newsletter", "subscribe", "related", "social", "breadcrumb", "disqus",  \
    "promo", "advert", "sponsor", "signup", "widget", "recommend", "outbrain", "taboola"
#define DL_ART_RESCUE_WORDS "article", "content", "main", "body", "entry", "story", "text", "post"

/* The wrapper guard: a class word names what a block is only when the block is minor. A wrapper that
 * holds most of the page's prose ("container has-sidebar", "ad-pusher", "comments-open" on a layout
 * div) is the page's layout, not a sidebar, so it is kept when more than this share of the page's
 * paragraph text would be lost with it (counting only text no smaller dropped block already takes).
 * The same guard covers hidden elements (pages that reveal the article with script). Measured: +0.04
 * F1; the share is flat between 0.4 and 0.6. */
#define DL_ART_GUARD_SHARE 0.5

/* ---- Split articles: chunks of one article cut apart by ads, pull quotes or inline promos score as
 *      separate near-equal candidates close together in the tree. A candidate scoring at least this
 *      share of the winner, neither inside nor around it, whose lowest common ancestor with the winner
 *      is at most this many levels above either (and is not <body>), is kept too, in document order.
 *      Measured: +0.008 F1. ---- */
#define DL_ART_SPLIT_SHARE 0.5
#define DL_ART_SPLIT_LEVELS 5u
#define DL_ART_SPLIT_MAX 16u /* containers kept at most: the text stays an article, not a page */

/* ---- Cleaning inside the kept containers. ---- */
/* A block named for media, credits, sharing, promotion, tags or bylines, that is not prose itself
 * (fewer than ten commas) and not named as content too, is furniture placed inside the article. Tables
 * and paragraphs are exempt: a class on them styles content. (+0.008 F1) */
#define DL_ART_CLEAN_PREFIXES "credit", "video", "player", "byline", "share",                          \
    "sharing", "social", "follow", "advert", "sponsor", "promo", "related", "recommend", "newsletter",  \
    "subscribe", "comment", "timestamp", "dateline", "author", "tags"
#define DL_ART_CLEAN_WORDS "ad", "ads", "date", "time", "tag", "meta", "bio"
/* Of those blocks, the ones named only for media (and figures, see above) are illustrations: out of
 * the text, but the Markdown and HTML renderings show them (images with their captions), so the
 * exporters are told which they are. */
#define DL_ART_CLEAN_MEDIA_PREFIXES "caption", "gallery", "photo", "image"
#define DL_ART_CLEAN_MEDIA_WORDS "media", "img"
#define DL_ART_CLEAN_MAX_COMMAS 10u
/* A block more than half of whose text is link text is navigation: related links, tag lists, "more
 * stories". (+0.003 F1) */
#define DL_ART_CLEAN_LINK_DENSITY 0.5

/* ---- Favor (Extraction.favor): precision keeps less around the winner (stricter link density, only
 *      near-equal split chunks), recall keeps more. ---- */
#define DL_ART_PRECISION_LINK_DENSITY 0.33
#define DL_ART_PRECISION_SPLIT_SHARE 0.75
#define DL_ART_RECALL_LINK_DENSITY 0.7
#define DL_ART_RECALL_SPLIT_SHARE 0.3
#define DL_ART_RECALL_SPLIT_LEVELS 8u

#endif
