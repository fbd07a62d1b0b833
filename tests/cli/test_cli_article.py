"""The article command: emission, the report, exit codes, pipe vs file, temporary file cleanup."""

from __future__ import annotations

import json
import os
import re
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from distill.stream import PARAGRAPH_BONUS, score_bytes

LONG = "This sentence is long enough to count as a paragraph on its own merit."
ARTICLE = (
    '<div class="post-body" data-note="x>y"><h2>Heading</h2>'
    f"<p>{LONG} caf\u00e9</p><script>document.write('</div>')</script>"
    f"<p>{LONG} with <a href='/l'>a link</a>.</p><!-- </div> --><p>{LONG}</p></div>"
)
PAGE = (
    "<!DOCTYPE html><html><head><title>t</title></head><body>"
    '<div id="nav"><a href="/">Home</a> <a href="/b">Blog archive by month</a></div>'
    f'<div id="content">{ARTICLE}<div class="share"><a href="#">Share it everywhere</a></div></div>'
    "<div id=unclosed><p>footer text</body></html>"
).encode()


def article(*args: str, stdin: object = None, input: bytes | None = None,
            env: dict[str, str] | None = None, **kw: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "distill.cli.article", *args],
        stdin=stdin, input=input, capture_output=True, env=env, timeout=120, **kw,  # type: ignore[call-overload]
    )


@pytest.fixture()
def page_file(tmp_path: Path) -> Path:
    p = tmp_path / "page.html"
    p.write_bytes(PAGE)
    return p


def scorer_part(report: dict[str, object]) -> dict[str, object]:
    """The --json report without what the command adds to the scorer's (reading, parsing, content)."""
    added = ("transcoded", "parsed_bytes", "cleaned", "format", "content")
    return {k: v for k, v in report.items() if k not in added and k != "encoding"}


def test_file_output_is_the_winners_bytes(page_file: Path) -> None:
    res = article(str(page_file), "--json", "--format", "html")
    assert res.returncode == 0, res.stderr
    report = json.loads(res.stdout)
    w = report["winner"]
    assert report["content"].encode() == PAGE[w["start"] : w["end"]] == ARTICLE.encode()
    assert scorer_part(report) == scorer_part(score_bytes(PAGE).as_dict())
    assert article(str(page_file)).stdout == ARTICLE.encode()


def test_pipe_seekable_stdin_and_file_give_identical_output(page_file: Path) -> None:
    by_file = article(str(page_file))
    by_pipe = article(input=PAGE)
    with page_file.open("rb") as f:
        by_stdin = article(stdin=f)
    with page_file.open("rb") as f:
        by_dash = article("-", stdin=f)
    outs = {r.stdout for r in (by_file, by_pipe, by_stdin, by_dash)}
    assert outs == {ARTICLE.encode()}
    assert {r.stderr for r in (by_file, by_pipe, by_stdin, by_dash)} == {by_file.stderr}
    assert all(r.returncode == 0 for r in (by_file, by_pipe, by_stdin, by_dash))


def test_seekable_stdin_offsets_are_from_where_reading_started(tmp_path: Path) -> None:
    junk = b"#!junk that is not part of the page\n"
    p = tmp_path / "prefixed.html"
    p.write_bytes(junk + PAGE)
    with p.open("rb") as f:
        f.seek(len(junk))
        res = article("--json", "--format", "html", stdin=f)
    report = json.loads(res.stdout)
    assert report["content"] == ARTICLE
    assert scorer_part(report) == scorer_part(score_bytes(PAGE).as_dict())


def test_report_shape_and_arithmetic(page_file: Path) -> None:
    res = article(str(page_file))
    lines = res.stderr.decode().splitlines()
    m = re.fullmatch(r"scored (\d+) elements; the winner is (<.*>) at bytes (\d+)-(\d+)", lines[0])
    assert m, lines[0]
    assert m.group(2) == '<div class="post-body" data-note="x>y">'
    start, end = int(m.group(3)), int(m.group(4))
    assert PAGE[start:end] == res.stdout
    fig = {}
    for line in lines[1:]:
        k = re.match(r"  (text|link text|paragraphs|score|runner-up|skipped|encoding) +(.*)", line)
        assert k, line
        fig[k.group(1)] = k.group(2)
    text = int(re.fullmatch(r"(\d+) characters", fig["text"]).group(1))  # type: ignore[union-attr]
    lm = re.fullmatch(r"(\d+) characters in (\d+) links?", fig["link text"])
    assert lm
    link, paras, score = int(lm.group(1)), int(fig["paragraphs"]), int(fig["score"])
    assert score == text - 2 * link + PARAGRAPH_BONUS * paras
    assert paras == 3 and int(lm.group(2)) == 1
    rm = re.fullmatch(r'<div id="content"> with (-?\d+)', fig["runner-up"])
    assert rm and int(rm.group(1)) < score
    # The unclosed div and its paragraph never saw an end tag (</body> closed them).
    sm = re.fullmatch(r"(\d+) elements? with no end tag", fig["skipped"])
    assert sm and int(sm.group(1)) == score_bytes(PAGE).skipped == 2
    r = score_bytes(PAGE)
    assert int(m.group(1)) == r.scored and (text, link, paras, score) == (
        r.text, r.link_text, r.paragraphs, r.score)


def test_help_names_the_paragraph_bonus() -> None:
    res = article("--help")
    assert res.returncode == 0
    assert f"The paragraph bonus is {PARAGRAPH_BONUS}." in res.stdout.decode()


def test_quiet_writes_no_report(page_file: Path) -> None:
    res = article("--quiet", str(page_file))
    assert res.returncode == 0 and res.stderr == b"" and res.stdout == ARTICLE.encode()


def test_text_format_is_block_aware_and_drops_markup_and_scripts(page_file: Path) -> None:
    for flag in (["--text"], ["--format", "text"]):
        res = article(*flag, str(page_file))
        assert res.returncode == 0, res.stderr
        lines = [line for line in res.stdout.decode().splitlines() if line.strip()]
        assert lines[0] == "Heading"
        assert lines[1] == f"{LONG} caf\u00e9"
        assert lines[2] == f"{LONG} with a link."
        assert lines[3] == LONG
        assert "document.write" not in res.stdout.decode()


def test_text_of_windows_1252_input_is_decoded_by_the_declared_charset(tmp_path: Path) -> None:
    body = f'<div class="a"><p>Cr\u00e8me br\u00fbl\u00e9e \u2019 {LONG}</p><p>{LONG}</p></div>'
    data = ("<html><head><meta charset=windows-1252></head><body>" + body).encode("cp1252")
    p = tmp_path / "w.html"
    p.write_bytes(data)
    raw = article("-q", str(p))
    assert raw.stdout == body.encode("cp1252")
    text = article("-q", "--text", str(p))
    assert text.stdout.decode("utf-8").splitlines()[0] == f"Cr\u00e8me br\u00fbl\u00e9e \u2019 {LONG}"


def test_markdown_renders_the_winner(page_file: Path) -> None:
    res = article("-q", "--format", "markdown", str(page_file))
    assert res.returncode == 0, res.stderr
    md = res.stdout.decode()
    assert md.startswith("## Heading\n")
    assert f"{LONG} with [a link](/l)." in md
    assert "document.write" not in md and "share" not in md.lower()


def test_exit_1_when_nothing_scores_positively(tmp_path: Path) -> None:
    p = tmp_path / "links.html"
    p.write_bytes(b'<html><body><ul><li><a href="/">a link</a></li></ul></body></html>')
    res = article(str(p))
    assert res.returncode == 1
    assert res.stdout == b""
    assert "none scored above 0" in res.stderr.decode()
    js = article("--json", str(p))
    assert js.returncode == 1 and json.loads(js.stdout)["winner"] is None and js.stderr == b""


def one_line_error(res: subprocess.CompletedProcess[bytes], name: str) -> None:
    assert res.returncode == 2
    assert res.stdout == b""
    err = res.stderr.decode()
    assert err.count("\n") == 1 and name in err and "Traceback" not in err, err


def test_exit_2_missing_file_directory_and_usage(tmp_path: Path) -> None:
    missing = tmp_path / "nope.html"
    one_line_error(article(str(missing)), str(missing))
    one_line_error(article(str(tmp_path)), str(tmp_path))
    usage = article("--no-such-option")
    assert usage.returncode == 2 and b"usage" in usage.stderr
    assert article("a.html", "b.html").returncode == 2


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their mode")
def test_exit_2_permission_denied(page_file: Path) -> None:
    page_file.chmod(0)
    try:
        one_line_error(article(str(page_file)), str(page_file))
    finally:
        page_file.chmod(0o644)


def test_exit_2_when_spooling_fills_the_disk(tmp_path: Path) -> None:
    def limit_file_size() -> None:
        # Files may not grow past 64 KiB: the spool write fails as on a full disk (EFBIG).
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (65536, 65536))

    big = PAGE + b"<!-- padding -->" * 20000
    env = dict(os.environ, TMPDIR=str(tmp_path))
    res = article(input=big, env=env, preexec_fn=limit_file_size)
    one_line_error(res, "<stdin>")
    assert "spool" in res.stderr.decode()
    assert list(tmp_path.iterdir()) == []


def test_temporary_file_is_gone_afterwards(tmp_path: Path) -> None:
    env = dict(os.environ, TMPDIR=str(tmp_path))
    res = article(input=PAGE, env=env)
    assert res.returncode == 0 and res.stdout == ARTICLE.encode()
    assert list(tmp_path.iterdir()) == []


def spooling(pid: int, tmpdir: Path) -> bool:
    fds = Path(f"/proc/{pid}/fd")
    try:
        targets = [os.readlink(fd) for fd in fds.iterdir()]
    except OSError:
        return False
    return any(t.startswith(str(tmpdir)) for t in targets)


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="needs /proc to see the spool file")
@pytest.mark.parametrize("sig,code", [(signal.SIGTERM, 143), (signal.SIGINT, 130), (signal.SIGHUP, 129)])
def test_interrupted_while_spooling_leaves_nothing(tmp_path: Path, sig: int, code: int) -> None:
    env = dict(os.environ, TMPDIR=str(tmp_path))
    # A suite started in the background by a shell without job control inherits SIGINT ignored, and so
    # would the command (keeping it ignored is the Unix convention): give the child the default.
    proc = subprocess.Popen(
        [sys.executable, "-m", "distill.cli.article"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert proc.stdin is not None
    proc.stdin.write(PAGE[:100])
    proc.stdin.flush()
    # Ready once its spool file exists (the signal handlers are installed before): it shows among
    # the process's open files, under TMPDIR, even when the file has no name.
    deadline = time.monotonic() + 60
    while not spooling(proc.pid, tmp_path):
        assert proc.poll() is None and time.monotonic() < deadline, "article never started spooling"
        time.sleep(0.05)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == code
    assert b"Traceback" not in err and out == b""
    assert list(tmp_path.iterdir()) == []


def test_exit_2_when_reading_fails(tmp_path: Path) -> None:
    # /proc/self/mem opens and seeks, but reading its first page fails (EIO): a read error mid-input.
    mem = Path("/proc/self/mem")
    if not mem.exists():
        pytest.skip("needs /proc/self/mem to produce a read error")
    one_line_error(article(str(mem)), str(mem))


def test_exit_2_when_the_output_cannot_be_written(page_file: Path) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("needs /dev/full to produce a full-disk write error")
    with open("/dev/full", "wb") as full:
        res = subprocess.run(
            [sys.executable, "-m", "distill.cli.article", str(page_file)],
            stdout=full, stderr=subprocess.PIPE, timeout=120,
        )
    assert res.returncode == 2
    err = res.stderr.decode()
    assert err.startswith("article: cannot write the output") and err.count("\n") == 1, err


def test_binary_input_is_said_not_to_be_html(tmp_path: Path) -> None:
    import random

    junk = tmp_path / "junk.html"
    junk.write_bytes(bytes(random.Random(7).randrange(256) for _ in range(200_000)))
    for flags in ((), ("--quiet",), ("--json",)):
        res = article(str(junk), *flags)
        err = res.stderr.decode()
        assert res.returncode == 1 and "Traceback" not in err
        assert err.startswith(f"article: {junk}: not HTML") and err.count("\n") == 1, err
    # a page where nothing scores is not binary: the report says so, as before
    links = tmp_path / "links.html"
    links.write_bytes(b'<html><body><ul><li><a href="/">a link</a></li></ul></body></html>')
    assert "none scored above 0" in article(str(links)).stderr.decode()


def _dense(tags: int) -> bytes:
    return b"<html><body><div class=a>" + b"<p>a b</p>" * tags + b"</div></body></html>"


def test_a_winner_of_more_tags_than_the_cap_is_refused_before_parsing(tmp_path: Path) -> None:
    # An element-dense winner costs about 800 bytes per element once parsed (a 64 MB winner of tiny
    # paragraphs took 5.3 GB): --text refuses it, as distill extract refuses such a page.
    p = tmp_path / "dense.html"
    p.write_bytes(_dense(3000))
    for fmt in (("--text",), ("--format", "markdown")):
        res = article(str(p), "--max-nodes", "4000", *fmt)
        one_line_error(res, "more than --max-nodes / 2 = 2000")
    assert article(str(p), "--max-nodes", "4000", "--format", "html", "-q").returncode == 0
    res = article(str(p), "--max-nodes", "0", "--text", "-q")
    assert res.returncode == 0 and res.stdout.count(b"a b") > 1000


def test_a_winner_over_the_parsers_limit_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    import distill.cli.article as cmd

    monkeypatch.setattr(cmd, "MAX_PARSE_BYTES", 100)  # the real limit, 1 GiB, in the slow test below
    with pytest.raises(cmd._InputError, match=r"the winner is \d+ bytes; --text and --format markdown parse at most"):
        cmd.extract(io.BytesIO(PAGE), "text")
    assert cmd.extract(io.BytesIO(PAGE), "html").content.startswith(b"<div")


@pytest.mark.slow
def test_a_winner_of_a_gibibyte_is_refused_without_a_traceback(tmp_path: Path) -> None:
    p = tmp_path / "huge.html"
    para = b"<p>" + b"Words of a paragraph that goes on and on. " * 24 + b"</p>"
    with p.open("wb") as f:
        f.write(b"<html><body><div class=a>")
        for _ in range((1 << 30) // (len(para) * 1024) + 1):
            f.write(para * 1024)
        f.write(b"</div></body></html>")

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # far less than the winner

    res = article(str(p), "--text", preexec_fn=limit)
    one_line_error(res, "parse at most 1073741822")
