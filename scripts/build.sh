#!/usr/bin/env bash
# Configures and builds one preset (default: dev). Usage: scripts/build.sh [PRESET] [cmake --build args...]
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-dev}
shift || true
if [[ ! -f build/$preset/CMakeCache.txt ]]; then
  cmake --preset "$preset" >/dev/null
fi
# ccache (installed by deps.sh) shares objects between clones of this repository: paths are taken
# relative to the checkout and the working directory is not hashed.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD} CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
jobs=$(nproc)
cmake --build --preset "$preset" -j "$jobs" "$@"
