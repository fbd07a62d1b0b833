"""The cue-word scan of blocks.c looks a word start up among the cues sharing its first byte only.

Every group of that lookup must still find its words: cues of many first letters, the first and the last
entry of a crowded letter ("l": lea, lee, lesen, lire, leia, leggi, log in, login), the (c) sign (a two-byte
UTF-8 first byte), upper case, and a cue that is a prefix of nothing a neighbour in its group spells.
"""

from __future__ import annotations

from array import array

import pytest
from conftest import feature_index

import distill
from distill import _core

LEGAL, FURTHER = feature_index("legal_cues"), feature_index("further_cues")  # log1p(cues) in the block's text


def features(text: str) -> list[float]:
    doc = distill.parse(f"<!doctype html><html><body><p>{text}</p></body></html>")
    texts, feats, nfeat = _core._article_blocks(doc)
    a = array("f")
    a.frombytes(feats)
    return list(a[texts.index(text) * nfeat:(texts.index(text) + 1) * nfeat])


@pytest.mark.parametrize(("cue", "feature"), [
    ("cookie", LEGAL), ("Privacy", LEGAL), ("GDPR", LEGAL), ("\u00a9", LEGAL), ("all rights reserved", LEGAL),
    ("terms of service", LEGAL), ("subscription", LEGAL), ("suscr\u00edbete", LEGAL), ("newsletter", LEGAL),
    ("sign up", LEGAL), ("log in", LEGAL), ("login", LEGAL), ("javascript", LEGAL), ("datenschutz", LEGAL),
    ("einwilligung", LEGAL), ("impressum", LEGAL), ("abonnez", LEGAL), ("confidentialit\u00e9", LEGAL),
    ("read also", FURTHER), ("related", FURTHER), ("see also", FURTHER), ("continue reading", FURTHER),
    ("lea tambi\u00e9n", FURTHER), ("lea m\u00e1s", FURTHER), ("lesen sie", FURTHER), ("lire la suite", FURTHER),
    ("leia mais", FURTHER), ("leggi anche", FURTHER), ("mehr zum thema", FURTHER), ("weiterlesen", FURTHER),
])
def test_each_cue_group_finds_its_words(cue: str, feature: int) -> None:
    other = FURTHER if feature == LEGAL else LEGAL
    with_cue = features(f"The council met on Tuesday, {cue} and then the vote.")
    without = features("The council met on Tuesday, and then the vote.")
    assert with_cue[feature] > 0.0 == without[feature]
    assert with_cue[other] == 0.0


def test_cues_are_counted_once_each_and_only_at_word_starts() -> None:
    one = features("Please see our privacy notice.")[LEGAL]
    three = features("Privacy first: our privacy notice and the PRIVACY rules.")[LEGAL]
    assert 0.0 < one < three
    assert features("Please see our xprivacy notice and the ecookie jar.")[LEGAL] == 0.0


def test_a_cue_is_found_at_every_offset_and_the_scan_goes_on_past_it() -> None:
    # the scan reads 16 bytes at a time: a cue at each offset of two blocks, and a cue that would
    # start inside the one just counted ("also read|also" holds "read also" too: counted once)
    one, two = f32_log1p(1), f32_log1p(2)
    for k in range(40):
        lead = "x" * k + " " if k else ""
        assert features(f"{lead}The cookie jar is on the shelf today.")[LEGAL] == one, k
        assert features(f"{lead}Also read also the rest of the page.")[FURTHER] == one, k
        assert features(f"{lead}Read more, see also the notes below it.")[FURTHER] == two, k
        assert features(f"{'x' * k}cookie is one word here, not a cue at all.")[LEGAL] == (one if k == 0 else 0.0), k


def f32_log1p(n: int) -> float:
    import math

    return array("f", [math.log1p(n)])[0]


def test_a_word_start_is_ruled_out_by_its_first_two_bytes_only_when_no_cue_starts_so() -> None:
    # blocks.c skips a word start whose (first, second) byte pair starts no cue: the pair is compared
    # lower-cased, the (c) sign's two bytes are a pair, and a cue may end the text or be two bytes long
    one = f32_log1p(1)
    assert features("Read our PRIVACY notice, then the COOKIE one.")[LEGAL] == f32_log1p(2)
    assert features("The last word of this text is the sign \u00a9")[LEGAL] == one
    assert features("\u00a9 comes first in this short text here.")[LEGAL] == one
    assert features("A text that ends on a word start: c")[LEGAL] == 0.0
    # words sharing a cue's first letter but not its second are not cues; sharing both is not enough
    assert features("Crowds came, cats ran and the council cooked.")[LEGAL] == 0.0
    assert features("Councils cooperate; a cookie counts though.")[LEGAL] == one


def test_a_word_start_is_ruled_out_by_its_first_four_bytes_only_when_no_cue_starts_so() -> None:
    # past the pair, blocks.c tests the first four bytes (lower-cased at once) against those of the cues
    # four bytes long or more: any case mix still matches, a cue of exactly four bytes may end the text,
    # and a word sharing a cue's four first bytes but not the rest is no cue
    one = f32_log1p(1)
    assert features("Then we read the CoOkIe notice here.")[LEGAL] == one
    assert features("This text ends on the four-byte cue GDPR")[LEGAL] == one
    assert features("This text ends on a cue's first bytes: gdp")[LEGAL] == 0.0
    assert features("The cooker, the consul and the copyist met.")[LEGAL] == 0.0
    assert features("Lea m\u00e1s: the next story of the day.")[FURTHER] == one
