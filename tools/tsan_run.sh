#!/usr/bin/env bash
# Run the thread tests against a copy of the core built with ThreadSanitizer.
#
#   tools/tsan_run.sh                                   # tests/robustness/test_thread_stress.py and tests/robustness/test_threads.py
#   tools/tsan_run.sh tests/robustness/test_thread_stress.py -x    # any pytest arguments
#
# How, and what it can and cannot see: DISTILL_SANITIZE=thread (setup.py) builds the extension with
# -fsanitize=thread into build/tsan/; the package's Python files are copied beside it. CPython itself is
# not instrumented, so the TSan runtime is preloaded (LD_PRELOAD=libtsan.so). TSan intercepts the
# pthread mutexes and condition variables the GIL is made of, so the hand-offs of the GIL are seen as
# synchronization: a race reported is between two accesses in the core's instrumented C code that no
# lock orders (e.g. two threads in GIL-released parses touching shared state, or a GIL-released read of a
# tree racing a write under the GIL). Accesses inside the uninstrumented interpreter (reference counts,
# object internals) are invisible to it: races there are CPython's to find. ASLR is turned off for the
# run (setarch -R) because TSan's fixed shadow-memory layout rejects the high-entropy mappings of recent
# kernels ("unexpected memory mapping"). Any TSan report fails the run (exit status 1).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
out="$repo/build/tsan"
CC=${CC:-gcc}
tsan=$("$CC" -print-file-name=libtsan.so)
[ -f "$tsan" ] || { echo "tools/tsan_run.sh: no libtsan.so for $CC (apt-get install -y libtsan2)" >&2; exit 77; }
cd "$repo"
rm -rf "$out/pkg"
mkdir -p "$out/pkg"
DISTILL_SANITIZE=thread CC="$CC" nice -n 10 python setup.py -q build_ext \
    --build-lib "$out/lib" --build-temp "$out/temp" >"$out/build.log" 2>&1 \
    || { tail -30 "$out/build.log"; exit 1; }
(cd src && find distill \( -name "*.py" -o -name "*.pyi" -o -name py.typed \) -exec cp --parents {} "$out/pkg" \;)
cp "$out"/lib/distill/_core*.so "$out/pkg/distill/"
log="$out/pytest.log"
[ $# -gt 0 ] || set -- tests/robustness/test_thread_stress.py tests/robustness/test_threads.py
norandom=()
command -v setarch >/dev/null && setarch "$(uname -m)" -R true 2>/dev/null && norandom=(setarch "$(uname -m)" -R)
# Some interpreter builds do not start under a preloaded TSan runtime at all (pyenv's 3.11 here dies
# with a call through a null pointer in main before any Python code runs, while Debian's
# /usr/bin/python3.11 starts fine). Use the first of python, then the system python of the same
# version, that starts under TSan; the test dependencies (pytest, hypothesis) come from the first
# one's site-packages, which suits any build of the same major.minor version.
site=$(python -c 'import site; print(site.getsitepackages()[0])')
ver=$(python -c 'import sys; print("%d.%d" % sys.version_info[:2])')
py=
for cand in python "/usr/bin/python$ver"; do
  if command -v "$cand" >/dev/null && (LD_PRELOAD="$tsan" "${norandom[@]}" "$cand" -c pass) >/dev/null 2>&1; then
    py=$cand
    break
  fi
done
[ -n "$py" ] || { echo "tools/tsan_run.sh: no Python $ver interpreter starts under libtsan" >&2; exit 77; }
echo "tools/tsan_run.sh: running under $py" >&2
set +e
LD_PRELOAD="$tsan" TSAN_OPTIONS="halt_on_error=0:second_deadlock_stack=1:report_signal_unsafe=0" \
PYTHONPATH="$out/pkg:$site" nice -n 10 "${norandom[@]}" "$py" -m pytest -q -p no:cacheprovider \
    "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
if grep -q 'WARNING: ThreadSanitizer' "$log"; then
  echo "tools/tsan_run.sh: ThreadSanitizer reports in $log" >&2
  exit 1
fi
exit "$status"
