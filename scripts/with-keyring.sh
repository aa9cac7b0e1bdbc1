#!/usr/bin/env bash
# Runs a command against a real Secret Service that belongs to this run alone: a private D-Bus session, an
# unlocked gnome-keyring and a throwaway HOME, so the keychain tests never touch a developer's own keyring.
# Usage: scripts/with-keyring.sh <command...>   (the command's exit code is passed through)
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: scripts/with-keyring.sh <command...>" >&2
  exit 2
fi

for tool in dbus-run-session dbus-send gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "with-keyring: $tool not found; install dbus-daemon and gnome-keyring (Debian: apt-get install dbus-daemon gnome-keyring libsecret-1-dev)" >&2
    exit 127
  fi
done

# npm keeps its cache and config under HOME: point it at the real ones before HOME is replaced.
if [ -n "${HOME:-}" ]; then
  export npm_config_cache="${npm_config_cache:-$HOME/.npm}"
  export npm_config_userconfig="${npm_config_userconfig:-$HOME/.npmrc}"
fi

private_home="$(mktemp -d)"
trap 'rm -rf "$private_home"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

export HOME="$private_home"
# A desktop session's runtime dir and control socket would lead gnome-keyring to the member's real daemon.
export XDG_RUNTIME_DIR="$private_home/run"
mkdir -m 700 "$XDG_RUNTIME_DIR"
unset GNOME_KEYRING_CONTROL XDG_DATA_HOME XDG_CONFIG_HOME XDG_CACHE_HOME
export STAFF_DESK_KEYRING=1

# Inside the session: the --unlock password on stdin keeps the daemon from trying to show a prompt. The daemon
# claims org.freedesktop.secrets a moment after it returns, so wait for that (a command that came first would
# race it), and stop it afterwards: it outlives a session that ends quickly.
inside_session='
  printf %s "ci-pass" | gnome-keyring-daemon --unlock --components=secrets >/dev/null || {
    echo "with-keyring: gnome-keyring-daemon could not start an unlocked keyring" >&2
    exit 1
  }
  keyring_pid=""
  for _ in $(seq 100); do
    keyring_pid="$(dbus-send --session --print-reply=literal --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets 2>/dev/null | awk "{ print \$2 }")" || true
    [ -n "$keyring_pid" ] && break
    sleep 0.1
  done
  if [ -z "$keyring_pid" ]; then
    echo "with-keyring: gnome-keyring-daemon did not offer the Secret Service on the private D-Bus session" >&2
    exit 1
  fi
  trap "kill $keyring_pid 2>/dev/null || true" EXIT
  "$@"
'

status=0
dbus-run-session -- bash -c "$inside_session" with-keyring "$@" || status=$?
exit "$status"
