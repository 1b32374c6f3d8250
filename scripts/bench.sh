#!/usr/bin/env bash
# Builds the release preset and runs the Google Benchmark programs given (default: all).
# Usage: scripts/bench.sh [tessera_bench_engine ...] [-- extra benchmark args]
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/deps.sh
programs=()
while [[ $# -gt 0 && "$1" != "--" ]]; do programs+=("$1"); shift; done
[[ "${1:-}" == "--" ]] && shift
if [[ ${#programs[@]} -eq 0 ]]; then
  ./scripts/build.sh release
  mapfile -t programs < <(find build/release/tests/bench -maxdepth 1 -type f -executable -name 'tessera_bench_*' -printf '%f\n' | sort)
else
  ./scripts/build.sh release --target "${programs[@]}"
fi
for p in "${programs[@]}"; do
  echo "== $p"
  "build/release/tests/bench/$p" "$@"
done
