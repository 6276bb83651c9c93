#!/usr/bin/env bash
# Runs a command with a real Secret Service: a private D-Bus session and a gnome-keyring
# daemon unlocked with a throwaway password, so keytar is tested against the real keychain
# and never a fake. Used by the test command; harmless to nest.
set -euo pipefail
if [ "${PERCH_KEYRING_READY:-}" = "1" ]; then exec "$@"; fi
exec dbus-run-session -- bash -c '
  set -euo pipefail
  export HOME="${PERCH_KEYRING_HOME:-$(mktemp -d)}"
  mkdir -p "$HOME/.local/share/keyrings"
  # --unlock reads the password from stdin and creates the login keyring with it.
  eval "$(printf "throwaway-test-password" | gnome-keyring-daemon --unlock --components=secrets)"
  export GNOME_KEYRING_CONTROL PERCH_KEYRING_READY=1
  exec "$@"
' perch-keyring "$@"
