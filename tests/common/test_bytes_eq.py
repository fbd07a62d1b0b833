"""common/bytes.h dl_bytes_eq, the inline equality the memo lookups and dl_element_attr use instead of
memcmp: compiled with the C compiler (and AddressSanitizer where it links) and checked against memcmp
on every length up to 40 and every position a byte may differ at (tests/common/bytes_eq_check.c)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).parent
CORE = HERE.parent.parent / "src" / "distill" / "_core"
CC = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")


@pytest.mark.skipif(CC is None, reason="needs a C compiler to build the check")
def test_bytes_eq_agrees_with_memcmp(tmp_path: Path) -> None:
    assert CC is not None
    exe = tmp_path / "bytes_eq_check"
    base = [CC, "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-I", str(CORE), str(HERE / "bytes_eq_check.c"),
            "-o", str(exe)]
    built = subprocess.run([*base[:1], "-fsanitize=address,undefined", *base[1:]], capture_output=True, text=True)
    if built.returncode != 0:  # no sanitizer runtime here: the plain build still checks the answers
        built = subprocess.run(base, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
