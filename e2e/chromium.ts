import { devices } from "@playwright/test";

/**
 * The browser the end-to-end tests and the screenshot tools drive: Debian's
 * chromium-headless-shell (bin/test.sh installs it), or CHROMIUM_PATH. The headless shell has
 * no browser UI layer: a page in a new context cost it 0.24 s of CPU against the full Chromium's
 * 0.75 s in headless mode (docs/test-suite-time.md), and the suite loads a few hundred pages.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

const { defaultBrowserType: _, ...desktopChrome } = devices["Desktop Chrome"];
/**
 * The settings of the suite's browser contexts (viewport, user agent, scale): the config's `use`
 * and the context each worker keeps (e2e/test.ts), which Playwright's options do not reach.
 */
export const DESKTOP_CONTEXT = desktopChrome;
