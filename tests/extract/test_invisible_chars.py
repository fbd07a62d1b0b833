"""Article.text leaves out U+00AD, U+200B, U+2060 and U+FEFF and keeps every other character.

The text is searched for the bytes that can start them (0xC2, 0xE2, 0xEF) sixteen at a time, and the
text between two candidates is moved in one piece; so the invisible characters are placed at every
offset of a sixteen-byte block, next to kept characters that start with the same bytes (the copyright
sign C2 A9, the euro sign E2 82 AC, a curly quote E2 80 9C, the ligature EF AC 81) and at the very end.
"""

from __future__ import annotations

import distill

INVISIBLE = "\u00ad\u200b\u2060\ufeff"
KEPT = "\u00a9 \u20ac \u201c \ufb01 caf\u00e9"


def page(paragraphs: list[str]) -> str:
    body = "".join(f"<p>{p}</p>" for p in paragraphs)
    return f"<!doctype html><html><body><article>{body}</article></body></html>"


def test_invisible_characters_go_and_everything_else_stays() -> None:
    base = ("The council met on Tuesday evening to agree the budget for the coming year, and the vote "
            "was closer than anyone expected.")
    clean, marked = [], []
    for k in range(20):
        words = f"{base} {KEPT} item {k}"
        clean.append(words)
        at = 3 + k  # every offset of a sixteen-byte block, and a few more
        glyph = INVISIBLE[k % 4]
        marked.append(words[:at] + glyph + words[at:] + (glyph if k % 3 == 0 else ""))
    expect = distill.article(page(clean)).text
    got = distill.article(page(marked)).text
    assert "item 19" in expect and KEPT in expect
    assert got == expect
    assert not any(c in got for c in INVISIBLE)
