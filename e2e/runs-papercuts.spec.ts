import type { Page } from "@playwright/test";
import { DEMO_SET_NAME, DEMO_URL, signIn } from "./helpers";
import { expect, test } from "./test";

// The evaluate, sweep, runs-list, jobs and comparison papercuts of issue 22, on the demo server:
// /evaluate leads somewhere; the new-run form's summary follows its fields; a two-axis sweep has a
// chart and a compact heat map; its runs-list row counts queries and marks its bests; job rows name
// their runs; five runs side by side keep readable headers and a Δ that says which runs.
test.describe.configure({ mode: "serial" });

const engineer = { email: "engineer@goldenset.local", password: "goldenset-engineer" };
const sweepName = `e2e papercuts sweep ${Date.now()}`;

test.beforeEach(async ({ page }) => {
  await signIn(page, { baseUrl: DEMO_URL, ...engineer });
});

/** /evaluate: the demo set's evaluate page, straight away or after choosing it among other specs' sets. */
async function openEvaluate(page: Page) {
  await page.goto(`${DEMO_URL}/evaluate`);
  if (!/\/sets\/[^/]+\/runs$/.test(page.url())) {
    await page.getByTestId("evaluate-set-link").filter({ hasText: DEMO_SET_NAME }).click();
  }
  await expect(page).toHaveURL(/\/sets\/[^/]+\/runs$/);
  await expect(page.getByTestId("evaluate-form")).toBeVisible();
}

test("/evaluate opens a set's evaluate page, whose summary line follows the form's fields", async ({
  page,
}) => {
  await openEvaluate(page);
  const summary = page.getByTestId("config-summary");
  await page.getByTestId("retriever-kind").selectOption("bm25");
  await page.getByTestId("field-rerank").uncheck();
  await expect(summary).toContainText("BM25 k1=0.9 b=0.4");
  await page.getByTestId("field-k1").fill("1.3");
  await page.getByTestId("field-topK").fill("37");
  await expect(summary).toContainText("BM25 k1=1.3 b=0.4");
  await expect(summary).toContainText("top 37");
  // another retriever renders other fields: the line describes those, not the BM25 ones
  await page.getByTestId("retriever-kind").selectOption("dense");
  await expect(summary).not.toContainText("BM25");
  await expect(summary).toContainText("LSA");
  await page.getByTestId("field-topK").fill("");
  await expect(summary).toContainText("Not a valid configuration yet");
});

test("a two-axis sweep charts its measure, keeps its heat map compact, and folds in the runs list with its bests and query count", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await openEvaluate(page);
  await page.getByTestId("retriever-kind").selectOption("bm25");
  await page.getByTestId("field-rerank").uncheck();
  await page.getByTestId("sweep-section").locator("summary").click();
  await page.getByTestId("sweep-axis-1-path").selectOption("chunking.size");
  await page.getByTestId("sweep-axis-1-values").fill("200, 400");
  await page.getByTestId("sweep-axis-2-path").selectOption("retriever.k1");
  await page.getByTestId("sweep-axis-2-values").fill("0.9, 1.5");
  await expect(page.getByTestId("config-summary")).toContainText("sweep over chunking.size × retriever.k1");
  await page.getByTestId("config-name").fill(sweepName);
  await page.getByTestId("run-evaluation").click();
  await expect(page).toHaveURL(/\/sweeps\/[^/]+$/, { timeout: 30_000 });
  await expect(page.getByTestId("sweep-status")).toContainText(/succeeded/i, { timeout: 240_000 });
  await page.reload();

  const chart = page.getByTestId("sweep-measure-chart");
  await expect(chart).toContainText("chunking.size"); // the x axis's name
  await expect(chart.getByTestId("sweep-measure-line")).toHaveCount(2); // one line per k1
  const heatmap = page.getByTestId("sweep-heatmap");
  const firstColumn = await heatmap.locator("thead th").first().boundingBox();
  const valueColumn = await heatmap.locator("thead th").nth(1).boundingBox();
  expect(firstColumn?.width ?? 0).toBeLessThan(200);
  expect(valueColumn?.width ?? 0).toBeLessThan(120);

  await page.goto(`${DEMO_URL}/runs?q=${encodeURIComponent(sweepName)}`);
  const row = page.getByTestId("sweep-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("sweep-queries")).toHaveText(/^\d[\d,]*$/);
  await expect(row.getByTestId("sweep-queries")).not.toContainText(/best/i);
  await expect(row).toContainText(/best\s*0\.\d{3}/i);

  // the jobs page names the points' runs, with links to the run, its set and its sweep
  await page.goto(`${DEMO_URL}/jobs`);
  const job = page.getByTestId("job-subject").filter({ hasText: sweepName }).first();
  await expect(job).toContainText(/chunking\.size=\d+ · retriever\.k1=[\d.]+ v1/);
  await expect(job.getByRole("link", { name: `sweep ${sweepName}` })).toHaveAttribute("href", /\/sweeps\//);
  await expect(job.getByRole("link", { name: DEMO_SET_NAME })).toHaveAttribute(
    "href",
    /\/sets\/[^/]+\/runs$/,
  );
  await job.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/runs\/[^/]+$/);
});

test("five runs side by side keep readable headers, and the Δ column names its run and baseline", async ({
  page,
}) => {
  await page.goto(`${DEMO_URL}/runs?q=${encodeURIComponent(sweepName)}`);
  await page.getByTestId("sweep-toggle").click();
  const pointIds = await page
    .getByTestId("run-link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")?.split("/").pop() ?? ""));
  expect(pointIds).toHaveLength(4);
  await page.goto(`${DEMO_URL}/runs?q=${encodeURIComponent("BM25 baseline")}`);
  const baselineHref = await page
    .getByTestId("run-link")
    .filter({ hasText: /^BM25 baseline v1$/ })
    .getAttribute("href");
  await openEvaluate(page);
  const setPath = new URL(page.url()).pathname.replace(/\/runs$/, "");
  await page.goto(
    `${DEMO_URL}${setPath}/compare?baseline=${baselineHref?.split("/").pop()}&runs=${pointIds.join(",")}`,
  );
  const headers = page.getByTestId("per-query-run-header");
  await expect(headers).toHaveCount(5);
  // each header shows its whole label: the sweep's shared name dropped, the values kept, no overflow
  for (const header of await headers.all()) {
    await expect(header).toHaveAttribute("title", /.+/);
    const clipped = await header.evaluate((cell) => cell.scrollWidth > cell.clientWidth + 1);
    expect(clipped).toBe(false);
  }
  for (const index of [1, 2, 3, 4]) {
    await expect(headers.nth(index)).toContainText(/chunking\.size=\d+\s*retriever\.k1=[\d.]+ v1/);
    await expect(headers.nth(index)).not.toContainText("…");
  }
  const delta = page.getByTestId("per-query-delta-header");
  await expect(delta).toContainText("Δ");
  await expect(delta).toContainText("vs");
  await expect(delta).toContainText("BM25 baseline v1");
  await expect(delta).toHaveAttribute("title", new RegExp(`^Δ ${sweepName} · .+ vs BM25 baseline v1`));
});
