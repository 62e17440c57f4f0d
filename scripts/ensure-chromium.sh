#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when the machine lacks it, and its headless shell: the journeys run
# in the headless shell when it is there (the same Blink, no browser UI: about a sixth less CPU for the same journeys,
# docs/testing.md); a machine with only `chromium` runs them in that.
set -euo pipefail
want=()
if [ -n "${CHROME_PATH:-}" ]; then
  [ -x "$CHROME_PATH" ] && exit 0
  echo "CHROME_PATH=$CHROME_PATH is not an executable file." >&2
  exit 1
fi
[ -x /usr/bin/chromium ] || want+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || want+=(chromium-headless-shell)
[ ${#want[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != "0" ]; then
  if [ -x /usr/bin/chromium ]; then exit 0; fi
  echo "Chromium is missing: install it with 'sudo apt-get install -y chromium chromium-headless-shell' (or set CHROME_PATH)." >&2
  exit 1
fi
echo "Installing ${want[*]} (Debian packages)…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# The headless shell is a help, not a need: a Debian without the package still runs the journeys in Chromium.
apt-get install -y -qq chromium >/dev/null
apt-get install -y -qq chromium-headless-shell >/dev/null 2>&1 || echo "chromium-headless-shell could not be installed: the journeys run in Chromium" >&2
