/* Text with white space folded (dl_folded_text, dl_fold_append; see extract.h): its own file so that the
 * metadata harvest (metadata/) can fold without depending on the renderer (text.c), which depends on the
 * scorer (score.c), which calls the harvest: no cycle between the files. */
#include "common/ascii.h"
#include "extract/extract.h"
#include "extract/classic/rules.h"

/* Append s's words to out, one space between words (none before the first of the output since start),
 * however much white space stood between them; *want_space carries a gap across runs. */
static void fold_run(dl_buf *out, size_t start, const char *s, size_t len, int *want_space) {
    size_t i = 0;
    while (i < len) {
        if (dl_ascii_is_space((unsigned char)s[i])) {
            *want_space = 1;
            i += dl_ascii_space_prefix(s + i, len - i);
            continue;
        }
        size_t j = i + dl_ascii_word_prefix(s + i, len - i);
        if (*want_space && out->len > start) dl_buf_append(out, " ", 1);
        *want_space = 0;
        dl_buf_append(out, s + i, j - i);
        i = j;
    }
}

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
            fold_run(out, start, n->u.text.ptr, n->u.text.len, &want_space);
        }
        n = dl_next_node(root, n, skip);
    }
    return out->failed ? -1 : 0;
}

int dl_fold_append(dl_buf *out, const char *s, size_t len) {
    int want_space = 0;
    fold_run(out, out->len, s, len, &want_space);
    return out->failed ? -1 : 0;
}
