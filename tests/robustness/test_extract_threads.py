"""Two threads extracting from two trees at once get what one thread gets."""

from __future__ import annotations

import threading

import distill


def page(n: int) -> str:
    paras = "".join(
        f"<p>Paragraph {i} of page {n}, with a comma, and some more words to pass.</p>" for i in range(n % 7 + 3)
    )
    return (
        f"<html lang=en-{n}><head><title>Page {n}</title></head><body>"
        f"<nav><a href=/>home</a></nav><div id=main-{n}><h1>Heading {n}</h1>{paras}</div>"
        f"<div class=sidebar><p>Sidebar text {n} that is long enough, to score.</p></div>"
        "</body></html>"
    )


def extract(doc: distill.Document) -> tuple[object, ...]:
    el = doc.main_content()
    a = doc.article()
    return (
        None if el is None else el.attrs.get("id"),
        doc.main_text(),
        a.title,
        a.lang,
        a.text,
        tuple((p.text, p.is_boilerplate) for p in distill.boilerplate(doc.serialize())),
    )


def test_two_threads_two_trees() -> None:
    docs = [distill.parse(page(n)) for n in range(2)]
    expected = [extract(d) for d in docs]
    assert expected[0] != expected[1]
    results: list[list[tuple[object, ...]]] = [[], []]
    errors: list[BaseException] = []
    barrier = threading.Barrier(2)

    def run(i: int) -> None:
        try:
            barrier.wait()
            for _ in range(200):
                results[i].append(extract(docs[i]))
        except BaseException as e:  # noqa: BLE001 - reported by the main thread
            errors.append(e)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for i in range(2):
        assert results[i] == [expected[i]] * 200


def test_threads_share_one_tree() -> None:
    doc = distill.parse(page(5))
    expected = extract(doc)
    out: list[tuple[object, ...]] = []

    def run() -> None:
        for _ in range(50):
            out.append(extract(doc))

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out == [expected] * 100
