#!/usr/bin/env bash
# README command 1: installs what is missing, builds, and opens Tessera on its built-in demo.
# Until the window lands, the demo is a dry-run in the terminal: the built-in render job simulated
# on a virtual clock by the same job-controller rules a cluster applies.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/deps.sh
./scripts/build.sh dev --target tessera
if [[ $# -gt 0 ]]; then
  exec ./build/dev/app/tessera "$@"
fi
echo "== Tessera demo: dry-run of resources/demo/render-frames.yaml (2,000 indexes, 100 at a time)"
# Exit status 3 means the simulated job failed, which is a valid demo outcome.
./build/dev/app/tessera simulate resources/demo/render-frames.yaml \
  --duration lognormal:40s,0.5 --fail-rate 0.04 --fail-indexes 17:2,404:1 --seed 7 || [[ $? -eq 3 ]]
