#!/usr/bin/env bash
# `npm test`: lint, types, unit and web tests, browser journeys; with --pg (CI) the PostgreSQL run as well.
#
#   1. lint ‖ types of the server ‖ types of the web app ‖ the web app's build (side by side on two cores)
#   2. unit and web tests                                    (one Vitest worker per core: nothing runs beside it)
#   3. the browser journeys, one run on one shop [with --pg: their first part ‖ the PostgreSQL run, then their second]
#
# Steps side by side write to their own log; the first one of a group is shown as it runs and the others are
# printed whole, one after another, when the group ends, so no two outputs mix. Every step prints its time; a
# failed step is named at the end and the command exits non-zero.
set -uo pipefail
cd "$(dirname "$0")/.."

WITH_PG=false
for arg in "$@"; do
  case "$arg" in
    --pg) WITH_PG=true ;;
    *)
      echo "npm test: unknown option $arg (only --pg)" >&2
      exit 2
      ;;
  esac
done

LOGS="$(mktemp -d)"
trap 'rm -rf "$LOGS"' EXIT
# The demo pictures are drawn once per run: the unit tests draw them into this directory (empty at the start, so
# drawing is tested every run) and the PostgreSQL run reads them back from it.
export SHOP_TEST_PICTURES="$LOGS/pictures"
mkdir -p "$SHOP_TEST_PICTURES"
FAILED=()
TIMES=()

# group NAME CMD [NAME CMD ...]: runs the commands side by side; each CMD is one shell command line.
group() {
  local names=() pids=() i
  while [ $# -gt 0 ]; do
    names+=("$1")
    local n=${#names[@]}
    if [ "$n" -eq 1 ]; then
      echo "::: $1"
    else
      echo "::: $1 (beside it; its output follows when it ends)"
    fi
    (
      start=$SECONDS
      if [ "$n" -eq 1 ]; then
        bash -c "$2" 2>&1 | tee "$LOGS/$n.log"
        code=${PIPESTATUS[0]}
      else
        bash -c "$2" >"$LOGS/$n.log" 2>&1
        code=$?
      fi
      echo $((SECONDS - start)) >"$LOGS/$n.time"
      exit "$code"
    ) &
    pids+=($!)
    shift 2
  done
  for i in "${!pids[@]}"; do
    local code=0
    wait "${pids[$i]}" || code=$?
    local took
    took=$(cat "$LOGS/$((i + 1)).time" 2>/dev/null || echo '?')
    if [ "$i" -gt 0 ]; then
      echo "::: output of $(printf '%s' "${names[$i]}")"
      cat "$LOGS/$((i + 1)).log"
    fi
    if [ "$code" -ne 0 ]; then
      echo "::: ${names[$i]} FAILED (exit $code) after ${took}s"
      FAILED+=("${names[$i]} (exit $code)")
    else
      echo "::: ${names[$i]} took ${took}s"
    fi
    TIMES+=("$(printf '%4ds  %s' "$took" "${names[$i]}")")
  done
}

finish() {
  printf '\n::: npm test step times\n'
  printf '%s\n' "${TIMES[@]}"
  if [ ${#FAILED[@]} -gt 0 ]; then
    printf '::: FAILED: %s\n' "${FAILED[@]}" >&2
    exit 1
  fi
  exit 0
}

# The web app the journeys load is built here too, beside the single-threaded checks.
group 'lint' 'npm run -s lint' \
  'types (server)' 'npx tsc -p tsconfig.json' \
  'types (web app)' 'npx tsc -p web/tsconfig.json' \
  'web app build for the journeys' 'bash scripts/ensure-chromium.sh && node --import tsx scripts/build-web.ts --quiet'
[ ${#FAILED[@]} -eq 0 ] || finish

# Vitest's own default leaves one core to itself (one worker on two cores); its main process is idle once the files
# are transformed, so the step takes a worker per core.
group 'unit and web tests' "npm run -s test:unit -- --maxWorkers=$(node -p 'require("node:os").availableParallelism()')"
[ ${#FAILED[@]} -eq 0 ] || finish

# The browser journeys run in one Playwright run against one shop (playwright.config.ts). Two halves on two shops side
# by side beside the PostgreSQL run were tried: 819 s and 725 s and the PostgreSQL run 775 s, against 580 s for one run
# and 242 s for the PostgreSQL run beside it (docs/testing.md): the journeys use the CPU rather than wait, so a third
# stream of work at once only slows the other two. But with --pg the PostgreSQL run (one Vitest worker) ends well before the journeys, so the journeys come in two parts
# (E2E_PART, playwright.config.ts): the first beside the PostgreSQL run, the second (fourteen desktop files, on a shop of
# its own on port 3200) after it, beside the rest of the first: both cores stay busy to the end. Each part fails
# the step on its own; the second runs even when the PostgreSQL run failed.
if [ "$WITH_PG" = true ]; then
  group 'browser journeys (first part)' 'E2E_PART=first E2E_PORT=3100 npx playwright test' \
    'server tests on PostgreSQL (engine-dependent files), then the second part of the journeys' \
    'npm run -s test:pg -- --maxWorkers=1; pg=$?; echo "::: the second part of the journeys (port 3200)"; E2E_PART=second E2E_PORT=3200 npx playwright test; e2e=$?; [ "$pg" -eq 0 ] && [ "$e2e" -eq 0 ]'
else
  group 'browser journeys' 'E2E_PORT=3100 npx playwright test'
fi
finish
