#include "tree/dom.h"

#include <stdlib.h>
#include <string.h>

#include "common/bytes.h"

dl_document *dl_document_new(const char *source, size_t source_len) {
    dl_document *doc = calloc(1, sizeof(*doc));
    if (!doc) return NULL;
    dl_arena_init(&doc->arena);
    doc->source = source;
    doc->source_len = source_len;
    doc->scripting = 1;
    return doc;
}

void dl_document_free(dl_document *doc) {
    if (!doc) return;
    dl_arena_free(&doc->arena);
    free(doc->atoms.names);
    free(doc->owned_buffer);
    free(doc);
}

static dl_node *node_new(dl_document *doc, uint8_t type) {
    dl_node *n = dl_arena_calloc(&doc->arena, 1, sizeof(dl_node));
    if (!n) return NULL;
    n->type = type;
    n->span_start = n->span_end = DL_NO_SPAN;
    doc->node_count++;
    return n;
}

dl_node *dl_node_new_element(dl_document *doc, uint32_t atom, uint8_t ns) {
    dl_node *n = node_new(doc, DL_NODE_ELEMENT);
    if (n) {
        n->atom = atom;
        n->ns = ns;
        if (atom == DL_TAG_noscript && doc->nnoscripts < UINT32_MAX) {
            if (doc->nnoscripts < DL_DOC_NOSCRIPTS) doc->noscripts[doc->nnoscripts] = n;
            doc->nnoscripts++;
        }
    }
    return n;
}

static dl_node *node_new_data(dl_document *doc, uint8_t type, const char *data, size_t len, int copy) {
    dl_node *n = node_new(doc, type);
    if (!n) return NULL;
    if (copy && len) {
        char *p = dl_arena_strndup(&doc->arena, data, len);
        if (!p) return NULL;
        data = p;
    }
    n->u.text.ptr = len ? data : "";
    n->u.text.len = len;
    return n;
}

dl_node *dl_node_new_text(dl_document *doc, const char *data, size_t len, int copy) {
    return node_new_data(doc, DL_NODE_TEXT, data, len, copy);
}

dl_node *dl_node_new_comment(dl_document *doc, const char *data, size_t len, int copy) {
    return node_new_data(doc, DL_NODE_COMMENT, data, len, copy);
}

dl_node *dl_node_new_doctype(dl_document *doc) {
    dl_node *n = node_new(doc, DL_NODE_DOCTYPE);
    if (!n) return NULL;
    n->u.doctype = dl_arena_calloc(&doc->arena, 1, sizeof(dl_doctype));
    if (!n->u.doctype) return NULL;
    n->u.doctype->name.ptr = n->u.doctype->public_id.ptr = n->u.doctype->system_id.ptr = "";
    return n;
}

dl_node *dl_node_new_fragment(dl_document *doc) { return node_new(doc, DL_NODE_FRAGMENT); }

void dl_node_remove(dl_node *child) {
    dl_node *p = child->parent;
    if (!p) return;
    if (child->prev) child->prev->next = child->next;
    else p->first_child = child->next;
    if (child->next) child->next->prev = child->prev;
    else p->last_child = child->prev;
    child->parent = child->prev = child->next = NULL;
}

void dl_node_insert_before(dl_node *parent, dl_node *child, dl_node *ref) {
    if (child->parent) dl_node_remove(child);
    child->parent = parent;
    if (!ref) {
        child->prev = parent->last_child;
        child->next = NULL;
        /* the link to write is chosen, not branched to: whether the parent has children yet is as
         * likely as not while a page is built, a branch the processor mispredicts often */
        dl_node **link = parent->last_child ? &parent->last_child->next : &parent->first_child;
        *link = child;
        parent->last_child = child;
        return;
    }
    child->next = ref;
    child->prev = ref->prev;
    if (ref->prev) ref->prev->next = child;
    else parent->first_child = child;
    ref->prev = child;
}

void dl_node_append(dl_node *parent, dl_node *child) { dl_node_insert_before(parent, child, NULL); }

/* Per-document atoms live in an open-addressing hash of indices into doc->atoms.names, so a page with
 * a million distinct custom tag names interns in linear time. The hash lives beside the table (dom.h
 * keeps its layout): it is allocated with the names array, in the same block, after `cap` names. */
static uint32_t name_hash(const char *s, size_t n) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

/* Slots follow the names: 2*cap uint32 slots (0 = empty, else index+1). */
static uint32_t *atom_slots(const dl_atom_table *t) { return (uint32_t *)(void *)(t->names + t->cap); }

uint32_t dl_document_intern(dl_document *doc, const char *name, size_t len) {
    uint32_t a = dl_atom_lookup(name, len);
    if (a != DL_TAG__NONE) return a;
    dl_atom_table *t = &doc->atoms;
    uint32_t h = name_hash(name, len);
    if (t->cap) {
        uint32_t mask = 2 * t->cap - 1, *slots = atom_slots(t);
        for (uint32_t i = h & mask;; i = (i + 1) & mask) {
            uint32_t s = slots[i];
            if (!s) break;
            const dl_str *nm = &t->names[s - 1];
            if (nm->len == len && memcmp(nm->ptr, name, len) == 0) return DL_TAG__COUNT + s - 1;
        }
    }
    if (t->count >= UINT32_MAX / 4 - DL_TAG__COUNT) return DL_TAG__NONE;
    if (t->count == t->cap) {
        uint32_t cap = t->cap ? t->cap * 2 : 8;
        size_t bytes = (size_t)cap * sizeof(dl_str) + (size_t)cap * 2 * sizeof(uint32_t);
        dl_str *n = malloc(bytes);
        if (!n) return DL_TAG__NONE;
        if (t->count) memcpy(n, t->names, t->count * sizeof(dl_str));
        free(t->names);
        t->names = n;
        t->cap = cap;
        uint32_t mask = 2 * cap - 1, *slots = atom_slots(t);
        memset(slots, 0, (size_t)cap * 2 * sizeof(uint32_t));
        for (uint32_t k = 0; k < t->count; k++) {
            uint32_t i = name_hash(t->names[k].ptr, t->names[k].len) & mask;
            while (slots[i]) i = (i + 1) & mask;
            slots[i] = k + 1;
        }
    }
    char *copy = dl_arena_strndup(&doc->arena, name, len);
    if (!copy) return DL_TAG__NONE;
    t->names[t->count].ptr = copy;
    t->names[t->count].len = len;
    uint32_t mask = 2 * t->cap - 1, *slots = atom_slots(t);
    uint32_t i = h & mask;
    while (slots[i]) i = (i + 1) & mask;
    slots[i] = t->count + 1;
    return DL_TAG__COUNT + t->count++;
}

dl_str dl_document_atom_name(const dl_document *doc, uint32_t atom) {
    dl_str s = {"", 0};
    if (atom < DL_TAG__COUNT) {
        size_t len = 0;
        const char *p = dl_atom_name(atom, &len);
        if (p) {
            s.ptr = p;
            s.len = len;
        }
    } else if (atom - DL_TAG__COUNT < doc->atoms.count) {
        s = doc->atoms.names[atom - DL_TAG__COUNT];
    }
    return s;
}

const dl_attr *dl_element_attr(const dl_node *el, const char *name, size_t len) {
    if (!el || el->type != DL_NODE_ELEMENT) return NULL;
    for (uint32_t i = 0; i < el->u.element.nattrs; i++) {
        const dl_attr *a = &el->u.element.attrs[i];
        if (a->name.len == len && dl_bytes_eq(a->name.ptr, name, len)) return a;
    }
    return NULL;
}

int dl_walk(const dl_node *root, dl_walk_enter enter, dl_walk_leave leave, void *ctx) {
    const dl_node *n = root;
    int s = enter(ctx, n);
    while (s != -2) {
        if (s == 1 && n->first_child) {
            n = n->first_child;
            s = enter(ctx, n);
            continue;
        }
        if (s >= 0) leave(ctx);
        if (n == root) return 0;
        while (!n->next) {
            n = n->parent; /* an ancestor below root: it was entered with 1, so it is left */
            leave(ctx);
            if (n == root) return 0;
        }
        n = n->next;
        s = enter(ctx, n);
    }
    return -2;
}
