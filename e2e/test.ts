import { type BrowserContext, test as base, type Page } from "@playwright/test";
import { DESKTOP_CONTEXT } from "./chromium";
import { DEMO_URL } from "./helpers";

export { expect } from "@playwright/test";

/**
 * The worker's context, the origins its pages have reached since it was last emptied, and its
 * keeper page with the spec file that page was opened for.
 */
type WorkerContext = { context: BrowserContext; origins: Set<string>; keeper?: Page; file?: string };

/**
 * Playwright's `test`, with these changes:
 *
 * - A test's `page` opens in one browser context per worker, emptied between tests (cookies,
 *   permissions, pages, the storage of every server it reached), instead of a new context per
 *   test: a new context starts without an HTTP cache, so each test's first page fetched and
 *   compiled the app's JavaScript again — the largest part of Chromium's CPU in the suite. A test
 *   run again after failing gets a context of its own, so its trace (recorded on the first retry)
 *   holds only it.
 * - That context keeps one page of its own open on the servers' site (`keeper`, never handed to a
 *   test), a new one for each spec file: Chromium runs with --process-per-site
 *   (playwright.config.ts), so the pages a test opens join the keeper's renderer process instead of
 *   each starting one (~0.2 s of CPU a page), and the storage is cleared through the keeper between
 *   tests. One renderer kept for the worker's whole run grew costlier as it aged and saved nothing.
 * - The browser contexts a test opened itself (`browser.newContext()`, signedInPage) are closed
 *   when it ends. Playwright closes only the context of its own `page` fixture; the others stayed
 *   open for the rest of the worker's run, their pages still renewing query locks and polling the
 *   server from the specs that opened them.
 */
export const test = base.extend<{ closeOwnContexts: undefined }, { workerContext: WorkerContext }>({
  workerContext: [
    async ({ browser }, use) => {
      const context = await browser.newContext(DESKTOP_CONTEXT);
      // every server a test reaches, the specs' own included (e2e/ports.ts), has its storage cleared
      const origins = new Set<string>();
      context.on("request", (request) => {
        const { origin, protocol } = new URL(request.url());
        if (protocol === "http:" || protocol === "https:") origins.add(origin);
      });
      await use({ context, origins });
      await context.close();
    },
    { scope: "worker" },
  ],
  context: async ({ context, workerContext }, use, testInfo) => {
    if (testInfo.retry > 0) return use(context);
    const kept = workerContext.context;
    let keeper = workerContext.keeper;
    if (!keeper || workerContext.file !== testInfo.file) {
      await keeper?.close();
      keeper = await openKeeper(kept);
      Object.assign(workerContext, { keeper, file: testInfo.file });
    }
    await use(kept);
    await Promise.all(kept.pages().map((page) => (page === keeper ? undefined : page.close())));
    await emptyContext(kept, keeper, workerContext.origins);
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

/** A page on the servers' site that renders nothing (a JSON response): it only holds the renderer. */
async function openKeeper(context: BrowserContext): Promise<Page> {
  const keeper = await context.newPage();
  await keeper.goto(`${DEMO_URL}/api/health`);
  return keeper;
}

/**
 * Forgets what a test left in the worker's context: cookies, permissions and the storage of the
 * origins its pages reached.
 */
async function emptyContext(context: BrowserContext, keeper: Page, origins: Set<string>) {
  await context.clearCookies();
  await context.clearPermissions();
  const session = await context.newCDPSession(keeper);
  for (const origin of origins) {
    await session.send("Storage.clearDataForOrigin", {
      origin,
      storageTypes: "local_storage,session_storage,indexeddb,websql,service_workers,cache_storage",
    });
  }
  await session.detach();
  origins.clear();
}
