import type { Page } from "@playwright/test";
import { DEMO_URL, waitForLiveWorkspace } from "./helpers";
import {
  ANNOTATOR,
  addAnnotator,
  demoExport,
  ENGINEER,
  importSet,
  signedInPage,
  unlabeled,
} from "./queue-fixtures";
import { expect, test } from "./test";

// Locks follow people: an annotator who leaves a query — by a link of the app, a full page load,
// closing the tab or leaving it in the background — releases its lock at once (a beacon), so another annotator's "Next" gets
// the query within seconds instead of after the lock runs out (a minute). The lock notice the
// other annotator sees on the query goes away on its own when the holder leaves.

/**
 * What /next opens for `page` now (the query's text), once the workspace is live: "Next" locks the
 * query it opens, and only a live workspace releases that lock when the page is left.
 */
async function nextQueryText(page: Page, setId: string): Promise<string> {
  await page.goto(`${DEMO_URL}/sets/${setId}/next`);
  await waitForLiveWorkspace(page);
  return (await page.getByTestId("query-text").textContent()) ?? "";
}

test("a query left by one annotator goes to the next one's Next within seconds", async ({ browser }) => {
  const engineer = await signedInPage(browser, ENGINEER);
  const demo = await demoExport(engineer);
  const file = unlabeled(demo, 3);
  const texts = file.queries.map((query) => query.text);
  const setId = await importSet(engineer, file, `Lock e2e ${Date.now()}`);
  const other = await addAnnotator(browser, "Bea");

  const ana = await signedInPage(browser, ANNOTATOR);
  const bea = await signedInPage(browser, other);
  // Ana opens the first query; Bea's Next passes it by while Ana has it, and says why it chose hers
  expect(await nextQueryText(ana, setId)).toBe(texts[0]);
  expect(await nextQueryText(bea, setId)).toBe(texts[1]);
  await expect(bea.getByTestId("next-reason")).toContainText("nobody has labeled it yet");
  // Bea looks at Ana's query: the notice says Ana has it open
  await bea.goto(`${DEMO_URL}/sets/${setId}/queries/${new URL(ana.url()).pathname.split("/").at(-1)}`);
  await expect(bea.getByTestId("query-text")).toHaveText(texts[0] ?? "");
  await expect(bea.getByTestId("lock-notice")).toContainText("has this query open");

  // 1. Ana leaves by a sidebar link (a client-side route change): the notice goes within seconds
  await ana.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Golden sets" }).click();
  await expect(ana).toHaveURL(`${DEMO_URL}/sets`);
  await expect(bea.getByTestId("lock-notice")).toHaveCount(0, { timeout: 10_000 });

  // 2. Bea now holds the first query and leaves by a full page load: Ana's Next gets it
  await bea.goto(`${DEMO_URL}/sets`);
  await expect.poll(() => nextQueryText(ana, setId), { timeout: 10_000 }).toBe(texts[0]);

  // 3. Ana closes the tab: Bea's Next gets the query
  await ana.close({ runBeforeUnload: true });
  await expect.poll(() => nextQueryText(bea, setId), { timeout: 10_000 }).toBe(texts[0]);
  await bea.screenshot({ path: "test-results/lock-handover-bea.png" });

  // 4. Bea's tab goes to the background (another tab in front): the engineer's Next gets the query
  await bea.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await expect.poll(() => nextQueryText(engineer, setId), { timeout: 10_000 }).toBe(texts[0]);
});
