/* Encoding sniffing and decoding of bytes input to the UTF-8 the parser reads (WHATWG Encoding
 * Standard and HTML Standard 13.2.3 "Determining the character encoding").
 *
 * What this folder offers:
 *  - the Encoding Standard's label table: label -> encoding id -> canonical name;
 *  - sniffing: BOM, then a caller's label (transport-layer charset), then the HTML prescan of the first
 *    1,024 bytes for <meta charset> / <meta http-equiv=content-type>, then UTF-8 when the bytes are
 *    valid UTF-8, else a small conservative guess (detect.c: CJK by character structure and kana/Hangul
 *    markers, non-Latin single-byte scripts by ten letters per language, windows-1250 by in-word
 *    letters) that falls back to windows-1252. It is deliberately small: a full detector needs large
 *    frequency tables or a runtime dependency, and a wrong guess is worse than windows-1252;
 *  - decoding to UTF-8 with an offset map back to input byte offsets. Valid UTF-8 is not copied.
 *
 * Everything here is pure C, safe without the GIL. The multi-byte legacy encodings (gbk, gb18030, big5,
 * euc-jp, iso-2022-jp, shift_jis, euc-kr) are split into characters here and decoded by a codec the
 * caller passes (dl_legacy_codec: the binding's uses Python's codecs, binding/py_encoding.c).
 *
 * Typical use (the binding's dl_py_decode_bytes does this and turns DL_DECODE_* into exceptions):
 *
 *     dl_encoding_init();                        -- once, before anything else here
 *     int enc = -1;
 *     if (label && (enc = dl_encoding_lookup(label, label_len)) < 0) -> unknown label
 *     dl_decoded d;
 *     if (dl_decode_bytes(buf, len, enc, codec, &d) < 0) -> error (a DL_DECODE_* code)
 *     dl_parse(d.utf8, d.len, ...)              -- d.utf8 points into buf when d.owned is NULL
 *     span offsets -> dl_offset_map_lookup(d.map, off) gives input byte offsets (BOM included)
 *     dl_encoding_name(d.encoding) -> the `encoding` attribute
 *     keep buf (the bytes object) and d.owned alive as long as the tree; then dl_decoded_release(&d).
 */
#ifndef DL_ENCODING_ENCODING_H
#define DL_ENCODING_ENCODING_H

#include <stddef.h>
#include <stdint.h>

/* Encoding ids (index into the canonical name table). Stable within a build only. */
enum {
    DL_ENC_UTF8 = 0,
    DL_ENC_IBM866,
    DL_ENC_ISO_8859_2,
    DL_ENC_ISO_8859_3,
    DL_ENC_ISO_8859_4,
    DL_ENC_ISO_8859_5,
    DL_ENC_ISO_8859_6,
    DL_ENC_ISO_8859_7,
    DL_ENC_ISO_8859_8,
    DL_ENC_ISO_8859_8_I,
    DL_ENC_ISO_8859_10,
    DL_ENC_ISO_8859_13,
    DL_ENC_ISO_8859_14,
    DL_ENC_ISO_8859_15,
    DL_ENC_ISO_8859_16,
    DL_ENC_KOI8_R,
    DL_ENC_KOI8_U,
    DL_ENC_MACINTOSH,
    DL_ENC_WINDOWS_874,
    DL_ENC_WINDOWS_1250,
    DL_ENC_WINDOWS_1251,
    DL_ENC_WINDOWS_1252,
    DL_ENC_WINDOWS_1253,
    DL_ENC_WINDOWS_1254,
    DL_ENC_WINDOWS_1255,
    DL_ENC_WINDOWS_1256,
    DL_ENC_WINDOWS_1257,
    DL_ENC_WINDOWS_1258,
    DL_ENC_X_MAC_CYRILLIC,
    DL_ENC_GBK,
    DL_ENC_GB18030,
    DL_ENC_BIG5,
    DL_ENC_EUC_JP,
    DL_ENC_ISO_2022_JP,
    DL_ENC_SHIFT_JIS,
    DL_ENC_EUC_KR,
    DL_ENC_REPLACEMENT,
    DL_ENC_UTF16BE,
    DL_ENC_UTF16LE,
    DL_ENC_X_USER_DEFINED,
    DL_ENC__COUNT
};

/* Label -> encoding id, or -1 for an unknown label ("get an encoding": ASCII case-insensitive, leading
 * and trailing ASCII whitespace ignored). Pure C, no GIL needed. */
int dl_encoding_lookup(const char *label, size_t len);

/* Canonical WHATWG name, lower case as Python spells it ("utf-8", "windows-1252", "shift_jis",
 * "utf-16le"); NULL for an id out of range. */
const char *dl_encoding_name(int id);

/* Sniff: override_id is the caller's encoding (-1 for none). Returns the encoding id and sets *bom_len
 * (0, 2 or 3: bytes of BOM to skip). Reads the first 1,024 bytes, one pass of UTF-8 validation, and for undeclared
 * non-UTF-8 input up to 64 KiB more for the guess. */
int dl_encoding_sniff(const uint8_t *buf, size_t len, int override_id, int *bom_len);

/* As dl_encoding_sniff; with DL_SNIFF_NO_UTF8_DETECT the last resort is windows-1252 without trying
 * UTF-8 or the guess (the HTML Standard's algorithm with no autodetection, as html5lib's encoding
 * tests expect). */
enum { DL_SNIFF_NO_UTF8_DETECT = 1 };
int dl_encoding_sniff_ex(const uint8_t *buf, size_t len, int override_id, unsigned flags, int *bom_len);

/* The HTML Standard's "prescan a byte stream to determine its encoding" over buf[0..min(len,1024)):
 * the encoding id, or -1 when nothing was found. */
int dl_encoding_prescan(const uint8_t *buf, size_t len);

/* "The algorithm for extracting a character encoding from a meta element" (HTML Standard 2.6.5) over
 * a <meta content> value ("text/html; charset=windows-1252"): the encoding id of the label after the
 * first "charset=" (ASCII case-insensitive), or -1 when there is none or it is not a known label. */
int dl_encoding_from_meta_content(const char *content, size_t len);

/* What a <meta> declaring encoding id means (HTML Standard 13.2.3.2, prescan step "If charset is UTF-16BE/LE,
 * then set charset to UTF-8. If charset is x-user-defined, then set charset to windows-1252."). */
int dl_encoding_for_meta(int id);

/* 1 if buf is entirely valid UTF-8 (no surrogates, no overlongs, nothing above U+10FFFF), else 0. */
int dl_utf8_valid(const uint8_t *buf, size_t len);

/* Maps offsets in the decoded UTF-8 to byte offsets in the original input (BOM included). An offset
 * inside a code point maps as the start of that code point; an offset at or past the end maps to the
 * input length. Lookup is pure C and thread-safe (read-only). */
typedef struct dl_offset_map dl_offset_map;
uint64_t dl_offset_map_lookup(const dl_offset_map *map, uint64_t utf8_off);
void dl_offset_map_free(dl_offset_map *map);
/* Heap bytes the map holds (for the documentation of its cost and for tests). */
size_t dl_offset_map_memory(const dl_offset_map *map);

typedef struct {
    const char *utf8;     /* the UTF-8 to parse: `owned`, or a pointer into the input buffer */
    size_t len;
    char *owned;          /* malloc'd buffer when the input could not be used as is, else NULL */
    dl_offset_map *map;   /* always set on success; may reference `owned` (free them together) */
    int encoding;         /* the encoding id used */
} dl_decoded;

/* Build the tables the decoders and the guess read (from the generated single-byte indexes). Call once
 * before any other function here (the binding does at import; a fuzz harness first thing). */
void dl_encoding_init(void);

/* Errors of the decoders. */
enum {
    DL_DECODE_NOMEM = -1,
    DL_DECODE_TOO_LARGE = -2,    /* input of 1 GiB or more, or decoded text of 4 GiB or more */
    DL_DECODE_NO_DECODER = -3,   /* an encoding id out of range, or a multi-byte one with no codec */
    DL_DECODE_CODEC_FAILED = -4, /* the codec reported its own error (the binding's: a Python exception) */
};

struct dl_buf;

/* The codec the caller supplies for the multi-byte legacy encodings, whose large tables this library
 * does not carry. Every function returns -1 on failure, having recorded its own error. */
typedef struct {
    /* Append to out the UTF-8 of b[0..n), whole well-formed characters of encoding enc (split here by
     * the encoding's byte structure); returns the number of code points appended. */
    long (*decode)(int enc, const uint8_t *b, size_t n, struct dl_buf *out);
    /* ISO-2022-JP is stateful: open an incremental decoder (NULL on failure); feed it n bytes (0 or 1;
     * final set at the end of input) appending what it decodes to out and returning the number of code
     * points appended; pending: 1 when it holds part of a character, 0 when not; close it. */
    void *(*open)(int enc);
    long (*feed)(void *decoder, const uint8_t *b, size_t n, int final, struct dl_buf *out);
    int (*pending)(void *decoder);
    void (*close)(void *decoder);
} dl_legacy_codec;

/* 1 when decoding enc needs a dl_legacy_codec (the multi-byte legacy encodings), else 0. */
int dl_encoding_needs_codec(int enc);

/* Sniff (as dl_encoding_sniff, override_id -1 for none) and decode. codec may be NULL when no
 * multi-byte legacy encoding is to be decoded (they then fail with DL_DECODE_NO_DECODER). The input
 * buffer must stay alive and unchanged as long as the result (valid UTF-8 is used in place).
 * Returns 0, or a DL_DECODE_* error with `out` zeroed. */
int dl_decode_bytes(const uint8_t *buf, size_t len, int override_id, const dl_legacy_codec *codec,
                    dl_decoded *out);

/* Decode with a known encoding, skipping `skip` leading bytes (a BOM). Same contract as above. */
int dl_decode_as(const uint8_t *buf, size_t len, int encoding_id, size_t skip, const dl_legacy_codec *codec,
                 dl_decoded *out);

/* Free `owned` and `map`; safe on a zeroed struct and twice. */
void dl_decoded_release(dl_decoded *d);

#endif
