"""article() on pages whose structure, not their era, decides what a reader reads (issue 37): a body in
a structured-data <span> left inside an open anchor, paragraphs a test page repeats, very long documents,
an encyclopedia article behind a long infobox, data tables, one-line code blocks.

Every page is of the test's own making, built from a few sentences of prose.
"""

from __future__ import annotations

import itertools

from conftest import PROSE, page

import distill

NAV = "<nav><a href=/>Home</a> <a href=/news>News</a> <a href=/about>About</a></nav>"
MENU = "<div class=menu><ul>" + "".join(f"<li><a href=/s{i}>Section {i}</a></li>" for i in range(12)) + "</ul></div>"


def words(s: str) -> list[str]:
    return s.split()


def sentences(n: int, salt: str = "") -> list[str]:
    """n distinct sentences of prose: the PROSE sentences, each numbered so that none repeats."""
    out = []
    for k, p in zip(range(n), itertools.cycle(PROSE), strict=False):
        out.append(f"{p[:-1]}, as note {salt}{k} of the record says.")
    return out


# ---- a structured-data body (itemprop="articleBody") inside a named anchor -------------------------------

BODY_BR = "<br><br>".join(" ".join(sentences(3, f"b{k}-")) for k in range(8))


def test_a_body_inside_a_named_anchor_is_not_link_text() -> None:
    # <a name> marks a place: its text is no link's, so the body inside it is prose, not a menu
    html = page(MENU + f'<div><a name="story"><span itemprop="articleBody">{BODY_BR}</span></a></div>')
    t = distill.article(html).text
    assert "note b0-0" in t and "note b7-2" in t


def test_a_named_anchor_left_open_keeps_the_body_it_swallowed() -> None:
    # the anchor never closed holds the heading (a block of its own) and the <div>'s text: the heading
    # may be left out, the body may not
    html = page(MENU + f'<div><a name="story"><h1>Council passes the budget</h1>'
                f'<span itemprop="articleBody">{BODY_BR}</span></div>')
    t = distill.article(html).text
    assert "note b0-0" in t and "note b7-2" in t


def test_the_declared_body_is_kept_where_the_classifier_drops_it() -> None:
    # a template that sets the story inside a <footer> element: the classifier reads the place as page
    # chrome, the microdata says it is the article's body
    lines = sentences(30, "d")
    html = page(MENU + "<div id=main><h1>Council passes the budget</h1><footer><span itemprop=articleBody>"
                + "<br>".join(lines) + "</span></footer></div>")
    t = distill.article(html).text
    assert lines[0] in t and lines[29] in t
    # the same body undeclared: the rule reads the microdata, not the place
    assert lines[0] not in distill.article(html.replace("itemprop=articleBody", "")).text


def test_a_link_around_text_is_still_link_text() -> None:
    # an <a> with an href (or a script's <a> with neither href nor name) stays a link: a menu of them is
    # not an article
    html = page("<div>" + "".join(f"<a href=/x{i}>Story number {i} of the day</a><br>" for i in range(20)) + "</div>")
    assert distill.article(html).text == ""


# ---- small hand-made pages: a body of paragraphs is the article, all of it --------------------------------

LOREM = ("Lorem ipsum dolor sit amet, consectetur adipisicing elit, sed do eiusmod tempor incididunt ut labore et "
         "dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip "
         "ex ea commodo consequat. Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu "
         "fugiat nulla pariatur. Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia "
         "deserunt mollit anim id est laborum.")
SVG = '<svg width="100" height="100" viewBox="0 0 100 100"><title>A chart</title><circle cx="50" cy="50" r="40"/></svg>'
SOCIAL = '<div class="social"><a href="https://social.example/share">Share</a> <a href="mailto:?">Email</a></div>'
HIDDEN_P = '<p style="display:none">A line the page hides from every reader of it.</p>'


def lorem_page(between: str) -> str:
    """A test page: a heading and five paragraphs saying the same placeholder text, `between` after the
    first and the third."""
    p = f"<p>{LOREM}</p>"
    return page(f"<h1>Heading</h1>{p}{between}{p}{p}{between}{p}{p}")


def test_a_paragraph_said_again_in_the_running_text_is_kept_each_time() -> None:
    for between in ("", SVG, SOCIAL):
        assert distill.article(lorem_page(between)).text.count("Lorem ipsum") == 5


def test_a_hidden_paragraph_between_shown_ones_stays_hidden() -> None:
    ps = [f"<p>{p}</p>" for p in PROSE]
    t = distill.article(page("<h1>Heading</h1>" + ps[0] + HIDDEN_P + ps[1] + ps[2] + HIDDEN_P + ps[3])).text
    assert all(p in t for p in PROSE)
    assert "hides from every reader" not in t
    # the same line hidden in an accordion, after its question, is a panel the page opens
    faq = page(f"<h1>Heading</h1><p>{LOREM}</p><h3>Is there more?</h3>"
               "<p hidden>Yes, the answer panel opens under its question when a reader asks.</p>"
               f"<p>{PROSE[0]}</p>")
    assert "answer panel opens" in distill.article(faq).text


def test_a_page_shipped_twice_is_still_read_once() -> None:
    # the copy rule stands for copies in containers of their own (one per screen size)
    body = "".join(f"<p>{p}</p>" for p in PROSE)
    html = page(f"<div class=desktop>{body}</div><div class=mobile>{body}</div>")
    assert distill.article(html).text.count(PROSE[0]) == 1


# ---- very long documents: the paragraphs of one container are one text ------------------------------------

def test_a_long_transcript_is_kept_to_its_end() -> None:
    lines = sentences(600, "t")
    body = "".join(f"<p>SPEAKER {k % 4 + 1}: {s}</p>" for k, s in enumerate(lines))
    html = page(NAV + "<h1>Transcript of the hearing</h1><div class=transcript>" + body + "</div>"
                "<footer><p>Copyright 2011 The Record</p></footer>")
    t = distill.article(html).text
    assert lines[0] in t and lines[299] in t and lines[599] in t
    assert len(words(t)) >= 0.98 * sum(len(words(s)) + 2 for s in lines)


def encyclopedia(sections: int, paragraphs: int) -> tuple[str, list[str]]:
    """An encyclopedia article: a 60-row infobox, a lead, then sections of prose, all in one container."""
    rows = "".join(f"<tr><th>Field {i}</th><td><a href=/v{i}>Value {i}</a></td></tr>" for i in range(60))
    prose = sentences(sections * paragraphs * 3, "e")
    body, k = "", 0
    for s in range(sections):
        body += f"<h2>Section {s}</h2>"
        for _ in range(paragraphs):
            body += "<p>" + " ".join(prose[k:k + 3]) + "</p>"
            k += 3
    html = page(NAV + "<div id=content><h1>Town</h1><div class=body><table class=infobox>" + rows + "</table>"
                + body + "</div></div><footer><p>Text is available under a free licence.</p></footer>")
    return html, prose


def test_an_encyclopedia_article_behind_a_long_infobox_is_read_to_its_end() -> None:
    html, prose = encyclopedia(40, 6)
    t = distill.article(html).text
    assert all(p in t for p in prose)
    assert "Section 39" in t


# ---- a data table is kept or left out by rows and columns --------------------------------------------------

PROJECTS = [("Alpha", "12", "Yes"), ("Beta", "7", "No"), ("Gamma", "31", "Yes"), ("Delta", "4", "No"),
            ("Epsilon", "19", "Yes"), ("Zeta", "25", "No")]


def projects_page() -> str:
    head = "<tr><th>Name</th><th>Homepage</th><th>Count</th><th>Active</th></tr>"
    rows = "".join(f"<tr><td>{n}</td><td><a href=/{n.lower()}>{n.lower()}.example.org</a></td><td>{c}</td>"
                   f"<td>{a}</td></tr>" for n, c, a in PROJECTS)
    ps = [f"<p>{p}</p>" for p in PROSE]
    return page(NAV + "<article><h1>Projects</h1>" + ps[0] + ps[1] + f"<table><thead>{head}</thead><tbody>{rows}"
                "</tbody></table>" + ps[2] + ps[3] + "</article>")


def check_grid(grid: list[list[str]]) -> None:
    """Every row as wide as the header, and each kept value under its own header."""
    assert len(grid) >= 5 and grid[0][0] == "Name" and "Count" in grid[0]
    header = grid[0]
    for row in grid[1:]:
        assert len(row) == len(header), (header, row)
        cells = dict(zip(header, row, strict=True))
        n, c, a = next(p for p in PROJECTS if p[0] == cells["Name"])
        assert cells.get("Count", c) == c and cells.get("Active", a) == a
        assert cells.get("Homepage", f"{n.lower()}.example.org") in (f"{n.lower()}.example.org",
                                                                      f"[{n.lower()}.example.org](/{n.lower()})")


def test_a_data_table_keeps_its_shape_in_every_rendering() -> None:
    a = distill.article(projects_page())
    lines = a.text.splitlines()
    start = lines.index(next(x for x in lines if x.startswith("Name")))
    check_grid([x.split("\t") for x in itertools.takewhile(lambda x: "\t" in x, lines[start:])])
    md = [x for x in a.markdown.splitlines() if x.startswith("|") and "---" not in x]
    grid = [[c.strip() for c in x.strip("|").split("|")] for x in md]
    # the Markdown writer gives a table its full width: trailing empty columns are the dropped ones
    while grid and all(r and r[-1] == "" for r in grid):
        grid = [r[:-1] for r in grid]
    check_grid(grid)
    html_rows = [r for r in distill.parse(a.html).iter("tr")]
    check_grid([[c.text.strip() for c in r if getattr(c, "tag", "") in ("td", "th")] for r in html_rows])


# ---- code blocks: one-line commands are the post's text ---------------------------------------------------

COMMANDS = ["pip install requests", "sudo systemctl restart nginx", "npm i -D typescript", "cargo build --release",
            "brew install jq", "go mod tidy", "ls -la ~/projects", "make check", "docker ps -a", "git pull --rebase"]


def technical_post(code: str, paragraphs: int = 1) -> str:
    """A blog post of ten one-line commands, each after `paragraphs` paragraphs of prose, set as `code`."""
    prose = sentences(len(COMMANDS) * paragraphs + 1, "c")
    body = ""
    for i, c in enumerate(COMMANDS):
        body += "".join(f"<p>{p}</p>" for p in prose[i * paragraphs:(i + 1) * paragraphs]) + code.format(c=c)
    body += f"<p>{prose[-1]}</p>"
    return page("<header><nav><a href=/>Home</a> <a href=/posts>Posts</a></nav></header><main><article class=post>"
                f"<h1>Ten commands I use</h1><div class=entry-content>{body}</div></article></main>"
                "<footer><p>&copy; 2016 The Author</p></footer>")


def kept_commands(html: str) -> list[str]:
    t = distill.article(html).text
    return [c for c in COMMANDS if c in t]


def test_code_in_a_highlighters_toolbar_wrapper_is_kept() -> None:
    # Prism's toolbar plugin wraps each block in div.code-toolbar: a name for the toolbar, not the code
    code = '<div class="code-toolbar"><pre class="language-bash"><code>{c}</code></pre><div class="toolbar">' \
           '<div class="toolbar-item"><button>Copy</button></div></div></div>'
    assert kept_commands(technical_post(code)) == COMMANDS


def test_one_line_code_between_paragraphs_is_kept() -> None:
    # SyntaxHighlighter's table: a gutter of line numbers beside a <div> per line around a <code>
    code = '<div class="syntaxhighlighter bash"><table><tbody><tr><td class="gutter"><div class="line">1</div></td>' \
           '<td class="code"><div class="container"><div class="line"><code class="bash plain">{c}</code></div>' \
           '</div></td></tr></tbody></table></div>'
    assert kept_commands(technical_post(code, paragraphs=6)) == COMMANDS
