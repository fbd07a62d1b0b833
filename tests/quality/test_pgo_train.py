"""tools/pgo_train.py, the training run of the profile-guided build: its pages are the same on every
build and cover the kinds of page the extractor meets, and the run itself succeeds."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from conftest import REPO

import distill


def _train() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tools_pgo_train", REPO / "tools" / "pgo_train.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_training_pages_are_the_same_on_every_build() -> None:
    train = _train()
    # a profile from other pages would make two builds of one commit differ
    assert train.pages(40) == train.pages(40)


def test_the_training_pages_cover_several_kinds_of_page_and_text() -> None:
    pages = _train().pages()
    kinds = {distill.article(p).page_type for p in pages}
    # the extraction's per-type paths (thresholds, forum posts, listing cards) all get counts
    assert {"article", "forum", "listing", "documentation"} <= kinds
    assert any(max(p) >= 0xE0 for p in pages)  # three-byte UTF-8: the validator's and decoder's slow paths
    assert any(b"<svg" in p for p in pages)  # foreign content
    assert any(b"ld+json" in p for p in pages)  # the metadata's JSON-LD reader


def test_the_training_run_succeeds_on_the_current_build() -> None:
    # setup.py runs it against the instrumented build, naming the directory that holds the package:
    # here the one this suite imports (the source tree's build, or the installed package in CI)
    package_parent = Path(distill.__file__).resolve().parent.parent
    r = subprocess.run([sys.executable, str(REPO / "tools" / "pgo_train.py"), str(package_parent)],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
