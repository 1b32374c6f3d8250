#!/usr/bin/env bash
# The agreement test with more seeds than CI runs: scripts/agreement.sh [N] [FIRST_SEED]
# runs N seeds of each source (default 50) from FIRST_SEED (default 1) against the dev build
# (built first).
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=${1:-50}
first=${2:-1}
./scripts/build.sh dev --target agreement_tests
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
TESSERA_AGREEMENT_SEEDS=$seeds TESSERA_AGREEMENT_FIRST_SEED=$first \
  build/dev/tests/agreement/agreement_tests
