#!/usr/bin/env bash
# Installs what the document tests read the shop's PDFs back with when the machine lacks it: Debian's poppler-utils
# (pdftotext for the text, pdftoppm to draw a page) and zbar-tools (zbarimg reads an e-invoice's QR code).
set -euo pipefail
missing=()
command -v pdftotext >/dev/null && command -v pdftoppm >/dev/null || missing+=(poppler-utils)
command -v zbarimg >/dev/null || missing+=(zbar-tools)
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "${missing[*]} missing: install with 'sudo apt-get install -y ${missing[*]}'." >&2
  exit 1
fi
echo "Installing ${missing[*]} (Debian packages)…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
