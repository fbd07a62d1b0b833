/* Runs of article() (region_runs.h): blocks decided by their neighbours in the page's structure. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "extract/regions/region_runs.h"

static int is_heading2_6(const dl_node *n) {
    return n->type == DL_NODE_ELEMENT && n->ns == DL_NS_HTML && n->atom >= DL_TAG_h2 && n->atom <= DL_TAG_h6;
}

static const float *feat(const dl_blocks *b, uint32_t k) { return b->x + (size_t)k * DL_BLOCK_NFEAT; }

/* ---- the paragraphs of a long document ------------------------------------------------------------------
 *
 * The classifier weighs where a block sits in the page (text_before: the share of the page's text before
 * it), since on most pages what comes late is comments, related links and footers, and since some long
 * pages of its training truth stop partway. A document far longer than the pages it learned from (a
 * transcript, an encyclopedia article, a report) keeps its first paragraphs and loses the rest, prose
 * like them in the same container: 600 paragraphs of a hearing came back as the first half. The
 * paragraphs of one container are one text: a dropped <p> that follows, among its parent's children, at
 * least DL_RUN_MIN_KEPT kept <p>s is kept when it reads as prose (mostly plain text, words of a word's
 * length, no consent or subscription words, no further-reading lead-in, not hidden, a sentence's end or
 * a paragraph's length), and a dropped heading between two of them is kept with them. Comments and
 * related posts sit in containers of their own, not among the article's paragraphs.
 * The run's length: from 8 kept paragraphs on, WCXB dev changed on 20 pages (11 worse, 0.0005 of its
 * mean in all), most of it on two long articles whose truth stops mid-article (a history of web
 * development ends at Bootstrap, a top-25 list at its tenth entry), aeb on 3 (-0.00003); from 40 on,
 * only the first of those two is long enough (-0.30), three others lose 0.04 between them, two gain,
 * and aeb, traf-dev and every shorter page are unchanged. */
#define DL_RUN_MIN_KEPT 40
#define DL_RUN_PROSE_LINK_DENSITY 0.5f
#define DL_RUN_PROSE_CHARS 100
/* words: prose has a few at least, and words of a word's length: a list of sources written out as bare
 * addresses (a line each) is no prose */
#define DL_RUN_PROSE_WORDS 3.5
#define DL_RUN_PROSE_WORD_CHARS 16.0

static int prose_paragraph(const dl_actx *cx, const dl_blocks *b, uint32_t k) {
    const float *x = feat(b, k);
    if (!dl_is_element(cx->el[b->el[k]].node, DL_TAG_p)) return 0;
    double nwords = exp((double)x[DL_BF_log_words]) - 1.0;
    if (nwords < DL_RUN_PROSE_WORDS || (double)b->chars[k] > DL_RUN_PROSE_WORD_CHARS * nwords) return 0;
    return x[DL_BF_link_density] < DL_RUN_PROSE_LINK_DENSITY &&
           x[DL_BF_legal_cues] == 0.0f &&
           x[DL_BF_opens_further] == 0.0f && x[DL_BF_in_hidden] < 0.5f &&
           (x[DL_BF_ends_with_stop] > 0.5f || b->chars[k] >= DL_RUN_PROSE_CHARS);
}

/* never: the score of a block that is never content (regions.c), which no run keeps */
static int continue_paragraphs(const dl_actx *cx, const dl_blocks *b, const double *score, double never,
                               uint8_t *keep) {
    uint32_t n = cx->n;
    /* per element, as a parent: its kept <p> children so far, and its last two child blocks (+1, 0 none) */
    uint32_t *run = calloc(n ? n : 1, sizeof(*run));
    uint32_t *last = calloc(n ? n : 1, sizeof(*last)), *before = calloc(n ? n : 1, sizeof(*before));
    if (!run || !last || !before) {
        free(run);
        free(last);
        free(before);
        return -1;
    }
    for (uint32_t k = 0; k < b->n; k++) {
        int32_t p = cx->el[b->el[k]].parent;
        if (p < 0) continue;
        const dl_node *el = cx->el[b->el[k]].node;
        if (dl_is_element(el, DL_TAG_p)) {
            if (!keep[k] && run[p] >= DL_RUN_MIN_KEPT && score[k] > never && prose_paragraph(cx, b, k)) keep[k] = 1;
            if (keep[k]) {
                run[p]++;
                /* a dropped heading between two kept paragraphs of the run heads the one after it */
                uint32_t h = last[p], q = before[p];
                if (h && !keep[h - 1] && q && keep[q - 1] && run[p] > DL_RUN_MIN_KEPT && score[h - 1] > never &&
                    is_heading2_6(cx->el[b->el[h - 1]].node) && dl_is_element(cx->el[b->el[q - 1]].node, DL_TAG_p))
                    keep[h - 1] = 1;
            }
        }
        before[p] = last[p];
        last[p] = k + 1;
    }
    free(run);
    free(last);
    free(before);
    return 0;
}

int dl_region_runs(const dl_actx *cx, const dl_blocks *b, dl_page_type type, const double *score, uint8_t *keep) {
    (void)type;
    if (!b->n) return 0;
    if (continue_paragraphs(cx, b, score, DL_REGION_NEVER_SCORE, keep) < 0) return -1;
    return 0;
}
