"""Hostile shapes parse without a crash and in bounded time/memory. Sizes here are modest so the suite
stays fast; bench/limits.py draws the curve up to the issue's full sizes."""

import distill

N = 200_000


def depth(node):
    d = 0
    while node.parent is not None:
        node = node.parent
        d += 1
    return d


def deepest(doc):
    best = None
    for el in doc.iter():
        best = el
    return best


def test_deep_nesting():
    doc = distill.parse("<div>" * N + "x" + "</div>" * N)
    assert "x" in doc.text
    assert depth(deepest(doc)) > 1000


def test_many_attributes_on_one_element():
    attrs = " ".join(f"a{i}={i}" for i in range(N))
    doc = distill.parse(f"<div {attrs} a0=dup>t</div>")
    el = doc.find("div")
    assert len(el.attrs) == N and el.attrs["a0"] == "0"  # the first of a duplicate wins


def test_many_siblings():
    doc = distill.parse("<p>x</p>" * N)
    assert len(doc.find("body")) == N


def test_huge_attribute_value_and_comment():
    big = "v" * 20_000_000
    doc = distill.parse(f'<a href="{big}">x</a><!--{big}-->')
    assert len(doc.find("a").attrs["href"]) == len(big)
    body = doc.find("body")
    assert any(getattr(c, "data", None) is not None and len(c.data) == len(big) for c in body)


def test_unclosed_formatting_elements():
    doc = distill.parse("<b><i><u>" * (N // 3) + "<p>x</p>" * 100)
    assert doc.text.count("x") == 100


def test_nested_tables_and_templates():
    doc = distill.parse("<table><tr><td>" * 20_000 + "x")
    assert "x" in doc.text
    doc = distill.parse("<template>" * 20_000 + "x")
    assert doc.find("template") is not None


def test_extraction_and_export_on_deep_trees():
    doc = distill.parse("<div>" * N + "<p>" + "words, " * 100 + "</p>")
    if hasattr(doc, "main_text"):
        doc.main_text()
    if hasattr(doc, "to_text"):
        assert "words" in doc.to_text()
    doc.serialize()
