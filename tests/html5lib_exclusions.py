"""html5lib-tests cases distill does not run, by test suite: case id -> the reason.

Shared by every helper's html5lib test runner: add to your own table, keep the others' as they are.
"""

_PRESCAN_WINDOW = (
    "the <meta> sits past the first 1,024 bytes: distill prescans 1,024 bytes as the HTML Standard "
    "encourages; this test assumes a longer prescan"
)

ENCODING: dict[str, str] = {
    "tests1.dat:47": _PRESCAN_WINDOW,
    "tests1.dat:48": _PRESCAN_WINDOW,
    "tests1.dat:49": _PRESCAN_WINDOW,
    "tests1.dat:50": _PRESCAN_WINDOW,
    "tests1.dat:51": _PRESCAN_WINDOW,
    "tests1.dat:52": _PRESCAN_WINDOW,
    "tests1.dat:53": _PRESCAN_WINDOW,
    "scripted/tests1.dat:0": (
        "needs a script to run (document.write of the <meta>); distill runs no scripts"
    ),
}

# Serializer tests (html5lib-tests/serializer/*.test) are token streams fed to html5lib's serializer
# with its options. distill's serializer is the WHATWG one fed from a tree, so cases that exercise an
# html5lib option, or output that the WHATWG algorithm specifies differently, do not apply.
_OPTION = "exercises an html5lib serializer option; the WHATWG serializer has no options"
_DOCTYPE_IDS = "the WHATWG serializer writes <!DOCTYPE name> only, dropping public and system identifiers"

_STRAY_END = "an end tag with no open element: the token stream describes no tree, so none can be serialized"

SERIALIZER: dict[str, str] = {
    "injectmeta.test:no encoding": _OPTION,
    "injectmeta.test:empytag head": _OPTION,
    "injectmeta.test:head w/title": _OPTION,
    "injectmeta.test:head w/meta-charset": _OPTION,
    "injectmeta.test:head w/ two meta-charset": _OPTION,
    "injectmeta.test:head w/robots": _OPTION,
    "injectmeta.test:head w/robots & charset": _OPTION,
    "injectmeta.test:head w/ charset in http-equiv content-type": _OPTION,
    "injectmeta.test:head w/robots & charset in http-equiv content-type": _OPTION,
    'options.test:quote_char="\'"': _OPTION,
    "options.test:quote_attr_values=true": _OPTION,
    "options.test:quote_attr_values=true with irrelevant": _OPTION,
    "options.test:use_trailing_solidus=true with void element": _OPTION,
    "options.test:use_trailing_solidus=true with non-void element": _OPTION,
    "options.test:minimize_boolean_attributes=false": _OPTION,
    "options.test:minimize_boolean_attributes=false with empty value": _OPTION,
    "options.test:escape angle brackets in attribute values": _OPTION,
    "options.test:rcdata": _OPTION,
    "whitespace.test:bare text with leading spaces": _OPTION,
    "whitespace.test:bare text with trailing spaces": _OPTION,
    "whitespace.test:bare text with inner spaces": _OPTION,
    "whitespace.test:text within <pre>": _OPTION,
    "whitespace.test:text within <pre>, with inner markup": _OPTION,
    "whitespace.test:text within <textarea>": _OPTION,
    "whitespace.test:text within <script>": _OPTION,
    "whitespace.test:text within <style>": _OPTION,
    "core.test:HTML 4.01 DOCTYPE": _DOCTYPE_IDS,
    "core.test:HTML 4.01 DOCTYPE without system identifier": _DOCTYPE_IDS,
    "core.test:IBM DOCTYPE without public identifier": _DOCTYPE_IDS,
    "optionaltags.test:p end-tag followed by comment": _STRAY_END,
    "optionaltags.test:p end-tag followed by space character": _STRAY_END,
    "optionaltags.test:p end-tag followed by text": _STRAY_END,
    "optionaltags.test:p end-tag followed by start-tag": _STRAY_END,
}

# Round trips (tests/test_serialize.py): tree-construction inputs whose tree, once serialized, parses
# to a different tree. The HTML Standard warns that this happens (13.3: "the serialization of a tree
# built by the parser may not round-trip") for trees the parser builds from misnested markup.
ROUNDTRIP: dict[str, str] = {}

# Tokenizer tests (html5lib-tests/tokenizer/*.test), keyed "file.test:description".
# xmlViolation.test expects the "coercing an HTML DOM into an infoset" tweaks (U+FFFF -> U+FFFD, FF
# -> space, "--" -> "- -" in comments): an XML serialisation step, not tokenizer output.
_XML_INFOSET = "expects XML-infoset coercion (HTML Standard 13.2.9), not tokenizer output"
TOKENIZER: dict[str, str] = {
    "xmlViolation.test:Non-XML character": _XML_INFOSET,
    "xmlViolation.test:Non-XML space": _XML_INFOSET,
    "xmlViolation.test:Double hyphen in comment": _XML_INFOSET,
    "xmlViolation.test:FF between attributes": _XML_INFOSET,
}

# Tree-construction tests (html5lib-tests/tree-construction/*.dat).
TREE: dict[str, str] = {}
