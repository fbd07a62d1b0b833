/* The site's name: which declared name is the site's (meta_site_name), where a title ("Headline | Site",
 * "Site - Headline", "Thread / Board / Site") carries it and what is left without it
 * (dl_title_without_site), cut at the separators publishers put between the two (words.h). Apart from
 * the title's rules: the binding offers dl_title_without_site alone, and the byline rules cut at the
 * same separators (meta_find_sep).
 */
#include "extract/metadata/internal.h"

#include "extract/metadata/words.h"

/* Separators between the headline and the site name, surest first (words.h). */
static const char *const title_seps[] = {DL_MW_TITLE_SEPARATORS};

/* The first (last: the last) place the separator sep stands in s[0..n), or NULL. */
const char *meta_find_sep(const char *s, size_t n, const char *sep, int last) {
    size_t sl = strlen(sep);
    const char *found = NULL;
    if (sl > n) return NULL;
    /* only where the separator's first byte is: memchr finds those, memcmp checks the rest */
    for (const char *p = s, *stop = s + (n - sl) + 1; p < stop && (p = memchr(p, sep[0], (size_t)(stop - p))); p++)
        if (memcmp(p, sep, sl) == 0) {
            found = p;
            if (!last) return found;
        }
    return found;
}

/* The site's name joined to the headline's end by a separator with no spaces around it: CJK titles are
 * written without spaces ("...「Treeviz」:phpspot開発日誌"), so are some templates ("Headline|Site"). Only
 * a known site name at the very end is cut, so a colon inside a headline ("Re:Zero") stays. Writes the
 * headline's length to out_len; returns 1 when something was cut. */
static int unspaced_site(const char *title, size_t len, const char *site, size_t site_len, size_t *out_len) {
    while (site_len && dl_ascii_is_space((unsigned char)site[site_len - 1])) site_len--;
    size_t end = len;
    while (end && dl_ascii_is_space((unsigned char)title[end - 1])) end--;
    if (!site_len || site_len >= end || !meta_same_ci(title + end - site_len, site_len, site, site_len)) return 0;
    size_t at = end - site_len;
    while (at && dl_ascii_is_space((unsigned char)title[at - 1])) at--;
    const unsigned char *u = (const unsigned char *)title;
    size_t sep = 0;
    if (at >= 1 && (u[at - 1] == ':' || u[at - 1] == '|' || u[at - 1] == '-' || u[at - 1] == '/' || u[at - 1] == '~'))
        sep = 1;
    else if (at >= 2 && u[at - 2] == 0xC2 && (u[at - 1] == 0xB7 || u[at - 1] == 0xBB)) /* middle dot, guillemet */
        sep = 2;
    else if (at >= 3 && u[at - 3] == 0xE2 && u[at - 2] == 0x80 && (u[at - 1] == 0x93 || u[at - 1] == 0x94 || u[at - 1] == 0xA2))
        sep = 3; /* en dash, em dash, bullet */
    else if (at >= 3 && u[at - 3] == 0xEF && ((u[at - 2] == 0xBD && u[at - 1] == 0x9C) || (u[at - 2] == 0xBC && u[at - 1] == 0x9A)))
        sep = 3; /* full-width bar and colon */
    if (!sep) return 0;
    at -= sep;
    while (at && dl_ascii_is_space((unsigned char)title[at - 1])) at--;
    if (!at) return 0;
    *out_len = at;
    return 1;
}

int dl_title_without_site(const char *title, size_t len, const char *site, size_t site_len, size_t *start,
                          size_t *out_len) {
    *start = 0;
    *out_len = len;
    for (size_t k = 0; k < sizeof(title_seps) / sizeof(title_seps[0]); k++) {
        const char *sep = title_seps[k];
        size_t sl = strlen(sep);
        const char *first = meta_find_sep(title, len, sep, 0);
        if (!first) continue;
        const char *last = meta_find_sep(title, len, sep, 1);
        /* "Headline | Site": the part after the last separator; "Site | Headline": before the first */
        size_t tail_at = (size_t)(last - title) + sl, head_len = (size_t)(first - title);
        const char *tail = title + tail_at;
        size_t tail_len = len - tail_at;
        /* " / " joins a breadcrumb trail ("Thread / Board / Site", a forum's <title>): the first part is
         * the page's, whatever the others are. Written once it is as often a headline's own ("Pale Blue
         * Dot / Lift Off", "spüren / empfinden", "2026 / 2027"), and left there */
        if (sep[0] == ' ' && sep[1] == '/' && sep[2] == ' ') {
            if (first == last || !head_len) continue;
            *out_len = head_len;
            return 1;
        }
        if (site && site_len) {
            if (meta_same_ci(tail, tail_len, site, site_len)) {
                *out_len = (size_t)(last - title);
                return 1;
            }
            if (meta_same_ci(title, head_len, site, site_len)) {
                *start = head_len + sl;
                *out_len = len - *start;
                return 1;
            }
            /* the site's name as declared is not at either end ("Liberty University Online" over a
             * title ending "| Liberty University"): behind a bar the last part is still the site's;
             * a dash or a guillemet as often joins two parts of one headline */
            if (k >= 3) continue;
        }
        /* no site name known: the site is the last part ("Headline | Site" is the convention: the
         * first part is far more often the title than the last, even when it is the shorter: "Dental
         * Care | ONE Health Ohio") */
        *out_len = (size_t)(last - title);
        return 1;
    }
    if (site && site_len && site_len < len) return unspaced_site(title, len, site, site_len, out_len);
    return 0;
}

/* The site's name: og:site_name, else application-name, else the JSON-LD publisher, else the name of the
 * JSON-LD WebSite (a home or service page declares no article and so no publisher; the site name it
 * declares is what tells "Site - Headline" from "Headline - Site" in its <title>). An empty buffer when
 * the page declares none. */
const dl_buf *meta_site_name(const dl_meta *m) {
    const dl_buf *site = &m->src[DL_SRC_OG_SITE_NAME];
    if (!site->len) site = &m->src[DL_SRC_APPLICATION_NAME];
    if (!site->len) site = &m->src[DL_SRC_LD_PUBLISHER];
    if (!site->len) site = &m->src[DL_SRC_LD_WEBSITE];
    return site;
}
