"""A newcomer finds each tokenizer state and insertion mode by the HTML Standard's name: every state of
13.2.5 is a function of the tokenizer named as the spec names it ("Attribute value (double-quoted)
state" is attribute_value_double_quoted_state()), right under a "13.2.5.N <title> state" heading with
its anchor, and reached from the tokenizer's dispatch; every insertion mode of 13.2.6.4 appears as
'The "<mode>" insertion mode' in the tree builder's sources."""

from __future__ import annotations

import functools
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


@functools.cache
def _text(folder: str) -> str:
    return "\n".join(p.read_text() for p in sorted((CORE / folder).iterdir()) if p.suffix in {".c", ".h", ".inc"})


def test_the_standard_has_80_tokenizer_states() -> None:
    assert len(STATES) == 80 and len(set(STATES)) == 80


SPEC = "https://html.spec.whatwg.org/multipage/parsing.html"
# A function definition at the start of a line: return type and qualifiers, name, parameters, "{".
DEFINITION = re.compile(r"^[A-Za-z_][\w ]*?[\w*] \**(\w+)\(([^;{}]*)\)\s*\{", re.M)
# The state functions' own signature (tokenizer.c's DL_STATE: always inlined into the dispatch).
STATE_DEFINITION = re.compile(r"^DL_STATE (\w+)\(dl_tokenizer \*t, dl_cursor \*in\)\s*\{", re.M)
# The one state of the tokenizer that is no spec state: 13.2.5.56's PUBLIC / SYSTEM look-ahead.
HELPER_STATES = {"after_doctype_name_keyword_lookahead"}


def function_name(title: str) -> str:
    """The C name of a spec state: its title in lower case, words joined by "_", then "_state"."""
    return re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_") + "_state"


def test_function_names_follow_the_titles() -> None:
    assert function_name("Attribute value (double-quoted)") == "attribute_value_double_quoted_state"
    assert function_name("RCDATA less-than sign") == "rcdata_less_than_sign_state"
    assert function_name("Between DOCTYPE public and system identifiers") == (
        "between_doctype_public_and_system_identifiers_state")


@pytest.mark.parametrize("number,title", list(enumerate(STATES, 1)))
def test_tokenizer_state_is_a_function_under_its_spec_name(number: int, title: str) -> None:
    src = _text("tokenizer")
    heading = rf"/\* 13\.2\.5\.{number} {re.escape(title)} state\n \* (\S+)"
    found = list(re.finditer(heading, src))
    assert len(found) == 1, f"one heading '13.2.5.{number} {title} state' with its anchor on the next line"
    anchor = "#" + f"{title} state".lower().replace(" ", "-")
    assert found[0].group(1) == SPEC + anchor
    # The first function defined after the heading is the state's, under the spec's name.
    definition = DEFINITION.search(src, found[0].end())
    assert definition is not None and definition.group(1) == function_name(title), (
        f"13.2.5.{number} {title} state is followed by "
        f"{definition.group(1) if definition else 'no function'}, not {function_name(title)}()")
    assert STATE_DEFINITION.match(src, definition.start()), "a state function (DL_STATE, tokenizer and cursor)"
    assert len(re.findall(rf"\b{function_name(title)}\(dl_tokenizer", src)) == 1, "defined once"
    # ... and the dispatch runs it.
    assert re.search(rf"X\(S_\w+, {function_name(title)}\)", src), "listed in DL_TOKENIZER_STATES"
    assert re.search(rf"DL_STATE_RUN\(S_\w+, {function_name(title)}\)", src), "run by dl_run()"


def test_every_state_function_is_a_spec_state() -> None:
    src = _text("tokenizer")
    defined = set(STATE_DEFINITION.findall(src))
    assert defined - {function_name(s) for s in STATES} == HELPER_STATES
    assert {function_name(s) for s in STATES} <= defined


@pytest.mark.parametrize("mode", MODES)
def test_insertion_mode_is_found_by_its_spec_name(mode: str) -> None:
    src = "\n".join(p.read_text() for p in sorted((CORE / "tree").rglob("*.c")))
    assert re.search(rf'The "{re.escape(mode)}" insertion mode \(HTML Standard 13\.2\.6\.4\), https://', src)
