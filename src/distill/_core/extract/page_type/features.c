/* The page type's structural features (page_type.h), computed in the page index's one walk over the
 * tree (index/index.c calls the steps of page_walk.h); page_type.c applies the fitted model to them.
 *
 * The walk visits every node once, keeping counters of the elements it is inside (links, code, prose
 * paragraphs, navigation, list items, invisible elements) that are decremented when it leaves them, so
 * no stack is needed and nothing recurses. The per-node work is bounded: a class/id value is read up to
 * CLASS_SCAN bytes, a JSON-LD block up to JSONLD_SCAN bytes, a parent's children are grouped into at
 * most SIBLING_KINDS shapes. Hence the cost is linear in the size of the tree.
 *
 * Every feature is a general signal of a kind of page, never of a site:
 * - declared types: schema.org @type in JSON-LD and microdata itemtype, and og:type, as the page's
 *   author states them (often absent or generic, hence only one signal among many);
 * - words of the page's own URL path (canonical, else og:url): sites file pages under /forum/,
 *   /docs/, /product/, /category/, /blog/ ... in every CMS;
 * - shape: prose share (text in <p>), link density, <pre>/<code> share, headings and anchored headings
 *   (documentation), forms and controls (service and product pages ask for input), price-like text
 *   (products and listings), repeated same-shaped siblings (cards of a listing or collection, posts of
 *   a thread), post/author/reply class words and <article>/<time> repeated (forums), navigation and
 *   tables of contents (documentation).
 */
#include "extract/page_type/page_type.h"
#include "extract/page_type/page_walk.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#endif

#include "common/ascii.h"
#include "common/word_memo.h"
#include "extract/index/known_attrs.h"
#include "extract/index/tag_props.h"

#define CLASS_SCAN 256        /* bytes of a class/id value read for words */
#define JSONLD_SCAN (1 << 18) /* bytes of one JSON-LD block read for @type */
#define SHAPE_SCAN 64         /* bytes of a class value that make an element's shape */
#define SIBLING_KINDS 8       /* distinct (tag, class) shapes counted per parent */
#define REPEAT_MIN 4          /* same-shaped siblings that make a repeated group */
#define LONG_PARAGRAPH 150    /* characters of a <p> that reads as prose */

enum {
#define DL_INDEX(name) F_##name,
    DL_PAGE_FEATURES(DL_INDEX)
#undef DL_INDEX
};

/* ---- small string helpers ---- */
static unsigned char lower(unsigned char c) { return dl_ascii_lower(c); }
static int is_alnum(unsigned char c) { return dl_ascii_is_alnum(c); }
static int eq_ci(const char *s, size_t n, const char *word) { return dl_ascii_eq_ci_lit(s, n, word); }

/* word occurs in s[0..n), ASCII case-insensitively */
static int contains_ci(const char *s, size_t n, const char *word) {
    size_t w = strlen(word), i = 0;
    if (!w) return 1;
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
    /* 16 places at a time: only places whose two bytes equal the word's first two with bit 0x20 set
     * are compared (every place where the word occurs is one of them, whatever its case) */
    if (w >= 2) {
        const __m128i case_bit = _mm_set1_epi8(0x20), w0 = _mm_set1_epi8((char)(word[0] | 0x20));
        const __m128i w1 = _mm_set1_epi8((char)(word[1] | 0x20));
        for (; i + 17 <= n; i += 16) {
            __m128i x = _mm_or_si128(_mm_loadu_si128((const __m128i *)(const void *)(s + i)), case_bit);
            __m128i y = _mm_or_si128(_mm_loadu_si128((const __m128i *)(const void *)(s + i + 1)), case_bit);
            unsigned bits = (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(x, w0), _mm_cmpeq_epi8(y, w1)));
            for (; bits; bits &= bits - 1) {
                size_t at = i + (unsigned)__builtin_ctz(bits);
                if (at + w <= n && dl_ascii_eq_ci(s + at, w, word, w)) return 1;
            }
        }
    }
#endif
    unsigned char first = lower((unsigned char)word[0]); /* most places fail on their first byte */
    for (; i + w <= n; i++)
        if (lower((unsigned char)s[i]) == first && dl_ascii_eq_ci(s + i, w, word, w)) return 1;
    return 0;
}

/* Word lists looked up whole, ASCII case-insensitively: all the words of a family of lists (the
 * declared types', the URL words') sorted by length (dl_page_type_init), so that a lookup compares only
 * the few words of its own length, and tells all the lists that hold the word at once. */
#define LISTED_WORDS 128
#define LISTED_MAX_LEN 32
typedef struct {
    const char *word[LISTED_WORDS];
    uint8_t list[LISTED_WORDS];
    uint8_t start[LISTED_MAX_LEN + 2]; /* the words of length n are [start[n], start[n + 1]) */
} word_index;

static void index_words(word_index *x, const char *const *const *lists, unsigned nlists) {
    unsigned at = 0;
    for (unsigned n = 0; n <= LISTED_MAX_LEN; n++) {
        x->start[n] = (uint8_t)at;
        for (unsigned g = 0; g < nlists; g++)
            for (const char *const *wd = lists[g]; *wd; wd++)
                if (strlen(*wd) == n && at < LISTED_WORDS) x->word[at] = *wd, x->list[at++] = (uint8_t)g;
    }
    x->start[LISTED_MAX_LEN + 1] = (uint8_t)at;
}

/* Bit g set where list g holds s[0..n). */
static unsigned lists_holding(const word_index *x, const char *s, size_t n) {
    if (n > LISTED_MAX_LEN) return 0;
    unsigned hit = 0;
    for (unsigned k = x->start[n]; k < x->start[n + 1]; k++)
        if (dl_ascii_eq_ci(s, n, x->word[k], n)) hit |= 1u << x->list[k];
    return hit;
}

static const dl_str *attr(const dl_node *el, const char *name) {
    if (!el->u.element.nattrs) return NULL;
    const dl_attr *a = dl_element_attr(el, name, strlen(name));
    return a ? &a->value : NULL;
}

/* The value of an attribute the walk gathered (known_attrs.h), NULL for none. */
static const dl_str *value_of(const dl_attr *a) { return a ? &a->value : NULL; }

/* ---- declared schema.org types ---- */
/* Each group is what the page says it is; a type that says little (WebPage, WebSite) is not listed. */
static const char *const ld_article[] = {"Article", "NewsArticle", "BlogPosting", "Blog", "Report",
                                         "ScholarlyArticle", "OpinionNewsArticle", "ReportageNewsArticle",
                                         "AnalysisNewsArticle", "LiveBlogPosting", "Recipe", "Review", NULL};
static const char *const ld_forum[] = {"DiscussionForumPosting", "QAPage", "Question", "Answer",
                                       "SocialMediaPosting", "Conversation", NULL};
static const char *const ld_product[] = {"Product", "Offer", "AggregateOffer", "ProductGroup",
                                         "IndividualProduct", "ProductModel", "Car", "Vehicle", "Book", NULL};
static const char *const ld_collection[] = {"CollectionPage", "OfferCatalog", "ProductCollection", NULL};
static const char *const ld_listing[] = {"ItemList", "SearchResultsPage", "JobPosting", "Event", NULL};
static const char *const ld_docs[] = {"TechArticle", "APIReference", "HowTo", "SoftwareSourceCode",
                                      "SoftwareApplication", NULL};
static const char *const ld_service[] = {"Service", "LocalBusiness", "Organization", "Corporation",
                                         "ProfessionalService", "FAQPage", "ContactPage", "AboutPage",
                                         "Restaurant", "Hotel", "MedicalBusiness", "Store", "Course",
                                         "EducationalOccupationalProgram", "Dentist", "Physician", NULL};

/* An element's shape (see shape_of) is asked for by its parent's scan and by its own and its siblings'
 * repetition checks: a small cache keyed by the node keeps that to about one hash per element. */
#define SHAPE_CACHE 256
typedef struct {
    const dl_node *node[SHAPE_CACHE];
    uint64_t shape[SHAPE_CACHE];
} shape_cache;

/* What the walk reads from a class or id value, remembered per distinct value: pages repeat their
 * values (a grid's cards, a list's items), so each is read about once. A direct-mapped table keyed by
 * the value's first CLASS_SCAN bytes (a hash picks the slot, common/word_memo.h's; the length and the
 * bytes are compared, so an entry is never another value's). bits has the class words (bit g for the
 * g-th cls_* list), then whether the value names a button and whether the two later parts were
 * computed: they are asked for only of some values (links' classes; classes of elements that make
 * shapes and of their siblings) and computed the first time. */
#define VALUE_MEMO DL_WORD_MEMO_SLOTS
enum {
    V_WORDS = 0xFFu,
    V_BUTTON = 1u << 8,
    V_BUTTON_KNOWN = 1u << 9,
    V_SHAPE_KNOWN = 1u << 10,
};
typedef struct {
    const char *s[VALUE_MEMO];
    uint32_t len[VALUE_MEMO];
    uint32_t bits[VALUE_MEMO];
    uint64_t shape[VALUE_MEMO]; /* the value's part of an element's shape (class_shape) */
    uint32_t cell[VALUE_MEMO];  /* the companion's (dl_page_element), 0 for a value new to the memo */
} value_memo;

/* The shapes counted among an open element's element children (see tally_shape). */
typedef struct {
    const dl_node *el;
    uint64_t shapes[SIBLING_KINDS];
    uint32_t counts[SIBLING_KINDS];
    int kinds;
} sibling_tally;

struct dl_page_walk {
    double f[DL_PAGE_NFEATURES];
    /* walk state: how many open elements of each kind the current node is inside */
    int in_link, in_code, in_p, in_nav, in_li, invisible, in_repeat;
    uint32_t p_chars;          /* characters of the open outermost <p> */
    const dl_node *url_source; /* canonical link, else og:url meta */
    int url_rank;
    double chars, link_chars, p_text, code_chars, nav_chars, li_chars, li_link_chars, repeat_chars;
    double prices, sentence_ends, repeat_prices, long_p_chars, paragraphs;
    const dl_node *heading; /* the outermost open heading */
    /* the open member of a repeated group: what it holds */
    int member_heading, member_link, member_time, member_image;
    double member_start, members, member_chars;
    int heading_linked;     /* it holds, or sits in, a link */
    sibling_tally *tallies; /* one per open HTML element with children, innermost last */
    size_t ntallies, tally_cap;
    uint32_t repeat_max;    /* the largest count of same-shaped siblings */
    int failed;             /* out of memory */
    /* the caches last: only their keys are cleared for a walk (walk_init) */
    shape_cache shapes;
    value_memo values;      /* the class and id values met */
};
/* the walk's state is the page index's dl_page_walk (page_walk.h) */
typedef struct dl_page_walk walk;

static void walk_init(walk *w) {
    memset(w, 0, offsetof(walk, shapes));
    memset(w->shapes.node, 0, sizeof(w->shapes.node));
    memset(w->values.s, 0, sizeof(w->values.s));
    w->url_rank = 2;
}

static const char *const ld_breadcrumb[] = {"BreadcrumbList", NULL};
static word_index ld_index; /* the lists above, in the order of their features from F_ld_article */

_Static_assert(F_ld_breadcrumb == F_ld_article + 7, "declare_type sets the ld_* features by list number");

static void declare_type(walk *w, const char *s, size_t n) {
    unsigned hit = lists_holding(&ld_index, s, n);
    for (unsigned g = 0; hit; g++, hit >>= 1)
        if (hit & 1) w->f[F_ld_article + g] = 1;
}

/* A JSON key, written exactly (JSON keys are case-sensitive), found by jumping between quotes. */
static int has_key(const char *s, size_t n, const char *key) {
    size_t k = strlen(key);
    const char *p = s, *end = s + n;
    while ((size_t)(end - p) >= k && (p = memchr(p, '"', (size_t)(end - p) - k + 1)) != NULL) {
        if (memcmp(p, key, k) == 0) return 1;
        p++;
    }
    return 0;
}

/* Every "@type": "X" or "@type": ["X", "Y"] in a JSON-LD block. */
static void scan_jsonld(walk *w, const char *s, size_t n) {
    if (n > JSONLD_SCAN) n = JSONLD_SCAN;
    /* a dated, authored page is written by someone at some time: articles and posts, rarely services */
    if (has_key(s, n, "\"datePublished\"")) w->f[F_date_declared] = 1;
    if (has_key(s, n, "\"author\"")) w->f[F_author_declared] = 1;
    static const char key[] = "\"@type\"";
    size_t klen = sizeof(key) - 1;
    const char *q;
    /* the keys start at quotes: memchr jumps between them */
    for (size_t i = 0; i + klen <= n && (q = memchr(s + i, '"', n - klen + 1 - i)) != NULL; i++) {
        i = (size_t)(q - s);
        if (memcmp(s + i, key, klen) != 0) continue;
        size_t j = i + klen;
        while (j < n && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r' || s[j] == ':')) j++;
        int array = j < n && s[j] == '[';
        do {
            if (array) j++;
            while (j < n && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r')) j++;
            if (j >= n || s[j] != '"') break;
            size_t start = ++j;
            while (j < n && s[j] != '"' && j - start < 64) j++;
            declare_type(w, s + start, j - start);
            if (j < n) j++;
            while (j < n && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r')) j++;
        } while (array && j < n && s[j] == ',');
        i = j > i ? j - 1 : i;
    }
}

/* microdata itemtype="https://schema.org/Product": the last path segment of each listed URL */
static void scan_itemtype(walk *w, const dl_str *v) {
    size_t n = v->len > CLASS_SCAN ? CLASS_SCAN : v->len;
    size_t i = 0;
    while (i < n) {
        while (i < n && v->ptr[i] == ' ') i++;
        size_t start = i;
        while (i < n && v->ptr[i] != ' ') i++;
        size_t end = i, seg = start;
        for (size_t k = start; k < end; k++)
            if (v->ptr[k] == '/') seg = k + 1;
        if (end > seg) declare_type(w, v->ptr + seg, end - seg);
    }
}

/* ---- URL path words ---- */
static const char *const url_forum[] = {"forum", "forums", "thread", "threads", "topic", "topics", "t",
                                        "discussion", "discussions", "community", "questions", "question",
                                        "board", "boards", "viewtopic", "showthread", "comments", "qa", NULL};
static const char *const url_product[] = {"product", "products", "p", "item", "items", "dp", "buy", "sku",
                                          "shop", "store", NULL};
static const char *const url_collection[] = {"collection", "collections", "category", "categories", "c",
                                             "tag", "tags", "brand", "brands", "catalog", "department", NULL};
static const char *const url_listing[] = {"search", "list", "lists", "listing", "listings", "jobs",
                                          "results", "directory", "events", "archive", "page", NULL};
static const char *const url_docs[] = {"docs", "doc", "documentation", "api", "reference", "manual",
                                       "guide", "guides", "wiki", "learn", "tutorial", "tutorials", "help",
                                       "kb", "developer", "developers", "sdk", "library", "latest", NULL};
static const char *const url_service[] = {"services", "service", "pricing", "solutions", "about",
                                          "contact", "features", "plans", "enterprise", "business", "company",
                                          "careers", "support", NULL};
static const char *const url_article[] = {"blog", "blogs", "news", "article", "articles", "post", "posts",
                                          "story", "stories", "opinion", "magazine", NULL};

static word_index url_index; /* the lists above, in the order of words[] in scan_url */

static void scan_url(walk *w, const dl_str *u) {
    const char *s = u->ptr;
    size_t n = u->len > 2048 ? 2048 : u->len, i = 0;
    /* skip scheme://authority; a relative canonical starts at its path */
    for (size_t k = 0; k + 2 < n && k < 16; k++) {
        if (s[k] == ':' && s[k + 1] == '/' && s[k + 2] == '/') {
            i = k + 3;
            while (i < n && s[i] != '/' && s[i] != '?' && s[i] != '#') i++;
            break;
        }
    }
    size_t end = i;
    while (end < n && s[end] != '?' && s[end] != '#') end++;
    w->f[F_url_known] = 1;
    int depth = 0, last_words = 0;
    double words[7] = {0};
    while (i < end) {
        while (i < end && s[i] == '/') i++;
        if (i >= end) break;
        size_t seg = i;
        while (i < end && s[i] != '/') i++;
        depth++;
        size_t seg_end = i, digits = 0, run = 0, longest = 0;
        for (size_t k = seg; k < seg_end; k++) {
            int d = s[k] >= '0' && s[k] <= '9';
            digits += d;
            run = d ? run + 1 : 0;
            if (run > longest) longest = run;
        }
        /* an id: a run of 5+ digits ("/12345-title"), or a segment of digits that is not a year */
        if (longest >= 5 || (digits == seg_end - seg && digits != 4)) w->f[F_url_numeric] = 1;
        if (seg_end - seg == 4 && digits == 4 && (s[seg] == '1' || s[seg] == '2')) words[6] = 1; /* a year */
        if (seg_end - seg > 5 && (contains_ci(s + seg, seg_end - seg, ".html") ||
                                   contains_ci(s + seg, seg_end - seg, ".htm")))
            w->f[F_url_html] = 1;
        /* the segment's words: "product-category" gives "product" and "category"; an article's last
         * segment is usually its headline as a slug, many words long */
        last_words = 0;
        for (size_t k = seg; k < seg_end;) {
            while (k < seg_end && !is_alnum((unsigned char)s[k])) k++;
            size_t ws = k;
            while (k < seg_end && is_alnum((unsigned char)s[k])) k++;
            if (k == ws) continue;
            last_words++;
            /* a one-letter word only counts as a whole segment ("/p/123", "/t/topic") */
            if (k - ws == 1 && seg_end - seg != 1) continue;
            const char *x = s + ws;
            size_t xl = k - ws;
            unsigned hit = lists_holding(&url_index, x, xl);
            for (unsigned g = 0; hit; g++, hit >>= 1)
                if (hit & 1) words[g] = 1;
        }
    }
    w->f[F_url_forum] = words[0];
    w->f[F_url_product] = words[1];
    w->f[F_url_collection] = words[2];
    w->f[F_url_listing] = words[3];
    w->f[F_url_docs] = words[4];
    w->f[F_url_service] = words[5];
    w->f[F_url_article] = words[6];
    w->f[F_url_depth] = depth > 6 ? 6 : depth;
    w->f[F_url_slug_words] = last_words > 12 ? 12 : last_words;
    w->f[F_url_root] = depth == 0;
}

/* ---- class and id words ---- */
static const char *const cls_post[] = {"post", "comment", "reply", "replies", "message", "thread",
                                       "topic", "answer", "forum", NULL};
static const char *const cls_author[] = {"author", "user", "avatar", "member", "profile", "username",
                                         "poster", NULL};
static const char *const cls_vote[] = {"vote", "upvote", "like", "quote", "permalink", "karma", "score",
                                       NULL};
static const char *const cls_product[] = {"price", "cart", "sku", "product", "stock", "rating", "variant",
                                          "checkout", "basket", "quantity", "wishlist", NULL};
static const char *const cls_card[] = {"card", "tile", "grid", "result", "teaser", "listing", "item",
                                       NULL};
static const char *const cls_docs[] = {"toc", "docs", "sidebar", "breadcrumb", "highlight", "syntax",
                                       "api", "admonition", "note", "version", NULL};
static const char *const cls_service[] = {"hero", "pricing", "testimonial", "feature", "cta", "plan",
                                          "benefit", "client", "partner", "faq", NULL};
static const char *const cls_article[] = {"article", "entry", "story", "byline", "headline", "prose",
                                          "body", NULL};

/* Every class word in one table sorted by its first two letters, so that reading a class value costs a
 * lookup per word start and a comparison for the few words starting with its two letters, rather than
 * one per word of every list (dl_page_type_init builds it). Every word has at least two letters. */
#define CLASS_WORDS 96
#define NOT_LETTER 26
typedef struct {
    const char *word; /* lower-case */
    uint8_t len, bit;
} class_word;
static class_word class_words[CLASS_WORDS];
static uint8_t letter_of[256];          /* 0..25 for a letter of either case, else NOT_LETTER */
static uint8_t pair_start[27 * 27 + 1]; /* the words starting with pair p: [pair_start[p], pair_start[p + 1]) */
static int tables_ready;

static unsigned pair_of(unsigned char a, unsigned char b) { return letter_of[a] * 27u + letter_of[b]; }

/* What the walk asks of an HTML element's tag, read by one lookup when it enters and leaves the element
 * (index/tag_props.h): invisible text, a link, a heading, code, a paragraph, page chrome, a list item, a
 * tag that repeats as a group's member, a date, a picture, a tag that makes no group. */
enum {
    K_SKIP = DL_TP_TEXT_SKIP,
    K_LINK = DL_TP_LINK,
    K_HEADING = DL_TP_HEADING,
    K_CODE = DL_TP_CODE,
    K_P = DL_TP_P,
    K_NAV = DL_TP_CHROME,
    K_LI = DL_TP_LIST_ITEM,
    K_REPEATABLE = DL_TP_REPEATABLE,
    K_TIME = DL_TP_TIME,
    K_IMAGE = DL_TP_IMAGE,
    K_NO_GROUP = DL_TP_NO_GROUP,
    /* the kinds the walk counts as it enters and leaves them, and those a group's member notes */
    K_COUNTED = K_SKIP | K_LINK | K_HEADING | K_CODE | K_P | K_NAV | K_LI,
    K_MEMBER_PART = K_HEADING | K_LINK | K_TIME | K_IMAGE,
};

/* The kind bits of an HTML element. */
static unsigned kind_of(const dl_node *el) { return dl_tag_props(el); }

void dl_page_type_init(void) {
    if (tables_ready) return;
    dl_tag_props_init();
    const char *const *ld_lists[] = {ld_article, ld_forum,   ld_product, ld_collection,
                                     ld_listing, ld_docs,    ld_service, ld_breadcrumb};
    index_words(&ld_index, ld_lists, sizeof(ld_lists) / sizeof(ld_lists[0]));
    const char *const *url_lists[] = {url_forum, url_product, url_collection, url_listing,
                                      url_docs,  url_service, url_article};
    index_words(&url_index, url_lists, sizeof(url_lists) / sizeof(url_lists[0]));
    const char *const *lists[] = {cls_post,  cls_author,  cls_vote,    cls_product,
                                  cls_card,  cls_docs,    cls_service, cls_article};
    for (unsigned c = 0; c < 256; c++)
        letter_of[c] = dl_ascii_is_alpha((unsigned char)c) ? (uint8_t)(lower((unsigned char)c) - 'a') : NOT_LETTER;
    /* sorted by pair, in list order within a pair: counted, then placed */
    unsigned at[27 * 27 + 1] = {0};
    for (unsigned g = 0; g < sizeof(lists) / sizeof(lists[0]); g++)
        for (const char *const *wd = lists[g]; *wd; wd++)
            at[pair_of((unsigned char)(*wd)[0], (unsigned char)(*wd)[1]) + 1]++;
    for (unsigned p = 0; p < 27 * 27; p++) at[p + 1] += at[p];
    for (unsigned p = 0; p <= 27 * 27; p++) pair_start[p] = (uint8_t)(at[p] < CLASS_WORDS ? at[p] : CLASS_WORDS);
    for (unsigned g = 0; g < sizeof(lists) / sizeof(lists[0]); g++)
        for (const char *const *wd = lists[g]; *wd; wd++) {
            unsigned p = pair_of((unsigned char)(*wd)[0], (unsigned char)(*wd)[1]);
            if (at[p] < CLASS_WORDS) class_words[at[p]++] = (class_word){*wd, (uint8_t)strlen(*wd), (uint8_t)g};
        }
    tables_ready = 1;
}

static inline unsigned words_at(const char *s, size_t n, size_t i, unsigned hit) {
    if (n - i < 2) return hit;
    unsigned p = pair_of((unsigned char)s[i], (unsigned char)s[i + 1]);
    for (unsigned k = pair_start[p], end = pair_start[p + 1]; k < end; k++) {
        const class_word *cw = &class_words[k];
        if (cw->len > n - i || (hit >> cw->bit & 1)) continue;
        size_t j = 2;
        while (j < cw->len && lower((unsigned char)s[i + j]) == (unsigned char)cw->word[j]) j++;
        if (j == cw->len) hit |= 1u << cw->bit;
    }
    return hit;
}

/* A word starts a class name or follows a separator or a lower-case letter ("post-body",
 * "mainPost"), not inside another word ("signpost"); so only word starts are looked up, one bucket
 * each, and the bytes between them are only stepped over. */
enum { CC_SEP, CC_LOWER, CC_DIGIT, CC_UPPER };
static const uint8_t char_class[256] = {
    ['0'] = CC_DIGIT, ['1'] = CC_DIGIT, ['2'] = CC_DIGIT, ['3'] = CC_DIGIT, ['4'] = CC_DIGIT,
    ['5'] = CC_DIGIT, ['6'] = CC_DIGIT, ['7'] = CC_DIGIT, ['8'] = CC_DIGIT, ['9'] = CC_DIGIT,
    ['a'] = CC_LOWER, ['b'] = CC_LOWER, ['c'] = CC_LOWER, ['d'] = CC_LOWER, ['e'] = CC_LOWER, ['f'] = CC_LOWER,
    ['g'] = CC_LOWER, ['h'] = CC_LOWER, ['i'] = CC_LOWER, ['j'] = CC_LOWER, ['k'] = CC_LOWER, ['l'] = CC_LOWER,
    ['m'] = CC_LOWER, ['n'] = CC_LOWER, ['o'] = CC_LOWER, ['p'] = CC_LOWER, ['q'] = CC_LOWER, ['r'] = CC_LOWER,
    ['s'] = CC_LOWER, ['t'] = CC_LOWER, ['u'] = CC_LOWER, ['v'] = CC_LOWER, ['w'] = CC_LOWER, ['x'] = CC_LOWER,
    ['y'] = CC_LOWER, ['z'] = CC_LOWER,
    ['A'] = CC_UPPER, ['B'] = CC_UPPER, ['C'] = CC_UPPER, ['D'] = CC_UPPER, ['E'] = CC_UPPER, ['F'] = CC_UPPER,
    ['G'] = CC_UPPER, ['H'] = CC_UPPER, ['I'] = CC_UPPER, ['J'] = CC_UPPER, ['K'] = CC_UPPER, ['L'] = CC_UPPER,
    ['M'] = CC_UPPER, ['N'] = CC_UPPER, ['O'] = CC_UPPER, ['P'] = CC_UPPER, ['Q'] = CC_UPPER, ['R'] = CC_UPPER,
    ['S'] = CC_UPPER, ['T'] = CC_UPPER, ['U'] = CC_UPPER, ['V'] = CC_UPPER, ['W'] = CC_UPPER, ['X'] = CC_UPPER,
    ['Y'] = CC_UPPER, ['Z'] = CC_UPPER,
};
/* word_start[class of the byte before][class of the byte]: a letter or digit after a separator (or at
 * the start, whose "byte before" is a separator), or a capital after a lower-case letter */
static const uint8_t word_start[4][4] = {
    [CC_SEP] = {[CC_LOWER] = 1, [CC_DIGIT] = 1, [CC_UPPER] = 1},
    [CC_LOWER] = {[CC_UPPER] = 1},
};

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
/* 0xFF where lo <= x <= hi (unsigned) */
static __m128i byte_range(__m128i x, unsigned char lo, unsigned char hi) {
    __m128i t = _mm_sub_epi8(x, _mm_set1_epi8((char)lo));
    return _mm_cmpeq_epi8(_mm_min_epu8(t, _mm_set1_epi8((char)(hi - lo))), t);
}

/* class_words_in for a value of 16 bytes or more: the word starts of 16 bytes at a time come from
 * three byte-class masks (lower-case, capital, digit), as word_start tells them; the last 16 bytes
 * end the value (their first ones, done, are masked off: each fresh byte's byte before is in them). */
static unsigned class_words_wide(const char *s, size_t n) {
    unsigned hit = 0, carry_alnum = 0, carry_lower = 0; /* of the byte before: none at the start */
    for (size_t i = 0; i < n; i += 16) {
        size_t base = i;
        unsigned fresh = 0xFFFF;
        if (n - i < 16) {
            base = n - 16;
            fresh = (0xFFFFu << (16 - (n - i))) & 0xFFFF;
        }
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + base));
        unsigned lo = (unsigned)_mm_movemask_epi8(byte_range(x, 'a', 'z'));
        unsigned up = (unsigned)_mm_movemask_epi8(byte_range(x, 'A', 'Z'));
        unsigned alnum = lo | up | (unsigned)_mm_movemask_epi8(byte_range(x, '0', '9'));
        unsigned starts = ((alnum & ~(alnum << 1 | carry_alnum)) | (up & (lo << 1 | carry_lower))) & fresh;
        carry_alnum = alnum >> 15;
        carry_lower = lo >> 15;
        for (; starts; starts &= starts - 1) hit = words_at(s, n, base + (unsigned)__builtin_ctz(starts), hit);
    }
    return hit;
}
#endif

static unsigned class_words_in(const char *s, size_t n) {
    if (n > CLASS_SCAN) n = CLASS_SCAN;
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
    if (n >= 16) return class_words_wide(s, n);
#endif
    /* the starts are listed first, without a branch per byte (where a word starts is what a processor
     * cannot predict), then looked up; n is at most CLASS_SCAN */
    uint16_t starts[CLASS_SCAN];
    size_t k = 0;
    unsigned hit = 0, prev = CC_SEP;
    for (size_t i = 0; i < n; i++) {
        unsigned c = char_class[(unsigned char)s[i]];
        starts[k] = (uint16_t)i;
        k += word_start[prev][c];
        prev = c;
    }
    for (size_t j = 0; j < k; j++) hit = words_at(s, n, starts[j], hit);
    return hit;
}

/* The memo's slot of a non-empty class or id value, its words read if it was not there. */
static size_t value_slot(value_memo *m, const dl_str *v) {
    size_t n = v->len > CLASS_SCAN ? CLASS_SCAN : v->len;
    size_t k = dl_word_memo_slot(v->ptr, n);
    /* (the same value is asked for again when a sibling's shape was looked up before its entry) */
    if (m->s[k] && m->len[k] == n && (m->s[k] == v->ptr || memcmp(m->s[k], v->ptr, n) == 0)) return k;
    m->s[k] = v->ptr;
    m->len[k] = (uint32_t)n;
    m->bits[k] = class_words_in(v->ptr, n);
    m->cell[k] = 0;
    return k;
}

/* The class words of an element: its class and id values' (read from the memo). */
static void scan_class(walk *w, unsigned class_words) {
    unsigned hit = class_words;
    static const int feature_of[] = {F_cls_post, F_cls_author,  F_cls_vote,    F_cls_product,
                                     F_cls_card, F_cls_docs,    F_cls_service, F_cls_article};
    /* most values name none of the groups: then nothing is looked at */
    for (unsigned g = 0; hit && g < sizeof(feature_of) / sizeof(feature_of[0]); g++, hit >>= 1)
        if (hit & 1) w->f[feature_of[g]]++;
}

/* ---- repeated same-shaped siblings ---- */
/* An element's shape: its tag and its class value's first SHAPE_SCAN bytes less the digits (digits
 * vary between otherwise identical cards: "item-1", "item-2"). Shapes are compared by a 64-bit hash. */
#define SHAPE_NONE 0x9E3779B97F4A7C15ull /* no class value, or one of digits only (see class_shape) */

/* The class value's part (at slot k of the memo): its bytes less the digits are gathered (16 at a time
 * where none is a digit), then hashed 8 at a time with their count. */
static uint64_t class_shape(value_memo *m, size_t k) {
    if (!(m->bits[k] & V_SHAPE_KNOWN)) {
        const unsigned char *c = (const unsigned char *)m->s[k];
        size_t n = m->len[k] > SHAPE_SCAN ? SHAPE_SCAN : m->len[k], i = 0, kept = 0;
        unsigned char b[SHAPE_SCAN + 8];
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
        for (; i + 16 <= n; i += 16) {
            __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(c + i));
            if (!_mm_movemask_epi8(byte_range(x, '0', '9'))) {
                _mm_storeu_si128((__m128i *)(void *)(b + kept), x);
                kept += 16;
                continue;
            }
            for (size_t j = i; j < i + 16; j++) b[kept] = c[j], kept += (unsigned)(c[j] - '0') > 9;
        }
#endif
        for (; i < n; i++) b[kept] = c[i], kept += (unsigned)(c[i] - '0') > 9;
        memset(b + kept, 0, 8); /* the last word's bytes past the value */
        uint64_t h = SHAPE_NONE ^ kept, v;
        for (size_t j = 0; j < kept; j += 8) {
            memcpy(&v, b + j, 8);
            h = (h ^ v) * 0xFF51AFD7ED558CCDull;
        }
        m->shape[k] = h;
        m->bits[k] |= V_SHAPE_KNOWN;
    }
    return m->shape[k];
}

static uint64_t shape_hash_of(value_memo *m, uint32_t atom, const dl_str *c) {
    uint64_t h = c && c->len ? class_shape(m, value_slot(m, c)) : SHAPE_NONE;
    return (h ^ atom) * 0x9E3779B97F4A7C15ull;
}

/* An element's shape is asked for by its parent's tally and by its own and its siblings' repetition
 * checks: the cache keyed by the node keeps that to about one memo lookup per element. */
static uint64_t shape_of(walk *w, const dl_node *el) {
    shape_cache *sc = &w->shapes;
    size_t h = ((uintptr_t)el >> 4) & (SHAPE_CACHE - 1);
    if (sc->node[h] != el) {
        sc->node[h] = el;
        sc->shape[h] = shape_hash_of(&w->values, el->atom, attr(el, "class"));
    }
    return sc->shape[h];
}

/* The shape of an element being entered, whose class value is at slot cslot of the memo (or none). */
static uint64_t shape_enter(walk *w, const dl_node *el, size_t cslot) {
    shape_cache *sc = &w->shapes;
    size_t h = ((uintptr_t)el >> 4) & (SHAPE_CACHE - 1);
    if (sc->node[h] != el) {
        sc->node[h] = el;
        sc->shape[h] = ((cslot < VALUE_MEMO ? class_shape(&w->values, cslot) : SHAPE_NONE) ^ el->atom) *
                       0x9E3779B97F4A7C15ull;
    }
    return sc->shape[h];
}

/* The shapes of an open element's element children: the largest group of same-shaped siblings is a
 * run of cards, posts, rows or sections. Each child adds its shape to its parent's tally when the walk
 * enters it, and the tally is read when the walk leaves the parent, so no child is read twice. */
static void tally_shape(sibling_tally *t, uint64_t s) {
    int k = 0;
    while (k < t->kinds && t->shapes[k] != s) k++;
    if (k == t->kinds) {
        if (t->kinds == SIBLING_KINDS) return;
        t->shapes[t->kinds] = s;
        t->counts[t->kinds++] = 0;
    }
    t->counts[k]++;
}

/* ---- text ---- */
/* A price: a currency sign next to a digit ("$12", "12,99 €", "£ 5"), or a currency code before or
 * after a number ("USD 12", "12 EUR"). */
static int currency_at(const unsigned char *s, size_t n, size_t i, size_t *len) {
    if (s[i] == '$') return *len = 1, 1;
    if (i + 1 < n && s[i] == 0xC2 && (s[i + 1] == 0xA3 || s[i + 1] == 0xA5)) return *len = 2, 1; /* £ ¥ */
    if (i + 2 < n && s[i] == 0xE2 && s[i + 1] == 0x82 && (s[i + 2] == 0xAC || s[i + 2] == 0xB9))
        return *len = 3, 1; /* € ₹ */
    /* every code is three capitals: most capitals start a word, not a code */
    if (i + 2 < n && dl_ascii_is_upper(s[i + 1]) && dl_ascii_is_upper(s[i + 2]) && (i == 0 || !is_alnum(s[i - 1])) &&
        (i + 3 >= n || !is_alnum(s[i + 3]))) {
        static const char *const codes[] = {"USD", "EUR", "GBP", "CHF", "JPY", "CAD", "AUD", "INR", NULL};
        for (const char *const *c = codes; *c; c++)
            if (memcmp(s + i, *c, 3) == 0) return *len = 3, 1;
    }
    return 0;
}

/* Whether a sentence ends at s[i] ('.', '!' or '?'), or a price starts there; the price test returns how
 * many bytes the currency takes (the scanner steps over them), 0 for none. */
static void sentence_at(walk *w, const unsigned char *s, size_t n, size_t i) {
    if (i + 1 < n && s[i + 1] == ' ' && i > 0 && is_alnum(s[i - 1])) w->sentence_ends++;
}

static size_t price_at(walk *w, const unsigned char *s, size_t n, size_t i) {
    size_t len;
    if (!currency_at(s, n, i, &len)) return 0;
    size_t before = i, after = i + len;
    while (before > 0 && s[before - 1] == ' ' && i - before < 2) before--;
    while (after < n && s[after] == ' ' && after - i - len < 2) after++;
    int digit_before = before > 0 && s[before - 1] >= '0' && s[before - 1] <= '9';
    int digit_after = after < n && s[after] >= '0' && s[after] <= '9';
    if (digit_before || digit_after) {
        w->prices++;
        if (w->in_repeat) w->repeat_prices++;
    }
    return len;
}

/* What scan_bytes does with a byte: most bytes (lower-case letters, digits, most punctuation) are
 * just a character, told by one load; white space, continuation bytes, sentence ends and the bytes a
 * price may start with ('$', 0xC2, 0xE2, capitals) take the longer paths. */
enum { SB_PLAIN, SB_SPACE, SB_CONT, SB_STOP, SB_PRICE };
static const unsigned char byte_kind[256] = {
    [' '] = SB_SPACE, ['\n'] = SB_SPACE, ['\t'] = SB_SPACE, ['\r'] = SB_SPACE, ['\f'] = SB_SPACE,
    ['.'] = SB_STOP, ['!'] = SB_STOP, ['?'] = SB_STOP, ['$'] = SB_PRICE, [0xC2] = SB_PRICE, [0xE2] = SB_PRICE,
#define SB_CONT4(b) [b] = SB_CONT, [b + 1] = SB_CONT, [b + 2] = SB_CONT, [b + 3] = SB_CONT
#define SB_CONT16(b) SB_CONT4(b), SB_CONT4(b + 4), SB_CONT4(b + 8), SB_CONT4(b + 12)
    SB_CONT16(0x80), SB_CONT16(0x90), SB_CONT16(0xA0), SB_CONT16(0xB0),
#undef SB_CONT16
#undef SB_CONT4
#define SB_UP4(b) [b] = SB_PRICE, [b + 1] = SB_PRICE, [b + 2] = SB_PRICE, [b + 3] = SB_PRICE
    SB_UP4('A'), SB_UP4('E'), SB_UP4('I'), SB_UP4('M'), SB_UP4('Q'), SB_UP4('U'), ['Y'] = SB_PRICE, ['Z'] = SB_PRICE,
#undef SB_UP4
};

static uint32_t scan_bytes(walk *w, const unsigned char *s, size_t n) {
    uint32_t chars = 0;
    int space = 1;
    size_t i = 0;
    /* white space before the first character counts nothing (most short texts are only that: the
     * line breaks and indentation between tags) */
    while (i < n && byte_kind[s[i]] == SB_SPACE) i++;
    for (; i < n; i++) {
        unsigned char k = byte_kind[s[i]];
        if (k == SB_PLAIN) {
            space = 0;
            chars++;
            continue;
        }
        if (k == SB_SPACE) {
            if (!space) chars++;
            space = 1;
            continue;
        }
        space = 0;
        if (k == SB_CONT) continue;
        chars++;
        /* only a few bytes can end a sentence or start a currency: the rest cost nothing more */
        if (k == SB_STOP) {
            sentence_at(w, s, n, i);
            continue;
        }
        /* a capital starts a currency code only when two capitals follow (most start a word) */
        if (dl_ascii_is_upper(s[i]) && !(i + 2 < n && dl_ascii_is_upper(s[i + 1]) && dl_ascii_is_upper(s[i + 2])))
            continue;
        size_t len = price_at(w, s, n, i);
        if (len) i += len - 1;
    }
    return chars;
}

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))

static uint64_t sum_bytes(__m128i v) {
    __m128i s = _mm_sad_epu8(v, _mm_setzero_si128());
    return (uint64_t)_mm_cvtsi128_si64(s) + (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(s, s));
}

/* scan_bytes 16 bytes at a time: characters are the bytes that are neither white space nor UTF-8
 * continuation bytes, plus one per white-space byte after a non-space one; the few bytes that may end a
 * sentence or start a price are visited one by one, in order, as scan_bytes visits them (a currency's
 * bytes are stepped over; a currency code's two letters after the first are then not characters). */
static uint32_t scan_bytes_wide(walk *w, const unsigned char *s, size_t n) {
    const __m128i sp = _mm_set1_epi8(' '), tab = _mm_set1_epi8('\t'), vt = _mm_set1_epi8('\v');
    const __m128i four = _mm_set1_epi8(4), top2 = _mm_set1_epi8((char)0xC0);
    const __m128i cont = _mm_set1_epi8((char)0x80), ones = _mm_set1_epi8(1);
    const __m128i dot = _mm_set1_epi8('.'), bang = _mm_set1_epi8('!'), qm = _mm_set1_epi8('?');
    const __m128i dollar = _mm_set1_epi8('$'), no_case = _mm_set1_epi8((char)0xDF), c2 = _mm_set1_epi8((char)0xC2);
    __m128i n_chars = _mm_setzero_si128(), prev_ws = _mm_set1_epi8((char)0xFF); /* the start: "after space" */
    uint64_t chars = 0, codes = 0;
    size_t next = 0; /* bytes before this were stepped over as part of a currency */
    unsigned rounds = 0;
    for (size_t i = 0; i < n; i += 16) {
        __m128i x, fresh = _mm_set1_epi8((char)0xFF);
        unsigned fresh_bits = 0xFFFF;
        size_t base = i;
        if (n - i >= 16) {
            x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        } else { /* the 16 bytes ending the text, of which the first ones were done */
            static const unsigned char tail_mask[32] = {
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
            size_t back = 16 - (n - i);
            base = n - 16;
            x = _mm_loadu_si128((const __m128i *)(const void *)(s + base));
            fresh = _mm_loadu_si128((const __m128i *)(const void *)(tail_mask + 16 - back));
            fresh_bits = (0xFFFFu << back) & 0xFFFF;
            prev_ws = _mm_setzero_si128(); /* the byte before each fresh one is inside x */
        }
        /* white space: ' ', or '\t' to '\r' less '\v' */
        __m128i t = _mm_sub_epi8(x, tab);
        __m128i ws = _mm_or_si128(_mm_cmpeq_epi8(x, sp),
                                  _mm_andnot_si128(_mm_cmpeq_epi8(x, vt), _mm_cmpeq_epi8(_mm_min_epu8(t, four), t)));
        __m128i cb = _mm_cmpeq_epi8(_mm_and_si128(x, top2), cont);
        __m128i after_ws = _mm_or_si128(_mm_slli_si128(ws, 1), _mm_srli_si128(prev_ws, 15));
        prev_ws = ws;
        __m128i lead = _mm_andnot_si128(ws, _mm_andnot_si128(cb, fresh));
        __m128i ends = _mm_and_si128(_mm_andnot_si128(after_ws, ws), fresh); /* space after a non-space */
        n_chars = _mm_add_epi8(n_chars, _mm_and_si128(_mm_or_si128(lead, ends), ones)); /* disjoint */
        /* the bytes a sentence may end at or a currency start at ('.', '!', '?', '$', 0xC2 or 0xE2) */
        __m128i odd = _mm_or_si128(
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, dot), _mm_cmpeq_epi8(x, bang)), _mm_cmpeq_epi8(x, qm)),
            _mm_or_si128(_mm_cmpeq_epi8(x, dollar), _mm_cmpeq_epi8(_mm_and_si128(x, no_case), c2)));
        /* a currency code is three capitals: a capital is visited only when the two bytes after it are
         * capitals too, or lie past these 16 (not looked at here) */
        unsigned caps = (unsigned)_mm_movemask_epi8(byte_range(x, 'A', 'Z'));
        caps &= (caps >> 1 | 0x8000) & (caps >> 2 | 0xC000);
        unsigned m = ((unsigned)_mm_movemask_epi8(odd) | caps) & fresh_bits;
        while (m) {
            size_t at = base + (size_t)__builtin_ctz(m);
            m &= m - 1;
            if (at < next) continue;
            unsigned char c = s[at];
            if (c == '.' || c == '!' || c == '?') {
                sentence_at(w, s, n, at);
                continue;
            }
            size_t len = price_at(w, s, n, at);
            if (len) {
                next = at + len;
                if (c >= 'A' && c <= 'Z') codes++; /* its other two letters were not counted */
            }
        }
        if (++rounds == 255 || i + 16 >= n) {
            chars += sum_bytes(n_chars);
            n_chars = _mm_setzero_si128();
            rounds = 0;
        }
    }
    return (uint32_t)(chars - 2 * codes);
}
#endif

static void scan_text(walk *w, const dl_str *t) {
    const unsigned char *s = (const unsigned char *)t->ptr;
    size_t n = t->len;
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
    uint32_t chars = n >= 16 && n < UINT32_MAX / 2 ? scan_bytes_wide(w, s, n) : scan_bytes(w, s, n);
#else
    uint32_t chars = scan_bytes(w, s, n);
#endif
    if (!chars) return; /* white space only */
    w->chars += chars;
    if (w->in_link) w->link_chars += chars;
    if (w->in_p) w->p_chars += chars;
    if (w->in_code) w->code_chars += chars;
    if (w->in_nav) w->nav_chars += chars;
    if (w->in_repeat) w->repeat_chars += chars;
    if (w->in_li) {
        w->li_chars += chars;
        if (w->in_link) w->li_link_chars += chars;
    }
}

/* ---- the walk ---- */

/* An HTML element with children is entered: its children's shapes are counted from here on. */
static void open_tally(walk *w, const dl_node *el) {
    if (w->ntallies == w->tally_cap) {
        size_t cap = w->tally_cap ? w->tally_cap * 2 : 64;
        sibling_tally *t = cap <= SIZE_MAX / sizeof(*t) ? realloc(w->tallies, cap * sizeof(*t)) : NULL;
        if (!t) {
            w->failed = 1;
            return;
        }
        w->tallies = t;
        w->tally_cap = cap;
    }
    sibling_tally *t = &w->tallies[w->ntallies++];
    t->el = el;
    t->kinds = 0;
}

/* It is left: the groups its children made. */
static void close_tally(walk *w, const dl_node *el) {
    if (!w->ntallies || w->tallies[w->ntallies - 1].el != el) return; /* not opened (out of memory) */
    const sibling_tally *t = &w->tallies[--w->ntallies];
    for (int k = 0; k < t->kinds; k++) {
        if (t->counts[k] > w->repeat_max) w->repeat_max = t->counts[k];
        if (t->counts[k] >= REPEAT_MIN) {
            w->f[F_repeat_groups]++;
            if (dl_is_element(el, DL_TAG_ul) || dl_is_element(el, DL_TAG_ol)) w->f[F_repeat_list_groups]++;
            if (dl_is_element(el, DL_TAG_tbody) || dl_is_element(el, DL_TAG_table)) w->f[F_repeat_rows]++;
        }
    }
}

/* Elements whose parent holds REPEAT_MIN same-shaped siblings: computed on entering, remembered by
 * a mark so leaving undoes it. The mark is the per-parent scan's result for this child's shape. */
static int in_repeated_group(walk *w, const dl_node *el) {
    if (!el->parent || el->parent->type != DL_NODE_ELEMENT) return 0;
    uint64_t s = shape_of(w, el);
    int same = 0;
    /* looking at the REPEAT_MIN - 1 nearest element siblings each way bounds the cost per element */
    const dl_node *c = el->prev;
    for (int k = 0; c && k < REPEAT_MIN - 1 && same < REPEAT_MIN - 1; c = c->prev) {
        if (c->type != DL_NODE_ELEMENT) continue;
        k++;
        if (c->atom == el->atom && shape_of(w, c) == s) same++;
    }
    c = el->next;
    for (int k = 0; c && k < REPEAT_MIN - 1 && same < REPEAT_MIN - 1; c = c->next) {
        if (c->type != DL_NODE_ELEMENT) continue;
        k++;
        if (c->atom == el->atom && shape_of(w, c) == s) same++;
    }
    return same + 1 >= REPEAT_MIN;
}

/* tel: and mailto: links invite a call or a message (service pages); a link styled as a button is a
 * call to action. */
static void enter_link(walk *w, const dl_known_attrs *ka, size_t cslot) {
    const dl_str *href = value_of(ka->href);
    if (href && href->len >= 4 && eq_ci(href->ptr, 4, "tel:")) w->f[F_tel_links]++;
    if (href && href->len >= 7 && eq_ci(href->ptr, 7, "mailto:")) w->f[F_mailto_links]++;
    if (cslot >= VALUE_MEMO) return;
    value_memo *m = &w->values;
    if (!(m->bits[cslot] & V_BUTTON_KNOWN)) {
        const char *c = m->s[cslot];
        size_t n = m->len[cslot]; /* at most CLASS_SCAN */
        m->bits[cslot] |= V_BUTTON_KNOWN;
        if (contains_ci(c, n, "btn") || contains_ci(c, n, "button")) m->bits[cslot] |= V_BUTTON;
    }
    if (m->bits[cslot] & V_BUTTON) w->f[F_button_links]++;
}

/* The walk's per-node steps are inlined into the step functions the page index calls (page_walk.h), one
 * call per node and reader rather than a call per step. */
#if defined(__GNUC__) || defined(__clang__)
#define WALK_STEP __attribute__((always_inline)) static inline
#else
#define WALK_STEP static inline
#endif

/* An HTML element is entered (ka: its attributes the walk reads; cslot: its class value's slot in the
 * memo, VALUE_MEMO for none; class_words: the class words of its class and id values). */
WALK_STEP void enter_element(walk *w, const dl_node *el, const dl_known_attrs *ka, size_t cslot,
                             unsigned class_words) {
    unsigned k = kind_of(el);
    if (!(k & K_NO_GROUP) && w->ntallies && w->tallies[w->ntallies - 1].el == el->parent)
        tally_shape(&w->tallies[w->ntallies - 1], shape_enter(w, el, cslot));
    if (k & K_COUNTED) { /* most elements (div, span) are none of these */
        if (k & K_SKIP) w->invisible++;
        if (k & K_LINK) {
            w->in_link++;
            if (w->heading) w->heading_linked = 1;
            enter_link(w, ka, cslot);
        }
        if ((k & K_HEADING) && !w->heading) w->heading = el, w->heading_linked = w->in_link > 0;
        if (k & K_CODE) w->in_code++;
        if (k & K_P) {
            if (!w->in_p) w->p_chars = 0;
            w->in_p++;
        }
        if (k & K_NAV) w->in_nav++;
        if (k & K_LI) w->in_li++;
    }
    if ((k & K_REPEATABLE) && !w->in_repeat && in_repeated_group(w, el)) {
        w->in_repeat = 1;
        w->member_heading = w->member_link = w->member_time = w->member_image = 0;
        w->member_start = w->chars;
    } else if (w->in_repeat) {
        w->in_repeat++;
    }
    if (w->in_repeat && (k & K_MEMBER_PART)) {
        if (k & K_HEADING) w->member_heading = 1;
        if (k & K_LINK) w->member_link = 1;
        if (k & K_TIME) w->member_time = 1;
        if (k & K_IMAGE) w->member_image = 1;
    }
    if (el->first_child) open_tally(w, el);
    if (!w->invisible && el->u.element.nattrs) scan_class(w, class_words);
    const dl_str *v;
    switch (el->atom) {
    case DL_TAG_h1: w->f[F_h1]++; break;
    case DL_TAG_h2:
    case DL_TAG_h3:
        w->f[el->atom == DL_TAG_h2 ? F_h2 : F_h3]++;
        if (ka->id || (el->first_child && dl_is_element(el->first_child, DL_TAG_a))) w->f[F_anchored_headings]++;
        break;
    case DL_TAG_h4: case DL_TAG_h5: case DL_TAG_h6: w->f[F_h3]++; break;
    case DL_TAG_form: w->f[F_forms]++; break;
    case DL_TAG_input:
        v = value_of(ka->type);
        if (!v || !eq_ci(v->ptr, v->len, "hidden")) w->f[F_inputs]++;
        break;
    case DL_TAG_button: w->f[F_buttons]++; break;
    case DL_TAG_select: w->f[F_selects]++; break;
    case DL_TAG_textarea: w->f[F_textareas]++; break;
    case DL_TAG_pre: w->f[F_pre]++; break;
    case DL_TAG_article: w->f[F_articles]++; break;
    case DL_TAG_time: w->f[F_times]++; break;
    case DL_TAG_nav: w->f[F_navs]++; break;
    case DL_TAG_aside: w->f[F_asides]++; break;
    case DL_TAG_li: w->f[F_items]++; break;
    case DL_TAG_table: w->f[F_tables]++; break;
    case DL_TAG_img:
        if (!w->invisible) w->f[F_images]++;
        if (w->in_link) w->f[F_linked_images]++; /* teaser cards: a picture that is a link */
        break;
    case DL_TAG_section: w->f[F_sections]++; break;
    case DL_TAG_dl: w->f[F_dls]++; break;
    case DL_TAG_blockquote: w->f[F_blockquotes]++; break;
    case DL_TAG_meta:
        v = value_of(ka->property);
        if (!v) v = value_of(ka->name);
        if (v && eq_ci(v->ptr, v->len, "og:type")) {
            const dl_str *c = value_of(ka->content);
            if (c && contains_ci(c->ptr, c->len > 64 ? 64 : c->len, "article")) w->f[F_og_article] = 1;
            else if (c && contains_ci(c->ptr, c->len > 64 ? 64 : c->len, "product")) w->f[F_og_product] = 1;
            else if (c && eq_ci(c->ptr, c->len, "website")) w->f[F_og_website] = 1;
        } else if (v && (eq_ci(v->ptr, v->len, "article:published_time") || eq_ci(v->ptr, v->len, "date") ||
                         eq_ci(v->ptr, v->len, "pubdate") || eq_ci(v->ptr, v->len, "publish-date"))) {
            w->f[F_date_declared] = 1;
        } else if (v && (eq_ci(v->ptr, v->len, "author") || eq_ci(v->ptr, v->len, "article:author"))) {
            w->f[F_author_declared] = 1;
        } else if (v && eq_ci(v->ptr, v->len, "og:url") && w->url_rank > 1) {
            w->url_source = el, w->url_rank = 1;
        }
        break;
    case DL_TAG_link:
        v = value_of(ka->rel);
        if (v && eq_ci(v->ptr, v->len, "canonical") && w->url_rank > 0) w->url_source = el, w->url_rank = 0;
        if (v && eq_ci(v->ptr, v->len, "author")) w->f[F_author_declared] = 1;
        break;
    default: break;
    }
    if (!el->u.element.nattrs) return;
    v = value_of(ka->itemtype);
    if (v) scan_itemtype(w, v);
    v = value_of(ka->itemprop);
    if (v && eq_ci(v->ptr, v->len, "datePublished")) w->f[F_date_declared] = 1;
    if (v && eq_ci(v->ptr, v->len, "author")) w->f[F_author_declared] = 1;
    if (dl_is_element(el, DL_TAG_a) && (v = value_of(ka->rel)) && eq_ci(v->ptr, v->len, "author"))
        w->f[F_author_declared] = 1;
}

WALK_STEP void leave_element(walk *w, const dl_node *el) {
    if (el->first_child) close_tally(w, el);
    unsigned k = kind_of(el);
    if (k & K_COUNTED) {
        if (k & K_SKIP) w->invisible--;
        if (k & K_LINK) w->in_link--;
        if (k & K_CODE) w->in_code--;
        if (k & K_P) {
            if (--w->in_p == 0) {
                w->p_text += w->p_chars;
                w->paragraphs++;
                if (w->p_chars >= LONG_PARAGRAPH) w->f[F_long_paragraphs]++, w->long_p_chars += w->p_chars;
                if (w->p_chars > w->f[F_max_paragraph]) w->f[F_max_paragraph] = w->p_chars;
            }
        }
        if (k & K_NAV) w->in_nav--;
        if (k & K_LI) w->in_li--;
    }
    if (el == w->heading) {
        /* a heading that is a link titles a teaser of another page (listings, collections) */
        if (w->heading_linked) w->f[F_linked_headings]++;
        w->heading = NULL;
    }
    if (w->in_repeat && --w->in_repeat == 0) {
        /* a repeated block with a heading and a link is a teaser of another page (listings,
         * collections); one with a date is a dated entry (news lists, threads); one with a picture a
         * card (products) */
        w->members++;
        w->member_chars += w->chars - w->member_start;
        if (w->member_heading && w->member_link) w->f[F_teasers]++;
        if (w->member_time) w->f[F_dated_items]++;
        if (w->member_image) w->f[F_pictured_items]++;
    }
}

WALK_STEP void visit_text(walk *w, const dl_node *t) {
    const dl_node *p = t->parent;
    if (dl_is_element(p, DL_TAG_script)) {
        const dl_str *type = attr(p, "type");
        if (type && contains_ci(type->ptr, type->len > 64 ? 64 : type->len, "ld+json"))
            scan_jsonld(w, t->u.text.ptr, t->u.text.len);
        return;
    }
    if (!w->invisible) scan_text(w, &t->u.text);
}

/* The companion's cell of the value a at slot k of the memo: none for a value longer than the memo's key
 * (CLASS_SCAN bytes), which another value may share. */
static uint32_t *companion_cell(value_memo *m, size_t k, const dl_attr *a) {
    return k < VALUE_MEMO && a->value.len <= CLASS_SCAN ? &m->cell[k] : NULL;
}

static double log_count(double x) { return log1p(x); }

/* ---- the page type's part of the page index's walk (index/index.c drives it) ---- */

dl_page_walk *dl_page_walk_new(void) {
    walk *w = malloc(sizeof(*w));
    if (w) walk_init(w);
    return w;
}

void dl_page_walk_free(dl_page_walk *w) {
    if (!w) return;
    free(w->tallies);
    free(w);
}

/* The id and class values are looked up in the memo once, for the walk and its companions; the id
 * first, its words read at once, so that a class taking its slot costs nothing (the class's slot is
 * read on: the siblings' shapes in_repeated_group looks up may take it, so its words are read now too).
 * The companions read their cells before dl_page_walk_enter looks up any sibling. */
void dl_page_walk_lookup(dl_page_walk *w, const dl_known_attrs *ka, dl_page_element *pe, dl_page_entry *entry) {
    size_t islot = ka->id && ka->id->value.len ? value_slot(&w->values, &ka->id->value) : VALUE_MEMO;
    unsigned class_words = islot < VALUE_MEMO ? w->values.bits[islot] & V_WORDS : 0;
    size_t cslot = ka->class_ && ka->class_->value.len ? value_slot(&w->values, &ka->class_->value) : VALUE_MEMO;
    if (cslot < VALUE_MEMO) class_words |= w->values.bits[cslot] & V_WORDS;
    pe->attrs = ka;
    pe->class_cell = companion_cell(&w->values, cslot, ka->class_);
    pe->id_cell = islot != cslot ? companion_cell(&w->values, islot, ka->id) : NULL;
    entry->class_slot = cslot;
    entry->class_words = class_words;
}

void dl_page_walk_enter(dl_page_walk *w, const dl_node *el, const dl_known_attrs *ka, const dl_page_entry *entry) {
    enter_element(w, el, ka, entry->class_slot, entry->class_words);
}

void dl_page_walk_leave(dl_page_walk *w, const dl_node *el) { leave_element(w, el); }

/* Foreign content (SVG, MathML): its text is not the page's prose. */
void dl_page_walk_foreign_enter(dl_page_walk *w) { w->invisible++; }
void dl_page_walk_foreign_leave(dl_page_walk *w) { w->invisible--; }

void dl_page_walk_text(dl_page_walk *w, const dl_node *t) { visit_text(w, t); }

int dl_page_walk_finish(dl_page_walk *w, double *out) {
    if (w->failed) return -1;
    if (w->url_source) {
        const dl_str *u = attr(w->url_source, w->url_rank == 0 ? "href" : "content");
        if (u && u->len) scan_url(w, u);
    }
    w->f[F_repeat_max] = w->repeat_max;
    double chars = w->chars > 0 ? w->chars : 1;
    w->f[F_log_chars] = log_count(w->chars);
    w->f[F_link_density] = w->link_chars / chars;
    w->f[F_prose_share] = w->p_text / chars;
    w->f[F_code_share] = w->code_chars / chars;
    w->f[F_nav_share] = w->nav_chars / chars;
    w->f[F_repeat_share] = w->repeat_chars / chars;
    w->f[F_li_share] = w->li_chars / chars;
    w->f[F_li_link_share] = w->li_chars > 0 ? w->li_link_chars / w->li_chars : 0;
    w->f[F_prices] = log_count(w->prices);
    w->f[F_repeat_price_share] = w->prices > 0 ? w->repeat_prices / w->prices : 0;
    w->f[F_long_prose_share] = w->long_p_chars / chars;
    w->f[F_repeat_members] = log_count(w->members);
    w->f[F_member_chars] = w->members > 0 ? log_count(w->member_chars / w->members) : 0;
    w->f[F_mean_paragraph] = w->paragraphs > 0 ? log_count(w->p_text / w->paragraphs) : 0;
    w->f[F_price_density] = 1000.0 * w->prices / chars;
    if (w->f[F_price_density] > 10) w->f[F_price_density] = 10;
    w->f[F_sentence_density] = 100.0 * w->sentence_ends / chars;
    w->f[F_image_density] = 1000.0 * w->f[F_images] / chars;
    if (w->f[F_image_density] > 10) w->f[F_image_density] = 10;
    w->f[F_heading_density] = 1000.0 * (w->f[F_h2] + w->f[F_h3]) / chars;
    if (w->f[F_heading_density] > 10) w->f[F_heading_density] = 10;
    static const int counted[] = {
        F_h1, F_h2, F_h3, F_anchored_headings, F_forms, F_inputs, F_buttons, F_selects, F_textareas, F_pre,
        F_articles, F_times, F_navs, F_asides, F_items, F_tables, F_images, F_sections, F_dls,
        F_blockquotes, F_long_paragraphs, F_cls_post, F_cls_author, F_cls_vote, F_cls_product, F_cls_card,
        F_cls_docs, F_cls_service, F_cls_article, F_repeat_max, F_repeat_groups, F_repeat_list_groups,
        F_repeat_rows, F_linked_headings, F_linked_images, F_max_paragraph, F_tel_links, F_mailto_links,
        F_button_links, F_teasers, F_dated_items, F_pictured_items,
    };
    for (size_t k = 0; k < sizeof(counted) / sizeof(counted[0]); k++) w->f[counted[k]] = log_count(w->f[counted[k]]);
    memcpy(out, w->f, sizeof(w->f));
    return 0;
}

