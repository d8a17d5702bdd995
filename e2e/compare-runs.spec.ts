import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { DEMO_SET_NAME, DEMO_URL, signIn } from "./helpers";
import { expect, test } from "./test";

// Issue 11's acceptance: on the demo set, an engineer opens the comparison from the runs page with
// the BM25 baseline and the hybrid run, reads both curves, the configuration diff and its
// warnings, the per-query wins and losses, one query's passages side by side and the class
// breakdown; the URL reopens the same view; the tables export as CSV, the charts as SVG and PNG
// (under the page's CSP), and the comparison copies as Markdown.
test.describe.configure({ mode: "serial" });

const BASELINE = "BM25 baseline v1";
const HYBRID = "Hybrid RRF v1";
const SMALL_CHUNKS = "BM25 small chunks v1";

async function signInAsEngineer(page: Page) {
  await signIn(page, {
    baseUrl: DEMO_URL,
    email: "engineer@goldenset.local",
    password: "goldenset-engineer",
  });
}

async function openDemoRunsPage(page: Page) {
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();
  await page.getByTestId("evaluate-link").click();
}

/** Collects the page's CSP violations, reported by the browser on the console. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test("an engineer compares the hybrid run with the BM25 baseline, query by query", async ({ page }) => {
  const violations = watchCsp(page);
  await signInAsEngineer(page);
  await openDemoRunsPage(page);
  await page.getByTestId("compare-runs-link").click();
  await expect(page).toHaveURL(/\/sets\/[^/]+\/compare$/);

  // The demo pins BM25 as the set's baseline: the picker starts from it; add the hybrid run.
  const row = (name: string) => page.getByTestId("picker-row").and(page.locator(`[data-run-name="${name}"]`));
  await expect(row(BASELINE).getByTestId("picker-baseline")).toBeChecked();
  await row(HYBRID).getByTestId("picker-run").check();
  await page.getByTestId("picker-compare").click();
  await expect(page).toHaveURL(/baseline=[^&]+&runs=[^&]+$/);

  // Both curves on one chart, and the bars with whiskers.
  const curves = page.getByTestId("recall-curves");
  await expect(curves.locator(".recharts-line")).toHaveCount(2);
  const legend = page.getByTestId("recall-chart-card-legend");
  await expect(legend).toContainText(`${BASELINE} (baseline)`);
  await expect(legend).toContainText(HYBRID);
  await expect(page.getByTestId("mean-bars").locator(".recharts-errorBar").first()).toBeVisible();

  // The verdict and the per-measure tables with p-values.
  const summaryRow = page.getByTestId("summary-row");
  await expect(summaryRow).toHaveCount(1);
  await expect(summaryRow).toContainText(HYBRID);
  await expect(summaryRow.getByTestId("verdict")).toBeVisible();
  // the summary shows Holm-adjusted p-values, and says so (issue 22)
  await expect(summaryRow.getByTestId("p-holm")).toHaveCount(7);
  await expect(summaryRow.getByTestId("p-holm").first()).toContainText(/^p \(Holm\) /);
  // recall@5, recall@10, MRR, nDCG@10 and the three context measures at the set's budget
  await expect(page.getByTestId("measure-table")).toHaveCount(7);
  await expect(page.getByTestId("context-budget")).toContainText("characters (≈ 500 tokens)");
  // hybrid and BM25 both search 400-character chunks: no text-per-result warning
  await expect(page.getByTestId("text-per-result-warning")).toHaveCount(0);
  await expect(page.getByTestId("measure-table").filter({ hasText: "p (Holm)" }).first()).toBeVisible();

  // The configuration diff: the retriever switched, one setting, so no "change one thing" warning.
  const diff = page.getByTestId("config-run").filter({ hasText: HYBRID });
  await expect(diff.getByTestId("config-change")).toHaveCount(1);
  await expect(diff.getByTestId("config-change")).toContainText("retriever");
  await expect(diff.getByTestId("config-change")).toContainText("BM25 + LSA 128d · RRF k=60");
  await expect(diff.getByTestId("config-warning-several-changes")).toHaveCount(0);

  // Per-query wins and losses of the hybrid run.
  const list = page.getByTestId("per-query");
  await list.getByTestId("per-query-measure").selectOption("mrr");
  await list.getByTestId("outcome-win").click();
  const wins = list.getByTestId("per-query-row");
  expect(await wins.count()).toBeGreaterThan(0);
  for (const outcome of await wins.evaluateAll((rows) =>
    rows.map((row) => row.getAttribute("data-outcome")),
  )) {
    expect(outcome).toBe("win");
  }
  await list.getByTestId("outcome-loss").click();
  const losses = list.getByTestId("per-query-row");
  expect(await losses.count()).toBeGreaterThan(0);
  await expect(losses.first()).toHaveAttribute("data-outcome", "loss");
  await expect(losses.first().getByTestId("per-query-delta")).toHaveText(/^−/);
  // The list's filters are in the URL: a reload (or a shared link) shows the same losses.
  await expect(page).toHaveURL(/measure=mrr&outcome=loss/);
  const lossCount = await losses.count();
  await page.reload();
  await expect(list.getByTestId("outcome-loss")).toHaveAttribute("aria-pressed", "true");
  await expect(list.getByTestId("per-query-measure")).toHaveValue("mrr");
  await expect(list.getByTestId("per-query-row")).toHaveCount(lossCount);

  // A query's passages side by side, rank by rank, marked with labels.
  const lossText = (await losses.first().getByTestId("open-query").innerText()).trim();
  await losses.first().getByTestId("open-query").click();
  await expect(page).toHaveURL(/query=[^&]+&against=[^&#]+.*outcome=loss/);
  const passages = page.getByTestId("query-passages");
  await expect(passages).toBeVisible();
  expect(lossText).toContain(await passages.getByTestId("passages-query").innerText());
  await expect(passages.getByTestId("passages-side")).toHaveCount(2);
  await expect(passages.getByTestId("passages-side").first()).toContainText(BASELINE);
  await expect(passages.getByTestId("passages-side").last()).toContainText(HYBRID);
  await expect(passages.getByTestId("passages-labels")).toContainText("L1");
  expect(await passages.locator('[data-judgement="relevant"]').count()).toBeGreaterThan(0);
  expect(await passages.locator('[data-judgement="unjudged"]').count()).toBeGreaterThan(0);

  // The class breakdown, with counts.
  const breakdown = page.getByTestId("class-breakdown");
  await expect(breakdown.locator('[data-group="class:error-code"]')).toContainText("Error code");

  // The URL reopens the same view.
  const url = page.url();
  const summary = (await summaryRow.textContent()) ?? "";
  await page.reload();
  expect(page.url()).toBe(url);
  await expect(page.getByTestId("summary-row")).toHaveText(summary);
  await expect(page.getByTestId("query-passages").getByTestId("passages-side")).toHaveCount(2);
  await expect(page.getByTestId("recall-curves").locator(".recharts-line")).toHaveCount(2);
  expect(violations).toEqual([]);
});

test("a run that changed two settings is flagged, and the comparison exports", async ({ page, context }) => {
  const violations = watchCsp(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: DEMO_URL });
  await signInAsEngineer(page);
  await openDemoRunsPage(page);
  await page.getByTestId("compare-runs-link").click();
  const row = (name: string) => page.getByTestId("picker-row").and(page.locator(`[data-run-name="${name}"]`));
  await row(BASELINE).getByTestId("picker-baseline").check();
  await row(HYBRID).getByTestId("picker-run").check();
  await row(SMALL_CHUNKS).getByTestId("picker-run").check();
  await page.getByTestId("picker-compare").click();
  await expect(page.getByTestId("recall-curves").locator(".recharts-line")).toHaveCount(3);

  // Smaller chunks changed size and overlap: two settings, one warning.
  const small = page.getByTestId("config-run").filter({ hasText: SMALL_CHUNKS });
  await expect(small.getByTestId("config-change")).toHaveCount(2);
  await expect(small.getByTestId("config-warning-several-changes")).toContainText(
    "change one thing at a time",
  );

  // A table as CSV.
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("measure-csv-mrr").click(),
  ]);
  expect(csv.suggestedFilename()).toBe("mrr-comparison.csv");
  const text = await readFile((await csv.path()) ?? "", "utf8");
  const lines = text.trim().split("\r\n");
  expect(lines[0]).toBe(
    "run,role,queries,baseline MRR,MRR,delta,ci95 low,ci95 high,p (raw),p (Holm),wins,losses,ties,significant",
  );
  expect(lines.some((line) => line.startsWith(`${HYBRID},run,`))).toBe(true);
  expect(lines.some((line) => line.startsWith(`${SMALL_CHUNKS},run,`))).toBe(true);

  // A chart as SVG and as PNG (drawn in the browser from a blob: image, which the CSP allows).
  const [svg] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("recall-chart-card-svg").click(),
  ]);
  const svgText = await readFile((await svg.path()) ?? "", "utf8");
  expect(svgText.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svgText).toContain(SMALL_CHUNKS);
  const [png] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("bars-chart-card-png").click(),
  ]);
  expect(png.suggestedFilename()).toMatch(/\.png$/);
  const bytes = await readFile((await png.path()) ?? "");
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.length).toBeGreaterThan(5_000);

  // Copy as Markdown, for a pull request.
  await page.getByTestId("copy-markdown").click();
  await expect(page.getByTestId("copy-markdown")).toHaveText("Copied");
  const markdown = await page.evaluate(() => navigator.clipboard.readText());
  expect(markdown).toContain(`### Retrieval comparison on ${DEMO_SET_NAME}`);
  expect(markdown).toContain(`| ${HYBRID} |`);
  expect(markdown).toMatch(/, p \(Holm\) (<0\.001|\d\.\d+|1)\)/); // the adjusted p says so
  expect(markdown).toContain("`chunking.size` 400 → 200; `chunking.overlap` 80 → 40");
  expect(markdown).toContain("⚠ 2 settings changed");
  expect(violations).toEqual([]);
});

test("an unknown set is a 404, and a run of no such id is explained, not a crash", async ({ page }) => {
  await signInAsEngineer(page);
  const missing = await page.goto(`${DEMO_URL}/sets/no-such-set-e2e/compare`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByTestId("not-found").getByRole("heading", { level: 1 })).toHaveText(
    "Golden set not found",
  );

  await openDemoRunsPage(page);
  await page.getByTestId("compare-runs-link").click();
  await expect(page).toHaveURL(/\/sets\/[^/]+\/compare$/);
  await page.goto(`${page.url()}?runs=no-such-run-e2e`);
  await expect(page.getByTestId("comparison-notice")).toHaveText(
    "Run no-such-run-e2e is not a run of this set; it was left out.",
  );
  await expect(page.getByTestId("run-picker")).toBeVisible();
});
