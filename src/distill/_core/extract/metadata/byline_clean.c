/* A byline line cleaned to its names (meta_clean_byline: the label before them, a date before or after
 * them, the role, bio or call to action after them cut away) and whether what is left reads as names
 * (meta_plausible_byline). Pure functions of the text, apart from where the text comes from: the visible
 * byline's candidates and the declared authors go through the same cleaning.
 */
#include "extract/metadata/internal.h"

#include "extract/metadata/words.h"

/* Words that introduce a byline (words.h). */
static const char *const byline_prefixes[] = {DL_MW_BYLINE_LABELS};

/* Words after which a byline line says something else (words.h). */
static const char *const byline_stops[] = {DL_MW_BYLINE_STOPS};

/* Past the separators before a name, and the "&" of a second author's line ("& Jane Doe"); after a date
 * (dated) its middle dot, bullet or dash too. */
static size_t skip_separators(const char *s, size_t n, size_t a, int dated) {
    for (;;) {
        const unsigned char *u = (const unsigned char *)s + a;
        while (a < n && (dl_ascii_is_space((unsigned char)s[a]) || s[a] == ':' || s[a] == '-' || s[a] == '|' ||
                         s[a] == ',' || s[a] == '"' || s[a] == '&'))
            a++, u++;
        if (a + 1 < n && u[0] == 0xC2 && (u[1] == 0xA0 || (dated && u[1] == 0xB7)))
            a += 2; /* no-break space; a middle dot after a date */
        else if (dated && a + 2 < n && u[0] == 0xE2 && u[1] == 0x80 &&
                 (u[2] == 0xA2 || u[2] == 0x93 || u[2] == 0x94))
            a += 3; /* a bullet, an en or an em dash after a date */
        else
            break;
    }
    return a;
}

/* Where the names of a byline line start: past the separators, a date before the names and the word that
 * introduces them ("By", "Von" ...: words.h's labels), as often as they come. Returns 0 when a label
 * stands alone, with no name after it. */
static int names_start(const char *s, size_t n, size_t *at) {
    size_t a = 0;
    int dated = 0; /* a date before the names was passed over in the previous round */
    for (int again = 1; again;) {
        again = 0;
        a = skip_separators(s, n, a, dated);
        dated = 0;
        /* a date before the names ("Dec 17, 2025 Jane Doe", "Dec. 19, 2025 · Jane Doe", a date-and-author
         * line): the names follow its year, past the separators between them, which the next round
         * skips */
        dl_date lead;
        if (a < n && dl_date_at(s + a, n - a > 40 ? 40 : n - a, &lead) && lead.year >= 1000 && lead.year <= 9999) {
            char y[4] = {(char)('0' + lead.year / 1000), (char)('0' + lead.year / 100 % 10),
                         (char)('0' + lead.year / 10 % 10), (char)('0' + lead.year % 10)};
            size_t lim = n - a > 40 ? a + 40 : n;
            for (size_t i = a; i + 4 <= lim; i++)
                if (memcmp(s + i, y, 4) == 0) {
                    /* the year ends a word, and names follow it */
                    if (i + 5 < n && !dl_ascii_is_alnum((unsigned char)s[i + 4])) a = i + 4, dated = again = 1;
                    break;
                }
        }
        for (size_t k = 0; k < sizeof byline_prefixes / sizeof byline_prefixes[0]; k++) {
            size_t pl = strlen(byline_prefixes[k]);
            if (n - a < pl || !starts_ci(s + a, n - a, byline_prefixes[k])) continue;
            /* what follows the word, past a no-break space ("By&nbsp;" before the name's link) */
            size_t q = a + pl;
            int nbsp = q + 1 < n && (unsigned char)s[q] == 0xC2 && (unsigned char)s[q + 1] == 0xA0;
            size_t rest = q + (nbsp ? 2 : 0);
            while (rest < n && dl_ascii_is_space((unsigned char)s[rest])) rest++;
            if (rest == n && (nbsp || q == n || dl_ascii_is_space((unsigned char)s[q])))
                return 0; /* the word alone: no name */
            if (nbsp || s[q] == ' ' || s[q] == ':') {
                a = nbsp ? q + 2 : q + 1;
                again = 1;
                break;
            }
            /* "ByJane Doe": "By" run into a capitalised name where markup kept them apart */
            if (pl == 2 && s[a] == 'B' && s[a + 2] >= 'A' && s[a + 2] <= 'Z') {
                a += 2;
                again = 1;
                break;
            }
        }
    }
    *at = a;
    return 1;
}

/* Where the names that start at a end: before what follows them (a separator, a date, a role, an update
 * note, a bio, a count). */
static size_t names_end(const char *s, size_t a, size_t n) {
    size_t e = n;
    for (size_t k = 0; k < sizeof byline_stops / sizeof byline_stops[0]; k++) {
        size_t sl = strlen(byline_stops[k]);
        for (size_t i = a; i + sl <= e; i++)
            if (starts_ci(s + i, e - i, byline_stops[k])) {
                e = i;
                break;
            }
    }
    /* a bio after the name ("Lauren Vetter is a growth-focused marketing professional"): cut where the
     * words before it are a name's few, not where a sentence about something else says "is a" */
    static const char *const bio[] = {DL_MW_BIO_STARTS};
    for (size_t k = 0; k < sizeof bio / sizeof bio[0]; k++) {
        size_t sl = strlen(bio[k]);
        for (size_t i = a, words = 0; i + sl <= e && words < 4; i++) {
            if (starts_ci(s + i, e - i, bio[k])) {
                e = i;
                break;
            }
            words += s[i] == ' ';
        }
    }
    /* a date after the names ("Jane Doe 6 May 2014", "Jane Doe, May 6, 2014") ends them */
    for (size_t i = a; i < e; i++) {
        if (i > a && s[i - 1] != ' ') continue;
        dl_date d;
        size_t rest = e - i > 40 ? 40 : e - i;
        if (((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'A' && s[i] <= 'Z')) && dl_date_at(s + i, rest, &d)) {
            e = i;
            break;
        }
    }
    /* a number after the names is a count, a time or a date, not part of a name ("Jane Doe 159 badges") */
    for (size_t i = a + 1; i < e; i++)
        if (s[i - 1] == ' ' && s[i] >= '0' && s[i] <= '9') {
            e = i;
            break;
        }
    return e;
}

/* The end of the names at s[a..e) without what trails them: punctuation, the name written twice, a
 * footnote mark, a "Last updated" line's first word, a user name repeated in parentheses. */
static size_t tidy_end(const char *s, size_t a, size_t e) {
    for (;;) {
        while (e > a && (dl_ascii_is_space((unsigned char)s[e - 1]) || s[e - 1] == ',' || s[e - 1] == '|' ||
                         s[e - 1] == '-' || s[e - 1] == ':' || s[e - 1] == ';' || s[e - 1] == '"'))
            e--;
        if (e - a >= 2 && (unsigned char)s[e - 2] == 0xC2 && (unsigned char)s[e - 1] == 0xA0) e -= 2; /* no-break space */
        /* an en or em dash left by a date or a role cut after it ("Dominique — 12. März") */
        else if (e - a >= 3 && (unsigned char)s[e - 3] == 0xE2 && (unsigned char)s[e - 2] == 0x80 &&
                 ((unsigned char)s[e - 1] == 0x93 || (unsigned char)s[e - 1] == 0x94))
            e -= 3;
        else break;
    }
    /* "Jane Doe Jane Doe", "Bence Kovács Bence": the name, then the name again or its first word
     * opening a bio ("... Bence is a software developer", cut at " is a " above) */
    if (e > a) {
        size_t w1 = a;
        while (w1 < e && s[w1] != ' ') w1++;
        size_t half = (e - a - 1) / 2;
        if ((e - a) % 2 == 1 && half > 2 && s[a + half] == ' ' && ascii_ieq_n(s + a, s + a + half + 1, half))
            e = a + half;
        else if (w1 < e && w1 - a > 2 && e - (w1 - a) > a + 1 && s[e - (w1 - a) - 1] == ' ' &&
                 ascii_ieq_n(s + a, s + e - (w1 - a), w1 - a) && e - (w1 - a) - 1 > w1)
            e = e - (w1 - a) - 1;
    }
    while (e > a && s[e - 1] == '*') e--; /* a footnote mark: "Angela Holliday-Bell, MD*" */
    /* "Jane Doe Last": the first word of a "Last updated" line the markup kept apart */
    if (e - a > 5 && ascii_ieq(s + e - 5, 5, " last")) e -= 5;
    /* "Laubrani (Laubrani)": a display name and the same user name in parentheses */
    for (size_t i = a + 1; i + 2 < e; i++) {
        if (s[i] != '(' || s[i - 1] != ' ' || s[e - 1] != ')' || e - 1 - (i + 1) != i - 1 - a) continue;
        size_t k = 0;
        while (k < i - 1 - a && lower((unsigned char)s[a + k]) == lower((unsigned char)s[i + 1 + k])) k++;
        if (k == i - 1 - a) {
            e = i - 1;
            break;
        }
    }
    return e;
}

/* Clean a visible byline: drop the introducing word, cut at what follows the names (a date, a
 * separator, an update note), drop trailing punctuation. Returns the kept slice length (0: none). */
size_t meta_clean_byline(const char *s, size_t n, size_t *start) {
    size_t a;
    if (!names_start(s, n, &a)) {
        *start = n; /* the word alone: no name */
        return 0;
    }
    size_t e = tidy_end(s, a, names_end(s, a, n));
    *start = a;
    return e - a;
}

/* Words of a role under a byline's name (words.h). */
static const char *const roles[] = {DL_MW_ROLE_WORDS};

/* Whether s[0..n) is a role's word, whole. */
static int role_word(const char *s, size_t n) {
    for (size_t k = 0; k < sizeof roles / sizeof roles[0]; k++)
        if (ascii_ieq(s, n, roles[k])) return 1;
    return 0;
}

/* A name followed by its role with nothing between ("Howard Blume Staff Writer": the role's own
 * element, read with the name's): the length without the trailing role words, never below one word.
 * Word ends are ASCII spaces: the name is folded text. */
size_t meta_without_role(const char *s, size_t n) {
    /* "Podium Staff", "ZDNet Japan Staff": a newsroom's collective byline keeps its last word */
    size_t last = n;
    while (last && s[last - 1] != ' ') last--;
    if (ascii_ieq(s + last, n - last, "staff")) return n;
    for (;;) {
        size_t e = n;
        while (e && !dl_ascii_is_alpha((unsigned char)s[e - 1]) && (unsigned char)s[e - 1] < 0x80) e--;
        size_t b = e;
        while (b && s[b - 1] != ' ') b--;
        if (b == 0 || b == e || !role_word(s + b, e - b)) return n;
        n = b;
        while (n && s[n - 1] == ' ') n--;
    }
}

/* Whether s[0..n) is a weekday's or a month's name alone ("Sat", "Jun.", "Thursday"): what is left of
 * a date line ("Sat, 20 Dec, 2025 - 06:36" in a "byline" block) once its date is cleaned away. Month
 * names that are as often a given name (Jan, April, May, June, August) are left as names. */
static int calendar_word(const char *s, size_t n) {
    while (n && (s[n - 1] == '.' || s[n - 1] == ',')) n--;
    static const char *const words[] = {DL_MW_CALENDAR_WORDS};
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
        if (ascii_ieq(s, n, words[k])) return 1;
    return 0;
}

/* Whether a cleaned byline reads as names: short, few words, not a sentence or a call to action. */
int meta_plausible_byline(const char *s, size_t n) {
    if (n < 2 || n > DL_META_BYLINE_MAX) return 0;
    if (s[0] >= '0' && s[0] <= '9') return 0; /* "10 min read", a count */
    size_t words = 1;
    for (size_t i = 0; i < n; i++)
        if (s[i] == ' ') words++;
    if (words > 12) return 0;
    if (s[n - 1] == '.' && words > 4) return 0; /* a sentence */
    /* a sentence without its full stop ("Ray graduated from NYU with a degree", a bio's first words): a
     * name's words are capitalised, but for the particles and joins names carry (von, van, de, da, di,
     * du, del, der, den, la, le, bin, al, and, und, et, y, e, en) */
    static const char *const particles[] = {DL_MW_NAME_PARTICLES};
    int lower_words = 0;
    for (size_t i = 0; i < n;) {
        while (i < n && s[i] == ' ') i++;
        size_t j = i;
        while (j < n && s[j] != ' ') j++;
        if (j > i && s[i] >= 'a' && s[i] <= 'z') {
            int particle = 0;
            for (size_t k = 0; k < sizeof particles / sizeof particles[0] && !particle; k++)
                particle = strlen(particles[k]) == j - i && memcmp(particles[k], s + i, j - i) == 0;
            lower_words += !particle;
        }
        i = j;
    }
    if (lower_words >= 3) return 0;
    if (calendar_word(s, n)) return 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] == '@' || s[i] == '/' || s[i] == '?' || s[i] == '!') return 0; /* a handle, a URL, a question */
    for (size_t i = 1; i + 1 < n; i++)
        if (s[i] == '*') return 0; /* a name a page masked ("a***a"), not the one it shows */
    /* ... nor the words of a link or a form field (a "username" class also marks the visitor's own
     * account in a page's header: "Login", "Email address", "Mein Konto"; a profile link's "Zum Profil
     * von ...", a forum's "Offline" status and "... wrote" quote header, a theme's "Theme: ... von"
     * credit, all met among visible byline candidates), nor a copyright notice ("The State
     * University ©" in an "author" block, a picture's "© Jane Doe") */
    static const char *const not_names[] = {DL_MW_NOT_NAME_WORDS};
    for (size_t k = 0; k < sizeof not_names / sizeof not_names[0]; k++)
        if (contains_ci(s, n, not_names[k])) return 0;
    /* a role alone ("Staff Writer", "Contributing Editor") is the line under a name, not the name */
    int all_roles = 1;
    for (size_t i = 0; i < n && all_roles;) {
        while (i < n && (s[i] == ' ' || s[i] == ',')) i++;
        size_t j = i;
        while (j < n && s[j] != ' ' && s[j] != ',') j++;
        size_t e = j; /* without what trails the word (a no-break space, a full stop) */
        while (e > i && !dl_ascii_is_alpha((unsigned char)s[e - 1])) e--;
        if (j > i && e == i) all_roles = 0; /* a word in another script is a name */
        if (e > i) {
            int role = 0;
            role = role_word(s + i, e - i);
            all_roles = role;
        }
        i = j;
    }
    return !all_roles;
}
