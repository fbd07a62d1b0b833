import shutil

import pytest

PAGE = ("<html lang='de'><head><title>T</title></head><body><div class='article'><h1>Spark page</h1>"
        "<p>A paragraph long enough to be the article, with commas, clauses, and words.</p>"
        "<p>Another paragraph of prose follows here, long enough to count for the scorer.</p></div></body></html>")


def test_extract_series_without_spark():
    pd = pytest.importorskip("pandas")
    from distill.spark import ARTICLE_FIELDS, extract_series

    df = extract_series(pd.Series([PAGE, PAGE.encode(), None]))
    assert list(df.columns) == list(ARTICLE_FIELDS)
    assert df["lang"].tolist()[:2] == ["de", "de"]
    assert df["error"].tolist()[2] == "no html" and pd.isna(df["error"].tolist()[0])


def test_local_spark_job():
    pytest.importorskip("pyspark")
    pytest.importorskip("pyarrow")
    if shutil.which("java") is None:
        pytest.skip("Spark needs Java on PATH")
    from pyspark.sql import SparkSession

    from distill.spark import article_columns

    spark = SparkSession.builder.master("local[2]").appName("distill-test").getOrCreate()
    try:
        df = spark.createDataFrame([("u1", PAGE), ("u2", "<p>stub</p>")], ["url", "html"])
        rows = df.withColumn("a", article_columns("html")).select("url", "a.*").orderBy("url").collect()
    finally:
        spark.stop()
    assert rows[0]["lang"] == "de" and rows[0]["title"] == "Spark page"
    assert "paragraph long enough" in rows[0]["text"]
    assert rows[1]["url"] == "u2"
