"""Generate src/distill/_core/encoding/labels_table.h: the WHATWG Encoding Standard's label table.

The data below is the Encoding Standard's "Encodings" table (section 4.2, Names and labels),
written out by hand: each canonical name (spelled in lower case, as Python and the binding report
it) with every label that maps to it. Names appear in the order of the DL_ENC_* enum in
encoding.h; the generated file uses designated initializers and checks the count at compile time.

Run: python tools/gen_encoding_labels.py   (writes the header; commit the output)
"""

from __future__ import annotations

from pathlib import Path

ENCODINGS: list[tuple[str, str, list[str]]] = [
    # (enum suffix, canonical name, labels). "replacement" is deliberately not a label of itself.
    (
        "UTF8",
        "utf-8",
        [
            "unicode-1-1-utf-8",
            "unicode11utf8",
            "unicode20utf8",
            "utf-8",
            "utf8",
            "x-unicode20utf8",
        ],
    ),
    ("IBM866", "ibm866", ["866", "cp866", "csibm866", "ibm866"]),
    (
        "ISO_8859_2",
        "iso-8859-2",
        [
            "csisolatin2",
            "iso-8859-2",
            "iso-ir-101",
            "iso8859-2",
            "iso88592",
            "iso_8859-2",
            "iso_8859-2:1987",
            "l2",
            "latin2",
        ],
    ),
    (
        "ISO_8859_3",
        "iso-8859-3",
        [
            "csisolatin3",
            "iso-8859-3",
            "iso-ir-109",
            "iso8859-3",
            "iso88593",
            "iso_8859-3",
            "iso_8859-3:1988",
            "l3",
            "latin3",
        ],
    ),
    (
        "ISO_8859_4",
        "iso-8859-4",
        [
            "csisolatin4",
            "iso-8859-4",
            "iso-ir-110",
            "iso8859-4",
            "iso88594",
            "iso_8859-4",
            "iso_8859-4:1988",
            "l4",
            "latin4",
        ],
    ),
    (
        "ISO_8859_5",
        "iso-8859-5",
        [
            "csisolatincyrillic",
            "cyrillic",
            "iso-8859-5",
            "iso-ir-144",
            "iso8859-5",
            "iso88595",
            "iso_8859-5",
            "iso_8859-5:1988",
        ],
    ),
    (
        "ISO_8859_6",
        "iso-8859-6",
        [
            "arabic",
            "asmo-708",
            "csiso88596e",
            "csiso88596i",
            "csisolatinarabic",
            "ecma-114",
            "iso-8859-6",
            "iso-8859-6-e",
            "iso-8859-6-i",
            "iso-ir-127",
            "iso8859-6",
            "iso88596",
            "iso_8859-6",
            "iso_8859-6:1987",
        ],
    ),
    (
        "ISO_8859_7",
        "iso-8859-7",
        [
            "csisolatingreek",
            "ecma-118",
            "elot_928",
            "greek",
            "greek8",
            "iso-8859-7",
            "iso-ir-126",
            "iso8859-7",
            "iso88597",
            "iso_8859-7",
            "iso_8859-7:1987",
            "sun_eu_greek",
        ],
    ),
    (
        "ISO_8859_8",
        "iso-8859-8",
        [
            "csiso88598e",
            "csisolatinhebrew",
            "hebrew",
            "iso-8859-8",
            "iso-8859-8-e",
            "iso-ir-138",
            "iso8859-8",
            "iso88598",
            "iso_8859-8",
            "iso_8859-8:1988",
            "visual",
        ],
    ),
    ("ISO_8859_8_I", "iso-8859-8-i", ["csiso88598i", "iso-8859-8-i", "logical"]),
    (
        "ISO_8859_10",
        "iso-8859-10",
        [
            "csisolatin6",
            "iso-8859-10",
            "iso-ir-157",
            "iso8859-10",
            "iso885910",
            "l6",
            "latin6",
        ],
    ),
    ("ISO_8859_13", "iso-8859-13", ["iso-8859-13", "iso8859-13", "iso885913"]),
    ("ISO_8859_14", "iso-8859-14", ["iso-8859-14", "iso8859-14", "iso885914"]),
    (
        "ISO_8859_15",
        "iso-8859-15",
        [
            "csisolatin9",
            "iso-8859-15",
            "iso8859-15",
            "iso885915",
            "iso_8859-15",
            "l9",
        ],
    ),
    ("ISO_8859_16", "iso-8859-16", ["iso-8859-16"]),
    ("KOI8_R", "koi8-r", ["cskoi8r", "koi", "koi8", "koi8-r", "koi8_r"]),
    ("KOI8_U", "koi8-u", ["koi8-ru", "koi8-u"]),
    ("MACINTOSH", "macintosh", ["csmacintosh", "mac", "macintosh", "x-mac-roman"]),
    (
        "WINDOWS_874",
        "windows-874",
        [
            "dos-874",
            "iso-8859-11",
            "iso8859-11",
            "iso885911",
            "tis-620",
            "windows-874",
        ],
    ),
    ("WINDOWS_1250", "windows-1250", ["cp1250", "windows-1250", "x-cp1250"]),
    ("WINDOWS_1251", "windows-1251", ["cp1251", "windows-1251", "x-cp1251"]),
    (
        "WINDOWS_1252",
        "windows-1252",
        [
            "ansi_x3.4-1968",
            "ascii",
            "cp1252",
            "cp819",
            "csisolatin1",
            "ibm819",
            "iso-8859-1",
            "iso-ir-100",
            "iso8859-1",
            "iso88591",
            "iso_8859-1",
            "iso_8859-1:1987",
            "l1",
            "latin1",
            "us-ascii",
            "windows-1252",
            "x-cp1252",
        ],
    ),
    ("WINDOWS_1253", "windows-1253", ["cp1253", "windows-1253", "x-cp1253"]),
    (
        "WINDOWS_1254",
        "windows-1254",
        [
            "cp1254",
            "csisolatin5",
            "iso-8859-9",
            "iso-ir-148",
            "iso8859-9",
            "iso88599",
            "iso_8859-9",
            "iso_8859-9:1989",
            "l5",
            "latin5",
            "windows-1254",
            "x-cp1254",
        ],
    ),
    ("WINDOWS_1255", "windows-1255", ["cp1255", "windows-1255", "x-cp1255"]),
    ("WINDOWS_1256", "windows-1256", ["cp1256", "windows-1256", "x-cp1256"]),
    ("WINDOWS_1257", "windows-1257", ["cp1257", "windows-1257", "x-cp1257"]),
    ("WINDOWS_1258", "windows-1258", ["cp1258", "windows-1258", "x-cp1258"]),
    ("X_MAC_CYRILLIC", "x-mac-cyrillic", ["x-mac-cyrillic", "x-mac-ukrainian"]),
    (
        "GBK",
        "gbk",
        [
            "chinese",
            "csgb2312",
            "csiso58gb231280",
            "gb2312",
            "gb_2312",
            "gb_2312-80",
            "gbk",
            "iso-ir-58",
            "x-gbk",
        ],
    ),
    ("GB18030", "gb18030", ["gb18030"]),
    ("BIG5", "big5", ["big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"]),
    ("EUC_JP", "euc-jp", ["cseucpkdfmtjapanese", "euc-jp", "x-euc-jp"]),
    ("ISO_2022_JP", "iso-2022-jp", ["csiso2022jp", "iso-2022-jp"]),
    (
        "SHIFT_JIS",
        "shift_jis",
        [
            "csshiftjis",
            "ms932",
            "ms_kanji",
            "shift-jis",
            "shift_jis",
            "sjis",
            "windows-31j",
            "x-sjis",
        ],
    ),
    (
        "EUC_KR",
        "euc-kr",
        [
            "cseuckr",
            "csksc56011987",
            "euc-kr",
            "iso-ir-149",
            "korean",
            "ks_c_5601-1987",
            "ks_c_5601-1989",
            "ksc5601",
            "ksc_5601",
            "windows-949",
        ],
    ),
    (
        "REPLACEMENT",
        "replacement",
        [
            "csiso2022kr",
            "hz-gb-2312",
            "iso-2022-cn",
            "iso-2022-cn-ext",
            "iso-2022-kr",
        ],
    ),
    ("UTF16BE", "utf-16be", ["unicodefffe", "utf-16be"]),
    (
        "UTF16LE",
        "utf-16le",
        [
            "csunicode",
            "iso-10646-ucs-2",
            "ucs-2",
            "unicode",
            "unicodefeff",
            "utf-16",
            "utf-16le",
        ],
    ),
    ("X_USER_DEFINED", "x-user-defined", ["x-user-defined"]),
]

OUT = Path(__file__).resolve().parent.parent / "src/distill/_core/encoding/labels_table.h"


def render() -> str:
    """The C header text: canonical names by id, and (label, id) pairs sorted for binary search."""
    pairs: list[tuple[str, str]] = []
    for enum, _name, labels in ENCODINGS:
        for label in labels:
            assert label == label.lower() and label.isascii() and len(label) <= 31, label
            pairs.append((label, enum))
    pairs.sort()
    dupes = {a for (a, _), (b, _) in zip(pairs, pairs[1:], strict=False) if a == b}
    assert not dupes, dupes
    lines = [
        "/* Generated by tools/gen_encoding_labels.py from the WHATWG Encoding Standard's labels.",
        " * Do not edit: change the generator and rerun it. */",
        "#ifndef DL_ENCODING_LABELS_TABLE_H",
        "#define DL_ENCODING_LABELS_TABLE_H",
        "",
        "#define DL_LABEL_MAX 31 /* longest label, so lookup can lower-case into a small buffer */",
        "",
        "static const char *const dl_encoding_names[DL_ENC__COUNT] = {",
    ]
    lines += [f'    [DL_ENC_{enum}] = "{name}",' for enum, name, _ in ENCODINGS]
    lines += [
        "};",
        "",
        "typedef struct {",
        "    const char *label;",
        "    int id;",
        "} dl_label_entry;",
        "",
        "/* Sorted by label (byte order) for binary search. */",
        "static const dl_label_entry dl_label_table[] = {",
    ]
    lines += [f'    {{"{label}", DL_ENC_{enum}}},' for label, enum in pairs]
    lines += [
        "};",
        "",
        f"_Static_assert(DL_ENC__COUNT == {len(ENCODINGS)}, "
        '"encoding.h enum and tools/gen_encoding_labels.py disagree");',
        "",
        "#endif",
        "",
    ]
    return "\n".join(lines)


def main() -> None:
    OUT.write_text(render())
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
