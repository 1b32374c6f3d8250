#!/usr/bin/env bash
# Runs lupdate (the options translations/CMakeLists.txt uses) on copies of the given .ts files and
# checks the copies with ts_complete.py: a tr() string missing from a .ts file shows up there as
# unfinished. The real files are never touched.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
copies=()
for ts in "$@"; do
  cp "$ts" "$work/"
  copies+=("$work/$(basename "$ts")")
done
# lupdate reads the sources relative to the repository root, as the update target does.
cd "$here/../.."
"$LUPDATE" -silent -locations none -no-obsolete -no-ui-lines @"$SOURCES_LIST" -ts "${copies[@]}" >/dev/null 2>&1
python3 "$here/ts_complete.py" "${copies[@]}" ||
  { echo "run scripts/update-translations.sh (or the tessera_update_ts target) and translate the new strings"; exit 1; }
