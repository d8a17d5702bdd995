/**
 * The browser the end-to-end tests and the screenshot tools drive: Debian's
 * chromium-headless-shell (bin/test.sh installs it), or CHROMIUM_PATH. The headless shell has
 * no browser UI layer: a page in a new context cost it 0.24 s of CPU against the full Chromium's
 * 0.75 s in headless mode (README, "Test suite time"), and the suite loads a few thousand pages.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
