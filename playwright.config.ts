import { defineConfig } from "@playwright/test";
import { CHROMIUM_PATH, DESKTOP_CONTEXT } from "./e2e/chromium";
import { EMPTY_PORT, LANES, lanePort } from "./e2e/ports";

// Servers from the same production build: one with the demo loaded per lane (spec files run in
// E2E_WORKERS lanes at once, each on its own demo data), and one on an empty database (only
// users), to prove an exported set imports into a fresh install. E2E_PORT moves them all
// (e2e/ports.ts) so two work trees can run the suite at once. E2E_DATABASE=postgresql serves them
// on fresh PostgreSQL databases instead (e2e/serve.sh): bin/test.sh runs the golden path that way too.
const demoServers = Array.from({ length: LANES }, (_, lane) => {
  const port = lanePort(0, lane);
  return {
    command: `bash e2e/serve.sh demo ${port}`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
  };
});

export default defineConfig({
  testDir: "e2e",
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: LANES,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // the run beside this one (bin/test.sh's golden path on PostgreSQL) writes elsewhere: each run
  // empties its output folder when it starts, and this run's failure screenshots must stay
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  use: {
    ...DESKTOP_CONTEXT,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        // the pages of one site in one context share a renderer process (e2e/test.ts, the keeper)
        "--process-per-site",
      ],
    },
    // recorded only when a test runs again after failing (CI retries once): recording every test's
    // trace costs about a quarter of the suite's CPU (Chromium's screencast), kept or not
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  webServer: [
    ...demoServers,
    {
      command: `bash e2e/serve.sh empty ${EMPTY_PORT}`,
      url: `http://127.0.0.1:${EMPTY_PORT}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
    },
  ],
});
