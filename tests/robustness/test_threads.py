"""Parsing releases the GIL and trees are independent: concurrent parses equal sequential ones."""

from __future__ import annotations

import threading

from treedump import dump

import distill


def pages() -> list[str]:
    out = []
    for k in range(8):
        rows = "".join(f"<tr><td>{k}-{i}</td><td>{'é' * i}</td></tr>" for i in range(200))
        out.append(f"<!DOCTYPE html><title>{k}</title><div id=d{k}><p>para {k}<table>{rows}</table></div>")
    return out


def result(markup: str) -> tuple[str, str, int]:
    doc = distill.parse(markup)
    return dump(doc), doc.serialize(), len(doc.find_all("td"))


def test_concurrent_parses_equal_sequential() -> None:
    inputs = pages()
    expected = [result(m) for m in inputs]
    got: dict[tuple[int, int], tuple[str, str, int]] = {}
    errors: list[BaseException] = []

    def work(t: int) -> None:
        try:
            for rep in range(3):
                for i in range(t % 2, len(inputs), 2):
                    got[(t, rep * 100 + i)] = result(inputs[i])
        except BaseException as e:  # noqa: BLE001 - reported by the main thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    assert len(got) == 4 * 3 * 4
    for (_, key), value in got.items():
        assert value == expected[key % 100]


def test_one_tree_read_from_many_threads() -> None:
    doc = distill.parse(pages()[0])
    table = doc.find("table")
    assert table is not None
    tbody = table[0]
    want = [row.text for row in tbody]
    seen: list[list[str]] = []

    def work() -> None:
        # Index access shares the wrapper's position cache across threads.
        seen.append([tbody[i].text for i in range(len(tbody))])

    threads = [threading.Thread(target=work) for _ in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert seen == [want] * 4
