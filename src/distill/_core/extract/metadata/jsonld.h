/* A small JSON-LD reader: what extract/metadata/jsonld.c offers.
 *
 * Structured data (<script type="application/ld+json">) is JSON; metadata needs only its string values
 * with the key that holds each, the key of the object or array around it, and the object's @type.
 * dl_jsonld_walk reports exactly that, in document order, without building a tree: one pass, an
 * explicit stack bounded at DL_JSONLD_DEPTH levels (deeper structure is skipped, never recursed
 * into), so any bytes are safe and the cost is linear. dl_jsonld_find answers "the first `key` of an
 * object whose @type is `type`" (a Product's description, an Article's headline) whatever order the
 * object's keys come in.
 * Pure C, no allocation in the walk; values are handed out raw (still JSON-escaped):
 * dl_jsonld_unescape appends one decoded and white-space folded to a dl_buf.
 */
#ifndef DL_EXTRACT_METADATA_JSONLD_H
#define DL_EXTRACT_METADATA_JSONLD_H

#include <stddef.h>

#include "extract/extract.h"

#define DL_JSONLD_DEPTH 32

typedef struct {
    const char *key;        /* the key holding the value ("" in a top-level array); raw */
    size_t key_len;
    const char *parent_key; /* the key holding the enclosing object or array ("" at the top) */
    size_t parent_key_len;
    const char *type;       /* @type of the enclosing object when it came before the value, else NULL */
    size_t type_len;
    const char *value;      /* the string value, raw (JSON escapes kept), without its quotes */
    size_t value_len;
    unsigned object;        /* ordinal of the enclosing object in document order (1 for the first) */
    int depth;              /* nesting depth of the enclosing object (1 for a top-level object) */
} dl_jsonld_value;

/* Called for every string value (numbers, booleans and null are passed over); return non-zero to stop. */
typedef int (*dl_jsonld_fn)(void *user, const dl_jsonld_value *v);

/* Walk json[0..len). Returns 1 when it stopped at the callback's request, else 0 (malformed input
 * simply ends the walk). */
int dl_jsonld_walk(const char *json, size_t len, dl_jsonld_fn fn, void *user);

/* Append the first string value of `key` in an object whose @type is `type` (or has it among an
 * @type array's entries), decoded and folded, to out. Returns 1 when found, 0 when not, -1 on out of
 * memory. */
int dl_jsonld_find(const char *json, size_t len, const char *type, const char *key, dl_buf *out);

/* Append the raw JSON string body s[0..n) decoded (\uXXXX and surrogate pairs included) and white-space
 * folded to out. Returns 0, or -1 on out of memory. */
int dl_jsonld_unescape(const char *s, size_t n, dl_buf *out);

/* Whether the raw key k[0..n) equals the ASCII word w. */
int dl_jsonld_key_is(const char *k, size_t n, const char *w);

#endif
