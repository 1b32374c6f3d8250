#!/usr/bin/env bash
# Installs the Debian 12 packages Tessera needs to build, test and run, if any are missing.
# Idempotent: when everything is present it does nothing and needs no network.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev libqt6sql6-sqlite
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
  libyaml-cpp-dev libyaml-dev qtkeychain-qt6-dev libsimdjson-dev libexpected-dev
  libprotobuf-dev protobuf-compiler libssl-dev
  libgtest-dev libgmock-dev libbenchmark-dev libgl-dev
  xvfb xauth fonts-dejavu-core fonts-noto-cjk dbus-user-session gnome-keyring libsecret-1-0
  imagemagick poppler-utils appstream dpkg-dev fakeroot file ccache
  clang # the libFuzzer harnesses (preset fuzz, scripts/fuzz.sh)
  dbus-daemon # a private session bus for the desktop-notification test (Workbench.*)
  clang-format clang-tidy # 14 on Debian 12: scripts/check-format.sh, scripts/tidy.sh
  python3-kubernetes # the official Python client, driven against `tessera serve` (tests/serve)
  ruby-kubeclient # Ruby's kubeclient: its watches use the legacy watch paths (tests/serve)
)
# dbus-x11 must NOT be installed: with it, keychain calls under xvfb-run autolaunch a bus and hang.

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "tessera: installing missing packages: ${missing[*]}" >&2
sudo=""
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "tessera: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
