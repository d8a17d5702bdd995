import { type BrowserContext, test as base, type Page } from "@playwright/test";
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
 * - That context keeps one page of its own open on the servers' site (`keeper`, never handed to a
 *   test): Chromium runs with --process-per-site (playwright.config.ts), so the pages a test opens
 *   join the keeper's renderer process instead of each starting one (~0.2 s of CPU a page), and
 *   the storage is cleared through the keeper between tests.
 * - The browser contexts a test opened itself (`browser.newContext()`, signedInPage) are closed
 *   when it ends. Playwright closes only the context of its own `page` fixture; the others stayed
 *   open for the rest of the worker's run, their pages still renewing query locks and polling the
 *   server from the specs that opened them.
 */
type WorkerContext = { context: BrowserContext; keeper: Page };

export const test = base.extend<{ closeOwnContexts: undefined }, { workerContext: WorkerContext }>({
  workerContext: [
    async ({ browser }, use) => {
      const context = await browser.newContext(DESKTOP_CONTEXT);
      const keeper = await context.newPage();
      // a response that renders nothing: the page only holds the site's renderer process
      await keeper.goto(`${DEMO_URL}/api/health`);
      await use({ context, keeper });
      await context.close();
    },
    { scope: "worker" },
  ],
  context: async ({ context, workerContext }, use, testInfo) => {
    if (testInfo.retry > 0) return use(context);
    const { context: kept, keeper } = workerContext;
    await use(kept);
    await Promise.all(kept.pages().map((page) => (page === keeper ? undefined : page.close())));
    await emptyContext(kept, keeper);
  },
  closeOwnContexts: [
    async ({ browser, workerContext }, use) => {
      const before = new Set([...browser.contexts(), workerContext.context]);
      await use(undefined);
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close({ reason: "Test ended." })));
    },
    { auto: true },
  ],
});

/** Forgets what a test left in the worker's context: cookies, permissions and the servers' storage. */
async function emptyContext(context: BrowserContext, keeper: Page) {
  await context.clearCookies();
  await context.clearPermissions();
  const session = await context.newCDPSession(keeper);
  for (const origin of [DEMO_URL, EMPTY_URL]) {
    await session.send("Storage.clearDataForOrigin", {
      origin,
      storageTypes: "local_storage,session_storage,indexeddb,websql,service_workers,cache_storage",
    });
  }
  await session.detach();
}
