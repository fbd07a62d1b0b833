/* "Closing elements that have implied end tags" (HTML Standard 13.2.6.3,
 * https://html.spec.whatwg.org/multipage/parsing.html#closing-elements-that-have-implied-end-tags), and "close a p element" of the in
 * body insertion mode, which is made of it. */
#include "tree/tb_internal.h"

/* The element kinds each pops (tree/atoms.h's generated categories). */
static int implied_end(const dl_node *n, int thorough) {
    return n->ns == DL_NS_HTML && (dl_tag_category(n->atom) & (thorough ? DL_CAT_IMPLIED_END_THOROUGH : DL_CAT_IMPLIED_END));
}

/* "Generate implied end tags" (https://html.spec.whatwg.org/multipage/parsing.html#generate-implied-end-tags): while the current
 * node is a dd, dt, li, optgroup, option, p, rb, rp, rt or rtc element, pop it; with an exception
 * named (except != 0), an element of that name stops it. */
void tb_generate_implied(tb *b, uint32_t except) {
    for (dl_node *n; (n = tb_current(b)) && implied_end(n, 0) && !(except && n->atom == except);) tb_pop(b);
}

/* "Generate all implied end tags thoroughly" (https://html.spec.whatwg.org/multipage/parsing.html#generate-all-implied-end-tags-thoroughly):
 * the same, with caption, colgroup, tbody, td, tfoot, th, thead and tr popped too. */
void tb_generate_implied_thoroughly(tb *b) {
    for (dl_node *n; (n = tb_current(b)) && implied_end(n, 1);) tb_pop(b);
}

/* "Close a p element" (13.2.6.4.7, https://html.spec.whatwg.org/multipage/parsing.html#close-a-p-element):
 * step 1, generate implied end tags except for p; step 2 (the current node is not a p) is a parse
 * error distill does not report; step 3, pop until a p has been popped. */
void tb_close_p(tb *b) {
    tb_generate_implied(b, DL_TAG_p);
    tb_pop_until_atom(b, DL_TAG_p);
}
