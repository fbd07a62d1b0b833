"""The C core's dependency graph stays clean (tools/check_deps.py): no include cycle, Python.h only in
the binding layer, no cycle between C files, and the pure C library (`make lib`: every C file outside
the binding, -Wall -Wextra -Werror) builds without Python."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys

import pytest
from conftest import REPO

spec = importlib.util.spec_from_file_location("check_deps", REPO / "tools" / "check_deps.py")
assert spec and spec.loader
check_deps = importlib.util.module_from_spec(spec)
sys.modules["check_deps"] = check_deps
spec.loader.exec_module(check_deps)


def test_cycle_finder_finds_a_cycle_and_a_self_loop() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"d"}, "e": {"a"}}
    assert sorted(check_deps.cycles(graph)) == [["a", "b", "c"], ["d"]]
    assert check_deps.cycles({"a": {"b"}, "b": set()}) == []


def test_no_include_cycle() -> None:
    graph = check_deps.include_graph(check_deps.CORE)
    assert "tree/tb_internal.h" in graph["tree/open_elements.c"]  # the graph is really read
    assert check_deps.cycles(graph) == []


def test_python_only_in_the_binding_layer() -> None:
    assert check_deps.python_outside_binding(check_deps.CORE) == []


@pytest.mark.skipif(not (shutil.which("make") and shutil.which("nm") and shutil.which("cc")),
                    reason="needs make, cc and nm to build the pure C library")
def test_pure_c_library_builds_and_has_no_call_cycle() -> None:
    r = subprocess.run(["make", "-s", "lib"], cwd=REPO, capture_output=True, text=True, check=False, timeout=900)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-3000:]
    objects = REPO / "build" / "purec"
    built = {p.relative_to(objects).with_suffix(".c").as_posix() for p in objects.rglob("*.o")}
    expected = {p.relative_to(check_deps.CORE).as_posix() for p in check_deps.CORE.rglob("*.c")
                if not p.relative_to(check_deps.CORE).as_posix().startswith("binding/") and p.name != "module.c"}
    assert expected <= built
    assert check_deps.cycles(check_deps.symbol_graph(objects)) == []
