/* A small, conservative guess at the legacy encoding of input that is not UTF-8 and declares nothing
 * (no BOM, no caller's label, no <meta>): the HTML Standard lets a user agent use "frequency analysis
 * or other algorithms" at this step. Without it such input is windows-1252.
 *
 * It only leaves windows-1252 on strong evidence, because a wrong guess garbles a page that
 * windows-1252 would have shown mostly right:
 *  - CJK: non-ASCII bytes must mostly sit next to each other (not alone inside ASCII words, as
 *    accents do), form well-formed characters of the candidate almost without error, and a script
 *    marker must be frequent (kana for Japanese, Hangul lead bytes for Korean, Big5's
 *    trail bytes below 0x7F for traditional Chinese);
 *  - non-Latin single-byte scripts (Cyrillic, Greek, Hebrew, Arabic, Thai): most runs of non-ASCII
 *    bytes are whole words (three bytes or more), and the candidate's ten most frequent letters of
 *    its language cover a good share of them;
 *  - windows-1250 over windows-1252 (Central European): non-ASCII bytes inside words decode to letters
 *    in windows-1250, and a good share of them to no letter in windows-1252.
 * No frequency table beyond ten letters per language: no data file, no dependency, a few hundred bytes
 * of tables built at start-up from the single-byte decoders. It reads at most DL_DETECT_SAMPLE bytes.
 */
#include <string.h>

#include "encoding/encoding.h"
#include "encoding/encoding_internal.h"

#define DL_DETECT_SAMPLE (64 * 1024)

/* Too few non-ASCII bytes say nothing: windows-1252 is the best guess for a few accented letters. */
#define DL_DETECT_MIN_HIGH 8

typedef struct {
    int enc;
    const char *letters; /* UTF-8: the ten most frequent letters of the language in running text */
} dl_script;

/* The letters are from general knowledge of each language's letter frequencies; the byte each has in
 * its encoding is found at import through the decoding table, so no byte value is written here. */
static const dl_script dl_scripts[] = {
    {DL_ENC_WINDOWS_1251, "оеаинтсрвл"}, /* Russian (also fits Ukrainian, Bulgarian, Serbian) */
    {DL_ENC_KOI8_R, "оеаинтсрвл"},
    {DL_ENC_IBM866, "оеаинтсрвл"},
    {DL_ENC_WINDOWS_1253, "αοιετσνηςρ"}, /* Greek */
    {DL_ENC_WINDOWS_1255, "יוהלרמתאשנ"}, /* Hebrew */
    {DL_ENC_WINDOWS_1256, "اليمونرتبع"}, /* Arabic */
    {DL_ENC_WINDOWS_874, "านรอกเงมยล"},  /* Thai */
};
#define DL_NSCRIPTS (sizeof dl_scripts / sizeof dl_scripts[0])

/* Per script, which bytes are its frequent letters; per Latin candidate, which bytes are letters. */
static uint8_t dl_script_hit[DL_NSCRIPTS][256];
static uint8_t dl_latin_letter[2][256]; /* [0] windows-1252, [1] windows-1250 */

static uint32_t dl_next_cp(const unsigned char **p) {
    const unsigned char *s = *p;
    uint32_t cp;
    if (s[0] < 0x80) cp = s[0], s += 1;
    else if (s[0] < 0xE0) cp = (uint32_t)(s[0] & 0x1F) << 6 | (s[1] & 0x3F), s += 2;
    else cp = (uint32_t)(s[0] & 0x0F) << 12 | (uint32_t)(s[1] & 0x3F) << 6 | (s[2] & 0x3F), s += 3;
    *p = s;
    return cp;
}

void dl_detect_init(void) {
    for (size_t k = 0; k < DL_NSCRIPTS; k++) {
        const unsigned char *p = (const unsigned char *)dl_scripts[k].letters;
        while (*p) {
            uint32_t cp = dl_next_cp(&p);
            for (unsigned b = 0x80; b <= 0xFF; b++)
                if (dl_sb_code_point(dl_scripts[k].enc, (uint8_t)b) == cp) dl_script_hit[k][b] = 1;
        }
    }
    const int latin[2] = {DL_ENC_WINDOWS_1252, DL_ENC_WINDOWS_1250};
    for (int k = 0; k < 2; k++)
        for (unsigned b = 0x80; b <= 0xFF; b++)
            dl_latin_letter[k][b] = (uint8_t)dl_sb_is_letter(latin[k], (uint8_t)b);
}

typedef struct {
    size_t mb, errors;
    size_t marker; /* the candidate's script marker, counted in well-formed characters */
} dl_mb_stats;

/* Walk the sample as encoding enc, counting well-formed multi-byte characters and errors. The
 * marker: Japanese hiragana (Shift_JIS lead 0x82), Big5 trail bytes in 0x40..0x7E. */
static dl_mb_stats dl_mb_walk(int enc, const uint8_t *b, size_t n) {
    dl_mb_stats st = {0, 0, 0};
    size_t i = 0;
    while (i < n) {
        int kind;
        uint32_t cp;
        size_t w = dl_mb_unit(enc, b + i, n - i, &kind, &cp);
        if (kind == DL_UNIT_ERROR) {
            /* A character cut by the end of the sample is not evidence against the encoding. */
            if (i + 4 < n) st.errors++;
        } else if (w >= 2) {
            st.mb++;
            if (enc == DL_ENC_SHIFT_JIS && b[i] == 0x82 && b[i + 1] >= 0x9F && b[i + 1] <= 0xF1) st.marker++;
            if (enc == DL_ENC_BIG5 && b[i + 1] >= 0x40 && b[i + 1] <= 0x7E) st.marker++;
        }
        i += w;
    }
    return st;
}

/* Well-formed enough: at least 4 characters and at most one error per 50 of them. */
static int dl_mb_fits(const dl_mb_stats *st) { return st->mb >= 4 && st->errors * 50 <= st->mb; }

/* EUC-style input (both bytes 0xA1..0xFE; 0x8E/0x8F prefixes for EUC-JP): Japanese, Korean or
 * simplified Chinese. Returns an encoding id, or -1 when the input is not EUC-shaped. */
static int dl_detect_euc(const uint8_t *b, size_t n) {
    size_t pairs = 0, errors = 0, kana = 0, hangul = 0, high_lead = 0;
    size_t i = 0;
    while (i < n) {
        uint8_t c = b[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        if (i + 1 >= n) break; /* cut by the end of the sample */
        uint8_t t = b[i + 1];
        if ((c == 0x8E || (c >= 0xA1 && c <= 0xFE)) && t >= 0xA1 && t <= 0xFE) {
            pairs++;
            if (c == 0xA4 || c == 0xA5) kana++;      /* JIS X 0208 rows 4 and 5: hiragana, katakana */
            if (c >= 0xB0 && c <= 0xC8) hangul++;    /* KS X 1001: the 2,350 Hangul syllables */
            if (c >= 0xC9) high_lead++;              /* beyond Hangul: Hanja in Korean, common in GB2312 */
            i += 2;
        } else {
            errors++;
            i++;
        }
    }
    if (pairs < 4 || errors * 50 > pairs) return -1;
    /* Japanese text is full of kana (particles, endings); Chinese and Korean text almost never. */
    if (kana * 100 >= pairs * 15) return DL_ENC_EUC_JP;
    /* Korean text is mostly Hangul, with few Hanja; Chinese spreads over the whole GB2312 range. */
    if (hangul * 100 >= pairs * 70 && high_lead * 100 <= pairs * 10) return DL_ENC_EUC_KR;
    return DL_ENC_GBK;
}

static int dl_detect_single_byte(const uint8_t *b, size_t n, size_t high) {
    /* Runs of non-ASCII bytes: whole words in a non-Latin script, mostly single accents in Latin. */
    size_t runs = 0, long_runs = 0, run = 0;
    size_t in_word = 0, letter[2] = {0, 0}, only_1250 = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && b[i] >= 0x80) {
            run++;
            continue;
        }
        if (run) {
            runs++;
            if (run >= 3) long_runs++;
            /* A single non-ASCII byte touching an ASCII letter is a letter of a Latin alphabet. */
            if (run == 1) {
                uint8_t c = b[i - 1];
                int lb = i >= 2 && ((b[i - 2] | 0x20) >= 'a' && (b[i - 2] | 0x20) <= 'z');
                int la = i < n && ((b[i] | 0x20) >= 'a' && (b[i] | 0x20) <= 'z');
                if (lb || la) {
                    in_word++;
                    letter[0] += dl_latin_letter[0][c];
                    letter[1] += dl_latin_letter[1][c];
                    only_1250 += dl_latin_letter[1][c] && !dl_latin_letter[0][c];
                }
            }
            run = 0;
        }
    }
    if (long_runs >= 5 && long_runs * 2 >= runs) {
        size_t best = 0, best_score = 0;
        for (size_t k = 0; k < DL_NSCRIPTS; k++) {
            size_t score = 0;
            for (size_t i = 0; i < n; i++) score += dl_script_hit[k][b[i]];
            if (score > best_score) best = k, best_score = score;
        }
        /* A language's ten most frequent letters make up about half of its letters. */
        if (best_score * 100 >= high * 25) return dl_scripts[best].enc;
        return DL_ENC_WINDOWS_1252;
    }
    /* Central European: windows-1250 when it reads nearly every in-word byte as a letter and a good
     * share of them are no letter in windows-1252 (Polish ł ą ż read as ³ ¹ ¿, which Western text never
     * has inside a word). Czech and Hungarian mostly use bytes that are letters in both, and stay
     * windows-1252. */
    if (in_word >= 5 && letter[1] * 100 >= in_word * 90 && only_1250 * 100 >= in_word * 10)
        return DL_ENC_WINDOWS_1250;
    return DL_ENC_WINDOWS_1252;
}

int dl_encoding_detect(const uint8_t *buf, size_t len) {
    size_t n = len < DL_DETECT_SAMPLE ? len : DL_DETECT_SAMPLE;
    size_t high = 0;
    for (size_t i = 0; i < n; i++) high += buf[i] >= 0x80;
    if (high < DL_DETECT_MIN_HIGH) return DL_ENC_WINDOWS_1252;

    /* CJK text keeps its non-ASCII bytes together (a lead byte next to a trail or another lead);
     * Latin text has them alone inside ASCII words ("für", "café"), where an accent and the letter after
     * it can look like a well-formed Big5 or GBK character. Mostly lone bytes: not CJK. */
    size_t lone = 0;
    for (size_t i = 0; i < n; i++)
        if (buf[i] >= 0x80 && (i == 0 || buf[i - 1] < 0x80) && (i + 1 == n || buf[i + 1] < 0x80)) lone++;
    if (lone * 100 >= high * 40) return dl_detect_single_byte(buf, n, high);

    int euc = dl_detect_euc(buf, n);
    if (euc >= 0) return euc;
    /* Shift_JIS: EUC-JP and Big5 text is often well-formed Shift_JIS too (its single-byte katakana
     * range covers their lead bytes), so hiragana must be frequent as well. */
    dl_mb_stats sjis = dl_mb_walk(DL_ENC_SHIFT_JIS, buf, n);
    if (dl_mb_fits(&sjis) && sjis.marker * 100 >= sjis.mb * 10) return DL_ENC_SHIFT_JIS;
    /* Big5 and GBK share their structure; traditional Chinese in Big5 has many trail bytes below 0x7F,
     * GBK text only in its rarer extension characters. */
    dl_mb_stats big5 = dl_mb_walk(DL_ENC_BIG5, buf, n);
    if (dl_mb_fits(&big5) && big5.marker * 100 >= big5.mb * 10) return DL_ENC_BIG5;
    dl_mb_stats gbk = dl_mb_walk(DL_ENC_GB18030, buf, n);
    if (dl_mb_fits(&gbk) && gbk.mb * 2 >= high) return DL_ENC_GBK;
    if (dl_mb_fits(&sjis) && sjis.mb * 2 >= high) return DL_ENC_SHIFT_JIS;
    return dl_detect_single_byte(buf, n, high);
}
