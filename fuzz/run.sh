#!/usr/bin/env bash
# Run every harness (fuzz/*_fuzz.c, found by glob) for a TOTAL time shared equally, one after
# another (one core), at the lowest priority. Prints executions, coverage and findings per harness
# and in all; exits 1 if any harness found a crash, a leak, a timeout or an out-of-memory.
#   fuzz/run.sh 3600                     # an hour over all harnesses
#   fuzz/run.sh --large 3600             # the large-input mode: megabyte pages from short recipes
#   fuzz/run.sh 600 stream_fuzz          # some harnesses only
#   fuzz/run.sh --max-len 4096 3600      # shorter inputs: many more executions per second
#   fuzz/run.sh --runs 2000000 36000 tree_fuzz   # stop each harness after that many executions
#   fuzz/run.sh --no-trace-cmp 3600      # harnesses built without comparison tracing: 2-3x the
#                                        # executions on the slow harnesses (see build.sh)
# Seeds: fuzz/corpus/NAME/ (kept in the repository, small), fuzz/regressions/NAME/ (inputs that
# once failed, replayed by CI), and the generated fuzz/out/seeds/ (html5lib inputs and corpus pages).
# Dictionary: fuzz/dict/NAME.dict when there is one, else fuzz/html.dict. The corpus grown by a run
# is kept in fuzz/out/corpus/NAME/; findings land in fuzz/out/crashes/NAME/; replay one with
# fuzz/out/bin/NAME FILE. Large mode runs NAME_large (see large_main.c) with a 120 s timeout per
# input, so that a quadratic step on a 4 MB page counts as a finding (the timeout is wall-clock: at
# nice 19 on a loaded machine replay a timeout at normal priority before believing it; the fixed
# code takes at most about 2 s per 4 MB input under the sanitizers).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
large=0 normal_max_len=65536 runs=-1 bindir=bin nocmp=0
while [ $# -gt 0 ]; do
  case "$1" in
    --large) large=1; shift ;;
    --max-len) normal_max_len=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --no-trace-cmp) nocmp=1 bindir=bin-nocmp; shift ;;
    *) break ;;
  esac
done
total=${1:-600}
shift || true
out="$here/out"
# The build (sixteen sanitizer builds) runs at the same low priority as the fuzzers: it is batch work.
NO_TRACE_CMP=$nocmp nice -n 19 "$here/build.sh" "$out/$bindir" >/dev/null
[ -d "$out/seeds" ] || python3 "$here/make_seeds.py" "$out/seeds" >/dev/null
if [ $# -gt 0 ]; then names=("$@"); else
  names=(); for h in "$here"/*_fuzz.c; do names+=("$(basename "$h" .c)"); done
fi
secs=$(( total / ${#names[@]} )); [ "$secs" -ge 1 ] || secs=1
status=0 all_execs=0 all_findings=0
for name in "${names[@]}"; do
  run=$name max_len=$normal_max_len timeout=10 rss=2048
  seeds=("$out/seeds")
  if [ $large = 1 ]; then run=${name}_large max_len=8192 timeout=120 rss=3072 seeds=("$here/corpus/large"); fi
  bin="$out/$bindir/$run"
  corpus="$out/corpus/$run"
  mkdir -p "$corpus" "$out/crashes/$run"
  log="$out/$run.log"
  before=$(find "$out/crashes/$run" -type f | wc -l)
  started=$SECONDS
  dict="$here/dict/$name.dict"; [ -f "$dict" ] || dict="$here/html.dict"
  extra=()
  [ -d "$here/corpus/$name" ] && [ $large = 0 ] && extra+=("$here/corpus/$name")
  [ -d "$here/regressions/$name" ] && [ $large = 0 ] && extra+=("$here/regressions/$name")
  # detect_leaks: LeakSanitizer checks every input; allocator_may_return_null lets the core's own
  # out-of-memory paths run instead of aborting inside malloc.
  if ! ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 nice -n 19 "$bin" "$corpus" "${seeds[@]}" "${extra[@]}" \
      -max_total_time="$secs" -runs="$runs" -max_len="$max_len" -timeout="$timeout" -rss_limit_mb="$rss" -malloc_limit_mb="$rss" \
      -dict="$dict" -artifact_prefix="$out/crashes/$run/" -print_final_stats=1 >"$log" 2>&1; then
    status=1
    echo "$run: FAILED (see $log)"
  fi
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo '?')
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo '?')
  findings=$(( $(find "$out/crashes/$run" -type f | wc -l) - before ))
  all_execs=$(( all_execs + execs )) all_findings=$(( all_findings + findings ))
  echo "$run: $(( SECONDS - started ))s, $execs executions, coverage $cov edges ($ft features), $findings new findings"
done
echo "all: ${#names[@]} harnesses, $all_execs executions, $all_findings new findings"
exit $status
