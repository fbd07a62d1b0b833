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
 * (cleaned) reference as it is. */
void dl_url_resolve(const char *base, size_t blen, const char *ref, size_t rlen, dl_htmlbuf *out);

/* Append `s` with the browser's cleaning applied (see above). */
void dl_url_clean(const char *s, size_t n, dl_htmlbuf *out);

/* Length of the scheme of a cleaned URL (the part before ':'), or 0 when it has none. */
size_t dl_url_scheme_len(const char *s, size_t n);

/* Whether a link target is worth writing out: not empty, not only a fragment, not a script or data
 * URL (schemes compared after the browser's cleaning, case-insensitively). */
int dl_url_is_followable(const char *s, size_t n);

#endif
