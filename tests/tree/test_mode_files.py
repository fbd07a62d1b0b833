"""Each insertion mode of the HTML Standard (13.2.6.4) is a function named after it, right under its
heading, in a file of its own family under src/distill/_core/tree/modes/; no mode calls another (the
dispatcher in treebuilder.c is their only caller), so the mode files form no call cycle. And the
dispatcher keeps what the Standard nests inside "using the rules for" (foster parenting, the head
element pushed by "after head") in force for the whole chain of rules it runs."""

from __future__ import annotations

import re

import pytest
from conftest import REPO

from distill import _core

TREE = REPO / "src" / "distill" / "_core" / "tree"
MODES_DIR = TREE / "modes"
SPEC = "https://html.spec.whatwg.org/multipage/parsing.html#"

# Family file (tree/modes/<name>.c) -> the modes it holds, as the Standard names them.
FAMILIES = {
    "initial": ["initial", "before html", "before head"],
    "in_head": ["in head", "in head noscript"],
    "after_head": ["after head"],
    "in_body": ["in body"],
    "text": ["text"],
    "in_table": ["in table", "in table text"],
    "in_caption": ["in caption"],
    "in_column_group": ["in column group"],
    "in_table_body": ["in table body"],
    "in_row": ["in row"],
    "in_cell": ["in cell"],
    "in_template": ["in template"],
    "after_body": ["after body", "after after body"],
    "in_frameset": ["in frameset", "after frameset", "after after frameset"],
}
MODES = [m for family in FAMILIES.values() for m in family]
DEFINITION = re.compile(r"^[A-Za-z_][\w ]*?[\w*] \**(\w+)\([^;{}]*\)\s*\{", re.M)


def function_name(mode: str) -> str:
    """The C name of an insertion mode: "in table text" -> tb_mode_in_table_text."""
    return "tb_mode_" + mode.replace(" ", "_")


def sources(folder):
    return {p.name: p.read_text() for p in sorted(folder.glob("*.c"))}


def test_the_standard_has_21_insertion_modes_here() -> None:
    # 23 in the Standard before customizable <select>; "in select" and "in select in table" are gone.
    assert len(MODES) == 21 and len(set(MODES)) == 21
    enum = (TREE / "tb_internal.h").read_text()
    names = re.findall(r"\bM_([A-Z_]+)[,\n ]", enum[enum.index("typedef enum {"):enum.index("} tb_mode;")])
    assert sorted(n.lower().replace("_", " ") for n in names) == sorted(MODES)


@pytest.mark.parametrize("family,mode", [(f, m) for f, ms in FAMILIES.items() for m in ms])
def test_mode_is_a_function_under_its_spec_heading_in_its_family_file(family: str, mode: str) -> None:
    heading = re.compile(rf'/\* The "{re.escape(mode)}" insertion mode \(HTML Standard 13\.2\.6\.4\), '
                         rf"{re.escape(SPEC)}([\w-]+) \*/\n")
    found = {name: list(heading.finditer(text)) for name, text in sources(MODES_DIR).items()}
    where = [(name, m) for name, ms in found.items() for m in ms]
    assert [name for name, _ in where] == [f"{family}.c"], f'one heading for "{mode}", in modes/{family}.c'
    text = sources(MODES_DIR)[f"{family}.c"]
    definition = DEFINITION.match(text, where[0][1].end())
    assert definition is not None and definition.group(1) == function_name(mode), (
        f'the "{mode}" heading is followed by {definition.group(1) if definition else "no function"}, '
        f"not {function_name(mode)}()")
    assert text[definition.start():].startswith(f"int {function_name(mode)}(tb *b, tb_token *t) {{")


def test_the_anchors_differ() -> None:
    text = "\n".join(sources(MODES_DIR).values())
    anchors = re.findall(r'insertion mode \(HTML Standard 13\.2\.6\.4\), ' + re.escape(SPEC) + r"([\w-]+)", text)
    assert len(anchors) == len(MODES) == len(set(anchors))


def test_every_mode_file_is_a_family_and_is_listed_in_the_folder_header() -> None:
    assert set(sources(MODES_DIR)) == {f"{f}.c" for f in FAMILIES}
    header = (MODES_DIR / "modes.h").read_text()
    for family in FAMILIES:
        assert re.search(rf"^ \*   {family}\.c ", header, re.M), f"modes/modes.h lists {family}.c"


def test_no_mode_calls_another_mode() -> None:
    for name, text in sources(MODES_DIR).items():
        defined = set(re.findall(r"^int (tb_mode_\w+)\(tb \*b, tb_token \*t\) \{", text, re.M))
        mentioned = re.findall(r"\b(tb_mode_\w+)\b", text)
        assert set(mentioned) == defined, f"{name} names {set(mentioned) - defined}"
        assert all(mentioned.count(f) == 1 for f in defined), f"{name} calls one of its own modes"


def test_the_dispatcher_is_the_only_caller_and_maps_each_mode_to_its_function() -> None:
    outside = {p.relative_to(TREE).as_posix(): p.read_text() for p in sorted(TREE.rglob("*.[ch]"))
               if p.parent != MODES_DIR}
    users = {name for name, text in outside.items() if re.search(r"\btb_mode_\w+\b", text)}
    assert users == {"treebuilder.c", "tb_internal.h"}
    table = dict(re.findall(r"\[M_(\w+)\] = (tb_mode_\w+),", outside["treebuilder.c"]))
    assert {k.lower().replace("_", " "): v for k, v in table.items()} == {m: function_name(m) for m in MODES}


# What the dispatcher must keep in force across a chain of "using the rules for" steps: each of these
# trees is wrong if foster parenting, or the pushed head element, ends after the first step.
@pytest.mark.parametrize("markup,expected", [
    # in table -> in body (fostered) -> in head: the <meta> is foster-parented before the table.
    ("<table><meta><tr><td>x", ["<html>", "  <head>", "  <body>", "    <meta>", "    <table>",
                                "      <tbody>", "        <tr>", "          <td>", '            "x"']),
    # after head -> in head on the head element: the title goes into head, and head leaves the stack.
    ("<head></head><title>t</title>x", ["<html>", "  <head>", "    <title>", '      "t"', "  <body>",
                                        '    "x"']),
    # in cell -> in body, then reprocessing (image -> img) in the cell's mode again.
    ("<table><tr><td><image>", ["<html>", "  <head>", "  <body>", "    <table>", "      <tbody>",
                                "        <tr>", "          <td>", "            <img>"]),
    # in table text -> non-space text is foster-parented after the chain that flushed it.
    ("<table>a<tr>", ["<html>", "  <head>", "  <body>", '    "a"', "    <table>", "      <tbody>",
                      "        <tr>"]),
])
def test_rules_nested_by_the_standard_stay_in_force(markup: str, expected: list[str]) -> None:
    assert _core._parse_dump(markup).rstrip("\n") == "\n".join("| " + line for line in expected)


def test_only_the_whitespace_after_the_frameset_is_inserted() -> None:
    # "After after frameset": whitespace is processed by in body's rules, anything else is ignored; the
    # run "  x" is one token here, and in body alone would take all of it.
    assert _core._parse_dump("<frameset></frameset></html>  x").rstrip("\n") == "\n".join(
        ["| <html>", "|   <head>", "|   <frameset>", '|   "  "'])


def test_text_after_the_body_reopens_it() -> None:
    # "After body": the whitespace goes in by in body's rules, then "x" is "anything else", which
    # switches back to "in body": </body> was not the body's end, so its end is implied at the last text.
    nodes = _core._parse_nodes("<body></body>  x")
    body = next(n for n in nodes if n[0] == "body")
    assert body[2:5] == (0, 16, True)
    assert [n for n in nodes if n[0] == "#text"][0][2:4] == (13, 16)
