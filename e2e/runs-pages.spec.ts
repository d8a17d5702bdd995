import type { Page } from "@playwright/test";
import { DEMO_SET_NAME, DEMO_URL, signIn } from "./helpers";
import { expect, test } from "./test";

// The run page, the runs list and the evaluate page at scale, on the demo server (shared by the
// specs, run one after another): a run is compared with the set's pinned baseline, never silently
// with the previous run; a per-query row opens its passages; archived runs hide but stay; lists
// filter; the chart's run picker keeps each run's colour. What this spec changes on the demo set
// (the pinned baseline) it puts back; the run it archives is its own.
test.describe.configure({ mode: "serial" });

const engineer = { email: "engineer@goldenset.local", password: "goldenset-engineer" };
const ownRunName = `e2e runs-pages ${Date.now()}`;

async function openSetPage(page: Page, path: "runs" | "") {
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();
  await expect(page).toHaveURL(/\/sets\/[^/]+$/);
  if (path === "runs") await page.getByTestId("evaluate-link").click();
}

/** Opens a demo run's page from the runs list, by its name ("Hybrid RRF v1"). */
async function openRun(page: Page, name: string) {
  await page.goto(`${DEMO_URL}/runs?q=${encodeURIComponent(name.replace(/ v\d+$/, ""))}`);
  await page
    .getByTestId("run-link")
    .filter({ hasText: new RegExp(`^${name}$`) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
}

/** Pins the demo's "BM25 baseline" again, as the seed left it. */
async function restoreDemoBaseline(page: Page) {
  await openRun(page, "BM25 baseline v1");
  const pin = page.getByTestId("pin-baseline");
  if (await pin.isVisible()) await pin.click();
  await expect(page.getByTestId("baseline-badge")).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, { baseUrl: DEMO_URL, ...engineer });
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page, { baseUrl: DEMO_URL, ...engineer });
  await restoreDemoBaseline(page);
  await page.close();
});

test("a run is compared with the pinned baseline; pinning another changes it; no baseline offers the picker", async ({
  page,
}) => {
  // The demo pins BM25 baseline: the hybrid run compares with it.
  await openRun(page, "Hybrid RRF v1");
  const hybridUrl = page.url();
  await expect(page.getByTestId("against-name")).toHaveText("BM25 baseline v1");
  await expect(page.getByTestId("compare-against")).toContainText("the set's pinned baseline");
  await expect(page.getByTestId("run-metrics-table")).toContainText("nDCG");
  await expect(page.getByTestId("run-metrics-table")).toContainText("judged");
  await expect(page.getByTestId("run-judged-10")).toContainText(/\d\.\d{3}/);
  await expect(page.getByTestId("tile-recall-5").getByTestId("delta-recall@5")).toHaveText(
    /^(▲ |▼ )?Δ [+−±]\d\.\d{3}$/,
  );
  const full = page.getByTestId("open-full-comparison");
  const hybridId = new URL(hybridUrl).pathname.split("/").pop() ?? "";
  await expect(full).toHaveAttribute("href", new RegExp(`/compare\\?baseline=[^&]+&runs=${hybridId}$`));

  // Pin Dense LSA: the hybrid run now compares with it.
  await openRun(page, "Dense LSA v1");
  await page.getByTestId("pin-baseline").click();
  await expect(page.getByTestId("baseline-badge")).toBeVisible();
  await page.goto(hybridUrl);
  await expect(page.getByTestId("against-name")).toHaveText("Dense LSA v1");

  // Unpinned, the page compares with nothing (not the previous run) and offers the picker.
  await openRun(page, "Dense LSA v1");
  await page.getByTestId("unpin-baseline").click();
  await expect(page.getByTestId("pin-baseline")).toBeVisible();
  await page.goto(hybridUrl);
  await expect(page.getByTestId("compare-against")).toContainText("No baseline is pinned");
  await expect(page.getByTestId("against-name")).toHaveCount(0);
  await expect(page.getByTestId("config-diff")).toHaveCount(0);
  const choice = page.getByTestId("against-select").locator("option", { hasText: "BM25 small chunks v1" });
  await page.getByTestId("against-select").selectOption((await choice.getAttribute("value")) ?? "");
  await page.getByTestId("against-submit").click();
  await expect(page).toHaveURL(/\?against=/);
  await expect(page.getByTestId("against-name")).toHaveText("BM25 small chunks v1");
  await expect(page.getByTestId("compare-against")).toContainText("chosen for this page");
  await expect(page.getByTestId("config-diff")).toBeVisible();

  await restoreDemoBaseline(page);
  await page.goto(hybridUrl);
  await expect(page.getByTestId("against-name")).toHaveText("BM25 baseline v1");
});

test("a per-query row opens the retrieved passages with their labels, unjudged ones marked", async ({
  page,
}) => {
  await openRun(page, "Hybrid RRF v1");
  await page.getByTestId("open-passages").first().click();
  await expect(page).toHaveURL(/[?&]query=/);
  const passages = page.getByTestId("query-passages");
  await expect(passages).toBeVisible();
  await expect(passages.getByTestId("passage").first()).toBeVisible();
  expect(await passages.getByTestId("passage").count()).toBeGreaterThan(1);
  // Every passage is either marked with the labels it satisfies or marked unjudged.
  for (const passage of await passages.getByTestId("passage").all()) {
    const judged = (await passage.getAttribute("data-judgement")) !== "unjudged";
    await expect(passage.getByTestId(judged ? "passage-label" : "passage-unjudged").first()).toBeVisible();
  }
  await expect(passages.getByTestId("query-labels")).toBeVisible();
  // Closing it again
  await page.getByTestId("open-passages").first().click();
  await expect(page.getByTestId("query-passages")).toHaveCount(0);
});

test("a run of our own is tagged, archived, hidden from the list and found under “Show archived”", async ({
  page,
}) => {
  await openSetPage(page, "runs");
  // whatever the last run of the shared demo set was, this one is a plain BM25 run
  await page.getByTestId("retriever-kind").selectOption("bm25");
  await page.getByTestId("field-rerank").uncheck();
  await page.getByTestId("config-name").fill(ownRunName);
  await page.getByTestId("run-evaluation").click();
  await expect(page).toHaveURL(/\/runs\/[^/]+$/);
  await expect(page.getByTestId("run-status")).toContainText(/succeeded/i, { timeout: 60_000 });
  const runId = new URL(page.url()).pathname.split("/").pop() ?? "";

  await page.getByTestId("edit-tags").click();
  await page.getByTestId("run-tags-input").fill("e2e-archive, candidate");
  await page.getByTestId("run-tags-save").click();
  await expect(page.getByTestId("run-tag")).toHaveText(["e2e-archive", "candidate"]);
  // Refused: too long
  await page.getByTestId("run-tags-input").fill("x".repeat(40));
  await page.getByTestId("run-tags-save").click();
  await expect(page.getByTestId("run-tags-error")).toContainText("at most 32 characters");

  await page.getByTestId("archive-run").click();
  await expect(page.getByTestId("archived-badge")).toBeVisible();
  await expect(page.getByTestId("unarchive-run")).toBeVisible();

  await page.goto(`${DEMO_URL}/runs`);
  await expect(page.getByTestId("runs-table")).toBeVisible();
  await expect(page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`)).toHaveCount(0);
  await page.getByTestId("run-filter-archived").check();
  await page.getByTestId("run-filter-tag").selectOption("e2e-archive");
  await page.getByTestId("run-filter-submit").click();
  await expect(page).toHaveURL(/archived=1/);
  const row = page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId("run-archived")).toBeVisible();
  await expect(page.getByTestId("run-row")).toHaveCount(1);
});

test("the runs list filters by name, retriever and status, in the URL", async ({ page }) => {
  await page.goto(`${DEMO_URL}/runs`);
  await page.getByTestId("run-filter-kind").selectOption("hybrid");
  await page.getByTestId("run-filter-submit").click();
  await expect(page).toHaveURL(/kind=hybrid/);
  await expect(page.getByTestId("run-link").filter({ hasText: /^Hybrid RRF v1$/ })).toBeVisible();
  await expect(page.getByTestId("run-link").filter({ hasText: /^BM25 baseline v1$/ })).toHaveCount(0);
  for (const row of await page.getByTestId("run-row").all()) await expect(row).toContainText("Hybrid");

  await page.getByTestId("run-filter-name").fill("dense lsa");
  await page.getByTestId("run-filter-kind").selectOption("");
  await page.getByTestId("run-filter-status").selectOption("succeeded");
  await page.getByTestId("run-filter-submit").click();
  await expect(page).toHaveURL(/q=dense\+lsa/);
  await expect(page.getByTestId("run-link")).toHaveText(["Dense LSA v1"]);
  // The URL reopens the same list
  await page.reload();
  await expect(page.getByTestId("run-link")).toHaveText(["Dense LSA v1"]);
  await page.getByTestId("run-filter-clear").click();
  await expect(page).toHaveURL(/\/runs$/);
});

test("a sweep's points fold under one row of the runs list until opened", async ({ page }) => {
  await openSetPage(page, "runs");
  await page.getByTestId("retriever-kind").selectOption("bm25");
  await page.getByTestId("field-rerank").uncheck();
  await page.getByTestId("sweep-section").locator("summary").click();
  await page.getByTestId("sweep-axis-1-path").selectOption("chunking.size");
  await page.getByTestId("sweep-axis-1-values").fill("200, 400, 800");
  const name = `e2e runs-pages sweep ${Date.now()}`;
  await page.getByTestId("config-name").fill(name);
  await page.getByTestId("run-evaluation").click();
  await expect(page).toHaveURL(/\/sweeps\/[^/]+$/, { timeout: 30_000 });
  await expect(page.getByTestId("sweep-status")).toContainText(/succeeded/i, { timeout: 120_000 });

  await page.goto(`${DEMO_URL}/runs?q=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("sweep-row")).toHaveCount(1);
  await expect(page.getByTestId("sweep-row")).toContainText("3 points");
  await expect(page.getByTestId("run-row")).toHaveCount(0);
  await page.getByTestId("sweep-toggle").click();
  await expect(page.getByTestId("run-row")).toHaveCount(3);
  // a filter that matches one point shows the sweep with that point only
  await page.goto(`${DEMO_URL}/runs?q=${encodeURIComponent(`${name} · chunking.size=400`)}`);
  await expect(page.getByTestId("sweep-row")).toContainText("1 matching point of 3");
});

test("the evaluate chart shows the runs picked, each keeping its colour", async ({ page }) => {
  await openSetPage(page, "runs");
  const legend = page.getByTestId("chart-legend-item");
  await expect(legend.first()).toBeVisible();
  // By default the pinned baseline is on the chart, and the page says how the lines were chosen.
  await expect(legend.filter({ hasText: "BM25 baseline v1" })).toHaveCount(1);
  await expect(page.getByText("The pinned baseline and the 4 newest finished runs")).toBeVisible();

  const picker = page.getByTestId("chart-run-picker");
  const option = (name: string) =>
    picker.getByTestId("chart-run-option").filter({ hasText: new RegExp(`${name}`) });
  await picker.getByTestId("chart-run-search").fill("Hybrid RRF");
  const hybridOption = option("Hybrid RRF v1").first();
  const hybridId = (await hybridOption.getAttribute("data-run-id")) ?? "";
  // On the chart by default when it is among the newest runs; picked otherwise
  if (!(await hybridOption.locator("input").isChecked())) await hybridOption.locator("input").check();
  const hybridLine = page.locator(`[data-testid="chart-legend-item"][data-run-id="${hybridId}"]`);
  await expect(hybridLine).toBeVisible();
  const hybridColor = await hybridLine.getAttribute("data-color");
  const count = await legend.count();

  // Removing another run leaves the hybrid run in its colour.
  await picker.getByTestId("chart-run-search").fill("BM25 baseline");
  await option("BM25 baseline v1").first().locator("input").uncheck();
  await expect(page).toHaveURL(/chart=/);
  await expect(legend).toHaveCount(count - 1);
  await expect(legend.filter({ hasText: "BM25 baseline v1" })).toHaveCount(0);
  await expect(hybridLine).toHaveAttribute("data-color", hybridColor ?? "");
  // Adding one back does not recolour it either.
  await option("BM25 baseline v1").first().locator("input").check();
  await expect(legend).toHaveCount(count);
  await expect(hybridLine).toHaveAttribute("data-color", hybridColor ?? "");

  // The same colour on the run page's chart and in the runs list.
  const chartUrl = page.url();
  await page.reload();
  await expect(hybridLine).toHaveAttribute("data-color", hybridColor ?? "");
  expect(page.url()).toBe(chartUrl);
  await page.goto(`${DEMO_URL}/runs?kind=hybrid`);
  await expect(
    page.locator(`[data-testid="run-row"][data-run-id="${hybridId}"] svg[data-color]`),
  ).toHaveAttribute("data-color", hybridColor ?? "");
  await page.goto(`${DEMO_URL}/runs/${hybridId}`);
  await expect(page.locator(`[data-testid="chart-legend-item"][data-run-id="${hybridId}"]`)).toHaveAttribute(
    "data-color",
    hybridColor ?? "",
  );
});
