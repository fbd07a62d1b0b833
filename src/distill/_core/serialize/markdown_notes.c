/* Footnotes in Markdown (see markdown_state.h): a note reference becomes [^label], the element it points
 * to, when the walk reaches it, "[^label]: " with its later lines indented. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "serialize/markdown_state.h"

static int note_cmp(const char *a, size_t an, const char *b, size_t bn) {
    int c = memcmp(a, b, an < bn ? an : bn);
    return c ? c : (an > bn) - (an < bn);
}

/* Index of the note with this id, or where it would go (*found says which). */
static size_t note_find(const md_state *st, const char *id, size_t n, int *found) {
    size_t lo = 0, hi = st->nnotes;
    *found = 0;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = note_cmp(st->notes[mid].id, st->notes[mid].id_len, id, n);
        if (c == 0) {
            *found = 1;
            return mid;
        }
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* Whether the class attribute contains `word` (lower case) anywhere, ASCII case-insensitively. */
static int has_class_word(const dl_node *el, const char *word) {
    const dl_attr *a = dl_element_attr(el, "class", 5);
    size_t n = strlen(word);
    if (!a || a->value.len < n) return 0;
    for (size_t i = 0; i + n <= a->value.len; i++)
        if (dl_ascii_ieq(a->value.ptr + i, word, n)) return 1;
    return 0;
}

/* A note reference: a link to a fragment, showing a short mark ("1", "[2]", "*"), that a page marks as
 * one: inside (or around) a <sup>, role="doc-noteref", or a class naming a footnote. */
static int is_note_ref(const dl_node *a) {
    const dl_node *only = a->first_child;
    int sup = dl_is_element(a->parent, DL_TAG_sup) || (only && !only->next && dl_is_element(only, DL_TAG_sup));
    const dl_attr *role = dl_element_attr(a, "role", 4);
    int marked = sup || (role && role->value.len == 11 && memcmp(role->value.ptr, "doc-noteref", 11) == 0) ||
                 has_class_word(a, "footnote") || has_class_word(a, "fnref");
    return marked;
}

/* A link back from a definition to its reference ("↩"), which a footnote's own syntax replaces. */
int md_is_note_backref(const dl_node *a, const dl_attr *href) {
    if (!href->value.len || href->value.ptr[0] != '#') return 0;
    const dl_attr *role = dl_element_attr(a, "role", 4);
    if (role && role->value.len == 12 && memcmp(role->value.ptr, "doc-backlink", 12) == 0) return 1;
    return has_class_word(a, "backref") || has_class_word(a, "footnote-back") || has_class_word(a, "reversefootnote");
}

/* Write [^label] for a note reference; 0 when it is not one (or too many notes), -1 out of memory. */
int md_note_reference(md_state *st, const dl_node *a, const dl_attr *href) {
    if (href->value.len < 2 || href->value.ptr[0] != '#' || !is_note_ref(a)) return 0;
    md_gather(st, a, 1);
    dl_htmlbuf *g = &st->gather;
    if (g->failed || !g->len || g->len > 8) return 0;
    char label[24];
    size_t ll = 0;
    for (size_t i = 0; i < g->len; i++) {
        unsigned char c = (unsigned char)g->data[i];
        if (md_is_alnum(c) && c < 0x80 && ll < sizeof(label)) label[ll++] = (char)c;
    }
    const char *id = href->value.ptr + 1;
    size_t idn = href->value.len - 1;
    if (!ll) /* a mark like "*": the label comes from the id */
        for (size_t i = 0; i < idn && ll < sizeof(label); i++)
            if (md_is_alnum((unsigned char)id[i]) && (unsigned char)id[i] < 0x80) label[ll++] = id[i];
    if (!ll) return 0;
    int found;
    size_t at = note_find(st, id, idn, &found);
    if (!found) {
        if (st->nnotes >= MD_MAX_NOTES) return 0;
        if (st->nnotes == st->capnotes) {
            size_t cap = st->capnotes ? st->capnotes * 2 : 16;
            md_note *p = realloc(st->notes, cap * sizeof(*p));
            if (!p) return -1;
            st->notes = p;
            st->capnotes = cap;
        }
        memmove(st->notes + at + 1, st->notes + at, (st->nnotes - at) * sizeof(*st->notes));
        md_note *note = &st->notes[at];
        memset(note, 0, sizeof(*note));
        note->id = id;
        note->id_len = idn;
        memcpy(note->label, label, ll);
        note->label_len = (uint8_t)ll;
        st->nnotes++;
    }
    md_note *note = &st->notes[at];
    char mark[32];
    int k = snprintf(mark, sizeof(mark), "[^%.*s]", (int)note->label_len, note->label);
    md_before_content(st);
    /* glued to the word before it, as the superscript was */
    dl_lw_word(&st->lw, mark, (size_t)k);
    return 1;
}

/* Open a footnote definition when el is the target of a reference seen before: "[^label]: " on its
 * first line, its later lines indented. Returns 1 when it did. */
int md_note_definition(md_state *st, const dl_node *el, md_frame *f) {
    const dl_attr *id = dl_element_attr(el, "id", 2);
    if (!id) return 0;
    int found;
    size_t at = note_find(st, id->value.ptr, id->value.len, &found);
    if (!found || st->notes[at].defined) return 0;
    md_note *note = &st->notes[at];
    note->defined = 1;
    char first[32];
    int k = snprintf(first, sizeof(first), "[^%.*s]: ", (int)note->label_len, note->label);
    st->br_pending = 0;
    dl_lw_break(&st->lw, 2);
    dl_lw_push_container(&st->lw, first, (size_t)k, "    ", 4);
    f->flags |= MF_NOTE;
    st->in_note++;
    return 1;
}
