"""SIGTERM and SIGHUP stop `distill extract -o FILE` as cleanly as Ctrl-C.

What `timeout`, Slurm and Kubernetes send: the command must leave no ``.part`` file, no worker,
forkserver or resource-tracker process holding the caller's pipes, and exit 128 + the signal's number.
Every process the command starts inherits a marker in its environment, by which the test finds any
that outlive it (and ends them, by their own process id, if the check fails).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "batch"))
from batch_helpers import command, env, page, write_warc  # noqa: E402


def _marked(marker: str) -> list[int]:
    """Process ids whose environment carries the marker."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as f:
                if marker.encode() in f.read():
                    found.append(int(entry))
        except OSError:
            continue
    return found


@pytest.fixture(scope="module")
def crawl(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A .warc.gz large enough to be split between worker processes and to take seconds."""
    pytest.importorskip("warcio")
    rnd = random.Random(9)
    words = [f"w{k}" for k in range(3000)]
    path = tmp_path_factory.mktemp("signals") / "crawl.warc.gz"
    write_warc(path, [(f"http://example.test/{i}", "text/html",
                       page(f"P{i}", " ".join(rnd.choice(words) for _ in range(1500)))) for i in range(1500)])
    return path


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="finds the command's processes in /proc")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_stops_the_command_cleanly(crawl: Path, tmp_path: Path, signum: int) -> None:
    out = tmp_path / "out.jsonl"
    marker = f"DISTILL_TEST_MARK={uuid.uuid4().hex}"
    e = env()
    e["DISTILL_TEST_MARK"] = marker.split("=", 1)[1]
    # The same file many times: far more work than can finish before the signal. A suite started in
    # the background by a shell without job control inherits SIGINT ignored: give the child the default.
    proc = subprocess.Popen([*command(), "extract", *[str(crawl)] * 40, "-o", str(out), "--jobs", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=e,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 20
        while len(_marked(marker)) < 3 and time.monotonic() < deadline:  # the command, its forkserver, workers
            time.sleep(0.1)
        time.sleep(0.5)
        assert proc.poll() is None, "the run finished before it could be stopped"
        proc.send_signal(signum)
        # communicate() returns only when every holder of the pipes has closed them: an orphan worker
        # would hold them for as long as it runs.
        _, err = proc.communicate(timeout=15)
        assert proc.returncode == 128 + signum, err
        assert b"Traceback" not in err and err.decode().strip().endswith(
            "interrupted" if signum == signal.SIGINT else f"stopped by {signal.Signals(signum).name}")
        assert not out.exists() and not [p for p in os.listdir(tmp_path) if p.endswith(".part")]
        deadline = time.monotonic() + 5
        while _marked(marker) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _marked(marker) == []
    finally:
        for pid in _marked(marker):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_the_records_written_before_a_signal_are_not_half_a_file(tmp_path: Path) -> None:
    # With -o, a stopped run keeps the old file whole: the output appears only complete.
    src = tmp_path / "pages.jsonl"
    with src.open("w") as f:
        for i in range(3000):
            f.write(json.dumps({"url": f"u{i}", "html": page(f"P{i}", "word " * 300).decode()}) + "\n")
    out = tmp_path / "out.jsonl"
    out.write_text("old\n")
    proc = subprocess.Popen([*command(), "extract", *[str(src)] * 200, "-o", str(out), "--jobs", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env())
    time.sleep(1.5)
    assert proc.poll() is None
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=15)
    assert proc.returncode == 143, err
    assert out.read_text() == "old\n"
    assert sorted(os.listdir(tmp_path)) == ["out.jsonl", "pages.jsonl"]
