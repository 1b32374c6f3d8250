#!/usr/bin/env bash
# README command 2: installs what is missing, builds, and runs every test.
#  1. the headless build (-DTESSERA_BUILD_UI=OFF) proves engine, core and CLI build and pass without widgets;
#  2. the full build with AddressSanitizer + UBSan runs every test, GUI tests on the offscreen platform;
#  3. the libFuzzer harnesses (preset fuzz, clang) each run briefly (TESSERA_FUZZ_SECONDS, default 20)
#     so a parser crash or hang found again fails CI. Their reproducers are also replayed by ctest
#     in stages 1 and 2 (fuzz_replay.*).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/deps.sh

export QT_QPA_PLATFORM=offscreen
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
chmod 700 "$XDG_RUNTIME_DIR"
jobs=$(nproc)

for preset in headless asan; do
  echo "== tessera: build + test ($preset)"
  ./scripts/build.sh "$preset"
  if ! ctest --preset "$preset" -j "$jobs" --timeout 300; then
    # ctest interleaves the failing output with hundreds of passing lines: repeat the assertions
    # last, where a CI log's tail shows them.
    echo "== tessera: what failed ($preset)"
    grep -E -B3 -A30 'Failure$|\[  FAILED  \]|ERROR: AddressSanitizer|runtime error:' \
      "build/$preset/Testing/Temporary/LastTest.log" | tail -n 400 || true
    exit 1
  fi
done
echo "== tessera: fuzz (each harness ${TESSERA_FUZZ_SECONDS:-20} s)"
if ! ./scripts/fuzz.sh --seconds "${TESSERA_FUZZ_SECONDS:-20}"; then
  echo "== tessera: fuzz findings (reproducers in build/fuzz/crashes/):"
  find build/fuzz/crashes -type f | head -n 20
  exit 1
fi
echo "== tessera: all tests passed"
