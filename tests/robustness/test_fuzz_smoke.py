"""CI smoke run of the libFuzzer harnesses: build them (fuzz/build.sh), replay every regression input,
then fuzz each for a few seconds from a small sample of the seed corpus. A crash, a sanitizer report
or a leak fails the test with the harness's log. Skips with the reason when clang with libFuzzer is
not installed. The long runs are fuzz/run.sh's (see fuzz/README.md)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from conftest import REPO, SHARED

FUZZ = REPO / "fuzz"
SECONDS = int(os.environ.get("DISTILL_FUZZ_SMOKE_SECONDS", "3"))
OUT = FUZZ / "out"


def _libfuzzer_works() -> str | None:
    """None when clang can build a libFuzzer binary here, else why not."""
    cc = os.environ.get("CC", "clang")
    if shutil.which(cc) is None:
        return f"{cc} is not installed (apt-get install -y clang)"
    with tempfile.TemporaryDirectory() as d:
        src = Path(d) / "probe.c"
        src.write_text("#include <stddef.h>\n#include <stdint.h>\n"
                       "int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n")
        r = subprocess.run([cc, "-fsanitize=fuzzer,address,undefined", str(src), "-o", str(Path(d) / "probe")],
                           capture_output=True, text=True, check=False)
        if r.returncode != 0:
            return f"{cc} cannot link a libFuzzer harness: {r.stderr.strip()[-300:]}"
    return None


@pytest.fixture(scope="module")
def harnesses() -> list[Path]:
    why = _libfuzzer_works()
    if why:
        pytest.skip(why)
    r = subprocess.run(["bash", str(FUZZ / "build.sh"), str(OUT / "bin")], capture_output=True, text=True,
                       check=False, timeout=900)
    assert r.returncode == 0, r.stderr[-3000:]
    bins = sorted((OUT / "bin").glob("*_fuzz"))
    expected = {p.stem for p in FUZZ.glob("*_fuzz.c")}
    assert {b.name for b in bins} >= expected
    return [b for b in bins if b.name in expected]


@pytest.fixture(scope="module")
def seeds(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("seeds")
    if (SHARED / "corpus").exists():
        subprocess.run([sys.executable, str(FUZZ / "make_seeds.py"), str(out), "200"], check=True,
                       capture_output=True)
    else:  # without the shared corpus: a few pages of our own so that the fuzzer starts from HTML
        for i, page in enumerate(["\x00<!DOCTYPE html><p>a<b>b</p>c", "\x01<table><tr><td>x<svg><p>",
                                  "\x02<div><p>" + "word " * 40 + "</p></div><!-- c -->"]):
            (out / f"seed{i}").write_bytes(page.encode())
    return out


def _run(binary: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1")
    return subprocess.run([str(binary), *args], capture_output=True, text=True, env=env, check=False,
                          timeout=SECONDS + 600)


def test_harnesses_replay_their_regressions_and_survive_a_short_run(harnesses: list[Path], seeds: Path,
                                                                    tmp_path: Path) -> None:
    failures = []
    for binary in harnesses:
        regressions = FUZZ / "regressions" / binary.name
        if regressions.is_dir():
            files = sorted(str(p) for p in regressions.iterdir())
            r = _run(binary, *files)
            if r.returncode != 0:
                failures.append(f"{binary.name} on its regressions:\n{r.stderr[-2000:]}")
        corpus = tmp_path / binary.name
        corpus.mkdir()
        r = _run(binary, str(corpus), str(seeds), f"-max_total_time={SECONDS}", "-max_len=16384",
                 "-timeout=10", "-rss_limit_mb=2048", f"-dict={FUZZ / 'html.dict'}",
                 f"-artifact_prefix={tmp_path}/", "-print_final_stats=1")
        if r.returncode != 0:
            failures.append(f"{binary.name}:\n{r.stderr[-3000:]}")
        else:
            assert "stat::number_of_executed_units" in r.stderr
    assert not failures, "\n\n".join(failures)


def test_large_mode_replays_its_regressions_within_the_timeout(harnesses: list[Path]) -> None:
    """Every harness's large mode (NAME_large, a recipe for a page of up to 4 MB) runs each input of
    fuzz/regressions/large/ (shapes that were once quadratic) inside a timeout a quadratic step
    overruns: 60 s under the sanitizers where the fixed code takes about 2 s."""
    files = sorted(str(p) for p in (FUZZ / "regressions" / "large").iterdir())
    assert files
    failures = []
    for binary in harnesses:
        large = binary.with_name(binary.name + "_large")
        assert large.exists(), f"build.sh did not build {large.name}"
        r = _run(large, "-timeout=60", "-rss_limit_mb=3072", *files)
        if r.returncode != 0:
            failures.append(f"{large.name}:\n{r.stderr[-2000:]}")
    assert not failures, "\n\n".join(failures)
