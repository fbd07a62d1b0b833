"""The free-text date scanner reads the same dates wherever they fall in its sliding window.

The scanner keeps a window of tokens over the text, passes over windows that cannot start a date
(no number in them, or a first token that is neither a number nor a month name) and looks month
names up only when a pattern may read them. These tests put each written form after every number of
filler tokens from 0 to 45, so that the date lands at each position of the window's buffer, and check
that skipping never loses or invents a date.
"""

from __future__ import annotations

import pytest

from distill import _core

FORMS = [
    ("2019-11-18", "2019-11-18"),
    ("18.11.2019", "2019-11-18"),
    ("18 November 2019", "2019-11-18"),
    ("November 18, 2019", "2019-11-18"),
    ("Nov. 18, 2019", "2019-11-18"),
    ("18 de noviembre de 2019", "2019-11-18"),
    ("2019 Nov 18", "2019-11-18"),
    ("2019年11月18日", "2019-11-18"),
    ("18. März 2019", "2019-03-18"),
]

# Words that contain month names or their prefixes, and lone numbers that are not dates: each must be
# passed over without being read as part of a date.
FILLER = "summary decisions, marching ambers and 7 septuagenarians; janitors"


def filler(k: int) -> str:
    words = FILLER.replace(",", " ,").replace(";", " ;").split()
    return " ".join(words[i % len(words)] for i in range(k))


@pytest.mark.parametrize(("written", "iso"), FORMS)
def test_a_date_is_read_at_every_position_of_the_window(written: str, iso: str) -> None:
    for k in range(46):
        text = (filler(k) + " " + written + " and more words after it").strip()
        assert _core._date_scan(text) == iso, (k, text)


def test_a_month_name_far_from_any_number_is_no_date() -> None:
    # "March" opens the text, the only number comes 30 tokens later: no pattern spans that.
    text = "March " + filler(30) + " 2019"
    assert _core._date_scan(text) is None


def test_the_first_of_two_dates_is_the_one_read() -> None:
    for k in range(0, 40, 3):
        text = filler(k) + " 3 May 2021 " + filler(k) + " 2020-01-02"
        assert _core._date_scan(text) == "2021-05-03", k


def test_text_without_a_digit_has_no_date() -> None:
    assert _core._date_scan(filler(500) + " March May June") is None


def _month_table() -> list[tuple[str, int]]:
    import re
    from pathlib import Path

    source = (Path(__file__).parents[2] / "src/distill/_core/extract/metadata/words.h").read_text(encoding="utf-8")
    start = source.index("#define DL_MW_MONTH_NAMES(X)")
    table = source[start : source.index("\n#define", start + 1)]
    return [(name, int(month)) for name, month in re.findall(r'X\("([^"]+)", (\d+)\)', table)]


def test_every_month_name_of_the_table_is_read() -> None:
    # month_of rules words out by length and first letter before it searches the table: a name
    # whose initial or length those quick tests do not allow would never be read.
    names = _month_table()
    assert len(names) > 60
    for name, month in names:
        for written in (name, name.capitalize()):
            assert _core._date_scan(f"3 {written} 2021") == f"2021-{month:02d}-03", written
