/* Texts as the title and byline rules compare them: a comparison form (ASCII lower case, typographic
 * quotes and dashes as ASCII, invisible characters and emphasis marks left out, white space folded) and,
 * in it, equality, a leading or a trailing part, a shared word; entities a page escaped twice, decoded;
 * a name written "Doe, Jane", and a name in a ", "-joined list. Pure functions of bytes: no tree.
 */
#include "extract/metadata/internal.h"

#include "extract/metadata/words.h"

/* The length of an invisible character at s[i] (0 when there is none): a soft hyphen (U+00AD), a
 * zero-width space (U+200B), a word joiner (U+2060) or a zero-width no-break space (U+FEFF). A page
 * puts them in a headline for where a line may break ("Assis&shy;tance"); the reader sees none of
 * them, and a title or a name with them does not match the same words typed. The zero-width joiner and
 * non-joiner stay: they change how the letters around them are written (emoji, Persian). */
size_t meta_invisible_at(const char *s, size_t n, size_t i) {
    const unsigned char *u = (const unsigned char *)s + i;
    size_t left = n - i;
    if (left >= 2 && u[0] == 0xC2 && u[1] == 0xAD) return 2;
    if (left >= 3 && u[0] == 0xE2 && ((u[1] == 0x80 && u[2] == 0x8B) || (u[1] == 0x81 && u[2] == 0xA0))) return 3;
    if (left >= 3 && u[0] == 0xEF && u[1] == 0xBB && u[2] == 0xBF) return 3;
    return 0;
}

/* The comparison form of a text: ASCII lower case, typographic quotes and dashes as ASCII, white
 * space folded; at most cap - 1 bytes. (The callers decode the entities a page escaped twice first:
 * meta_decode_entities.) */
static size_t norm(const char *s, size_t n, char *out, size_t cap) {
    size_t o = 0;
    int space = 0;
    for (size_t i = 0; i < n && o + 4 < cap; i++) {
        unsigned char c = (unsigned char)s[i];
        if (dl_ascii_is_space(c) || c == 0xA0) {
            space = o > 0;
            continue;
        }
        if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0xA0) { /* no-break space */
            space = o > 0;
            i++;
            continue;
        }
        size_t hidden = (c == 0xC2 || c == 0xE2 || c == 0xEF) ? meta_invisible_at(s, n, i) : 0;
        if (hidden) { /* not seen, so not compared (meta_invisible_at) */
            i += hidden - 1;
            continue;
        }
        /* a Markdown emphasis mark a CMS left in a declared title ("*A Treatise* (1792)" over the
         * <h1> "<em>A Treatise</em> (1792)"): the reader sees the words, not the marks */
        if (c == '*') continue;
        if (space) out[o++] = ' ';
        space = 0;
        if (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80) {
            unsigned char d = (unsigned char)s[i + 2];
            if (d == 0x98 || d == 0x99) { out[o++] = '\''; i += 2; continue; }
            if (d == 0x9C || d == 0x9D) { out[o++] = '"'; i += 2; continue; }
            if (d == 0x93 || d == 0x94) { out[o++] = '-'; i += 2; continue; }
        }
        out[o++] = (char)lower(c);
    }
    out[o] = 0;
    return o;
}

/* Whether a and b are the same non-empty text in the comparison form. */
int meta_same_text(const char *a, size_t an, const char *b, size_t bn) {
    char x[DL_META_TEXT_MAX + 8], y[DL_META_TEXT_MAX + 8];
    size_t xn = norm(a, an, x, sizeof x), yn = norm(b, bn, y, sizeof y);
    return xn && xn == yn && memcmp(x, y, xn) == 0;
}

/* Whether b starts with a's text followed by a separator or the end ("Headline" in "Headline | Site"). */
int meta_leads(const char *a, size_t an, const char *b, size_t bn) {
    char x[DL_META_TEXT_MAX + 8], y[DL_META_TEXT_MAX + 8];
    size_t xn = norm(a, an, x, sizeof x), yn = norm(b, bn, y, sizeof y);
    if (!xn || xn > yn || memcmp(x, y, xn) != 0) return 0;
    return xn == yn || y[xn] == ' ' || y[xn] == ':' || y[xn] == '|';
}

/* Whether a is the part of b after a colon (any_sep: or " | ", " - ", " – ", " — ", " · ", " • ", " » "),
 * and longer than the part before it ("science" of "Headline : science", a forum's name, is not),
 * compared in norm's form. */
int meta_trails_after(const char *a, size_t an, const char *b, size_t bn, int any_sep) {
    char x[DL_META_TEXT_MAX + 8], y[DL_META_TEXT_MAX + 8];
    size_t xn = norm(a, an, x, sizeof x), yn = norm(b, bn, y, sizeof y);
    if (!xn || xn + 3 > yn || memcmp(y + yn - xn, x, xn) != 0) return 0;
    size_t k = yn - xn;
    if (y[k - 1] != ' ') return 0;
    k--;
    if (xn <= k) return 0;
    if (y[k - 1] == ':') return 1;
    if (!any_sep) return 0;
    /* norm writes en and em dashes as '-' */
    static const char *const seps[] = {DL_MW_TRAILING_SEPARATORS};
    for (size_t i = 0; i < sizeof seps / sizeof seps[0]; i++) {
        size_t sl = strlen(seps[i]);
        if (k > sl && memcmp(y + k - sl, seps[i], sl) == 0) return 1;
    }
    return 0;
}

/* Where the rest of b starts after its leading part a and a separator (": ", " | ", " - "), for a
 * title that meta_leads(a, b). Returns 0 when nothing follows. */
int meta_leads_rest(const char *a, size_t an, const char *b, size_t bn, size_t *at, size_t *len) {
    (void)a;
    /* a's bytes lead b's up to case and spacing: find the separator after the first an bytes */
    size_t i = an < bn ? an : bn;
    while (i < bn && (dl_ascii_is_space((unsigned char)b[i]) || b[i] == ':' || b[i] == '|' || b[i] == '-')) i++;
    if (i >= bn) return 0;
    *at = i;
    *len = bn - i;
    return 1;
}

/* The character reference name[0..nl) (between "&" and ";": "amp", "#8211", "#x2013") appended to out
 * as UTF-8: numeric references to a scalar value, and the common named ones (words.h). Returns whether
 * it was one; out is left as it was when not. */
static int append_reference(const char *name, size_t nl, dl_buf *out) {
    static const struct {
        const char *name;
        const char *utf8;
#define DL_ENTITY(name, utf8) {name, utf8},
    } named[] = {DL_MW_NAMED_ENTITIES(DL_ENTITY)};
#undef DL_ENTITY
    int done = 0;
    if (nl >= 2 && name[0] == '#') {
        uint32_t cp = 0;
        int hex = name[1] == 'x' || name[1] == 'X', ok = 1;
        for (size_t k = hex ? 2 : 1; k < nl && ok; k++) {
            char c = name[k];
            uint32_t d;
            if (c >= '0' && c <= '9') d = (uint32_t)(c - '0');
            else if (hex && c >= 'a' && c <= 'f') d = (uint32_t)(c - 'a' + 10);
            else if (hex && c >= 'A' && c <= 'F') d = (uint32_t)(c - 'A' + 10);
            else ok = 0, d = 0;
            cp = cp * (hex ? 16 : 10) + d;
            if (cp > 0x10FFFF) ok = 0;
        }
        if (ok && nl > (size_t)(hex ? 2 : 1) && cp && !(cp >= 0xD800 && cp <= 0xDFFF)) {
            char u[4];
            size_t ul;
            if (cp < 0x80) u[0] = (char)cp, ul = 1;
            else if (cp < 0x800) u[0] = (char)(0xC0 | (cp >> 6)), u[1] = (char)(0x80 | (cp & 0x3F)), ul = 2;
            else if (cp < 0x10000)
                u[0] = (char)(0xE0 | (cp >> 12)), u[1] = (char)(0x80 | ((cp >> 6) & 0x3F)),
                u[2] = (char)(0x80 | (cp & 0x3F)), ul = 3;
            else
                u[0] = (char)(0xF0 | (cp >> 18)), u[1] = (char)(0x80 | ((cp >> 12) & 0x3F)),
                u[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), u[3] = (char)(0x80 | (cp & 0x3F)), ul = 4;
            dl_buf_append(out, u, ul);
            done = 1;
        }
    } else {
        for (size_t k = 0; k < sizeof named / sizeof named[0] && !done; k++)
            if (strlen(named[k].name) == nl && memcmp(named[k].name, name, nl) == 0) {
                dl_buf_append(out, named[k].utf8, strlen(named[k].utf8));
                done = 1;
            }
    }
    return done;
}

/* A page that escaped its title twice shows "&amp;" or "&#8211;" after parsing: the reader sees "&"
 * and "–". Decodes numeric references and the common named ones; anything else stays as written. */
void meta_decode_entities(const char *s, size_t n, dl_buf *out) {
    for (size_t i = 0; i < n;) {
        /* a no-break space is a space in a one-line title or name: "Headline&nbsp;|&nbsp;Site" is
         * written so the bar does not wrap, and the separator must still be found */
        if ((unsigned char)s[i] == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0xA0) {
            dl_buf_append(out, " ", 1);
            i += 2;
            continue;
        }
        if (s[i] != '&') {
            size_t j = i;
            while (j < n && s[j] != '&' &&
                   !((unsigned char)s[j] == 0xC2 && j + 1 < n && (unsigned char)s[j + 1] == 0xA0))
                j++;
            dl_buf_append(out, s + i, j - i);
            i = j;
            continue;
        }
        size_t j = i + 1;
        while (j < n && j - i < 12 && s[j] != ';' && s[j] != '&' && !dl_ascii_is_space((unsigned char)s[j])) j++;
        if (j < n && s[j] == ';' && append_reference(s + i + 1, j - i - 1, out)) {
            i = j + 1;
        } else {
            dl_buf_append(out, "&", 1);
            i++;
        }
    }
}

/* meta_same_text with the white space around each text left out. */
int meta_same_ci(const char *a, size_t an, const char *b, size_t bn) {
    while (an && dl_ascii_is_space((unsigned char)*a)) a++, an--;
    while (an && dl_ascii_is_space((unsigned char)a[an - 1])) an--;
    while (bn && dl_ascii_is_space((unsigned char)*b)) b++, bn--;
    while (bn && dl_ascii_is_space((unsigned char)b[bn - 1])) bn--;
    return meta_same_text(a, an, b, bn);
}

/* Whether a and b share a word of four bytes or more (compared in norm's form): an <h1> that is
 * about what the declared titles are about, not a widget's or a section's heading. */
int meta_share_word(const char *a, size_t an, const char *b, size_t bn) {
    char x[DL_META_TEXT_MAX + 8], y[DL_META_TEXT_MAX + 8];
    size_t xn = norm(a, an, x, sizeof x), yn = norm(b, bn, y, sizeof y);
    for (size_t i = 0; i < xn;) {
        while (i < xn && !dl_ascii_is_alnum((unsigned char)x[i]) && (unsigned char)x[i] < 0x80) i++;
        size_t j = i;
        while (j < xn && (dl_ascii_is_alnum((unsigned char)x[j]) || (unsigned char)x[j] >= 0x80)) j++;
        if (j - i >= 4) {
            for (size_t k = 0; k + (j - i) <= yn; k++) {
                if (memcmp(y + k, x + i, j - i) != 0) continue;
                int left = k == 0 || (!dl_ascii_is_alnum((unsigned char)y[k - 1]) && (unsigned char)y[k - 1] < 0x80);
                size_t e = k + (j - i);
                int right = e == yn || (!dl_ascii_is_alnum((unsigned char)y[e]) && (unsigned char)y[e] < 0x80);
                if (left && right) return 1;
            }
        }
        i = j;
    }
    return 0;
}

/* "Doe, Jane" (a library catalogue's order, written by some CMSs): the reader sees "Jane Doe". Only
 * for two single words, so "Jane Doe, John Roe" stays two authors. */
int meta_inverted_name(const char *s, size_t n, size_t *comma) {
    size_t c = n, spaces = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == ',') {
            if (c != n) return 0;
            c = i;
        } else if (s[i] == ' ') {
            spaces++;
        }
    }
    if (c == n || c == 0 || c + 2 >= n || s[c + 1] != ' ' || spaces != 1) return 0;
    *comma = c;
    return 1;
}

/* Whether the ", "-joined list of names holds name[0..n) as one of its names. */
int meta_names_listed(const dl_buf *list, const char *name, size_t n) {
    for (size_t i = 0; n && i + n <= list->len; i++)
        if ((i == 0 || (i >= 2 && list->data[i - 2] == ',' && list->data[i - 1] == ' ')) &&
            memcmp(list->data + i, name, n) == 0 && (i + n == list->len || list->data[i + n] == ','))
            return 1;
    return 0;
}
