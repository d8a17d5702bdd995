import type { Page } from "@playwright/test";
import { DEMO_SET_NAME, DEMO_URL, signIn } from "./helpers";
import { expect, test } from "./test";

// Dev and holdout queries on the demo server: an engineer splits the demo set on its page (seed
// shown, each query's side in the list), a sweep over chunk size then picks its point on dev and
// shows that point's holdout number and the gap, and the comparison page offers the split. The
// split is cleared at the end, so the demo set is as the seed left it for the other specs.
test.describe.configure({ mode: "serial" });

const engineer = { email: "engineer@goldenset.local", password: "goldenset-engineer" };
const SEED = "20261201";

async function openDemoSet(page: Page) {
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();
  await expect(page).toHaveURL(/\/sets\/[^/]+$/);
}

test.beforeEach(async ({ page }) => {
  await signIn(page, { baseUrl: DEMO_URL, ...engineer });
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page, { baseUrl: DEMO_URL, ...engineer });
  await openDemoSet(page);
  const clear = page.getByTestId("split-clear");
  if (await clear.isVisible()) {
    await clear.click();
    await expect(page.getByTestId("split-summary")).toContainText("Not split");
  }
  await page.close();
});

test("an engineer splits the set: counts, seed, and each query's side", async ({ page }) => {
  await openDemoSet(page);
  const card = page.getByTestId("split-card");
  await expect(card).toContainText("winner's curse");
  await card.getByLabel("Holdout share").fill("0.3");
  await card.getByLabel("Seed").fill(SEED);
  await page.getByTestId("split-submit").click();
  await expect(page.getByTestId("split-saved")).toContainText(`seed ${SEED}`);
  await page.reload();
  await expect(page.getByTestId("split-seed")).toHaveText(SEED);
  const total = await page.getByTestId("query-row").count();
  const dev = Number((await page.getByTestId("split-dev").textContent())?.match(/\d+/)?.[0]);
  const holdout = Number((await page.getByTestId("split-holdout").textContent())?.match(/\d+/)?.[0]);
  expect(holdout).toBeGreaterThan(0);
  expect(dev).toBeGreaterThan(holdout);
  expect(dev + holdout).toBe(total);
  await expect(page.getByTestId("query-split").filter({ hasText: "holdout" })).toHaveCount(holdout);
  await card.screenshot({ path: "test-results/dev-holdout-split-card.png" });
});

test("a sweep picks its point on dev and shows its holdout number, the gap and a chart", async ({ page }) => {
  await openDemoSet(page);
  await page.getByTestId("evaluate-link").click();
  await page.getByTestId("retriever-kind").selectOption("bm25");
  await page.getByTestId("field-rerank").uncheck();
  await page.getByTestId("sweep-section").locator("summary").click();
  await page.getByTestId("sweep-axis-1-path").selectOption("chunking.size");
  await page.getByTestId("sweep-axis-1-values").fill("200, 400, 800");
  await page.getByTestId("config-name").fill(`e2e dev-holdout sweep ${Date.now()}`);
  await page.getByTestId("run-evaluation").click();
  await expect(page).toHaveURL(/\/sweeps\/[^/]+$/, { timeout: 30_000 });
  await expect(page.getByTestId("sweep-status")).toContainText(/succeeded/i, { timeout: 120_000 });

  const choice = page.getByTestId("sweep-choice");
  await expect(choice).toContainText("chosen on the dev queries only");
  await expect(page.getByTestId("sweep-best")).toBeVisible();
  await expect(page.getByTestId("sweep-best-dev")).toHaveText(/^\d\.\d{3}$/);
  await expect(page.getByTestId("sweep-best-holdout")).toHaveText(/^\d\.\d{3}$/);
  await expect(page.getByTestId("sweep-best-gap")).toHaveText(/^[+−]\d\.\d{3}$/);
  await expect(page.getByTestId("sweep-winners-curse")).toContainText("winner's curse");
  const chart = page.getByTestId("sweep-measure-chart");
  await expect(chart).toBeVisible();
  await expect(chart.getByTestId("sweep-measure-line")).toHaveCount(1);
  await expect(chart.getByTestId("sweep-measure-chart-legend")).toBeVisible();
  await choice.screenshot({ path: "test-results/dev-holdout-sweep-choice.png" });
  await chart.screenshot({ path: "test-results/dev-holdout-sweep-chart.png" });

  // Another measure, from the selector: the page says which one it ranks by.
  await page.getByTestId("sweep-measure").selectOption("mrr");
  await choice.getByRole("button", { name: "Rank" }).click();
  await expect(page).toHaveURL(/measure=mrr/);
  await expect(choice).toContainText("Ranked by MRR");
});

test("the comparison page offers the split and keeps it in the URL", async ({ page }) => {
  await openDemoSet(page);
  const setUrl = page.url();
  await page.goto(`${setUrl}/compare?split=holdout`);
  await page.getByTestId("run-picker").locator("summary").click();
  await expect(page.getByTestId("picker-split")).toHaveValue("holdout");
});
