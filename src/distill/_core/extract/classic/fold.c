/* Text with white space folded (dl_folded_text, dl_fold_append; see extract.h): its own file so that the
 * metadata harvest (metadata/) can fold without depending on the renderer (text.c), which depends on the
 * scorer (score.c), which calls the harvest: no cycle between the files. */
#include "common/ascii.h"
#include "extract/extract.h"
#include "extract/classic/rules.h"

int dl_folded_text(const dl_node *root, dl_buf *out) {
    size_t start = out->len;
    int want_space = 0;
    const dl_node *n = root;
    while (n) {
        int skip = 0;
        if (n->type == DL_NODE_ELEMENT && n != root && dl_rule_text_skip(n)) {
            skip = 1;
        } else if (n->type == DL_NODE_ELEMENT && dl_rule_text_break(n)) {
            want_space = 1;
        } else if (n->type == DL_NODE_TEXT) {
            const char *s = n->u.text.ptr;
            size_t len = n->u.text.len, i = 0;
            while (i < len) {
                if (dl_ascii_is_space((unsigned char)s[i])) {
                    want_space = 1;
                    i += dl_ascii_space_prefix(s + i, len - i);
                    continue;
                }
                size_t j = i + dl_ascii_word_prefix(s + i, len - i);
                if (want_space && out->len > start) dl_buf_append(out, " ", 1);
                want_space = 0;
                dl_buf_append(out, s + i, j - i);
                i = j;
            }
        }
        n = dl_next_node(root, n, skip);
    }
    return out->failed ? -1 : 0;
}

int dl_fold_append(dl_buf *out, const char *s, size_t len) {
    size_t start = out->len, i = 0;
    int want_space = 0;
    while (i < len) {
        if (dl_ascii_is_space((unsigned char)s[i])) {
            want_space = 1;
            i += dl_ascii_space_prefix(s + i, len - i);
            continue;
        }
        size_t j = i + dl_ascii_word_prefix(s + i, len - i);
        if (want_space && out->len > start) dl_buf_append(out, " ", 1);
        want_space = 0;
        dl_buf_append(out, s + i, j - i);
        i = j;
    }
    return out->failed ? -1 : 0;
}
