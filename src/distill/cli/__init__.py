"""Command-line entry points: ``article`` (one page, streaming) and ``distill`` (batch)."""

from __future__ import annotations

import importlib
import signal
import sys

# What a shell reports for a command that Ctrl-C stopped; the commands' own main() return the same.
_EXIT_INTERRUPTED = 128 + signal.SIGINT


# The entry functions are not named after the commands: importing the submodule distill.cli.article
# binds that name on this package, which would then be the module, not the function.
def _entry(command: str, module: str) -> int:
    # Each command's main() turns Ctrl-C into "COMMAND: interrupted" once its work starts; a Ctrl-C
    # that lands earlier, while its modules import (about 50 ms) or its options parse, would end in
    # a traceback. Importing the command's module here, inside the handler, narrows that window to
    # the interpreter's own start and the import of the distill package.
    try:
        run = importlib.import_module(module).main
        return int(run())
    except KeyboardInterrupt:
        sys.stderr.write(f"{command}: interrupted\n")
        return _EXIT_INTERRUPTED


def article_command() -> int:
    """The ``article`` console script: ``distill.cli.article.main`` with an early Ctrl-C handled."""
    return _entry("article", "distill.cli.article")


def distill_command() -> int:
    """The ``distill`` console script: ``distill.cli.main.main`` with an early Ctrl-C handled."""
    return _entry("distill", "distill.cli.main")
