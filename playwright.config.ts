import { defineConfig, devices } from "@playwright/test";

// Two servers from the same production build: one with the demo loaded, one on an empty
// database (only users), to prove an exported set imports into a fresh install. E2E_PORT moves
// both (DEMO on it, EMPTY on the next) so two work trees can run the suite at once.
// E2E_DATABASE=postgresql serves both on fresh PostgreSQL databases instead (e2e/serve.sh):
// bin/test.sh runs the golden path that way too.
const DEMO_PORT = Number(process.env.E2E_PORT ?? 3210);
const EMPTY_PORT = DEMO_PORT + 1;

export default defineConfig({
  testDir: "e2e",
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    // recorded only when a test runs again after failing (CI retries once): recording every test's
    // trace costs about a quarter of the suite's CPU (Chromium's screencast), kept or not
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  webServer: [
    {
      command: `bash e2e/serve.sh demo ${DEMO_PORT}`,
      url: `http://127.0.0.1:${DEMO_PORT}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
    },
    {
      command: `bash e2e/serve.sh empty ${EMPTY_PORT}`,
      url: `http://127.0.0.1:${EMPTY_PORT}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
    },
  ],
  metadata: { demoUrl: `http://127.0.0.1:${DEMO_PORT}`, emptyUrl: `http://127.0.0.1:${EMPTY_PORT}` },
});
