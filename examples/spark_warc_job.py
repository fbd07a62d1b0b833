"""Extract articles from WARC files with Spark and write Parquet.

    spark-submit --master 'local[*]' examples/spark_warc_job.py OUT.parquet crawl1.warc.gz crawl2.warc.gz

Each WARC path becomes one task: the executor reads its response records with distill.batch (fastwarc or
warcio) and extracts them in C; the driver only sees the resulting rows.
"""

import sys

from pyspark.sql import SparkSession
from pyspark.sql.types import StringType, StructField, StructType

from distill.batch import Record, extract

FIELDS = [f for f in Record.__dataclass_fields__ if f != "seconds"]


def records(path: str):
    for rec in extract([path], jobs=1):
        d = rec.to_dict()
        yield tuple(d[f] for f in FIELDS)


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    out, paths = sys.argv[1], sys.argv[2:]
    spark = SparkSession.builder.appName("distill-warc").getOrCreate()
    schema = StructType([StructField(f, StringType()) for f in FIELDS])
    rows = spark.sparkContext.parallelize(paths, len(paths)).flatMap(records)
    spark.createDataFrame(rows, schema).write.mode("overwrite").parquet(out)
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
