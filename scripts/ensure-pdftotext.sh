#!/usr/bin/env bash
# Installs Debian's poppler-utils when the machine lacks pdftotext: the invoice and credit-note tests read the
# shop's PDFs back with it.
set -euo pipefail
if command -v pdftotext >/dev/null; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "pdftotext is missing: install it with 'sudo apt-get install -y poppler-utils'." >&2
  exit 1
fi
echo "Installing poppler-utils (Debian package)…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq poppler-utils >/dev/null
