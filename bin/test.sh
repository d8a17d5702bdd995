#!/usr/bin/env bash
# npm test: install what is missing (Chromium included), then every check and test — types,
# lint/format, unit and integration (Vitest), a production build, and end-to-end (Playwright).
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
mkdir -p .test-reports
echo "› Unit and integration tests"; npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest.json
echo "› Production build"; npx next build
echo "› End-to-end tests (Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME=.test-reports/playwright.json npx playwright test --reporter=list,json
node bin/summarize-tests.mjs .test-reports/vitest.json .test-reports/playwright.json
