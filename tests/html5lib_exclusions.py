"""html5lib-tests cases distill does not run, by test suite: case id -> the reason.

Shared by every helper's html5lib test runner: add to your own table, keep the others' as they are.
"""

_PRESCAN_WINDOW = (
    "the <meta> sits past the first 1,024 bytes: distill prescans 1,024 bytes as the HTML Standard "
    "encourages; this test assumes a longer prescan"
)

ENCODING: dict[str, str] = {
    "tests1.dat:47": _PRESCAN_WINDOW,
    "tests1.dat:48": _PRESCAN_WINDOW,
    "tests1.dat:49": _PRESCAN_WINDOW,
    "tests1.dat:50": _PRESCAN_WINDOW,
    "tests1.dat:51": _PRESCAN_WINDOW,
    "tests1.dat:52": _PRESCAN_WINDOW,
    "tests1.dat:53": _PRESCAN_WINDOW,
    "scripted/tests1.dat:0": (
        "needs a script to run (document.write of the <meta>); distill runs no scripts"
    ),
}
