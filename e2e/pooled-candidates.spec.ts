import { DEMO_SET_NAME, DEMO_URL, signIn } from "./helpers";
import { expect, test } from "./test";

// The workspace pools candidates from BM25 and the set's chosen runs (the demo pools its dense
// and hybrid runs), shows which configuration retrieved each passage at what rank, and searches
// the corpus's full text. Engineers choose the pooled runs and the depth on the runs page.

async function openDemoSet(page: import("@playwright/test").Page) {
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();
  await expect(page.getByTestId("set-name")).toHaveText(DEMO_SET_NAME);
}

test("the workspace shows pooled candidates with their sources, and searches the corpus text", async ({
  page,
}) => {
  await signIn(page, {
    baseUrl: DEMO_URL,
    email: "annotator@goldenset.local",
    password: "goldenset-annotator",
  });
  await openDemoSet(page);
  await page.getByTestId("query-link").first().click();

  await expect(page.getByText("Top 10 of BM25, Dense LSA and Hybrid RRF, pooled")).toBeVisible();
  await expect(page.getByTestId("candidate-1")).toBeVisible();
  const sources = page.getByTestId("candidate-source");
  await expect(sources.filter({ hasText: /^BM25 #\d+$/ }).first()).toBeVisible();
  await expect(sources.filter({ hasText: /^Dense LSA #\d+$/ }).first()).toBeVisible();
  await expect(sources.filter({ hasText: /^Hybrid RRF #\d+$/ }).first()).toBeVisible();
  // Some passage was retrieved by more than one configuration: pooled once, with each rank.
  const counts = await page
    .getByTestId("candidate-passage")
    .evaluateAll((passages) =>
      passages.map((passage) => passage.querySelectorAll("[data-testid=candidate-source]").length),
    );
  expect(Math.max(...counts)).toBeGreaterThan(1);
  await expect(page.getByTestId("term-match").first()).toBeVisible();

  // Full-text search: words of a document's body, not its title.
  await page.getByTestId("corpus-search").fill("fan noise");
  const results = page.getByTestId("corpus-search-result");
  await expect(results.first()).toBeVisible();
  await expect(results.first().getByTestId("term-match").first()).toBeVisible();
  await page.getByTestId("corpus-search").press("Enter");
  await expect(page).toHaveURL(/\?doc=/);
});

test("an engineer changes the pool depth and runs on the runs page", async ({ page }) => {
  await signIn(page, {
    baseUrl: DEMO_URL,
    email: "engineer@goldenset.local",
    password: "goldenset-engineer",
  });
  await openDemoSet(page);
  await page.getByTestId("evaluate-link").click();
  const form = page.getByTestId("pool-settings-form");
  await form.getByTestId("pool-depth").fill("3");
  const runs = form.getByTestId("pool-run");
  const ticked: boolean[] = [];
  for (let index = 0; index < (await runs.count()); index++) ticked.push(await runs.nth(index).isChecked());
  expect(ticked.filter(Boolean)).toHaveLength(2);
  for (let index = 0; index < ticked.length; index++) await runs.nth(index).setChecked(false);
  await form.getByTestId("pool-settings-save").click();
  await expect(form.getByTestId("pool-settings-saved")).toHaveText("Saved: top 3 of BM25 alone.");

  await openDemoSet(page);
  await page.getByTestId("query-link").first().click();
  await expect(page.getByText("Top 3 of BM25, pooled")).toBeVisible();
  await expect(page.getByTestId("candidate-source").filter({ hasText: "Dense LSA" })).toHaveCount(0);

  // Put the demo's settings back for the other specs.
  await page.goBack();
  await page.getByTestId("evaluate-link").click();
  await form.getByTestId("pool-depth").fill("10");
  for (let index = 0; index < ticked.length; index++)
    await runs.nth(index).setChecked(ticked[index] ?? false);
  await form.getByTestId("pool-settings-save").click();
  await expect(form.getByTestId("pool-settings-saved")).toHaveText("Saved: top 10 of BM25 and 2 runs.");
});

test("annotators do not see the pooling form", async ({ page }) => {
  await signIn(page, {
    baseUrl: DEMO_URL,
    email: "annotator@goldenset.local",
    password: "goldenset-annotator",
  });
  await openDemoSet(page);
  await page.getByTestId("evaluate-link").click();
  await expect(page.getByTestId("pool-settings-form")).toHaveCount(0);
});
