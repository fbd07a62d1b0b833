"""The record's fields are declared once, in C (src/distill/_core/extract/pipeline/record.h), and every
other list of them follows that declaration: the records `distill extract` and distill.batch write (error
records too), distill.batch's RECORD_FIELDS, OPTIONAL_FIELDS and Record, the Parquet columns, the Spark
schema, the datatrove adapter's metadata and Article's metadata fields (in the same order)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import distill
from distill import _core, batch

FIELDS, OPTIONAL = _core._record_fields()


def test_the_declaration_starts_with_where_and_why() -> None:
    assert FIELDS[:2] == ("url", "error") and "text" in FIELDS and "tags" in FIELDS
    assert len(set(FIELDS + OPTIONAL)) == len(FIELDS + OPTIONAL)


def test_batch_lists_follow_the_declaration() -> None:
    assert batch.RECORD_FIELDS == FIELDS
    assert batch.OPTIONAL_FIELDS == OPTIONAL
    record_fields = [f for f in batch.Record.__dataclass_fields__ if f != "source"]
    assert record_fields == list(FIELDS + OPTIONAL)


@pytest.mark.parametrize("html", [b"<html><body><p>A paragraph of text, long enough to read as one.</p></body></html>",
                                  b"\x00\x01\x02" * 400])  # an article, and an error record (not HTML)
def test_written_records_have_the_declared_keys_in_order(html: bytes) -> None:
    kw = batch.BatchOptions(markdown=True, html=True, comments=True).core_kwargs()
    out, _ = _core._extract_batch([(html, "https://example.test/a", None)], **kw)
    (line,) = out.splitlines()
    assert list(json.loads(line)) == list(FIELDS + OPTIONAL)


def test_article_has_the_record_fields_in_their_order() -> None:
    # Article leads with its content (element, text) and then has the record's metadata in its order
    article_fields = [f for f in distill.Article.__dataclass_fields__ if not f.startswith("_")]
    assert article_fields[:2] == ["element", "text"]
    shared = [f for f in FIELDS if f not in ("url", "error", "text")]
    assert [f for f in article_fields if f in shared] == shared
    d = distill.article(b"<p>x</p>").to_dict()
    assert [k for k in d if k in shared] == shared and "text" in d


def test_adapters_follow_the_declaration() -> None:
    import ast
    from pathlib import Path

    # the datatrove adapter imports datatrove at the top: its metadata list is read from its source
    src = Path(batch.__file__).parent / "integrations" / "datatrove.py"
    tree = ast.parse(src.read_text())
    value = next(n.value for n in ast.walk(tree)
                 if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", None) == "_METADATA")
    try:
        assert set(ast.literal_eval(value)) <= set(FIELDS)  # a list of its own: every name a record field
    except ValueError:  # computed: from the declaration itself
        assert "RECORD_FIELDS" in ast.unparse(value)
    spark = pytest.importorskip("distill.spark")
    assert spark.ARTICLE_FIELDS == FIELDS


def test_parquet_columns_are_the_declared_fields(tmp_path) -> None:  # type: ignore[no-untyped-def]
    pq = pytest.importorskip("pyarrow.parquet")
    page = tmp_path / "a.html"
    page.write_bytes(b"<html><body><p>A paragraph of text, long enough to read as one.</p></body></html>")
    out = tmp_path / "out.parquet"
    import os

    # the command must run the distill under test (installed, or the source tree's), not another on sys.path
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(distill.__file__)))
    subprocess.run([sys.executable, "-m", "distill.cli.main", "extract", "--markdown", str(page), "-o", str(out)],
                   check=True, capture_output=True, env=env)
    assert pq.read_table(out).column_names == list(FIELDS) + ["markdown"]
