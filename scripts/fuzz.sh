#!/usr/bin/env bash
# Builds the libFuzzer harnesses (preset `fuzz`: clang, ASan + UBSan) and runs each for a while.
# Usage: scripts/fuzz.sh [--seconds N] [--keep-going] [--no-build] [TARGET...]
#   TARGET: a harness name (index_set, worklist, jsonl, manifests, decode, reconcile_input,
#   kubeconfig, http_request, json_patch, selectors, pod_log_query, job_scope, nesting,
#   proto_request, cron_schedule, json_watch; default: all of them, one after the other).
# Each run starts from the seeds (tests/fuzz/corpus/T, tests/fuzz/regressions/T, some tests/data) and
# keeps what it learns in build/fuzz/corpus/T. A crash, a hang (-timeout) or running out of memory
# (-rss_limit_mb) leaves its reproducer in build/fuzz/crashes/T/ and makes the script exit 1:
# copy it to tests/fuzz/regressions/T/ once fixed, and ctest replays it in every build.
# --keep-going (long runs): libFuzzer's fork mode, which records every finding and goes on
# fuzzing (counts of crashes/timeouts/ooms are printed); the exit status is still 1 on a finding.
# Reproduce one: build/fuzz/tests/fuzz/fuzz_T build/fuzz/crashes/T/crash-...
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
build=1
keep_going=0
targets=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --seconds) seconds=${2:?--seconds needs a number}; shift 2 ;;
    --seconds=*) seconds=${1#--seconds=}; shift ;;
    --no-build) build=0; shift ;;
    --keep-going) keep_going=1; shift ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "fuzz.sh: --seconds: expected a whole number, got '$seconds'" >&2; exit 2; }
if [[ ${#targets[@]} -eq 0 ]]; then
  for f in tests/fuzz/fuzz_*.cpp; do t=${f##*/fuzz_}; targets+=("${t%.cpp}"); done
fi
for t in "${targets[@]}"; do
  [[ -f tests/fuzz/fuzz_$t.cpp ]] || { echo "fuzz.sh: no harness '$t' (tests/fuzz/fuzz_$t.cpp)" >&2; exit 2; }
done

if [[ $build -eq 1 ]]; then
  command -v clang++ >/dev/null || { echo "fuzz.sh: clang++ not found (scripts/deps.sh installs clang)" >&2; exit 1; }
  ./scripts/build.sh fuzz --target "${targets[@]/#/fuzz_}"
fi

# Leaks are checked (a parser that leaks per input is a bug); UBSan findings abort like crashes.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export QT_QPA_PLATFORM=offscreen

failed=()
for t in "${targets[@]}"; do
  bin=build/fuzz/tests/fuzz/fuzz_$t
  work=build/fuzz/corpus/$t
  crashes=build/fuzz/crashes/$t
  log=build/fuzz/logs/$t.log
  mkdir -p "$work" "$crashes" "$(dirname "$log")"
  seeds=(tests/fuzz/corpus/"$t")
  # The test data (Jobs, Pods, lists, manifests) seeds the harnesses that read such documents.
  case "$t" in decode|manifests|reconcile_input|json_patch) seeds+=(tests/data) ;; esac
  [[ -d tests/fuzz/regressions/$t ]] && seeds+=(tests/fuzz/regressions/"$t")
  dict=()
  case "$t" in
    http_request) dict=(-dict=tests/fuzz/dict/http_request.dict) ;;
    manifests|worklist|kubeconfig) dict=(-dict=tests/fuzz/dict/yaml.dict) ;;
    selectors|job_scope) dict=(-dict=tests/fuzz/dict/selectors.dict) ;;
    nesting) dict=(-dict=tests/fuzz/dict/nesting.dict) ;;
    cron_schedule) dict=(-dict=tests/fuzz/dict/cron_schedule.dict) ;;
  esac
  echo "== fuzz: $t for ${seconds}s (log: $log)"
  status=0
  mode=()
  [[ $keep_going -eq 1 ]] && mode=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  # -timeout: one input running 10 s is a hang; -rss_limit_mb: 2 GB is a memory bomb (yaml-cpp
  # 0.7 loops on some inputs: both make it a finding instead of a stuck or killed run).
  "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
    -print_final_stats=1 -artifact_prefix="$crashes/" "${mode[@]}" "${dict[@]}" "$work" "${seeds[@]}" \
    >"$log" 2>&1 || status=$?
  last=$(grep -E '^#[0-9]+.*(cov|ft):' "$log" | tail -1 || true)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  corp=$(sed -n 's/.* corp: \([0-9]*\(\/[0-9a-zA-Z]*\)\{0,1\}\).*/\1/p' <<<"$last")
  if [[ $keep_going -eq 1 ]]; then
    # Fork mode: "#N: cov: C ft: F corp: K exec/s R oom/timeout/crash: a/b/c time: Ts ..."
    execs=$(sed -n 's/^#\([0-9]*\):.*/\1/p' <<<"$last")
    rate=$(sed -n 's/.* exec\/s \([0-9]*\).*/\1/p' <<<"$last")
    findings=$(sed -n 's/.* oom\/timeout\/crash: \([0-9]*\/[0-9]*\/[0-9]*\).*/\1/p' <<<"$last")
    if [[ -n $findings && $findings != 0/0/0 ]]; then
      echo "   $t: FOUND (oom/timeout/crash ${findings}) in ${execs:-?} executions (${rate:-?}/s), cov ${cov:-?}, features ${ft:-?}, corpus ${corp:-?}; reproducers in $crashes/"
      failed+=("$t")
    else
      echo "   $t: clean: ${execs:-?} executions (${rate:-?}/s), cov ${cov:-?}, features ${ft:-?}, corpus ${corp:-?}"
    fi
    continue
  fi
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  if [[ $status -ne 0 ]]; then
    artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
    grep -E 'ERROR: (AddressSanitizer|libFuzzer|LeakSanitizer)|runtime error:|fuzz invariant broken|ALARM' "$log" | head -3 || true
    echo "   $t: FOUND after ${execs:-?} executions: ${artifact:-see $log} (exit $status)"
    failed+=("$t")
  else
    echo "   $t: clean: ${execs:-?} executions (${rate:-?}/s), cov ${cov:-?}, features ${ft:-?}, corpus ${corp:-?}"
  fi
done

if [[ ${#failed[@]} -gt 0 ]]; then
  echo "== fuzz: findings in: ${failed[*]} (reproducers in build/fuzz/crashes/)"
  exit 1
fi
echo "== fuzz: ${#targets[@]} harness(es) clean"
