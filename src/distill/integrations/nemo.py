"""A NeMo Curator HTML extraction algorithm backed by distill.

    from nemo_curator.stages.text.download.common_crawl.extract import CommonCrawlHTMLExtractor
    from distill.integrations.nemo import DistillHTMLExtractor

    extractor = CommonCrawlHTMLExtractor(algorithm=DistillHTMLExtractor(favor="precision"))

NeMo Curator calls ``extract_text(html, stop_words, language)`` and expects the paragraphs of the page's
main text, or None. distill's article text is already the main content, with boilerplate removed by its
own rules, so the stop-word list is not applied by default (pass ``required_stopword_density`` to keep
only paragraphs with that share of stop words, as NeMo's other algorithms do).
"""

from __future__ import annotations

from typing import Any

import distill

try:
    from nemo_curator.stages.text.download.html_extractors.base import HTMLExtractorAlgorithm
except ImportError:  # the adapter works (and is tested) against the interface alone

    class HTMLExtractorAlgorithm:  # type: ignore[no-redef]
        """Stand-in for NeMo Curator's base class when nemo-curator is not installed."""

        NON_SPACED_LANGUAGES = frozenset(["THAI", "CHINESE", "JAPANESE", "KOREAN"])


__all__ = ["DistillHTMLExtractor"]


class DistillHTMLExtractor(HTMLExtractorAlgorithm):  # type: ignore[misc]
    """``HTMLExtractorAlgorithm`` giving the paragraphs of distill's article text.

    Keyword arguments are :class:`distill.Extraction` options; ``required_stopword_density`` (None: off)
    filters paragraphs as NeMo Curator's resiliparse algorithm does, except for languages written
    without spaces.
    """

    def __init__(self, required_stopword_density: float | None = None, **options: Any) -> None:
        """Keep the options; they are checked now, so a wrong one fails before the pipeline runs."""
        self.required_stopword_density = required_stopword_density
        self.options = distill.Extraction(**options) if options else None

    def extract_text(self, html: str, stop_words: frozenset[str], language: str) -> list[str] | None:
        """The article's paragraphs (non-empty lines of its text); None when the page has no article."""
        try:
            text = distill.parse(html).article(self.options).text
        except ValueError:  # a page beyond the parser's limits: no text rather than a failed stage
            return None
        paragraphs = [p for p in text.split("\n") if p.strip()]
        if not paragraphs:
            return None
        density = self.required_stopword_density
        if density is None or language in self.NON_SPACED_LANGUAGES:
            return paragraphs
        kept = []
        for p in paragraphs:
            words = p.split()
            if words and sum(w in stop_words for w in words) / len(words) >= density:
                kept.append(p)
        return kept
