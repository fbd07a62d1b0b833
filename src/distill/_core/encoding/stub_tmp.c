/* Temporary stubs so the binding can link against encoding.h while the real code is written. */
#include <Python.h>
#include "encoding/encoding.h"

int dl_encoding_lookup(const char *label, size_t len) { return -1; }
const char *dl_encoding_name(int id) { return id == DL_ENC_UTF8 ? "utf-8" : NULL; }
int dl_encoding_sniff(const uint8_t *buf, size_t len, int override_id, int *bom_len) {
    return dl_encoding_sniff_ex(buf, len, override_id, 0, bom_len);
}
int dl_encoding_sniff_ex(const uint8_t *buf, size_t len, int override_id, unsigned flags, int *bom_len) {
    *bom_len = 0;
    return DL_ENC_UTF8;
}
int dl_encoding_prescan(const uint8_t *buf, size_t len) { return -1; }
int dl_utf8_valid(const uint8_t *buf, size_t len) { return 1; }
struct dl_offset_map { int unused; };
uint64_t dl_offset_map_lookup(const dl_offset_map *map, uint64_t utf8_off) { return utf8_off; }
void dl_offset_map_free(dl_offset_map *map) { free(map); }
size_t dl_offset_map_memory(const dl_offset_map *map) { return 0; }
int dl_decode_bytes(const uint8_t *buf, size_t len, int override_id, dl_decoded *out) {
    return dl_decode_as(buf, len, DL_ENC_UTF8, 0, out);
}
int dl_decode_as(const uint8_t *buf, size_t len, int encoding_id, size_t skip, dl_decoded *out) {
    out->utf8 = (const char *)buf + skip;
    out->len = len - skip;
    out->owned = NULL;
    out->map = calloc(1, sizeof(dl_offset_map));
    out->encoding = encoding_id;
    if (!out->map) { PyErr_NoMemory(); return -1; }
    return 0;
}
void dl_decoded_release(dl_decoded *d) {
    free(d->owned);
    dl_offset_map_free(d->map);
    d->owned = NULL;
    d->map = NULL;
}
