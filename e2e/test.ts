import { type BrowserContext, test as base } from "@playwright/test";
import { DESKTOP_CONTEXT } from "./chromium";
import { DEMO_URL, EMPTY_URL } from "./helpers";

export { expect } from "@playwright/test";

/**
 * Playwright's `test`, with two changes:
 *
 * - A test's `page` opens in one browser context per worker, emptied between tests (cookies,
 *   permissions, pages, the servers' storage), instead of a new context per test: a new context
 *   starts without an HTTP cache, so each test's first page fetched and compiled the app's
 *   JavaScript again — the largest part of Chromium's CPU in the suite. A test run again after
 *   failing gets a context of its own, so its trace (recorded on the first retry) holds only it.
 * - The browser contexts a test opened itself (`browser.newContext()`, signedInPage) are closed
 *   when it ends. Playwright closes only the context of its own `page` fixture; the others stayed
 *   open for the rest of the worker's run, their pages still renewing query locks and polling the
 *   server from the specs that opened them.
 */
export const test = base.extend<{ closeOwnContexts: undefined }, { workerContext: BrowserContext }>({
  workerContext: [
    async ({ browser }, use) => {
      const context = await browser.newContext(DESKTOP_CONTEXT);
      await use(context);
      await context.close();
    },
    { scope: "worker" },
  ],
  context: async ({ context, workerContext }, use, testInfo) => {
    if (testInfo.retry > 0) return use(context);
    await use(workerContext);
    await Promise.all(workerContext.pages().map((page) => page.close()));
    await emptyContext(workerContext);
  },
  closeOwnContexts: [
    async ({ browser, workerContext }, use) => {
      const before = new Set([...browser.contexts(), workerContext]);
      await use(undefined);
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close({ reason: "Test ended." })));
    },
    { auto: true },
  ],
});

/** Forgets what a test left in the worker's context: cookies, permissions and the servers' storage. */
async function emptyContext(context: BrowserContext) {
  await context.clearCookies();
  await context.clearPermissions();
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  for (const origin of [DEMO_URL, EMPTY_URL]) {
    await session.send("Storage.clearDataForOrigin", {
      origin,
      storageTypes: "local_storage,session_storage,indexeddb,websql,service_workers,cache_storage",
    });
  }
  await session.detach();
  await page.close();
}
