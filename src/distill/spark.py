"""Article extraction inside Spark jobs, in batches on the executors.

    from pyspark.sql import functions as F
    from distill.spark import article_columns

    df = spark.read.parquet("pages.parquet")            # a column "html" of strings or binary
    out = df.withColumn("a", article_columns("html")).select("url", "a.*")

``article_columns`` is a pandas UDF over Arrow batches: Spark hands each executor a batch of pages,
the C core extracts them (releasing the GIL, so a thread pool could share one Python worker), and the
result comes back as a struct column with the article's fields. pyspark, pandas and pyarrow come from
the ``distill[spark]`` extra.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd
    from pyspark.sql import Column

__all__ = ["ARTICLE_FIELDS", "SCHEMA", "article_columns", "extract_series"]

ARTICLE_FIELDS = ("title", "byline", "date", "lang", "description", "text", "error")
SCHEMA = ", ".join(f"{name} string" for name in ARTICLE_FIELDS)


def _one(html: Any) -> dict[str, str | None]:
    import distill

    row: dict[str, str | None] = dict.fromkeys(ARTICLE_FIELDS)
    if html is None:
        row["error"] = "no html"
        return row
    try:
        art = distill.article(bytes(html) if isinstance(html, bytearray | memoryview) else html)
    except Exception as e:  # a broken page must not fail the Spark task
        row["error"] = f"{type(e).__name__}: {e}"
        return row
    for name in ARTICLE_FIELDS[:-1]:
        row[name] = getattr(art, name)
    return row


def extract_series(html: pd.Series) -> pd.DataFrame:
    """Extract a pandas Series of HTML (str or bytes) into a DataFrame of article fields."""
    import pandas as pd

    return pd.DataFrame([_one(h) for h in html], columns=list(ARTICLE_FIELDS))


def article_columns(column: str | Column) -> Column:
    """A struct column of article fields from a column of HTML; use ``.select("col.*")`` to spread it."""
    try:
        from pyspark.sql.functions import pandas_udf
    except ImportError as e:
        raise ImportError("distill.spark needs pyspark: pip install 'distill[spark]'") from e
    import pandas as pd

    def batch(html: pd.Series) -> pd.DataFrame:
        return extract_series(html)

    # pyspark reads the UDF's kind (Series to DataFrame) from its annotations, which this module's
    # postponed annotations leave as strings naming a module-level import it does not have.
    batch.__annotations__ = {"html": pd.Series, "return": pd.DataFrame}
    udf = pandas_udf(batch, SCHEMA)
    return udf(column)
