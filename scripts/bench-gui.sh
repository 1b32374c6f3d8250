#!/usr/bin/env bash
# The window's figures (docs/PERFORMANCE.md): time from process start until the main window is
# painted, then memory with a 100,000-index job open on the Demo endpoint while its pods run for
# ten seconds (`tessera-devtools bench-gui N`, app/devtools/), under Xvfb. Usage: scripts/bench-gui.sh [INDEXES] [RUNS]
#   DEVTOOLS=/path/to/tessera-devtools   use this binary (default: build it with scripts/build.sh release)
set -euo pipefail
cd "$(dirname "$0")/.."
indexes=${1:-100000} runs=${2:-3}
if [[ -z "${DEVTOOLS:-}" ]]; then
  ./scripts/build.sh release --target tessera-devtools >/dev/null
  DEVTOOLS=build/release/app/tessera-devtools
fi
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME=$home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_RUNTIME_DIR=$home/run
mkdir -m 700 "$XDG_RUNTIME_DIR"
unset QT_QPA_PLATFORM
echo "== tessera-devtools bench-gui $indexes, $runs runs ($(nproc) CPUs, $(date -u +%F))"
for ((i = 1; i <= runs; i++)); do
  echo "-- run $i"
  xvfb-run -a -s "-screen 0 1600x1000x24" "$DEVTOOLS" bench-gui "$indexes"
done
