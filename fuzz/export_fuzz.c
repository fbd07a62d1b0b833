/* libFuzzer harness: the exporters (serialize/text.h, serialize/markdown.h) and the HTML serializer on
 * documents and fragments, for the whole tree and for one element, with fuzzed options; then the same
 * on the re-parsed serialization. Every output must be valid UTF-8, and the text and Markdown no
 * larger than the bounds docs/limits.md states ("Output bounds": 24 and 40 times the page, plus 4 KB)
 * whatever the options. Input: byte 0 the parse mode (fuzz_common.h), byte 1 the options, byte 2
 * which element, the rest the page. */
#include "fuzz_common.h"
#include "serialize/markdown.h"
#include "serialize/serialize.h"
#include "serialize/text.h"

#define TEXT_BOUND 24
#define MARKDOWN_BOUND 40
#define BOUND_SLACK 4096

/* A short page URL, and a long one whose directory no short reference takes freely (url.h). */
static const char base_short[] = "https://example.org/a/b/c.html?q=1#f";
static const char base_long[] =
    "https://example.org/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/"
    "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/c?q";

static void check_bound(const dl_htmlbuf *out, const dl_document *doc, size_t bound) {
    if (out->len > bound * doc->source_len + BOUND_SLACK) abort();
}

static void export_node(const dl_document *doc, const dl_node *node, uint8_t o) {
    const char *base = (o >> 1) & 1 ? base_long : base_short;
    size_t base_len = strlen(base);
    dl_htmlbuf out;

    dl_text_options topts = {0};
    topts.links = o % 3;
    topts.images = (o >> 2) & 1;
    topts.width = (o >> 3) & 1 ? (size_t)(o >> 4) * 4 : 0;
    if ((o >> 5) & 1) topts.base_url = base, topts.base_len = base_len;
    dl_htmlbuf_init(&out);
    if (dl_to_text(doc, node, &topts, &out) == 0) {
        if (!dl_fuzz_valid_utf8(out.data, out.len)) abort();
        check_bound(&out, doc, TEXT_BOUND);
    }
    dl_htmlbuf_free(&out);

    dl_md_options mopts = {0};
    mopts.images = (o >> 6) & 1;
    if ((o >> 7) & 1) mopts.base_url = base, mopts.base_len = base_len;
    dl_htmlbuf_init(&out);
    if (dl_to_markdown(doc, node, &mopts, &out) == 0) {
        if (!dl_fuzz_valid_utf8(out.data, out.len)) abort();
        check_bound(&out, doc, MARKDOWN_BOUND);
    }
    dl_htmlbuf_free(&out);

    dl_htmlbuf_init(&out);
    if (dl_serialize_html(doc, node, (o & 1) ? DL_SERIALIZE_PRETTY : 0, &out) == 0 &&
        !dl_fuzz_valid_utf8(out.data, out.len))
        abort();
    dl_htmlbuf_free(&out);
}

/* The serialization of a document parses again (with the same scripting flag) and exports again.
 * Equality of the trees is the property tests' business (tests/test_properties.py) on inputs that
 * round-trip; misnested input legitimately does not. */
static void reparse_serialization(const dl_document *doc, uint8_t o) {
    dl_htmlbuf a;
    dl_htmlbuf_init(&a);
    if (dl_serialize_html(doc, doc->root, 0, &a) == 0) {
        dl_parse_status st;
        dl_parse_options opts = {0};
        opts.scripting = doc->scripting;
        dl_document *again = dl_parse(a.data ? a.data : "", a.len, &opts, &st);
        if (again) {
            export_node(again, again->root, o);
            dl_document_free(again);
        }
    }
    dl_htmlbuf_free(&a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 3) return 0;
    uint8_t mode = data[0], o = data[1], pick = data[2];
    size_t n;
    char *buf = dl_fuzz_clean_utf8(data + 3, size - 3, &n);
    if (!buf) return 0;
    dl_document *doc = dl_fuzz_parse(buf, n, mode);
    if (doc) {
        export_node(doc, doc->root, o);
        export_node(doc, dl_fuzz_pick_element(doc, pick), (uint8_t)(o ^ 0xA5));
        if (doc->root->type == DL_NODE_DOCUMENT) reparse_serialization(doc, o);
        dl_document_free(doc);
    }
    free(buf);
    return 0;
}
