"""Sanitizer: XSS and mutation-XSS vectors checked by an independent parser (html5lib), exact outputs on
small inputs, idempotence, and property tests that the output re-parses to the tree it serialized."""

import re

import pytest

import distill
from distill import Policy, Sanitizer

if not hasattr(distill, "parse"):  # while the parser is being built; removed once it lands
    pytest.skip("distill.parse is not available yet", allow_module_level=True)

html5lib = pytest.importorskip("html5lib", reason="html5lib (a test dependency) checks the output")

HTML_NS = "http://www.w3.org/1999/xhtml"
SCRIPT_CAPABLE = {
    "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "svg", "math",
    "base", "meta", "link", "form", "input", "button", "textarea", "select", "option", "template",
    "noscript", "noembed", "noframes", "xmp", "plaintext", "title", "video", "audio", "source",
    "isindex", "keygen", "param", "portal",
}
URL_ATTRS = {"href", "src", "cite", "action", "formaction", "poster", "background", "data",
             "longdesc", "xlink:href", "codebase", "srcset", "usemap", "lowsrc", "dynsrc", "ping"}
NEVER_ATTRS = {"style", "srcdoc", "formaction", "action", "srcset", "xmlns"}
SAFE_SCHEMES = {"http", "https", "mailto"}
DATA_IMAGE = re.compile(r"data:image/(png|gif|jpe?g|webp|avif|bmp)[;,]", re.I)

POLICIES = {
    "strict": Policy.strict(),
    "basic": Policy.basic(),
    "relaxed": Policy.relaxed(),
    "relaxed+data+comments": Policy(
        elements=Policy.relaxed().elements,
        attributes=Policy.relaxed().attributes,
        allow_data_images=True,
        allow_comments=True,
    ),
}

VECTORS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<img src=x alt=y onerror=alert(1) onload=alert(2)>",
    "<svg><script>alert(1)</script></svg>",
    "<svg onload=alert(1)>",
    "<svg><style><img src=x onerror=alert(1)></style></svg>",
    "<math><style><img src onerror=alert(1)></style></math>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1'
    '&Tab;onerror=alert(1)&gt;">',
    "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
    '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
    '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>">',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<noembed><img title="</noembed><img src onerror=alert(1)>"></noembed>',
    "<noscript><style></noscript><img src=x onerror=alert(1)></style></noscript>",
    "<select><option><style></option></select><img src=x onerror=alert(1)></style>",
    "<template><script>alert(1)</script></template><template><img src=x onerror=alert(1)></template>",
    "<xmp><img src=x onerror=alert(1)></xmp>",
    "<plaintext><img src=x onerror=alert(1)>",
    "<title><img src=x onerror=alert(1)></title>",
    "<listing>&lt;img src=x onerror=alert(1)&gt;</listing>",
    '<a href="javascript:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<a href="javas&Tab;cript:alert(1)">x</a>',
    '<a href="java\nscript:alert(1)">x</a>',
    '<a href=" JaVaScRiPt:alert(1)">x</a>',
    '<a href="&#x01;javascript:alert(1)">x</a>',
    '<a href="  &#14;  javascript:alert(1)">x</a>',
    '<a href="javascript&colon;alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<a href="data:image/png;base64,iVBORw0KGgo=">x</a>',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<img src="DATA:text/html,<script>alert(1)</script>">',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>',
    '<form><input type="submit" formaction="javascript:alert(1)" value="x"></form>',
    '<isindex action="javascript:alert(1)" type=image>',
    '<input type="image" src=x onerror=alert(1)>',
    '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
    '<math href="javascript:alert(1)">x</math>',
    '<div style="width: expression(alert(1))">x</div>',
    '<p style="background:url(javascript:alert(1))">x</p>',
    '<style>@import "javascript:alert(1)";</style>',
    '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
    '<base href="javascript:alert(1)//">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<link rel="stylesheet" href="javascript:alert(1)">',
    "<!--<img src=x onerror=alert(1)>-->",
    "<!-- --!><img src=x onerror=alert(1)> -->",
    "<p><svg><foreignObject><iframe onload=alert(1)>",
    '<table><td><a href="javascript:1">x</a></td></table>',
    '<video><source onerror="alert(1)"></video><audio src=x onerror=alert(1)>',
    "<details open ontoggle=alert(1)><summary>s</summary>d</details>",
    '<a href="https://ok.org/" onclick="alert(1)" onmouseover="alert(2)">ok</a>',
    "<blockquote cite=\"javascript:alert(1)\">q</blockquote>",
    "<img src=\"x\" alt=\"\" onerror=\"alert(1)\"><img src=`x`onerror=alert(1)>",
    "<div onclick=alert(1) ONCLICK=alert(2) oNfOcUs=alert(3)>x</div>",
    '<a href="//evil.example/x">protocol-relative</a>',
    "<scr<script>ipt>alert(1)</script>",
    "<<script>script>alert(1)</script>",
    "<img/src=x/onerror=alert(1)>",
    "<p>x</p><script>alert(1)</script><p>y</p>",
]


def _walk(el, out):
    stack = [el]
    while stack:
        e = stack.pop()
        out.append(e)
        stack.extend(list(e))


def assert_safe(markup: str, policy: Policy) -> None:
    """Parse `markup` with html5lib and check nothing in it can run script or load a bad URL."""
    frag = html5lib.parseFragment(markup, container="div", treebuilder="etree")
    elements: list = []
    _walk(frag, elements)
    for e in elements:
        tag = e.tag if isinstance(e.tag, str) else ""
        if not tag:  # html5lib uses a callable tag for comments
            assert policy.allow_comments, markup
            continue
        if tag.startswith("{"):
            ns, _, local = tag[1:].partition("}")
            assert ns == HTML_NS, f"foreign element {tag} in {markup!r}"
        else:
            local = tag
        if local == "DOCUMENT_FRAGMENT":
            continue
        assert local not in SCRIPT_CAPABLE, f"<{local}> in {markup!r}"
        for name, value in e.attrib.items():
            aname = name if isinstance(name, str) else str(name)
            aname = aname.lower()
            assert not aname.startswith("on"), f"{aname} in {markup!r}"
            assert aname not in NEVER_ATTRS, f"{aname} in {markup!r}"
            if aname in URL_ATTRS or aname.endswith("}href"):
                cleaned = re.sub(r"[\t\n\r]", "", value.strip("\x00\x01\x02\x03\x04\x05\x06\x07\x08"
                                                            "\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13"
                                                            "\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c"
                                                            "\x1d\x1e\x1f "))
                m = re.match(r"([^:/?#]*):", cleaned)
                if m:
                    scheme = m.group(1).lower()
                    if scheme == "data":
                        assert policy.allow_data_images and local == "img" and aname == "src", markup
                        assert DATA_IMAGE.match(cleaned), markup
                    else:
                        assert scheme in SAFE_SCHEMES, f"{aname}={value!r} in {markup!r}"


def reparse(out: str) -> str:
    return distill.parse_fragment(out).serialize()


@pytest.mark.parametrize("policy_name", list(POLICIES))
@pytest.mark.parametrize("vector", VECTORS)
def test_vector_is_neutralised(vector: str, policy_name: str):
    policy = POLICIES[policy_name]
    s = Sanitizer(policy)
    out = s.sanitize(vector)
    assert_safe(out, policy)
    assert s.sanitize(out) == out, "not idempotent"
    assert reparse(out) == out, "does not re-parse to the tree it serialized"


def test_removed_formatting_keeps_its_text_but_scripts_do_not():
    s = Sanitizer()
    out = s.sanitize('<p>Hello <blink>dear</blink> <b onclick="x()">world</b><script>alert(1)</script>'
                     "<style>p{}</style><noscript>ns</noscript><template>t</template></p>")
    assert out == "<p>Hello dear <b>world</b></p>"


def test_entity_encoded_javascript_href_is_removed_and_text_kept():
    assert Sanitizer().sanitize('<a href="&#106;avascript:alert(1)">x</a>') == "<a>x</a>"


def test_allowed_links_keep_a_cleaned_href_and_get_rel():
    out = Sanitizer().sanitize('<a href=" https://ok.org/a\tb " rel="opener" target="_blank">ok</a>')
    assert out == '<a href="https://ok.org/ab" rel="noopener noreferrer nofollow">ok</a>'
    plain = Policy(link_rel=None, attributes={"a": {"href", "rel"}})
    assert Sanitizer(plain).sanitize('<a href="/x" rel="me">m</a>') == '<a href="/x" rel="me">m</a>'


def test_presets_differ_in_what_they_keep():
    html = ('<h2>T</h2><p><a href="https://x.org/">l</a> <img src="https://x.org/i.png" alt="i"></p>'
            "<table><tr><td>c</td></tr></table>")
    assert Sanitizer(Policy.strict()).sanitize(html) == "T<p>l </p>c"
    assert Sanitizer(Policy.basic()).sanitize(html) == (
        '<h2>T</h2><p><a href="https://x.org/" rel="noopener noreferrer nofollow">l</a> </p>c'
    )
    assert Sanitizer(Policy.relaxed()).sanitize(html) == (
        '<h2>T</h2><p><a href="https://x.org/" rel="noopener noreferrer nofollow">l</a> '
        '<img src="https://x.org/i.png" alt="i"></p><table><tbody><tr><td>c</td></tr></tbody></table>'
    )


def test_data_images_only_when_allowed_and_never_svg():
    png = '<img src="data:image/png;base64,iVBORw0KGgo=">'
    svg = '<img src="data:image/svg+xml,&lt;svg&gt;">'
    assert Sanitizer(Policy.relaxed()).sanitize(png) == "<img>"
    allow = Policy(elements={"img"}, attributes={"img": {"src"}}, allow_data_images=True)
    assert Sanitizer(allow).sanitize(png) == png
    assert Sanitizer(allow).sanitize(svg) == "<img>"


def test_block_inside_paragraph_is_unwrapped_so_the_output_reparses_the_same():
    # marquee is a scope boundary, so the parser puts the div inside the p; without the marquee a
    # re-parse would close the p at the div, so the div must go.
    assert Sanitizer().sanitize("<p>x<marquee><div>y</div></marquee>z</p>") == "<p>xyz</p>"


def test_nested_list_items_and_links_are_unwrapped():
    s = Sanitizer()
    assert s.sanitize("<ul><li>a<marquee><li>b</li></marquee></li></ul>") == "<ul><li>ab</li></ul>"
    out = s.sanitize('<a href="/1">x<marquee><a href="/2">y</a></marquee></a>')
    assert out == '<a href="/1" rel="noopener noreferrer nofollow">xy</a>'


def test_comments_only_when_allowed_and_harmless():
    allow = Policy(allow_comments=True)
    assert Sanitizer().sanitize("a<!-- c -->b") == "ab"
    assert Sanitizer(allow).sanitize("a<!-- c -->b") == "a<!-- c -->b"
    assert Sanitizer(allow).sanitize("a<!-- <b> -->b") == "ab"


def test_sanitizing_a_parsed_document_or_element():
    doc = distill.parse("<html><head><title>t</title><script>x()</script></head>"
                        "<body><div id=a><p onclick=x>one</p></div><p>two</p></body></html>")
    s = Sanitizer()
    assert s.sanitize(doc) == "<div><p>one</p></div><p>two</p>"
    div = doc.find("div")
    assert div is not None
    assert s.sanitize(div) == "<div><p>one</p></div>"


def test_policies_refuse_what_no_policy_may_allow():
    for bad in ({"script"}, {"iframe"}, {"svg"}, {"style"}, {"nonsense-tag"}):
        with pytest.raises(ValueError):
            Policy(elements=bad)
    for attrs in ({"*": {"onclick"}}, {"div": {"style"}}, {"iframe": {"srcdoc"}}, {"*": {"xlink:href"}}):
        with pytest.raises(ValueError):
            Policy(attributes=attrs)


def test_input_types_are_checked():
    with pytest.raises(TypeError):
        Sanitizer().sanitize(b"<p>x</p>")  # type: ignore[arg-type]


def test_lone_surrogates_do_not_raise():
    assert Sanitizer().sanitize("<p>a\ud800b</p>") == "<p>a?b</p>"


# ---- property tests ----

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

TAGS = ["p", "div", "a", "b", "i", "em", "li", "ul", "ol", "table", "tr", "td", "th", "tbody",
        "caption", "pre", "h1", "h2", "blockquote", "img", "br", "hr", "span", "script", "style",
        "svg", "math", "mtext", "mglyph", "foreignObject", "noscript", "template", "iframe", "select",
        "option", "form", "button", "textarea", "title", "xmp", "marquee", "object", "dd", "dt", "dl",
        "ruby", "rt", "rp", "nobr", "code", "listing", "plaintext", "frameset", "col", "colgroup"]
ATTRS = ["href", "src", "onclick", "style", "title", "alt", "class", "xlink:href", "srcdoc",
         "formaction", "colspan", "start", "cite"]
VALUES = ["x", "javascript:alert(1)", " JaVa\tScript:x", "https://a.b/c", "data:image/png;base64,AA",
          "data:text/html,x", "\x01javascript:x", "</style><img src=x onerror=alert(1)>", '"\'><b>', "#f"]
TEXTS = ["text", " ", "\n", "<", "&amp;", "a&b", "--", "-->", "`", "]]>", "\u00a0", "é"]


@st.composite
def markup(draw):
    parts = []
    for _ in range(draw(st.integers(0, 25))):
        kind = draw(st.integers(0, 4))
        if kind == 0:
            tag = draw(st.sampled_from(TAGS))
            attrs = "".join(
                f' {draw(st.sampled_from(ATTRS))}="{draw(st.sampled_from(VALUES)).replace(chr(34), "&quot;")}"'
                for _ in range(draw(st.integers(0, 2)))
            )
            parts.append(f"<{tag}{attrs}>")
        elif kind == 1:
            parts.append(f"</{draw(st.sampled_from(TAGS))}>")
        elif kind == 2:
            parts.append(f"<!--{draw(st.sampled_from(TEXTS))}-->")
        else:
            parts.append(draw(st.sampled_from(TEXTS)))
    return "".join(parts)


@settings(max_examples=300, deadline=None)
@given(markup(), st.sampled_from(list(POLICIES)))
def test_random_markup_sanitizes_to_safe_stable_reparseable_html(html: str, policy_name: str):
    policy = POLICIES[policy_name]
    s = Sanitizer(policy)
    out = s.sanitize(html)
    assert reparse(out) == out
    assert s.sanitize(out) == out
    assert_safe(out, policy)


@settings(max_examples=100, deadline=None)
@given(markup())
def test_sanitizing_a_parsed_tree_matches_its_reparse(html: str):
    s = Sanitizer(Policy.relaxed())
    doc = distill.parse(html)
    out = s.sanitize(doc)
    assert reparse(out) == out
    assert s.sanitize(out) == out


def test_article_html_and_markdown_come_from_the_main_content():
    para = "<p>" + "Words, many words, and more words, " * 6 + "<b onclick=x()>bold</b>.</p>"
    page = ("<html><body><nav><a href=/>Home</a> <a href=/b>Blog</a></nav><article><h1>T</h1>"
            + para * 4 + "<script>x()</script></article><footer>(c)</footer></body></html>")
    a = distill.article(page)
    assert a.element is not None and a.element.tag == "article"
    # the cleaned content of Article.text: the title heading is left out (it is Article.title)
    assert a.markdown.startswith("Words, many words,") and "# T" not in a.markdown
    assert "**bold**." in a.markdown and "Home" not in a.markdown
    assert a.html.startswith("<article><p>Words, many words,") and "<h1>" not in a.html
    assert "onclick" not in a.html and "script" not in a.html and "Home" not in a.html
    assert reparse(a.html) == a.html


# Trees built directly (distill._core._build), in shapes the parser never makes: p inside p, cells
# outside tables, text in rows, links in links, children of void elements, foreign elements anywhere.
BUILD_TAGS = ["p", "div", "a", "b", "li", "ul", "table", "tbody", "tr", "td", "th", "caption", "h1",
              "h2", "pre", "br", "img", "span", "script", "style", "noscript", "template", "dd", "dt",
              "nobr", "ruby", "rt", "rp", "colgroup", "col", "blockquote", "textarea", "title", "select",
              "option", "html", "body", "head", "form", "button", "hr", "code", "em", "listing"]


def tree_spec() -> st.SearchStrategy[list]:
    attrs = st.lists(st.tuples(st.sampled_from(ATTRS), st.sampled_from(VALUES)), max_size=2,
                     unique_by=lambda a: a[0])
    leaf = st.one_of(
        st.builds(lambda t: ("text", t), st.sampled_from(TEXTS)),
        st.builds(lambda t: ("comment", t), st.sampled_from(TEXTS)),
    )

    def element(children: st.SearchStrategy[list]) -> st.SearchStrategy[tuple]:
        return st.builds(
            lambda ns, tag, a, kids: ("element", ns, tag, list(a), kids),
            st.sampled_from(["html", "html", "html", "html", "svg", "math"]),
            st.sampled_from(BUILD_TAGS),
            attrs,
            children,
        )

    node = st.recursive(leaf, lambda kids: element(st.lists(kids, max_size=4)), max_leaves=25)
    return st.lists(node, max_size=5)


@settings(max_examples=300, deadline=None)
@given(tree_spec(), st.sampled_from(list(POLICIES)))
def test_random_built_trees_sanitize_to_stable_reparseable_safe_html(spec: list, policy_name: str):
    policy = POLICIES[policy_name]
    s = Sanitizer(policy)
    out = s.sanitize(distill._core._build(spec))
    assert reparse(out) == out, out
    assert s.sanitize(out) == out
    assert_safe(out, policy)


@pytest.mark.parametrize("scheme", ["javascript", "JavaScript", "vbscript", "data"])
def test_no_policy_can_allow_a_script_running_scheme(scheme):
    with pytest.raises(ValueError, match="can never be allowed"):
        Sanitizer(Policy(url_schemes=frozenset({scheme}))).sanitize('<a href="x">y</a>')
