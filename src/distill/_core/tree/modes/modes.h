/* What tree/modes/ offers: the insertion modes of the HTML Standard (13.2.6.4), one function each
 * (tb_mode_<name>, declared in tree/tb_internal.h), in one file per mode or small family of modes:
 *
 *   initial.c          "initial" (with the DOCTYPE's quirks mode), "before html", "before head"
 *   in_head.c          "in head", "in head noscript"
 *   after_head.c       "after head"
 *   in_body.c          "in body" (with "any other end tag" and the <html>/<body> attribute merge)
 *   text.c             "text"
 *   in_table.c         "in table", "in table text"
 *   in_caption.c       "in caption"
 *   in_column_group.c  "in column group"
 *   in_table_body.c    "in table body"
 *   in_row.c           "in row"
 *   in_cell.c          "in cell"
 *   in_template.c      "in template"
 *   after_body.c       "after body", "after after body"
 *   in_frameset.c      "in frameset", "after frameset", "after after frameset"
 *
 * There is no "in select" or "in select in table": the parser follows the customizable-select rules,
 * under which <select> is parsed in "in body". The rules for foreign content (13.2.6.5) are in
 * tree/foreign.c. No mode calls another: each returns a TB_STEP_* result (tb_internal.h) and the
 * dispatcher in treebuilder.c runs what it asks for, so these files call only the layers below
 * (open_elements.c, scope.c, active_formatting.c, insertion.c, implied_end_tags.c, reset_mode.c,
 * adoption.c, foreign_adjust.c, dom.c).
 *
 * This header also holds the few small helpers several modes share, inline so the hot paths keep them
 * in registers. Character tokens are runs: a mode consumes the prefix it handles (advancing t->data)
 * and the dispatcher feeds the rest back, so a run that mixes whitespace, other characters and NULs is
 * split exactly where the mode's rules differ. */
#ifndef DL_TREE_MODES_H
#define DL_TREE_MODES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/ascii.h"
#include "tree/tb_internal.h"

#define START(t) ((t)->type == DL_TOK_START_TAG)
#define END(t) ((t)->type == DL_TOK_END_TAG)
#define CHARS(t) ((t)->type == DL_TOK_CHARACTER)

/* The length of the run's leading ASCII whitespace (tab, LF, FF, CR, space). */
static inline size_t ws_prefix(const tb_token *t) {
    size_t i = 0;
    while (i < t->data.len && tb_ws((unsigned char)t->data.ptr[i])) i++;
    return i;
}

/* The mode handled the first n characters of the run. */
static inline void consume(tb_token *t, size_t n) {
    t->data.ptr += n;
    t->data.len -= n;
}

/* "A character token that is one of U+0009 CHARACTER TABULATION, U+000A LINE FEED (LF), U+000C FORM
 * FEED (FF), U+000D CARRIAGE RETURN (CR), or U+0020 SPACE: process the token using the rules for the
 * "in body" insertion mode", in the modes after the body and after the frameset. Only the run's
 * whitespace prefix is such a token, but "in body" would take the whole run (up to a NUL), other
 * characters included, which these modes must not let in ("after after frameset" ignores them, the
 * after-body modes first go back to "in body"). So the prefix is taken here by in body's rule for
 * whitespace: reconstruct the active formatting elements, insert the characters. */
static inline int whitespace_using_in_body(tb *b, tb_token *t, size_t n) {
    if (tb_reconstruct(b)) return -1;
    int r = tb_insert_chars(b, t->data.ptr, n);
    consume(t, n);
    return r;
}

/* The run's characters up to its first whitespace are ignored (a parse error, in the modes that use it). */
static inline void ignore_non_ws(tb_token *t) {
    size_t i = 0;
    while (i < t->data.len && !tb_ws((unsigned char)t->data.ptr[i])) i++;
    consume(t, i);
}

static inline const dl_token_attr *tok_attr(const tb_token *t, const char *name) {
    size_t n = strlen(name);
    for (size_t i = 0; i < t->nattrs; i++)
        if (t->attrs[i].name.len == n && memcmp(t->attrs[i].name.ptr, name, n) == 0) return &t->attrs[i];
    return NULL;
}

static inline int ieq(dl_slice s, const char *lit) { return dl_ascii_eq_ci_lit(s.ptr, s.len, lit); }

static inline int one_of(uint32_t atom, const uint32_t *set, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (set[i] == atom) return 1;
    return 0;
}
/* The tag is one of the atoms listed ("a start tag whose tag name is one of: ..."). */
#define IN(atom, ...) one_of((atom), (const uint32_t[]){__VA_ARGS__}, sizeof((const uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t))

/* "If there is a template element on the stack of open elements". */
static inline int template_on_stack(tb *b) { return tb_count(b, DL_TAG_template) > 0; }

/* "Insert an HTML element for the token. Immediately pop the current node off the stack of open
 * elements. Acknowledge the token's self-closing flag, if it is set." */
static inline int insert_void(tb *b, const tb_token *t) {
    if (!tb_insert_html(b, t)) return -1;
    tb_pop_self_closed(b);
    return 0;
}

/* The generic raw text element parsing algorithm and the generic RCDATA element parsing algorithm
 * (HTML Standard 13.2.6.2), https://html.spec.whatwg.org/multipage/parsing.html#generic-raw-text-element-parsing-algorithm:
 * 1. insert an HTML element for the token; 2. switch the tokenizer to the RAWTEXT or RCDATA state (or
 * script data: "in head" does the same for <script>); 3. let the original insertion mode be the current
 * insertion mode; 4. switch the insertion mode to "text". */
static inline int generic_text_element(tb *b, const tb_token *t, dl_tokenizer_initial_state st) {
    if (!tb_insert_html(b, t)) return -1;
    if (b->tz) dl_tokenizer_set_state(b->tz, st);
    b->original_mode = b->mode;
    b->mode = M_TEXT;
    return 0;
}

/* "Stop parsing" (HTML Standard 13.2.7), as far as the tree goes: pop all the nodes off the stack of
 * open elements; nothing is processed after it. */
static inline void stop_parsing(tb *b) {
    while (b->depth) tb_pop(b);
    b->done = 1;
}

#endif
