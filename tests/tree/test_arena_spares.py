"""The arena's spare blocks (common/arena.c): the large blocks of a freed document are kept for the next
documents, so that a page's tree does not fault its memory in from the system again. A spare must go to
one arena only, and an arena built on spares must hold its own tree: here documents are made while the
spares of larger freed ones are there to be taken, kept alive side by side, and compared with the trees
the same markup gives in a fresh process's order (parsed before any spare existed)."""

from __future__ import annotations

import gc
import threading

import distill


def _page(tag: str, n: int) -> str:
    """A page of n paragraphs, each naming tag and its number, so that two pages never share a line."""
    return "<!doctype html><title>t</title>" + "".join(f"<p class=c{k}>{tag} paragraph {k}</p>" for k in range(n))


def _text(doc: distill.Node) -> str:
    return doc.to_text()


def test_documents_built_on_spare_blocks_hold_their_own_trees() -> None:
    small = [_page(f"small{i}", 40) for i in range(8)]
    expected = [_text(distill.parse(p)) for p in small]
    for round_ in range(3):
        big = [distill.parse(_page(f"big{round_}{j}", 20000)) for j in range(3)]  # blocks of a megabyte or so
        del big
        gc.collect()  # their blocks are the spares now
        kept = [distill.parse(p) for p in small]  # the first ones take the spares, alive together
        assert [_text(d) for d in kept] == expected
        # a large page after them: it must not get a block a live small document still uses
        again = distill.parse(_page(f"again{round_}", 20000))
        assert [_text(d) for d in kept] == expected
        assert _text(again).count("paragraph") == 20000


def test_threads_taking_and_giving_back_spares_keep_their_trees() -> None:
    pages = [_page(f"thread{i}", 3000 + 500 * i) for i in range(4)]
    expected = [_text(distill.parse(p)) for p in pages]
    failures: list[str] = []

    def work(i: int) -> None:
        for _ in range(15):
            doc = distill.parse(pages[i])
            if _text(doc) != expected[i]:
                failures.append(f"thread {i}")
                return

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
