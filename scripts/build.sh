#!/usr/bin/env bash
# Configures and builds one preset (default: dev). Usage: scripts/build.sh [PRESET] [cmake --build args...]
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-dev}
shift || true
if [[ ! -f build/$preset/CMakeCache.txt ]]; then
  cmake --preset "$preset" >/dev/null
fi
jobs=$(nproc)
cmake --build --preset "$preset" -j "$jobs" "$@"
