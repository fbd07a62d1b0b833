/* The Encoding Standard's "get an encoding": label -> encoding id, and the canonical names. */
#include <string.h>

#include "common/ascii.h"
#include "encoding/encoding.h"
#include "encoding/labels_table.h"

int dl_encoding_lookup(const char *label, size_t len) {
    if (!label) return -1;
    const unsigned char *s = (const unsigned char *)label;
    while (len && dl_ascii_is_space(s[0])) s++, len--;
    while (len && dl_ascii_is_space(s[len - 1])) len--;
    if (len == 0 || len > DL_LABEL_MAX) return -1;
    char low[DL_LABEL_MAX + 1];
    for (size_t i = 0; i < len; i++) {
        unsigned char c = s[i];
        /* A NUL would end the comparison early and let "utf-8\0junk" match. */
        if (c == 0) return -1;
        low[i] = (char)dl_ascii_lower(c);
    }
    low[len] = 0;
    size_t lo = 0, hi = sizeof(dl_label_table) / sizeof(dl_label_table[0]);
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int cmp = strcmp(low, dl_label_table[mid].label);
        if (cmp == 0) return dl_label_table[mid].id;
        if (cmp < 0) hi = mid;
        else lo = mid + 1;
    }
    return -1;
}

const char *dl_encoding_name(int id) {
    if (id < 0 || id >= DL_ENC__COUNT) return NULL;
    return dl_encoding_names[id];
}
