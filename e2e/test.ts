import { test as base } from "@playwright/test";

export { expect } from "@playwright/test";

/**
 * Playwright's `test`, closing the browser contexts a test opened itself (`browser.newContext()`,
 * signedInPage) when it ends. Playwright closes only the context of its own `page` fixture; the
 * others stayed open for the rest of the worker's run, their pages still renewing query locks and
 * polling the server from the specs that opened them.
 */
export const test = base.extend<{ closeOwnContexts: undefined }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close({ reason: "Test ended." })));
    },
    { auto: true },
  ],
});
