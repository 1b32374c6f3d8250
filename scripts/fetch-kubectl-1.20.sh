#!/usr/bin/env bash
# Unpacks kubectl 1.20 (Debian 12's kubernetes-client package, what `apt install kubernetes-client`
# gives users) into DEST without installing it, so the serve tests can drive `tessera serve` with
# an old client beside the system's kubectl. Usage: scripts/fetch-kubectl-1.20.sh DEST
# scripts/test.sh runs it (DEST build/tools/kubernetes-client, where tests/serve/CMakeLists.txt
# looks); the build itself never downloads. Never fails: when the package cannot be fetched it
# says so, and the kubectl 1.20 tests skip (fail on CI) naming the missing binary.
set -uo pipefail
dest=${1:?usage: fetch-kubectl-1.20.sh DEST}
# Absolute: the package is downloaded and unpacked from a temporary directory.
dest=$(realpath -m "$dest")
[[ -x "$dest/usr/bin/kubectl" ]] && exit 0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 0
if ! apt-get download kubernetes-client >/dev/null 2>&1; then
  # A fresh machine may have no package lists yet.
  if [[ $(id -u) -eq 0 ]]; then apt-get update -q >/dev/null 2>&1; else sudo -n apt-get update -q >/dev/null 2>&1; fi
  apt-get download kubernetes-client >/dev/null 2>&1 || {
    echo "tessera: could not download Debian's kubernetes-client (kubectl 1.20): the kubectl 1.20 tests will fail" >&2
    exit 0
  }
fi
mkdir -p "$dest" && dpkg-deb -x kubernetes-client_*.deb "$dest" && echo "tessera: kubectl 1.20 unpacked in $dest"
exit 0
