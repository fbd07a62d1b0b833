/* Runs of article() (region_runs.h): blocks decided by their neighbours in the page's structure. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "extract/regions/region_runs.h"
#include "serialize/layout.h"

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
 * The run's length, DL_RUN_MIN_KEPT: a document of a hundred paragraphs and more (a 20,000-word article
 * has two hundred). Shorter runs were measured: from 8 kept paragraphs on, WCXB dev changed on 20 pages
 * (11 worse, 0.0005 of its mean in all), most of it on two long articles whose truth stops mid-article
 * (a history of web development ends at Bootstrap, a top-25 list at its tenth entry), aeb on 3
 * (-0.00003); from 40 on, the first of those two still lost 0.30 (62 kept paragraphs, 179 in all) and
 * three others 0.04; from 100 on, one page loses 0.013 (207 paragraphs, whose truth leaves out the last
 * of them), one gains 0.001, aeb and traf-dev unchanged. */
#define DL_RUN_MIN_KEPT 100
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

/* ---- data tables: rows and columns, never single cells ---------------------------------------------------
 *
 * The classifier scores a table's cells one by one, and a data table's cells are short (a name, a
 * number, "Yes"): their scores hover around the threshold, and a cell holding a link scores as a link.
 * Dropped one by one, the cells left shift under the wrong headers in every rendering (a row of four
 * read as three, the link column's header over the numbers). A data table (what the exporters write as a
 * table: serialize/layout.h dl_table_shape) that holds a kept cell is kept or left out by rows and by
 * columns: a row is kept when at least half of its cells with text are, a column likewise, and a cell is
 * kept when its row and its column are, left out otherwise. So a column of links the classifier drops
 * goes with its header, and a number it missed in a kept row comes back. Cells are placed as the HTML
 * Standard's table model places them (colspan, rowspan), up to DL_RUN_TABLE_COLUMNS columns (the ones
 * beyond count as the last). A table with a cell of DL_RUN_TABLE_CELL_CHARS or more, or a cell that
 * holds a table anywhere inside it, is a page laid out in cells (an article in one of them, a panel of
 * controls), not a data table; one with a <pre> in a cell is a highlighter's code listing (line numbers
 * beside the code), whose code keep_code_runs decides. */
#define DL_RUN_TABLE_COLUMNS 64
#define DL_RUN_TABLE_CELL_CHARS 400

/* The first block whose element is at table index i or after it (blocks are in document order). */
static uint32_t first_block_at(const dl_blocks *b, uint32_t i) {
    uint32_t lo = 0, hi = b->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (b->el[mid] < i) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

typedef struct {
    uint32_t el;      /* the cell's table index */
    uint32_t row;     /* the row it starts in */
    uint8_t c0, c1;   /* the columns it covers: [c0, c1] */
    uint8_t kept, text;
} table_cell;

typedef struct {
    table_cell *cell;
    size_t n, cap;
    uint32_t *row_kept, *row_text; /* per row: its kept cells, its cells with text */
    size_t nrows, cap_rows;
    int failed, long_cell;
    const uint8_t *nested, *code; /* per element: it holds a <table>, a <pre> */
} table_grid;

static int grid_push_row(table_grid *g) {
    if (g->nrows == g->cap_rows) {
        size_t cap = g->cap_rows ? g->cap_rows * 2 : 16;
        uint32_t *a = realloc(g->row_kept, cap * sizeof(*a)), *b2;
        if (!a) return -1;
        g->row_kept = a;
        if (!(b2 = realloc(g->row_text, cap * sizeof(*b2)))) return -1;
        g->row_text = b2;
        g->cap_rows = cap;
    }
    g->row_kept[g->nrows] = g->row_text[g->nrows] = 0;
    g->nrows++;
    return 0;
}

static int grid_push_cell(table_grid *g, table_cell c) {
    if (g->n == g->cap) {
        size_t cap = g->cap ? g->cap * 2 : 64;
        table_cell *a = realloc(g->cell, cap * sizeof(*a));
        if (!a) return -1;
        g->cell = a;
        g->cap = cap;
    }
    g->cell[g->n++] = c;
    return 0;
}

/* The cells of row r (table index tr) placed on the grid; occ: per column, the rows a rowspan from above
 * still covers. kept_col / text_col: per column, the kept cells and the cells with text that cover it. */
static void place_row(const dl_actx *cx, const dl_blocks *b, const uint8_t *keep, uint32_t tr, table_grid *g,
                      uint16_t *occ, uint32_t *kept_col, uint32_t *text_col) {
    if (grid_push_row(g) < 0) {
        g->failed = 1;
        return;
    }
    uint32_t r = (uint32_t)(g->nrows - 1);
    uint8_t busy[DL_RUN_TABLE_COLUMNS];
    for (int c = 0; c < DL_RUN_TABLE_COLUMNS; c++) {
        busy[c] = occ[c] > 0;
        if (occ[c]) occ[c]--;
    }
    int col = 0;
    for (uint32_t j = tr + 1; j < cx->el[tr].end; j = cx->el[j].end) {
        const dl_node *x = cx->el[j].node;
        if (!dl_is_element(x, DL_TAG_td) && !dl_is_element(x, DL_TAG_th)) continue;
        while (col < DL_RUN_TABLE_COLUMNS - 1 && busy[col]) col++;
        long span = dl_cell_colspan(x), down = dl_cell_rowspan(x);
        int c0 = col, c1 = col + (int)(span > DL_RUN_TABLE_COLUMNS ? DL_RUN_TABLE_COLUMNS : span) - 1;
        if (c1 > DL_RUN_TABLE_COLUMNS - 1) c1 = DL_RUN_TABLE_COLUMNS - 1;
        table_cell cell = {j, r, (uint8_t)c0, (uint8_t)c1, 0, 0};
        if (g->nested[j] || g->code[j]) { /* a page laid out in cells, or a code listing (see decide_table) */
            g->long_cell = 1;
            return;
        }
        /* the blocks inside the cell (blocks are in document order) */
        uint32_t chars = 0;
        for (uint32_t q = first_block_at(b, j); q < b->n && b->el[q] < cx->el[j].end; q++) {
            cell.text = 1;
            chars += b->chars[q] < DL_RUN_TABLE_CELL_CHARS ? b->chars[q] : DL_RUN_TABLE_CELL_CHARS;
            if (keep[q]) cell.kept = 1;
        }
        if (chars >= DL_RUN_TABLE_CELL_CHARS) g->long_cell = 1;
        for (int c = c0; c <= c1; c++) {
            if (down > 1) occ[c] = (uint16_t)(down - 1 > 65535 ? 65535 : down - 1);
            busy[c] = 1;
            kept_col[c] += cell.kept;
            text_col[c] += cell.text;
        }
        g->row_kept[r] += cell.kept;
        g->row_text[r] += cell.text;
        if (grid_push_cell(g, cell) < 0) {
            g->failed = 1;
            return;
        }
        col = c1 + 1 < DL_RUN_TABLE_COLUMNS ? c1 + 1 : DL_RUN_TABLE_COLUMNS - 1;
    }
}

/* The data table at table index t, decided by rows and columns (see above). */
static int decide_table(const dl_actx *cx, const dl_blocks *b, const double *score, double never, uint32_t t,
                        table_grid *g, uint8_t *keep) {
    g->n = g->nrows = 0;
    g->long_cell = 0;
    uint16_t occ[DL_RUN_TABLE_COLUMNS] = {0};
    uint32_t kept_col[DL_RUN_TABLE_COLUMNS] = {0}, text_col[DL_RUN_TABLE_COLUMNS] = {0};
    /* the rows: the table's <tr> children and those of its row groups (as dl_table_shape reads them) */
    for (uint32_t j = t + 1; j < cx->el[t].end && !g->failed && !g->long_cell; j = cx->el[j].end) {
        const dl_node *x = cx->el[j].node;
        if (dl_is_element(x, DL_TAG_tr)) {
            place_row(cx, b, keep, j, g, occ, kept_col, text_col);
        } else if (dl_is_element(x, DL_TAG_thead) || dl_is_element(x, DL_TAG_tbody) || dl_is_element(x, DL_TAG_tfoot)) {
            for (uint32_t i = j + 1; i < cx->el[j].end && !g->failed && !g->long_cell; i = cx->el[i].end)
                if (dl_is_element(cx->el[i].node, DL_TAG_tr)) place_row(cx, b, keep, i, g, occ, kept_col, text_col);
        }
    }
    if (g->failed) return -1;
    if (g->long_cell) return 0; /* a page laid out in a table's cells: not a data table */
    for (size_t i = 0; i < g->n; i++) {
        const table_cell *c = &g->cell[i];
        if (!c->text) continue;
        /* a column by its cells: the most kept of the columns the cell covers */
        int col = 0;
        for (int k = c->c0; k <= c->c1 && !col; k++) col = 2 * kept_col[k] >= text_col[k];
        uint8_t on = (uint8_t)(2 * g->row_kept[c->row] >= g->row_text[c->row] && col);
        for (uint32_t j = c->el; j < cx->el[c->el].end; j++) {
            int32_t k = b->block_of[j];
            if (k >= 0 && b->el[k] == j) keep[k] = on && score[k] > never;
        }
    }
    return 0;
}

int dl_region_tables(const dl_actx *cx, const dl_blocks *b, const double *score, uint8_t *keep) {
    table_grid g = {0};
    int rc = 0;
    uint8_t *nested = NULL;
    for (uint32_t t = 0; t < cx->n && !nested; t++)
        if (dl_is_element(cx->el[t].node, DL_TAG_table) && !(nested = calloc(2 * (size_t)cx->n, 1))) return -1;
    if (!nested) return 0;
    uint8_t *code = nested + cx->n;
    /* which elements hold a table, a <pre>, children before parents */
    for (uint32_t i = cx->n; i-- > 1;) {
        int32_t p = cx->el[i].parent;
        if (p < 0) continue;
        if (nested[i] || dl_is_element(cx->el[i].node, DL_TAG_table)) nested[p] = 1;
        if (code[i] || dl_is_element(cx->el[i].node, DL_TAG_pre)) code[p] = 1;
    }
    g.nested = nested;
    g.code = code;
    for (uint32_t t = 0; t < cx->n && rc == 0; t++) {
        const dl_el *e = &cx->el[t];
        if (!dl_is_element(e->node, DL_TAG_table) || (e->flags & F_HARD)) continue;
        int any = 0;
        for (uint32_t k = first_block_at(b, t); k < b->n && b->el[k] < e->end && !any; k++) any = keep[k];
        dl_table_dims dims;
        if (!any || dl_table_shape(e->node, &dims)) continue;
        rc = decide_table(cx, b, score, DL_REGION_NEVER_SCORE, t, &g, keep);
    }
    free(g.cell);
    free(g.row_kept);
    free(g.row_text);
    free(nested);
    return rc;
}

/* ---- code between the paragraphs that speak of it -------------------------------------------------------
 *
 * A code block is short text of no sentence (one shell command is a few words, no stop), which the
 * classifier weighs like a stray label, the more so late in a long post: a technical post lost two of
 * its ten code blocks, each a single command. A code block is a <pre> (or a block inside one), or a
 * block whose text is all in a <code>, <kbd> or <samp> (highlighters set each line in a <div> around a
 * <code>). A run of dropped code blocks (the line numbers a highlighter sets beside them may sit
 * between) is kept when the block before it is kept and the block after it is too, or the one before
 * introduces it (it ends with a colon): what a post's paragraphs speak of is its text. Only the runs'
 * one-line blocks (DL_RUN_CODE_LINE characters at most): a listing of many lines the classifier weighs
 * as it is, since WCXB's truth leaves some out (a React component, a Go program in a tutorial: 0.9
 * of F1 lost on six pages when every dropped code block between kept paragraphs came back). */
#define DL_RUN_CODE_LINE 120
static int is_code_tag(const dl_node *n) {
    return dl_is_element(n, DL_TAG_code) || dl_is_element(n, DL_TAG_kbd) || dl_is_element(n, DL_TAG_samp);
}

static int code_block(const dl_actx *cx, const dl_blocks *b, uint32_t k) {
    uint32_t i = b->el[k];
    if (feat(b, k)[DL_BF_tag_pre] > 0.5f) return 1;
    int32_t a = cx->el[i].parent;
    for (int up = 0; a >= 0 && up < 3; up++, a = cx->el[a].parent) /* a block inside a <pre> */
        if (dl_is_element(cx->el[a].node, DL_TAG_pre)) return 1;
    /* the text all in one code element among the block's own inline children (a block child, a <pre>
     * inside a <div>, is a block of its own) */
    for (uint32_t c = i + 1; c < cx->el[i].end; c = cx->el[c].end)
        if ((cx->el[c].flags & F_INLINE) && is_code_tag(cx->el[c].node))
            return cx->el[c].chars >= b->chars[k] && b->chars[k] > 0;
    return 0;
}

/* A highlighter's line number: a short block of digits only. */
static int line_number(const dl_blocks *b, uint32_t k) {
    return b->chars[k] <= 8 && feat(b, k)[DL_BF_digit_share] >= 0.999f;
}

static void keep_code_runs(const dl_actx *cx, const dl_blocks *b, const double *score, double never, uint8_t *keep) {
    for (uint32_t k = 0; k < b->n;) {
        if (!line_number(b, k) && (keep[k] || !code_block(cx, b, k))) {
            k++;
            continue;
        }
        /* the run: dropped code blocks and line numbers (kept or not) from k on */
        uint32_t end = k;
        while (end < b->n && (line_number(b, end) || (!keep[end] && code_block(cx, b, end)))) end++;
        int before = k > 0 && keep[k - 1];
        int after = end < b->n && keep[end];
        int intro = before && b->shape[k - 1].last == ':';
        if (before && (after || intro))
            for (uint32_t q = k; q < end; q++)
                if (!line_number(b, q) && score[q] > never && b->chars[q] <= DL_RUN_CODE_LINE && code_block(cx, b, q))
                    keep[q] = 1;
        k = end;
    }
}

/* ---- the body the page declares -------------------------------------------------------------------------
 *
 * A page that marks its article body with microdata (itemprop="articleBody", schema.org's property of an
 * Article) says where its text is. The classifier decides without it, and on most pages it finds the
 * same text; where it keeps less than half of the declared body's text (a body set as one <span> of
 * <br>-separated lines among other markup, an old template's odd nesting), the body's blocks that are
 * not all link text are kept. Not a hidden body (hidden_for_machines in regions.c: a copy for search
 * engines) and not one of less than DL_RUN_DECLARED_MIN_CHARS (a summary). */
#define DL_RUN_DECLARED_MIN_CHARS 200

/* Whether attribute value v lists the token "articleBody" (itemprop is a space-separated list). */
static int lists_article_body(const dl_attr *a) {
    const char *v = a->value.ptr;
    size_t n = a->value.len;
    for (size_t i = 0; i < n;) {
        while (i < n && (v[i] == ' ' || v[i] == '\t' || v[i] == '\n' || v[i] == '\r' || v[i] == '\f')) i++;
        size_t j = i;
        while (j < n && !(v[j] == ' ' || v[j] == '\t' || v[j] == '\n' || v[j] == '\r' || v[j] == '\f')) j++;
        if (j - i == 11 && memcmp(v + i, "articleBody", 11) == 0) return 1;
        i = j;
    }
    return 0;
}

static void keep_declared_body(const dl_actx *cx, const dl_blocks *b, const double *score, double never, uint8_t *keep) {
    for (uint32_t i = 0; i < cx->n;) {
        const dl_el *e = &cx->el[i];
        const dl_attr *a;
        if (e->node->ns != DL_NS_HTML || !e->node->u.element.nattrs || !(a = dl_element_attr(e->node, "itemprop", 8)) ||
            !lists_article_body(a) || (e->flags & (F_HIDDEN | F_HARD))) {
            i++;
            continue;
        }
        /* the body's blocks: those inside it, and the block around it when it is inline (a <span>'s text
         * is the text of the block that holds it) */
        uint32_t first = first_block_at(b, i), stop = first;
        while (stop < b->n && b->el[stop] < e->end) stop++;
        int32_t host = b->block_of[i] >= 0 && b->el[b->block_of[i]] < i ? b->block_of[i] : -1;
        uint64_t all = 0, kept = 0;
        for (int pass = 0; pass < 2; pass++) {
            for (uint32_t q = host >= 0 ? first - 1 : first; q < stop; q++) {
                uint32_t k = q == first - 1 ? (uint32_t)host : q; /* first - 1: the host's turn */
                const float *x = feat(b, k);
                if (score[k] <= never || x[DL_BF_in_hidden] > 0.5f) continue;
                if (!pass) {
                    all += b->chars[k];
                    kept += keep[k] ? b->chars[k] : 0;
                } else if (x[DL_BF_link_density] < 0.999f) {
                    keep[k] = 1;
                }
            }
            if (all < DL_RUN_DECLARED_MIN_CHARS || 2 * kept >= all) break;
        }
        i = e->end; /* a body inside the body is the same text */
    }
}

int dl_region_runs(const dl_actx *cx, const dl_blocks *b, int model, const double *score, uint8_t *keep) {
    if (!b->n) return 0;
    /* the model's place bias and its view of short code: only where the model chose */
    if (model && continue_paragraphs(cx, b, score, DL_REGION_NEVER_SCORE, keep) < 0) return -1;
    if (model) keep_code_runs(cx, b, score, DL_REGION_NEVER_SCORE, keep);
    keep_declared_body(cx, b, score, DL_REGION_NEVER_SCORE, keep);
    return 0;
}
