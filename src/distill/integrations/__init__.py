"""distill inside the pipelines crawls run in; each module needs its framework installed.

- :mod:`distill.integrations.datatrove`: :class:`~distill.integrations.datatrove.DistillExtractor`, a
  datatrove extractor step (``distill[datatrove]``).
- :mod:`distill.integrations.ccpyspark`: an ``HTMLParser`` in the shape cc-pyspark's jobs load.
- :mod:`distill.integrations.nemo`: :class:`~distill.integrations.nemo.DistillHTMLExtractor`, a NeMo
  Curator ``HTMLExtractorAlgorithm`` (``distill[nemo]``).
- :mod:`distill.spark` (not in this package): a pandas UDF for any Spark DataFrame of pages.
"""
