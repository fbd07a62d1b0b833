"""The shared corpora's scorers (../shared/tools/score_*.py) as modules, for the tools that reuse their
comparisons instead of writing their own."""

from __future__ import annotations

import gzip
import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"


def load(name: str) -> ModuleType:
    """../shared/tools/NAME.py as a module; exits with a message when it is not there."""
    path = SHARED / "tools" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None or not path.exists():
        sys.exit(f"{Path(sys.argv[0]).name}: cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def wcxb_pages(corpus: Path, field: str) -> Iterator[tuple[str, str, str, bytes]]:
    """(page id, truth value, page type, page bytes) of each WCXB page whose truth has a non-empty
    string for field ("title", "author", "publish_date"); exits with a message when corpus is not a
    WCXB directory."""
    if not (corpus / "ground-truth").is_dir():
        sys.exit(f"{Path(sys.argv[0]).name}: no WCXB corpus at {corpus}")
    for truth_file in sorted((corpus / "ground-truth").glob("*.json")):
        record = json.loads(truth_file.read_text())
        value = (record.get("ground_truth") or {}).get(field)
        if not isinstance(value, str) or not value.strip():
            continue
        page_type = record["_internal"]["page_type"]["primary"]
        yield truth_file.stem, value, page_type, gzip.open(corpus / "html" / f"{truth_file.stem}.html.gz").read()
