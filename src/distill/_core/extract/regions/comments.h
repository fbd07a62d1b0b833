/* The reader comments of a page: the thread after the article (Extraction.include_comments,
 * Article.comments).
 *
 * Comment sections are named as such by every blog and news template ("comments", "comment-list",
 * "commentlist", Disqus' "disqus_thread"). Two readers of them:
 *  - dl_comments_text: the outermost blocks so named (not the comment form, the count or the link to the
 *    section), that are not the article itself, their text written with the plain-text exporter, one
 *    section after another: Article.comments;
 *  - over the element table, for the regions (regions.c): dl_comment_thread_marks tells which elements
 *    lie in a section, in one of its satellites or in the reply form; dl_comment_thread_drop leaves the
 *    thread after a post out of the article (by default), dl_comment_thread_keep puts its comments after
 *    the article (include_comments), so that Article.text, markdown and html hold the same thread.
 * Linear walks, no recursion; safe without the GIL.
 */
#ifndef DL_EXTRACT_COMMENTS_H
#define DL_EXTRACT_COMMENTS_H

#include <stdint.h>

#include "extract/blocks/blocks.h"
#include "extract/classic/article_table.h"
#include "extract/page_type/page_type.h"
#include "serialize/serialize.h"
#include "tree/dom.h"

/* At most this many comment sections are written (a page names few blocks so; a hostile page many). */
#define DL_COMMENTS_MAX_SECTIONS 8

/* Append the comments text under root to out ("" when the page has none). `article` is the element the
 * article was found in (NULL when none): a block that holds it is a layout wrapper, not comments.
 * Returns 0, or -1 when out of memory. */
int dl_comments_text(const dl_document *doc, const dl_node *root, const dl_node *article, dl_htmlbuf *out);

/* ---- the comment thread over the element table, for the regions (regions.c) ---- */

/* Per table element: outside every comment section, inside one, or inside one of its satellites (its
 * reply form, its count, each comment's author, date and avatar line). */
enum {
    DL_THREAD_NONE = 0,
    DL_THREAD_SECTION = 1,
    DL_THREAD_SATELLITE = 2,
    DL_THREAD_FORM = 4,       /* inside a <form> */
    DL_THREAD_REPLY_FORM = 8, /* inside the element the page names as its reply form ("respond", "comment-form") */
    DL_THREAD_ASIDE = 16,     /* inside page chrome (aside, nav, header, footer), a sidebar or recent comments */
};

/* The marks of the comment sections of the table cx (the outermost section-named elements, as for
 * dl_comments_text) that do not hold the element at index `article` (-1: none), in *out (malloc'd, one
 * per element; NULL when the page has no such section). Linear. Returns 0, or -1 on out of memory. */
int dl_comment_thread_marks(const dl_actx *cx, int64_t article, uint8_t **out);

/* Clears keep[k] of the kept blocks of b inside a comment section (marks) that follows the article's
 * own kept text, on a page of the given type (see comments.c: the reader's cues). Linear in the blocks. */
void dl_comment_thread_drop(const dl_actx *cx, const dl_blocks *b, const uint8_t *marks, dl_page_type type,
                            uint8_t *keep);

/* Sets keep[k] of the comments' own blocks after the article (Extraction.include_comments), clears it of
 * their satellites' (see comments.c); never: per table element, 1 inside what is never content (NULL: none). */
void dl_comment_thread_keep(const dl_blocks *b, const uint8_t *marks, const uint8_t *never, uint8_t *keep);

#endif
