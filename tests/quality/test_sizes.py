"""Rooms of a livable size (tools/check_sizes.py): no hand-written C file over 1,200 lines and no C function
over 200, the generated tables and the HTML Standard's insertion-mode switches aside."""

from __future__ import annotations

import sys

from conftest import REPO

sys.path.insert(0, str(REPO / "tools"))
import check_sizes  # noqa: E402


def test_no_room_is_too_big() -> None:
    problems, sizes = check_sizes.check()
    assert sizes, "no function found: the scanner is broken"
    assert problems == []


def test_the_scanner_measures_functions_as_written() -> None:
    src = "static int f(int a)\n{\n    if (a) {\n        return 1;\n    }\n    return 0;\n}\n" \
          "static const int t[] = {1, 2, 3};\nint g(void) { return \"}\"[0]; }\n"
    assert check_sizes.functions(src) == [("f", 1, 7), ("g", 9, 1)]
