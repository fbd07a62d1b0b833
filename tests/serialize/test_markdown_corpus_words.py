"""On the shared corpora, Article.markdown holds the words of Article.text: nothing lost or added.

The Markdown is stripped of its syntax (images, link targets, fences, table rules, markers,
escapes) and scored with each corpus's own metric beside ``text``; the two scores must stay within
0.01 F1 (aeb: word 4-gram shingles; WCXB dev: per-page word F1, on a fixed sample of every third
page to keep the suite fast). Skips when ../shared is absent.
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType

import pytest
from conftest import SHARED, require

import distill

_IMAGE = re.compile(r"!\[((?:\\.|[^\]\\])*)\]\((?:\\.|[^)\\])*\)")
_LINK = re.compile(r"\[((?:\\.|[^\]\\])*)\]\((?:\\.|[^)\\])*\)")
_FENCE = re.compile(r"^ *(?:> ?)*[ ]*(`{3,}|~{3,})[^\n`]*$", re.M)
_RULE_ROW = re.compile(r"^\|(?: *:?-+:? *\|)+ *$", re.M)
_LINE_MARKERS = re.compile(r"^(?:[ >]*)(?:#{1,6} |[-*+] |\d{1,9}[.)] )?", re.M)
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def strip_markdown(md: str) -> str:
    """The words of a Markdown text without its syntax."""
    md = _IMAGE.sub(" ", md)
    md = _LINK.sub(r"\1", md)
    md = _FENCE.sub(" ", md)
    md = _RULE_ROW.sub(" ", md)
    md = _LINE_MARKERS.sub("", md)
    md = _ESCAPE.sub(r"\1", md)
    return md.replace("<br>", " ").replace("|", " ").replace("**", " ").replace("~~", " ")


def test_strip_markdown_removes_syntax_and_keeps_words() -> None:
    md = "# Title\n\n- [a link](https://x.y/z) and ![pic](p.png)\n\n| a | b |\n| --- | --- |\n| 1\\|2 | **3** |"
    assert strip_markdown(md).split() == ["Title", "a", "link", "and", "a", "b", "1", "2", "3"]


def _scorer(name: str) -> ModuleType:
    path = require(SHARED / "tools" / f"{name}.py")
    spec = importlib.util.spec_from_file_location(f"_shared_{name}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _outputs(raw: bytes) -> tuple[str, str]:
    a = distill.article(raw)
    return a.text, strip_markdown(a.markdown)


def test_aeb_markdown_words_score_as_the_text() -> None:
    corpus = require(SHARED / "corpus" / "aeb")
    aeb = _scorer("score_aeb")
    truth = json.loads((corpus / "ground-truth.json").read_text())
    rows_text, rows_md = [], []
    for page_id, entry in sorted(truth.items()):
        path = corpus / "html" / f"{page_id}.html.gz"
        if not path.exists():
            continue
        text, md = _outputs(gzip.decompress(path.read_bytes()))
        rows_text.append(aeb.page_counts(entry["articleBody"], text))
        rows_md.append(aeb.page_counts(entry["articleBody"], md))
    assert len(rows_text) > 100
    f1_text, f1_md = aeb.summarize(rows_text)[2], aeb.summarize(rows_md)[2]
    assert abs(f1_text - f1_md) <= 0.01, (f1_text, f1_md)


def test_wcxb_markdown_words_score_as_the_text() -> None:
    corpus = require(SHARED / "corpus" / "wcxb-dev")
    wcxb = _scorer("score_wcxb")
    pages = sorted((corpus / "html").glob("*.html.gz"))[::3]
    f_text = f_md = 0.0
    for path in pages:
        truth_path = corpus / "ground-truth" / (path.name.removesuffix(".html.gz") + ".json")
        truth = json.loads(truth_path.read_text())["ground_truth"]["main_content"]
        text, md = _outputs(gzip.decompress(path.read_bytes()))
        f_text += wcxb.prf(text, truth)[2]
        f_md += wcxb.prf(md, truth)[2]
    assert len(pages) > 300
    f_text, f_md = f_text / len(pages), f_md / len(pages)
    assert abs(f_text - f_md) <= 0.01, (f_text, f_md)


if __name__ == "__main__":  # pragma: no cover - a quick look at the figures
    pytest.main([str(Path(__file__)), "-q"])
