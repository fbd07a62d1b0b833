"""Node.article() builds its Article in C, setting the dataclass's fields directly when they are the
ones the C code fills (the generated __init__ costs as much as a small page's extraction), else by
calling the class. Both ways must give the Article the dataclass itself would build."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import textwrap
from pathlib import Path

import distill
from distill.extract import Article

PAGE = (b"<html lang=en><head><title>Budget passes - Daily</title><meta name=keywords content='city, budget'>"
        b"</head><body><article><h1>Budget passes</h1><p>The council passed the budget on Monday after a long "
        b"debate about schools, roads and the new library in the old town.</p></article></body></html>")


def test_fields_are_those_the_class_would_set() -> None:
    a = distill.article(PAGE, base_url="https://example.org/a")
    init = {f.name: getattr(a, f.name) for f in dataclasses.fields(Article) if f.name != "_cache"}
    b = Article(**init)
    assert a == b and repr(a) == repr(b)
    assert a.title == "Budget passes" and a.tags == ("city", "budget") and a.lang == "en"
    assert a.comments is None and a._base_url == "https://example.org/a"
    # the default_factory's dict: one per Article, filled by the renderings
    other = distill.article(PAGE)
    assert a._cache == {} and a._cache is not other._cache
    assert "council passed the budget" in a.markdown and 1 in a._cache and other._cache == {}
    assert distill.article(PAGE, distill.Extraction(include_comments=True)).comments == ""


def test_a_class_with_other_fields_is_called() -> None:
    # a field the C code does not know, and a __post_init__: the class itself must build the Article
    code = textwrap.dedent("""
        import dataclasses, distill, distill.extract as ex
        @dataclasses.dataclass(frozen=True)
        class Wider(ex.Article):
            extra: int = 7
            def __post_init__(self):
                object.__setattr__(self, "extra", self.extra + 1)
        ex.Article = Wider
        a = distill.article(%r)
        assert type(a) is Wider and a.extra == 8 and a.title == "Budget passes", a
        assert a._cache == {} and a.comments is None
        print("ok")
    """) % PAGE
    src = Path(distill.__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={"PYTHONPATH": str(src)})
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr
