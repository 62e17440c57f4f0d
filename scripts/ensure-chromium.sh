#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when the machine lacks it.
set -euo pipefail
if [ -x "${CHROME_PATH:-/usr/bin/chromium}" ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing: install it with 'sudo apt-get install -y chromium' (or set CHROME_PATH)." >&2
  exit 1
fi
echo "Installing Chromium (Debian package)…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
