#!/usr/bin/env bash
# Runs the server suite on a fresh PostgreSQL database (TEST_DATABASE_URL, or a local server on 127.0.0.1:5432).
set -euo pipefail
PGURL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
if command -v pg_isready >/dev/null && ! pg_isready -q -h 127.0.0.1 -p 5432; then
  if command -v pg_ctlcluster >/dev/null; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  fi
fi
bash "$(dirname "$0")/ensure-pdftotext.sh"
DB="shop_ci_$(date +%s)_$$"
psql "$PGURL" -v ON_ERROR_STOP=1 -qc "create database $DB" >/dev/null
trap 'psql "$PGURL" -qc "drop database if exists $DB with (force)" >/dev/null 2>&1 || true' EXIT
base="${PGURL%/*}"
TEST_DATABASE_URL="$base/$DB" npx vitest run --project server "$@"
