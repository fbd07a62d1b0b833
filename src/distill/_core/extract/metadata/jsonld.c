/* A small JSON-LD reader. See jsonld.h. */
#include "common/ascii.h"
#include "extract/metadata/jsonld.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A JSON-LD value kept for one field at most: a headline, a name or a description, not a document. */
#define DL_JSONLD_VALUE_MAX 8192
/* Objects whose @type dl_jsonld_find remembers at most. */
#define DL_JSONLD_TYPED_MAX 64

#define is_space dl_ascii_is_space

int dl_jsonld_key_is(const char *k, size_t n, const char *w) { return strlen(w) == n && memcmp(k, w, n) == 0; }

typedef struct {
    char kind;          /* '{' or '[' */
    const char *key;    /* the key this object or array is the value of */
    size_t key_len;
    const char *type;   /* the object's @type once read (the first string of an @type array) */
    size_t type_len;
    unsigned object;    /* for '[': the ordinal of the object around it */
} level;

/* The walk's state: the stack of open objects and arrays, and the key the next value is under. */
typedef struct {
    level st[DL_JSONLD_DEPTH];
    int depth, expect_key, objects_depth;
    unsigned objects;
    const char *key, *pending_key;
    size_t key_len, pending_len;
    size_t skip_depth; /* > 0: inside structure deeper than the stack, only brackets are counted */
} walker;

/* An object or an array opens (c is '{' or '['). */
static void open_level(walker *w, char c) {
    if (w->skip_depth || w->depth >= DL_JSONLD_DEPTH) {
        w->skip_depth++;
        return;
    }
    level *st = w->st;
    level *l = &st[w->depth++];
    l->kind = c;
    l->key = w->pending_key;
    l->key_len = w->pending_len;
    if (c == '{') {
        w->objects_depth++;
        l->object = ++w->objects;
        l->type = NULL;
        l->type_len = 0;
        w->expect_key = 1;
    } else {
        /* an array's entries belong to the object around it, under the array's key */
        int depth = w->depth;
        l->object = depth > 1 ? st[depth - 2].object : 0;
        l->type = depth > 1 ? st[depth - 2].type : NULL;
        l->type_len = depth > 1 ? st[depth - 2].type_len : 0;
        w->expect_key = 0;
    }
}

/* An object or an array closes. Returns 0 at a bracket that closes nothing: the input is malformed and
 * the walk ends. */
static int close_level(walker *w) {
    if (w->skip_depth) {
        w->skip_depth--;
        return 1;
    }
    if (w->depth == 0) return 0;
    if (w->st[w->depth - 1].kind == '{') w->objects_depth--;
    w->depth--;
    /* back in an array, the next value is another entry under the same key */
    if (w->depth > 0 && w->st[w->depth - 1].kind == '[') {
        w->pending_key = w->st[w->depth - 1].key;
        w->pending_len = w->st[w->depth - 1].key_len;
    }
    w->expect_key = 0;
    return 1;
}

/* The string s[a..b): a key, or a value, which fn is given with its key, its parent's key, and its
 * object's @type and ordinal. Returns fn's answer (non-zero: stop), 0 for a key. */
static int string_at(walker *w, const char *s, size_t a, size_t b, dl_jsonld_fn fn, void *user) {
    int depth = w->depth;
    if (w->skip_depth || depth == 0) return 0;
    level *st = w->st, *l = &st[depth - 1];
    if (w->expect_key) {
        w->pending_key = s + a;
        w->pending_len = b - a;
        w->key = w->pending_key;
        w->key_len = w->pending_len;
        w->expect_key = 0;
        return 0;
    }
    if (l->kind == '[') {
        w->key = l->key;
        w->key_len = l->key_len;
    } else {
        w->key = w->pending_key;
        w->key_len = w->pending_len;
    }
    /* the object's @type (a string, or the first string of an @type array) */
    if (dl_jsonld_key_is(w->key, w->key_len, "@type")) {
        level *obj = l->kind == '{' ? l : (depth > 1 && st[depth - 2].kind == '{' ? &st[depth - 2] : NULL);
        if (obj && !obj->type) {
            obj->type = s + a;
            obj->type_len = b - a;
        }
    }
    const level *parent = l->kind == '[' ? (depth > 1 ? &st[depth - 2] : NULL) : l;
    const level *holder = NULL; /* the object or array whose key is the parent key */
    if (parent) {
        holder = parent;
        /* the object in an array: its parent key is the array's key */
        if (holder->kind == '{' && holder->key_len == 0 && depth > 1 && st[depth - 2].kind == '[' && l == holder)
            holder = &st[depth - 2];
    }
    dl_jsonld_value v;
    v.key = w->key;
    v.key_len = w->key_len;
    v.parent_key = holder ? holder->key : "";
    v.parent_key_len = holder ? holder->key_len : 0;
    const level *obj = l->kind == '{' ? l : (depth > 1 && st[depth - 2].kind == '{' ? &st[depth - 2] : NULL);
    v.type = obj ? obj->type : NULL;
    v.type_len = obj ? obj->type_len : 0;
    v.object = obj ? obj->object : 0;
    v.depth = w->objects_depth;
    v.value = s + a;
    v.value_len = b - a;
    return fn(user, &v);
}

int dl_jsonld_walk(const char *s, size_t n, dl_jsonld_fn fn, void *user) {
    walker w;
    w.depth = w.expect_key = w.objects_depth = 0;
    w.objects = 0;
    w.key = w.pending_key = "";
    w.key_len = w.pending_len = 0;
    w.skip_depth = 0;
    for (size_t i = 0; i < n;) {
        char c = s[i];
        if (is_space((unsigned char)c)) {
            i++;
        } else if (c == '{' || c == '[') {
            i++;
            open_level(&w, c);
        } else if (c == '}' || c == ']') {
            i++;
            if (!close_level(&w)) return 0;
        } else if (c == ',') {
            i++;
            w.expect_key = !w.skip_depth && w.depth > 0 && w.st[w.depth - 1].kind == '{';
        } else if (c == ':') {
            i++;
            w.expect_key = 0;
        } else if (c == '"') {
            size_t a = ++i;
            while (i < n && s[i] != '"') i += s[i] == '\\' ? 2 : 1;
            if (i > n) i = n;
            size_t b = i;
            i++;
            if (string_at(&w, s, a, b, fn, user)) return 1;
        } else {
            /* number, true, false, null: up to the next structural character */
            while (i < n && s[i] != ',' && s[i] != '}' && s[i] != ']' && s[i] != '"' && !is_space((unsigned char)s[i])) i++;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ find */

typedef struct {
    const char *type, *key;
    unsigned typed[DL_JSONLD_TYPED_MAX];
    size_t ntyped;
    const char *found;
    size_t found_len;
} finder;

static int raw_type_is(const char *t, size_t n, const char *want) {
    /* "Product", "schema:Product" and "http://schema.org/Product" all name the type */
    size_t wl = strlen(want);
    if (n < wl || memcmp(t + n - wl, want, wl) != 0) return 0;
    return n == wl || t[n - wl - 1] == ':' || t[n - wl - 1] == '/';
}

static int collect_types(void *user, const dl_jsonld_value *v) {
    finder *f = user;
    if (dl_jsonld_key_is(v->key, v->key_len, "@type") && raw_type_is(v->value, v->value_len, f->type) && v->object &&
        f->ntyped < DL_JSONLD_TYPED_MAX)
        f->typed[f->ntyped++] = v->object;
    return 0;
}

static int find_value(void *user, const dl_jsonld_value *v) {
    finder *f = user;
    if (!dl_jsonld_key_is(v->key, v->key_len, f->key) || !v->value_len) return 0;
    for (size_t k = 0; k < f->ntyped; k++)
        if (f->typed[k] == v->object) {
            f->found = v->value;
            f->found_len = v->value_len;
            return 1;
        }
    return 0;
}

int dl_jsonld_find(const char *json, size_t len, const char *type, const char *key, dl_buf *out) {
    finder f;
    memset(&f, 0, sizeof f);
    f.type = type;
    f.key = key;
    dl_jsonld_walk(json, len, collect_types, &f);
    if (!f.ntyped || !dl_jsonld_walk(json, len, find_value, &f)) return 0;
    return dl_jsonld_unescape(f.found, f.found_len, out) < 0 ? -1 : 1;
}

/* ------------------------------------------------------------------ strings */

static size_t put_utf8(char *u, uint32_t cp) {
    if (cp < 0x80) {
        u[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        u[0] = (char)(0xC0 | (cp >> 6));
        u[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        u[0] = (char)(0xE0 | (cp >> 12));
        u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    u[0] = (char)(0xF0 | (cp >> 18));
    u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    u[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    u[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

static int hex4(const char *s, size_t n, size_t i, uint32_t *v) {
    if (i + 4 > n) return 0;
    uint32_t r = 0;
    for (size_t k = 0; k < 4; k++) {
        char c = s[i + k];
        r <<= 4;
        if (c >= '0' && c <= '9') r |= (uint32_t)(c - '0');
        else if (c >= 'a' && c <= 'f') r |= (uint32_t)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') r |= (uint32_t)(c - 'A' + 10);
        else return 0;
    }
    *v = r;
    return 1;
}

int dl_jsonld_unescape(const char *s, size_t n, dl_buf *out) {
    if (n > DL_JSONLD_VALUE_MAX) {
        n = DL_JSONLD_VALUE_MAX; /* cut on a character boundary, so the value stays valid UTF-8 */
        while (n && ((unsigned char)s[n] & 0xC0) == 0x80) n--;
    }
    dl_buf raw = {0};
    for (size_t i = 0; i < n;) {
        if (s[i] != '\\') {
            size_t j = i;
            while (j < n && s[j] != '\\') j++;
            dl_buf_append(&raw, s + i, j - i);
            i = j;
            continue;
        }
        if (i + 1 >= n) break;
        char e = s[i + 1];
        i += 2;
        char u[4];
        switch (e) {
        case 'n': case 't': case 'r': case 'f': case 'b': dl_buf_append(&raw, " ", 1); break;
        case 'u': {
            uint32_t cp;
            if (!hex4(s, n, i, &cp)) {
                cp = 0xFFFD;
            } else {
                i += 4;
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    uint32_t lo;
                    if (i + 1 < n && s[i] == '\\' && s[i + 1] == 'u' && hex4(s, n, i + 2, &lo) && lo >= 0xDC00 &&
                        lo <= 0xDFFF) {
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                        i += 6;
                    } else {
                        cp = 0xFFFD;
                    }
                } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    cp = 0xFFFD;
                } else if (cp == 0) {
                    cp = 0xFFFD; /* a NUL would cut the C string the value becomes */
                }
            }
            dl_buf_append(&raw, u, put_utf8(u, cp));
            break;
        }
        default: dl_buf_append(&raw, &e, 1); break; /* \" \\ \/ and anything else as itself */
        }
    }
    int rc = raw.failed ? -1 : 0;
    if (rc == 0 && raw.len) rc = dl_fold_append(out, raw.data, raw.len);
    dl_buf_free(&raw);
    return rc;
}
