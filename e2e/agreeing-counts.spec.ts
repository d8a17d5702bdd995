import type { Locator, Page } from "@playwright/test";
import { DEMO_SET_NAME, DEMO_URL, signIn } from "./helpers";
import { expect, test } from "./test";

// Issue 22: one definition of each count (lib/sets/query-counts.ts). The numbers are read off the
// set page, the assignments page, a run page and the overview for the demo set, in Chromium, and
// must agree — the assignments page used to say "Done 0" for the annotator the set page credited
// with every labeled query. Read-only: it changes nothing on the demo server.

const engineer = { email: "engineer@goldenset.local", password: "goldenset-engineer" };
const annotatorName = "Ana Annotator";

/** "1,405" → 1405; fails on anything but a count. */
async function countIn(locator: Locator): Promise<number> {
  const text = (await locator.first().textContent())?.trim() ?? "";
  expect(text, "a count with thousands separators").toMatch(/^\d{1,3}(,\d{3})*$/);
  return Number(text.replaceAll(",", ""));
}

async function openDemoSet(page: Page): Promise<string> {
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();
  await expect(page).toHaveURL(/\/sets\/[^/]+$/);
  return new URL(page.url()).pathname.split("/").at(-1) ?? "";
}

test("the set page, the assignments page, a run page and the overview agree on the set's counts", async ({
  page,
}) => {
  await signIn(page, { baseUrl: DEMO_URL, ...engineer });
  const setId = await openDemoSet(page);

  // the set page: its stats, and the set health's size bar and per-annotator table
  const labeled = await countIn(page.getByTestId("set-labeled").locator("div").nth(1));
  const noAnswer = await countIn(page.getByTestId("set-no-answer").locator("div").nth(1));
  const relevant = await countIn(page.getByTestId("set-relevant-count"));
  expect(relevant).toBeGreaterThan(0);
  await expect(page.getByTestId("set-relevant")).toContainText(`· goal 30`);
  await expect(page.getByTestId("labeled-size")).toContainText(
    `${relevant.toLocaleString("en-US")} queries with relevant labels · goal 30`,
  );
  const healthRow = page
    .getByTestId("set-health-annotators")
    .locator("tr")
    .filter({ hasText: annotatorName });
  const annotatorQueries = await countIn(healthRow.locator("td").nth(1));

  // the assignments page: the set's line, and the annotator's own row
  await page.goto(`${DEMO_URL}/sets/${setId}/assignments`);
  expect(await countIn(page.getByTestId("set-counts-labeled"))).toBe(labeled);
  expect(await countIn(page.getByTestId("set-counts-relevant"))).toBe(relevant);
  const progressRow = page.getByTestId("progress-row").filter({ hasText: annotatorName });
  // she marked done what the set counts as closed (labeled or no answer), not 0
  expect(await countIn(progressRow.getByTestId("progress-done"))).toBe(labeled + noAnswer);
  expect(await countIn(progressRow.getByTestId("progress-labeled-queries"))).toBe(annotatorQueries);

  // a run page: the queries it evaluated when scored, and its holes strip's queries now
  await page.goto(`${DEMO_URL}/runs?q=${encodeURIComponent("BM25 baseline")}`);
  await page
    .getByTestId("run-link")
    .filter({ hasText: /^BM25 baseline v1$/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("BM25 baseline v1");
  await expect(page.getByTestId("run-queries")).toContainText("those with relevant labels when scored");
  // no spec before this one changes the demo set's labels, so "when scored" is still "now"
  expect(await countIn(page.getByTestId("run-evaluated"))).toBe(relevant);
  expect(await countIn(page.getByTestId("run-holes-queries"))).toBe(relevant);
  await expect(page.getByTestId("run-holes")).toContainText(
    `over the ${relevant.toLocaleString("en-US")} queries with relevant labels now`,
  );

  // the overview: the set's row, labeled of total and queries with relevant labels against the goal
  await page.goto(`${DEMO_URL}/`);
  const overviewRow = page.locator("tr").filter({ has: page.getByRole("link", { name: DEMO_SET_NAME }) });
  await expect(overviewRow).toContainText(`${labeled.toLocaleString("en-US")} of `);
  await expect(overviewRow).toContainText(`${relevant.toLocaleString("en-US")} · goal 30`);
});
