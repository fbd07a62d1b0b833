/* The legacy encodings' byte structure, shared by the decoder (decode.c) and the guess (detect.c):
 * the single-byte encodings' tables (generated into single_byte_table.h by tools/gen_single_byte.py)
 * and the character boundaries of the multi-byte ones. Pure C. */
#include <string.h>

#include "encoding/encoding.h"
#include "encoding/encoding_internal.h"
#include "encoding/single_byte_table.h"
#include "encoding/utf8_internal.h"

/* For each single-byte encoding, the UTF-8 of every byte (1 length byte, up to 3 data bytes), so the
 * decoder's inner loop is one table load and a fixed 3-byte store per byte. */
static uint8_t dl_sb_utf8[DL_ENC__COUNT][256][4];

static void dl_sb_set(int enc, uint8_t byte, uint32_t cp) {
    uint8_t *e = dl_sb_utf8[enc][byte];
    e[0] = (uint8_t)dl_utf8_put(e + 1, cp);
}

void dl_sb_tables_init(void) {
    for (int enc = 0; enc < DL_ENC__COUNT; enc++) {
        if (!dl_sb_has_index[enc]) continue;
        for (unsigned byte = 0; byte < 0x80; byte++) dl_sb_set(enc, (uint8_t)byte, byte);
        for (unsigned byte = 0x80; byte <= 0xFF; byte++) dl_sb_set(enc, (uint8_t)byte, dl_sb_index[enc][byte - 0x80]);
    }
}

int dl_encoding_is_single_byte(int enc) { return enc >= 0 && enc < DL_ENC__COUNT && dl_sb_has_index[enc]; }

const uint8_t (*dl_sb_utf8_table(int enc))[4] { return dl_sb_utf8[enc]; }

uint32_t dl_sb_code_point(int enc, uint8_t byte) { return byte < 0x80 ? byte : dl_sb_index[enc][byte - 0x80]; }

int dl_sb_is_letter(int enc, uint8_t byte) {
    if (byte < 0x80) return (byte | 0x20) >= 'a' && (byte | 0x20) <= 'z';
    unsigned i = byte - 0x80u;
    return (int)(dl_sb_alpha[enc][i / 32] >> (i % 32) & 1u);
}

/* The next character of a multi-byte encoding at b[0..n): its byte length, and its kind. Well-formed
 * characters (DL_UNIT_MB) are left to Python's table; ill-formed ones become U+FFFD here, consuming
 * the bytes the WHATWG decoder consumes (a trail byte that is ASCII is not consumed); DL_UNIT_CP gives a
 * code point the Encoding Standard fixes where Python's codec differs. */
size_t dl_mb_unit(int enc, const uint8_t *b, size_t n, int *kind, uint32_t *cp) {
    uint8_t c = b[0];
    if (c < 0x80) {
        *kind = DL_UNIT_ASCII;
        return 1;
    }
    uint8_t t = n > 1 ? b[1] : 0;
    int have_t = n > 1;
    /* An ill-formed pair consumes the trail byte only when it is not ASCII. */
    size_t bad = have_t && t >= 0x80 ? 2 : 1;
    *kind = DL_UNIT_MB;
    switch (enc) {
    case DL_ENC_GBK:
    case DL_ENC_GB18030:
        if (c == 0x80) {
            *kind = DL_UNIT_CP;
            *cp = 0x20AC;
            return 1;
        }
        if (c == 0xFF) break;
        if (!have_t) break;
        if (t >= 0x30 && t <= 0x39) {
            if (n >= 4 && b[2] >= 0x81 && b[2] <= 0xFE && b[3] >= 0x30 && b[3] <= 0x39) return 4;
            /* A broken four-byte sequence: the decoder gives up at the first lead byte alone. */
            *kind = DL_UNIT_ERROR;
            return 1;
        }
        if ((t >= 0x40 && t <= 0x7E) || (t >= 0x80 && t <= 0xFE)) return 2;
        *kind = DL_UNIT_ERROR;
        return bad;
    case DL_ENC_BIG5:
        if (c == 0x80 || c == 0xFF || !have_t) break;
        if ((t >= 0x40 && t <= 0x7E) || (t >= 0xA1 && t <= 0xFE)) return 2;
        *kind = DL_UNIT_ERROR;
        return bad;
    case DL_ENC_EUC_KR:
        if (c == 0x80 || c == 0xFF || !have_t) break;
        if (t >= 0x41 && t <= 0xFE) return 2;
        *kind = DL_UNIT_ERROR;
        return bad;
    case DL_ENC_SHIFT_JIS:
        if (c == 0x80) {
            *kind = DL_UNIT_CP;
            *cp = 0x80;
            return 1;
        }
        if (c >= 0xA1 && c <= 0xDF) return 1;
        if (!((c >= 0x81 && c <= 0x9F) || (c >= 0xE0 && c <= 0xFC)) || !have_t) break;
        if ((t >= 0x40 && t <= 0x7E) || (t >= 0x80 && t <= 0xFC)) return 2;
        *kind = DL_UNIT_ERROR;
        return bad;
    case DL_ENC_EUC_JP:
        if (!have_t) break;
        if (c == 0x8E) {
            if (t >= 0xA1 && t <= 0xDF) return 2;
            *kind = DL_UNIT_ERROR;
            return bad;
        }
        if (c == 0x8F) {
            if (t >= 0xA1 && t <= 0xFE && n >= 3 && b[2] >= 0xA1 && b[2] <= 0xFE) return 3;
            *kind = DL_UNIT_ERROR;
            return t >= 0xA1 && t <= 0xFE && n >= 3 && b[2] >= 0x80 ? 3 : bad;
        }
        if (c >= 0xA1 && c <= 0xFE) {
            if (t >= 0xA1 && t <= 0xFE) return 2;
            *kind = DL_UNIT_ERROR;
            return bad;
        }
        break;
    default:
        break;
    }
    *kind = DL_UNIT_ERROR;
    return 1;
}
