#!/usr/bin/env bash
# Refreshes translations/*.ts from the sources: new tr() strings appear as unfinished, removed ones
# are dropped. Translate the new ones (Qt Linguist: /usr/lib/qt6/bin/linguist, or by hand); the
# tests translations.Complete and translations.Current fail while any is left.
set -euo pipefail
cd "$(dirname "$0")/.."
list=$(mktemp)
trap 'rm -f "$list"' EXIT
find "$PWD/app" "$PWD/core" "$PWD/ui" \( -name '*.cpp' -o -name '*.h' \) | sort >"$list"
/usr/lib/qt6/bin/lupdate -locations none -no-obsolete -no-ui-lines @"$list" -ts translations/*.ts
