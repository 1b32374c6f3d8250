#!/usr/bin/env bash
# Local runs against the tools people would otherwise use, side by side in one run:
#   1. N items of `true` at 2 slots: tessera run -j 2, xargs -P 2 -n 1, GNU parallel -j 2
#   2. the same tessera run while the runner holds 1 GiB (as the GUI holding large jobs would),
#      with the one-off cost of allocating that 1 GiB measured apart
#   3. peak RSS (/usr/bin/time -v) and wall time of tessera run for 10,000 and 100,000 items
# Prints each figure and the ratios. GNU parallel is installed with apt when missing (root or
# sudo), or skipped with a message.
# Usage: scripts/bench-local.sh [--items N] [--big N] [--no-big]
#   TESSERA=/path/to/tessera   use this binary (default: build it with scripts/build.sh release)
set -euo pipefail
cd "$(dirname "$0")/.."
items=10000 big=100000 do_big=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --items) items=$2; shift 2 ;;
    --big) big=$2; shift 2 ;;
    --no-big) do_big=0; shift ;;
    *) echo "usage: $0 [--items N] [--big N] [--no-big]" >&2; exit 2 ;;
  esac
done

if [[ -z "${TESSERA:-}" ]]; then
  ./scripts/build.sh release --target tessera tessera_bench_ballast >/dev/null
  TESSERA=build/release/app/tessera
  BALLAST=${BALLAST:-build/release/tests/bench/libtessera_bench_ballast.so}
fi
# The runner holding memory: tests/bench/Ballast.c preloaded (BALLAST=/path/to/the .so).
BALLAST=${BALLAST:-$(dirname "$TESSERA")/../tests/bench/libtessera_bench_ballast.so}
[[ -f $BALLAST ]] || { echo "bench-local: $BALLAST not found (build tessera_bench_ballast)" >&2; exit 1; }
with_ballast() { LD_PRELOAD=$(realpath "$BALLAST") TESSERA_BALLAST_MIB=1024 "$@"; }
if ! command -v parallel >/dev/null; then
  if [[ $(id -u) == 0 ]]; then apt-get install -y -qq parallel >/dev/null 2>&1 || true
  elif command -v sudo >/dev/null; then sudo -n apt-get install -y -qq parallel >/dev/null 2>&1 || true
  fi
fi
have_parallel=0
command -v parallel >/dev/null && have_parallel=1

work=$(mktemp -d /tmp/tessera-bench-local.XXXXXX)
trap 'rm -rf "$work"' EXIT
# N copies of a word, one per line (not `yes | head`: under pipefail yes's SIGPIPE fails the script).
lines() { awk -v w="$1" -v n="$2" 'BEGIN { for (i = 0; i < n; i++) print w }'; }
lines true "$items" > "$work/items.txt"
lines x "$items" > "$work/args.txt"

now() { date +%s.%N; }
elapsed() { python3 -c "print('%.3f' % ($2 - $1))"; }
ratio() { python3 -c "print('%.2f' % ($1 / $2))"; }

echo "== $items items of 'true', 2 at a time ($(nproc) CPUs, $(uname -r)) =="
t0=$(now); "$TESSERA" run "$work/items.txt" -j 2 --run-dir "$work/run-plain" --quiet >/dev/null; t1=$(now)
tessera_s=$(elapsed "$t0" "$t1")
t0=$(now); xargs -P 2 -n 1 true < "$work/args.txt"; t1=$(now)
xargs_s=$(elapsed "$t0" "$t1")
if [[ $have_parallel == 1 ]]; then
  t0=$(now); parallel --will-cite -j 2 true < "$work/args.txt"; t1=$(now)
  parallel_s=$(elapsed "$t0" "$t1")
fi
t0=$(now); with_ballast "$TESSERA" run "$work/items.txt" -j 2 --run-dir "$work/run-ballast" --quiet >/dev/null; t1=$(now)
ballast_s=$(elapsed "$t0" "$t1")
# The fixed cost of allocating and zeroing the ballast itself (a GUI already holds its memory):
# a 10-item run with it minus one without.
lines true 10 > "$work/ten.txt"
t0=$(now); "$TESSERA" run "$work/ten.txt" --run-dir "$work/ten-plain" --quiet >/dev/null; t1=$(now)
ten_s=$(elapsed "$t0" "$t1")
t0=$(now); with_ballast "$TESSERA" run "$work/ten.txt" --run-dir "$work/ten-ballast" --quiet >/dev/null; t1=$(now)
setup_s=$(python3 -c "print('%.3f' % max(0.0, $(elapsed "$t0" "$t1") - $ten_s))")

printf '%-44s %8s s  %7.0f items/s\n' "tessera run -j 2" "$tessera_s" "$(python3 -c "print($items/$tessera_s)")"
printf '%-44s %8s s  %7.0f items/s\n' "tessera run -j 2, runner holding 1 GiB" "$ballast_s" "$(python3 -c "print($items/$ballast_s)")"
printf '%-44s %8s s  %7.0f items/s\n' "xargs -P 2 -n 1 true" "$xargs_s" "$(python3 -c "print($items/$xargs_s)")"
if [[ $have_parallel == 1 ]]; then
  printf '%-44s %8s s  %7.0f items/s\n' "GNU parallel -j 2 true" "$parallel_s" "$(python3 -c "print($items/$parallel_s)")"
else
  echo "GNU parallel: not installed and could not be installed (apt-get install parallel); skipped"
fi
echo "tessera / xargs:            $(ratio "$tessera_s" "$xargs_s")   (target <= 1.2)"
[[ $have_parallel == 1 ]] && echo "tessera / GNU parallel:     $(ratio "$tessera_s" "$parallel_s")   (target <= 0.25)"
echo "allocating and zeroing the 1 GiB itself:    $setup_s s (once, before the first item)"
echo "tessera with 1 GiB / without: $(ratio "$ballast_s" "$tessera_s") wall, $(ratio "$(python3 -c "print($ballast_s - $setup_s)")" "$tessera_s") without the allocation   (target <= 1.2)"

if [[ $do_big == 1 ]]; then
  echo
  echo "== peak memory of tessera run: $items vs $big items =="
  lines true "$big" > "$work/big.txt"
  for n in "$items" "$big"; do
    list="$work/items.txt"; [[ $n == "$big" ]] && list="$work/big.txt"
    t0=$(now)
    /usr/bin/time -v "$TESSERA" run "$list" -j 2 --run-dir "$work/run-rss-$n" --quiet \
      >/dev/null 2>"$work/time-$n.txt"
    t1=$(now)
    rss=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$work/time-$n.txt")
    s=$(elapsed "$t0" "$t1")
    printf '%7d items: peak RSS %6.1f MB, %8s s, %5.0f us per item\n' "$n" \
      "$(python3 -c "print($rss/1024)")" "$s" "$(python3 -c "print($s/$n*1e6)")"
    rm -rf "$work/run-rss-$n"
  done
fi
