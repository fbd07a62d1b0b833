"""The element table's class/id words (block features 35..39: boilerplate, rescue, positive, negative,
clean) found on the tokens of a value: lower-case runs, a capital starting a lower-case run (camelCase),
a run of capitals (an acronym, whose last capital starts the next word when lower case follows),
digits and punctuation separating. The tokens are compared with the word lists without a lower-cased
copy, so upper and mixed case must read as lower case, and nothing else may.
"""

from __future__ import annotations

from array import array

import pytest

import distill
from distill import _core

BOILER, RESCUE, POSITIVE, NEGATIVE, CLEAN = 0, 1, 2, 3, 4  # article_rules.h word lists


def own_words(attrs: str) -> set[int]:
    doc = distill.parse(f"<!doctype html><html><body><p {attrs}>Some words of the paragraph.</p></body></html>")
    texts, feats, nfeat = _core._article_blocks(doc)
    a = array("f")
    a.frombytes(feats)
    f = a[texts.index("Some words of the paragraph.") * nfeat:][:nfeat]
    return {b for b in range(5) if f[35 + b] == 1.0}


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
        got = {b for b in range(5) if f[35 + b] == 1.0}
        if v not in alone:
            alone[v] = own_words(f'class="{v}"')
        assert got == alone[v], (k, v)
