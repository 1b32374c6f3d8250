#!/usr/bin/env bash
# README command 1: installs what is missing, builds, and opens Tessera on its built-in demo.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/deps.sh
./scripts/build.sh dev --target tessera
exec ./build/dev/app/tessera "$@"
