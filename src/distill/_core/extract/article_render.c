/* The article's renderings (see article_render.h). */
#include "extract/article_render.h"

#include "extract/article_text.h"
#include "serialize/markdown.h"
#include "serialize/text.h"

/* The filter the renderings use: what the article text leaves out, the tables when include_tables is
 * off and the images when include_images is off. `rich`: the figures the text leaves out are kept. */
typedef struct {
    const dl_article_content_result *content;
    int tables, images, rich;
} render_filter;

static int render_skip(const void *ctx, const dl_node *el) {
    const render_filter *f = ctx;
    if (!f->tables && dl_is_element(el, DL_TAG_table)) return 1;
    if (!f->images && (dl_is_element(el, DL_TAG_img) || dl_is_element(el, DL_TAG_picture))) return 1;
    if (!dl_article_content_skip(f->content, el)) return 0;
    if (!f->rich) return 1;
    if (el->type == DL_NODE_TEXT) {
        /* muted text: kept when it is an illustration's (a caption), a few levels up at most */
        const dl_node *p = el->parent;
        for (int up = 0; p && up < 3; up++, p = p->parent)
            if (dl_article_is_illustration(p)) return 0;
        return 1;
    }
    return !dl_article_is_illustration(el);
}

/* The hidden elements shown: those the content model shows (see dl_article_content_show). */
static int render_show(const void *ctx, const dl_node *el) {
    const render_filter *f = ctx;
    return dl_article_content_show(f->content, el);
}

/* Markdown's view of the figures the text leaves out: their images only (see dl_node_filter). */
static int render_media(const void *ctx, const dl_node *el) {
    const render_filter *f = ctx;
    return f->images && el->type == DL_NODE_ELEMENT && dl_article_content_skip(f->content, el) &&
           dl_article_is_illustration(el);
}

int dl_article_render(const dl_document *doc, const dl_node *root, const dl_extract_options *opts, int kind,
                      const dl_policy *policy, const char *base_url, size_t base_len, dl_htmlbuf *out) {
    dl_article_content_result c;
    if (dl_article_content(root, (dl_favor)opts->favor, &c) < 0) return -1; /* frees its own result */
    int rc = 0;
    if (c.nroots) {
        render_filter rf = {&c, (opts->include & DL_INCLUDE_TABLES) != 0, (opts->include & DL_INCLUDE_IMAGES) != 0,
                            kind == DL_ARTICLE_HTML};
        dl_node_filter filter = {render_skip, &rf, NULL, render_show};
        if (kind == DL_ARTICLE_TEXT) {
            dl_text_options t = {0};
            t.inline_gaps = 1; /* as Article.text reads them (regions.c export_text) */
            rc = dl_to_text_nodes(doc, c.roots, c.nroots, &filter, &t, out);
        } else if (kind == DL_ARTICLE_MARKDOWN) {
            dl_md_options m = {0};
            m.base_url = base_url;
            m.base_len = base_len;
            m.images = (opts->include & DL_INCLUDE_IMAGES) != 0;
            m.no_links = !(opts->include & DL_INCLUDE_LINKS);
            m.no_formatting = !(opts->include & DL_INCLUDE_FORMATTING);
            m.inline_gaps = 1; /* the words of Article.text (regions.c export_text) */
            filter.media = render_media;
            rc = dl_to_markdown_nodes(doc, c.roots, c.nroots, &filter, &m, out);
        } else {
            rc = dl_sanitize_nodes_base(policy, doc, c.roots, c.nroots, &filter, base_url, base_len, 1, out);
        }
    }
    dl_article_content_free(&c);
    return rc < 0 || out->failed ? -1 : 0;
}
