"""Scorer(encoding=) and the article command's one encoding decision (distill.cli.article.read_as)."""

from __future__ import annotations

import io

import pytest

from distill.cli.article import CHUNK, extract, read_as
from distill.stream import Scorer

LONG = "Это предложение достаточно длинное, чтобы считаться абзацем текста."


def scored_text(data: bytes, encoding: str | None) -> int:
    s = Scorer(encoding=encoding)
    s.feed(data)
    return s.close().text


def test_a_fixed_single_byte_encoding_counts_every_byte() -> None:
    text = LONG + " «Ёлка» — ещё"
    cp = f"<div><p>{text}</p></div>".encode("cp1251")
    # Counted as UTF-8, windows-1251's 0x80-0xBF bytes (« » Ё ё —) look like continuation bytes
    # and count for nothing; fixed to windows-1251, every character is one byte.
    assert scored_text(cp, None) < len(text)
    assert scored_text(cp, "windows-1251") == len(text)
    assert scored_text(f"<div><p>{text}</p></div>".encode(), "utf-8") == len(text)


def test_a_fixed_encoding_is_not_changed_by_a_meta() -> None:
    page = f"<meta charset=windows-1252><div><p>{LONG}</p></div>".encode()
    assert scored_text(page, "utf-8") == len(LONG)
    assert scored_text(page, None) != len(LONG)  # the <meta> alone counts UTF-8 bytes one by one


def test_unknown_label_is_a_lookup_error() -> None:
    with pytest.raises(LookupError):
        Scorer(encoding="no-such-charset")


def test_read_as_does_not_take_a_cut_utf8_sequence_for_legacy_text() -> None:
    # The first MiB ends inside a three-byte character: the sniff must still see valid UTF-8.
    body = "<meta charset=windows-1252><p>" + "é" * 10 + "x" * (CHUNK - 50)
    data = body.encode()
    prefix = data[:CHUNK]
    cut = prefix + "€".encode()[:2]
    assert read_as(cut, None, complete=False).encoding == "utf-8"
    # The same bytes said to be the whole input are invalid UTF-8: the declaration stands.
    assert read_as(cut, None, complete=True).encoding == "windows-1252"


def test_extract_reports_the_reading() -> None:
    out = extract(io.BytesIO(f"<div><p>{LONG}</p><p>{LONG}</p></div>".encode("cp1251")), "text")
    assert out.encoding == "windows-1251" and not out.transcoded
    assert LONG in out.content.decode()
