/* Shared by the tree-level harnesses: turning fuzzer bytes into a parse the way the binding would,
 * and the checks every output gets. Header-only so that each harness stays one file to build. */
#ifndef DL_FUZZ_COMMON_H
#define DL_FUZZ_COMMON_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tree/treebuilder.h"

static const struct {
    const char *name;
    uint8_t ns;
} dl_fuzz_contexts[] = {
    {NULL, DL_NS_HTML},      {"body", DL_NS_HTML},  {"td", DL_NS_HTML},     {"tr", DL_NS_HTML},
    {"table", DL_NS_HTML},   {"select", DL_NS_HTML}, {"template", DL_NS_HTML}, {"title", DL_NS_HTML},
    {"textarea", DL_NS_HTML}, {"script", DL_NS_HTML}, {"style", DL_NS_HTML},  {"plaintext", DL_NS_HTML},
    {"html", DL_NS_HTML},    {"head", DL_NS_HTML},  {"frameset", DL_NS_HTML}, {"noscript", DL_NS_HTML},
    {"svg", DL_NS_SVG},      {"foreignObject", DL_NS_SVG}, {"desc", DL_NS_SVG}, {"path", DL_NS_SVG},
    {"math", DL_NS_MATHML},  {"mi", DL_NS_MATHML},  {"annotation-xml", DL_NS_MATHML}, {"caption", DL_NS_HTML},
};

/* Length of the valid UTF-8 sequence at s[0..n), or 0 when it is not one (overlongs, surrogates and
 * values past U+10FFFF are invalid, as the binding's validator says). */
static inline size_t dl_fuzz_utf8_seq(const unsigned char *s, size_t n) {
    unsigned char c = s[0];
    if (c < 0x80) return 1;
    size_t len;
    uint32_t cp;
    if (c >= 0xC2 && c <= 0xDF) len = 2, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF) len = 3, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4) len = 4, cp = c & 0x07;
    else return 0;
    if (len > n) return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        cp = cp << 6 | (s[i] & 0x3F);
    }
    if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
        return 0;
    return len;
}

/* Whether out[0..n) is entirely valid UTF-8: every text the core writes must be, or Python cannot
 * decode it (a sequence cut at a buffer or truncation boundary would show here). */
static inline int dl_fuzz_valid_utf8(const char *out, size_t n) {
    const unsigned char *s = (const unsigned char *)out;
    for (size_t i = 0; i < n;) {
        size_t k = dl_fuzz_utf8_seq(s + i, n - i);
        if (!k) return 0;
        i += k;
    }
    return 1;
}

/* The tree builder takes valid UTF-8 (the binding validates or decodes first): keep valid sequences,
 * replace each invalid byte by '?'. Returns a malloc'd buffer and its length in *n, or NULL. */
static inline char *dl_fuzz_clean_utf8(const uint8_t *data, size_t size, size_t *n) {
    char *buf = malloc(size ? size : 1);
    if (!buf) return NULL;
    size_t o = 0;
    for (size_t i = 0; i < size;) {
        size_t k = dl_fuzz_utf8_seq(data + i, size - i);
        if (!k) {
            buf[o++] = '?';
            i++;
        } else {
            memcpy(buf + o, data + i, k);
            o += k;
            i += k;
        }
    }
    *n = o;
    return buf;
}

/* Parse the cleaned input as a document or a fragment, chosen by `mode`: bit 0 the scripting flag,
 * the rest the context (0: a whole document). Documents are chosen half the time. */
static inline dl_document *dl_fuzz_parse(const char *buf, size_t n, uint8_t mode) {
    size_t nctx = sizeof(dl_fuzz_contexts) / sizeof(dl_fuzz_contexts[0]);
    dl_parse_options opts = {0};
    opts.scripting = mode & 1;
    size_t which = (mode & 0x80) ? 0 : (size_t)(mode >> 1) % nctx;
    opts.context_name = dl_fuzz_contexts[which].name;
    opts.context_len = opts.context_name ? strlen(opts.context_name) : 0;
    opts.context_ns = dl_fuzz_contexts[which].ns;
    dl_parse_status st;
    return dl_parse(buf, n, &opts, &st);
}

/* Parse markup as the content of a <body> (scripting on), as a page embedding a sanitized output would:
 * how the sanitizer's output is read back to check that it is a fixed point. */
static inline dl_document *dl_fuzz_parse_body(const char *s, size_t n) {
    dl_parse_options opts = {0};
    opts.scripting = 1;
    opts.context_name = "body";
    opts.context_len = 4;
    opts.context_ns = DL_NS_HTML;
    dl_parse_status st;
    return dl_parse(s ? s : "", n, &opts, &st);
}

/* The n-th element of the tree in document order (wrapping), for exporting a subtree. */
static inline const dl_node *dl_fuzz_pick_element(const dl_document *doc, unsigned k) {
    const dl_node *last = doc->root;
    unsigned seen = 0;
    for (const dl_node *n = doc->root; n; n = dl_next_node(doc->root, n, 0)) {
        if (n->type != DL_NODE_ELEMENT) continue;
        last = n;
        if (seen++ == k) return n;
    }
    return last;
}

#endif
