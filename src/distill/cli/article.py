"""The ``article`` command: stream a page, score its elements, emit the best one's markup.

Pass one feeds the input through :class:`distill.stream.Scorer` in large chunks, keeping nothing but
the scores. Pass two copies the winner's byte range out of the input: a file (or a seekable standard
input) is read again from the winner's offset; a pipe is spooled to an anonymous temporary file
during pass one, which disappears when the command ends, however it ends.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import signal
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from types import FrameType
from typing import IO, Any, NoReturn, cast

from distill.cli.options import add_content_options, extraction_from_args
from distill.export import Markdown, PlainText
from distill.extract import Extraction
from distill.stream import (
    MAX_DEPTH,
    PARAGRAPH_BONUS,
    PARAGRAPH_MIN_CHARS,
    Scorer,
    StreamResult,
    decode,
)

CHUNK = 1 << 20
"""Read size of both passes (1 MiB): large enough that the Python loop costs nothing measurable."""

EXIT_OK, EXIT_NOTHING, EXIT_USAGE = 0, 1, 2

DESCRIPTION = f"""\
Find a page's article body by scoring elements as they stream past, then write that element's
markup, byte for byte as it stands in the input, to standard output. A report goes to standard error.

Every element closed by its own end tag is scored:
    score = text - 2 x link text + {PARAGRAPH_BONUS} x paragraphs
text: characters outside links; link text: characters inside <a>; paragraphs: <p> elements inside it
with at least {PARAGRAPH_MIN_CHARS} characters outside links. Characters are code points, a run of
whitespace counting as one. The paragraph bonus is {PARAGRAPH_BONUS}. Text of script, style,
template, title, textarea, iframe, noscript, noembed, noframes and comments counts nowhere.
<html>, <head> and <body> are never candidates. Elements whose end tag never comes are skipped (the
report counts them); elements nested deeper than {MAX_DEPTH} are not tracked. Text is counted as
UTF-8 unless a <meta> declares a single-byte encoding (windows-1252 and the like).

Standard input that cannot seek (a pipe) is copied to an anonymous temporary file in $TMPDIR while
it is scored, so that the winner can be read back; the file goes away when the command ends.

Exit status: 0 with a winner; 1 when nothing scores above zero (no output); 2 for usage errors,
unreadable input and unwritable output."""


class _Terminated(Exception):
    """SIGTERM arrived: unwind so that every cleanup runs, then exit 128 + 15."""


class _InputError(Exception):
    """The input cannot be read (or spooled); the message names it."""


def _fail(message: str) -> NoReturn:
    raise _InputError(message)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="article",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", nargs="?", default="-", help="the page (standard input when absent or -)")
    p.add_argument("-q", "--quiet", action="store_true", help="write no report")
    p.add_argument("--json", action="store_true", help="write the report as one JSON object")
    p.add_argument(
        "--format",
        choices=("html", "text", "markdown"),
        default="html",
        help="html: the winner's markup as it stands in the input (default); text: its text, "
        "block-aware, as Node.to_text() lays it out; markdown: as Node.to_markdown() writes it "
        "(both render the winner's markup parsed on its own)",
    )
    p.add_argument("--text", action="store_true", help="the same as --format text")
    add_content_options(p)  # for --format text/markdown; the scorer itself follows the design
    return p


# ---------------------------------------------------------------------------------------------- report


def _show_tag(tag: str, attrs: Mapping[str, str]) -> str:
    parts = [tag]
    for name, value in attrs.items():
        if len(value) > 60:
            value = value[:57] + "..."
        value = value.replace("&", "&amp;").replace('"', "&quot;")
        parts.append(f'{name}="{value}"')
    return "<" + " ".join(parts) + ">"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def format_report(r: StreamResult) -> str:
    """The human report, in the documented shape (the figures are the ones the score used)."""
    lines: list[str] = []
    if r.tag is None:
        lines.append(f"scored {_plural(r.scored, 'element')}; none scored above 0, nothing written")
    else:
        lines.append(
            f"scored {_plural(r.scored, 'element')}; the winner is {_show_tag(r.tag, r.attributes)}"
            f" at bytes {r.start}-{r.end}"
        )
        lines.append(f"  {'text':<12}{r.text:>8} characters")
        lines.append(f"  {'link text':<12}{r.link_text:>8} characters in {_plural(r.links, 'link')}")
        lines.append(f"  {'paragraphs':<12}{r.paragraphs:>8}")
        lines.append(f"  {'score':<12}{r.score:>8}")
        if r.runner_up is not None:
            ru = r.runner_up
            lines.append(f"  {'runner-up':<16}{_show_tag(ru.tag, ru.attributes)} with {ru.score}")
        else:
            lines.append(f"  {'runner-up':<16}none")
    lines.append(f"  {'skipped':<12}{r.skipped:>8} {'element' if r.skipped == 1 else 'elements'} with no end tag")
    if r.too_deep:
        lines.append(
            f"  {'too deep':<12}{r.too_deep:>8} "
            f"{'element' if r.too_deep == 1 else 'elements'} nested deeper than {MAX_DEPTH}"
        )
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------------------ text output


def _require_exporter(fmt: str) -> None:
    import distill

    method = "to_markdown" if fmt == "markdown" else "to_text"
    node = getattr(distill, "Node", None)
    if not hasattr(distill, "parse") or not hasattr(node, method):
        _fail(f"--format {fmt} needs the exporters' Node.{method}(), which this build lacks")


def render(
    markup: bytes, encoding: str | None, fmt: str, options: Extraction | None = None, base_url: str | None = None
) -> str:
    """The winner's text or Markdown: its markup parsed, then the exporters' to_text/to_markdown.

    ``encoding`` is what the page declared (the winner's bytes no longer carry the declaration).
    """
    import distill

    _require_exporter(fmt)
    doc = distill.parse(decode(markup, encoding))
    body: Any = doc.find("body") or doc
    o = options or Extraction()
    if fmt == "markdown":
        out = str(body.to_markdown(Markdown(base_url=base_url, images=o.include_images, links=o.include_links,
                                            tables=o.include_tables, formatting=o.include_formatting)))
    else:
        out = str(body.to_text(PlainText(base_url=base_url, tables=o.include_tables)))
    return out if out.endswith("\n") or not out else out + "\n"


# ---------------------------------------------------------------------------------------------- passes


def _label(path: str) -> str:
    return "<stdin>" if path == "-" else path


@contextlib.contextmanager
def _open_input(path: str) -> Iterator[IO[bytes]]:
    if path == "-":
        stdin = sys.stdin
        if stdin is None:
            _fail("<stdin>: standard input is closed")
        yield stdin.buffer
        return
    try:
        if os.path.isdir(path):
            _fail(f"{path}: is a directory")
        f = open(path, "rb")  # noqa: SIM115 - closed below, after both passes
    except OSError as e:
        _fail(f"{path}: {e.strerror or e}")
    try:
        yield f
    finally:
        f.close()


def _seekable_base(f: IO[bytes]) -> int | None:
    """The current position when the input can be read again from an offset, else None."""
    try:
        if not f.seekable():
            return None
        return f.tell()
    except (OSError, ValueError):
        return None


def _pass_one(f: IO[bytes], label: str, spool: IO[bytes] | None) -> StreamResult:
    scorer = Scorer()
    buf = bytearray(CHUNK)
    view = memoryview(buf)
    reader = cast(io.BufferedIOBase, f)
    # When spooling, the chunk is scored on a worker thread while this one writes it out: both
    # release the GIL, so the copy costs little on a machine with a second core.
    pool = ThreadPoolExecutor(max_workers=1) if spool is not None else None
    try:
        while True:
            try:
                n = reader.readinto(view)
            except OSError as e:
                _fail(f"{label}: {e.strerror or e}")
            if not n:
                break
            chunk = view[:n]
            if spool is None or pool is None:
                scorer.feed(chunk)
                continue
            scoring = pool.submit(scorer.feed, chunk)
            try:
                spool.write(chunk)
            except OSError as e:
                _fail(f"{label}: cannot spool to a temporary file: {e.strerror or e}")
            finally:
                scoring.result()  # the buffer is reused by the next read
    finally:
        if pool is not None:
            pool.shutdown(wait=True)
    return scorer.close()


def _copy_range(src: IO[bytes], base: int, start: int, end: int, label: str, out: IO[bytes]) -> None:
    try:
        src.seek(base + start)
    except OSError as e:
        _fail(f"{label}: cannot seek back for pass two: {e.strerror or e}")
    remaining = end - start
    while remaining > 0:
        try:
            data = src.read(min(CHUNK, remaining))
        except OSError as e:
            _fail(f"{label}: {e.strerror or e}")
        if not data:
            _fail(f"{label}: the input shrank between the two passes")
        out.write(data)
        remaining -= len(data)


def _read_range(src: IO[bytes], base: int, start: int, end: int, label: str) -> bytes:
    buf = io.BytesIO()
    _copy_range(src, base, start, end, label, buf)
    return buf.getvalue()


def run(args: argparse.Namespace, out: IO[bytes], err: IO[str]) -> int:
    """Both passes and the report; raises _InputError for unreadable input."""
    fmt = "text" if args.text else args.format
    label = _label(args.file)
    if fmt != "html":
        _require_exporter(fmt)  # before reading anything
    with _open_input(args.file) as f:
        base = _seekable_base(f)
        with contextlib.ExitStack() as stack:
            spool: IO[bytes] | None = None
            if base is None:
                try:
                    # Anonymous where the OS allows (O_TMPFILE), else unlinked at once: it cannot
                    # outlive the process, whatever ends it.
                    spool = stack.enter_context(tempfile.TemporaryFile(prefix="article-"))
                except OSError as e:
                    _fail(f"{label}: cannot create a temporary file to spool to: {e.strerror or e}")
            result = _pass_one(f, label, spool)
            source: IO[bytes] = spool if spool is not None else f
            src_base = 0 if spool is not None else (base or 0)
            if result.tag is not None:
                if fmt == "html":
                    _copy_range(source, src_base, result.start, result.end, label, out)
                else:
                    markup = _read_range(source, src_base, result.start, result.end, label)
                    text = render(markup, result.encoding, fmt, extraction_from_args(args), args.base_url)
                    out.write(text.encode("utf-8"))
                out.flush()
    if args.json:
        err.write(json.dumps(result.as_dict(), ensure_ascii=False) + "\n")
    elif not args.quiet:
        err.write(format_report(result))
    err.flush()
    return EXIT_OK if result.tag is not None else EXIT_NOTHING


def _drop_stdout() -> None:
    """Point stdout at /dev/null so that the exit-time flush of unwritable output is silent."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise _Terminated()


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``article`` console script; returns the exit status."""
    args = _parser().parse_args(argv)
    if sys.stdout is None:  # started with stdout closed (>&-): nowhere to write the article
        sys.stderr.write("article: standard output is closed\n")
        return EXIT_USAGE
    previous: Any = None
    with contextlib.suppress(ValueError):  # not the main thread: leave signals alone
        previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        return run(args, sys.stdout.buffer, sys.stderr)
    except _InputError as e:
        sys.stderr.write(f"article: {e}\n")
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader went away (article page.html | head): not an error of ours.
        _drop_stdout()
        return EXIT_OK
    except OSError as e:
        # Input errors are _InputError by now; what is left is writing the output (a full disk).
        _drop_stdout()
        sys.stderr.write(f"article: cannot write the output: {e.strerror or e}\n")
        return EXIT_USAGE
    except MemoryError:
        sys.stderr.write("article: out of memory\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        sys.stderr.write("article: interrupted\n")
        return 128 + signal.SIGINT
    except _Terminated:
        sys.stderr.write("article: terminated\n")
        return 128 + signal.SIGTERM
    finally:
        if previous is not None:
            with contextlib.suppress(ValueError):
                signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":
    sys.exit(main())
