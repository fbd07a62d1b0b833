"""The installed `article` command, run as a subprocess: cleaned text, encodings, JSON, exit codes, memory.

The command is the console script beside the interpreter running the tests (a venv with distill
installed); the tests skip when it is absent.
"""

from __future__ import annotations

import codecs
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import distill

ARTICLE_BIN = Path(sys.executable).parent / "article"
pytestmark = pytest.mark.skipif(
    not os.access(ARTICLE_BIN, os.X_OK),
    reason=f"the article command is not installed beside {sys.executable} (pip install -e . in a venv)",
)

LONG = "This sentence is long enough to count as a paragraph on its own merit, and then some more."
STORY = (
    f"<p>{LONG} One.</p><p>{LONG} Two.</p>"
    "<div class='share-bar'><a href='#'>Share on Facebook</a> <a href='#'>Share on Twitter</a>"
    " <a href='#'>Email this story</a></div>"
    f"<p>{LONG} Three.</p>"
    "<div class='related'><h3>More Videos</h3><ul><li><a href='/v1'>A video about something else"
    " entirely</a></li><li><a href='/v2'>Another video about other things</a></li></ul></div>"
    "<div class='comments'><h3>Reader comments</h3><p>Log in to comment on this story and join the"
    " discussion.</p></div>"
    f"<p>{LONG} Four.</p>"
)
PAGE = (
    "<html><head><title>T</title></head><body><div class=nav><a href=/>Home</a> <a href=/n>News</a></div>"
    f"<div class=story>{STORY}</div>"
    "<footer><p>Copyright footer text that is long enough.</p></footer></body></html>"
).encode()
FURNITURE = ("Share on Facebook", "More Videos", "Reader comments", "Another video")


def article(*args: str, input: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(ARTICLE_BIN), *args], input=input, capture_output=True, timeout=120)


def page_of(body: str, head: str = "") -> str:
    nav = "<div class=nav><a href=/>Home</a></div>"
    return f"<html><head>{head}</head><body>{nav}<article>{body}</article></body></html>"


# ---- the cleaned second pass -------------------------------------------------------------------


def test_text_leaves_out_what_article_leaves_out_and_html_keeps_it() -> None:
    text = article("--text", input=PAGE)
    assert text.returncode == 0, text.stderr
    out = text.stdout.decode()
    for n in ("One.", "Two.", "Three.", "Four."):
        assert f"{LONG} {n}" in out
    assert not any(f in out for f in FURNITURE), out
    # The same text the library gives (the winner is the same element here).
    assert out.rstrip("\n") == distill.article(PAGE).text
    raw = article("--format", "html", "-q", input=PAGE).stdout.decode()
    assert all(f in raw for f in FURNITURE)


def test_markdown_is_cleaned_too() -> None:
    md = article("--format", "markdown", "-q", input=PAGE)
    assert md.returncode == 0
    out = md.stdout.decode()
    assert f"{LONG} Four." in out and not any(f in out for f in FURNITURE)
    assert out.rstrip("\n") == distill.article(PAGE).markdown.rstrip("\n")


def test_report_gives_the_size_of_what_was_parsed() -> None:
    res = article("--text", input=PAGE)
    err = res.stderr.decode()
    start, end = (int(x) for x in err.split(" at bytes ")[1].split()[0].split("-"))
    parsed = [line for line in err.splitlines() if line.strip().startswith("parsed")]
    assert parsed and f"{end - start} bytes" in parsed[0] and "cleaned as article() cleans" in parsed[0]
    js = json.loads(article("--text", "--json", input=PAGE).stdout)
    assert js["parsed_bytes"] == end - start and js["cleaned"] is True


def test_when_cleaning_keeps_nothing_the_winners_text_is_written_and_said() -> None:
    # The streaming score counts hidden paragraphs (it follows the design and reads no attributes), while
    # article() keeps no dialog's text and shows hidden text only when its model keeps it, not from a
    # fallback: nothing is kept.
    box = "".join(f"<p hidden>Share this story with your friends on every network, number {i}.</p>" for i in range(5))
    page = f"<html><body><div class=share role=dialog>{box}</div></body></html>".encode()
    assert distill.article(page).text == ""
    res = article("--text", input=page)
    winner = distill.parse(page).find("div")
    assert winner is not None
    assert res.returncode == 0 and res.stdout.decode().strip() == winner.to_text().strip()
    assert "cleaning kept nothing" in res.stderr.decode()
    assert json.loads(article("--text", "--json", input=page).stdout)["cleaned"] is False


# ---- conventions -------------------------------------------------------------------------------


def test_json_is_one_object_on_stdout_with_the_content_when_asked() -> None:
    bare = article("--json", input=PAGE)
    assert bare.returncode == 0 and bare.stderr == b""
    report = json.loads(bare.stdout)
    assert report["winner"]["attributes"] == {"class": "story"} and "content" not in report
    with_text = json.loads(article("--json", "--text", input=PAGE).stdout)
    assert with_text["format"] == "text"
    assert with_text["content"].rstrip("\n") == distill.article(PAGE).text
    with_html = json.loads(article("--json", "--format", "html", input=PAGE).stdout)
    w = with_html["winner"]
    assert with_html["content"].encode() == PAGE[w["start"] : w["end"]]


def test_quiet_silences_stderr_only() -> None:
    q = article("--quiet", "--json", input=PAGE)
    assert q.stderr == b"" and json.loads(q.stdout)["winner"] is not None
    t = article("--quiet", "--text", input=PAGE)
    assert t.stderr == b"" and f"{LONG} One." in t.stdout.decode()
    # Errors still say what went wrong.
    missing = article("--quiet", "/nonexistent/page.html")
    assert missing.returncode == 2 and b"/nonexistent/page.html" in missing.stderr


def test_version_and_exit_codes_in_help() -> None:
    v = article("--version")
    assert v.returncode == 0 and v.stdout.decode().strip() == f"article (distill) {distill.__version__}"
    h = article("--help").stdout.decode()
    for code in ("0", "1", "2", "130", "143"):
        assert f"\n  {code} " in h
    nothing = article(input=b"<html><body><a href=/>x</a></body></html>")
    assert nothing.returncode == 1 and nothing.stdout == b""
    assert article("--no-such-flag").returncode == 2


# ---- encodings ---------------------------------------------------------------------------------

RUSSIAN = (
    "Это статья о том, как мы провели лето на даче. Мы читали книги, гуляли по лесу и купались в реке. "
    "Погода была хорошая, и все были очень довольны тем, что было сделано за это время."
)
JAPANESE = (
    "これは日本語の記事です。私たちは夏休みに山へ行き、川で泳ぎました。天気はとても良く、"
    "みんなはとても楽しい時間を過ごしました。また来年も行きたいと思います。"
)


def _text_of(data: bytes, *args: str) -> tuple[str, dict[str, object]]:
    res = article("--text", "--json", *args, input=data)
    assert res.returncode == 0, res.stderr
    js = json.loads(res.stdout)
    return js["content"], js


@pytest.mark.parametrize("codec,bom", [("utf-16-le", codecs.BOM_UTF16_LE), ("utf-16-be", codecs.BOM_UTF16_BE)])
def test_utf16_with_a_bom(codec: str, bom: bytes) -> None:
    src = page_of(f"<p>{RUSSIAN}</p><p>{LONG}</p>")
    data = bom + src.encode(codec)
    text, js = _text_of(data)
    assert RUSSIAN in text and js["transcoded"] is True and js["encoding"] == {"utf-16-le": "utf-16le",
                                                                              "utf-16-be": "utf-16be"}[codec]
    assert text.rstrip("\n") == distill.article(data).text
    html = article("-q", input=data)
    assert html.returncode == 0 and RUSSIAN.encode() in html.stdout  # transcoded to UTF-8


def test_windows_1251_without_a_declaration_is_detected() -> None:
    data = page_of(f"<p>{RUSSIAN}</p><p>{RUSSIAN}</p>").encode("cp1251")
    text, js = _text_of(data)
    assert js["encoding"] == "windows-1251" == distill.parse(data).encoding
    assert RUSSIAN in text


def test_shift_jis_without_a_declaration_is_detected() -> None:
    data = page_of(f"<p>{JAPANESE}</p><p>{JAPANESE}</p>").encode("shift_jis")
    text, js = _text_of(data)
    assert js["encoding"] == "shift_jis" == distill.parse(data).encoding
    assert JAPANESE in text


def test_meta_prescan_and_encoding_option() -> None:
    data = page_of(f"<p>{RUSSIAN}</p>", "<meta charset=koi8-r>").encode("koi8-r")
    text, js = _text_of(data)
    assert js["encoding"] == "koi8-r" and RUSSIAN in text
    undeclared = page_of(f"<p>{RUSSIAN}</p>").encode("koi8-r")
    forced, js2 = _text_of(undeclared, "--encoding", "koi8-r")
    assert js2["encoding"] == "koi8-r" and RUSSIAN in forced
    bad = article("--encoding", "no-such-charset", input=data)
    assert bad.returncode == 2 and b"no-such-charset" in bad.stderr and bad.stdout == b""


def test_legacy_declaration_over_utf8_bytes_reads_utf8_unless_forced() -> None:
    body = "中文内容，这是一篇文章。 Crème brûlée et café. " + LONG
    data = page_of(f"<p>{body}</p>", "<meta charset=gb2312>").encode("utf-8")
    text, js = _text_of(data)
    assert js["encoding"] == "utf-8" and body in text
    assert text.rstrip("\n") == distill.article(data).text
    strict, js2 = _text_of(data, "--encoding", "gb2312")
    assert js2["encoding"] == "gbk" and body not in strict


def test_windows_1252_html_output_stays_byte_for_byte() -> None:
    body = f"<p>Cr\u00e8me br\u00fbl\u00e9e \u2019 {LONG}</p>"
    data = page_of(body, "<meta charset=windows-1252>").encode("cp1252")
    res = article("-q", input=data)
    assert res.stdout == f"<article>{body}</article>".encode("cp1252")


# ---- memory ------------------------------------------------------------------------------------


def _peak_rss_kib(args: list[str], tmp: Path) -> int:
    # GNU time forks the command from its own small process, so the figure is the command's alone
    # (a child forked from pytest would report pytest's high-water mark).
    out = tmp / "rss"
    subprocess.run(["/usr/bin/time", "-f", "%M", "-o", str(out), str(ARTICLE_BIN), "-q", *args],
                   stdout=subprocess.DEVNULL, check=True, timeout=300)
    return int(out.read_text().split()[-1])


def _page(path: Path, blocks: int) -> None:
    block = (b'<div class="page"><div class="nav"><a href="/a">Section</a> <a href="/b">Other</a></div>'
             b'<div class="article">' + (f"<p>{LONG}</p>" * 20).encode() + b"</div></div>\n")
    with path.open("wb") as f:
        f.write(b"<html><body>")
        for _ in range(blocks):
            f.write(block)
        f.write(b"</body></html>")


@pytest.mark.skipif(not os.access("/usr/bin/time", os.X_OK), reason="needs GNU time (/usr/bin/time) for peak RSS")
@pytest.mark.parametrize("fmt", ["html", "text", "markdown"])
def test_memory_does_not_follow_the_input_when_the_winner_is_small(tmp_path: Path, fmt: str) -> None:
    small, large = tmp_path / "small.html", tmp_path / "large.html"
    _page(small, 3_000)   # about 6 MB
    _page(large, 12_000)  # 4x
    rss_small = _peak_rss_kib(["--format", fmt, str(small)], tmp_path)
    rss_large = _peak_rss_kib(["--format", fmt, str(large)], tmp_path)
    # 18 MB more input: a command that held the input would grow by at least that much.
    assert rss_large - rss_small < 4096, (rss_small, rss_large)


def test_utf16_from_a_file_and_from_a_pipe_agree(tmp_path: Path) -> None:
    data = codecs.BOM_UTF16_LE + page_of(f"<p>{RUSSIAN}</p><p>{LONG}</p>").encode("utf-16-le")
    p = tmp_path / "u16.html"
    p.write_bytes(data)
    env = dict(os.environ, TMPDIR=str(tmp_path / "spool"))
    (tmp_path / "spool").mkdir()
    for fmt in ("html", "text"):
        by_file = subprocess.run([str(ARTICLE_BIN), "--format", fmt, str(p)], capture_output=True, env=env)
        with p.open("rb") as f:
            cat = subprocess.Popen(["cat"], stdin=f, stdout=subprocess.PIPE)
            by_pipe = subprocess.run([str(ARTICLE_BIN), "--format", fmt], stdin=cat.stdout,
                                     capture_output=True, env=env)
            cat.wait()
        assert by_file.returncode == by_pipe.returncode == 0
        assert by_file.stdout == by_pipe.stdout and RUSSIAN.encode() in by_file.stdout
        assert by_file.stderr == by_pipe.stderr
    assert list((tmp_path / "spool").iterdir()) == []  # the transcoded spool is gone


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    p = tmp_path / "big.html"
    big = (f"<html><body><div class=a>{f'<p>{LONG}</p>' * 40000}</div></body></html>").encode()
    p.write_bytes(big)
    for fmt in ("html", "text"):
        proc = subprocess.Popen([str(ARTICLE_BIN), "-q", "--format", fmt, str(p)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.read(100)
        proc.stdout.close()  # the reader goes away, as `article … | head -c 100` does
        err = proc.stderr.read()
        assert proc.wait(timeout=60) == 0 and err == b"", err
