/* How many times a renderer has written each of a page's shared pieces, and what it may write again.
 *
 * Some pieces of a page stand behind many elements: the tree builder's copies of a reopened formatting
 * element share their original's attribute array (tree/dom.h), so one long href or title on a
 * misnested <a> or <b> is carried by a copy in every later paragraph; a figure's caption titles each
 * of its images; a Markdown link is repeated on every line its text takes. Written once per element or
 * line, such a piece is written as many times as the page likes (a 36 KB page of "<p><b title=...>x</p>"
 * and 4,000 paragraphs sanitized to 16 MB; a link around 4,000 lines, 20 KB, gave 16 MB of Markdown).
 * The renderers count the writes of each piece, keyed by the address the elements share: the first
 * is free (it stands for the piece's own bytes in the page; for the copies of an element, the
 * original's write was that first), every later one is paid, byte for byte,
 * from the rendering's allowance for repeats (the page's size, dl_repeats_allowance), and a write the
 * allowance cannot pay is not made (the link's text is written plain, the copy bare, the image
 * without the caption). What repeats add to a rendering is then at most the page's size, whatever
 * the page repeats; real pages repeat a few pieces a few times (a link around a few lines, a
 * formatting element misnested over a few paragraphs, a caption over a figure's two images) and
 * spend a small part of it: no page of the development corpora changed when the rule came.
 *
 * Plain C, no GIL; an open-addressing table of pointers, so each look-up costs O(1) on average.
 */
#ifndef DL_SERIALIZE_REPEATS_H
#define DL_SERIALIZE_REPEATS_H

#include <stddef.h>
#include <stdint.h>

#include "tree/dom.h"

/* Free writes of one shared piece: its first. */
#define DL_REPEATS_FREE 1
/* A count that no write may follow (a figure found to have no caption): never paid for again. */
#define DL_REPEATS_NEVER UINT32_MAX

typedef struct {
    const void **keys; /* NULL: an empty slot */
    uint32_t *counts;
    size_t *values;    /* a value a renderer keeps per key (dl_repeats_put_value), 0 when none */
    size_t cap, len;   /* cap is 0 or a power of two */
    int failed;        /* an allocation failed: callers treat the rendering as out of memory */
} dl_repeats;

/* The attribute array an element may share with other elements, as the key of its writes: the array
 * of an element the tree builder made without a tag of its own in the source (no source span: a
 * reopened formatting element's copy), else NULL (an element from its own tag owns its array, whose
 * bytes are in the page once per element). */
static inline const void *dl_shared_attrs(const dl_node *el) {
    return el->type == DL_NODE_ELEMENT && el->span_start == DL_NO_SPAN && el->u.element.nattrs
               ? (const void *)el->u.element.attrs
               : NULL;
}

/* The allowance for repeats a rendering of `doc` gives: its source's size (0 without a document). */
static inline size_t dl_repeats_allowance(const dl_document *doc) { return doc ? doc->source_len : 0; }

/* Whether a write of `cost` bytes of a piece already written `count` times may be made: free for the
 * first DL_REPEATS_FREE, then paid from *allowance (taken from it when it can pay). */
static inline int dl_repeat_allowed(uint32_t count, size_t cost, size_t *allowance) {
    if (count < DL_REPEATS_FREE) return 1;
    if (count == DL_REPEATS_NEVER || *allowance < cost) return 0;
    *allowance -= cost;
    return 1;
}

void dl_repeats_init(dl_repeats *r);
void dl_repeats_free(dl_repeats *r);
/* How many writes of `key` were counted (0 for a key never added). */
uint32_t dl_repeats_get(const dl_repeats *r, const void *key);
/* Count n more writes of `key` (saturating); sets `failed` when out of memory. */
void dl_repeats_add(dl_repeats *r, const void *key, uint32_t n);
/* The value kept for `key` (0 when none was put, or the key is unknown). */
size_t dl_repeats_value(const dl_repeats *r, const void *key);
/* Keep `value` for `key` (adding the key with no writes when new); sets `failed` when out of memory. */
void dl_repeats_put_value(dl_repeats *r, const void *key, size_t value);

/* The writes of a copy's shared attribute array so far, its original's own write counted: a copy
 * pays from its first write (the original, from its own tag, wrote the array once already). */
static inline uint32_t dl_repeats_copy_writes(const dl_repeats *r, const void *key) {
    uint32_t c = dl_repeats_get(r, key);
    return c == UINT32_MAX ? c : c + 1;
}

#endif
