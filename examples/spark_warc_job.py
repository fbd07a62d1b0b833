"""Extract articles from WARC files with Spark and write Parquet.

    spark-submit --master 'local[*]' examples/spark_warc_job.py OUT.parquet crawl1.warc.gz crawl2.warc.gz

Each WARC path becomes one task: the executor reads its response records with distill.batch (its own
reader; isal inflates faster when installed) and extracts them in C, a chunk of records per call; the
driver only sees the resulting rows,
whose fields are the ``distill extract`` record (url, error, title, ..., text).
"""

import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.types import ArrayType, StringType, StructField, StructType

from distill.batch import RECORD_FIELDS, extract_jsonl


def records(path: str):
    for chunk in extract_jsonl([path], jobs=1):
        for line in chunk.splitlines():
            d = json.loads(line)
            yield tuple(d[f] for f in RECORD_FIELDS)


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    out, paths = sys.argv[1], sys.argv[2:]
    spark = SparkSession.builder.appName("distill-warc").getOrCreate()
    schema = StructType([StructField(f, ArrayType(StringType()) if f == "tags" else StringType())
                         for f in RECORD_FIELDS])
    rows = spark.sparkContext.parallelize(paths, len(paths)).flatMap(records)
    spark.createDataFrame(rows, schema).write.mode("overwrite").parquet(out)
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
