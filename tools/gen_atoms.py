#!/usr/bin/env python3
"""Generate src/distill/_core/tree/atoms.{h,c}: tag names interned as integer atoms.

Atoms are case-sensitive: the tokenizer lower-cases HTML tag names, and the tree builder maps SVG
names to their spec case (foreignObject), which is its own atom. The lookup is an open-addressing hash
table built here, so interning a known name costs one hash and one memcmp.

Run: python tools/gen_atoms.py   (the outputs are committed, so a build needs no Python step)
"""
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "src" / "distill" / "_core" / "tree"

# HTML Standard element index, plus obsolete and legacy names the parser or extraction treat specially.
HTML = """a abbr acronym address applet area article aside audio b base basefont bdi bdo bgsound big blink
blockquote body br button canvas caption center cite code col colgroup command data datalist dd del details
dfn dialog dir div dl dt em embed fieldset figcaption figure font footer form frame frameset h1 h2 h3 h4 h5
h6 head header hgroup hr html i iframe image img input ins isindex kbd keygen label legend li link listing
main map mark marquee math menu menuitem meta meter multicol nav nextid nobr noembed noframes noscript object
ol optgroup option output p param picture plaintext pre progress q rb rp rt rtc ruby s samp script search
section select slot small source spacer span strike strong style sub summary sup svg table tbody td template
textarea tfoot th thead time title tr track tt u ul var video wbr xmp""".split()

# SVG element names in their spec case (HTML Standard 13.2.6.5 table), and other common SVG names.
SVG = """altGlyph altGlyphDef altGlyphItem animateColor animateMotion animateTransform clipPath feBlend
feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap
feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage feMerge
feMergeNode feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence
foreignObject glyphRef linearGradient radialGradient textPath circle desc ellipse g line path polygon
polyline rect stop symbol text tspan use defs mask pattern marker filter view switch animate set""".split()

MATHML = """mi mo mn ms mtext annotation-xml mglyph malignmark mrow mfrac msqrt mroot mstyle merror mpadded
mphantom mfenced menclose msub msup msubsup munder mover munderover mmultiscripts mtable mtr mtd maligngroup
mlabeledtr mspace semantics annotation""".split()


def names() -> list[str]:
    seen: list[str] = []
    for n in HTML + SVG + MATHML:
        if n not in seen:
            seen.append(n)
    return seen


def ident(n: str) -> str:
    return "DL_TAG_" + n.replace("-", "_")


M64 = (1 << 64) - 1


def sketch(s: bytes) -> tuple[int, int]:
    """The two words dl_atom_lookup reads of a name (atom_sketch in the generated C, little-endian).

    A name of up to 16 bytes is all in them (8 to 16 bytes: its first and last 8, overlapping; 4 to 7:
    its first and last 4; 1 to 3: its first, middle and last byte), so with the length they compare
    as the whole name; a longer one compares its middle bytes too.
    """
    n = len(s)
    le = int.from_bytes
    if n >= 8:
        return le(s[:8], "little"), le(s[n - 8:], "little")
    if n >= 4:
        return le(s[:4], "little") | le(s[n - 4:], "little") << 32, 0
    return s[0] | s[n // 2] << 8 | s[n - 1] << 16, 0


def slot(s: bytes, bits: int) -> int:
    """The name's first table slot: a multiplicative hash of its sketch and length (its top bits)."""
    a, b = sketch(s)
    h = ((a ^ ((b * 0x9E3779B97F4A7C15) & M64) ^ len(s)) * 0xFF51AFD7ED558CCD) & M64
    return h >> (64 - bits)


# Tag categories of HTML elements, each as the HTML Standard lists it (13.2.4.2 "The stack of open
# elements" for special and the scopes, 13.2.6.3 for implied end tags, 13.2.4.1 for the elements that
# reset the insertion mode, 13.3 / 4.x for void elements, 13.2.4.3 for formatting elements). The tree
# builder reads them from one generated table instead of hand-written sets.
CATEGORIES: list[tuple[str, str, str]] = [
    ("SPECIAL", "the special category (select is not in it since the customizable-select change)",
     "address applet area article aside base basefont bgsound blockquote body br button caption center col "
     "colgroup dd details dir div dl dt embed fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 "
     "h5 h6 head header hgroup hr html iframe img input keygen li link listing main marquee menu meta nav "
     "noembed noframes noscript object ol p param plaintext pre script search section source style summary "
     "table tbody td template textarea tfoot th thead title tr track ul wbr xmp"),
    ("SCOPE", "ends \"has an element in scope\" (HTML elements of the default scope list)",
     "applet caption html table td th marquee object template"),
    ("TABLE_SCOPE", "ends \"has an element in table scope\"", "html table template"),
    ("IMPLIED_END", "popped by \"generate implied end tags\"", "dd dt li optgroup option p rb rp rt rtc"),
    ("IMPLIED_END_THOROUGH", "popped by \"generate all implied end tags thoroughly\"",
     "caption colgroup dd dt li optgroup option p rb rp rt rtc tbody td tfoot th thead tr"),
    ("RESET_MODE", "decides \"reset the insertion mode appropriately\" (and stops table-scope walks)",
     "html head body frameset table tbody thead tfoot tr td th caption colgroup template"),
    ("VOID", "void elements (no end tag, no contents)",
     "area base br col embed hr img input link meta source track wbr basefont bgsound frame keygen param"),
    ("FORMATTING", "formatting elements (the list of active formatting elements)",
     "a b big code em font i nobr s small strike strong tt u"),
]


def categories(ns: list[str]) -> list[int]:
    """The category bits of each atom (index = atom; atom 0 is no tag)."""
    bits = [0] * (len(ns) + 1)
    index = {n: i for i, n in enumerate(ns, start=1)}
    for k, (_, _, members) in enumerate(CATEGORIES):
        for m in members.split():
            bits[index[m]] |= 1 << k
    return bits


def main() -> None:
    ns = names()
    bits = 1
    while (1 << bits) < len(ns) * 4:
        bits += 1
    size = 1 << bits
    table = [0] * size
    for i, n in enumerate(ns, start=1):
        h = slot(n.encode(), bits)
        while table[h]:
            h = (h + 1) & (size - 1)
        table[h] = i
    h_lines = [
        "/* Generated by tools/gen_atoms.py; do not edit. Tag names interned as integer atoms. */",
        "#ifndef DL_TREE_ATOMS_H", "#define DL_TREE_ATOMS_H", "", "#include <stddef.h>", "#include <stdint.h>", "",
        "enum {", "    DL_TAG__NONE = 0,",
    ]
    for i, n in enumerate(ns, start=1):
        h_lines.append(f"    {ident(n)} = {i},")
    h_lines += [
        f"    DL_TAG__COUNT = {len(ns) + 1} /* atoms at or above this are per-document (unknown names) */",
        "};", "",
        "/* The atom of a known tag name (exact, case-sensitive), or DL_TAG__NONE. */",
        "uint32_t dl_atom_lookup(const char *name, size_t len);",
        "/* The name of a static atom (NUL-terminated), or NULL. */",
        "const char *dl_atom_name(uint32_t atom, size_t *len);", "",
        "/* Tag categories of HTML-namespace elements (tools/gen_atoms.py CATEGORIES has each one's source). */",
        "enum {",
    ]
    for k, (name, doc, _) in enumerate(CATEGORIES):
        h_lines.append(f"    DL_CAT_{name} = 1u << {k}, /* {doc} */")
    h_lines += [
        "};", "extern const uint16_t dl_tag_html_categories[DL_TAG__COUNT];",
        "/* The DL_CAT_* bits of an HTML element's atom; 0 for a per-document atom (no category has one). */",
        "static inline unsigned dl_tag_category(uint32_t atom) {",
        "    return atom < DL_TAG__COUNT ? dl_tag_html_categories[atom] : 0;",
        "}", "", "#endif", "",
    ]
    c_lines = [
        "/* Generated by tools/gen_atoms.py; do not edit. */",
        '#include "tree/atoms.h"', "", "#include <string.h>", "",
        "static const char *const atom_names[] = {", '    "",',
    ]
    c_lines += [f'    "{n}",' for n in ns]
    c_lines += ["};", "", "static const unsigned char atom_lens[] = {", "    0,"]
    c_lines += [f"    {len(n)}," for n in ns]
    cats = categories(ns)
    c_lines += ["};", "", "const uint16_t dl_tag_html_categories[DL_TAG__COUNT] = {"]
    c_lines += [f"    [{ident(n)}] = 0x{cats[i]:04x}," for i, n in enumerate(ns, start=1) if cats[i]]
    sketches = [sketch(n.encode()) for n in ns]
    c_lines += ["};", "", "/* Each name's sketch (see atom_sketch), compared instead of its bytes. */",
                "static const uint64_t atom_sketch_a[] = {", "    0,"]
    c_lines += [f"    0x{a:016x}u," for a, _ in sketches]
    c_lines += ["};", "", "static const uint64_t atom_sketch_b[] = {", "    0,"]
    c_lines += [f"    0x{b:016x}u," for _, b in sketches]
    c_lines += ["};", "", f"#define ATOM_TABLE_BITS {bits}", "#define ATOM_TABLE_SIZE (1u << ATOM_TABLE_BITS)",
                "static const uint16_t atom_table[ATOM_TABLE_SIZE] = {"]
    for i in range(0, size, 16):
        c_lines.append("    " + ", ".join(str(x) for x in table[i:i + 16]) + ",")
    c_lines += [
        "};", "",
        "static inline uint64_t le64(const unsigned char *p) {",
        "    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |",
        "           (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;",
        "}", "",
        "static inline uint64_t le32(const unsigned char *p) {",
        "    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24;",
        "}", "",
        "/* Two words that, with the length, are a name of up to 16 bytes (tools/gen_atoms.py sketch): read",
        " * with fixed-size loads, so that the lookup of every tag token neither hashes byte by byte nor",
        " * calls memcmp (both cost a branch the predictor misses at the name's varying length). */",
        "static inline void atom_sketch(const unsigned char *s, size_t n, uint64_t *a, uint64_t *b) {",
        "    if (n >= 8) {",
        "        *a = le64(s);",
        "        *b = le64(s + n - 8);",
        "    } else if (n >= 4) {",
        "        *a = le32(s) | le32(s + n - 4) << 32;",
        "        *b = 0;",
        "    } else {",
        "        *a = (uint64_t)s[0] | (uint64_t)s[n / 2] << 8 | (uint64_t)s[n - 1] << 16;",
        "        *b = 0;",
        "    }",
        "}", "",
        "uint32_t dl_atom_lookup(const char *name, size_t len) {",
        "    if (len == 0 || len > 32) return DL_TAG__NONE;",
        "    uint64_t ka, kb;",
        "    atom_sketch((const unsigned char *)name, len, &ka, &kb);",
        "    uint64_t h = (ka ^ (kb * 0x9E3779B97F4A7C15u) ^ len) * 0xFF51AFD7ED558CCDu;",
        "    for (uint32_t i = (uint32_t)(h >> (64 - ATOM_TABLE_BITS));; i = (i + 1) & (ATOM_TABLE_SIZE - 1)) {",
        "        uint16_t a = atom_table[i];",
        "        if (a == 0) return DL_TAG__NONE;",
        "        if (atom_sketch_a[a] == ka && atom_sketch_b[a] == kb && atom_lens[a] == len &&",
        "            (len <= 16 || memcmp(atom_names[a] + 8, name + 8, len - 16) == 0))",
        "            return a;",
        "    }",
        "}", "",
        "const char *dl_atom_name(uint32_t atom, size_t *len) {",
        "    if (atom == DL_TAG__NONE || atom >= DL_TAG__COUNT) return NULL;",
        "    if (len) *len = atom_lens[atom];",
        "    return atom_names[atom];",
        "}", "",
    ]
    (OUT / "atoms.h").write_text("\n".join(h_lines))
    (OUT / "atoms.c").write_text("\n".join(c_lines))
    print(f"{len(ns)} atoms, table of {size}")


if __name__ == "__main__":
    main()
