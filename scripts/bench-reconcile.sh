#!/usr/bin/env bash
# `tessera reconcile` against Python's json.load on the same document, side by side in one
# hyperfine run: 10,000 running pods as the API serves them and a 45,000-interval
# completedIndexes (scripts/gen-reconcile-input.py). Prints hyperfine's table and the ratio.
# Usage: scripts/bench-reconcile.sh [--runs N] [--pods N] [--intervals N]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=20 pods=10000 intervals=45000
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --pods) pods=$2; shift 2 ;;
    --intervals) intervals=$2; shift 2 ;;
    *) echo "usage: $0 [--runs N] [--pods N] [--intervals N]" >&2; exit 2 ;;
  esac
done
command -v hyperfine >/dev/null || { echo "bench-reconcile: hyperfine is not installed" >&2; exit 1; }

./scripts/build.sh release --target tessera >/dev/null
tessera=build/release/app/tessera
input=build/release/bench/reconcile-input-${pods}-${intervals}.json
mkdir -p build/release/bench
[[ -f $input ]] || python3 scripts/gen-reconcile-input.py --pods "$pods" --intervals "$intervals" --out "$input"
echo "input: $input ($(du -h "$input" | cut -f1), $pods pods, $intervals completed intervals)"
# The plan must be real: fail here rather than time an error path.
"$tessera" reconcile "$input" >/dev/null

results=build/release/bench/reconcile-hyperfine.json
hyperfine --warmup 3 --runs "$runs" --export-json "$results" \
  -n "tessera reconcile" "$tessera reconcile $input >/dev/null" \
  -n "python3 json.load" "python3 -c 'import json; json.load(open(\"$input\"))'"
python3 - "$results" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
t, p = r["tessera reconcile"], r["python3 json.load"]
print("tessera reconcile: %.1f ms (median %.1f ms); python3 json.load: %.1f ms (median %.1f ms)"
      % (t["mean"] * 1e3, t["median"] * 1e3, p["mean"] * 1e3, p["median"] * 1e3))
print("ratio (python / tessera, means): %.2fx" % (p["mean"] / t["mean"]))
PY
