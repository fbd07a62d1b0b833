"""What a stranger meets: the build's message without a compiler, the sdist's contents, ``python -m
distill``, the suite split, and the README's commands run by .ci/run. Commands run as subprocesses."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
from conftest import LONG, REPO

import distill


def _setuptools() -> None:
    pytest.importorskip("setuptools", minversion="77", reason="building needs setuptools 77 (the test extra has it)")


def _git_files(*paths: str) -> list[str]:
    r = subprocess.run(["git", "ls-files", *paths], cwd=REPO, capture_output=True, text=True)
    if r.returncode != 0 or not r.stdout:
        pytest.skip("not a git checkout: the list of tracked files is unknown")
    return r.stdout.split()


def test_a_missing_compiler_is_named_with_what_to_install(tmp_path: Path) -> None:
    _setuptools()
    env = dict(os.environ, CC="no-such-cc-for-distill")
    r = subprocess.run([sys.executable, "setup.py", "build_ext", "--build-lib", str(tmp_path / "lib"),
                        "--build-temp", str(tmp_path / "tmp")], cwd=REPO, env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode != 0
    err = r.stderr
    assert "no C compiler found (looked for 'no-such-cc-for-distill')" in err, err
    assert "apt-get install gcc python3-dev" in err and "xcode-select --install" in err
    assert "No such file or directory" not in err  # setuptools' own word, which said nothing
    assert not (tmp_path / "lib").exists()  # nothing was compiled


def test_the_sdist_holds_the_license_and_everything_the_build_reads(tmp_path: Path) -> None:
    _setuptools()
    tracked = _git_files("src/distill", "LICENSE", "README.md", "setup.py", "pyproject.toml",
                         "tools/pgo_train.py")
    r = subprocess.run([sys.executable, "setup.py", "-q", "egg_info", "--egg-base", str(tmp_path), "sdist",
                        "--dist-dir", str(tmp_path)], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    (sdist,) = tmp_path.glob("distill-*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
        license_text = tar.extractfile(f"distill-{distill.__version__}/LICENSE").read().decode()  # type: ignore[union-attr]
    missing = sorted(f for f in tracked if f not in names)
    assert not missing, f"the sdist lacks {missing}"
    assert "MIT License" in license_text and "the distill authors" in license_text


def test_python_dash_m_distill_is_the_distill_command() -> None:
    env = dict(os.environ, PYTHONPATH=str(Path(distill.__file__).resolve().parents[1]))
    version = subprocess.run([sys.executable, "-m", "distill", "--version"], capture_output=True, text=True,
                             env=env, timeout=60)
    assert version.returncode == 0 and version.stdout.strip() == f"distill {distill.__version__}"
    page = (b"<html><head><title>Budget day</title></head><body><article><h1>Budget day</h1>"
            + b"<p>The council approved the new budget on Tuesday, after a long debate about schools.</p>" * 3
            + b"</article></body></html>")
    r = subprocess.run([sys.executable, "-m", "distill", "extract", "-"], input=page, capture_output=True,
                       env=env, timeout=60)
    assert r.returncode == 0, r.stderr
    record = json.loads(r.stdout)
    assert record["title"] == "Budget day" and "approved the new budget" in record["text"]
    usage = subprocess.run([sys.executable, "-m", "distill", "no-such-command"], capture_output=True, text=True,
                           env=env, timeout=60)
    assert usage.returncode == 2 and "usage: distill" in usage.stderr


def test_every_long_suite_named_in_conftest_exists() -> None:
    # a renamed file or test would silently move back into the quick suite
    for entry in LONG:
        path, _, test = entry.partition("::")
        assert (REPO / path).is_file(), entry
        if test:
            assert re.search(rf"^def {re.escape(test)}\(", (REPO / path).read_text(), re.M), entry


def _collected(*args: str) -> set[str]:
    r = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *args],
                       cwd=REPO, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    return {line.split("::")[0] + ("::" + line.split("::")[1].split("[")[0] if "::" in line else "")
            for line in r.stdout.splitlines() if "::" in line}


def test_the_quick_suite_leaves_the_long_ones_to_suite_long() -> None:
    scope = ["tests/robustness", "tests/extract"]  # folders: a file named on the command line runs whole
    quick, long, both = _collected(*scope), _collected("--suite", "long", *scope), _collected("--suite", "all", *scope)

    def is_long(test_id: str) -> bool:
        return test_id.split("::")[0] in LONG or test_id in LONG

    assert quick and long
    assert not any(is_long(t) for t in quick)
    assert all(is_long(t) for t in long)
    assert quick | long == both and not quick & long
    # a long file named on the command line runs whatever the suite
    assert _collected("tests/robustness/test_leaks.py") == {t for t in long if "test_leaks.py" in t}


def _readme_test_command() -> str:
    readme = (REPO / "README.md").read_text()
    commands = [line.strip() for line in readme.splitlines() if "pytest" in line and "pip install" in line]
    assert commands, "the README names no test command"
    return commands[0]


def test_ci_runs_the_readmes_test_command_first() -> None:
    command = _readme_test_command()
    run = [line.strip() for line in (REPO / ".ci" / "run").read_text().splitlines()
           if line.strip() and not line.lstrip().startswith("#")]
    first_pytest = next(line for line in run if "pytest" in line)
    assert first_pytest == command


def test_the_readme_is_a_front_door() -> None:
    readme = (REPO / "README.md").read_text()
    assert len(readme.splitlines()) <= 250
    # the two commands come first, before any section
    head = readme.split("\n## ", 1)[0]
    assert "pip install . &&" in head and _readme_test_command() in head
    # every row of the figures table names the command that measures it
    table = readme.split("## Headline figures", 1)[1].split("\n## ", 1)[0]
    rows = [r for r in table.splitlines() if r.startswith("|") and not r.startswith("|---")][1:]
    assert rows and all("`" in r.split("|")[-2] for r in rows), rows
