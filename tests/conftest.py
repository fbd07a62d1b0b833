"""Shared test fixtures: where ../shared is, a skip for tests that need it, and the two suites.

A plain ``pytest`` runs the quick suite: every test but the long ones below (the README's test
command). ``pytest --suite long`` runs the long ones alone (``.ci/run`` runs them
after the README's command) and ``--suite all`` both. A long file named on the command line runs
whatever the suite (``pytest tests/robustness/test_leaks.py``).
"""

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
HTML5LIB_TESTS = SHARED / "corpus" / "html5lib-tests"
AEB = SHARED / "corpus" / "aeb"

# The long suites, by file or by test (path relative to the repository, "::" and the test's name), each
# with what makes it long.
LONG = {
    "tests/robustness/test_adversarial_shapes.py": "459 hostile shapes through eight stages at three sizes",
    "tests/robustness/test_fuzz_smoke.py": "builds the libFuzzer harnesses and runs each for a while",
    "tests/robustness/test_leaks.py": "loops every entry point until resident memory settles",
    "tests/extract/test_regions.py::test_block_generator_reproduces_the_committed_model":
        "refits the block model on the development corpora",
    "tests/extract/test_regions.py::test_page_type_generator_reproduces_the_committed_model":
        "refits the page-type model on the development corpora",
    "tests/serialize/test_markdown_corpus_words.py": "exports and scores every page of two corpora",
}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--suite", choices=("quick", "long", "all"), default="quick",
        help="quick (default): all but the long suites listed in tests/conftest.py; long: only those; all: both",
    )


def _is_long(item: pytest.Item) -> bool:
    if item.get_closest_marker("slow") is not None:  # a test that marks itself long
        return True
    path = Path(str(item.path)).resolve()
    try:
        rel = path.relative_to(REPO).as_posix()
    except ValueError:
        return False
    return rel in LONG or f"{rel}::{item.originalname}" in LONG


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    suite = config.getoption("--suite")
    named = {Path(a.split("::")[0]).resolve() for a in config.args if Path(a.split("::")[0]).is_file()}
    kept, dropped = [], []
    for item in items:
        long = _is_long(item)
        if long:
            item.add_marker(pytest.mark.long)
        wanted = suite == "all" or (suite == "long") == long or Path(str(item.path)).resolve() in named
        (kept if wanted else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def require(path: Path) -> Path:
    """Skip the calling test with a clear reason when a ../shared data folder is absent."""
    if not path.exists():
        pytest.skip(f"{path} is absent: this test needs the shared corpus beside the repository")
    return path


# Four paragraphs of plain news prose, long and comma-rich enough that every extractor in distill
# takes them for content: the tests of article() put their rule's case beside these.
PROSE = [
    "The council approved the new budget on Tuesday, after a long debate about schools, roads, and the "
    "future of the old library building downtown.",
    "Residents who spoke at the meeting were divided, with some praising the plan, others asking for "
    "more time, and a few demanding a public vote.",
    "The mayor said the city would publish the full figures next week, and that work on the first "
    "projects could start in the spring, weather permitting.",
    "Opposition members argued that the roads budget was too small, and said they would bring the "
    "question back to the council in the autumn session.",
]


# A shop's product, for the tests of article() on product pages: its description (two paragraphs)
# and the head markup that declares the page a product (JSON-LD Product, og:type).
PRODUCT_DESC = [
    "The Trailhead 30 is a light daypack for long walks: a padded back panel that lets air through, two side "
    "pockets for bottles, a lid pocket for the small things and a rain cover in its own pocket under the base.",
    "The harness adjusts to three back lengths with one pull, the hip belt folds away when you do not need it, "
    "and the main compartment opens all the way round, so the thing you packed first is never the thing you "
    "cannot reach.",
]
PRODUCT_HEAD = ('<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product",'
                '"name":"Trailhead 30","offers":{"@type":"Offer","price":"89.00","priceCurrency":"USD"}}</script>'
                '<meta property="og:type" content="product">')

def page(body: str, head: str = "") -> str:
    """A whole HTML document around body (and extra head markup), titled "t"."""
    return f"<!doctype html><html><head><title>t</title>{head}</head><body>{body}</body></html>"


def feature_index(name: str) -> int:
    """The position of the block feature `name` in a block's feature vector (extract/blocks.h)."""
    from distill import _core

    return _core._block_feature_names().index(name)


def block_features(body: str) -> dict[str, list[float]]:
    """The block model's features (float32) of each text block of page(body), keyed by the block's text."""
    from array import array

    import distill
    from distill import _core

    texts, feats, nfeat = _core._article_blocks(distill.parse(page(body)))
    a = array("f")
    a.frombytes(feats)
    return {t: list(a[k * nfeat : (k + 1) * nfeat]) for k, t in enumerate(texts)}


def named_block_features(body: str) -> dict[str, dict[str, float]]:
    """block_features(body) with each block's features by name."""
    from distill import _core

    names = _core._block_feature_names()
    return {t: dict(zip(names, f, strict=True)) for t, f in block_features(body).items()}
