#!/usr/bin/env bash
# npm test: install what is missing (Chromium included), then every check and test — types,
# lint/format, the layers, unused code (knip), the derived PostgreSQL schema, unit and integration (Vitest, on SQLite), the
# integration tests again on PostgreSQL when it is reachable (GOLDENSET_TEST_POSTGRES_URL, default
# postgresql://postgres@127.0.0.1:5432/postgres; test databases are copies of a migrated template),
# a production build, and end-to-end (Playwright).
#
# Two lanes run at once (README, "Test suite time"): the checks and the Vitest passes in the
# foreground, and the production build, then Playwright and the golden path on PostgreSQL side by
# side, in the background, its output kept in .test-reports/e2e.log and printed once the foreground
# is done.
# They share nothing but the build (temporary files and databases of their own, the e2e servers on
# E2E_PORT and the ports after it, e2e/ports.ts); together they keep both cores busy. A failed check
# ends the run; every test stage runs even when an earlier one failed; the closing line counts
# them all and the exit status is 1 when any check or test failed.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
# better-sqlite3 compiles while the checks and the build run (bin/install-deps.sh); whatever opens
# a SQLite database waits for it (bin/await-native-build.sh)
bash bin/install-deps.sh --native-in-background
# the end-to-end tests drive Chromium's headless shell (e2e/chromium.ts): a third of the full
# browser's CPU per page
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium-headless-shell ]; then
  echo "› Installing Chromium's headless shell (Debian package) for the end-to-end tests…"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium-headless-shell >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium-headless-shell >/dev/null; fi
fi
# The run's temporary files (test databases, CLI fixtures, the end-to-end servers' databases,
# Chromium's profiles) in a folder of its own on tmpfs where there is one: the disk's flushes
# (a SQLite commit syncs its journal and file) cost CPU and wall time a throwaway file does not
# need, and the folder goes when the run ends, whatever the tests left in it. Not where programs
# may not run (a noexec mount): the packed-install test runs the goldenset it installs there.
# A run killed too hard for its EXIT trap (SIGKILL) leaves its folder, which holds memory while it
# stays on tmpfs: each run notes its shell's pid in its folder, and the next one removes the
# folders whose run has ended (not another user's: its process answers EPERM but is in /proc).
run_tmp=""
if [ -d /dev/shm ] && [ -w /dev/shm ]; then
  for stale in /dev/shm/goldenset-test-*; do
    [ -f "$stale/run-pid" ] || continue
    pid="$(cat "$stale/run-pid")"
    if ! kill -0 "$pid" 2>/dev/null && [ ! -e "/proc/$pid" ]; then rm -rf "$stale"; fi
  done
  run_tmp="$(mktemp -d /dev/shm/goldenset-test-XXXXXX)"
  echo $$ > "$run_tmp/run-pid"
  printf '#!/bin/sh\n' > "$run_tmp/can-run" && chmod +x "$run_tmp/can-run"
  if "$run_tmp/can-run" 2>/dev/null; then
    rm -f "$run_tmp/can-run"
    export TMPDIR="$run_tmp"
  else
    rm -rf "$run_tmp"
    run_tmp=""
  fi
fi
remove_run_tmp() { if [ -n "$run_tmp" ]; then rm -rf "$run_tmp"; fi; }
started=$SECONDS
stage_times=""
# stage NAME COMMAND…: runs it, notes its wall time for the closing table
stage() {
  local name="$1" begin=$SECONDS status=0
  shift
  "$@" || status=$?
  stage_times+="$(printf '%5ss  %s' $((SECONDS - begin)) "$name")"$'\n'
  return "$status"
}
mkdir -p .test-reports
rm -f .test-reports/vitest-postgresql.json .test-reports/playwright.json .test-reports/playwright-postgresql.json
postgres=no
if node bin/postgres-reachable.mjs; then postgres=yes; fi

# The background lane: production build, then the end-to-end suite and, beside it, the golden path
# on PostgreSQL when a server is reachable. The foreground lane (checks, both Vitest passes) takes
# about as long.
end_to_end() {
  local status=0 begin=$SECONDS
  echo "› Production build"
  # the type check in the other lane covers the build's files: the build skips its own (next.config.ts)
  if ! GOLDENSET_TYPES_CHECKED=1 npx next build; then
    echo "› SKIPPED: the end-to-end tests (the production build failed)"
    return 1
  fi
  echo "     build: $((SECONDS - begin))s"
  if ! bash bin/await-native-build.sh; then
    echo "› SKIPPED: the end-to-end tests (better-sqlite3 did not compile)"
    return 1
  fi
  # the golden path on PostgreSQL runs beside the suite, not after it: run last, it was ~40 s with
  # the other lane done and a core idle
  local golden_pid=""
  if [ "$postgres" = yes ]; then
    golden_path_on_postgresql > .test-reports/e2e-postgresql.log 2>&1 &
    golden_pid=$!
  fi
  echo "› End-to-end tests (Chromium)"
  PLAYWRIGHT_JSON_OUTPUT_NAME=.test-reports/playwright.json npx playwright test --reporter=list,json || status=1
  echo "     end-to-end: $((SECONDS - begin))s since the build began"
  if [ -n "$golden_pid" ]; then
    wait "$golden_pid" || status=1
    cat .test-reports/e2e-postgresql.log
  fi
  return "$status"
}
# The golden path again with both servers on PostgreSQL (e2e/serve.sh), its own output folder, its
# servers 500 ports on (e2e/ports.ts): clear of the suite's, ten ports per lane, which run beside it.
golden_path_on_postgresql() {
  local begin=$SECONDS status=0
  echo "› End-to-end golden path on PostgreSQL (beside the end-to-end tests)"
  E2E_DATABASE=postgresql E2E_WORKERS=1 E2E_PORT=$(( ${E2E_PORT:-3210} + 500 )) E2E_OUTPUT_DIR=test-results-postgresql \
    PLAYWRIGHT_JSON_OUTPUT_NAME=.test-reports/playwright-postgresql.json \
    npx playwright test e2e/golden-path.spec.ts --reporter=list,json || status=1
  echo "     golden path on PostgreSQL: $((SECONDS - begin))s"
  return "$status"
}
echo "› Production build and end-to-end tests: in the background, output in .test-reports/e2e.log"
e2e_begin=$SECONDS
end_to_end > .test-reports/e2e.log 2>&1 &
e2e_pid=$!
# stopped with its children (build, Playwright, servers) if this script ends early
stop_tree() {
  local child
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do stop_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
trap 'stop_tree "$e2e_pid"; remove_run_tmp' EXIT

# the checks, while the build runs in the other lane; a failed check ends the run (set -e)
# TypeScript 7 (the native compiler, package.json's typescript-native): the same checks in a seventh
# of TypeScript 5's CPU; Next.js keeps TypeScript 5, whose API it reads tsconfig.json with
echo "› Type check"; stage "type check" npm run --silent typecheck
echo "› Lint and format"; stage "lint and format" npx biome ci .
echo "› Architecture (dependency layers)"; stage "architecture" node bin/check-architecture.mjs
echo "› Unused files, exports and dependencies (knip)"; stage "unused code" npx knip --no-progress
echo "› PostgreSQL schema derived from prisma/schema.prisma"
stage "derived schema" node bin/derive-postgresql-schema.mjs --check
failed=0
stage "better-sqlite3 compiled" bash bin/await-native-build.sh
echo "› Unit and integration tests (SQLite)"
stage "vitest (SQLite)" npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest.json || failed=1
if [ "$postgres" = yes ]; then
  echo "› Integration tests on PostgreSQL (every test file that opens a database, and the migration drift check)"
  stage "vitest (PostgreSQL)" env GOLDENSET_TEST_DATABASE=postgresql \
    npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest-postgresql.json || failed=1
else
  echo "› SKIPPED: the integration tests and the end-to-end golden path on PostgreSQL (no server reachable; see the line above). They ran on SQLite only."
fi
echo "› Waiting for the production build and end-to-end tests…"
wait "$e2e_pid" || failed=1
stage_times+="$(printf '%5ss  %s' $((SECONDS - e2e_begin)) "build, end-to-end, golden path on PostgreSQL (the background lane)")"$'\n'
stage_times="${stage_times%$'\n'}"
trap remove_run_tmp EXIT
cat .test-reports/e2e.log
echo "› Test suite time (wall clock; the two lanes overlap)"
printf '%s\n' "$stage_times" "$(printf '%5ss  total (checks and tests)' $((SECONDS - started)))"
reports=()
for report in vitest vitest-postgresql playwright playwright-postgresql; do
  [ -f ".test-reports/$report.json" ] && reports+=(".test-reports/$report.json")
done
node bin/summarize-tests.mjs "${reports[@]}" || failed=1
exit "$failed"
