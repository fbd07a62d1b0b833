#!/usr/bin/env bash
# Run the test suite against a copy of the core built with AddressSanitizer and UndefinedBehaviorSanitizer.
#
#   tools/sanitize_run.sh                          # the whole suite
#   tools/sanitize_run.sh tests/robustness/test_limits.py -x  # any pytest arguments
#
# How: DISTILL_SANITIZE=address,undefined (setup.py) builds the extension with -fsanitize=... into
# build/sanitize/, out of the way of the normal in-place build; the package's Python files are copied
# beside it and the suite runs on that copy. CPython itself is not instrumented, so the ASan runtime
# must be loaded first (LD_PRELOAD=libasan.so, or it refuses to start), PYTHONMALLOC=malloc routes
# Python's own allocations through ASan too (so an overrun into a Python object is caught), and
# detect_leaks=0 because an uninstrumented interpreter leaves its own allocations at exit; leaks of
# the core are checked by LeakSanitizer under the fuzz harnesses (fuzz/run.sh) and by tests/robustness/test_leaks.py.
# UBSan reports do not stop the process by default, so the log is scanned for them: any ASan or UBSan
# report fails the run (exit status 1).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
out="$repo/build/sanitize"
CC=${CC:-gcc}
asan=$("$CC" -print-file-name=libasan.so)
[ -f "$asan" ] || { echo "tools/sanitize_run.sh: no libasan.so for $CC (apt-get install -y libasan8 or gcc)" >&2; exit 77; }
cd "$repo"
rm -rf "$out/pkg"
mkdir -p "$out/pkg"
DISTILL_SANITIZE=address,undefined CC="$CC" nice -n 10 python setup.py -q build_ext \
    --build-lib "$out/lib" --build-temp "$out/temp" >"$out/build.log" 2>&1 \
    || { tail -30 "$out/build.log"; exit 1; }
# The package's Python files beside the instrumented extension.
(cd src && find distill \( -name "*.py" -o -name "*.pyi" -o -name py.typed \) -exec cp --parents {} "$out/pkg" \;)
cp "$out"/lib/distill/_core*.so "$out/pkg/distill/"
log="$out/pytest.log"
set +e
# DISTILL_SANITIZER_RUN: tests/robustness/test_leaks.py skips, since ASan's quarantine of freed memory makes
# resident memory rise and fall by hundreds of MB whatever the code does.
DISTILL_SANITIZER_RUN=1 LD_PRELOAD="$asan" PYTHONMALLOC=malloc \
ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:allocator_may_return_null=1:strict_string_checks=1 \
UBSAN_OPTIONS=print_stacktrace=1 \
PYTHONPATH="$out/pkg" nice -n 10 python -m pytest -q -p no:cacheprovider "${@:-tests}" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
if grep -qE 'runtime error:|ERROR: AddressSanitizer|SUMMARY: UndefinedBehaviorSanitizer' "$log"; then
  echo "tools/sanitize_run.sh: sanitizer reports in $log" >&2
  exit 1
fi
exit "$status"
