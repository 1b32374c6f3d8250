#!/usr/bin/env bash
# Soak test (not in CI; about 12 minutes): the window on a job of 100,000 indexes while
# `tessera serve` runs its pods fast enough for about 2,000 pod updates a second, for 10 minutes.
# Reports the longest GUI-thread stall (a 20 ms heartbeat timer's worst lateness) and the RSS,
# sampled every 10 s, and the pod watch event rate the server actually produced.
# Usage: scripts/soak.sh [SECONDS]           (default 600)
#   SOAK_INDEXES=100000 SOAK_PARALLELISM=2000 SOAK_POD_SECONDS=6 SOAK_FAIL_RATE=0.5 tune the load
#   (about 6 watch events per pod: created, scheduled, running, finished, finalizer removed,
#   garbage-collected). TESSERA_BUILD=build/release: the build tree to use (built if needed).
# Output: build/soak/<UTC time>/ (gui.log with the samples, serve.log, watch_events).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
indexes=${SOAK_INDEXES:-100000}
parallelism=${SOAK_PARALLELISM:-2000}
pod_seconds=${SOAK_POD_SECONDS:-6}
fail_rate=${SOAK_FAIL_RATE:-0.5}
build=${TESSERA_BUILD:-build/release}
preset=$(basename "$build")

if [[ ! -x $build/app/tessera || ! -x $build/tests/soak/tessera_gui_soak ]]; then
  ./scripts/build.sh "$preset" --target tessera tessera_gui_soak
fi
out=build/soak/$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$out"
home=$(mktemp -d)
export HOME=$home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_RUNTIME_DIR=$home/run
mkdir -m 700 "$XDG_RUNTIME_DIR"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$home"
}
trap cleanup EXIT

kc=$out/kubeconfig
"$build/app/tessera" serve --port 0 --write-kubeconfig "$kc" >"$out/serve.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do [[ -s $kc ]] && break; sleep 0.1; done
[[ -s $kc ]] || { echo "soak: tessera serve did not start (see $out/serve.log)" >&2; exit 1; }
context=$(sed -n 's/^current-context: *//p' "$kc")
server=$(sed -n 's/^ *server: *//p' "$kc" | head -1)
export KUBECONFIG=$kc

cat >"$out/job.yaml" <<YAML
apiVersion: batch/v1
kind: Job
metadata:
  name: soak
  annotations:
    tessera.dev/sim-duration: "${pod_seconds}s"
    tessera.dev/sim-fail-rate: "${fail_rate}"
spec:
  completions: ${indexes}
  parallelism: ${parallelism}
  completionMode: Indexed
  backoffLimitPerIndex: 6
  maxFailedIndexes: ${indexes}
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox
YAML
kubectl create -f "$out/job.yaml" >/dev/null

# The pod update rate, as a watcher sees it: count the events of one pod watch.
(timeout "$seconds" curl -sN "$server/api/v1/namespaces/default/pods?watch=1" 2>/dev/null \
  | wc -l >"$out/watch_events") &
pids+=($!)

echo "== soak: $indexes indexes, parallelism $parallelism, pods ${pod_seconds}s, fail rate $fail_rate, ${seconds}s (logs: $out)"
run=("$build/tests/soak/tessera_gui_soak" "$context" soak "$seconds")
if command -v xvfb-run >/dev/null; then
  unset QT_QPA_PLATFORM
  xvfb-run -a -s "-screen 0 1600x1000x24" "${run[@]}" | tee "$out/gui.log"
else
  QT_QPA_PLATFORM=offscreen "${run[@]}" | tee "$out/gui.log"
fi
wait "${pids[1]}" 2>/dev/null || true # the watch counter (ends after SECONDS)
events=$(cat "$out/watch_events" 2>/dev/null || echo 0)
echo "watch_events ${events} in ${seconds}s: $(( events / seconds ))/s" | tee -a "$out/gui.log"
kubectl get job soak -o jsonpath='{.status.succeeded} succeeded, {.status.failed} failed, {.status.active} active{"\n"}' | tee -a "$out/gui.log"
grep -q '^summary ' "$out/gui.log"
