"""A newcomer finds each tokenizer state and insertion mode by the HTML Standard's name: every state of
13.2.5 appears in the tokenizer's sources as "13.2.5.N <title>" (with its anchor), every insertion mode
of 13.2.6.4 as 'The "<mode>" insertion mode' in the tree builder's."""

from __future__ import annotations

import re

import pytest
from conftest import REPO

CORE = REPO / "src" / "distill" / "_core"

# The HTML Standard's tokenizer states, 13.2.5.1 to 13.2.5.80.
STATES = """Data|RCDATA|RAWTEXT|Script data|PLAINTEXT|Tag open|End tag open|Tag name|RCDATA less-than sign|
RCDATA end tag open|RCDATA end tag name|RAWTEXT less-than sign|RAWTEXT end tag open|RAWTEXT end tag name|
Script data less-than sign|Script data end tag open|Script data end tag name|Script data escape start|
Script data escape start dash|Script data escaped|Script data escaped dash|Script data escaped dash dash|
Script data escaped less-than sign|Script data escaped end tag open|Script data escaped end tag name|
Script data double escape start|Script data double escaped|Script data double escaped dash|
Script data double escaped dash dash|Script data double escaped less-than sign|Script data double escape end|
Before attribute name|Attribute name|After attribute name|Before attribute value|
Attribute value (double-quoted)|Attribute value (single-quoted)|Attribute value (unquoted)|
After attribute value (quoted)|Self-closing start tag|Bogus comment|Markup declaration open|Comment start|
Comment start dash|Comment|Comment less-than sign|Comment less-than sign bang|Comment less-than sign bang dash|
Comment less-than sign bang dash dash|Comment end dash|Comment end|Comment end bang|DOCTYPE|Before DOCTYPE name|
DOCTYPE name|After DOCTYPE name|After DOCTYPE public keyword|Before DOCTYPE public identifier|
DOCTYPE public identifier (double-quoted)|DOCTYPE public identifier (single-quoted)|After DOCTYPE public identifier|
Between DOCTYPE public and system identifiers|After DOCTYPE system keyword|Before DOCTYPE system identifier|
DOCTYPE system identifier (double-quoted)|DOCTYPE system identifier (single-quoted)|After DOCTYPE system identifier|
Bogus DOCTYPE|CDATA section|CDATA section bracket|CDATA section end|Character reference|
Named character reference|Ambiguous ampersand|Numeric character reference|
Hexadecimal character reference start|Decimal character reference start|Hexadecimal character reference|
Decimal character reference|Numeric character reference end""".replace("\n", "").split("|")

MODES = ["initial", "before html", "before head", "in head", "in head noscript", "after head", "in body", "text",
         "in table", "in table text", "in caption", "in column group", "in table body", "in row", "in cell",
         "in template", "after body", "in frameset", "after frameset", "after after body", "after after frameset"]


def _text(folder: str) -> str:
    return "\n".join(p.read_text() for p in sorted((CORE / folder).iterdir()) if p.suffix in {".c", ".h", ".inc"})


def test_the_standard_has_80_tokenizer_states() -> None:
    assert len(STATES) == 80 and len(set(STATES)) == 80


@pytest.mark.parametrize("number,title", list(enumerate(STATES, 1)))
def test_tokenizer_state_is_found_by_its_spec_name(number: int, title: str) -> None:
    src = _text("tokenizer")
    assert re.search(rf"13\.2\.5\.{number} {re.escape(title)} state\b", src), f"13.2.5.{number} {title} state"
    anchor = "#" + f"{title} state".lower().replace(" ", "-")
    assert anchor in src


@pytest.mark.parametrize("mode", MODES)
def test_insertion_mode_is_found_by_its_spec_name(mode: str) -> None:
    src = "\n".join(p.read_text() for p in sorted((CORE / "tree").rglob("*.c")))
    assert re.search(rf'The "{re.escape(mode)}" insertion mode \(HTML Standard 13\.2\.6\.4\), https://', src)
