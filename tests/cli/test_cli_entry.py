"""The console scripts' entry functions (distill.cli.article_command / distill.cli.distill_command)."""

from __future__ import annotations

import sys
import tomllib
import types
from pathlib import Path

import pytest

import distill.cli as cli
import distill.cli.article  # noqa: F401  (binds distill.cli.article to the module, as other tests do)

ROOT = Path(__file__).resolve().parents[2]


def _interrupting_import(when: str):  # type: ignore[no-untyped-def]
    def load(name: str) -> types.ModuleType:
        if when == "import":
            raise KeyboardInterrupt
        module = types.ModuleType(name)

        def main() -> int:
            raise KeyboardInterrupt

        module.main = main  # type: ignore[attr-defined]
        return module

    return load


@pytest.mark.parametrize("when", ["import", "options"])
@pytest.mark.parametrize("command", ["article", "distill"])
def test_early_ctrl_c_is_a_message_and_130(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                           command: str, when: str) -> None:
    # A Ctrl-C while the command's modules import, or before its main() reaches its own handler.
    monkeypatch.setattr(cli.importlib, "import_module", _interrupting_import(when))
    assert getattr(cli, f"{command}_command")() == 130
    err = capsys.readouterr().err
    assert err == f"{command}: interrupted\n"


@pytest.mark.parametrize("command", ["article", "distill"])
def test_entry_runs_the_real_command(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                     command: str) -> None:
    monkeypatch.setattr(sys, "argv", [command, "--version"])
    with pytest.raises(SystemExit) as stop:
        getattr(cli, f"{command}_command")()
    assert stop.value.code in (0, None)
    assert capsys.readouterr().out.strip()


def test_console_scripts_name_the_entry_functions() -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"article": "distill.cli:article_command", "distill": "distill.cli:distill_command"}
