/* The named sets of HTML tags the extraction reads, each once, with the reason it holds what it holds
 * (as html5ever keeps its tag sets in tag_sets.rs). A set is an X-macro list of tag names: DL_TAG_SET
 * makes a predicate of it, and a switch can take its members as cases (DL_TAG_CASE). Every predicate
 * answers for HTML elements only; a foreign (SVG, MathML) element is in no set here.
 *
 * Two families: the design's (seeds/000: main_content(), main_text(), boilerplate()), which follow it
 * exactly, and article()'s, which go beyond it. Where the two differ on purpose the set says so.
 */
#ifndef DL_EXTRACT_INDEX_TAG_SETS_H
#define DL_EXTRACT_INDEX_TAG_SETS_H

#include "tree/dom.h"

#define DL_TAG_CASE(name) case DL_TAG_##name:

/* `static int fn(const dl_node *n)`: whether n is an HTML element of the set LIST. */
#define DL_TAG_SET(fn, LIST)                                                                           \
    static inline int fn(const dl_node *n) {                                                           \
        if (!n || n->type != DL_NODE_ELEMENT || n->ns != DL_NS_HTML) return 0;                         \
        switch (n->atom) {                                                                             \
            LIST(DL_TAG_CASE)                                                                          \
            return 1;                                                                                  \
        default:                                                                                       \
            return 0;                                                                                  \
        }                                                                                              \
    }

/* ---- the design's scoring ---------------------------------------------------------------------------- */

/* Paragraph-like elements, whose text is scored (design: <p>, <td>, <pre>); article()'s classic selection
 * scores the same ones. */
#define DL_TAGS_PARAGRAPH(X) X(p) X(td) X(pre)

/* Candidate seeds (design: "<div> +5; <blockquote>/<td>/<pre> +3; lists and <form> -3; headings and <th>
 * -5"; which elements count as "lists" follows readability's grouping of list containers with their
 * items). */
#define DL_TAGS_WEIGHT_DIV(X) X(div)
#define DL_TAGS_WEIGHT_QUOTE_CELL_PRE(X) X(blockquote) X(td) X(pre)
#define DL_TAGS_WEIGHT_LIST_FORM(X) X(ul) X(ol) X(dl) X(li) X(dd) X(dt) X(form)
#define DL_TAGS_WEIGHT_HEADING_TH(X) X(h1) X(h2) X(h3) X(h4) X(h5) X(h6) X(th)
/* article()'s classic selection also weighs an <address> as a list (-3), as readability does: a contact
 * block is page furniture, never the body. The design names only lists and <form>, so main_content()
 * does not. */
#define DL_TAGS_ARTICLE_WEIGHT_LIST(X) DL_TAGS_WEIGHT_LIST_FORM(X) X(address)

/* Never content (design: "Subtrees that are never content (<script>, <style>, <nav>, <aside>, <header>,
 * <footer>, and the like ...) are skipped wholesale"). "The like" is decided here: elements whose contents
 * are not prose a reader reads as the article: non-rendered data (noscript, template, head, title,
 * noembed, noframes), embedded documents and media whose children are fallbacks (iframe, object, embed,
 * applet, canvas, video, audio), form controls (select, button, textarea, datalist), and dialogs. <form>
 * itself is not pruned: the design weights it (-3), so it is a candidate. Foreign (SVG, MathML) elements
 * are pruned by namespace, not by this list. */
#define DL_TAGS_NEVER_CONTENT(X)                                                                       \
    X(script) X(style) X(nav) X(aside) X(header) X(footer) X(noscript) X(template) X(head) X(title)     \
    X(noembed) X(noframes) X(iframe) X(object) X(embed) X(applet) X(canvas) X(video) X(audio)           \
    X(select) X(button) X(textarea) X(datalist) X(dialog)

/* The page root is never dropped by its class or id: classes on <html>/<body> describe the page layout
 * ("has-sidebar", "single-post"), not the element being furniture (readability exempts them too). */
#define DL_TAGS_PAGE_ROOT(X) X(html) X(body)

/* Link density (design: "the fraction of its text that sits inside an <a>"). */
#define DL_TAGS_LINK(X) X(a)

/* Paragraph units of boilerplate() ("h1-h6, p, li, pre, blockquote, td, dd, dt, figcaption; a unit that
 * contains another unit is not itself a unit"). */
#define DL_TAGS_UNIT(X)                                                                                \
    X(h1) X(h2) X(h3) X(h4) X(h5) X(h6) X(p) X(li) X(pre) X(blockquote) X(td) X(dd) X(dt) X(figcaption)
#define DL_TAGS_HEADING(X) X(h1) X(h2) X(h3) X(h4) X(h5) X(h6)

/* ---- text rendering (main_text(), the exporters' text) ------------------------------------------------- */

/* Elements whose content is never shown as text: data for scripts and styles, the fallback of
 * scripting/embedding/frames, the document head, and form-control internals that are not prose. Also
 * any SVG or MathML element (graphics and formula markup, by namespace). */
#define DL_TAGS_TEXT_SKIP(X)                                                                           \
    X(script) X(style) X(noscript) X(template) X(head) X(title) X(noembed) X(noframes) X(iframe)        \
    X(object) X(embed) X(applet) X(canvas) X(video) X(audio) X(select) X(datalist)
/* Elements that start and end a line: the CSS "display: block/list-item/table-row" elements of the
 * HTML Standard's rendering section (15.3), restricted to the ones that hold text. */
#define DL_TAGS_TEXT_BLOCK(X)                                                                          \
    X(address) X(article) X(aside) X(blockquote) X(body) X(center) X(dd) X(details) X(dialog) X(dir)    \
    X(div) X(dl) X(dt) X(fieldset) X(figcaption) X(figure) X(footer) X(form) X(h1) X(h2) X(h3) X(h4)    \
    X(h5) X(h6) X(header) X(hgroup) X(hr) X(html) X(legend) X(li) X(listing) X(main) X(menu) X(nav)     \
    X(ol) X(p) X(plaintext) X(pre) X(section) X(summary) X(table) X(thead) X(tbody) X(tfoot) X(tr)      \
    X(ul) X(xmp) X(caption) X(search) X(optgroup) X(option)
/* Table cells sit side by side on their row's line, separated by one space. */
#define DL_TAGS_TEXT_CELL(X) X(td) X(th)
/* Elements whose white space is kept as written (the HTML Standard's "white-space: pre" elements). */
#define DL_TAGS_TEXT_PRE(X) X(pre) X(listing) X(xmp) X(plaintext) X(textarea)

/* ---- article()'s classic selection (classic/table.c, classic/select.c, article_rules.h) --------------------------- */

/* Containers whose inline runs count as paragraphs: text written straight into a <div> and separated by
 * <br> or by block children is how many hand-written and older CMS pages set their paragraphs. Each run
 * of inline content scores like a <p>, with the container itself as the paragraph's container. */
#define DL_TAGS_RUN_HOST(X) X(div) X(section) X(article) X(main) X(body) X(blockquote) X(center) \
    X(font) X(span) X(form) X(li) X(dd)
/* Elements that continue a run of inline text (phrasing content of the HTML Standard, the ones that
 * carry text). Anything else (a block, a <br>) ends the run. */
#define DL_TAGS_PHRASING(X) X(a) X(abbr) X(b) X(bdi) X(bdo) X(cite) X(code) X(data) X(dfn) X(em)     \
    X(font) X(i) X(kbd) X(mark) X(q) X(s) X(samp) X(small) X(span) X(strike) X(strong) X(sub) X(sup) \
    X(time) X(u) X(var) X(del) X(ins) X(big) X(tt) X(img) X(label) X(wbr) X(nobr) X(acronym)
/* Pruned before the classic selection scores: the design's never-content tags but the visible ones
 * below, plus the rest of the non-prose elements (form controls, embedded documents and media). */
#define DL_TAGS_ARTICLE_PRUNED(X) X(script) X(style) X(noscript) X(template) X(iframe) X(object) X(embed) \
    X(applet) X(select) X(button) X(textarea) X(input) X(head) X(title) X(meta) X(link) X(canvas)        \
    X(video) X(audio) X(map) X(option) X(noembed) X(noframes) X(datalist)
/* The visible never-content elements: the classic selection drops them like the rest, but their text is
 * indexed so that the region classifier can weigh it (a service page's hero sits in a <header>, a
 * documentation page's table of contents in an <aside>). */
#define DL_TAGS_ARTICLE_VISIBLE_PRUNED(X) X(nav) X(aside) X(header) X(footer) X(dialog)
/* Elements that start and end a line of the classic selection's own rendering (dl_tab_render): display:
 * block and friends in the HTML Standard's rendering section, the ones that hold text, with the table's
 * rows and cells and the line breaks (<br>, <hr>) that end a line there too. */
#define DL_TAGS_TABLE_RENDER_BLOCK(X) X(p) X(div) X(section) X(article) X(main) X(h1) X(h2) X(h3) X(h4) \
    X(h5) X(h6) X(ul) X(ol) X(li) X(dl) X(dd) X(dt) X(table) X(tr) X(td) X(th) X(tbody) X(thead)        \
    X(tfoot) X(blockquote) X(pre) X(figure) X(figcaption) X(br) X(hr) X(address) X(center) X(header)     \
    X(footer) X(form) X(fieldset) X(caption) X(details) X(summary) X(body) X(html) X(nav) X(aside)      \
    X(legend) X(hgroup) X(listing) X(xmp) X(plaintext) X(menu) X(dir) X(search)
/* Cleaning inside the kept containers: the title heading is reported as Article.title, so the body text
 * does not repeat it. */
#define DL_TAGS_CLEAN_TITLE(X) X(h1)
/* Figures are illustrations: their captions and credits are not the running text. */
#define DL_TAGS_CLEAN_FIGURE(X) X(figure) X(figcaption) X(picture)
/* Blocks that the cleaning's two block rules apply to (article_rules.h). */
#define DL_TAGS_CLEAN_BLOCK(X) X(div) X(section) X(ul) X(ol) X(table) X(form) X(fieldset) X(aside)      \
    X(dl) X(span) X(p) X(figure) X(center) X(article) X(blockquote) X(h2) X(h3) X(h4) X(h5) X(h6)
/* Named as furniture, they still hold content: a class on a table or a paragraph styles content. */
#define DL_TAGS_NO_FURNITURE(X) X(table) X(p)

/* ---- the page type's walk and the block features (tag properties, index/tag_props.h) ------------------ */

/* Code: text in them is code, not prose (documentation pages). */
#define DL_TAGS_CODE(X) X(pre) X(code)
/* A prose paragraph, as the page type measures prose. */
#define DL_TAGS_P(X) X(p)
/* Page chrome: navigation, sidebars, mastheads and footers, whose text is not the page's own. */
#define DL_TAGS_CHROME(X) X(nav) X(aside) X(header) X(footer)
/* Each chrome element on its own, and the other containers a block's context names: what a block sits
 * in tells what it is (a link in a <nav> is a menu item, a line in a <form> a label). */
#define DL_TAGS_NAV(X) X(nav)
#define DL_TAGS_ASIDE(X) X(aside)
#define DL_TAGS_HEADER(X) X(header)
#define DL_TAGS_FOOTER(X) X(footer)
#define DL_TAGS_FORM(X) X(form)
#define DL_TAGS_LIST_ITEM(X) X(li)
#define DL_TAGS_TABLE(X) X(table)
/* Elements that repeat as the members of a group (the cards of a grid, the posts of a thread, the rows
 * of a table, the items of a list). */
#define DL_TAGS_REPEATABLE(X) X(div) X(li) X(article) X(section) X(tr)
/* What a group's member may hold that tells its kind: a date (dated entries), a picture (cards). */
#define DL_TAGS_TIME(X) X(time)
#define DL_TAGS_IMAGE(X) X(img) X(picture)
/* Text-level and data elements do not make groups of siblings: a paragraph of <a>s is prose, a row of
 * cells one row. */
#define DL_TAGS_NO_GROUP(X) X(a) X(span) X(b) X(i) X(em) X(strong) X(br) X(option) X(script) X(style) X(meta) \
    X(link) X(td) X(th) X(p) X(img) X(input)

#endif
