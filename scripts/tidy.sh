#!/usr/bin/env bash
# Runs clang-tidy (Debian 12's clang-tidy 14, the checks of .clang-tidy) over the product's sources
# in the headless build (build/headless/compile_commands.json: core/ and app/, 158 files; the tests
# are left out, which halves the time) and exits 1 when it finds anything. Fix the finding, or, where it is a false positive, silence it
# on its line with `// NOLINT(check-name): why`.
#
# Usage: scripts/tidy.sh [--all | --changed] [-j N] [FILE...]
#   --changed (default off CI): the sources changed since the merge-base with the upstream branch
#       (origin/HEAD, origin/main or main; TESSERA_TIDY_BASE=REF to choose), committed or not, and
#       the .cpp beside each changed header.
#   --all (default when CI is set, or when there is no base to compare with): every source. On the
#       2-core machine that is about 10 min (measured: 84 files in 304 s, -j 2), which is why a
#       developer's run checks only what changed; with the cache a re-run checks only what changed.
#   FILE...: just these.
# A clean result is remembered in a cache (TESSERA_TIDY_CACHE, default ~/.cache/tessera-tidy)
# keyed on clang-tidy's version, .clang-tidy, the compile command and the contents of every file
# the source includes (ninja's dependency list), so an unchanged file is not checked twice, even
# from another clone of the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-tidy >/dev/null || { echo "tidy.sh: clang-tidy is not installed (scripts/deps.sh)" >&2; exit 2; }
build=build/headless
[[ -f $build/compile_commands.json ]] || ./scripts/build.sh headless

mode=""
jobs=$(nproc)
files=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --all) mode=all; shift ;;
    --changed) mode=changed; shift ;;
    -j) jobs=${2:?-j needs a number}; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "tidy.sh: unknown option $1" >&2; exit 2 ;;
    *) files+=("$1"); shift ;;
  esac
done

base=""
if [[ ${#files[@]} -eq 0 && "$mode" != all && ( -z "${CI:-}" || "$mode" == changed ) ]]; then
  for ref in ${TESSERA_TIDY_BASE:-} origin/HEAD origin/main main; do
    if git rev-parse -q --verify "$ref^{commit}" >/dev/null 2>&1; then
      base=$(git merge-base HEAD "$ref")
      break
    fi
  done
  if [[ -n "$base" ]]; then
    mode=changed
    mapfile -t files < <({ git diff --name-only "$base" --; git ls-files --others --exclude-standard; } \
      | grep -E '\.(cpp|h)$' | sort -u)
  fi
fi

[[ ${#files[@]} -gt 0 && -z "$mode" ]] && mode=listed
exec python3 - "$build" "$jobs" "${mode:-all}" "${files[@]}" <<'PY'
import concurrent.futures, hashlib, json, os, shlex, subprocess, sys, time

build, jobs, mode, wanted = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
root = os.getcwd()
commands = {}
for entry in json.load(open(os.path.join(build, "compile_commands.json"))):
    path = os.path.relpath(os.path.join(entry["directory"], entry["file"]), root)
    # The product's sources (core/, app/); generated ones (moc, autogen) are not ours to fix.
    if not path.startswith(("core/", "app/")) or "_autogen" in path:
        continue
    commands[path] = entry

if mode in ("changed", "listed"):
    selected = set()
    for f in wanted:
        if f in commands:
            selected.add(f)
        elif f.endswith(".h") and f[:-2] + ".cpp" in commands:
            selected.add(f[:-2] + ".cpp")
    sources = sorted(selected)
else:
    sources = sorted(commands)
if not sources:
    print(f"tidy.sh: no source of the headless build changed ({mode}); nothing to check")
    sys.exit(0)

# Every file each object was compiled from, as ninja recorded it.
deps, current = {}, None
out = subprocess.run(["ninja", "-C", build, "-t", "deps"], capture_output=True, text=True).stdout
for line in out.splitlines():
    if line and not line.startswith(" "):
        current = []
        deps[line.split(":")[0]] = current
    elif line.strip() and current is not None:
        current.append(os.path.normpath(os.path.join(build, line.strip())))

version = subprocess.run(["clang-tidy", "--version"], capture_output=True, text=True).stdout
config = open(".clang-tidy", "rb").read()
digests = {}
def digest(path):
    if path not in digests:
        try:
            digests[path] = hashlib.sha256(open(path, "rb").read()).hexdigest()
        except OSError:
            digests[path] = "missing"
    return digests[path]

def key(source):
    entry = commands[source]
    h = hashlib.sha256(version.encode() + config + entry.get("command", "").encode())
    obj = entry.get("output") or next((a for a in shlex.split(entry.get("command", ""))
                                       if a.endswith(".o")), "")
    inputs = deps.get(obj) or [source]
    for path in sorted(set(inputs)):
        h.update(path.encode() + b"\0" + digest(path).encode())
    return h.hexdigest()

cache = os.environ.get("TESSERA_TIDY_CACHE") or os.path.join(
    os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "tessera-tidy")
os.makedirs(cache, exist_ok=True)

def check(source):
    k = key(source)
    marker = os.path.join(cache, k)
    if os.path.exists(marker):
        return source, True, "", True
    # GCC-only warning flags (-Wshadow=local, -Wno-restrict) are unknown to clang.
    r = subprocess.run(["clang-tidy", "-p", build, "--quiet",
                        "--extra-arg=-Wno-unknown-warning-option", source],
                       capture_output=True, text=True)
    ok = r.returncode == 0
    if ok:
        open(marker, "w").close()
    report = r.stdout + ("" if ok else r.stderr)
    return source, ok, report, False

start = time.monotonic()
failed, cached = [], 0
with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
    for source, ok, report, hit in pool.map(check, sources):
        cached += hit
        if not ok:
            failed.append(source)
            sys.stdout.write(report)
            sys.stdout.flush()
elapsed = time.monotonic() - start
print(f"tidy.sh: {len(sources)} sources ({mode}), {cached} unchanged since a clean check, "
      f"{len(failed)} with findings, {elapsed:.0f} s")
if failed:
    print("tidy.sh: findings in: " + " ".join(failed), file=sys.stderr)
    sys.exit(1)
PY
