"""Shared test fixtures: where ../shared is, and a skip for tests that need it."""

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
HTML5LIB_TESTS = SHARED / "corpus" / "html5lib-tests"
AEB = SHARED / "corpus" / "aeb"


def require(path: Path) -> Path:
    """Skip the calling test with a clear reason when a ../shared data folder is absent."""
    if not path.exists():
        pytest.skip(f"{path} is absent: this test needs the shared corpus beside the repository")
    return path
