"""The html5lib-tests tree-construction suite, run against distill's tree builder.

Every test in ``tree-construction/*.dat`` and ``tree-construction/scripted/*.dat`` runs in both scripting
modes unless it says ``#script-on`` or ``#script-off``; fragment tests parse in their context element.
The dump of ``distill._core._parse_dump`` must equal the ``#document`` section.

Exclusions live in ``tests/html5lib_exclusions.py`` (``TREE``), keyed ``"<file>:<n>"`` (``n`` is the
1-based position of the test in its file, ``file`` relative to tree-construction/) or
``"<file>:<n>:script-on"`` / ``":script-off"`` for one mode only.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from conftest import HTML5LIB_TESTS, require

from distill import _core

try:
    from html5lib_exclusions import TREE as EXCLUDED
except ImportError:  # pragma: no cover - the file arrives with the tokenizer suite
    EXCLUDED = {}

TREE_DIR = HTML5LIB_TESTS / "tree-construction"
SECTIONS = {"#data", "#errors", "#new-errors", "#document-fragment", "#script-off", "#script-on", "#document"}


@dataclass(frozen=True)
class Case:
    """One tree-construction test in one scripting mode."""

    key: str
    data: str
    context: str | None
    scripting: bool
    expected: str


def parse_dat(raw: bytes) -> list[dict[str, list[str]]]:
    """Split a .dat file (read as bytes: some hold raw control characters) into its tests' sections."""
    tests: list[dict[str, list[str]]] = []
    section: list[str] | None = None
    for line in raw.decode("utf-8").split("\n"):
        if line in SECTIONS:
            if line == "#data":
                tests.append({})
            section = tests[-1].setdefault(line, [])
            continue
        if section is not None:
            section.append(line)
    return tests


def cases() -> Iterator[Case]:
    """Every test of the suite, once per scripting mode it applies to."""
    if not TREE_DIR.exists():
        return
    files = sorted(TREE_DIR.glob("*.dat")) + sorted((TREE_DIR / "scripted").glob("*.dat"))
    for path in files:
        rel = path.relative_to(TREE_DIR).as_posix()
        for n, test in enumerate(parse_dat(path.read_bytes()), start=1):
            data = "\n".join(test.get("#data", []))
            doc = test.get("#document", [])
            while doc and doc[-1] == "":
                doc = doc[:-1]
            expected = "\n".join(doc)
            frag = test.get("#document-fragment")
            context = frag[0].strip() if frag else None
            modes = [True, False]
            if "#script-on" in test:
                modes = [True]
            elif "#script-off" in test:
                modes = [False]
            for scripting in modes:
                mode = "script-on" if scripting else "script-off"
                yield Case(f"{rel}:{n}:{mode}", data, context, scripting, expected)


ALL = list(cases())


def excluded(case: Case) -> str | None:
    """The reason a case is excluded, if it is."""
    base = case.key.rsplit(":", 1)[0]
    return EXCLUDED.get(case.key) or EXCLUDED.get(base)


def run(case: Case) -> str:
    """The dump of distill's tree for a case, without the trailing newline."""
    return _core._parse_dump(case.data, case.context, case.scripting).rstrip("\n")


@pytest.mark.parametrize("case", ALL, ids=[c.key for c in ALL])
def test_tree_construction(case: Case) -> None:
    """The tree built for the input equals the suite's expected #document."""
    reason = excluded(case)
    if reason:
        pytest.skip(reason)
    assert run(case) == case.expected, f"input: {case.data!r} context: {case.context!r}"


def test_suite_counts() -> None:
    """The whole suite ran, and how many cases pass (printed with pytest -s)."""
    require(TREE_DIR)
    assert len({c.key.rsplit(":", 1)[0] for c in ALL}) == 1796  # every test in the pinned suite
    passed = sum(1 for c in ALL if not excluded(c) and run(c) == c.expected)
    skipped = sum(1 for c in ALL if excluded(c))
    print(f"\nhtml5lib tree-construction: {passed} passed, {len(ALL) - passed - skipped} failed, "
          f"{skipped} excluded, of {len(ALL)} cases")
    assert passed + skipped == len(ALL)
