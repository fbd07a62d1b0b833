/* Reference resolution (RFC 3986 section 5) for the exporters: links and images in Markdown and
 * plain text are written absolute when a base URL is known.
 *
 * Deliberately small: it resolves the way RFC 3986 says, after the cleaning every browser does first
 * (leading and trailing C0 controls and spaces dropped, tabs and newlines removed anywhere). It does not
 * normalise hosts, percent-encoding or backslashes the way the WHATWG URL parser does for http(s).
 */
#ifndef DL_SERIALIZE_URL_H
#define DL_SERIALIZE_URL_H

#include <stddef.h>

#include "serialize/serialize.h"

/* Append `ref` resolved against `base` to out. A NULL/empty base, or one without a scheme, leaves the
 * (cleaned) reference as it is. Costs O(blen + rlen): the renderers resolve through
 * dl_url_resolve_bounded, which passes only the part of the base a reference takes. */
void dl_url_resolve(const char *base, size_t blen, const char *ref, size_t rlen, dl_htmlbuf *out);

/* The effective base URL of a document: its first <base href> resolved against `url` (may be NULL),
 * else `url`, cleaned. Appends to out (nothing when neither is known). */
void dl_document_base_url(const dl_document *doc, const char *url, size_t url_len, dl_htmlbuf *out);

/* Resolution with its output bounded by the page.
 *
 * Resolving writes the part of the base a reference takes (its scheme, authority, directory or query)
 * in front of the reference, once per link or image: a long <base href> times many short links was
 * quadratic (0.32 MB of page gave 800 MB of Markdown). So a reference takes its part of the base
 * freely while that part is at most the reference's own (cleaned) length plus DL_URL_FREE_BASE bytes,
 * and a longer part is paid, byte for byte beyond that, from the rendering's allowance (`budget`,
 * which the renderers set to twice the page's size: dl_url_budget). A reference the allowance cannot
 * pay is written as it is, relative. What resolution writes in one rendering is thus at most twice
 * each reference plus DL_URL_FREE_BASE + 4 bytes per reference, plus twice the page, and its work is
 * linear in the same.
 *
 * 64 bytes: a scheme and host ("https://www.example.com" is 23) and a short directory pass freely for
 * the shortest references; page URLs of the development corpora have paths of 72 bytes at the median
 * and 165 at the 99th percentile, which their references (most longer than one byte) pay from an
 * allowance they never exhaust. */
#define DL_URL_FREE_BASE 64

typedef struct {
    const char *p;    /* the cleaned base (see dl_document_base_url), or NULL */
    size_t len;
    /* Where its parts end: after the scheme's ':' (0: no scheme, nothing to resolve against), the
     * authority ("//host"), the directory (after the path's last '/'), the path and the query. */
    size_t scheme_end, auth_end, dir_end, path_end, query_end;
    size_t budget;    /* bytes of base still payable beyond the free part */
} dl_url_base;

/* Split a cleaned base once for many references; budget: see above. O(len). */
void dl_url_base_init(dl_url_base *b, const char *cleaned, size_t len, size_t budget);
/* The allowance a rendering of `doc` gives resolution: twice its source's size (0 without a document). */
size_t dl_url_budget(const dl_document *doc);
/* Append `ref` resolved against b (as dl_url_resolve does) when the part of the base it takes passes
 * the rule above; else `ref` cleaned, as it is. Returns 1 when resolved against the base, else 0. */
int dl_url_resolve_bounded(dl_url_base *b, const char *ref, size_t rlen, dl_htmlbuf *out);

/* Append `s` with the browser's cleaning applied (see above). */
void dl_url_clean(const char *s, size_t n, dl_htmlbuf *out);

/* Length of the scheme of a cleaned URL (the part before ':'), or 0 when it has none. */
size_t dl_url_scheme_len(const char *s, size_t n);

/* Whether a link target is worth writing out: not empty, not only a fragment, not a script or data
 * URL (schemes compared after the browser's cleaning, case-insensitively). */
int dl_url_is_followable(const char *s, size_t n);

#endif
