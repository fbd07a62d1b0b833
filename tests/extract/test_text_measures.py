"""The text measures every block feature starts from (article_text.c's dl_tab_measure_more): folded length
in code points, words, commas, sentence ends and digits of a piece of text. Short pieces and long ones
take different code (a byte-class loop; 16 bytes at a time), so each length from 1 to 120 bytes is
checked against the rule written out here: words are the runs between ASCII white space, the folded
length is those words joined by one space, '.', '!', '?' and the ideographic full stop end sentences."""

from __future__ import annotations

import math
import random
import struct

import pytest
from conftest import feature_index

import distill
from distill import _core

WS = " \t\n\r\f"


def expected(text: str) -> tuple[int, int, int, int, int]:
    words = [w for w in "".join(" " if c in WS else c for c in text).split(" ") if w]
    chars = len(" ".join(words))
    stops = sum(text.count(c) for c in ".!?\u3002")
    return chars, len(words), text.count(","), stops, sum(c.isascii() and c.isdigit() for c in text)


def measured(text: str) -> tuple[float, ...]:
    # one <p> whose only text node is the piece: the block's features 0 (log1p chars), 2 (commas per
    # word + 1), 3 (stops per word + 1), 4 (digits per char) and 5 (log1p words)
    doc = distill.parse(f"<html><body><p>{text}</p></body></html>")
    texts, feats, nfeat = _core._article_blocks(doc)
    assert len(texts) == 1
    f = struct.unpack(f"{nfeat}f", feats[: 4 * nfeat])
    names = ("log_chars", "commas_per_word", "stops_per_word", "digit_share", "log_words")
    return tuple(f[feature_index(n)] for n in names)


ALPHABET = ["a", "B", "z", " ", "  ", "\n", "\t", ",", ".", "!", "?", "7", "0", "é", "ß", "。", "漢", "€", "x"]


@pytest.mark.parametrize("length", range(1, 121))
def test_measures_follow_the_rule_at_every_length(length: int) -> None:
    rng = random.Random(length)
    text = ""
    while len(text.encode()) < length:
        text += rng.choice(ALPHABET)
    text = "w" + text + "w"  # the parser keeps a <p>'s edges; a word at each end keeps the piece intact
    if not text.strip(WS):
        return
    chars, words, commas, stops, digits = expected(text)
    f0, f2, f3, f4, f5 = measured(text)
    assert f0 == pytest.approx(math.log1p(chars), rel=1e-6)
    assert f5 == pytest.approx(math.log1p(words), rel=1e-6)
    assert f2 == pytest.approx(commas / (words + 1), rel=1e-6)
    assert f3 == pytest.approx(stops / (words + 1), rel=1e-6)
    assert f4 == pytest.approx(digits / chars, rel=1e-6)


def test_long_prose_is_measured_like_short_pieces() -> None:
    # the same sentences as one text node of ~4 kB (many 16-byte blocks, a partial last one)
    sentence = "In 2024, the council met 12 times.  Members asked:\twhy?\nNobody knew! "
    text = sentence * 60 + "end"
    chars, words, commas, stops, digits = expected(text)
    f0, f2, f3, f4, f5 = measured(text)
    assert f0 == pytest.approx(math.log1p(chars), rel=1e-6)
    assert f5 == pytest.approx(math.log1p(words), rel=1e-6)
    assert f2 == pytest.approx(commas / (words + 1), rel=1e-6)
    assert f3 == pytest.approx(stops / (words + 1), rel=1e-6)
    assert f4 == pytest.approx(digits / chars, rel=1e-6)
