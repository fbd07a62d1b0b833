"""article() on pages that are not news articles (issue 12, session 3): rules and features each
checked on a small page of the test's own making."""

from __future__ import annotations

from conftest import PROSE, page

import distill


def test_streamed_segment_is_visible_but_other_hidden_divs_are_not() -> None:
    # A streaming server renderer sends the content after a placeholder in <div hidden id="S:0">,
    # and its inline script moves it into place: a reader sees it. An ordinary hidden div stays out.
    paras = "".join(f"<p>{p}</p>" for p in PROSE)
    body = (
        '<header><a href="/">Home</a></header><main><template id="B:0"></template><p>Loading...</p></main>'
        f'<div hidden id="S:0"><article><h1>Budget passes</h1>{paras}</article></div>'
        '<div hidden id="menu"><p>A hidden drawer that says something long enough to be a paragraph of '
        "its own, with commas, words, and a full stop.</p></div>"
    )
    text = distill.article(page(body)).text
    assert PROSE[0] in text and PROSE[2] in text
    assert "hidden drawer" not in text
    # the exporters agree (Article.text is rendered by them)
    doc = distill.parse(page(body))
    assert PROSE[1] in doc.to_text()
    assert "hidden drawer" not in doc.to_text()


def test_streamed_segment_id_must_be_the_renderers_shape() -> None:
    # "S:" and a base-36 number only: a hidden div with another id keeps hiding its text
    for ident in ("S:", "S:Menu", "s:0", "S:0 x", "Sx0"):
        body = f'<div hidden id="{ident}"><p>{PROSE[0]}</p></div><article><p>{PROSE[1]}</p><p>{PROSE[2]}</p></article>'
        assert PROSE[0] not in distill.article(page(body)).text, ident


def test_a_second_copy_of_the_article_is_left_out() -> None:
    # pages ship one copy of the article per screen size (style sheets show one): a reader sees it once,
    # whatever the markup around each copy and its spacing or case
    paras = "".join(f"<p>{p}</p>" for p in PROSE)
    shout = "".join(f"<p>  {p.upper()} </p>" for p in PROSE)
    body = (f'<div class="desktop"><article>{paras}</article></div>'
            f'<div class="phone"><section><div>{shout}</div></section></div>')
    text = distill.article(page(body)).text
    assert text.count(PROSE[0]) == 1
    assert PROSE[0].upper() not in text
    assert PROSE[2] in text


def test_short_repeats_and_different_text_stay() -> None:
    # a sentence repeated under every item is the page's own text (under the copy threshold), and two
    # posts that share a paragraph but differ elsewhere are not copies of each other
    note = "Prices include tax."
    items = "".join(f"<li><h3>Item {i}</h3><p>{PROSE[i % 3]}</p><p>{note}</p></li>" for i in range(6))
    text = distill.article(page(f"<main><ul>{items}</ul></main>")).text
    assert text.count(note) == 6
    # (the posts sit in <main>, as a thread's do: two bare <article>s of two paragraphs each are too
    # little page for the block model to keep both whatever the copy rule says)
    posts = (f"<main><article><p>{PROSE[0]}</p><p>{PROSE[1]}</p></article>"
             f"<article><p>{PROSE[0]}</p><p>{PROSE[2]}</p></article></main>")
    text = distill.article(page(posts)).text
    assert text.count(PROSE[0]) == 2 and PROSE[1] in text and PROSE[2] in text



def test_a_cloned_group_of_lines_is_said_once_but_a_repeated_paragraph_stays() -> None:
    # a carousel's loop clones its slides (a heading over a sentence, 100 to 300 characters): a reader
    # sees each slide once; one paragraph repeated (a step in each recipe) is the page's own text
    slides = [("Plan together",
               "Bring every team onto one board, and plan the whole quarter in an afternoon without a single meeting."),
              ("Ship sooner",
               "Turn the plan into tasks, track each of them, and see what is running late well before it is late.")]
    slide = "".join(f"<div class='slide'><h3>{h}</h3><p>{p}</p></div>" for h, p in slides)
    body = (f"<main><h1>One board for the whole team</h1><p>{PROSE[0]}</p>"
            f"<div class='carousel'>{slide}{slide}{slide}</div><p>{PROSE[1]}</p><p>{PROSE[2]}</p></main>")
    assert all(100 < len(h) + len(p) < 300 for h, p in slides)
    text = distill.article(page(body)).text
    assert text.count(slides[0][1]) == 1 and text.count(slides[1][1]) == 1
    assert PROSE[2] in text
    step = ("Steam one cup of broccoli, toss it with a teaspoon of olive oil and a pinch of salt, and "
            "serve it warm beside the fish.")
    assert 100 < len(step) < 300
    days = "".join(f"<h2>Day {i}</h2><p>{PROSE[i % 3]}</p><p>{step}</p>" for i in range(1, 4))
    text = distill.article(page(f"<main><h1>A week of dinners</h1>{days}</main>")).text
    assert text.count(step) == 3


def thread(bodies: list[str]) -> str:
    posts = "".join(
        f"<div class='post'><div class='post-author'><a class='username' href='/u/{i}'>user{i}</a></div>"
        f"<time datetime='2024-01-0{i}'>Jan {i}</time><div class='post-body'>{b}</div>"
        f"<a class='reply'>Reply</a> <a class='quote'>Quote</a></div>"
        for i, b in enumerate(bodies, 1))
    head = '<link rel="canonical" href="https://example.org/forum/thread/12345-printer-keeps-jamming">'
    return (f"<!doctype html><html><head>{head}</head><body><h1>Printer keeps jamming</h1>{posts}"
            "<form><textarea name='reply'></textarea><button>Post reply</button></form></body></html>")


def test_in_a_thread_a_quoted_post_is_said_once() -> None:
    # in a forum thread a reply that repeats an earlier post's words quotes it: from DL_REGION_COPY_MIN_CHARS_FORUM
    # (80) characters on, the repeat is left out; on other pages only from 300
    first = "The printer jams on every second page, even with new paper and a cleaned roller."
    bodies = [f"<p>{first}</p>"] + [
        f"<blockquote><p>{first}</p></blockquote><p>Reply {i}: I tried the same thing with my setup and it "
        f"still fails {i} times out of ten.</p>" for i in range(2, 8)]
    art = distill.article(thread(bodies))
    assert art.page_type == "forum"
    assert art.text.count(first) == 1
    assert "Reply 5: I tried" in art.text


def test_two_long_runs_that_differ_only_in_their_first_block_are_not_copies() -> None:
    # drop_copies chains the kept blocks' hashes; with an even base a block 32 places before a run's
    # end counted for nothing, and two tabs of 33 steps that differ only in the first were taken for
    # copies (the second tab's own first step was lost)
    steps = [f"Step {i}: run the {w} command and check that the output lists every file you changed."
             for i, w in enumerate(["build", "test", "lint", "format", "install", "deploy"] * 6)][:33]
    first_a = "Install the Java toolchain with the package manager of your system before anything else."
    first_b = "Install the Ruby toolchain with the version manager of your choice before anything else."
    tab_a = "".join(f"<p>{s}</p>" for s in [first_a, *steps[1:]])
    tab_b = "".join(f"<p>{s}</p>" for s in [first_b, *steps[1:]])
    body = f'<main><h1>Setup</h1><div class="tab">{tab_a}</div><div class="tab">{tab_b}</div></main>'
    text = distill.article(page(body)).text
    assert first_a in text
    assert first_b in text
