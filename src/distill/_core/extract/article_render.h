/* The article's renderings in pure C: what Article.text (once it is rendered by to_text), Article.markdown
 * and Article.html are made of, for the binding and for batch writers that never touch Python.
 *
 * The content is dl_article_content's (the chosen containers without what the text leaves out); the
 * options say what else to keep (extract/options.h: tables, images, links, formatting). Markdown shows
 * the images of the figures the text leaves out; HTML keeps those figures whole. Safe without the GIL.
 */
#ifndef DL_EXTRACT_ARTICLE_RENDER_H
#define DL_EXTRACT_ARTICLE_RENDER_H

#include "extract/options.h"
#include "sanitize/sanitize.h"
#include "serialize/serialize.h"

enum { DL_ARTICLE_TEXT = 0, DL_ARTICLE_MARKDOWN = 1, DL_ARTICLE_HTML = 2 };

/* Append the article of the subtree at root rendered as `kind` to out ("" when there is no article).
 * `policy` is the sanitizer policy for DL_ARTICLE_HTML (ignored otherwise); base_url (UTF-8, may be
 * NULL) makes Markdown links and images absolute, the document's <base href> applying on top.
 * Returns 0, or -1 when out of memory. */
int dl_article_render(const dl_document *doc, const dl_node *root, const dl_extract_options *opts, int kind,
                      const dl_policy *policy, const char *base_url, size_t base_len, dl_htmlbuf *out);

#endif
