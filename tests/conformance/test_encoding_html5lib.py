"""html5lib-tests encoding/*.dat through distill._core._sniff: the BOM and <meta> prescan.

These files expect the HTML Standard's algorithm with windows-1252 as the default, so the sniff runs
with utf8_detect=False (distill itself tries UTF-8 before falling back to windows-1252).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import HTML5LIB_TESTS, require

from distill import _core

try:
    from html5lib_exclusions import ENCODING as EXCLUDED
except ImportError:  # the shared exclusions file may not have an ENCODING table yet
    EXCLUDED: dict[str, str] = {}  # type: ignore[no-redef]


def _cases(path: Path) -> list[tuple[str, bytes, str]]:
    """(id, data, expected encoding) for each test in one .dat file, read as bytes."""
    raw = path.read_bytes()
    cases = []
    rel = path.relative_to(HTML5LIB_TESTS / "encoding")
    # Each test is "#data\n<bytes>\n#encoding\n<name>\n"; split on the headers, not on blank lines,
    # because the data itself may hold blank lines.
    for n, chunk in enumerate(raw.split(b"#data\n")[1:]):
        data, sep, rest = chunk.partition(b"\n#encoding\n")
        assert sep, f"{rel} test {n}: no #encoding section"
        expected = rest.split(b"\n", 1)[0].strip().decode("ascii")
        cases.append((f"{rel}:{n}", data, expected))
    return cases


def _all_cases() -> list[tuple[str, bytes, str]]:
    root = HTML5LIB_TESTS / "encoding"
    if not root.exists():
        return []
    files = sorted(root.glob("*.dat")) + sorted((root / "scripted").glob("*.dat"))
    return [case for f in files for case in _cases(f)]


CASES = _all_cases()


def _canonical(label: str) -> str:
    return _core._lookup_encoding(label)


def test_corpus_present() -> None:
    require(HTML5LIB_TESTS / "encoding")
    assert len(CASES) >= 80


@pytest.mark.parametrize(("case_id", "data", "expected"), CASES, ids=[c[0] for c in CASES])
def test_html5lib_encoding(case_id: str, data: bytes, expected: str) -> None:
    if case_id in EXCLUDED:
        pytest.skip(EXCLUDED[case_id])
    assert _core._sniff(data, utf8_detect=False) == _canonical(expected)


def test_pass_counts(capsys: pytest.CaptureFixture[str]) -> None:
    """Print how many corpus cases pass, per file (the per-case test above is what fails)."""
    require(HTML5LIB_TESTS / "encoding")
    per_file: dict[str, list[int]] = {}
    for case_id, data, expected in CASES:
        counts = per_file.setdefault(case_id.split(":")[0], [0, 0])
        counts[1] += 1
        counts[0] += _core._sniff(data, utf8_detect=False) == _canonical(expected)
    with capsys.disabled():
        for name, (ok, total) in per_file.items():
            print(f"\nhtml5lib encoding {name}: {ok}/{total} pass")
    passed = sum(ok for ok, _ in per_file.values())
    assert passed + len(EXCLUDED) >= sum(total for _, total in per_file.values())
