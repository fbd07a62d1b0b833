"""The cue-word scan of blocks.c looks a word start up among the cues sharing its first byte only.

Every group of that lookup must still find its words: cues of many first letters, the first and the last
entry of a crowded letter ("l": lea, lee, lesen, lire, leia, leggi, log in, login), the (c) sign (a two-byte
UTF-8 first byte), upper case, and a cue that is a prefix of nothing a neighbour in its group spells.
"""

from __future__ import annotations

from array import array

import pytest

import distill
from distill import _core

LEGAL, FURTHER = 76, 78  # features: log1p(legal cues), log1p(further-reading cues) in the block's text


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
