/* libFuzzer harness: documents and fragments in every kind of context, with and without scripting.
 * Checks the tree's structural invariants after each parse (links agree, spans ordered). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tree/treebuilder.h"

static const struct {
    const char *name;
    uint8_t ns;
} contexts[] = {
    {NULL, DL_NS_HTML},      {"body", DL_NS_HTML},  {"td", DL_NS_HTML},     {"tr", DL_NS_HTML},
    {"table", DL_NS_HTML},   {"select", DL_NS_HTML}, {"template", DL_NS_HTML}, {"title", DL_NS_HTML},
    {"textarea", DL_NS_HTML}, {"script", DL_NS_HTML}, {"style", DL_NS_HTML},  {"plaintext", DL_NS_HTML},
    {"html", DL_NS_HTML},    {"head", DL_NS_HTML},  {"frameset", DL_NS_HTML}, {"noscript", DL_NS_HTML},
    {"svg", DL_NS_SVG},      {"foreignObject", DL_NS_SVG}, {"desc", DL_NS_SVG}, {"path", DL_NS_SVG},
    {"math", DL_NS_MATHML},  {"mi", DL_NS_MATHML},  {"annotation-xml", DL_NS_MATHML}, {"caption", DL_NS_HTML},
};

static void check_subtree(const dl_document *doc, const dl_node *root, const dl_node ***todo, size_t *ntodo,
                          size_t *cap) {
    for (const dl_node *n = root; n; n = dl_next_node(root, n, 0)) {
        const dl_node *prev = NULL;
        for (const dl_node *c = n->first_child; c; c = c->next) {
            if (c->parent != n || c->prev != prev) abort();
            prev = c;
        }
        if (n->last_child != prev) abort();
        if (n->type != DL_NODE_ELEMENT) continue;
        if (n->span_start != DL_NO_SPAN) {
            if (n->span_start > doc->source_len) abort();
            if (n->span_end != DL_NO_SPAN && (n->span_end < n->span_start || n->span_end > doc->source_len)) abort();
        }
        const dl_node *f = n->u.element.content;
        if (f) {
            if (f->type != DL_NODE_FRAGMENT) abort();
            /* Template contents hang outside the child links: check them too, without recursion. */
            if (*ntodo == *cap) {
                size_t nc = *cap ? *cap * 2 : 16;
                const dl_node **t = realloc(*todo, nc * sizeof(**todo));
                if (!t) abort();
                *todo = t;
                *cap = nc;
            }
            (*todo)[(*ntodo)++] = f;
        }
    }
}

static void check(const dl_document *doc) {
    const dl_node **todo = NULL;
    size_t ntodo = 0, cap = 0;
    check_subtree(doc, doc->root, &todo, &ntodo, &cap);
    while (ntodo) check_subtree(doc, todo[--ntodo], &todo, &ntodo, &cap);
    free(todo);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    size_t nctx = sizeof(contexts) / sizeof(contexts[0]);
    dl_parse_options opts = {0};
    opts.scripting = data[0] & 1;
    size_t which = (data[0] >> 1) % nctx;
    opts.context_name = contexts[which].name;
    opts.context_len = opts.context_name ? strlen(opts.context_name) : 0;
    opts.context_ns = contexts[which].ns;
    /* The tree builder takes valid UTF-8 (the binding guarantees it); the fuzzer's bytes may not be,
     * so replace every byte >= 0x80 that would not form valid UTF-8 by '?'. Simple and sufficient: keep
     * ASCII and well-formed 2-byte sequences. */
    char *buf = malloc(size);
    if (!buf) return 0;
    size_t n = 0;
    for (size_t i = 1; i < size; i++) {
        unsigned char c = data[i];
        if (c < 0x80) buf[n++] = (char)c;
        else if (c >= 0xC2 && c <= 0xDF && i + 1 < size && (data[i + 1] & 0xC0) == 0x80) {
            buf[n++] = (char)c;
            buf[n++] = (char)data[++i];
        } else buf[n++] = '?';
    }
    dl_parse_status st;
    dl_document *doc = dl_parse(buf, n, &opts, &st);
    if (doc) {
        check(doc);
        dl_document_free(doc);
    }
    free(buf);
    return 0;
}
