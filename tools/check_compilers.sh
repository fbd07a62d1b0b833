#!/usr/bin/env bash
# Does the C core build, warning-free, with the compilers its wheels are built with, and run where it is
# cross-compiled? What this machine can check of the platforms in pyproject.toml's [tool.cibuildwheel]:
#
#   gcc     the pure C library (`make lib`: -Wall -Wextra -Werror, and -Wvla: MSVC has no VLAs), the whole
#           extension through setup.py, and the API, tree and serializer tests against that build
#   clang   the same (macOS builds with clang)
#   aarch64 Debian's cross compiler (aarch64-linux-gnu-gcc): the pure C library with -Werror, the binding
#           layer checked against this Python's headers, then the libFuzzer harnesses linked statically
#           with tools/fuzz_replay_main.c and replayed on fuzz/corpus and fuzz/regressions under qemu-aarch64: the non-SSE2
#           code paths run, and every harness's invariants are checked on every corpus input
#   mingw   x86_64-w64-mingw32-gcc: the pure C library with -Werror against Windows' C headers and its
#           LLP64 model (long is 32 bits); and, for MSVC, which is not available here, every C file
#           preprocessed as a compiler that is neither GCC nor clang and has no SSE2 macro sees it: no
#           GCC builtin, attribute or SSE2 intrinsic may be left (docs/platforms.md).
#
# Usage: tools/check_compilers.sh [gcc|clang|aarch64|mingw ...]   (default: all four)
# Needs: apt-get install -y clang gcc-aarch64-linux-gnu qemu-user gcc-mingw-w64-x86-64
# A compiler that is not installed is reported as skipped, and the exit status is 1 if any check failed.
set -uo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
jobs=$(nproc 2>/dev/null || echo 2)

say() { printf '%s\n' "$*"; }
check() {  # check NAME COMMAND...: run, report ok/FAILED with the command's tail
  local name=$1; shift
  if "$@" >"$work/log" 2>&1; then
    say "ok      $name"
  else
    say "FAILED  $name"; tail -20 "$work/log" | sed 's/^/        /'; failed=1
  fi
}
have() {
  if command -v "$1" >/dev/null 2>&1; then return 0; fi
  say "skipped $2 ($1 is not installed)"; return 1
}

purec() {  # purec CC DIR: the pure C library, -Werror -Wvla
  make -s -j"$jobs" lib CC="$1" PUREC="$work/$2" EXTRA_CFLAGS=-Wvla
}

extension() {  # extension CC: setup.py's build with that compiler, then a part of the suite against it
  local out="$work/ext-$1"
  CC=$1 "$PYTHON" setup.py -q build_ext --build-lib "$out/lib" --build-temp "$out/tmp" &&
    ! grep -q "warning:" "$work/log" &&
    cp -r src/distill/*.py src/distill/*.pyi src/distill/py.typed src/distill/cli src/distill/integrations "$out/lib/distill/" &&
    PYTHONPATH="$out/lib" "$PYTHON" -m pytest -q -p no:cacheprovider -x tests/api tests/tree tests/serialize
}

binding_syntax() {  # the files that include Python.h, for aarch64, against this Python's headers
  local inc; inc=$("$PYTHON" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
  for f in src/distill/_core/binding/*.c src/distill/_core/module.c; do
    aarch64-linux-gnu-gcc -std=c11 -fsyntax-only -Wall -Wextra -Werror -Wno-unused-parameter \
      -Wno-missing-field-initializers -Isrc/distill/_core -I"$inc" "$f" || return 1
  done
}

msvc_guards() {  # no GCC extension outside a __GNUC__/__clang__ (or __SSE2__) guard
  local f left=0
  for f in $(find src/distill/_core -name '*.c'); do
    if gcc -std=c11 -E -U__GNUC__ -U__clang__ -U__SSE2__ -Isrc/distill/_core \
         -I"$("$PYTHON" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')" "$f" 2>/dev/null |
       awk '/^# [0-9]+ "/ {file = $3; next} file ~ /src\/distill\/_core/ {print file ": " $0}' |
       grep -E '__builtin_[a-z]|__attribute__|_mm_' | grep -v '__builtin_offsetof'; then
      left=1
    fi
  done
  return $left
}

replay_aarch64() {  # every harness, static for aarch64, over its corpus under qemu
  local lib="$work/aarch64/libdistill_core.a" bin="$work/aarch64-bin" h name inputs
  mkdir -p "$bin"
  for h in fuzz/*_fuzz.c; do
    name=$(basename "$h" .c)
    aarch64-linux-gnu-gcc -std=c11 -O1 -static -Isrc/distill/_core -Ifuzz "$h" tools/fuzz_replay_main.c "$lib" -lm \
      -o "$bin/$name" || return 1
    inputs=()
    for f in fuzz/corpus/"$name"/* fuzz/regressions/"$name"/*; do [ -f "$f" ] && inputs+=("$f"); done
    [ ${#inputs[@]} -gt 0 ] || continue
    printf '%s: ' "$name"
    printf '%s\0' "${inputs[@]}" | xargs -0 qemu-aarch64 "$bin/$name" | awk '{n += $1} END {print n " inputs"}' || return 1
  done
}

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(gcc clang aarch64 mingw)
for t in "${targets[@]}"; do
  case $t in
    gcc|clang)
      if have "$t" "$t"; then
        check "$t: pure C library (make lib, -Werror -Wvla)" purec "$t" "purec-$t"
        check "$t: the extension (setup.py, no warning) and tests/api, tree, serialize against it" extension "$t"
      fi ;;
    aarch64)
      if have aarch64-linux-gnu-gcc "aarch64 (gcc-aarch64-linux-gnu)"; then
        check "aarch64: pure C library (make lib, -Werror -Wvla)" purec aarch64-linux-gnu-gcc aarch64
        check "aarch64: binding layer against Python's headers (-fsyntax-only, -Werror)" binding_syntax
        if have qemu-aarch64 "aarch64 replay (qemu-user)"; then
          check "aarch64: fuzz harnesses replayed on fuzz/corpus and fuzz/regressions under qemu-aarch64" replay_aarch64
          sed 's/^/        /' "$work/log"
        fi
      fi ;;
    mingw)
      if have x86_64-w64-mingw32-gcc "mingw (gcc-mingw-w64-x86-64)"; then
        check "mingw-w64: pure C library for Windows (make lib, -Werror -Wvla)" purec x86_64-w64-mingw32-gcc mingw
      fi
      check "msvc: no GCC builtin, attribute or SSE2 intrinsic outside its guard (every C file)" msvc_guards ;;
    *) say "unknown target $t (gcc, clang, aarch64, mingw)"; exit 2 ;;
  esac
done
exit $failed
