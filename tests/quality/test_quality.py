"""The facade stays typed and lint-clean: mypy --strict and ruff, as configured in pyproject.toml."""

import shutil
import subprocess
import sys

import pytest
from conftest import REPO


def _run(*cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, check=False)


def test_ruff_clean():
    if shutil.which("ruff") is None:
        pytest.skip("ruff is not installed (pip install '.[test]' brings it)")
    r = _run("ruff", "check", ".")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_strict_on_the_package():
    pytest.importorskip("mypy", reason="mypy is not installed (pip install '.[test]' brings it)")
    r = _run(sys.executable, "-m", "mypy")
    assert r.returncode == 0, r.stdout + r.stderr


def test_stubs_match_the_c_signatures():
    pytest.importorskip("mypy.stubtest", reason="mypy is not installed (pip install '.[test]' brings it)")
    r = _run(sys.executable, "-m", "mypy.stubtest", "distill._core")
    assert r.returncode == 0, r.stdout + r.stderr
