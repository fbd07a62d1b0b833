/* libFuzzer harness: the extraction pipeline (extract/pipeline/pipeline.h: dl_extract_run and its
 * renderings), the design's walks (extract/extract.h: dl_extract_score, dl_article_harvest,
 * dl_collect_units, dl_render_text), the refined article text (article_text.h) and the metadata harvest and
 * its resolution (metadata.h), on documents and fragments with fuzzed options. Checks: outputs are valid
 * UTF-8; the winner, the regions and the unit nodes belong to the tree that was read (a sorted set of its
 * nodes).
 * Input: byte 0 the parse mode (fuzz_common.h), byte 1 the options, then the page. */
#include "extract/classic/article_text.h"
#include "extract/extract.h"
#include "extract/metadata/metadata.h"
#include "extract/page_type/page_type.h"
#include "extract/pipeline/pipeline.h"
#include "extract/classic/rules.h"
#include "extract_init.h"
#include "fuzz_common.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    dl_fuzz_extract_init();
    return 0;
}

/* The nodes of the walked tree, sorted by address, to answer "does this node belong to it" in log n.
 * (Walking up from each node to the root cost the node's depth: over every unit of a deeply nested
 * page that made the harness itself quadratic, and the large mode's nested <dl> recipe timed out in
 * the check, not in the extractor.) Template contents are not walked: the extractor does not go there. */
typedef struct {
    const dl_node **nodes;
    size_t count;
} tree_set;

static int by_address(const void *a, const void *b) {
    uintptr_t x = (uintptr_t) * (const dl_node *const *)a, y = (uintptr_t) * (const dl_node *const *)b;
    return x < y ? -1 : x > y;
}

static int tree_set_build(tree_set *t, const dl_node *root) {
    size_t cap = 1024;
    t->count = 0;
    t->nodes = malloc(cap * sizeof *t->nodes);
    if (!t->nodes) return -1;
    for (const dl_node *n = root; n;) {
        if (t->count == cap) {
            const dl_node **grown = realloc(t->nodes, 2 * cap * sizeof *t->nodes);
            if (!grown) return -1;
            t->nodes = grown, cap *= 2;
        }
        t->nodes[t->count++] = n;
        if (n->first_child) {
            n = n->first_child;
            continue;
        }
        while (n && n != root && !n->next) n = n->parent;
        n = n && n != root ? n->next : NULL;
    }
    qsort(t->nodes, t->count, sizeof *t->nodes, by_address);
    return 0;
}

static int inside(const tree_set *t, const dl_node *n) {
    return n && bsearch(&n, t->nodes, t->count, sizeof *t->nodes, by_address) != NULL;
}

static void check_text(const char *s, size_t n) {
    if (n && !s) abort();
    if (!dl_fuzz_valid_utf8(s, n)) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2) return 0;
    uint8_t mode = data[0], o = data[1];
    size_t n;
    char *buf = dl_fuzz_clean_utf8(data + 2, size - 2, &n);
    if (!buf) return 0;
    dl_document *doc = dl_fuzz_parse(buf, n, mode);
    if (!doc) {
        free(buf);
        return 0;
    }
    const dl_node *root = doc->root;
    tree_set tree = {0};
    if (tree_set_build(&tree, root) < 0) {
        free(tree.nodes);
        dl_document_free(doc);
        free(buf);
        return 0;
    }

    dl_extract_options opts = {.min_length = (uint32_t)(o & 0x3F), .max_link_density = (o >> 6) / 3.0,
                               .keep_headings = o & 1, .favor = (o >> 2) % 3,
                               .include = DL_INCLUDE_DEFAULT | ((o & 0x20) ? DL_INCLUDE_COMMENTS : 0)};
    dl_extraction x;
    if (dl_extract_run(doc, root, &opts, &x) == 0) {
        check_text(x.text.data, x.text.len);
        check_text(x.comments.data, x.comments.len);
        for (int f = 0; f < DL_META__COUNT; f++) check_text(x.meta.fields[f].value.data, x.meta.fields[f].value.len);
        check_text(x.meta.tags.data, x.meta.tags.len);
        if (!x.reread_doc) /* a second read's regions are nodes of its own tree */
            for (size_t i = 0; i < x.content.nroots; i++)
                if (!inside(&tree, x.content.roots[i])) abort();
        dl_htmlbuf md;
        dl_htmlbuf_init(&md);
        if (dl_extraction_render(&x, DL_RENDER_MARKDOWN, NULL, "https://example.test/a/", 23, &md) == 0)
            check_text(md.data, md.len);
        dl_htmlbuf_free(&md);
    }
    dl_extraction_free(&x);

    dl_meta meta;
    dl_meta_init(&meta);
    if (o & 2) dl_article_harvest(root, &meta);
    dl_score_result sr;
    memset(&sr, 0, sizeof sr);
    const dl_node *winner = NULL;
    if (dl_extract_score(root, &sr) == 0) {
        winner = sr.winner;
        if (winner && !inside(&tree, winner)) abort();
        for (size_t i = 0; i < sr.count; i++)
            if (!inside(&tree, sr.cands[i].node) || sr.cands[i].link_chars > sr.cands[i].chars) abort();
    }
    dl_unit_list units;
    memset(&units, 0, sizeof units);
    if (dl_collect_units(root, winner, &units) == 0) {
        check_text(units.text.data, units.text.len);
        for (size_t i = 0; i < units.count; i++) {
            const dl_unit *u = &units.units[i];
            if (!inside(&tree, u->node) || u->text_start + u->text_len > units.text.len) abort();
            if (u->link_chars > u->chars) abort();
        }
    }
    dl_unit_list_free(&units);
    dl_buf text = {0};
    if (dl_render_text(winner ? winner : root, &text) == 0) check_text(text.data, text.len);
    dl_buf_free(&text);
    dl_score_result_free(&sr);
    dl_meta_free(&meta);

    dl_article_text_result at;
    memset(&at, 0, sizeof at);
    if (dl_article_text(root, (dl_favor)((o >> 2) % 3), &at) == 0) {
        check_text(at.text, at.len);
        if (at.body && !inside(&tree, at.body)) abort();
        dl_meta h;
        dl_meta_init(&h);
        dl_article_harvest(root, &h);
        dl_metadata md;
        if (dl_meta_resolve(&h, at.body, &md) == 0) {
            for (int f = 0; f < DL_META__COUNT; f++) check_text(md.fields[f].value.data, md.fields[f].value.len);
            dl_metadata_free(&md);
        }
        dl_meta_free(&h);
    }
    dl_article_text_free(&at);

    free(tree.nodes);
    dl_document_free(doc);
    free(buf);
    return 0;
}
