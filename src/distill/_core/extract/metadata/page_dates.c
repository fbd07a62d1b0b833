/* The dates a page's text writes, for the rules that look past the headline: the page's text (bounded,
 * built once per page), the first date labelled as the publication or as the page's status
 * ("Veröffentlicht am ...", "Stand: ..."), the last resort's date, whether the text writes a given day,
 * whether the page writes its dates day first; and the labels before a date that make it the publication
 * or an update.
 */
#include "extract/metadata/internal.h"

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#endif

#include "extract/metadata/words.h"

/* Text of the whole page read by the last resort, at most, and the nodes crossed for it. */
#define DL_META_PAGE_TEXT 65536
#define DL_META_PAGE_NODES 20000

/* dl_date_find looks at 4096 bytes at a time: step by less, so a date across the boundary is read */
#define DL_META_PAGE_STEP 4000

/* Words that label a date as the publication, the explicit ones first (words.h). */
static const char *const publication_words[] = {DL_MW_PUBLICATION_LABELS};

/* Whether the words just before a date (at most 40 bytes of text[0..at)) say it is the publication:
 * "Published on", "Veröffentlicht am", "Erschienen am", "publié le", "publicado el", "pubblicato il",
 * "gepubliceerd op", "Posted", "Datum:". */
int meta_publication_label(const char *text, size_t floor, size_t at) {
    size_t from = at > floor + 40 ? at - 40 : floor;
    for (size_t k = 0; k < sizeof publication_words / sizeof publication_words[0]; k++)
        if (contains_ci(text + from, at - from, publication_words[k])) return 1;
    return 0;
}

/* The text of the page the last resorts read: bounded in bytes and nodes; built once per harvest (the
 * date rules may ask for it three or four times). t->failed when it could not be built. */
static const dl_buf *page_text(const dl_meta *m) {
    struct dl_meta_page *p = m->page;
    if (!p->ready) {
        meta_text_from_nodes(m->html, DL_META_PAGE_TEXT, DL_META_PAGE_NODES, 0, &p->text);
        p->ready = 1;
    }
    return &p->text;
}

/* Where the word of words[0..n) that starts at t[i] is followed within 40 bytes by a date (*d, and *found
 * set): returns where the scan goes on, past the word, or i + 1 when no word starts there. */
static size_t label_at(const dl_meta *m, const dl_buf *t, size_t i, const char *const *words, size_t n, dl_date *d,
                       int *found) {
    unsigned char c = lower((unsigned char)t->data[i]);
    for (size_t k = 0; k < n; k++) {
        const char *w = words[k];
        if ((unsigned char)w[0] != c || !starts_ci(t->data + i, t->len - i, w)) continue;
        size_t wl = strlen(w), from = i + wl, span = t->len - from < 80 ? t->len - from : 80, at = 0;
        dl_date x;
        if (dl_date_find(t->data + from, span, m->day_first, &x, &at) && wl + at <= 40) {
            *d = x;
            *found = 1;
        }
        return from;
    }
    return i + 1;
}

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))

/* 0xFF where x's byte lies in [lo, hi] (unsigned). */
static __m128i bytes_within(__m128i x, unsigned char lo, unsigned char hi) {
    return _mm_cmpeq_epi8(x, _mm_max_epu8(_mm_min_epu8(x, _mm_set1_epi8((char)hi)), _mm_set1_epi8((char)lo)));
}

#endif

/* The first date that starts within 40 bytes after one of words[0..n) in the page's text
 * ("Veröffentlicht am 16.08.2019"): the words are found first, so a page pays one pass over its
 * text, not a date parse at every date it writes. A word counts where it starts a word of the text. */
static int labelled_date(const dl_meta *m, const char *const *words, size_t n, dl_date *d) {
    if (!m->html) return 0;
    const dl_buf *t = page_text(m);
    if (t->failed) return 0;
    const unsigned char *s = (const unsigned char *)t->data;
    size_t len = t->len, i = 0;
    int found = 0;
    /* the words' first letters: most bytes of the text start none of them */
    unsigned char first[256] = {0}, letters[8];
    size_t nletters = 0;
    for (size_t k = 0; k < n; k++) {
        unsigned char c0 = (unsigned char)words[k][0];
        if (!first[c0] && nletters < sizeof letters) letters[nletters] = c0;
        if (!first[c0]) nletters++;
        if (c0 < 'a' || c0 > 'z') nletters = sizeof letters + 1; /* found a byte at a time (below) */
        first[c0] = 1;
        if (c0 >= 'a' && c0 <= 'z') first[c0 - 32] = 1;
    }
    if (len && first[s[0]]) i = label_at(m, t, 0, words, n, d, &found);
    else if (len) i = 1;
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
    /* 16 places at a time: a place is looked at only when its byte is a word's first letter, in either
     * case (a letter's byte with bit 0x20 set is its lower case, and no other byte becomes a lower-case
     * letter so), and the byte before it is no letter or digit */
    if (nletters <= sizeof letters) {
        const __m128i case_bit = _mm_set1_epi8(0x20);
        while (!found && i + 16 <= len) {
            __m128i x = _mm_or_si128(_mm_loadu_si128((const __m128i *)(const void *)(s + i)), case_bit);
            __m128i y = _mm_loadu_si128((const __m128i *)(const void *)(s + i - 1));
            __m128i hit = _mm_setzero_si128();
            for (size_t k = 0; k < nletters; k++)
                hit = _mm_or_si128(hit, _mm_cmpeq_epi8(x, _mm_set1_epi8((char)letters[k])));
            __m128i alnum = _mm_or_si128(bytes_within(_mm_or_si128(y, case_bit), 'a', 'z'), bytes_within(y, '0', '9'));
            unsigned bits = (unsigned)_mm_movemask_epi8(_mm_andnot_si128(alnum, hit));
            size_t end = i + 16;
            while (bits && !found) {
                size_t at = i + (unsigned)__builtin_ctz(bits), on = label_at(m, t, at, words, n, d, &found);
                bits &= bits - 1;
                if (on == at + 1) continue;
                /* a word was read: the scan goes on past it */
                if (on >= end) {
                    end = on;
                    break;
                }
                bits &= ~0u << (on - i);
            }
            i = end;
        }
    }
#endif
    for (; i < len && !found;) {
        if (!first[s[i]] || (i && dl_ascii_is_alnum(s[i - 1]))) {
            i++;
            continue;
        }
        i = label_at(m, t, i, words, n, d, &found);
    }
    return found;
}

/* The first date labelled by an explicit publication word (publication_words' first ones). */
int meta_explicit_date(const dl_meta *m, dl_date *d) {
    return labelled_date(m, publication_words, DL_MW_EXPLICIT_LABELS, d);
}

/* Words that label the date a page says it stands at (words.h). */
static const char *const status_words[] = {DL_MW_STATUS_LABELS};

/* The first date labelled by a status word: the date the page says it stands at. */
int meta_status_date(const dl_meta *m, dl_date *d) {
    return labelled_date(m, status_words, sizeof status_words / sizeof status_words[0], d);
}

/* The next date written in the page's text t at or after *off: its position in *at. dl_date_find reads
 * a bounded window, so where a window holds no date the walk moves on by most of it, keeping a date's
 * length. The caller moves *off past the date it got (meta_skip_date) before asking again. */
static int next_page_date(const dl_buf *t, size_t *off, int day_first, dl_date *x, size_t *at) {
    while (!t->failed && *off < t->len) {
        size_t found_at = 0, chunk = t->len - *off;
        if (dl_date_find(t->data + *off, chunk, day_first, x, &found_at)) {
            *at = *off + found_at;
            return 1;
        }
        if (chunk <= DL_META_PAGE_STEP) return 0;
        *off += DL_META_PAGE_STEP;
    }
    return 0;
}

/* Where the walk goes on after the date at at: past the word it starts. */
size_t meta_skip_date(const dl_buf *t, size_t at) {
    size_t off = at + 1;
    while (off < t->len && t->data[off] != ' ') off++;
    return off;
}

/* The last resort, when nothing else dates the page: the dates written anywhere in its text (bounded),
 * the first one labelled as the publication, else the first one not labelled as an update, else the
 * first one. A date the page shows is a better answer than none, and the labels pick the right one
 * from a footer's "Erschienen am: ... Letzte Änderung: ..." lines. */
int meta_page_date(const dl_meta *m, dl_date *d) {
    if (!m->html) return 0;
    const dl_buf *t = page_text(m);
    int have_plain = 0, have_any = 0, found = 0;
    dl_date plain, any, x;
    size_t off = 0, at = 0;
    while (!found && next_page_date(t, &off, m->day_first, &x, &at)) {
        /* the words since the previous date label this one */
        if (meta_publication_label(t->data, off, at)) {
            *d = x;
            found = 1;
        } else if (!meta_update_label(t->data, off, at)) {
            if (!have_plain) plain = x, have_plain = 1;
        } else if (!have_any) {
            any = x, have_any = 1;
        }
        off = meta_skip_date(t, at);
    }
    if (!found && have_plain) *d = plain, found = 1;
    if (!found && have_any) *d = any, found = 1;
    return found;
}

/* Whether t writes a date on the day of d, among all the dates it writes; *dated (when not NULL) is
 * set when it writes any date. */
int meta_text_shows_day(const dl_buf *t, int day_first, const dl_date *d, int *dated) {
    size_t off = 0, at = 0;
    dl_date x;
    while (!t->failed && off < t->len && dl_date_find(t->data + off, t->len - off, day_first, &x, &at)) {
        if (dated) *dated = 1;
        if (meta_same_day(&x, d)) return 1;
        off = meta_skip_date(t, off + at);
    }
    return 0;
}

/* Whether the page's text (bounded, as meta_page_date reads it) writes a date on the day of d. */
int meta_page_shows_day(const dl_meta *m, const dl_date *d) {
    if (!m->html) return 0;
    const dl_buf *t = page_text(m);
    int shows = 0;
    size_t off = 0, at = 0;
    dl_date x;
    while (!shows && next_page_date(t, &off, m->day_first, &x, &at)) {
        shows = meta_same_day(&x, d);
        off = meta_skip_date(t, at);
    }
    return shows;
}

/* Whether the words just before a date (at most 48 bytes of text[0..at)) say it is an update:
 * "Updated on", "Aktualisiert am", "mis à jour le", "actualizado el", "aggiornato il", "bijgewerkt op",
 * "atualizado em", "last edited", "zuletzt geändert", "Letzte Änderung". */
int meta_update_label(const char *text, size_t floor, size_t at) {
    size_t from = at > floor + 48 ? at - 48 : floor;
    static const char *const words[] = {DL_MW_UPDATE_LABELS};
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
        if (contains_ci(text + from, at - from, words[k])) return 1;
    return 0;
}

/* Whether s starts with an English ordinal's suffix ("st", "nd", "rd", "th"), in either case. */
static int ordinal_suffix(const unsigned char *s, size_t n) {
    if (n < 2) return 0;
    unsigned char a = lower(s[0]), b = lower(s[1]);
    return (a == 's' && b == 't') || (a == 'n' && b == 'd') || (a == 'r' && b == 'd') || (a == 't' && b == 'h');
}

/* Whether the page writes its dates with the day before the month's name ("3 October 2023", as
 * British English and most English outside the US do) and never the month's name first ("October 3,
 * 2023"): a reader of such a page reads its numeric dates day first too ("03/10/2023" under the
 * headline is 3 October). At most the first 64 dates of the page's text are looked at. */
int meta_writes_day_before_month(const dl_meta *m) {
    if (!m->html) return 0;
    const dl_buf *t = page_text(m);
    int day_name = 0, name_day = 0;
    size_t off = 0, at = 0;
    dl_date x;
    for (int seen = 0; seen < 64 && next_page_date(t, &off, 0, &x, &at); seen++) {
        const unsigned char *s = (const unsigned char *)t->data;
        size_t i = at, n = t->len;
        if (dl_ascii_is_digit(s[i])) {
            /* "3 October 2023", "3. Oktober", "3rd October"; a year first (ISO, numeric) shows neither */
            while (i < n && dl_ascii_is_digit(s[i])) i++;
            if (i - at <= 2) {
                if (i < n && s[i] == '.') i++;
                else if (ordinal_suffix(s + i, n - i)) i += 2;
                if (i + 1 < n && s[i] == ' ' && dl_ascii_is_alpha(s[i + 1])) day_name++;
            }
        } else if (dl_ascii_is_alpha(s[i])) {
            /* "October 3, 2023", "Oct. 3rd, 2023" */
            while (i < n && dl_ascii_is_alpha(s[i])) i++;
            if (i < n && s[i] == '.') i++;
            if (i < n && s[i] == ' ') i++;
            size_t d = i;
            while (i < n && dl_ascii_is_digit(s[i])) i++;
            if (i > d && i - d <= 2) {
                if (ordinal_suffix(s + i, n - i)) i += 2;
                if (i < n && s[i] == ',') name_day++;
            }
        }
        off = meta_skip_date(t, at);
    }
    return day_name > 0 && !name_day;
}
