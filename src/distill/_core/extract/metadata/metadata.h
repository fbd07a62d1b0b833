/* Page metadata: what the extract/metadata/ folder offers (its map is in DEVELOPING.md).
 *
 * One harvest, in one pass over the tree (article.c's dl_article_harvest calls dl_meta_visit on every
 * element it enters and dl_meta_leave when it leaves one; harvest.c). The harvest keeps two things:
 *
 * - the design's fields in the design's order of precedence (seeds/000: the title from the first
 *   <h1>, then og:title, then <title>; the byline from a rel="author" link or an author meta; the date
 *   from a <time>, article:published_time or a common date meta; description, lang, and the canonical
 *   URL, site name, image and tags): dl_meta.design. Anything that asks for the design's metadata
 *   reads it there, and article() falls back on it;
 * - every other source article() weighs, kept apart: the declared titles (og:title, <title>, JSON-LD
 *   headline, dc:title, parsely-title, twitter:title, itemprop headline), the site names, the declared
 *   authors (JSON-LD author names, author metas), the declared dates (JSON-LD, OpenGraph/article
 *   metas, microdata, <time>), the page URL, and the elements a reader sees them in (<h1>s, byline and
 *   date elements), each list bounded.
 *
 * dl_meta_resolve (resolve.c) then decides article()'s fields, each in its own file with its rules and
 * their reasons: the title (title.c) is the <h1> that agrees with the declared titles, else the
 * best-supported declared title without the site name (site.c); the byline (byline.c) the declared
 * author, else the visible byline near the headline; the date (date_rules.c) the declared publication
 * date, else a <time>, the URL's date, or a date written near the headline (date.h reads them);
 * date_modified apart. The words the rules look for are in words.h. Pure C, bounded, no recursion.
 */
#ifndef DL_EXTRACT_METADATA_METADATA_H
#define DL_EXTRACT_METADATA_METADATA_H

#include <stddef.h>
#include <stdint.h>

#include "common/word_memo.h"
#include "extract/metadata/date.h"
#include "extract/extract.h"

/* Declared sources article() reads, each keeping its first non-empty value. */
typedef enum {
    DL_SRC_TITLE_TAG = 0,
    DL_SRC_OG_TITLE,
    DL_SRC_LD_HEADLINE,
    DL_SRC_TWITTER_TITLE,
    DL_SRC_DC_TITLE,
    DL_SRC_PARSELY_TITLE,
    DL_SRC_ITEMPROP_HEADLINE,
    DL_SRC_OG_SITE_NAME,
    DL_SRC_APPLICATION_NAME,
    DL_SRC_LD_PUBLISHER,
    DL_SRC_LD_WEBSITE,      /* the name of a JSON-LD WebSite object */
    DL_SRC_LD_AUTHOR,       /* every JSON-LD author name of the first object that has any, ", "-joined */
    DL_SRC_META_AUTHOR,     /* <meta name=author> */
    DL_SRC_ARTICLE_AUTHOR,  /* article:author, when a name and not a URL */
    DL_SRC_PARSELY_AUTHOR,
    DL_SRC_DC_CREATOR,
    DL_SRC_OTHER_AUTHOR,    /* sailthru.author, byl, citation_author */
    DL_SRC_TWITTER_DATA1,   /* twitter:data1: the author when twitter:label1 says "Written by" */
    DL_SRC_ITEMPROP_AUTHOR, /* microdata: the name an itemprop=author item declares in a content attribute */
    DL_SRC_ITEMPROP_AUTHOR_TEXT, /* microdata: the name the first author item of a posting or an article shows */
    DL_SRC_OG_URL,
    DL_SRC__COUNT
} dl_meta_source;

/* Declared dates, each keeping its first plausible value. */
typedef enum {
    DL_DATE_LD_PUBLISHED = 0, /* JSON-LD datePublished */
    DL_DATE_ARTICLE_PUBLISHED, /* article:published_time and its OpenGraph kin */
    DL_DATE_ITEMPROP_PUBLISHED, /* microdata datePublished (a <meta>, a <time> or any element) */
    DL_DATE_META,              /* the common date metas (pubdate, dc.date.issued, parsely-pub-date ...) */
    DL_DATE_LD_CREATED,        /* JSON-LD dateCreated */
    DL_DATE_META_OTHER,        /* any other meta whose name says "publish" (w-published-date ...) */
    DL_DATE_TIME_PUBDATE,      /* a <time pubdate> or a <time> whose class says published */
    DL_DATE_TIME,              /* the first <time> with a readable datetime (or text) */
    DL_DATE_LD_MODIFIED,       /* JSON-LD dateModified */
    DL_DATE_ARTICLE_MODIFIED,  /* article:modified_time, og:updated_time, last-modified metas */
    DL_DATE_ITEMPROP_MODIFIED,
    DL_DATE__COUNT
} dl_meta_date_source;

/* Elements kept at most, per kind: enough for the headline area of any page. */
#define DL_META_H1_MAX 8
#define DL_META_H2_MAX 8
#define DL_META_NODES_MAX 24
/* Dates with a time of day kept from every source (date_rules.c: local_form reads them) */
#define DL_META_TIMED_MAX 16

typedef struct {
    const dl_node *node;
    uint32_t order; /* ordinal of the element in the walk: document order */
    uint8_t by_word; /* bylines: 1 the element's text starts with "By" (harvest.c: by_word), 2 a link to
                      * an author's page and nothing else marks it (harvest.c: author_page_link) */
} dl_meta_node;

struct dl_meta {
    dl_metadata design; /* the design's fields, in the design's order */
    /* the design harvest's walk state: an empty <h1>, <time> or rel=author link being crossed; its
     * descendants of the same kind are empty too and are not tried again (linear on nested input) */
    const dl_node *empty_h1, *empty_time, *empty_author;
    int seen_html;
    const dl_node *html; /* the <html> element: the whole page, for the last resort's scan of its text */

    dl_buf src[DL_SRC__COUNT];
    uint8_t src_names[DL_SRC__COUNT]; /* names declared.c's add_src_name joined into a source */
    dl_date dates[DL_DATE__COUNT];
    uint8_t date_set[DL_DATE__COUNT];
    dl_meta_node h1[DL_META_H1_MAX];
    size_t nh1;
    /* the first <h2>s: a page without an <h1> titles its post with one (the date under it is the post's) */
    dl_meta_node h2[DL_META_H2_MAX];
    size_t nh2;
    dl_meta_node bylines[DL_META_NODES_MAX]; /* rel=author links, byline/author classes, itemprop=author */
    size_t nbylines;
    dl_meta_node datelines[DL_META_NODES_MAX]; /* elements whose class/id/itemprop says date or time */
    size_t ndatelines;
    dl_meta_node times[DL_META_NODES_MAX]; /* the first <time> elements (the one near the headline) */
    size_t ntimes;
    dl_date timed[DL_META_TIMED_MAX]; /* every declared date written with a time, in document order */
    size_t ntimed;
    uint32_t order;       /* elements visited so far */
    int twitter_label_author; /* twitter:label1 is "Written by" (or "Author") */
    int day_first;        /* 1 when <html lang> names a language that writes the day first, 2 month first */
    int order_guessed;    /* day_first is English's usual month first, which the page's <time>s may overrule */
    int nomem;
    /* the page's type (page_type.h's dl_page_type) plus one, set by article() before dl_meta_resolve
     * (dl_meta_set_page_type); 0 when unknown, as for the design's callers */
    int page_type;
    dl_word_memo hint_memo; /* the byline and date-line hints of the class, id and itemprop values met */
    /* the page's text as the last-resort date rules read it (page_dates.c's page_text), and the lines a
     * reader sees under the headline (date_rules.c's shown_text: the text after shown_of), each built by the first of
     * the date rules that asks and kept for the others: `page` points at page_store (dl_meta_init), so
     * that the rules, which read the harvest through a const pointer, can fill it */
    struct dl_meta_page {
        dl_buf text;
        int ready;
        dl_buf shown;
        const dl_node *shown_of;
    } page_store, *page;
};

void dl_meta_init(dl_meta *m);
void dl_meta_free(dl_meta *m);
/* dl_meta_visit and dl_meta_leave, the walk's hooks, are declared in extract.h. */

/* The page's type (a dl_page_type), when the caller knows it: the title rules read it. */
void dl_meta_set_page_type(dl_meta *m, int type);

/* article()'s metadata from the harvest, into out (initialised here; dl_metadata_free it). body is the
 * article text's container (may be NULL). It may settle m's numeric date order (a page in English at
 * large that writes its dates day first). Returns 0 or -1 on out of memory. */
int dl_meta_resolve(dl_meta *m, const dl_node *body, dl_metadata *out);

void dl_metadata_init(dl_metadata *md);
void dl_metadata_free(dl_metadata *md);

/* The title without the site name: when title has a " | ", " :: ", " - ", " – ", " — ", " · ", " • "
 * or " » " separator, the part that is not the site name (site given: the end part equal to it is
 * cut; no site: the shorter end part is); a breadcrumb trail of " / " ("Thread / Board / Site") keeps
 * its first part. Writes the kept slice to start and out_len; returns 1 when something was cut. */
int dl_title_without_site(const char *title, size_t len, const char *site, size_t site_len, size_t *start,
                          size_t *out_len);

#endif
