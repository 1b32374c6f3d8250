#!/usr/bin/env bash
# The cluster client against `tessera serve`, side by side with kubectl in one run:
#   1. list + decode of N realistic pods (~4 KB of JSON each) by ApiClient + codec, and by an
#      Informer listing in pages of 500;
#   2. `kubectl get pods -o json` on the same server, and the ratio;
#   3. a watch delivering RATE pod updates per second for SECONDS, ingested by an Informer in
#      batches (events/s, batches/s, largest backlog, how far behind at the end of each second).
# Usage: scripts/bench-list.sh [PODS=10000] [RATE=5000] [SECONDS=5]
#   SERVE_BENCH=/path/to/serve_bench   use this binary (default: build it with the release preset)
set -euo pipefail
cd "$(dirname "$0")/.."
pods=${1:-10000} rate=${2:-5000} seconds=${3:-5}
if [[ -z "${SERVE_BENCH:-}" ]]; then
  ./scripts/build.sh release --target serve_bench >/dev/null
  SERVE_BENCH=build/release/tests/serve/serve_bench
fi
command -v kubectl >/dev/null || echo "kubectl not found: the kubectl figure and ratio are skipped"
echo "== serve_bench $pods pods, watch at $rate/s for $seconds s ($(nproc) CPUs, $(date -u +%F))"
"$SERVE_BENCH" "$pods" "$rate" "$seconds"
