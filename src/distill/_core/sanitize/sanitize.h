/* The sanitizer: a clean copy of a tree, by allowlist, ready for the WHATWG serializer.
 *
 * It offers compiled policies (elements, attributes and URL schemes allowed) and dl_sanitize, which
 * builds a NEW document holding only what the policy allows, then serializes it. Building a tree and
 * serializing it (instead of filtering markup text) is what keeps mutation XSS out: the output is
 * exactly the serialization of a tree, and the builder refuses any shape that the HTML parser would
 * rebuild differently (a block inside <p>, nested links, cells outside a table, text in table rows,
 * foreign content), so parsing the output gives back the tree that was serialized.
 *
 * Never kept, whatever the policy says: script-capable and raw-text elements (script, style,
 * template, noscript, iframe, object, embed, xmp, plaintext ...), form controls, document metadata
 * (base, meta, link, title, head), SVG and MathML, event handler and style attributes, srcdoc,
 * formaction. URLs are checked after the cleaning browsers do (C0 controls and spaces trimmed, tabs
 * and newlines removed) with case-insensitive schemes; data: only for raster images when allowed; a
 * URL starting with two slashes or backslashes in any mixture names another host, so it counts as
 * absolute (kept only when both http and https are allowed), never as relative. A policy may also
 * name the hosts absolute URLs may point to (dl_policy_allow_host); then a URL whose host is not one
 * of them, or cannot be read for certain (percent-encoded or non-ASCII), is dropped.
 *
 * Plain C on immutable input trees, safe without the GIL.
 */
#ifndef DL_SANITIZE_SANITIZE_H
#define DL_SANITIZE_SANITIZE_H

#include <stddef.h>
#include <stdint.h>

#include "serialize/serialize.h"
#include "tree/dom.h"

typedef struct {
    uint32_t atom;     /* element it applies to, or DL_TAG__NONE for every element */
    char *name;        /* lower-case attribute name (owned) */
    size_t len;
    uint8_t is_url;
} dl_policy_attr;

typedef struct {
    uint8_t keep[DL_TAG__COUNT]; /* 1: element kept; 0: unwrapped (children kept); see DL_SAN_DROP */
    dl_policy_attr *attrs;
    size_t nattrs;
    char **schemes;              /* lower-case URL schemes allowed (owned) */
    size_t *scheme_lens;
    size_t nschemes;
    int allow_relative;
    char **hosts;                /* lower-case hosts absolute URLs may name; ".x.org": x.org and below */
    size_t *host_lens;
    size_t nhosts;
    int restrict_hosts;          /* 1: a URL with a host is kept only when its host is allowed */
    int allow_data_images;
    int allow_comments;
    char *link_rel;              /* rel written on every kept link, or NULL (owned) */
    size_t link_rel_len;
} dl_policy;

/* Policy construction; every function returns 0, or -1 when out of memory. dl_policy_free releases
 * what was added. */
void dl_policy_init(dl_policy *p);
void dl_policy_free(dl_policy *p);
/* Allow an element by name. Returns 1 when allowed, 0 when the name is one the sanitizer never keeps
 * or does not know, -1 on out of memory. Allowing <table> allows its parts (rows, cells, sections). */
int dl_policy_allow_element(dl_policy *p, const char *name, size_t len);
/* Allow an attribute on an element (element NULL: on every element). Returns 1, 0 when never allowed
 * (event handlers, style, srcdoc ...) or the element is unknown, -1 on out of memory. */
int dl_policy_allow_attribute(dl_policy *p, const char *element, size_t elen, const char *name, size_t len);
int dl_policy_allow_scheme(dl_policy *p, const char *scheme, size_t len);
int dl_policy_set_link_rel(dl_policy *p, const char *rel, size_t len);
/* Restrict the hosts URLs may name (with no host allowed yet: none may), then allow one: "example.org"
 * that host only, ".example.org" it and every host below it. Returns 1, 0 when the name is not an
 * ASCII host name (empty, a space, a control, non-ASCII, or one of "/\?#@%"), -1 on out of memory. */
void dl_policy_restrict_hosts(dl_policy *p);
int dl_policy_allow_host(dl_policy *p, const char *host, size_t len);

/* Sanitize `node` (a document: its body's children; a fragment: its children; an element: itself and
 * its subtree) of `doc` and append the serialized result to out. Returns 0 or -1 (out of memory). */
int dl_sanitize(const dl_policy *p, const dl_document *doc, const dl_node *node, dl_htmlbuf *out);
/* Sanitize several nodes (each as dl_sanitize would take it, in the order given) into ONE clean
 * fragment, leaving out the elements `filter` rejects (filter may be NULL), and serialize it. */
int dl_sanitize_nodes(const dl_policy *p, const dl_document *doc, const dl_node *const *roots, size_t nroots,
                      const dl_node_filter *filter, dl_htmlbuf *out);

/* The same with a base URL: with `resolve` set, relative URLs (href, src, cite ...) are resolved
 * against the document's effective base (its <base href> resolved against base_url, which may be
 * NULL; see dl_document_base_url) before they are checked, within the bound of dl_url_resolve_bounded
 * (serialize/url.h), as the Markdown exporter resolves them. Absolute URLs are kept as they are. */
int dl_sanitize_nodes_base(const dl_policy *p, const dl_document *doc, const dl_node *const *roots, size_t nroots,
                           const dl_node_filter *filter, const char *base_url, size_t base_len, int resolve,
                           dl_htmlbuf *out);

/* Whether the sanitizer would keep this URL in attribute `attr` of element `atom` (for tests and
 * callers that check single URLs). Writes the cleaned URL to out when kept. */
int dl_sanitize_url(const dl_policy *p, uint32_t atom, const char *attr, size_t attr_len, const char *url,
                    size_t len, dl_htmlbuf *out);

#endif
