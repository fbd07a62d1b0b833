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

/* Paragraph-like elements: the ones whose text is scored (design: <p>, <td>, <pre>). */
#define DL_RULE_PARAGRAPH_TAGS(X) X(p) X(td) X(pre)

/* ---- Candidate seeds (design: "<div> +5; <blockquote>/<td>/<pre> +3; lists and <form> -3; headings
 *      and <th> -5"; which elements count as "lists" follows readability's grouping of list containers
 *      with their items). ---- */
#define DL_RULE_WEIGHT_DIV 5.0
#define DL_RULE_WEIGHT_QUOTE_CELL_PRE 3.0
#define DL_RULE_WEIGHT_LIST_FORM (-3.0)
#define DL_RULE_WEIGHT_HEADING_TH (-5.0)
#define DL_RULE_TAGS_WEIGHT_DIV(X) X(div)
#define DL_RULE_TAGS_WEIGHT_QUOTE_CELL_PRE(X) X(blockquote) X(td) X(pre)
#define DL_RULE_TAGS_WEIGHT_LIST_FORM(X) X(ul) X(ol) X(dl) X(li) X(dd) X(dt) X(form)
#define DL_RULE_TAGS_WEIGHT_HEADING_TH(X) X(h1) X(h2) X(h3) X(h4) X(h5) X(h6) X(th)

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

/* ---- Pruning (design: "Subtrees that are never content (<script>, <style>, <nav>, <aside>, <header>,
 *      <footer>, and the like, plus anything in a foreign SVG or MathML namespace) are skipped
 *      wholesale"). "The like" is decided here: elements whose contents are not prose a reader reads as
 *      the article: non-rendered data (noscript, template, head, title, noembed, noframes), embedded
 *      documents and media whose children are fallbacks (iframe, object, embed, applet, canvas, video,
 *      audio), form controls (select, button, textarea, datalist, option labels), and dialogs. <form>
 *      itself is not pruned: the design weights it (-3), so it is a candidate. Foreign (SVG, MathML)
 *      elements are pruned by namespace, not by this list. ---- */
#define DL_RULE_PRUNED_TAGS(X)                                                                         \
    X(script) X(style) X(nav) X(aside) X(header) X(footer) X(noscript) X(template) X(head) X(title)     \
    X(noembed) X(noframes) X(iframe) X(object) X(embed) X(applet) X(canvas) X(video) X(audio)           \
    X(select) X(button) X(textarea) X(datalist) X(dialog)

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
/* The page root is never dropped by its class or id: classes on <html>/<body> describe the page layout
 * ("has-sidebar", "single-post"), not the element being furniture (readability exempts them too). */
#define DL_RULE_NEVER_DROPPED_TAGS(X) X(html) X(body)

/* ---- Link density (design: "each surviving candidate's score is discounted by its link density (the
 *      fraction of its text that sits inside an <a>)"). ---- */
#define DL_RULE_LINK_TAGS(X) X(a)

/* ---- Paragraph units of boilerplate() (issue 3: "h1-h6, p, li, pre, blockquote, td, dd, dt,
 *      figcaption; a unit that contains another unit is not itself a unit"). ---- */
#define DL_RULE_UNIT_TAGS(X)                                                                           \
    X(h1) X(h2) X(h3) X(h4) X(h5) X(h6) X(p) X(li) X(pre) X(blockquote) X(td) X(dd) X(dt) X(figcaption)
#define DL_RULE_HEADING_TAGS(X) X(h1) X(h2) X(h3) X(h4) X(h5) X(h6)

/* ---- Text rendering (issue 3: "paragraphs, headings, list items and table rows on their own lines,
 *      runs of white space folded"). ---- */
/* Elements whose content is never shown as text: data for scripts and styles, the fallback of
 * scripting/embedding/frames, the document head, and form-control internals that are not prose. Also
 * any SVG or MathML element (graphics and formula markup, by namespace). */
#define DL_RULE_TEXT_SKIP_TAGS(X)                                                                      \
    X(script) X(style) X(noscript) X(template) X(head) X(title) X(noembed) X(noframes) X(iframe)        \
    X(object) X(embed) X(applet) X(canvas) X(video) X(audio) X(select) X(datalist)
/* Elements that start and end a line: the CSS "display: block/list-item/table-row" elements of the
 * HTML Standard's rendering section (15.3), restricted to the ones that hold text. */
#define DL_RULE_TEXT_BLOCK_TAGS(X)                                                                     \
    X(address) X(article) X(aside) X(blockquote) X(body) X(center) X(dd) X(details) X(dialog) X(dir)    \
    X(div) X(dl) X(dt) X(fieldset) X(figcaption) X(figure) X(footer) X(form) X(h1) X(h2) X(h3) X(h4)    \
    X(h5) X(h6) X(header) X(hgroup) X(hr) X(html) X(legend) X(li) X(listing) X(main) X(menu) X(nav)     \
    X(ol) X(p) X(plaintext) X(pre) X(section) X(summary) X(table) X(thead) X(tbody) X(tfoot) X(tr)      \
    X(ul) X(xmp) X(caption) X(search) X(optgroup) X(option)
/* Table cells sit side by side on their row's line, separated by one space. */
#define DL_RULE_TEXT_CELL_TAGS(X) X(td) X(th)
/* Elements whose white space is kept as written (the HTML Standard's "white-space: pre" elements). */
#define DL_RULE_TEXT_PRE_TAGS(X) X(pre) X(listing) X(xmp) X(plaintext) X(textarea)

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

/* ASCII white space as the HTML Standard defines it (tab, LF, FF, CR, space): what text folding folds. */
static inline int dl_rule_is_space(unsigned char c) { return dl_ascii_is_space(c); }

#endif
