#!/usr/bin/env bash
# Run the harnesses for SECONDS each (default 60) on their seed corpus, one after another (one core),
# at low priority. Prints executions, coverage and crashes per harness; exits 1 if any crashed.
#   fuzz/run.sh 600                    # a long run of every harness
#   fuzz/run.sh 5                      # the CI smoke run
#   fuzz/run.sh 120 stream_fuzz        # some harnesses only
# Crash inputs land in fuzz/out/crashes/NAME/; replay one with: fuzz/out/bin/NAME FILE
# The growing corpus is kept in fuzz/out/corpus/NAME/ between runs; fuzz/regressions/NAME/ holds inputs
# that crashed it once (copy a fixed crash there so that it is replayed by every run and by CI).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
secs=${1:-60}
shift || true
out="$here/out"
"$here/build.sh" "$out/bin" >/dev/null
[ -d "$out/seeds" ] || python3 "$here/make_seeds.py" "$out/seeds" >/dev/null
if [ $# -gt 0 ]; then names=("$@"); else names=(); for b in "$out"/bin/*_fuzz; do names+=("$(basename "$b")"); done; fi
status=0
for name in "${names[@]}"; do
  bin="$out/bin/$name"
  corpus="$out/corpus/$name"
  mkdir -p "$corpus" "$out/crashes/$name"
  log="$out/$name.log"
  before=$(find "$out/crashes/$name" -type f | wc -l)
  # detect_leaks: LeakSanitizer checks every input; allocator_may_return_null lets the core's own
  # out-of-memory paths run instead of aborting inside malloc.
  # Inputs that once crashed a harness (fixed since) stay in its corpus as regression seeds.
  extra=()
  [ -d "$here/regressions/$name" ] && extra=("$here/regressions/$name")
  if ! ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 nice -n 10 "$bin" "$corpus" "$out/seeds" "${extra[@]}" \
      -max_total_time="$secs" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
      -dict="$here/html.dict" -artifact_prefix="$out/crashes/$name/" -print_final_stats=1 >"$log" 2>&1; then
    status=1
    echo "$name: FAILED (see $log)"
  fi
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo '?')
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo '?')
  crashes=$(( $(find "$out/crashes/$name" -type f | wc -l) - before ))
  echo "$name: ${secs}s, $execs executions, coverage $cov edges ($ft features), $crashes new crashes"
done
exit $status
