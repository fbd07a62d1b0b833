"""parse(), article() and boilerplate() take bytes, str, a path, a binary file; a URL or path str is refused."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import distill

LONG = "This sentence is long enough to count as a paragraph on its own merit."
PAGE = (
    "<html><head><meta charset=windows-1251></head><body>"
    f"<article><p>Привет. {LONG}</p><p>{LONG}</p></article></body></html>"
)
RAW = PAGE.encode("cp1251")


@pytest.fixture()
def page(tmp_path: Path) -> Path:
    p = tmp_path / "page.html"
    p.write_bytes(RAW)
    return p


def test_every_kind_gives_the_same_article(page: Path) -> None:
    expected = distill.article(RAW).text
    assert "Привет." in expected
    kinds: list[object] = [
        RAW, bytearray(RAW), memoryview(RAW), PAGE, page, io.BytesIO(RAW),
    ]
    for kind in kinds:
        assert distill.article(kind).text == expected, type(kind)  # type: ignore[arg-type]
    with page.open("rb") as f:
        assert distill.article(f).text == expected
    with page.open("rb", buffering=0) as raw_file:
        assert distill.parse(raw_file).find("p").text.startswith("Привет")  # type: ignore[union-attr]
    units = distill.boilerplate(page)
    assert [u.text for u in units if not u.is_boilerplate][0].startswith("Привет")


@pytest.mark.parametrize("url", ["https://example.com/post", "  http://example.com/a?b=c  ", "ftp://x/y"])
def test_a_url_str_says_to_fetch_it(url: str) -> None:
    for fn in (distill.article, distill.parse, distill.boilerplate):
        with pytest.raises(ValueError, match=r"got a URL.*distill\.\w+\(distill\.fetch\(url\)\)"):
            fn(url)  # type: ignore[operator]


def test_a_path_str_says_to_pass_a_path(page: Path, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"got a file path.*pathlib\.Path"):
        distill.article(str(page))
    with pytest.raises(ValueError, match="file path"):
        distill.article("missing-page.html")  # a page's name even when it does not exist
    plain = tmp_path / "notes"
    plain.write_text("x")
    with pytest.raises(ValueError, match="file path"):
        distill.parse(str(plain))


def test_markup_and_text_strs_still_parse() -> None:
    assert distill.parse("hello world").find("body").text == "hello world"  # type: ignore[union-attr]
    assert distill.parse("see https://example.com for more").find("body").text.startswith("see")  # type: ignore[union-attr]
    assert distill.parse("<a href='https://example.com'>x</a>").find("a").text == "x"  # type: ignore[union-attr]
    # Directories and lone words are text, even where they exist ("/", "." and "tests" here).
    for text in ("/", ".", "tests", "a://"):
        assert distill.parse(text).find("body").text == text  # type: ignore[union-attr]
    # The documented way to parse a URL as text: bytes.
    assert distill.parse(b"https://example.com").find("body").text == "https://example.com"  # type: ignore[union-attr]


def test_text_mode_file_and_other_types_are_type_errors(page: Path) -> None:
    with page.open("r", encoding="cp1251") as f, pytest.raises(TypeError, match="binary mode"):
        distill.article(f)
    with pytest.raises(TypeError, match="takes bytes"):
        distill.article(42)  # type: ignore[arg-type]


def test_missing_path_object_raises_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        distill.article(tmp_path / "nope.html")


def test_explicit_encoding_beats_a_mislabel_fix() -> None:
    # A legacy <meta> over UTF-8 bytes reads as UTF-8; encoding= is the strict reading.
    data = f"<meta charset=iso-8859-1><p>Crème brûlée. {LONG}</p>".encode()
    assert distill.parse(data).find("p").text.startswith("Crème brûlée.")  # type: ignore[union-attr]
    strict = distill.parse(data, encoding="iso-8859-1").find("p").text  # type: ignore[union-attr]
    assert strict.startswith("CrÃ¨me")
