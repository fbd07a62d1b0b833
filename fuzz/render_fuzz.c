/* libFuzzer harness: the article's renderings (extract/pipeline/pipeline.h: dl_extract_run, then dl_extraction_render), what
 * Article.text, Article.markdown and Article.html and the records of `distill extract` are made of, on
 * documents and fragments, with fuzzed options (what to include, the favour) and base URL (none, a page
 * URL, or a long one whose directory no short reference takes freely). Checks: every rendering is valid
 * UTF-8 and within the bounds docs/limits.md states ("Output bounds": text 24 times the page, Markdown
 * 40 and HTML 24, plus 4 KB); the HTML is a fixed point of the sanitizer (sanitizing its parse under the
 * same policy gives it again, byte for byte).
 * Input: byte 0 the parse mode (fuzz_common.h), byte 1 the options, then the page. */
#include "extract/pipeline/pipeline.h"
#include "extract_init.h"
#include "fuzz_common.h"

#define TEXT_BOUND 24
#define MARKDOWN_BOUND 40
#define HTML_BOUND 24
#define BOUND_SLACK 4096

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    dl_fuzz_extract_init();
    return 0;
}

/* The policy Article.html renders with (distill.sanitize.Policy.relaxed()). */
static int relaxed_policy(dl_policy *p) {
    static const char *const elements[] = {
        "b", "strong", "i", "em", "u", "s", "sub", "sup", "small", "mark", "code", "br", "p", "a", "abbr",
        "blockquote", "cite", "q", "dfn", "kbd", "samp", "var", "del", "ins", "ul", "ol", "li", "dl", "dt", "dd",
        "h1", "h2", "h3", "h4", "h5", "h6", "pre", "hr", "span", "div", "time", "bdi", "bdo", "wbr", "img",
        "table", "figure", "figcaption", "section", "article", "header", "footer", "aside", "main", "nav",
        "details", "summary", "address", "ruby", "rt", "rp", "picture", "center", "big", "tt",
    };
    static const struct { const char *el, *attr; } attrs[] = {
        {NULL, "title"}, {NULL, "lang"}, {NULL, "dir"}, {"a", "href"}, {"blockquote", "cite"}, {"q", "cite"},
        {"ol", "start"}, {"li", "value"}, {"img", "src"}, {"img", "alt"}, {"td", "colspan"}, {"td", "rowspan"},
        {"th", "colspan"}, {"th", "rowspan"}, {"code", "class"}, {"pre", "class"}, {"details", "open"},
    };
    static const char *const schemes[] = {"http", "https", "mailto"};
    dl_policy_init(p);
    for (size_t i = 0; i < sizeof elements / sizeof *elements; i++)
        if (dl_policy_allow_element(p, elements[i], strlen(elements[i])) < 0) return -1;
    for (size_t i = 0; i < sizeof attrs / sizeof *attrs; i++) {
        const char *el = attrs[i].el;
        if (dl_policy_allow_attribute(p, el, el ? strlen(el) : 0, attrs[i].attr, strlen(attrs[i].attr)) < 0)
            return -1;
    }
    for (size_t i = 0; i < sizeof schemes / sizeof *schemes; i++)
        if (dl_policy_allow_scheme(p, schemes[i], strlen(schemes[i])) < 0) return -1;
    p->allow_relative = 1;
    return dl_policy_set_link_rel(p, "noopener noreferrer nofollow", 28);
}

static const char base_page[] = "https://example.org/a/b.html?q=1#f";
static const char base_long[] =
    "https://example.org/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/"
    "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/c?q";

/* Sanitizing the parse of the HTML rendering (as a body fragment) gives it again. */
static void check_fixed_point(const dl_policy *policy, const dl_htmlbuf *html) {
    dl_document *again = dl_fuzz_parse_body(html->data, html->len);
    if (!again) return;
    dl_htmlbuf twice;
    dl_htmlbuf_init(&twice);
    if (dl_sanitize(policy, again, again->root, &twice) == 0 &&
        (twice.len != html->len || (html->len && memcmp(twice.data, html->data, html->len) != 0)))
        abort();
    dl_htmlbuf_free(&twice);
    dl_document_free(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2) return 0;
    uint8_t mode = data[0], o = data[1];
    dl_policy policy;
    if (relaxed_policy(&policy) < 0) {
        dl_policy_free(&policy);
        return 0;
    }
    size_t n;
    char *buf = dl_fuzz_clean_utf8(data + 2, size - 2, &n);
    dl_document *doc = buf ? dl_fuzz_parse(buf, n, mode) : NULL;
    if (doc) {
        dl_extract_options opts = dl_extract_options_default();
        opts.include = o & 0x1F;                /* the DL_INCLUDE_* bits */
        opts.favor = (o >> 5) % 3;              /* balanced, precision, recall */
        const char *base = (o >> 7) ? ((o >> 6) & 1 ? base_long : base_page) : NULL;
        static const size_t bounds[] = {TEXT_BOUND, MARKDOWN_BOUND, HTML_BOUND};
        dl_extraction x;
        if (dl_extract_run(doc, NULL, &opts, &x) == 0) {
            for (int kind = DL_RENDER_TEXT; kind <= DL_RENDER_HTML; kind++) {
                dl_htmlbuf out;
                dl_htmlbuf_init(&out);
                if (dl_extraction_render(&x, kind, &policy, base, base ? strlen(base) : 0, &out) == 0) {
                    if (!dl_fuzz_valid_utf8(out.data, out.len)) abort();
                    if (out.len > bounds[kind] * n + BOUND_SLACK) abort();
                    if (kind == DL_RENDER_HTML) check_fixed_point(&policy, &out);
                }
                dl_htmlbuf_free(&out);
            }
        }
        dl_extraction_free(&x);
        dl_document_free(doc);
    }
    free(buf);
    dl_policy_free(&policy);
    return 0;
}
