#!/usr/bin/env bash
# Build every libFuzzer harness in fuzz/ against the C core, with AddressSanitizer and
# UndefinedBehaviorSanitizer (LeakSanitizer comes with ASan). Needs clang with libFuzzer:
#   apt-get install -y clang
# Usage: fuzz/build.sh [OUTDIR]     (default fuzz/out/bin)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
core="$here/../src/distill/_core"
out=${1:-"$here/out/bin"}
mkdir -p "$out"
CC=${CC:-clang}
command -v "$CC" >/dev/null || { echo "fuzz/build.sh: $CC not found (apt-get install -y clang)" >&2; exit 77; }
# The core without its Python-facing files: harnesses call the C API directly.
mapfile -t sources < <(find "$core" -name '*.c' ! -name 'py_*.c' ! -name 'module.c' ! -path '*/binding/*' | sort)
flags=(-std=c11 -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined
       -fno-sanitize-recover=undefined -I "$core")
# Compile the core once (without -fsanitize=fuzzer's main: -fsanitize=fuzzer-no-link), then link each
# harness against those objects.
obj="$out/../obj"
mkdir -p "$obj"
objects=()
for src in "${sources[@]}"; do
  o="$obj/$(echo "${src#"$core"/}" | tr / _).o"
  "$CC" "${flags[@]/-fsanitize=fuzzer,address,undefined/-fsanitize=fuzzer-no-link,address,undefined}" -c "$src" -o "$o"
  objects+=("$o")
done
for harness in "$here"/*_fuzz.c; do
  name=$(basename "$harness" .c)
  "$CC" "${flags[@]}" "$harness" "${objects[@]}" -o "$out/$name"
  echo "built $out/$name"
done
