"""The adapters with the real frameworks: datatrove, cc-pyspark's parser shape, Spark, NeMo Curator.

Each runs on a small WARC of the test's own making (and, where ../shared is present, a few corpus pages).
"""

import contextlib
import dataclasses
import gzip
import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from batch_helpers import env, page, write_warc
from conftest import AEB

import distill

REPO = Path(__file__).resolve().parents[2]


def _corpus_pages(n):
    """A few aeb pages when ../shared is there, else none (the test's own pages still run)."""
    html = AEB / "html"
    if not html.exists():
        return []
    return [gzip.open(p).read() for p in sorted(html.glob("*.html.gz"))[:n]]


def _warc(tmp_path, name="crawl.warc.gz"):
    items = [(f"http://example.test/own/{i}", "text/html; charset=utf-8", page(f"Own page {i}", "story " * 40))
             for i in range(4)]
    items.append(("http://example.test/empty", "text/html", b"<html><body><nav><a href=/>x</a></nav></body></html>"))
    items += [(f"http://example.test/aeb/{i}", "text/html", p) for i, p in enumerate(_corpus_pages(6))]
    folder = tmp_path / "warcs"
    folder.mkdir(exist_ok=True)
    write_warc(folder / name, items)
    return folder / name, items


def test_datatrove_pipeline_end_to_end(tmp_path):
    pytest.importorskip("datatrove")
    pytest.importorskip("warcio")
    pytest.importorskip("cchardet", reason="datatrove's WarcReader needs cchardet (faust-cchardet)")
    pytest.importorskip("magic", reason="datatrove's WarcReader needs python-magic")
    from datatrove.executor import LocalPipelineExecutor
    from datatrove.pipeline.readers import WarcReader
    from datatrove.pipeline.writers import JsonlWriter

    from distill.integrations.datatrove import DistillExtractor

    warc, items = _warc(tmp_path)
    out = tmp_path / "out"
    LocalPipelineExecutor(
        pipeline=[WarcReader(str(warc.parent)), DistillExtractor(favor="precision", batch_size=3),
                  JsonlWriter(str(out), compression=None)],
        tasks=1, logging_dir=str(tmp_path / "logs"),
    ).run()
    docs = [json.loads(line) for f in sorted(out.glob("*.jsonl")) for line in f.read_text().splitlines()]
    by_url = {d["metadata"]["url"]: d for d in docs}
    assert "http://example.test/empty" not in by_url  # no article: dropped, as datatrove's extractors do
    own = by_url["http://example.test/own/2"]
    assert own["text"] == distill.article(items[2][2], distill.Extraction(favor="precision")).text
    assert own["metadata"]["title"] == "Own page 2" and own["metadata"]["byline"] == "Ann Author"
    # every page the reader decoded comes out, unless it has no article
    precision = distill.Extraction(favor="precision")
    read = list(WarcReader(str(warc.parent)).run())
    assert set(by_url) == {d.metadata["url"] for d in read if distill.article(d.text, precision).text}
    assert len(read) >= 5


def test_datatrove_extract_method_and_options():
    pytest.importorskip("datatrove")
    from distill.integrations.datatrove import DistillExtractor

    raw = page("Dt", "tale " * 30).decode()
    assert DistillExtractor().extract(raw) == distill.article(raw).text
    assert "[the next part](/next)" in DistillExtractor(markdown=True).extract(raw)
    with pytest.raises(ValueError):
        DistillExtractor(favor="everything")


def test_ccpyspark_parser_shape():
    from distill.integrations.ccpyspark import HTMLParser

    parser = HTMLParser()
    raw = page("Caf\xe9", "cr\xe8me " * 30).decode().encode("latin-1")
    tree = parser.get_html_tree(raw, encoding="iso-8859-1")
    assert parser.html_to_text(tree) == distill.article(raw.decode("latin-1")).text
    assert "cr\xe8me" in parser.html_to_text(parser.get_html_tree(raw, encoding="no-such-charset"))
    assert parser.html_to_text(tree, favor="recall")  # Extraction options pass through


def _java():
    if shutil.which("java") is None:
        pytest.skip("Spark needs Java on PATH")


def test_spark_udf_and_example_job_in_local_mode(tmp_path, monkeypatch):
    pytest.importorskip("pyspark")
    pytest.importorskip("pyarrow")
    pytest.importorskip("pandas")
    pytest.importorskip("warcio")
    _java()
    from pyspark.sql import SparkSession

    from distill.batch import RECORD_FIELDS
    from distill.spark import article_columns

    warc, items = _warc(tmp_path)
    # Spark's Python workers must run this interpreter and see this distill (not whatever python3 is).
    monkeypatch.setenv("PYSPARK_PYTHON", sys.executable)
    monkeypatch.setenv("PYTHONPATH", env()["PYTHONPATH"])
    spark = SparkSession.builder.master("local[2]").appName("distill-test").getOrCreate()
    try:
        df = spark.createDataFrame([(u, p.decode("utf-8", "replace")) for u, _, p in items[:5]] + [("none", None)],
                                   "url string, html string")
        rows = df.withColumn("a", article_columns("html", "url")).select("a.*").collect()
    finally:
        spark.stop()
    assert list(rows[0].asDict()) == list(RECORD_FIELDS)
    by_url = {r["url"]: r for r in rows if r["url"]}
    assert by_url["http://example.test/own/1"]["title"] == "Own page 1"
    assert by_url["http://example.test/own/1"]["text"] == distill.article(items[1][2]).text
    assert [r["error"] for r in rows if r["error"]] == ["no html"]
    # the example job, as a user submits it
    out = tmp_path / "job.parquet"
    submit = Path(sys.executable).parent / "spark-submit"
    cmd = [str(submit)] if submit.exists() else ["spark-submit"]
    r = subprocess.run([*cmd, "--master", "local[2]", str(REPO / "examples" / "spark_warc_job.py"), str(out),
                        str(warc)], capture_output=True, text=True, timeout=300, env=env())
    assert r.returncode == 0, r.stderr[-2000:]
    import pyarrow.parquet as pq

    table = pq.read_table(out)
    assert table.schema.names == list(RECORD_FIELDS)
    assert sorted(table.column("url").to_pylist()) == sorted(u for u, _, _ in items)


def test_nemo_curator_extractor():
    from distill.integrations.nemo import DistillHTMLExtractor

    raw = page("Nemo", "The council met and the story is told in words. " * 5).decode()
    paragraphs = DistillHTMLExtractor().extract_text(raw, frozenset({"the", "and", "is", "in"}), "ENGLISH")
    assert paragraphs == [p for p in distill.article(raw).text.split("\n") if p.strip()]
    strict = DistillHTMLExtractor(required_stopword_density=0.99).extract_text(raw, frozenset({"the"}), "ENGLISH")
    assert strict == []
    assert DistillHTMLExtractor().extract_text("<nav><a href=/>x</a></nav>", frozenset(), "ENGLISH") is None
    try:
        from nemo_curator.stages.text.download.common_crawl.extract import CommonCrawlHTMLExtractor
        from nemo_curator.stages.text.download.html_extractors.base import HTMLExtractorAlgorithm
    except ImportError:
        return  # the adapter was checked against the interface alone
    assert isinstance(DistillHTMLExtractor(), HTMLExtractorAlgorithm)
    stage = CommonCrawlHTMLExtractor(algorithm=DistillHTMLExtractor())
    out = stage.extract({"content": raw.encode(), "url": "http://example.test/n", "warc_id": "w", "source_id": "s"})
    assert out is not None and out["language"] == "ENGLISH"
    assert out["text"] == "\n\n".join(paragraphs)


def test_adapters_use_the_public_batch_api_only():
    # The adapters are examples of how a framework calls distill: nothing private of the C core.
    for path in [*(REPO / "src" / "distill" / "integrations").glob("*.py"), REPO / "src" / "distill" / "spark.py"]:
        assert "_core" not in path.read_text(), path


def test_datatrove_step_records_with_a_stand_in_framework(monkeypatch):
    # The step's batching and record handling, with datatrove's two classes replaced by stand-ins when
    # it is not installed (the end-to-end test above runs the real one).
    import types

    if importlib.util.find_spec("datatrove") is None:
        data = types.ModuleType("datatrove.data")
        base = types.ModuleType("datatrove.pipeline.extractors.base")

        @dataclasses.dataclass
        class Document:
            text: str
            id: str
            metadata: dict

        class BaseExtractor:
            def __init__(self, timeout=1):
                self.stats = {}

            def stat_update(self, key):
                self.stats[key] = self.stats.get(key, 0) + 1

            def track_time(self, unit=None):
                return contextlib.nullcontext()

            def update_doc_stats(self, doc):
                pass

        data.Document, data.DocumentsPipeline = Document, object
        base.BaseExtractor = BaseExtractor
        for name, module in {"datatrove": types.ModuleType("datatrove"), "datatrove.data": data,
                             "datatrove.pipeline": types.ModuleType("datatrove.pipeline"),
                             "datatrove.pipeline.extractors": types.ModuleType("datatrove.pipeline.extractors"),
                             "datatrove.pipeline.extractors.base": base}.items():
            monkeypatch.setitem(sys.modules, name, module)
        monkeypatch.delitem(sys.modules, "distill.integrations.datatrove", raising=False)
    from datatrove.data import Document

    from distill.integrations.datatrove import DistillExtractor

    docs = [Document(text=page(f"Doc {i}", "tale " * 30).decode(), id=str(i), metadata={"url": f"http://d/{i}"})
            for i in range(5)]
    docs.insert(2, Document(text="<nav><a href=/>x</a></nav>", id="empty", metadata={"url": "http://d/e"}))
    docs.insert(4, Document(text="<title>a\ud800b</title>" + page("Surrogate").decode(), id="s", metadata={}))
    step = DistillExtractor(batch_size=3)
    out = list(step.run(iter(docs)))
    assert [d.id for d in out] == ["0", "1", "2", "s", "3", "4"]  # the page without an article is dropped
    assert out[0].text == distill.article(page("Doc 0", "tale " * 30)).text
    assert out[0].metadata["title"] == "Doc 0" and out[0].metadata["byline"] == "Ann Author"
    assert out[0].metadata["tags"] == [] and out[3].metadata["title"] == "Surrogate"  # a lone surrogate costs nothing


def test_spark_batch_function_without_spark():
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    from distill.batch import RECORD_FIELDS
    from distill.spark import extract_series

    html = pd.Series([page("S0").decode(), None, page("S2"), "<title>x\ud800</title><p>y"])
    urls = pd.Series(["http://s/0", "http://s/1", "http://s/2", "http://s/3"])
    df = extract_series(html, urls)
    assert list(df.columns) == list(RECORD_FIELDS)
    assert df["title"].tolist()[:3] == ["S0", None, "S2"] and df["error"].tolist()[:3] == [None, "no html", None]
    assert df["url"].tolist() == urls.tolist() and df["title"][3] == "x\ufffd"
