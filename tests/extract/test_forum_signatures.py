"""article() on a forum thread leaves the posters' signatures out (issue 12, extract/region_edges.c
drop_named with "signature"): a signature is what its author says under every post (what they play,
their setup, a motto), not the reply.

Each page is a thread of the test's own making: posts with a body and, under some of them, a signature
named the way forum software names it.
"""

from __future__ import annotations

import distill

REPLIES = [
    "The printer jams on every second page, even with new paper and a cleaned roller, and it started after the update.",
    "Mine did the same after the update. Rolling the firmware back to the previous version fixed it for me.",
    "Check the paper guide too: if it sits a millimetre too wide the sheets go in crooked and jam at the fuser.",
    "Thanks, it was the guide. It had come loose, and with it pushed back in place every page goes through fine.",
    "Good to know. I had the same jam on an older model and it turned out to be a worn roller, so it is worth a look.",
    "For anyone finding this later: the guide clicks into three positions, and the middle one is for letter paper.",
    "Mine clicked into the wrong one after I moved the printer, so the tip about the positions helped me as well.",
    "Marking this as solved then. Thanks to everyone who answered, the printer has done two hundred pages since.",
]
SIGNATURES = [
    "Currently printing a family tree poster in six parts for my grandmother, and far too many boarding passes.",
    "My setup is two old laser printers, one ink-jet for photos, and a cat who sleeps on top of all of them.",
]


def thread(sig_attr: str = 'class="post-signature"', page_kind: str = "thread") -> str:
    posts = "".join(
        f"<div class='post'><div class='author'><a href='/u/{i}'>user{i}</a></div>"
        f"<time datetime='2024-01-0{i + 1}'>Jan {i + 1}</time><div class='post-body'><p>{r}</p></div>"
        + (f"<div {sig_attr}><p>{SIGNATURES[i // 3]}</p></div>" if i % 3 == 0 and i < 6 else "")
        + "<a class='reply'>Reply</a> <a class='quote'>Quote</a></div>"
        for i, r in enumerate(REPLIES))
    head = f'<link rel="canonical" href="https://example.org/forum/{page_kind}/12345-printer-keeps-jamming">'
    return (f"<!doctype html><html><head>{head}</head><body><h1>Printer keeps jamming</h1>{posts}"
            "<form><textarea name='reply'></textarea><button>Post reply</button></form></body></html>")


def test_signatures_under_posts_are_left_out() -> None:
    for attr in ['class="post-signature"', 'class="message-signature signature-collapsed"', 'id="msg_42_signature"',
                 'class="userSignature"']:
        art = distill.article(thread(attr))
        assert art.page_type == "forum"
        for r in REPLIES[:6]:
            assert r in art.text, "the posts stay"
        for s in SIGNATURES:
            assert s not in art.text, attr


def test_a_class_that_only_contains_the_word_stays() -> None:
    # "assignature" does not start the word "signature": the line is the post's
    art = distill.article(thread('class="assignature"'))
    assert art.page_type == "forum"
    assert all(s in art.text for s in SIGNATURES)
