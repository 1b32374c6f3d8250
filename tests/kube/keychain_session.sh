#!/usr/bin/env bash
# Runs the keychain test binary ($1) inside a private D-Bus session with an unlocked
# gnome-keyring (the recipe of shared/reference/toolchain.md). Without those tools the binary
# runs as is and skips its test, saying why.
set -euo pipefail
binary=$1
shift
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
    echo "keychain_session.sh: dbus-run-session or gnome-keyring-daemon missing; the test will skip"
    exec "$binary" "$@"
fi
export TESSERA_KEYCHAIN_BINARY=$binary
exec dbus-run-session -- bash -c '
    set -euo pipefail
    export HOME=$(mktemp -d) XDG_RUNTIME_DIR=$(mktemp -d)
    chmod 700 "$XDG_RUNTIME_DIR"
    trap "rm -rf \"$HOME\" \"$XDG_RUNTIME_DIR\"" EXIT
    eval "$(echo -n tessera-test | gnome-keyring-daemon --unlock --components=secrets)"
    export TESSERA_KEYCHAIN_SESSION=1
    "$TESSERA_KEYCHAIN_BINARY" "$@"
' keychain-session "$@"
