#!/usr/bin/env bash
# Soak test (not in CI; about 12 minutes at the default 600 s): the window on a job of 100,000 indexes while
# `tessera serve` runs its pods fast enough for more than 2,000 pod updates a second (as the window's
# own watch sees them), for 10 minutes.
# Reports the longest GUI-thread stall (a 20 ms heartbeat timer's worst lateness), the RSS and
# malloc's heap figures, sampled every 10 s, and every 10 s the pod watch event rate the server
# actually produced (with the window's own selectors) and the server's CPU, RSS and send queues.
# Usage: scripts/soak.sh [SECONDS]           (default 600)
#   SOAK_INDEXES=100000 SOAK_PARALLELISM=2500 SOAK_POD_SECONDS=4 SOAK_FAIL_RATE=0.65
#   SOAK_BACKOFF_LIMIT_PER_INDEX=10 SOAK_BACKOFF_SCALE=0.01 tune the load (6 watch events per
#   pod: created, scheduled, running, finished, finalizer removed, garbage-collected; the window's
#   watch leaves out succeeded pods, so it sees 4 of a pod that succeeds). Why these: 10 minutes
#   at 2,000 updates/s is about 250,000 pods, so each of the 100,000 indexes must fail a few times
#   (65 %, up to backoffLimitPerIndex 10: about 2.8 attempts per index, 280,000 in all); and with
#   failures that frequent the controller's per-index retry delay (10 s doubling) would hold most
#   of the parallelism: like upstream's, it takes the first pending indexes and skips those still
#   waiting, without taking others in their place. The annotation tessera.dev/sim-backoff-scale
#   shortens those delays (as `tessera run --backoff-scale` does).
#   SOAK_WRAPPER="heaptrack -o FILE" (or "valgrind --tool=massif ...") runs the window under a
#   profiler. TESSERA_BUILD=build/release: the build tree to use (built if needed).
# Output: build/soak/<UTC time>/ (gui.log with the samples and rates, rates.log, serve.log).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
indexes=${SOAK_INDEXES:-100000}
parallelism=${SOAK_PARALLELISM:-2500}
pod_seconds=${SOAK_POD_SECONDS:-4}
fail_rate=${SOAK_FAIL_RATE:-0.65}
backoff_limit_per_index=${SOAK_BACKOFF_LIMIT_PER_INDEX:-10}
backoff_scale=${SOAK_BACKOFF_SCALE:-0.01}
build=${TESSERA_BUILD:-build/release}
preset=$(basename "$build")

# Always (cheap when up to date): a stale window binary would measure old code.
./scripts/build.sh "$preset" --target tessera tessera_gui_soak
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
    tessera.dev/sim-backoff-scale: "${backoff_scale}"
spec:
  completions: ${indexes}
  parallelism: ${parallelism}
  completionMode: Indexed
  backoffLimitPerIndex: ${backoff_limit_per_index}
  maxFailedIndexes: ${indexes}
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox
YAML
kubectl create -f "$out/job.yaml" >/dev/null

# The pod update rate as the window sees it: a watch with the selectors of the window's pods
# informer (its job's label; succeeded pods excluded, so a pod that succeeds leaves it with a
# DELETED event). Only the newlines are kept (one per event; unbuffered, so the count is current)
# and counted every 10 s with the server's CPU use, its RSS and its send queues (the bytes its
# sockets hold for readers: the backlog) and the machine's load average. A second watch of every
# pod was tried and left out: it doubles the server's output, and one run showed such a curl
# reader dropped by the server for reading too slowly, which slowed the server for the minute
# before.
port=${server##*:}
timeout "$seconds" curl -sNG "$server/api/v1/namespaces/default/pods" -d watch=1 \
  --data-urlencode "labelSelector=batch.kubernetes.io/job-name=soak" \
  --data-urlencode "fieldSelector=status.phase!=Succeeded" 2>/dev/null \
  | stdbuf -o0 tr -cd '\n' >"$out/events_window.nl" &
pids+=($!)
serve_pid=${pids[0]}
ticks=$(getconf CLK_TCK)
(
  last_events=0 last_cpu=0
  for ((t = 10; t <= seconds; t += 10)); do
    sleep 10
    events=$(stat -c %s "$out/events_window.nl" 2>/dev/null || echo 0)
    cpu=$(awk '{print $14 + $15}' "/proc/$serve_pid/stat" 2>/dev/null || echo 0)
    rss=$(awk '/^VmRSS:/{print int($2 / 1024)}' "/proc/$serve_pid/status" 2>/dev/null || echo 0)
    sendq=$(ss -tnH state established "( sport = :$port )" 2>/dev/null \
      | awk '{q += $2} END {print int(q / 1024)}')
    echo "rate t_s=$t window_pod_events_per_s=$(((events - last_events) / 10))" \
      "serve_cpu_pct=$(((cpu - last_cpu) * 100 / ticks / 10)) serve_rss_mib=$rss" \
      "serve_send_queue_kib=$sendq load_avg=$(cut -d' ' -f1 /proc/loadavg)"
    last_events=$events last_cpu=$cpu
  done
) >"$out/rates.log" &
pids+=($!)

echo "== soak: $indexes indexes, parallelism $parallelism, pods ${pod_seconds}s, fail rate $fail_rate, backoff scale $backoff_scale, ${seconds}s (logs: $out)"
read -r -a wrapper <<<"${SOAK_WRAPPER:-}"
run=("${wrapper[@]}" "$build/tests/soak/tessera_gui_soak" "$context" soak "$seconds")
if command -v xvfb-run >/dev/null; then
  unset QT_QPA_PLATFORM
  xvfb-run -a -s "-screen 0 1600x1000x24" "${run[@]}" | tee "$out/gui.log"
else
  QT_QPA_PLATFORM=offscreen "${run[@]}" | tee "$out/gui.log"
fi
sleep 1 # the watch ends after SECONDS
events=$(stat -c %s "$out/events_window.nl" 2>/dev/null || echo 0)
cat "$out/rates.log" >>"$out/gui.log"
{
  echo "window_watch_events ${events} in ${seconds}s: $((events / seconds))/s"
  # The first minute is the slow start (pods are created in growing batches), left out here.
  awk '/^rate /{split($2, t, "="); split($3, e, "="); split($6, q, "="); if (t[2] < 60) next
         if (n == 0 || e[2] < lo) lo = e[2] + 0; if (e[2] > hi) hi = e[2] + 0
         if (q[2] > qmax) qmax = q[2] + 0; n++}
       END {if (n) printf "after the first minute, per 10 s: %d-%d pod events/s; largest server send queue %d KiB\n", lo, hi, qmax}' \
    "$out/rates.log"
  grep 'dropping a watch' "$out/serve.log" || echo "no watch dropped by the server"
} | tee -a "$out/gui.log"
kubectl get job soak -o jsonpath='{.status.succeeded} succeeded, {.status.failed} failed, {.status.active} active{"\n"}' | tee -a "$out/gui.log"
grep -q '^summary ' "$out/gui.log"
