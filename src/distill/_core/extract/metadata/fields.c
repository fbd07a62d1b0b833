/* article()'s fields as the resolution writes them: the text a reader sees (a text a CMS encoded in UTF-8
 * twice decoded once more, invisible characters dropped, white space folded), a date in ISO 8601, the
 * design's fields copied first. Apart so that every rule writes a field the same way.
 */
#include "extract/metadata/internal.h"

/* The byte a character of a double-encoded UTF-8 text stands for: that text is UTF-8 read as Latin-1
 * or Windows-1252 and encoded again, so each byte of the original became one character. The character
 * at s[i] (its length into *len) is U+0080..U+00FF (byte 0x80..0xFF), or one of the 27 characters
 * Windows-1252 puts at 0x80..0x9F ("’" is "â€™": 0xE2 0x80 0x99); -1 when none. */
static int mojibake_byte(const unsigned char *s, size_t n, size_t i, size_t *len) {
    static const uint16_t cp1252[32] = {0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
                                        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
                                        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
                                        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178};
    if (i + 1 < n && (s[i] == 0xC2 || s[i] == 0xC3) && s[i + 1] >= 0x80 && s[i + 1] <= 0xBF) {
        *len = 2;
        return (s[i] == 0xC2 ? 0x80 : 0xC0) + (s[i + 1] - 0x80);
    }
    uint32_t cp = 0;
    if (i + 1 < n && s[i] >= 0xC4 && s[i] <= 0xDF && (s[i + 1] & 0xC0) == 0x80) {
        cp = ((uint32_t)(s[i] & 0x1F) << 6) | (s[i + 1] & 0x3F);
        *len = 2;
    } else if (i + 2 < n && s[i] == 0xE2 && (s[i + 1] & 0xC0) == 0x80 && (s[i + 2] & 0xC0) == 0x80) {
        cp = ((uint32_t)(s[i] & 0x0F) << 12) | ((uint32_t)(s[i + 1] & 0x3F) << 6) | (s[i + 2] & 0x3F);
        *len = 3;
    }
    if (!cp) return -1;
    for (int k = 0; k < 32; k++)
        if (cp1252[k] == cp) return 0x80 + k;
    return -1;
}

/* The length of the run at s[i] of characters that stand for one UTF-8 character's bytes
 * (mojibake_byte: a lead byte, then its continuation bytes, together valid UTF-8), its bytes into
 * bytes[] and their count into *nb; 0 when no such run starts at i. */
static size_t mojibake_run(const unsigned char *s, size_t n, size_t i, unsigned char bytes[4], size_t *nb) {
    size_t l0 = 0;
    int b0 = s[i] == 0xC3 ? mojibake_byte(s, n, i, &l0) : -1;
    int need = b0 >= 0xC2 && b0 <= 0xDF ? 1 : b0 >= 0xE0 && b0 <= 0xEF ? 2 : b0 >= 0xF0 && b0 <= 0xF4 ? 3 : 0;
    if (!need) return 0;
    bytes[0] = (unsigned char)b0;
    size_t at = i + l0;
    for (int k = 1; k <= need; k++) {
        size_t l = 0;
        int b = mojibake_byte(s, n, at, &l);
        if (b < 0x80 || b > 0xBF) return 0;
        bytes[k] = (unsigned char)b;
        at += l;
    }
    /* the UTF-8 rules a decoder checks: no overlong form, no surrogate, nothing past U+10FFFF */
    if ((b0 == 0xE0 && bytes[1] < 0xA0) || (b0 == 0xED && bytes[1] > 0x9F) || (b0 == 0xF0 && bytes[1] < 0x90) ||
        (b0 == 0xF4 && bytes[1] > 0x8F))
        return 0;
    *nb = (size_t)need + 1;
    return at - i;
}

/* Text a page encoded in UTF-8 twice ("itertools \u00e2\u0080\u0094 Functions", "Investor\u00e2\u20ac\u2122s"
 * in its <title>: a CMS's conversion run on text that was UTF-8 already) decoded once more, into out.
 * Only when every character outside ASCII is part of such a run (mojibake_run): text written once
 * ("KÖ–Bahn", "“été”") has characters that stand for no byte sequence (a letter alone, punctuation
 * with no lead before it) and is left as it is. Returns whether the text was decoded. */
static int undo_double_utf8(const char *text, size_t n, dl_buf *out) {
    const unsigned char *s = (const unsigned char *)text;
    unsigned char bytes[4];
    size_t nb = 0, runs = 0;
    for (size_t i = 0; i < n;) {
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        size_t l = mojibake_run(s, n, i, bytes, &nb);
        if (!l) return 0;
        runs++;
        i += l;
    }
    if (!runs) return 0;
    for (size_t i = 0; i < n;) {
        size_t l = s[i] < 0x80 ? 0 : mojibake_run(s, n, i, bytes, &nb);
        if (!l) {
            size_t j = i + 1;
            while (j < n && s[j] < 0x80) j++;
            dl_buf_append(out, text + i, j - i);
            i = j;
            continue;
        }
        dl_buf_append(out, (const char *)bytes, nb);
        i += l;
    }
    return 1;
}

/* Field f of out set to the text a reader sees of s[0..len) (left as it was when that is empty). Returns
 * 0, or -1 on out of memory. */
int meta_put_field(dl_metadata *md, dl_meta_field f, const char *s, size_t len) {
    dl_buf b = {0}, shown = {0}, once = {0};
    /* text fields written in UTF-8 twice read as the page meant them */
    if ((f == DL_META_TITLE || f == DL_META_BYLINE || f == DL_META_SITE_NAME || f == DL_META_DESCRIPTION) &&
        undo_double_utf8(s, len, &once)) {
        if (once.failed) {
            dl_buf_free(&once);
            return -1;
        }
        s = once.data;
        len = once.len;
    }
    /* the characters a reader sees: invisible ones dropped (a copy only when there are any) */
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c != 0xC2 && c != 0xE2 && c != 0xEF) || !meta_invisible_at(s, len, i)) continue;
        for (size_t j = 0; j < len;) {
            size_t k = meta_invisible_at(s, len, j);
            if (k) {
                j += k;
                continue;
            }
            size_t e = j + 1;
            while (e < len && !meta_invisible_at(s, len, e)) e++;
            dl_buf_append(&shown, s + j, e - j);
            j = e;
        }
        if (shown.failed) {
            dl_buf_free(&shown);
            dl_buf_free(&once);
            return -1;
        }
        s = shown.data ? shown.data : "";
        len = shown.len;
        break;
    }
    dl_fold_append(&b, s, len);
    dl_buf_free(&shown);
    dl_buf_free(&once);
    if (b.failed) {
        dl_buf_free(&b);
        return -1;
    }
    if (!b.len) {
        dl_buf_free(&b);
        return 0;
    }
    dl_buf_free(&md->fields[f].value);
    md->fields[f].value = b;
    md->fields[f].rank = 0;
    return 0;
}

/* The design's fields and tags into out, each as meta_put_field writes it. */
int meta_copy_design(const dl_metadata *d, dl_metadata *out) {
    for (int f = 0; f < DL_META__COUNT; f++)
        if (d->fields[f].value.len && meta_put_field(out, (dl_meta_field)f, d->fields[f].value.data, d->fields[f].value.len) < 0)
            return -1;
    if (d->tags.len) {
        dl_buf_append(&out->tags, d->tags.data, d->tags.len);
        if (out->tags.failed) return -1;
    }
    out->ntags = d->ntags;
    out->tags_rank = d->tags_rank;
    return 0;
}

/* meta_put_field with entities a page escaped twice decoded ("Maria &amp;amp; Katerina"). */
int meta_put_decoded(dl_metadata *out, dl_meta_field f, const char *s, size_t n) {
    dl_buf b = {0};
    meta_decode_entities(s, n, &b);
    int rc = b.failed ? -1 : meta_put_field(out, f, b.data ? b.data : "", b.len);
    dl_buf_free(&b);
    return rc;
}

/* Field f of out set to the date d in ISO 8601. */
int meta_put_date(dl_metadata *out, dl_meta_field f, const dl_date *d) {
    char iso[DL_DATE_ISO_MAX];
    size_t n = dl_date_format(d, iso);
    return meta_put_field(out, f, iso, n);
}
