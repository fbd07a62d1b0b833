"""Streaming article scoring: find a page's article body in one pass, without building a tree.

A :class:`Scorer` is fed the page's bytes in chunks of any size and scores every element as the
tokenizer streams past it::

    score = text - 2 * link_text + PARAGRAPH_BONUS * paragraphs

``text`` counts the characters of the element's text outside links, ``link_text`` those inside
``<a>`` elements, ``paragraphs`` the ``<p>`` elements inside it with at least
``PARAGRAPH_MIN_CHARS`` characters outside links. Characters are code points, a run of whitespace
counting as one. Text of script, style, template, title, textarea, iframe, noscript, noembed,
noframes and comments counts nowhere. An element is a candidate only when its own end tag closes
it; its byte range runs from its start tag's ``<`` to just past its end tag's ``>``, as absolute
offsets into the input, whatever the chunking. ``<html>``, ``<head>`` and ``<body>`` are never
candidates (they hold everything, so they would always win).

Memory does not grow with the input: only the open-element stack (at most ``MAX_DEPTH`` entries)
and the two best candidates are kept. The input may be in any ASCII-compatible encoding; text is
counted as UTF-8 unless a ``<meta>`` declares a single-byte encoding. Tag names and attribute values
in the result are decoded with the declared encoding, else as UTF-8, else as windows-1252.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from distill import _core

__all__ = [
    "MAX_DEPTH",
    "PARAGRAPH_BONUS",
    "PARAGRAPH_MIN_CHARS",
    "RunnerUp",
    "Scorer",
    "StreamResult",
    "decode",
    "score_bytes",
]

PARAGRAPH_BONUS: int = _core.STREAM_PARAGRAPH_BONUS
"""Points added to an element's score per paragraph inside it."""
PARAGRAPH_MIN_CHARS: int = _core.STREAM_PARAGRAPH_MIN_CHARS
"""Characters of text outside links a ``<p>`` needs to count as a paragraph."""
MAX_DEPTH: int = _core.STREAM_MAX_DEPTH
"""Open elements tracked; elements nested deeper are counted in ``too_deep``, never candidates."""


def decode(raw: bytes, encoding: str | None = None) -> str:
    """Decode input bytes by the declared encoding, else as UTF-8, else as windows-1252.

    windows-1252 is the HTML Standard's fallback for legacy pages that declare nothing.
    """
    if encoding and encoding != "utf-8":
        try:
            return raw.decode(encoding, errors="replace")
        except LookupError:
            pass
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def _attrs(pairs: list[tuple[bytes, bytes]], encoding: str | None) -> dict[str, str]:
    return {decode(name, encoding): decode(value, encoding) for name, value in pairs}


@dataclass(frozen=True)
class RunnerUp:
    """The second-best candidate: its tag, attributes, byte range and score."""

    tag: str
    attributes: Mapping[str, str]
    start: int
    end: int
    score: int


@dataclass(frozen=True)
class StreamResult:
    """What one pass found: the winner's figures (the ones its score was computed from) and counts.

    ``tag`` is None when no element scored above zero; the winner's fields are then zero and
    ``runner_up`` is None. ``input[start:end]`` is the winner's markup, byte for byte.
    ``encoding`` is the WHATWG name of the encoding the scorer was given (``Scorer(encoding=)``),
    else of the one the first ``<meta>`` before ``<body>`` declared, else None; text is counted as
    that encoding's characters when it is single-byte.
    """

    tag: str | None
    attributes: Mapping[str, str]
    start: int
    end: int
    text: int
    link_text: int
    links: int
    paragraphs: int
    score: int
    runner_up: RunnerUp | None
    scored: int
    skipped: int
    too_deep: int
    bytes: int
    encoding: str | None = None
    paragraph_bonus: int = PARAGRAPH_BONUS

    @property
    def found(self) -> bool:
        """Whether an element scored above zero."""
        return self.tag is not None

    def as_dict(self) -> dict[str, Any]:
        """The result as plain JSON-ready data (the ``article --json`` report)."""
        winner: dict[str, Any] | None = None
        if self.tag is not None:
            winner = {
                "tag": self.tag,
                "attributes": dict(self.attributes),
                "start": self.start,
                "end": self.end,
                "text": self.text,
                "link_text": self.link_text,
                "links": self.links,
                "paragraphs": self.paragraphs,
                "score": self.score,
            }
        runner: dict[str, Any] | None = None
        if self.runner_up is not None:
            r = self.runner_up
            runner = {
                "tag": r.tag,
                "attributes": dict(r.attributes),
                "start": r.start,
                "end": r.end,
                "score": r.score,
            }
        return {
            "scored": self.scored,
            "winner": winner,
            "runner_up": runner,
            "skipped": self.skipped,
            "too_deep": self.too_deep,
            "bytes": self.bytes,
            "encoding": self.encoding,
            "paragraph_bonus": self.paragraph_bonus,
        }


class Scorer:
    """Incremental scorer: :meth:`feed` chunks of the page's bytes, then :meth:`close`.

    Feeding releases the GIL. One scorer serves one document and one thread at a time.
    """

    def __init__(self, *, encoding: str | None = None) -> None:
        """Start scoring a new document.

        ``encoding`` (an encoding label) fixes the encoding text is counted in, for a caller that
        already knows it (a BOM, an HTTP charset, detection, or input transcoded to UTF-8): a
        ``<meta>`` then does not change it. LookupError for an unknown label.
        """
        self._core = _core.StreamScorer(encoding=encoding)

    def feed(self, chunk: bytes | bytearray | memoryview) -> None:
        """Score the next chunk of the input; chunk boundaries never change the result."""
        self._core.feed(chunk)

    @property
    def offset(self) -> int:
        """Bytes fed so far."""
        return int(self._core.offset)

    def close(self) -> StreamResult:
        """End the input and return the winner, runner-up and counts; the scorer cannot be fed again."""
        raw = self._core.close()
        w = raw["winner"]
        stats: dict[str, Any] = {
            "scored": int(raw["scored"]),
            "skipped": int(raw["skipped"]),
            "too_deep": int(raw["too_deep"]),
            "bytes": int(raw["bytes"]),
            "encoding": raw["encoding"],
        }
        if w is None or w["score"] <= 0:
            return StreamResult(
                tag=None,
                attributes={},
                start=0,
                end=0,
                text=0,
                link_text=0,
                links=0,
                paragraphs=0,
                score=0,
                runner_up=None,
                **stats,
            )
        enc = raw["encoding"]
        r = raw["runner_up"]
        runner = None
        if r is not None:
            runner = RunnerUp(
                tag=decode(r["tag"], enc),
                attributes=_attrs(r["attrs"], enc),
                start=r["start"],
                end=r["end"],
                score=r["score"],
            )
        return StreamResult(
            tag=decode(w["tag"], enc),
            attributes=_attrs(w["attrs"], enc),
            start=w["start"],
            end=w["end"],
            text=w["text"],
            link_text=w["link_text"],
            links=w["links"],
            paragraphs=w["paragraphs"],
            score=w["score"],
            runner_up=runner,
            **stats,
        )


def score_bytes(data: bytes | bytearray | memoryview) -> StreamResult:
    """Score a whole document held in memory (one feed, then close)."""
    scorer = Scorer()
    scorer.feed(data)
    return scorer.close()
