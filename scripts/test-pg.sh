#!/usr/bin/env bash
# Runs server test files on a fresh PostgreSQL database (TEST_DATABASE_URL, or a local server on 127.0.0.1:5432).
#
#   bash scripts/test-pg.sh                  the files whose result can depend on the engine (below)
#   bash scripts/test-pg.sh path/to/x.test.ts  the files named (any server test file); options go to Vitest
#   bash scripts/test-pg.sh --list           prints the files the first form runs, and why
#
# Every server test file runs on the embedded database in `npm test`. On PostgreSQL run the files where the engine
# can change the outcome: SQL-heavy services, row and advisory locks, LISTEN/NOTIFY, two servers on one database,
# migrations, races and concurrency. A file is one of them when it
#   - has a line `// @postgres: <why>` (put it first in the file), or
#   - branches on the engine itself (`onPostgres`, `process.env.TEST_DATABASE_URL`), or
#   - is named for it: *race*, *concurren*, *lock*, *migration*, two-instances.
# A new test with concurrent requests, locks or engine-specific SQL gets the `// @postgres:` line.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"

pg_files() {
  (
    cd "$ROOT"
    grep -rlE '^// @postgres:|onPostgres|process\.env\.TEST_DATABASE_URL' server contract bench --include='*.test.ts' || true
    find server contract bench -name '*.test.ts' \
      \( -name '*race*' -o -name '*concurren*' -o -name '*lock*' -o -name '*migration*' -o -name 'two-instances*' \)
  ) | sort -u
}

if [ "${1:-}" = "--list" ]; then
  while read -r f; do
    why=$(grep -m1 -oE '^// @postgres: .*' "$ROOT/$f" | sed 's#^// @postgres: ##' || true)
    if [ -z "$why" ] && grep -qE 'onPostgres|process\.env\.TEST_DATABASE_URL' "$ROOT/$f"; then why='branches on the engine'; fi
    printf '%-58s %s\n' "$f" "${why:-named for it}"
  done < <(pg_files)
  exit 0
fi

PGURL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
# The run's databases are dropped at its end, so their commits need not wait for the disk: every connection of the
# run (the tests', and the shops they start) sets synchronous_commit off for itself; the server's own settings are
# untouched, and nothing a test checks depends on a commit surviving a crash of PostgreSQL itself. Six server test
# files took 99-107 s instead of 118-131 s (docs/testing.md).
export PGOPTIONS="${PGOPTIONS:--c synchronous_commit=off}"
if command -v pg_isready >/dev/null && ! pg_isready -q -h 127.0.0.1 -p 5432; then
  if command -v pg_ctlcluster >/dev/null; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  fi
fi
bash "$ROOT/scripts/ensure-pdftotext.sh"
DB="shop_ci_$(date +%s)_$$"
psql "$PGURL" -v ON_ERROR_STOP=1 -qc "create database $DB" >/dev/null
trap 'psql "$PGURL" -qc "drop database if exists $DB with (force)" >/dev/null 2>&1 || true' EXIT
base="${PGURL%/*}"
named=false
for arg in "$@"; do
  case "$arg" in -*) ;; *) named=true ;; esac
done
if [ "$named" = false ]; then
  mapfile -t files < <(pg_files | sed "s#^#$ROOT/#")
  echo "PostgreSQL: ${#files[@]} engine-dependent test files (bash scripts/test-pg.sh --list says which and why)"
  set -- "$@" "${files[@]}"
fi
TEST_DATABASE_URL="$base/$DB" npx vitest run --project server --project server-mocks "$@"
