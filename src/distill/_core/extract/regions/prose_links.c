/* Annotated prose (prose_links.h).
 *
 * Link density is not navigation. A navigation link is a title or a name, alone in its line or among its
 * like with separators between them; an annotation link (a glossary's, a wiki's, a lyric explained) is a
 * word or two inside a sentence, and a story annotated so has more than half its text in links and is
 * still prose. The classic selection cleans a block more than half of whose text is link text out of the
 * article, and the block model, which weighs link density and that cleaning, scores such paragraphs
 * lower the further down the page they are: the story stops where its annotations begin. A paragraph
 * with at least MIN_LINKS links, their text MAX_LINK_CHARS long on average at most (a couple of words),
 * and MIN_PLAIN_WORDS words outside them, some between the links (a sentence's words, where a menu has
 * only separators and a related-stories line one label) is annotated prose; inside the classic winner, beside
 * the article's kept paragraphs, it is the article's. No development page changes (WCXB dev, aeb and
 * traf-dev hold no story annotated so). */
#include "extract/regions/prose_links.h"

#define MIN_LINKS 3u
#define MAX_LINK_CHARS 24u
#define MIN_PLAIN_WORDS 10u
/* Inside sentences: plain words between the neighbouring links of at least one pair in this many (a menu
 * or a tag list has only separators between its links; prose annotated on two words of three, one). */
#define GAP_SHARE 4u
/* A text node deeper than this below the paragraph counts as link text (the climb that tells is bounded). */
#define MAX_LINK_CLIMB 16

/* Linear in the paragraph (a <p> holds no <p>, so each element and text node is looked at once): the
 * links are counted over its elements, and a text node's words are plain unless it or an ancestor up to
 * the paragraph is a link. Without the measured text nodes (their list could not grow) no paragraph is
 * taken for annotated prose. */
int dl_annotated_prose(const dl_actx *cx, uint32_t j) {
    const dl_el *e = &cx->el[j];
    if (!dl_is_element(e->node, DL_TAG_p) || cx->text_failed || !cx->text) return 0;
    uint32_t nlinks = 0;
    for (uint32_t i = j + 1; i < e->end; i++) nlinks += (cx->el[i].flags & F_LINK) != 0;
    if (nlinks < MIN_LINKS || e->links > (uint64_t)MAX_LINK_CHARS * nlinks) return 0;
    uint64_t plain = 0, pending = 0;
    uint32_t gaps = 0; /* runs of plain words between two links */
    int linked = 0;
    for (uint32_t t = e->text0; t < e->text0 + e->ntext && t < cx->ntext; t++) {
        int32_t a = (int32_t)cx->text[t].el;
        int in_link = 0;
        for (int up = 0; a >= (int32_t)j && !in_link; up++, a = cx->el[a].parent)
            in_link = up >= MAX_LINK_CLIMB || (cx->el[a].flags & F_LINK);
        if (!in_link) {
            plain += cx->text[t].words;
            pending += cx->text[t].words;
        } else if (cx->text[t].chars) {
            gaps += linked && pending;
            pending = 0;
            linked = 1;
        }
    }
    return plain >= MIN_PLAIN_WORDS && (uint64_t)gaps * GAP_SHARE >= nlinks;
}

void dl_keep_annotated_prose(const dl_actx *cx, const dl_blocks *b, const uint8_t *never, uint8_t *keep) {
    int article = 0;
    for (uint32_t k = 0; k < b->n && !article; k++)
        article = keep[k] && b->x[(size_t)k * DL_BLOCK_NFEAT + DL_BF_in_winner] > 0.5f;
    if (!article) return;
    for (uint32_t k = 0; k < b->n; k++) {
        uint32_t i = b->el[k];
        const float *x = b->x + (size_t)k * DL_BLOCK_NFEAT;
        /* left out for its links: more than half its text, which the classic selection cleaned out; a
         * paragraph that ends a sentence and holds no block of its own (all its text is the block's), in
         * the article's body, not in its header or footer (a byline with its tags) nor in what the page
         * names as furniture or hides (in_soft) */
        if (keep[k] || x[DL_BF_in_winner] < 0.5f || (never && never[i]) || x[DL_BF_link_density] < 0.5f ||
            x[DL_BF_in_chosen_cleaned] < 0.5f || x[DL_BF_ends_with_stop] < 0.5f || b->chars[k] < cx->el[i].chars ||
            x[DL_BF_in_soft] > 0.5f || x[DL_BF_in_header] > 0.5f || x[DL_BF_in_footer] > 0.5f ||
            x[DL_BF_in_nav] > 0.5f || x[DL_BF_in_aside] > 0.5f)
            continue;
        if (dl_annotated_prose(cx, i)) keep[k] = 1;
    }
}
