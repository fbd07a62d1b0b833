/* The reader comments of a page (Article.comments, Extraction.include_comments).
 *
 * Comment sections are named as such by every blog and news template ("comments", "comment-list",
 * "commentlist", Disqus' "disqus_thread"), and article() already leaves them out of the article text
 * as boilerplate. This finds the outermost blocks so named (not the comment form, the count or the link
 * to the section), that are not the article itself, and writes their text with the plain-text exporter,
 * one section after another. One walk over the tree, no recursion; safe without the GIL.
 */
#ifndef DL_EXTRACT_COMMENTS_H
#define DL_EXTRACT_COMMENTS_H

#include "serialize/serialize.h"
#include "tree/dom.h"

/* At most this many comment sections are written (a page names few blocks so; a hostile page many). */
#define DL_COMMENTS_MAX_SECTIONS 8

/* Append the comments text under root to out ("" when the page has none). `article` is the element the
 * article was found in (NULL when none): a block that holds it is a layout wrapper, not comments.
 * Returns 0, or -1 when out of memory. */
int dl_comments_text(const dl_document *doc, const dl_node *root, const dl_node *article, dl_htmlbuf *out);

#endif
