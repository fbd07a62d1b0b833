/* libFuzzer harness: the Sanitizer (sanitize/sanitize.h) on documents, fragments and single elements,
 * under a permissive or a strict policy, without a base URL or with one (dl_sanitize_nodes_base: a
 * page URL, or a javascript: one that resolution must not turn into a script URL). Checks: the
 * output is valid UTF-8; it is no larger than the bound docs/limits.md states ("Output bounds": 24
 * times the page, plus 4 KB); it is a fixed point, byte for byte (sanitizing the parse of the output
 * gives the output again, which is what sanitize.h promises by building only trees the parser rebuilds
 * the same, carriage returns written as references); and nothing it keeps can run script: no <script>
 * element, no on* attribute and no javascript: URL survives in the re-parsed output.
 * Input: byte 0 the parse mode (fuzz_common.h), byte 1 the policy (its two high bits the base URL),
 * byte 2 which element, then the page. */
#include <strings.h>

#include "fuzz_common.h"
#include "sanitize/sanitize.h"
#include "tree/atoms.h"

static const char *const permissive_elements[] = {
    "a", "abbr", "b", "blockquote", "br", "code", "dd", "div", "dl", "dt", "em", "h1", "h2", "h3", "hr", "i",
    "img", "li", "ol", "p", "pre", "q", "s", "span", "strong", "sub", "sup", "table", "u", "ul", "figure",
    "figcaption", "section", "article", "details", "summary", "caption", "select", "option", "script", "style",
};
static const char *const strict_elements[] = {"p", "b", "i", "a", "br"};

static int build_policy(dl_policy *p, uint8_t which) {
    dl_policy_init(p);
    int permissive = which & 1;
    const char *const *els = permissive ? permissive_elements : strict_elements;
    size_t nels = permissive ? sizeof permissive_elements / sizeof *permissive_elements
                             : sizeof strict_elements / sizeof *strict_elements;
    for (size_t i = 0; i < nels; i++)
        if (dl_policy_allow_element(p, els[i], strlen(els[i])) < 0) return -1;
    static const struct { const char *el, *attr; } attrs[] = {
        {"a", "href"}, {"img", "src"}, {"img", "alt"}, {NULL, "title"}, {NULL, "class"}, {NULL, "onclick"},
        {NULL, "style"}, {"a", "rel"}, {"td", "colspan"}, {NULL, "id"},
    };
    for (size_t i = 0; i < sizeof attrs / sizeof *attrs; i++) {
        const char *el = attrs[i].el;
        if (dl_policy_allow_attribute(p, el, el ? strlen(el) : 0, attrs[i].attr, strlen(attrs[i].attr)) < 0)
            return -1;
    }
    /* No policy can allow "javascript" (dl_policy_allow_scheme refuses it); the check below is that no
     * URL gets one through, however it is spelled. */
    static const char *const schemes[] = {"http", "https", "mailto", "ftp"};
    for (size_t i = 0; i < (permissive ? 4u : 2u); i++)
        if (dl_policy_allow_scheme(p, schemes[i], strlen(schemes[i])) < 0) return -1;
    p->allow_relative = (which >> 1) & 1;
    p->allow_data_images = (which >> 2) & 1;
    p->allow_comments = (which >> 3) & 1;
    if ((which >> 4) & 1 && dl_policy_set_link_rel(p, "noopener nofollow", 17) < 0) return -1;
    if ((which >> 5) & 1) {
        /* A host list: the URL host reader runs on every URL the page holds. */
        if (dl_policy_allow_host(p, "a.example", 9) < 0 || dl_policy_allow_host(p, ".b.example", 10) < 0) return -1;
    }
    return 0;
}

/* Attributes a browser follows or loads as a URL. */
static int is_url_attribute(const dl_attr *a) {
    static const char *const names[] = {"href", "src", "action", "formaction", "xlink:href", "poster", "data",
                                        "cite", "background", "lowsrc", "dynsrc", "longdesc", "ping", "srcset"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (a->name.len == strlen(names[i]) && strncasecmp(a->name.ptr, names[i], a->name.len) == 0) return 1;
    return 0;
}

/* Does any element of the tree carry script: a <script>, an on* attribute, or a javascript: URL? */
static int runs_script(const dl_document *doc) {
    for (const dl_node *n = doc->root; n; n = dl_next_node(doc->root, n, 0)) {
        if (n->type != DL_NODE_ELEMENT) continue;
        if (n->ns == DL_NS_HTML && n->atom == DL_TAG_script) return 1;
        for (uint32_t i = 0; i < n->u.element.nattrs; i++) {
            const dl_attr *a = &n->u.element.attrs[i];
            if (a->name.len >= 2 && strncasecmp(a->name.ptr, "on", 2) == 0) return 1;
            if (!is_url_attribute(a)) continue; /* id="javascript:" is only text */
            /* The scheme as a browser reads it: leading C0 controls and spaces dropped, tabs and
             * newlines anywhere removed, case ignored. */
            char scheme[11];
            size_t k = 0, j = 0;
            while (j < a->value.len && (unsigned char)a->value.ptr[j] <= 0x20) j++;
            for (; j < a->value.len && k < sizeof scheme; j++) {
                char c = a->value.ptr[j];
                if (c == '\t' || c == '\n' || c == '\r') continue;
                scheme[k++] = c;
            }
            if (k == sizeof scheme && strncasecmp(scheme, "javascript", 10) == 0 && scheme[10] == ':') return 1;
        }
    }
    return 0;
}

#define HTML_BOUND 24
#define BOUND_SLACK 4096

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 3) return 0;
    uint8_t mode = data[0], which = data[1], pick = data[2];
    dl_policy policy;
    if (build_policy(&policy, which) < 0) {
        dl_policy_free(&policy);
        return 0;
    }
    size_t n;
    char *buf = dl_fuzz_clean_utf8(data + 3, size - 3, &n);
    dl_document *doc = buf ? dl_fuzz_parse(buf, n, mode) : NULL;
    if (doc) {
        const dl_node *node = (pick & 1) ? dl_fuzz_pick_element(doc, pick >> 1) : doc->root;
        static const char *const bases[] = {NULL, "https://example.org/a/b.html?q#f", "javascript:alert(1)//x/"};
        const char *base = bases[(which >> 6) % 3];
        dl_htmlbuf once, twice;
        dl_htmlbuf_init(&once);
        dl_htmlbuf_init(&twice);
        if (dl_sanitize_nodes_base(&policy, doc, &node, 1, NULL, base, base ? strlen(base) : 0, base != NULL, &once) ==
            0) {
            if (!dl_fuzz_valid_utf8(once.data, once.len)) abort();
            if (once.len > HTML_BOUND * n + BOUND_SLACK) abort();
            /* The output is body content: parse it as a fragment in <body>, as a page embedding it would. */
            dl_document *again = dl_fuzz_parse_body(once.data, once.len);
            if (again) {
                if (runs_script(again)) abort();
                /* Without a base: the URLs of the output are absolute, or relative where the first
                 * pass left them so, and either way stay as they are. */
                if (dl_sanitize(&policy, again, again->root, &twice) == 0) {
                    if (once.len != twice.len || (once.len && memcmp(once.data, twice.data, once.len) != 0)) abort();
                }
                dl_document_free(again);
            }
        }
        dl_htmlbuf_free(&once);
        dl_htmlbuf_free(&twice);
        dl_document_free(doc);
    }
    free(buf);
    dl_policy_free(&policy);
    return 0;
}
