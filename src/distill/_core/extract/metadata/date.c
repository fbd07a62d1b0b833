/* Dates as pages write them. See date.h.
 *
 * Free text is cut into tokens (numbers, words, single punctuation characters) and each token start
 * is tried against a handful of patterns of at most eight tokens, so the scan is linear. The patterns
 * are the ones htmldate's evaluation shows pages use: ISO year-month-day, day.month.year (a dot means
 * day first wherever dots are used), day month-name year, month-name day year, and the CJK
 * year/month/day markers. A numeric d/m/y form whose order is not certain (both numbers at most 12) is
 * only read when the caller says which order the page uses.
 */
#include "common/ascii.h"
#include "extract/metadata/date.h"

#include <stdint.h>
#include <string.h>
#include <time.h>

#include "extract/metadata/words.h"

/* The web opened to the public in 1993: an earlier "publication date" is a birthday, a founding year
 * or a typo, never when the page was written. */
#define DL_DATE_MIN_YEAR 1993
/* Free text looked at, at most: a date near a headline is in its first few lines. */
#define DL_DATE_SCAN_MAX 4096
#define MAX_TOKENS 10

static int max_year(void) {
    /* The current year plus one (a page may be dated in a later time zone or scheduled); computed from
     * time() without the non-C11 gmtime_r: 365.2425 days a year is exact enough for a bound. */
    static int cached;
    if (!cached) {
        time_t now = time(NULL);
        int y = now > 0 ? 1970 + (int)((double)now / 31556952.0) : 2100;
        cached = y + 1;
    }
    return cached;
}

static int leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

static int valid_day(int y, int m, int d) {
    static const int mdays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m < 1 || m > 12 || d < 1) return 0;
    return d <= mdays[m - 1] + (m == 2 && leap(y));
}

int dl_date_plausible(int year, int month, int day) {
    return year >= DL_DATE_MIN_YEAR && year <= max_year() && valid_day(year, month, day);
}

#define is_space dl_ascii_is_space
static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static int is_alpha(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* ------------------------------------------------------------------ month names */

/* Full month names in the seven languages (words.h). */
#define DL_MONTH(name, month) {name, month},
static const struct {
    const char *name;
    int month;
} months[] = {DL_MW_MONTH_NAMES(DL_MONTH)};
#undef DL_MONTH

/* Lower-case a word into low (ASCII and the Latin-1 capitals of UTF-8); returns its length or 0. */
static size_t lower_word(const char *w, size_t n, char *low, size_t cap) {
    if (n >= cap) return 0;
    for (size_t k = 0; k < n; k++) {
        unsigned char c = (unsigned char)w[k];
        if (c >= 'A' && c <= 'Z') c = (unsigned char)(c + 32);
        else if (k > 0 && (unsigned char)w[k - 1] == 0xC3 && c >= 0x80 && c <= 0x9E && c != 0x97)
            c = (unsigned char)(c + 0x20); /* U+00C0..U+00DE: À..Þ to à..þ */
        low[k] = (char)c;
    }
    return n;
}

/* The first letters of the names above, and the longest name in bytes: a word with another initial or
 * longer names no month (tests/metadata/test_date_scan_window.py reads every name of the list through the
 * scanner, so a name added with a new initial fails there until words.h says so). */
static const char month_initials[] = DL_MW_MONTH_INITIALS;
#define MONTH_NAME_MAX DL_MW_MONTH_NAME_MAX

static int month_of(const char *w, size_t n) {
    char low[16];
    /* Words near a number come here: most are ruled out by their length or first letter before the
     * table is searched, and within it by the first letter before a name's length is counted. */
    if (n < 3 || n > MONTH_NAME_MAX) return 0;
    char first = (char)(w[0] >= 'A' && w[0] <= 'Z' ? w[0] + 32 : w[0]);
    if (!memchr(month_initials, first, sizeof month_initials - 1)) return 0;
    if (!lower_word(w, n, low, sizeof low)) return 0;
    int found = 0;
    for (size_t i = 0; i < sizeof months / sizeof months[0]; i++) {
        if (months[i].name[0] != low[0]) continue;
        size_t ml = strlen(months[i].name);
        if (n > ml || memcmp(low, months[i].name, n) != 0) continue;
        if (n == ml) return months[i].month; /* a whole name settles it */
        if (found && found != months[i].month) found = -1;
        else if (!found) found = months[i].month;
    }
    return found > 0 ? found : 0;
}

/* ------------------------------------------------------------------ tokens */

enum { T_NUM = 1, T_WORD, T_PUNCT };
enum { MONTH_UNREAD = -1 };

typedef struct {
    int kind;
    size_t at, len;
    int value;    /* T_NUM: its value (up to 9 digits) */
    int month;    /* T_WORD: the month it names, 0 when none; MONTH_UNREAD until a pattern may need it */
    int space;    /* white space before it */
} token;

/* A UTF-8 lead byte of a Latin letter with diacritics (U+00C0..U+024F): part of a word. */
static int latin_lead(unsigned char c) { return c >= 0xC3 && c <= 0xC9; }

static size_t utf8_len(unsigned char c) {
    if (c < 0x80) return 1;
    if (c >= 0xF0) return 4;
    if (c >= 0xE0) return 3;
    if (c >= 0xC0) return 2;
    return 1;
}

/* Whether the word just before s[at] (white space between) is "version", "release", "build" or "ver":
 * the numbers after it are a version ("vBulletin Version 3.8.11", "Release 1.2.2020"), not a date. */
static int after_version_word(const char *s, size_t at) {
    size_t e = at;
    while (e > 0 && (s[e - 1] == ' ' || s[e - 1] == '.' || s[e - 1] == ':')) e--;
    size_t b = e;
    while (b > 0 && is_alpha((unsigned char)s[b - 1]) && e - b < 8) b--;
    if (b > 0 && is_alpha((unsigned char)s[b - 1])) return 0;
    static const char *const words[] = {DL_MW_VERSION_WORDS};
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++) {
        size_t wl = strlen(words[k]);
        if (e - b != wl) continue;
        size_t j = 0;
        while (j < wl && (s[b + j] | 0x20) == words[k][j]) j++;
        if (j == wl) return 1;
    }
    return 0;
}

/* Reads the token at s[*i]; returns 0 at the end. */
/* The length of a Unicode space at s[i] that pages put inside dates (no-break, thin and narrow no-break
 * spaces: "4.\u2009Februar 2022"), 0 when none. */
static size_t unicode_space(const char *s, size_t n, size_t i) {
    unsigned char c = (unsigned char)s[i];
    if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0xA0) return 2;
    if (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80) {
        unsigned char d = (unsigned char)s[i + 2];
        if ((d >= 0x82 && d <= 0x8A) || d == 0xAF) return 3;
    }
    return 0;
}

static int next_token(const char *s, size_t n, size_t *i, token *t) {
    int space = 0;
    for (;;) {
        size_t u;
        if (*i < n && is_space((unsigned char)s[*i])) (*i)++, space = 1;
        else if (*i < n && (u = unicode_space(s, n, *i)) != 0) *i += u, space = 1;
        else break;
    }
    if (*i >= n) return 0;
    size_t a = *i;
    unsigned char c = (unsigned char)s[a];
    memset(t, 0, sizeof *t);
    t->space = space;
    t->at = a;
    if (is_digit(c)) {
        size_t j = a;
        int v = 0;
        while (j < n && is_digit((unsigned char)s[j])) {
            if (j - a < 9) v = v * 10 + (s[j] - '0');
            j++;
        }
        t->kind = T_NUM;
        t->value = j - a <= 9 ? v : -1;
        *i = j;
    } else if (is_alpha(c) || (latin_lead(c) && a + 1 < n && ((unsigned char)s[a + 1] & 0xC0) == 0x80)) {
        size_t j = a;
        while (j < n) {
            unsigned char d = (unsigned char)s[j];
            if (is_alpha(d)) j++;
            else if (latin_lead(d) && j + 1 < n && ((unsigned char)s[j + 1] & 0xC0) == 0x80) j += 2;
            else break;
        }
        t->kind = T_WORD;
        /* Most words of a page are not read by any pattern (no number near them): the month name
         * is looked up only when one may be (read_months). */
        t->month = MONTH_UNREAD;
        *i = j;
    } else {
        size_t l = utf8_len(c);
        if (a + l > n) l = n - a;
        t->kind = T_PUNCT;
        *i = a + l;
    }
    t->len = *i - a;
    return 1;
}

static int is_punct(const char *s, const token *t, const char *p) {
    return t->kind == T_PUNCT && t->len == strlen(p) && memcmp(s + t->at, p, t->len) == 0;
}

static int word_is(const char *s, const token *t, const char *w) {
    if (t->kind != T_WORD || t->len != strlen(w)) return 0;
    for (size_t k = 0; k < t->len; k++) {
        char c = s[t->at + k];
        if (c >= 'A' && c <= 'Z') c = (char)(c + 32);
        if (c != w[k]) return 0;
    }
    return 1;
}

static int num(const token *t, size_t lo, size_t hi) { return t->kind == T_NUM && t->len >= lo && t->len <= hi; }

/* A two-digit year: this century unless that would be in the future. */
static int full_year(const token *t) {
    if (t->len == 4) return t->value;
    if (t->len != 2) return -1;
    int y = 2000 + t->value;
    return y <= max_year() ? y : 1900 + t->value;
}

/* Ordinal marks after a day number: 1st 2nd 3rd 4th (English), 1er (French), 1º 1ª (Spanish,
 * Portuguese), and the German/Scandinavian "6." handled by the caller. */
static int ordinal_word(const char *s, const token *t) {
    return !t->space && (word_is(s, t, "st") || word_is(s, t, "nd") || word_is(s, t, "rd") || word_is(s, t, "th") ||
                         word_is(s, t, "er") || word_is(s, t, "o") || word_is(s, t, "a") ||
                         is_punct(s, t, "\xc2\xba") || is_punct(s, t, "\xc2\xaa"));
}

/* Connectors between the parts of a written date: "15 de marzo de 2021", "March 3, 2021", "6. Mai". */
static int connector(const char *s, const token *t) {
    return word_is(s, t, "de") || word_is(s, t, "del") || word_is(s, t, "of") || is_punct(s, t, ",") ||
           is_punct(s, t, ".");
}

/* ------------------------------------------------------------------ patterns over tokens */

typedef struct {
    const char *s;
    size_t n;
    token *t;     /* the window: count tokens from here, inside buf */
    size_t count;
    size_t nums;  /* how many of them are numbers */
    int prefer;   /* 0 numeric d/m order unknown, 1 day first, 2 month first */
    /* Twice the window, so that sliding by one token moves a pointer and the tokens are copied
     * back to the start once every MAX_TOKENS slides, not on every slide. */
    token buf[2 * MAX_TOKENS];
} window;

static int set(dl_date *out, int y, int m, int d) {
    if (!dl_date_plausible(y, m, d)) return 0;
    memset(out, 0, sizeof *out);
    out->year = y;
    out->month = m;
    out->day = d;
    return 1;
}

/* The number tokens 0..4 with one separator repeated ("06.05.2018", "2019-11-18", "3/4/2021"): the
 * separator, or 0 when they are not one date's parts. */
static char numeric_run(const window *w) {
    const token *t = w->t;
    const char *s = w->s;
    if (w->count < 5 || t[0].kind != T_NUM || t[2].kind != T_NUM || t[4].kind != T_NUM) return 0;
    if (t[1].kind != T_PUNCT || t[3].kind != T_PUNCT || t[1].len != 1 || t[3].len != 1) return 0;
    char sep = s[t[1].at];
    if (s[t[3].at] != sep || (sep != '-' && sep != '/' && sep != '.')) return 0;
    /* the parts are written together ("06.05.2018"), except that a dotted date may space its parts
     * after the dots ("4. 2. 2022", as German style guides write it) */
    if (t[1].space || t[3].space || (sep != '.' && (t[2].space || t[4].space))) return 0;
    /* a longer run of numbers (a version, a phone number, an IP address) is not a date */
    if (w->count > 6 && t[5].kind == T_PUNCT && !t[5].space && s[t[5].at] == sep && t[6].kind == T_NUM && !t[6].space)
        return 0;
    return sep;
}

/* The number tokens 0..2 with one separator repeated: how many tokens were used, 0 when none. */
static size_t numeric(const window *w, dl_date *out) {
    const token *t = w->t;
    char sep = numeric_run(w);
    if (!sep) return 0;
    if (num(&t[0], 4, 4) && num(&t[2], 1, 2) && num(&t[4], 1, 2)) /* 2019-11-18, 2019/11/18 */
        return set(out, t[0].value, t[2].value, t[4].value) ? 5 : 0;
    if (!num(&t[0], 1, 2) || !num(&t[2], 1, 2) || !(num(&t[4], 4, 4) || num(&t[4], 2, 2))) return 0;
    int a = t[0].value, b = t[2].value, y = full_year(&t[4]);
    int day_first;
    if (sep == '.') day_first = 1; /* dotted dates are day first in every language that writes them */
    else if (a > 12 && b <= 12) day_first = 1;
    else if (b > 12 && a <= 12) day_first = 0;
    else if (w->prefer) day_first = w->prefer == 1;
    else return 0;
    if (t[4].len == 2 && sep != '.') return 0; /* 3/4/21 is too ambiguous to read */
    return (day_first ? set(out, y, b, a) : set(out, y, a, b)) ? 5 : 0;
}

/* Day month-name year: "6 May 2014", "6. Mai 2014", "1er mars 2020", "15 de marzo de 2021",
 * "3rd of March, 2021", "12-Jan-2020". */
static size_t day_month_year(const window *w, dl_date *out) {
    const token *t = w->t;
    const char *s = w->s;
    size_t i = 0;
    if (!num(&t[0], 1, 2)) return 0;
    int d = t[0].value;
    /* "04-ago-2021", "12-Jan-2020", "12/Jan/2020": the parts joined by one dash or slash, no space */
    if (w->count >= 5 && (is_punct(s, &t[1], "-") || is_punct(s, &t[1], "/")) && !t[1].space && !t[2].space &&
        t[2].month && t[3].len == 1 && t[3].kind == T_PUNCT && s[t[3].at] == s[t[1].at] && !t[3].space &&
        !t[4].space && num(&t[4], 4, 4))
        return set(out, t[4].value, t[2].month, d) ? 5 : 0;
    i = 1;
    if (i < w->count && ordinal_word(s, &t[i])) i++;
    while (i < w->count && connector(s, &t[i])) i++;
    if (i >= w->count || !t[i].month) return 0;
    int m = t[i++].month;
    while (i < w->count && connector(s, &t[i])) i++;
    if (i >= w->count || !num(&t[i], 4, 4)) return 0;
    return set(out, t[i].value, m, d) ? i + 1 : 0;
}

/* Month-name day year: "May 6, 2014", "Nov. 18th 2019", "Mai 6 2014". */
static size_t month_day_year(const window *w, dl_date *out) {
    const token *t = w->t;
    const char *s = w->s;
    if (!t[0].month) return 0;
    size_t i = 1;
    if (i < w->count && is_punct(s, &t[i], ".")) i++;
    if (i >= w->count || !num(&t[i], 1, 2)) return 0;
    int d = t[i++].value;
    if (i < w->count && ordinal_word(s, &t[i])) i++;
    if (i < w->count && (is_punct(s, &t[i], ",") || is_punct(s, &t[i], "."))) i++;
    if (i >= w->count || !num(&t[i], 4, 4)) return 0;
    return set(out, t[i].value, t[0].month, d) ? i + 1 : 0;
}

/* Year month-name day: "2023 Jan 7" (the citation metas of scholarly pages), "2023 January 7". */
static size_t year_month_day(const window *w, dl_date *out) {
    const token *t = w->t;
    if (w->count < 3 || !num(&t[0], 4, 4) || !t[1].month || !num(&t[2], 1, 2)) return 0;
    if (w->count > 3 && t[3].kind == T_PUNCT && !t[3].space && (w->s[t[3].at] == ':' || w->s[t[3].at] == '.'))
        return 0; /* "2023 May 5:30", "2023 Mai 5.6": a time or a number, not a day */
    /* "... of 2024 September 1st, 2023": a year ending a headline before a month-name date */
    for (size_t i = 3; i < w->count && i < 6; i++)
        if (num(&t[i], 4, 4)) return 0;
    return set(out, t[0].value, t[1].month, t[2].value) ? 3 : 0;
}

/* CJK: 2019年3月4日 (Japanese, Chinese), 2019년 3월 4일 (Korean). */
static size_t cjk(const window *w, dl_date *out) {
    const token *t = w->t;
    const char *s = w->s;
    if (w->count < 5 || !num(&t[0], 4, 4) || !num(&t[2], 1, 2) || !num(&t[4], 1, 2)) return 0;
    int han = is_punct(s, &t[1], "\xe5\xb9\xb4") && is_punct(s, &t[3], "\xe6\x9c\x88");
    int hangul = is_punct(s, &t[1], "\xeb\x85\x84") && is_punct(s, &t[3], "\xec\x9b\x94");
    if (!han && !hangul) return 0;
    return set(out, t[0].value, t[2].value, t[4].value) ? 5 : 0;
}

/* A time after the date: "07:45", "7:45:10", "7:45 pm", "um 12:30 Uhr", "à 14h30". */
static void read_time(const window *w, size_t i, dl_date *out) {
    const token *t = w->t;
    const char *s = w->s;
    while (i < w->count && (connector(w->s, &t[i]) || word_is(s, &t[i], "um") || word_is(s, &t[i], "at") ||
                            is_punct(s, &t[i], "-") || is_punct(s, &t[i], "|") ||
                            word_is(s, &t[i], "a") || word_is(s, &t[i], "alle") || word_is(s, &t[i], "las")))
        i++;
    if (i + 2 >= w->count || !num(&t[i], 1, 2) || !is_punct(s, &t[i + 1], ":") || !num(&t[i + 2], 2, 2)) return;
    int h = t[i].value, mi = t[i + 2].value, sec = 0;
    size_t j = i + 3;
    if (j + 1 < w->count && is_punct(s, &t[j], ":") && num(&t[j + 1], 2, 2)) {
        sec = t[j + 1].value;
        j += 2;
    }
    if (j < w->count && (word_is(s, &t[j], "pm") || word_is(s, &t[j], "p")) && h >= 1 && h <= 11) h += 12;
    else if (j < w->count && (word_is(s, &t[j], "am") || word_is(s, &t[j], "a")) && h == 12) h = 0;
    if (h > 23 || mi > 59 || sec > 60) return;
    while (j < w->count && (word_is(s, &t[j], "pm") || word_is(s, &t[j], "am") || word_is(s, &t[j], "p") ||
                            word_is(s, &t[j], "a") || is_punct(s, &t[j], ".")))
        j++;
    /* "07:45:00 GMT": a zone named UTC is one; other zone names are local times without an offset */
    if (j < w->count && (word_is(s, &t[j], "gmt") || word_is(s, &t[j], "utc") || word_is(s, &t[j], "z")))
        out->has_zone = out->zulu = 1;
    out->has_time = 1;
    out->hour = h;
    out->minute = mi;
    out->second = sec;
}

/* How many tokens the date at the window's start uses, 0 when none starts there. */
static size_t try_window(window *w, dl_date *out) {
    size_t used = numeric(w, out);
    if (!used) used = day_month_year(w, out);
    if (!used) used = month_day_year(w, out);
    if (!used) used = cjk(w, out);
    if (!used) used = year_month_day(w, out);
    return used;
}

static int window_take(window *w, size_t *i) {
    if (w->t + w->count == w->buf + 2 * MAX_TOKENS) {
        memmove(w->buf, w->t, w->count * sizeof(token));
        w->t = w->buf;
    }
    if (!next_token(w->s, w->n, i, &w->t[w->count])) return 0;
    w->nums += w->t[w->count].kind == T_NUM;
    w->count++;
    return 1;
}

static void slide(window *w, size_t *i) {
    w->nums -= w->t[0].kind == T_NUM;
    w->t++;
    w->count--;
    window_take(w, i);
}

static void read_months(window *w) {
    for (size_t k = 0; k < w->count; k++)
        if (w->t[k].month == MONTH_UNREAD) w->t[k].month = month_of(w->s + w->t[k].at, w->t[k].len);
}

/* Whether a date may start at the window's first token. Every pattern starts with a number or a
 * month name and uses a number within the window, so a window without one, or that starts with a
 * word naming no month or with punctuation, holds none: most of a page's text is passed over here. */
static int may_start(window *w) {
    if (!w->nums) return 0;
    const token *t0 = &w->t[0];
    if (t0->kind == T_NUM) return 1;
    if (t0->kind != T_WORD) return 0;
    if (t0->month == MONTH_UNREAD) w->t[0].month = month_of(w->s + t0->at, t0->len);
    return w->t[0].month != 0;
}

/* The first date of s[0..n) within the first max_start tokens; its time too when read_times; where it
 * starts in *at when at is not NULL. */
static int scan_from(const char *s, size_t n, int prefer, size_t max_start, int read_times, dl_date *out,
                     size_t *at) {
    if (n > DL_DATE_SCAN_MAX) n = DL_DATE_SCAN_MAX;
    window w;
    w.s = s;
    w.n = n;
    w.prefer = prefer;
    w.t = w.buf;
    w.count = w.nums = 0;
    size_t i = 0;
    while (w.count < MAX_TOKENS && window_take(&w, &i)) {}
    for (size_t start = 0; w.count && start < max_start; start++) {
        if (!may_start(&w)) {
            slide(&w, &i);
            continue;
        }
        read_months(&w);
        /* a date starts a token: not in the middle of a number or a word ("12019-01-01", "v2.1.2020") */
        int starts = 1;
        if (w.t[0].kind == T_NUM && w.t[0].at > 0 && !w.t[0].space) {
            unsigned char before = (unsigned char)s[w.t[0].at - 1];
            starts = !is_alpha(before) && before != '.' && before != '/' && before != '-' && before != ':';
            /* a label's colon written against the date ("<span>Datum:</span>26. Januar 2022") starts
             * one; a colon after a digit is a time's ("10:26") */
            if (before == ':' && w.t[0].at > 1 && is_alpha((unsigned char)s[w.t[0].at - 2])) starts = 1;
        }
        /* a number after "Version" is a version's */
        if (starts && w.t[0].kind == T_NUM && after_version_word(s, w.t[0].at)) starts = 0;
        size_t used = starts ? try_window(&w, out) : 0;
        if (used) {
            if (at) *at = w.t[0].at;
            if (read_times) {
                while (used--) slide(&w, &i);
                read_time(&w, 0, out);
            }
            return 1;
        }
        slide(&w, &i);
    }
    return 0;
}

static int scan(const char *s, size_t n, int prefer, size_t max_start, int read_times, dl_date *out) {
    return scan_from(s, n, prefer, max_start, read_times, out, NULL);
}

int dl_date_find(const char *s, size_t len, int order, dl_date *out, size_t *at) {
    return s ? scan_from(s, len, order == 1 || order == 2 ? order : 0, SIZE_MAX, 0, out, at) : 0;
}

int dl_date_order(const char *s, size_t len, const dl_date *known) {
    if (!s) return 0;
    if (len > DL_DATE_SCAN_MAX) len = DL_DATE_SCAN_MAX;
    window w;
    w.s = s;
    w.n = len;
    w.prefer = 0;
    w.t = w.buf;
    w.count = w.nums = 0;
    size_t i = 0;
    while (w.count < MAX_TOKENS && window_take(&w, &i)) {}
    for (; w.count; slide(&w, &i)) {
        const token *t = w.t;
        char sep = numeric_run(&w);
        /* slashes and dashes only: a dotted date is day first wherever it is written */
        if (sep != '/' && sep != '-') continue;
        if (!num(&t[0], 1, 2) || !num(&t[2], 1, 2) || !num(&t[4], 4, 4)) continue;
        if (t[0].at > 0 && !t[0].space) {
            unsigned char before = (unsigned char)s[t[0].at - 1];
            if (is_alpha(before) || is_digit(before) || before == '.' || before == '/' || before == '-') continue;
        }
        int a = t[0].value, b = t[2].value, y = t[4].value;
        if (a < 1 || b < 1 || a > 31 || b > 31) continue;
        if (a > 12 && b <= 12) return 1;
        if (b > 12 && a <= 12) return 2;
        if (!known || a == b || y != known->year) return 0;
        if (a == known->day && b == known->month) return 1;
        if (a == known->month && b == known->day) return 2;
        return 0;
    }
    return 0;
}

int dl_date_at(const char *s, size_t len, dl_date *out) { return s ? scan(s, len, 0, 1, 0, out) : 0; }

int dl_date_scan(const char *s, size_t len, int order, dl_date *out) {
    return s ? scan(s, len, order == 1 || order == 2 ? order : 0, SIZE_MAX, 0, out) : 0;
}

/* ------------------------------------------------------------------ whole values */

static int digits(const char *s, size_t n, size_t *i, int count, int *v) {
    int r = 0;
    for (int k = 0; k < count; k++) {
        if (*i >= n || !is_digit((unsigned char)s[*i])) return 0;
        r = r * 10 + (s[(*i)++] - '0');
    }
    *v = r;
    return 1;
}

/* Up to two digits. */
static int digits12(const char *s, size_t n, size_t *i, int *v) {
    size_t save = *i;
    if (digits(s, n, i, 2, v)) return 1;
    *i = save;
    return digits(s, n, i, 1, v);
}

/* ISO 8601 and its relatives: YYYY-MM-DD (also / or .), YYYYMMDD, then [T ]HH:MM[:SS[.fff]] and Z,
 * UTC/GMT or +HH[:]MM. */
static int iso_form(const char *s, size_t n, dl_date *out) {
    size_t i = 0;
    int y, m, d;
    if (!digits(s, n, &i, 4, &y)) return 0;
    if (i < n && is_digit((unsigned char)s[i])) {
        /* compact: 20191118 or 20191118T074500 */
        if (!digits(s, n, &i, 2, &m) || !digits(s, n, &i, 2, &d)) return 0;
        if (i < n && is_digit((unsigned char)s[i]) && !(i + 6 <= n)) return 0;
        if (i < n && s[i] != 'T' && !is_space((unsigned char)s[i])) return 0;
    } else {
        if (i >= n) return 0;
        char sep = s[i];
        if (sep != '-' && sep != '/' && sep != '.') return 0;
        i++;
        if (!digits12(s, n, &i, &m) || i >= n || s[i] != sep) return 0;
        i++;
        if (!digits12(s, n, &i, &d)) return 0;
        if (i < n && is_digit((unsigned char)s[i])) return 0;
    }
    if (!set(out, y, m, d)) return 0;
    int hh, mm, ss = 0;
    if (i < n && (s[i] == 'T' || s[i] == ' ')) {
        size_t t = i + 1;
        if (!digits(s, n, &t, 2, &hh)) return 1;
        if (t < n && s[t] == ':') t++;
        if (!digits(s, n, &t, 2, &mm) || hh > 23 || mm > 59) return 1;
        if (t < n && s[t] == ':') t++;
        size_t save = t;
        if (!digits(s, n, &t, 2, &ss)) {
            t = save;
            ss = 0;
        } else if (ss > 60) {
            return 1;
        }
        if (t < n && (s[t] == '.' || s[t] == ',')) {
            t++;
            while (t < n && is_digit((unsigned char)s[t])) t++;
        }
        out->has_time = 1;
        out->hour = hh;
        out->minute = mm;
        out->second = ss;
        while (t < n && s[t] == ' ') t++;
        if (t < n && s[t] == 'Z') {
            out->has_zone = out->zulu = 1;
        } else if (t + 3 <= n && (memcmp(s + t, "UTC", 3) == 0 || memcmp(s + t, "GMT", 3) == 0) &&
                   (t + 3 == n || !is_digit((unsigned char)s[t + 3]))) {
            out->has_zone = out->zulu = 1;
        } else if (t < n && (s[t] == '+' || s[t] == '-')) {
            int sign = s[t++] == '-' ? -1 : 1;
            int zh, zm = 0;
            if (digits(s, n, &t, 2, &zh) && zh <= 14) {
                if (t < n && s[t] == ':') t++;
                if (!digits(s, n, &t, 2, &zm)) zm = 0;
                if (zm < 60) {
                    out->has_zone = 1;
                    out->zone_minutes = sign * (zh * 60 + zm);
                }
            }
        }
    }
    return 1;
}

int dl_date_parse(const char *s, size_t len, dl_date *out) {
    if (!s) return 0;
    while (len && is_space((unsigned char)*s)) s++, len--;
    while (len && is_space((unsigned char)s[len - 1])) len--;
    if (!len || len > 200) return 0;
    if (iso_form(s, len, out)) return 1;
    /* a declared value: numeric forms only when certain, then the written forms with their time; a
     * weekday or a word or two may come first ("Mon, 18 Nov 2019 07:45:00 GMT", "Posted May 6, 2014") */
    return scan(s, len, 0, 4, 1, out);
}

int dl_date_from_url(const char *s, size_t len, dl_date *out) {
    if (!s) return 0;
    if (len > DL_DATE_SCAN_MAX) len = DL_DATE_SCAN_MAX;
    /* /2019/11/18/ or /2019-11-18 or _20191118 in the path: a year, then month and day, each bounded by a
     * separator, so an article id (/123456789) is not read as one */
    for (size_t i = 0; i + 8 <= len; i++) {
        char c = s[i];
        if (c != '/' && c != '-' && c != '_') continue;
        size_t k = i + 1;
        int y, m, d;
        if (!digits(s, len, &k, 4, &y)) continue;
        if (k < len && (s[k] == '/' || s[k] == '-' || s[k] == '_')) {
            char sep = s[k++];
            if (!digits12(s, len, &k, &m) || k >= len || s[k] != sep) continue;
            k++;
            if (!digits12(s, len, &k, &d)) continue;
        } else {
            if (!digits(s, len, &k, 2, &m) || !digits(s, len, &k, 2, &d)) continue;
        }
        if (k < len && is_digit((unsigned char)s[k])) continue;
        if (set(out, y, m, d)) return 1;
    }
    return 0;
}

static void put_num(char *o, int v, int width) {
    for (int k = width - 1; k >= 0; k--) {
        o[k] = (char)('0' + v % 10);
        v /= 10;
    }
}

size_t dl_date_format(const dl_date *d, char *out) {
    put_num(out, d->year, 4);
    out[4] = '-';
    put_num(out + 5, d->month, 2);
    out[7] = '-';
    put_num(out + 8, d->day, 2);
    size_t n = 10;
    if (d->has_time) {
        out[n++] = 'T';
        put_num(out + n, d->hour, 2);
        out[n + 2] = ':';
        put_num(out + n + 3, d->minute, 2);
        out[n + 5] = ':';
        put_num(out + n + 6, d->second, 2);
        n += 8;
        if (d->has_zone && d->zulu) {
            out[n++] = 'Z';
        } else if (d->has_zone) {
            int z = d->zone_minutes;
            out[n++] = z < 0 ? '-' : '+';
            if (z < 0) z = -z;
            put_num(out + n, z / 60, 2);
            out[n + 2] = ':';
            put_num(out + n + 3, z % 60, 2);
            n += 5;
        }
    }
    out[n] = 0;
    return n;
}

size_t dl_date_iso8601(const char *s, size_t len, char *out) {
    dl_date d;
    if (!dl_date_parse(s, len, &d)) return 0;
    return dl_date_format(&d, out);
}
