#!/usr/bin/env bash
# README command 1: installs what is missing, builds, and opens Tessera on its built-in Demo (an
# in-process Kubernetes endpoint whose jobs run with simulated pods: no cluster needed).
# Arguments are passed to tessera instead (e.g. `./scripts/run.sh simulate job.yaml`).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/deps.sh
./scripts/build.sh dev --target tessera
if [[ $# -gt 0 ]]; then
  exec ./build/dev/app/tessera "$@"
fi
if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
  # No screen to open a window on (ssh, CI): show the same engine at work in the terminal.
  echo "tessera: no display (DISPLAY/WAYLAND_DISPLAY unset), so no window; a terminal dry-run of" >&2
  echo "the demo job instead. On a desktop, ./scripts/run.sh opens the window." >&2
  ./build/dev/app/tessera simulate resources/demo/render-frames.yaml \
    --duration lognormal:40s,0.5 --fail-rate 0.04 --fail-indexes 17:2,404:1 --seed 7 || [[ $? -eq 3 ]]
  exit 0
fi
exec ./build/dev/app/tessera --demo
