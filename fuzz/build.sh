#!/usr/bin/env bash
# Build every libFuzzer harness in fuzz/ against the C core, with AddressSanitizer and
# UndefinedBehaviorSanitizer (LeakSanitizer comes with ASan). Needs clang with libFuzzer:
#   apt-get install -y clang
# Usage: fuzz/build.sh [OUTDIR]     (default fuzz/out/bin)
#        NO_TRACE_CMP=1 fuzz/build.sh fuzz/out/bin-nocmp   (without comparison tracing, see below)
# Harnesses are found by glob (fuzz/*_fuzz.c): a new harness needs no change here.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
core="$here/../src/distill/_core"
out=${1:-"$here/out/bin"}
mkdir -p "$out"
CC=${CC:-clang}
command -v "$CC" >/dev/null || { echo "fuzz/build.sh: $CC not found (apt-get install -y clang)" >&2; exit 77; }
# The core without its Python-facing files: harnesses call the C API directly. Every file that
# includes Python.h lives in binding/ (tests/quality/test_check_deps.py holds it there); the grep is a
# second guard, and the link step names any symbol that would be missing.
mapfile -t sources < <(find "$core" -name '*.c' ! -name 'py_*.c' ! -name 'module.c' ! -path '*/binding/*' \
                         -exec grep -L '#include <Python.h>' {} + | sort)
flags=(-std=c11 -Wall -Wextra -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined
       -fno-sanitize-recover=undefined -I "$core")
# Compile the core once (without -fsanitize=fuzzer's main: -fsanitize=fuzzer-no-link) into a static
# archive, then link each harness against it: only the objects a harness needs are pulled in.
obj="$out/../obj"
# NO_TRACE_CMP=1 leaves out the comparison tracing that -fsanitize=fuzzer adds: on the extraction
# harness it is more than half of each execution's time (measured: 1,500 corpus inputs in 3.0 s
# with it, 1.2 s without). Edge coverage and the dictionary still guide the fuzzer; what is lost is
# solving comparisons against constants the dictionary lacks. For long runs over a grown corpus.
if [ "${NO_TRACE_CMP:-0}" = 1 ]; then
  flags+=(-fno-sanitize-coverage=trace-cmp)
  obj="$out/../obj-nocmp"
fi
mkdir -p "$obj"
objects=()
for src in "${sources[@]}"; do
  o="$obj/$(echo "${src#"$core"/}" | tr / _).o"
  objects+=("$o")
  # Rebuild only what changed (a source or any header of the core newer than its object).
  if [ -f "$o" ] && [ "$o" -nt "$src" ] && [ -z "$(find "$core" -name '*.h' -newer "$o" -print -quit)" ]; then
    continue
  fi
  "$CC" "${flags[@]/-fsanitize=fuzzer,address,undefined/-fsanitize=fuzzer-no-link,address,undefined}" -c "$src" -o "$o"
done
lib="$obj/libdistill_core.a"
rm -f "$lib"
ar rcs "$lib" "${objects[@]}"
# Every fuzz/*_fuzz.c is a harness; each is built twice: NAME (the fuzzer's bytes are the input) and
# NAME_large (the bytes are a recipe for a page of up to 4 MB, see large_main.c).
for harness in "$here"/*_fuzz.c; do
  name=$(basename "$harness" .c)
  "$CC" "${flags[@]}" "$harness" "$lib" -o "$out/$name"
  "$CC" "${flags[@]/-fsanitize=fuzzer,address,undefined/-fsanitize=fuzzer-no-link,address,undefined}" \
    -DLLVMFuzzerTestOneInput=dl_fuzz_harness -c "$harness" -o "$obj/${name}_large.o"
  "$CC" "${flags[@]}" "$obj/${name}_large.o" "$here/large_main.c" "$lib" -o "$out/${name}_large"
  echo "built $out/$name $out/${name}_large"
done
