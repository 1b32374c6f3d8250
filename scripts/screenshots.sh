#!/usr/bin/env bash
# Regenerates docs/screenshots/*.png: `tessera-devtools screenshot DIR` (app/devtools/) opens the Demo in
# a real window under Xvfb, waits for each screen to fill and saves it. Usage: [PRESET] (dev).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/deps.sh
preset=${1:-dev}
./scripts/build.sh "$preset" --target tessera-devtools
out=docs/screenshots
mkdir -p "$out"
# A clean profile (no remembered layout or language), English, a fixed screen.
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME=$home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_RUNTIME_DIR=$home/run
mkdir -m 700 "$XDG_RUNTIME_DIR"
export LC_ALL=C.UTF-8 LANG=C.UTF-8 ASAN_OPTIONS=detect_leaks=0
unset QT_QPA_PLATFORM
xvfb-run -a -s "-screen 0 1600x1000x24" "./build/$preset/app/tessera-devtools" screenshot "$out"
# The main window once more in View > Theme > Dark.
dark=$(mktemp -d)
xvfb-run -a -s "-screen 0 1600x1000x24" "./build/$preset/app/tessera-devtools" screenshot "$dark" \
  --theme dark >/dev/null
cp "$dark/main-window.png" "$out/main-window-dark.png"
rm -rf "$dark"
ls -1 "$out"
