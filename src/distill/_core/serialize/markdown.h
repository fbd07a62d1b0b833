/* GitHub-flavoured Markdown out of any node.
 *
 * ATX headings, emphasis, strong and strikethrough, inline code and fenced code blocks (fences longer
 * than any backtick run inside, the code byte for byte, language from a language-* or lang-* class),
 * links and images (targets resolved against the base URL; an image's source taken from lazy-loading
 * attributes and srcset), nested lists, block quotes, pipe tables (colspan and rowspan kept aligned,
 * pipes escaped, <br> in cells; layout tables written as their blocks), formulas as $...$ / $$...$$
 * TeX (math.h), footnotes ([^n] and [^n]: definitions) and thematic breaks. Text is escaped only where
 * Markdown would read it otherwise. What to.text leaves out (scripts, hidden elements, widgets) is left
 * out here too.
 */
#ifndef DL_SERIALIZE_MARKDOWN_H
#define DL_SERIALIZE_MARKDOWN_H

#include "serialize/serialize.h"

typedef struct {
    const char *base_url; /* document URL (UTF-8) or NULL; the document's <base href> applies on top */
    size_t base_len;
    int images;           /* write images as ![alt](src) */
    int no_links;         /* write link text without the [text](target) syntax */
    int no_formatting;    /* write no emphasis, strong or strikethrough markers */
    int no_tables;        /* leave tables out */
    int inline_gaps;      /* a space between sibling inline elements whose texts touch (text.c) */
} dl_md_options;

/* Append the Markdown of `node` to out. Returns 0, or -1 when out of memory. No recursion. */
int dl_to_markdown(const dl_document *doc, const dl_node *node, const dl_md_options *opts, dl_htmlbuf *out);
/* The Markdown of several nodes (in the order given, each a separate block) with the elements `filter`
 * rejects left out (filter may be NULL). Same return values. */
int dl_to_markdown_nodes(const dl_document *doc, const dl_node *const *roots, size_t nroots,
                         const dl_node_filter *filter, const dl_md_options *opts, dl_htmlbuf *out);

#endif
