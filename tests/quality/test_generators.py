"""Every generator in tools/ reproduces the output committed beside the C code: a generated table edited
by hand, or a generator changed without rerunning it, fails here. Each generator runs with its output
redirected to a temporary place (its module-level OUT), and the result is compared byte for byte."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from conftest import REPO

CORE = REPO / "src" / "distill" / "_core"

# generator -> the committed files it writes (relative to the core); OUT is a directory for gen_atoms.
GENERATORS = {
    "gen_atoms": ["tree/atoms.h", "tree/atoms.c"],
    "gen_entities": ["tokenizer/entities_table.inc"],
    "gen_encoding_labels": ["encoding/labels_table.h"],
    "gen_single_byte": ["encoding/single_byte_table.h"],
}


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"tools_{name}", REPO / "tools" / f"{name}.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_every_generator_is_listed() -> None:
    assert {p.stem for p in (REPO / "tools").glob("gen_*.py")} == set(GENERATORS)


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_generator_reproduces_committed_output(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    mod = _load(name)
    outputs = GENERATORS[name]
    committed_out = Path(mod.OUT)
    if committed_out.is_dir():
        monkeypatch.setattr(mod, "OUT", tmp_path)
        produced = {rel: tmp_path / Path(rel).name for rel in outputs}
    else:
        assert len(outputs) == 1
        monkeypatch.setattr(mod, "OUT", tmp_path / committed_out.name)
        produced = {outputs[0]: tmp_path / committed_out.name}
    monkeypatch.setattr(sys, "argv", [f"{name}.py"])
    mod.main()
    for rel, path in produced.items():
        assert path.read_bytes() == (CORE / rel).read_bytes(), f"{rel} differs from what tools/{name}.py writes"
