/* The insertion mode's state (HTML Standard 13.2.4.1, https://html.spec.whatwg.org/multipage/parsing.html#the-insertion-mode): the
 * stack of template insertion modes and "reset the insertion mode appropriately". */
#include "tree/tb_internal.h"

int tb_tmode_push(tb *b, tb_mode m) {
    if (tb_grow((void **)&b->tmodes, &b->tmodecap, b->ntmodes + 1, 1)) return tb_oom(b);
    b->tmodes[b->ntmodes++] = (uint8_t)m;
    return 0;
}

void tb_tmode_pop(tb *b) {
    if (b->ntmodes) b->ntmodes--;
}

/* "Reset the insertion mode appropriately" (13.2.4.1 The insertion mode,
 * https://html.spec.whatwg.org/multipage/parsing.html#reset-the-insertion-mode-appropriately), in
 * the Standard's order: "last" is false; node is the last node of the stack; Loop: when node is the
 * first node of the stack, last is true and (fragment case) node is the context element; then, by
 * node: td/th not last -> in cell, tr -> in row, tbody/thead/tfoot -> in table body, caption -> in
 * caption, colgroup -> in column group, table -> in table, template -> the current template
 * insertion mode, head not last -> in head, body -> in body, frameset -> in frameset, html -> before
 * head or after head (by the head element pointer); last -> in body; else node is the entry before
 * it, back to Loop. (select no longer has a case: the Standard dropped the in-select modes.) */
void tb_reset_mode(tb *b) {
    /* Every element that decides the mode is "relevant", so walk the mirror stack. */
    for (size_t i = b->nrel; i-- > 0;) {
        dl_node *node = b->rel[i];
        int last = 0;
        if (b->rel[i] == b->stack[0]) {
            last = 1;
            if (b->context) node = b->context;
        }
        if (node->ns != DL_NS_HTML) {
            if (last) break;
            continue;
        }
        switch (node->atom) {
        case DL_TAG_td: case DL_TAG_th:
            if (!last) {
                b->mode = M_IN_CELL;
                return;
            }
            break;
        case DL_TAG_tr: b->mode = M_IN_ROW; return;
        case DL_TAG_tbody: case DL_TAG_thead: case DL_TAG_tfoot: b->mode = M_IN_TABLE_BODY; return;
        case DL_TAG_caption: b->mode = M_IN_CAPTION; return;
        case DL_TAG_colgroup: b->mode = M_IN_COLUMN_GROUP; return;
        case DL_TAG_table: b->mode = M_IN_TABLE; return;
        case DL_TAG_template: b->mode = b->ntmodes ? (tb_mode)b->tmodes[b->ntmodes - 1] : M_IN_TEMPLATE; return;
        case DL_TAG_head:
            if (!last) {
                b->mode = M_IN_HEAD;
                return;
            }
            break;
        case DL_TAG_body: b->mode = M_IN_BODY; return;
        case DL_TAG_frameset: b->mode = M_IN_FRAMESET; return;
        case DL_TAG_html:
            b->mode = b->head_el ? M_AFTER_HEAD : M_BEFORE_HEAD;
            return;
        default:
            break;
        }
        if (last) break;
    }
    b->mode = M_IN_BODY;
}
