#!/usr/bin/env bash
# Builds the Debian package with cpack, unpacks it into a temporary root with dpkg -x, and runs
# the packaged `tessera --version`. Also checks the package carries the desktop integration, that
# dpkg-shlibdeps filled in the Qt dependencies, and that every translation of the source tree
# (translations/tessera_LOCALE.ts) is installed as a .qm the packaged binary loads.
# Usage: deb_installs_and_runs.sh BUILD_DIR TRANSLATIONS_SOURCE_DIR
set -euo pipefail
build_dir=$1
ts_dir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

(cd "$build_dir" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/out/*.deb)
echo "package: $(basename "$deb")"

depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"

dpkg -x "$deb" "$work/root"
# Every shared library the packaged binary needs must come from a package named in Depends.
while read -r soname; do
  # awk reads to the end: an early exit would SIGPIPE ldconfig and fail the pipeline (pipefail).
  path=$(ldconfig -p | awk -v s="$soname" '$1 == s && !found { print $NF; found = 1 }')
  [[ -n "$path" ]] || { echo "FAIL: $soname not found on this system"; exit 1; }
  owner=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | head -n1 | cut -d: -f1) || true
  [[ -n "$owner" ]] || owner=$(dpkg -S "$path" 2>/dev/null | head -n1 | cut -d: -f1)
  # Compare package names literally: names such as libstdc++6 are not regular expressions.
  tr ',' '\n' <<<"$depends" | awk '{ print $1 }' | grep -qxF "$owner" ||
    { echo "FAIL: $soname ($owner) missing from Depends"; exit 1; }
done < <(objdump -p "$work/root/usr/bin/tessera" | awk '$1 == "NEEDED" { print $2 }')

for f in usr/bin/tessera \
         usr/share/applications/io.github.tessera.Tessera.desktop \
         usr/share/metainfo/io.github.tessera.Tessera.metainfo.xml \
         usr/share/icons/hicolor/scalable/apps/io.github.tessera.Tessera.svg \
         usr/share/icons/hicolor/48x48/apps/io.github.tessera.Tessera.png; do
  [[ -e "$work/root/$f" ]] || { echo "FAIL: package lacks /$f"; exit 1; }
done
# Each language: its .qm is in the package, and the packaged binary speaks it (its usage line
# differs from the English one), so a .qm installed where TranslationLoader does not look fails.
english=$(LANG=C.UTF-8 LC_ALL= LANGUAGE= "$work/root/usr/bin/tessera" report --help 2>/dev/null | head -n1)
languages=0
for ts in "$ts_dir"/tessera_*.ts; do
  locale=$(basename "$ts" .ts); locale=${locale#tessera_}
  qm=usr/share/tessera/translations/tessera_$locale.qm
  [[ -s "$work/root/$qm" ]] || { echo "FAIL: package lacks translation /$qm (from $ts)"; exit 1; }
  spoken=$(LANG=$locale.UTF-8 LC_ALL= LANGUAGE= "$work/root/usr/bin/tessera" report --help 2>/dev/null | head -n1)
  [[ -n "$spoken" && "$spoken" != "$english" ]] ||
    { echo "FAIL: the packaged binary does not speak $locale (/$qm): '$spoken'"; exit 1; }
  echo "translation $locale: $spoken"
  languages=$((languages + 1))
done
[[ $languages -gt 0 ]] || { echo "FAIL: no translations/tessera_*.ts in $ts_dir"; exit 1; }

version=$("$work/root/usr/bin/tessera" --version)
echo "packaged binary says: $version"
grep -q '^tessera [0-9]' <<<"$version" || { echo "FAIL: unexpected --version output"; exit 1; }
