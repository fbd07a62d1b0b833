"""A datatrove extractor step backed by distill (``pip install '.[datatrove]'`` from a checkout).

    from datatrove.executor import LocalPipelineExecutor
    from datatrove.pipeline.readers import WarcReader
    from datatrove.pipeline.writers import JsonlWriter
    from distill.integrations.datatrove import DistillExtractor

    LocalPipelineExecutor(pipeline=[
        WarcReader("crawl/"),
        DistillExtractor(favor="precision"),     # Extraction options pass through
        JsonlWriter("out/"),
    ], tasks=4).run()

Each document's HTML becomes its article text; pages without an article are dropped (counted as
``dropped``), as datatrove's own extractors do. The page metadata distill finds (title, byline, date,
description, lang, site_name, canonical, image, tags) is added to ``doc.metadata`` unless
``metadata=False``; ``doc.metadata["url"]`` (which WarcReader sets from the record's target URI) is the
base URL of the Markdown links when ``markdown=True`` puts Markdown in ``doc.text`` instead of plain text.

Unlike datatrove's extractors, this one does not run each page in a sandbox process with a timeout:
distill's time per page is linear in its size and capped (``max_page_bytes``, ``max_nodes``), so the
documents are handed to the C core a chunk at a time, with the GIL released, in the worker itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from datatrove.data import Document, DocumentsPipeline
from datatrove.pipeline.extractors.base import BaseExtractor

import distill
from distill.batch import MAX_NODES, MAX_PAGE_BYTES, RECORD_FIELDS, BatchOptions, extract_pages

__all__ = ["DistillExtractor"]

# every record field but where the page came from, why it failed and the text (which becomes the document)
_METADATA = tuple(n for n in RECORD_FIELDS if n not in ("url", "error", "text"))


class DistillExtractor(BaseExtractor):  # type: ignore[misc]
    """datatrove extractor: ``extract(html) -> str`` is distill's article text.

    Keyword arguments other than those below are :class:`distill.Extraction` options (``favor=...``).
    ``markdown``: put the article as Markdown in ``doc.text``; ``metadata``: copy the page metadata into
    ``doc.metadata``; ``batch_size``: documents per call into the C core; ``max_page_bytes`` and
    ``max_nodes``: the per-page caps of :mod:`distill.batch` (a page over them is dropped and counted
    as ``too_large``/``error``).
    """

    name = "⚗️ distill"
    _requires_dependencies: list[str] = []  # distill is this package; nothing else to check

    def __init__(
        self,
        *,
        markdown: bool = False,
        metadata: bool = True,
        batch_size: int = 32,
        max_page_bytes: int = MAX_PAGE_BYTES,
        max_nodes: int = MAX_NODES,
        timeout: float = 1,
        **extraction: Any,
    ) -> None:
        """Check the options now, so that a wrong one fails before the pipeline starts."""
        super().__init__(timeout=timeout)
        self.extraction = distill.Extraction(**extraction)
        self.markdown = markdown
        self.metadata = metadata
        self.batch_size = max(1, batch_size)
        self.batch = BatchOptions(self.extraction, markdown=markdown, max_page_bytes=max_page_bytes,
                                  max_nodes=max_nodes)

    def extract(self, text: str) -> str:
        """The article of one page (Markdown when ``markdown=True``); "" when there is none."""
        art = distill.parse(text).article(self.extraction)
        return art.markdown if self.markdown else art.text

    def _lines(self, docs: list[Document]) -> list[dict[str, Any]]:
        """The record of each document, in order: one call into the C core (distill.batch.extract_pages)."""
        pages = [(d.text, url if isinstance(url := d.metadata.get("url"), str) else None) for d in docs]
        return [rec.to_dict() for rec in extract_pages(pages, self.batch)]

    def _chunks(self, data: DocumentsPipeline) -> Iterator[list[Document]]:
        chunk: list[Document] = []
        for doc in data:
            chunk.append(doc)
            if len(chunk) >= self.batch_size:
                yield chunk
                chunk = []
        if chunk:
            yield chunk

    def run(self, data: DocumentsPipeline, rank: int = 0, world_size: int = 1) -> DocumentsPipeline:
        """Replace each document's HTML by its article, a chunk of documents per C call."""
        for chunk in self._chunks(data):
            with self.track_time(unit="batch"):
                records = self._lines(chunk)
            for doc, rec in zip(chunk, records, strict=True):
                self.stat_update("total")
                if rec["error"] is not None:
                    self.stat_update("too_large" if rec["error"].startswith("page too large") else "error")
                    continue
                text = rec["markdown"] if self.markdown else rec["text"]
                if not text:
                    self.stat_update("dropped")
                    continue
                doc.text = text
                if self.metadata:
                    for name in _METADATA:
                        if rec[name] is not None:
                            doc.metadata[name] = rec[name]
                self.stat_update("forwarded")
                self.update_doc_stats(doc)
                yield doc
