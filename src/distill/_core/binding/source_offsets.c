/* Source spans in the caller's coordinates: UTF-8 offsets of the parsed text mapped back to code points
 * of a str input or byte offsets of a bytes input (Node.source_span). */
#include "binding/binding.h" /* Python.h first: it sets the feature macros */

#include <stdlib.h>

#include "encoding/encoding.h"

/* For str input, spans are converted from UTF-8 bytes to code points. A checkpoint every
 * DL_CP_STRIDE bytes holds the code point count before it, so a lookup counts at most DL_CP_STRIDE
 * bytes: memory is 1/128 of the input, built once on the first lookup. */
#define DL_CP_STRIDE 1024

typedef struct {
    size_t count;
    Py_ssize_t cp[]; /* cp[k] = code points in source[0 .. k*DL_CP_STRIDE) */
} dl_cp_table;

static Py_ssize_t count_code_points(const char *s, size_t len) {
    Py_ssize_t k = 0;
    for (size_t i = 0; i < len; i++) k += ((unsigned char)s[i] & 0xC0) != 0x80;
    return k;
}

static dl_cp_table *build_cp_table(const char *src, size_t len) {
    size_t count = len / DL_CP_STRIDE + 1;
    dl_cp_table *t = malloc(sizeof(dl_cp_table) + count * sizeof(Py_ssize_t));
    if (!t) return NULL;
    t->count = count;
    t->cp[0] = 0;
    for (size_t k = 1; k < count; k++)
        t->cp[k] = t->cp[k - 1] + count_code_points(src + (k - 1) * DL_CP_STRIDE, DL_CP_STRIDE);
    return t;
}

Py_ssize_t dl_source_offset(DocumentObject *owner, uint32_t utf8_offset) {
    const dl_document *doc = owner->doc;
    size_t off = utf8_offset;
    if (!doc) return 0;
    if (off > doc->source_len) off = doc->source_len;
    switch (owner->source_kind) {
    case DL_SOURCE_DECODED_BYTES:
        return owner->byte_map ? (Py_ssize_t)dl_offset_map_lookup(owner->byte_map, off) : (Py_ssize_t)off;
    case DL_SOURCE_STR: {
        dl_cp_table *t = owner->offset_map;
        if (!t) {
            t = build_cp_table(doc->source, doc->source_len);
            if (!t) {
                PyErr_NoMemory();
                return -1;
            }
            owner->offset_map = t;
        }
        size_t k = off / DL_CP_STRIDE;
        return t->cp[k] + count_code_points(doc->source + k * DL_CP_STRIDE, off - k * DL_CP_STRIDE);
    }
    default: return (Py_ssize_t)off;
    }
}

