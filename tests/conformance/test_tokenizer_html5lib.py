"""Run every html5lib-tests tokenizer case against the C tokenizer.

Each case (one per initial state) is checked three ways: the token stream (adjacent Character tokens
coalesced, as the suite's README says), the parse error codes in order of
detection (positions are not compared: the suite's line/column conventions for a few errors differ
from distill's byte offsets by one character), and chunking invariance (feeding
1, 2, 3 or 7 bytes per call gives the same tokens, the same errors in the same order, and the same
byte offsets as a single call).
The pass counts are printed when the module finishes.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import HTML5LIB_TESTS, require
from html5lib_exclusions import TOKENIZER as EXCLUDED

from distill import _core

TOKENIZER_DIR = HTML5LIB_TESTS / "tokenizer"
CHUNK_SIZES = (1, 2, 3, 7)
RESULTS: Counter[str] = Counter()


def _unescape(s: str) -> str:
    return re.sub(r"\\u([0-9A-Fa-f]{4})", lambda m: chr(int(m.group(1), 16)), s)


def _deep_unescape(obj: Any) -> Any:
    if isinstance(obj, str):
        return _unescape(obj)
    if isinstance(obj, list):
        return [_deep_unescape(x) for x in obj]
    if isinstance(obj, dict):
        return {_unescape(k): _deep_unescape(v) for k, v in obj.items()}
    return obj


def _coalesce(tokens: list[Any]) -> list[Any]:
    out: list[Any] = []
    for tok in tokens:
        if tok[0] == "Character" and out and out[-1][0] == "Character":
            out[-1] = ["Character", out[-1][1] + tok[1]]
        else:
            out.append(list(tok))
    return out


def _cases() -> Iterator[Any]:
    if not TOKENIZER_DIR.exists():
        return
    for path in sorted(TOKENIZER_DIR.glob("*.test")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for index, test in enumerate(doc.get("tests", doc.get("xmlViolationTests", []))):
            key = f"{path.name}:{test['description']}"
            for state in test.get("initialStates", ["Data state"]):
                case = dict(test, file=path.name, state=state)
                marks = []
                if key in EXCLUDED:
                    marks.append(pytest.mark.skip(reason=EXCLUDED[key]))
                yield pytest.param(case, id=f"{path.stem}-{index}-{state.split()[0]}", marks=marks)


CASES = list(_cases())


@pytest.fixture(scope="module", autouse=True)
def _report(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    kinds = ("tokens", "errors", "chunking")
    line = "html5lib tokenizer: " + ", ".join(
        f"{k} {RESULTS[k + ':pass']}/{RESULTS[k + ':pass'] + RESULTS[k + ':fail']}" for k in kinds
    ) + f" passed ({len(EXCLUDED)} cases excluded, see tests/html5lib_exclusions.py)"
    capman = request.config.pluginmanager.get_plugin("capturemanager")
    if capman is not None:
        with capman.global_and_fixture_disabled():  # shown with or without -s
            print("\n" + line)
    else:
        print("\n" + line)


def _prepare(case: dict[str, Any]) -> tuple[str, list[Any], list[str]]:
    require(TOKENIZER_DIR)
    data, expected = case["input"], case["output"]
    if case.get("doubleEscaped"):
        data, expected = _unescape(data), _deep_unescape(expected)
    codes = [e["code"] for e in case.get("errors", [])]
    return data, _coalesce(expected), codes


def _run(case: dict[str, Any], data: str, chunk_size: int = 0) -> tuple[Any, Any, Any]:
    return _core._tokenize_ex(data, case["state"], case.get("lastStartTag"), chunk_size)


def _record(kind: str, ok: bool) -> None:
    RESULTS[f"{kind}:{'pass' if ok else 'fail'}"] += 1


@pytest.mark.parametrize("case", CASES)
def test_tokens(case: dict[str, Any]) -> None:
    data, expected, _ = _prepare(case)
    tokens, _, _ = _run(case, data)
    ok = _coalesce(tokens) == expected
    _record("tokens", ok)
    assert _coalesce(tokens) == expected, case["description"]


@pytest.mark.parametrize("case", CASES)
def test_errors(case: dict[str, Any]) -> None:
    data, _, codes = _prepare(case)
    _, errors, _ = _run(case, data)
    got = [code for code, _ in errors]
    _record("errors", got == codes)
    assert got == codes, case["description"]


@pytest.mark.parametrize("case", CASES)
def test_chunking(case: dict[str, Any]) -> None:
    data, _, _ = _prepare(case)
    tokens, errors, spans = _run(case, data)
    strip = [(s, e, [(a, b) for a, b, _ in attrs]) for s, e, _, attrs in spans]
    ok = True
    for size in CHUNK_SIZES:
        t2, e2, s2 = _run(case, data, size)
        strip2 = [(s, e, [(a, b) for a, b, _ in attrs]) for s, e, _, attrs in s2]
        same = t2 == tokens and e2 == errors and strip2 == strip
        ok = ok and same
        if not same:
            _record("chunking", False)
        assert t2 == tokens, f"chunk size {size}: tokens differ"
        assert e2 == errors, f"chunk size {size}: errors or their order differ"
        assert strip2 == strip, f"chunk size {size}: offsets differ"
    _record("chunking", ok)
