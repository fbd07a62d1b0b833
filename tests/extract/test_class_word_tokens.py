"""The element table's class/id words (block features 35..39: boilerplate, rescue, positive, negative,
clean) found on the tokens of a value: lower-case runs, a capital starting a lower-case run (camelCase),
a run of capitals (an acronym, whose last capital starts the next word when lower case follows),
digits and punctuation separating. The tokens are compared with the word lists without a lower-cased
copy, so upper and mixed case must read as lower case, and nothing else may.
"""

from __future__ import annotations

import re
from array import array
from pathlib import Path

import pytest
from conftest import feature_index
from hypothesis import given, settings
from hypothesis import strategies as st

import distill
from distill import _core

BOILER, RESCUE, POSITIVE, NEGATIVE, CLEAN = 0, 1, 2, 3, 4  # article_rules.h word lists
OWN = feature_index("own_boiler")  # the five own_* word features, in that order


def own_words(attrs: str) -> set[int]:
    doc = distill.parse(f"<!doctype html><html><body><p {attrs}>Some words of the paragraph.</p></body></html>")
    texts, feats, nfeat = _core._article_blocks(doc)
    a = array("f")
    a.frombytes(feats)
    f = a[texts.index("Some words of the paragraph.") * nfeat:][:nfeat]
    return {b for b in range(5) if f[OWN + b] == 1.0}


@pytest.mark.parametrize(("attrs", "bits"), [
    ('class="sharebar"', {BOILER, CLEAN}),  # "share" starts the token; the whole negative word does not match
    ('class="ShareBar"', {BOILER, NEGATIVE, CLEAN}),  # camelCase: "Share" is a word of its own
    ('class="SHARE"', {BOILER, NEGATIVE, CLEAN}),  # an acronym run, read as lower case
    ('class="SHAREbar"', set()),  # "SHAR" + "Ebar": the last capital starts the lower-case word
    ('class="HTMLShare"', {BOILER, NEGATIVE, CLEAN}),
    ('id="mainContent"', {RESCUE, POSITIVE}),
    ('class="x9comment"', {BOILER, NEGATIVE, CLEAN}),  # digits separate
    ('class="ad"', {NEGATIVE, CLEAN}),
    ('class="AD"', {NEGATIVE, CLEAN}),
    ('class="address"', set()),  # "ad" is a whole word only
    ('class="s[debar s@debar"', set()),  # bytes that are letters only once 0x20 is set are not letters
    ('class="SideBar-Widget"', {BOILER, NEGATIVE}),  # "Side", "Bar", "Widget": no "sidebar" across the capital
])
def test_class_and_id_tokens_read_case_insensitively(attrs: str, bits: set[int]) -> None:
    assert own_words(attrs) == bits


def test_repeated_and_colliding_values_read_as_alone() -> None:
    # the table walk remembers the words of the values it classified (a direct-mapped table of 256
    # slots): 300 distinct values force shared slots, each repeated, prefixes of each other among them
    # ("share" / "sharebar" / "sharebar2"), and every paragraph must get the words its value has alone
    base = ["sharebar", "ShareBar", "share", "mainContent", "x9comment", "ad", "address", "SHAREbar", "HTMLShare"]
    values = base + [f"{w}{k}" for k in range(40) for w in ("item-", "comment", "Nav")]
    values += [f"card c{k}" for k in range(160)]
    # same-length values with and without words, more than the slots: some share a slot
    values += [f"{w}{k:05d}" for k in range(300) for w in ("share", "plain")]
    order = [values[(k * 7) % len(values)] for k in range(2 * len(values))]
    body = "".join(f'<p class="{v}">Paragraph {k} of the page.</p>' for k, v in enumerate(order))
    doc = distill.parse(f"<!doctype html><html><body>{body}</body></html>")
    texts, feats, nfeat = _core._article_blocks(doc)
    a = array("f")
    a.frombytes(feats)
    alone: dict[str, set[int]] = {}
    for k, v in enumerate(order):
        f = a[texts.index(f"Paragraph {k} of the page.") * nfeat:][:nfeat]
        got = {b for b in range(5) if f[OWN + b] == 1.0}
        if v not in alone:
            alone[v] = own_words(f'class="{v}"')
        assert got == alone[v], (k, v)


# ---- the tokens of long and mixed values against a reference -------------------------------------
# Any value, long or short, of words in any case, acronyms, camelCase, digits, punctuation and non-ASCII
# bytes, must read as the rules above say (this module's docstring), written out here as a byte loop
# over the word lists of article_rules.h itself: whatever way article_text.c finds the words (its
# lower-case runs are screened 16 bytes at a time), they must be these.

RULES = Path(__file__).resolve().parents[2] / "src" / "distill" / "_core" / "extract" / "classic" / "article_rules.h"


def _listed(macro: str) -> list[str]:
    text = RULES.read_text()
    at = text.index(f"#define {macro} ")
    body = []
    for line in text[at:].splitlines():
        body.append(line)
        if not line.rstrip().endswith("\\"):
            break
    return re.findall(r'"([a-z]+)"', "\n".join(body))


# (feature bit, [(words, whole words only)])
LISTS = [
    (BOILER, [(_listed("DL_ART_BOILERPLATE_WORDS"), False)]),
    (RESCUE, [(_listed("DL_ART_RESCUE_WORDS"), False)]),
    (POSITIVE, [(_listed("DL_ART_POSITIVE_WORDS"), False)]),
    (NEGATIVE, [(_listed("DL_ART_NEGATIVE_PREFIXES"), False), (_listed("DL_ART_NEGATIVE_WORDS"), True)]),
    (CLEAN, [(_listed("DL_ART_CLEAN_PREFIXES"), False), (_listed("DL_ART_CLEAN_WORDS"), True)]),
]


def _tokens(v: str) -> list[str]:
    def low(c: str) -> bool:
        return "a" <= c <= "z"

    def up(c: str) -> bool:
        return "A" <= c <= "Z"

    out, i, n = [], 0, len(v)
    while i < n:
        c, j = v[i], i
        if low(c):
            j = i + 1
            while j < n and low(v[j]):
                j += 1
        elif up(c):
            if i + 1 < n and low(v[i + 1]):
                j = i + 2
                while j < n and low(v[j]):
                    j += 1
            else:
                while j < n and up(v[j]):
                    j += 1
                if j < n and low(v[j]) and j - i > 1:
                    j -= 1
        else:
            i += 1
            continue
        out.append(v[i:j])
        i = j
    return out


def _expected(v: str) -> set[int]:
    bits = set()
    for tok in _tokens(v):
        t = tok.lower()
        for bit, groups in LISTS:
            if any(t.startswith(w) and (not whole or len(t) == len(w)) for words, whole in groups for w in words):
                bits.add(bit)
    return bits


_WORDS = sorted({w for _, groups in LISTS for words, _ in groups for w in words}) + ["x", "navy", "HTML", "ab"]
_piece = st.one_of(
    st.sampled_from(_WORDS).flatmap(lambda w: st.sampled_from([w, w.upper(), w.capitalize()])),
    st.text(alphabet="abcXYZ", min_size=1, max_size=70),
    st.sampled_from([" ", "-", "_", ":", "/", ".", "9", "2024", "\u00e9", "\u4e2d"]),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_piece, min_size=1, max_size=40).map("".join))
def test_class_value_words_match_the_byte_rules(value: str) -> None:
    assert own_words(f'class="{value}"') == _expected(value), value


# words at and across 16- and 64-byte boundaries of the value
@pytest.mark.parametrize(("value", "bits"), [
    ("q" * 64 + "sidebar", set()),  # one word across the boundary: "sidebar" does not start it
    ("q" * 63 + "-sidebar", {BOILER, NEGATIVE}),  # the word starts at the boundary
    (" " * 60 + "sidebar", {BOILER, NEGATIVE}),  # the word crosses it
    ("-" * 63 + "HTMLShare", {BOILER, NEGATIVE, CLEAN}),  # an acronym then a camelCase word across it
    ("-" * 62 + "adShare", {BOILER, NEGATIVE, CLEAN}),  # "ad" ends at it, "Share" starts there
    ("q" * 130 + " comment", {BOILER, NEGATIVE, CLEAN}),  # a word in a third window
])
def test_words_at_block_boundaries(value: str, bits: set[int]) -> None:
    assert _expected(value) == bits
    assert own_words(f'class="{value}"') == bits
