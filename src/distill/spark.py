"""Article extraction inside Spark jobs, in batches on the executors.

    from distill.spark import article_columns

    df = spark.read.parquet("pages.parquet")            # columns "html" (string or binary) and "url"
    out = df.withColumn("a", article_columns("html", "url")).select("a.*")

``article_columns`` is a pandas UDF over Arrow batches: Spark hands each executor a batch of pages and
the whole batch goes to the C core in one call (:func:`distill.batch.extract_pages_jsonl`, GIL
released); the JSON lines it writes are read back by pyarrow's JSON reader into the struct column, so
no Python object is built per field on the way. The struct has the fields of the ``distill extract`` record
(:data:`distill.batch.RECORD_FIELDS`: url, error, title, ..., tags as an array, page_type, text).
pyspark, pandas and pyarrow come from the ``distill[spark]`` extra.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from distill.batch import RECORD_FIELDS, RECORD_TYPES, BatchOptions, extract_pages_jsonl

if TYPE_CHECKING:
    import pandas as pd
    from pyspark.sql import Column

__all__ = ["ARTICLE_FIELDS", "SCHEMA", "article_columns", "extract_series"]

ARTICLE_FIELDS = RECORD_FIELDS
_SPARK_TYPES = {"list": "array<string>", "double": "double", "string": "string"}
SCHEMA = ", ".join(f"{name} {_SPARK_TYPES[RECORD_TYPES[name]]}" for name in ARTICLE_FIELDS)
"""The struct column's Spark DDL schema."""


def _page(html: Any, url: Any) -> tuple[bytes | str, str | None] | None:
    if html is None or (isinstance(html, float) and html != html):  # None or pandas' NaN
        return None
    if isinstance(html, bytearray | memoryview):
        html = bytes(html)
    return html, url if isinstance(url, str) else None


def extract_series(html: pd.Series, url: pd.Series | None = None, options: BatchOptions | None = None) -> pd.DataFrame:
    """Extract a pandas Series of HTML (str or bytes; ``url`` optional) into a DataFrame of record fields."""
    import pyarrow as pa
    import pyarrow.json as pj

    opts = options or BatchOptions()
    urls = list(url) if url is not None else [None] * len(html)
    pages = [_page(h, u) for h, u in zip(html, urls, strict=True)]
    out = b"".join(extract_pages_jsonl([p for p in pages if p is not None], opts))
    names = opts.field_names
    arrow = {"list": pa.list_(pa.string()), "double": pa.float64()}
    schema = pa.schema([(n, arrow.get(RECORD_TYPES.get(n, "string"), pa.string())) for n in names])
    if out:
        table = pj.read_json(pa.BufferReader(out), parse_options=pj.ParseOptions(explicit_schema=schema),
                             read_options=pj.ReadOptions(block_size=max(len(out), 1 << 20))).select(list(names))
    else:
        table = schema.empty_table()
    if len(pages) != table.num_rows:  # rows without HTML: an error record each, in place
        rows = iter(table.to_pylist())
        missing = {n: None for n in names}
        full = [next(rows) if p is not None else {**missing, "url": u, "error": "no html"}
                for p, u in zip(pages, urls, strict=True)]
        table = pa.Table.from_pylist(full, schema=schema)
    return table.to_pandas()


def article_columns(column: str | Column, url: str | Column | None = None) -> Column:
    """A struct column of record fields from a column of HTML (and optionally one of URLs).

    Use ``.select("col.*")`` to spread it.
    """
    try:
        from pyspark.sql.functions import lit, pandas_udf
    except ImportError as e:
        raise ImportError("distill.spark needs pyspark: pip install pyspark pyarrow 'pandas<3'") from e
    import pandas as pd

    def batch(html: pd.Series, urls: pd.Series) -> pd.DataFrame:
        return extract_series(html, urls)

    # pyspark reads the UDF's kind (Series to DataFrame) from its annotations, which this module's
    # postponed annotations leave as strings naming a module-level import it does not have.
    batch.__annotations__ = {"html": pd.Series, "urls": pd.Series, "return": pd.DataFrame}
    udf = pandas_udf(batch, SCHEMA)
    return udf(column, url if url is not None else lit(None).cast("string"))
