"""Article.quality: a calibrated estimate (0..1) of how good an extraction is, from what the pipeline saw
while it chose (extract/pipeline/quality.h), by a model tools/fit_quality.py fits with domains held out."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import PROSE, REPO

import distill
from distill import _core
from distill.batch import BatchOptions, Page, extract_page


def article_page() -> str:
    paras = "".join(f"<p>{p}</p>" for p in PROSE * 2)
    return (f"<html><head><title>Budget</title></head><body><nav><a href='/'>Home</a> <a href='/n'>News</a></nav>"
            f"<article><h1>Budget approved</h1>{paras}</article><footer>Contact us</footer></body></html>")


def test_a_plain_article_is_estimated_good() -> None:
    a = distill.article(article_page())
    assert 0.8 < a.quality <= 1.0


def test_a_page_of_menus_is_estimated_below_a_crawls_threshold() -> None:
    # menus and a footer only: the cascade keeps nothing; whether nothing was right is uncertain (a page
    # with no main content is extracted right when nothing is kept), so the estimate stays low
    nav = "".join(f"<a href='/{k}'>Section {k}</a> " for k in range(30))
    a = distill.article(f"<html><body><nav>{nav}</nav><footer>Copyright</footer></body></html>")
    good = distill.article(article_page())
    assert a.text == "" and 0.0 <= a.quality < 0.8 < good.quality


def test_quality_is_in_the_dict_and_the_records() -> None:
    raw = article_page().encode()
    a = distill.article(raw)
    assert a.to_dict()["quality"] == a.quality
    rec = extract_page(Page("x", None, raw), options=BatchOptions())
    assert rec.quality is not None and abs(rec.quality - a.quality) <= 0.0005  # three decimals in a record
    out, _ = _core._extract_batch([(raw, None, None)])
    assert isinstance(json.loads(out)["quality"], float)


def test_the_signals_are_named_as_the_model_reads_them() -> None:
    names = _core._quality_signal_names()
    assert len(names) == len(set(names)) == len(_core._quality_signals(distill.article(article_page())._result))


def test_the_committed_model_is_the_generators_output() -> None:
    r = subprocess.run([sys.executable, str(REPO / "tools" / "fit_quality.py"), "emit", "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
