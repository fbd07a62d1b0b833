/* WHATWG tree construction (HTML Standard 13.2.6): tokens in, an arena tree out.
 *
 * The tree builder drives the tokenizer (tokenizer/tokenizer.h), switching its state for RCDATA,
 * RAWTEXT, script data and PLAINTEXT, and builds the dl_document tree: all insertion modes, implied
 * end tags, the adoption agency algorithm, foster parenting, active formatting elements, foreign
 * content, <template> contents, fragment parsing with a context element, and the scripting flag.
 *
 * Input is UTF-8 (the binding decodes or validates first). No recursion whose depth the input
 * controls. Element spans (dom.h) are byte offsets into the input.
 *
 * Limits and costs (hostile input):
 * - The tree depth is not capped: 1,000,000 nested elements give a tree 1,000,000 deep.
 * - Scope checks, "any other end tag", the li/dd/dt walk and foreign end tags are O(1) per token
 *   whatever the stack depth (per-entry indexes of the stack, open_elements.c); resetting the insertion mode
 *   and table scope walk only table-structure elements.
 * - The list of active formatting elements keeps at most 256 entries after its last marker (the
 *   oldest is dropped beyond that): Noah's Ark, list searches and each reconstruction stay bounded.
 *   A page with more than 256 distinct unclosed formatting elements reopens only the latest 256.
 * - The adoption agency's usual stack edit is a local rotation (O(1) however deep the stack). Only
 *   when its inner loop takes elements off the stack does it relink the indexes above the formatting
 *   element, O(elements above); each element leaves the stack once, but a hostile page can pair
 *   such removals with a very deep stack above them.
 * - Input of 4 GiB or more is refused (DL_PARSE_TOO_LARGE): spans are 32-bit.
 */
#ifndef DL_TREE_TREEBUILDER_H
#define DL_TREE_TREEBUILDER_H

#include "tree/dom.h"

typedef struct {
    int scripting;               /* the scripting flag: on by default */
    /* Fragment parsing: the context element, or context_name NULL for a whole document. */
    const char *context_name;    /* local name, e.g. "body", "td", "svg" element "foreignObject" */
    size_t context_len;
    uint8_t context_ns;          /* dl_namespace of the context element */
} dl_parse_options;

typedef enum { DL_PARSE_OK = 0, DL_PARSE_NOMEM = -1, DL_PARSE_TOO_LARGE = -2 } dl_parse_status;

/* Parse a whole buffer. The document references `utf8` (text nodes may point into it): keep it alive
 * as long as the document. Returns NULL and sets *status on failure. Safe to call without the GIL. */
dl_document *dl_parse(const char *utf8, size_t len, const dl_parse_options *opts, dl_parse_status *status);

#endif
