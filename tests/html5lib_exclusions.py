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

# Round trips (tests/serialize/test_serialize.py): tree-construction inputs whose tree, once serialized, parses
# to a different tree. The HTML Standard notes (13.3) that the parser itself can build trees that do
# not survive a serialize-and-reparse step; these are such trees, by kind.
_RT_DOCTYPE = (
    "the serializer writes <!DOCTYPE name> only (spec): public/system identifiers, and the quirks mode "
    "they set, are lost"
)
_RT_PLAINTEXT = "<plaintext> has no end tag: whatever is serialized after it becomes its text"
_RT_SCRIPT = "script text that ends in the tokenizer's escaped state swallows the </script> written after it"
_RT_CR = "a literal CR in text is written as is (spec) and the parser turns it into LF"
_RT_MISNESTED = (
    "misnested markup (adoption agency, foster parenting out of tables, nested forms) built a tree that no "
    "markup expresses: its serialization parses differently"
)

ROUNDTRIP: dict[str, str] = {
    "doctype01.dat:13": _RT_DOCTYPE,
    "doctype01.dat:14": _RT_DOCTYPE,
    "doctype01.dat:15": _RT_DOCTYPE,
    "doctype01.dat:22": _RT_DOCTYPE,
    "doctype01.dat:23": _RT_DOCTYPE,
    "doctype01.dat:24": _RT_DOCTYPE,
    "doctype01.dat:25": _RT_DOCTYPE,
    "doctype01.dat:26": _RT_DOCTYPE,
    "doctype01.dat:28": _RT_DOCTYPE,
    "doctype01.dat:29": _RT_DOCTYPE,
    "doctype01.dat:31": _RT_DOCTYPE,
    "doctype01.dat:32": _RT_DOCTYPE,
    "doctype01.dat:33": _RT_DOCTYPE,
    "doctype01.dat:34": _RT_DOCTYPE,
    "doctype01.dat:35": _RT_DOCTYPE,
    "doctype01.dat:36": _RT_DOCTYPE,
    "plain-text-unsafe.dat:0": _RT_CR,
    "plain-text-unsafe.dat:9": _RT_PLAINTEXT,
    "quirks01.dat:0": _RT_DOCTYPE,
    "quirks01.dat:1": _RT_DOCTYPE,
    "quirks01.dat:2": _RT_DOCTYPE,
    "quirks01.dat:3": _RT_DOCTYPE,
    "template.dat:107": _RT_MISNESTED,
    "tests1.dat:30": _RT_MISNESTED,
    "tests1.dat:77": _RT_MISNESTED,
    "tests1.dat:90": _RT_MISNESTED,
    "tests1.dat:101": _RT_MISNESTED,
    "tests16.dat:31": _RT_SCRIPT,
    "tests16.dat:32": _RT_SCRIPT,
    "tests16.dat:33": _RT_SCRIPT,
    "tests16.dat:34": _RT_SCRIPT,
    "tests16.dat:35": _RT_SCRIPT,
    "tests16.dat:36": _RT_SCRIPT,
    "tests16.dat:37": _RT_SCRIPT,
    "tests16.dat:48": _RT_SCRIPT,
    "tests16.dat:49": _RT_SCRIPT,
    "tests16.dat:50": _RT_SCRIPT,
    "tests16.dat:51": _RT_SCRIPT,
    "tests16.dat:52": _RT_SCRIPT,
    "tests16.dat:53": _RT_SCRIPT,
    "tests16.dat:130": _RT_SCRIPT,
    "tests16.dat:131": _RT_SCRIPT,
    "tests16.dat:132": _RT_SCRIPT,
    "tests16.dat:133": _RT_SCRIPT,
    "tests16.dat:134": _RT_SCRIPT,
    "tests16.dat:135": _RT_SCRIPT,
    "tests16.dat:136": _RT_SCRIPT,
    "tests16.dat:147": _RT_SCRIPT,
    "tests16.dat:148": _RT_SCRIPT,
    "tests16.dat:149": _RT_SCRIPT,
    "tests16.dat:150": _RT_SCRIPT,
    "tests16.dat:196": _RT_MISNESTED,
    "tests18.dat:0": _RT_PLAINTEXT,
    "tests18.dat:1": _RT_PLAINTEXT,
    "tests18.dat:2": _RT_PLAINTEXT,
    "tests18.dat:3": _RT_PLAINTEXT,
    "tests18.dat:5": _RT_PLAINTEXT,
    "tests18.dat:6": _RT_PLAINTEXT,
    "tests18.dat:7": _RT_PLAINTEXT,
    "tests18.dat:8": _RT_PLAINTEXT,
    "tests18.dat:9": _RT_PLAINTEXT,
    "tests18.dat:10": _RT_PLAINTEXT,
    "tests18.dat:11": _RT_PLAINTEXT,
    "tests18.dat:12": _RT_PLAINTEXT,
    "tests18.dat:13": _RT_PLAINTEXT,
    "tests18.dat:14": _RT_PLAINTEXT,
    "tests18.dat:15": _RT_PLAINTEXT,
    "tests18.dat:16": _RT_PLAINTEXT,
    "tests18.dat:19": _RT_PLAINTEXT,
    "tests18.dat:22": _RT_PLAINTEXT,
    "tests19.dat:5": _RT_PLAINTEXT,
    "tests19.dat:101": _RT_PLAINTEXT,
    "tests2.dat:12": _RT_PLAINTEXT,
    "tests2.dat:13": _RT_PLAINTEXT,
    "tests20.dat:34": _RT_PLAINTEXT,
    "tests20.dat:41": _RT_MISNESTED,
    "tests26.dat:2": _RT_MISNESTED,
    "tests6.dat:46": _RT_DOCTYPE,
    "webkit02.dat:19": _RT_PLAINTEXT,
    "webkit02.dat:21": _RT_PLAINTEXT,
}

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

# Tree-construction tests (html5lib-tests/tree-construction/*.dat), keyed "<file>:<n>[:script-on|off]"
# as tests/conformance/test_tree_html5lib.py documents. These four run JavaScript while parsing (document.write,
# setAttribute on a parsed element); distill executes no scripts, so their trees cannot match.
_RUNS_SCRIPT = "needs the page's script executed during parsing; distill runs no scripts"
TREE: dict[str, str] = {
    "scripted/adoption01.dat:1:script-on": _RUNS_SCRIPT,
    "scripted/ark.dat:1:script-on": _RUNS_SCRIPT,
    "scripted/webkit01.dat:1:script-on": _RUNS_SCRIPT,
    "scripted/webkit01.dat:2:script-on": _RUNS_SCRIPT,
}
