/* Metadata that agrees with the article (issue 5): sources the design's harvest does not read.
 *
 * - the title heading: an <h1> inside the article body, else the last <h1> just before it (in the
 *   body's nearest ancestors), so a logo <h1> in the page banner loses to the headline;
 * - JSON-LD (<script type="application/ld+json">): headline, author (a name string, an object's name, or
 *   the first of a list) and datePublished, the structured data publishers write for search engines;
 * - og:title, <title>, og:site_name and article:published_time, each kept apart;
 * - the <title> minus the site name ("Headline | Site", "Site - Headline");
 * - dates normalised to ISO 8601 where they can be parsed (ISO forms, numeric day/month/year forms
 *   that are not ambiguous, English month names), kept as written otherwise.
 * Pure C over the arena, no recursion (JSON nesting is tracked with a bounded explicit stack).
 */
#ifndef DL_EXTRACT_META_PLUS_H
#define DL_EXTRACT_META_PLUS_H

#include <stddef.h>

#include "tree/dom.h"

typedef struct {
    char *h1;        /* folded text of the title heading in or just before body; NULL when none */
    char *headline;  /* JSON-LD headline (folded); NULL when none */
    char *author;    /* JSON-LD author name (folded); NULL when none */
    char *published; /* JSON-LD datePublished as written (folded); NULL when none */
    /* Declared sources read again here because the design's harvest keeps only the winner of each
     * field, and the precedence of issue 5 needs them apart: */
    char *og_title;       /* <meta property="og:title"> */
    char *title_tag;      /* the first <title> outside SVG */
    char *site_name;      /* og:site_name, else application-name */
    char *published_time; /* article:published_time */
    int nomem;
} dl_meta_plus;

/* Harvest the sources above from the subtree at root; body is the article body (may be NULL: no title
 * heading then). Returns 0, or -1 on out of memory. Always dl_meta_plus_free(out) afterwards. */
int dl_meta_plus_harvest(const dl_node *root, const dl_node *body, dl_meta_plus *out);
void dl_meta_plus_free(dl_meta_plus *m);

/* The ISO 8601 form of a date as written ("2019-11-18", "2019-11-18T07:45:00Z",
 * "2019-11-18T07:45:00+01:00"), into out (at least 32 bytes). Returns its length, or 0 when s is not a
 * date this can read unambiguously. */
size_t dl_date_iso8601(const char *s, size_t len, char *out);

/* The title without the site name: when title has a " | ", " :: ", " - ", " – ", " — ", " · " or " » "
 * separator, the part that is not the site name (site given: the end part equal to it is cut; no site:
 * the shorter end part is). Writes the kept slice to start and out_len; returns 1 when something was
 * cut. */
int dl_title_without_site(const char *title, size_t len, const char *site, size_t site_len, size_t *start,
                          size_t *out_len);

#endif
