#!/usr/bin/env bash
# Soak test (not in CI; about 12 minutes): the window on a job of 100,000 indexes while
# `tessera serve` runs its pods fast enough for about 2,000 pod updates a second, for 10 minutes.
# Reports the longest GUI-thread stall (a 20 ms heartbeat timer's worst lateness), the RSS and
# malloc's heap figures, sampled every 10 s, and every 10 s the pod watch event rate the server
# actually produced (all pods, and with the window's own selectors) and the server's CPU use.
# Usage: scripts/soak.sh [SECONDS]           (default 600)
#   SOAK_INDEXES=100000 SOAK_PARALLELISM=2000 SOAK_POD_SECONDS=6 SOAK_FAIL_RATE=0.5 tune the load
#   (about 6 watch events per pod: created, scheduled, running, finished, finalizer removed,
#   garbage-collected). TESSERA_BUILD=build/release: the build tree to use (built if needed).
# Output: build/soak/<UTC time>/ (gui.log with the samples and rates, rates.log, serve.log).
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

# The pod update rate as watchers see it: one watch of every pod, and one with the selectors the
# window's pods informer uses (its job's label, succeeded pods excluded: a pod that succeeds
# leaves it with a DELETED event). Only the newlines are kept (one per event), so a sampler can
# count them every 10 s with the server's CPU use.
watch_count() { # FILE [curl args...]
  local file=$1
  shift
  timeout "$seconds" curl -sNG "$@" 2>/dev/null | tr -cd '\n' >"$file"
}
watch_count "$out/events_all.nl" "$server/api/v1/namespaces/default/pods" -d watch=1 &
pids+=($!)
watch_count "$out/events_window.nl" "$server/api/v1/namespaces/default/pods" -d watch=1 \
  --data-urlencode "labelSelector=batch.kubernetes.io/job-name=soak" \
  --data-urlencode "fieldSelector=status.phase!=Succeeded" &
pids+=($!)
serve_pid=${pids[0]}
ticks=$(getconf CLK_TCK)
(
  last_all=0 last_window=0 last_cpu=0
  for ((t = 10; t <= seconds; t += 10)); do
    sleep 10
    all=$(stat -c %s "$out/events_all.nl" 2>/dev/null || echo 0)
    window=$(stat -c %s "$out/events_window.nl" 2>/dev/null || echo 0)
    cpu=$(awk '{print $14 + $15}' "/proc/$serve_pid/stat" 2>/dev/null || echo 0)
    echo "rate t_s=$t pod_events_per_s=$(((all - last_all) / 10))" \
      "window_pod_events_per_s=$(((window - last_window) / 10))" \
      "serve_cpu_pct=$(((cpu - last_cpu) * 100 / ticks / 10))"
    last_all=$all last_window=$window last_cpu=$cpu
  done
) >"$out/rates.log" &
pids+=($!)

echo "== soak: $indexes indexes, parallelism $parallelism, pods ${pod_seconds}s, fail rate $fail_rate, ${seconds}s (logs: $out)"
run=("$build/tests/soak/tessera_gui_soak" "$context" soak "$seconds")
if command -v xvfb-run >/dev/null; then
  unset QT_QPA_PLATFORM
  xvfb-run -a -s "-screen 0 1600x1000x24" "${run[@]}" | tee "$out/gui.log"
else
  QT_QPA_PLATFORM=offscreen "${run[@]}" | tee "$out/gui.log"
fi
sleep 1 # the watches end after SECONDS; tr flushes at their end
all=$(stat -c %s "$out/events_all.nl" 2>/dev/null || echo 0)
window=$(stat -c %s "$out/events_window.nl" 2>/dev/null || echo 0)
cat "$out/rates.log" >>"$out/gui.log"
{
  echo "pod_watch_events ${all} in ${seconds}s: $((all / seconds))/s (every pod)"
  echo "window_watch_events ${window} in ${seconds}s: $((window / seconds))/s (the window's selectors)"
  # The first minute is the slow start (pods are created in growing batches), left out here.
  awk '/^rate /{split($2, t, "="); split($3, a, "="); split($4, w, "="); if (t[2] < 60) next
         if (n == 0 || a[2] < lo) lo = a[2] + 0; if (a[2] > hi) hi = a[2] + 0
         if (n == 0 || w[2] < wlo) wlo = w[2] + 0; n++}
       END {if (n) printf "after the first minute, per 10 s: pod events %d-%d/s, the window'"'"'s at least %d/s\n", lo, hi, wlo}' \
    "$out/rates.log"
} | tee -a "$out/gui.log"
kubectl get job soak -o jsonpath='{.status.succeeded} succeeded, {.status.failed} failed, {.status.active} active{"\n"}' | tee -a "$out/gui.log"
grep -q '^summary ' "$out/gui.log"
