#!/usr/bin/env bash
# README command 2: installs what is missing, builds, and runs every test.
#  1. the headless build (-DTESSERA_BUILD_UI=OFF) proves engine, core and CLI build and pass without widgets;
#     the format check (scripts/check-format.sh, every file) and clang-tidy (scripts/tidy.sh, on its
#     compile_commands.json: the changed files, or every file when CI is set) run beside it;
#  2. the full build with AddressSanitizer + UBSan runs every test, GUI tests on the offscreen platform;
#  3. the libFuzzer harnesses (preset fuzz, clang) each run briefly (TESSERA_FUZZ_SECONDS, default 20)
#     so a parser crash or hang found again fails CI. Their reproducers are also replayed by ctest
#     in stages 1 and 2 (fuzz_replay.*).
# Each stage's time is printed at the end (and on failure, up to the failing stage).
set -euo pipefail
cd "$(dirname "$0")/.."

stage_names=()
stage_seconds=()
stage_start=$SECONDS
current=""
begin() { current=$1; stage_start=$SECONDS; echo "== tessera: $1"; }
end() { stage_names+=("$current"); stage_seconds+=($((SECONDS - stage_start))); current=""; }
report_times() {
  [[ -n "$current" ]] && end
  echo "== tessera: stage times"
  for i in "${!stage_names[@]}"; do
    printf '  %-34s %4d:%02d\n' "${stage_names[$i]}" $((stage_seconds[i] / 60)) $((stage_seconds[i] % 60))
  done
  printf '  %-34s %4d:%02d\n' "total" $((SECONDS / 60)) $((SECONDS % 60))
}
trap report_times EXIT

begin "dependencies"
./scripts/deps.sh
# kubectl 1.20 (Debian's kubernetes-client), unpacked into build/tools for the serve tests; a
# download, so here and not in the build.
./scripts/fetch-kubectl-1.20.sh build/tools/kubernetes-client
end

begin "format check"
./scripts/check-format.sh
end

export QT_QPA_PLATFORM=offscreen
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
chmod 700 "$XDG_RUNTIME_DIR"
jobs=$(nproc)

for preset in headless asan; do
  begin "build ($preset)"
  ./scripts/build.sh "$preset"
  end
  if [[ $preset == headless ]]; then
    begin "clang-tidy (headless sources)"
    ./scripts/tidy.sh
    end
  fi
  begin "test ($preset)"
  if ! ctest --preset "$preset" -j "$jobs" --timeout 300; then
    # ctest interleaves the failing output with hundreds of passing lines: repeat the assertions
    # last, where a CI log's tail shows them.
    echo "== tessera: what failed ($preset)"
    grep -E -B3 -A30 'Failure$|\[  FAILED  \]|ERROR: AddressSanitizer|runtime error:' \
      "build/$preset/Testing/Temporary/LastTest.log" | tail -n 400 || true
    exit 1
  fi
  end
done
begin "fuzz (each harness ${TESSERA_FUZZ_SECONDS:-20} s)"
if ! ./scripts/fuzz.sh --seconds "${TESSERA_FUZZ_SECONDS:-20}"; then
  echo "== tessera: fuzz findings (reproducers in build/fuzz/crashes/):"
  find build/fuzz/crashes -type f | head -n 20
  exit 1
fi
end
echo "== tessera: all tests passed"
