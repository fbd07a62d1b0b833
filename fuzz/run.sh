#!/usr/bin/env bash
# Run every harness for SECONDS each (default 60) on its seed corpus; stops at the first crash.
# Prints executions, coverage and crashes per harness.
#   fuzz/run.sh 600          # a long run
#   fuzz/run.sh 5            # the CI smoke run
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
secs=${1:-60}
out="$here/out"
"$here/build.sh" "$out/bin" >/dev/null
[ -d "$out/seeds" ] || python3 "$here/make_seeds.py" "$out/seeds"
status=0
for bin in "$out"/bin/*_fuzz; do
  name=$(basename "$bin")
  corpus="$out/corpus/$name"
  mkdir -p "$corpus" "$out/crashes/$name"
  log="$out/$name.log"
  if ! ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 "$bin" "$corpus" "$out/seeds" \
      -max_total_time="$secs" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
      -dict="$here/html.dict" -artifact_prefix="$out/crashes/$name/" -print_final_stats=1 >"$log" 2>&1; then
    status=1
    echo "$name: FAILED (see $log)"
  fi
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo '?')
  crashes=$(find "$out/crashes/$name" -type f | wc -l)
  echo "$name: ${secs}s, $execs executions, coverage $cov edges, $crashes crashes"
done
exit $status
