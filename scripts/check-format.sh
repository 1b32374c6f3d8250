#!/usr/bin/env bash
# Checks that every C++ file in the repository is formatted as .clang-format says (clang-format 14,
# Debian 12's). Prints the files that differ and exits 1 when there are any; fix them with
#   clang-format -i FILE...
# Usage: scripts/check-format.sh [FILE...]   (default: every *.cpp / *.h git knows, new ones too)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "check-format.sh: clang-format is not installed (scripts/deps.sh)" >&2; exit 2; }

files=("$@")
if [[ ${#files[@]} -eq 0 ]]; then
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    mapfile -t files < <(git ls-files --cached --others --exclude-standard -- '*.cpp' '*.h')
  else
    mapfile -t files < <(find app core ui tests -name '*.cpp' -o -name '*.h' | sort)
  fi
fi

# One clang-format process per batch of files, two batches at a time: a process per file costs
# more in start-up than the formatting itself. --dry-run --Werror reports each difference as
# "FILE:LINE:COL: error: code should be clang-formatted"; only the file names are kept.
mapfile -t differ < <(printf '%s\0' "${files[@]}" \
  | xargs -0 -n 64 -P "$(nproc)" clang-format --dry-run --Werror 2>&1 >/dev/null \
  | sed -n 's/^\(.*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' | sort -u)
if [[ ${#differ[@]} -gt 0 ]]; then
  echo "check-format.sh: ${#differ[@]} of ${#files[@]} files differ from .clang-format (clang-format -i FILE):" >&2
  printf '  %s\n' "${differ[@]}" >&2
  exit 1
fi
echo "check-format.sh: ${#files[@]} files formatted as .clang-format says"
