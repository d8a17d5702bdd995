#!/usr/bin/env bash
# npm test: install what is missing (Chromium included), then every check and test — types,
# lint/format, the derived PostgreSQL schema, unit and integration (Vitest, on SQLite), the
# integration tests again on PostgreSQL when it is reachable (GOLDENSET_TEST_POSTGRES_URL, default
# postgresql://postgres@127.0.0.1:5432/postgres; each test file makes and drops its own databases),
# a production build, and end-to-end (Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
bash bin/install-deps.sh
if [ ! -x /usr/bin/chromium ]; then
  echo "› Installing Chromium (Debian package) for the end-to-end tests…"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi
fi
echo "› Type check"; npx tsc --noEmit
echo "› Lint and format"; npx biome ci .
echo "› Architecture (dependency layers)"; node bin/check-architecture.mjs
echo "› PostgreSQL schema derived from prisma/schema.prisma"; node bin/derive-postgresql-schema.mjs --check
mkdir -p .test-reports
rm -f .test-reports/vitest-postgresql.json
echo "› Unit and integration tests (SQLite)"; npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest.json
if node bin/postgres-reachable.mjs; then
  echo "› Integration tests on PostgreSQL (every test file that opens a database, and the migration drift check)"
  GOLDENSET_TEST_DATABASE=postgresql npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest-postgresql.json
else
  echo "› SKIPPED: the integration tests on PostgreSQL (no server reachable; see the line above). They ran on SQLite only."
fi
echo "› Production build"; npx next build
echo "› End-to-end tests (Chromium)"
rm -f .test-reports/playwright-postgresql.json
PLAYWRIGHT_JSON_OUTPUT_NAME=.test-reports/playwright.json npx playwright test --reporter=list,json
if node bin/postgres-reachable.mjs; then
  # the golden path again with both servers on PostgreSQL (e2e/serve.sh), two ports further on
  echo "› End-to-end golden path on PostgreSQL"
  E2E_DATABASE=postgresql E2E_PORT=$(( ${E2E_PORT:-3210} + 2 )) PLAYWRIGHT_JSON_OUTPUT_NAME=.test-reports/playwright-postgresql.json \
    npx playwright test e2e/golden-path.spec.ts --reporter=list,json
else
  echo "› SKIPPED: the end-to-end golden path on PostgreSQL (no server reachable)."
fi
node bin/summarize-tests.mjs .test-reports/vitest.json .test-reports/playwright.json \
  $(ls .test-reports/vitest-postgresql.json .test-reports/playwright-postgresql.json 2>/dev/null)
