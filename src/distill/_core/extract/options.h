/* The options of article extraction: distill.Extraction as the C core reads it.
 *
 * Python builds this struct once per Extraction object (binding/py_options.c reads the dataclass when
 * it is created and keeps the struct in a capsule), so an article() call, its Markdown and its HTML all
 * read the same plain C values, without the GIL and without looking at Python attributes again.
 */
#ifndef DL_EXTRACT_OPTIONS_H
#define DL_EXTRACT_OPTIONS_H

#include <stdint.h>

/* What the exporters of an article keep (Extraction.include_*). */
enum {
    DL_INCLUDE_IMAGES = 1u << 0,     /* images in Markdown and HTML */
    DL_INCLUDE_LINKS = 1u << 1,      /* link targets in Markdown and HTML (off: the link text only) */
    DL_INCLUDE_TABLES = 1u << 2,     /* tables in text, Markdown and HTML */
    DL_INCLUDE_COMMENTS = 1u << 3,   /* the reader comments after the article, and Article.comments */
    DL_INCLUDE_FORMATTING = 1u << 4, /* emphasis, strong and strikethrough in Markdown */
    DL_INCLUDE_DEFAULT = DL_INCLUDE_IMAGES | DL_INCLUDE_LINKS | DL_INCLUDE_TABLES | DL_INCLUDE_FORMATTING,
};

typedef struct {
    uint32_t min_length;     /* boilerplate(): fewest folded characters of a non-heading paragraph */
    double max_link_density; /* boilerplate(): largest share of a paragraph's characters inside links */
    int keep_headings;       /* boilerplate(): headings inside the main content are content */
    int favor;               /* a dl_favor of article_text.h: 0 balanced, 1 precision, 2 recall */
    unsigned include;        /* DL_INCLUDE_* bits */
} dl_extract_options;

/* The defaults of Extraction(). */
static inline dl_extract_options dl_extract_options_default(void) {
    dl_extract_options o = {25, 0.5, 1, 0, DL_INCLUDE_DEFAULT};
    return o;
}

#endif
