import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { DEMO_SET_NAME, DEMO_URL, EMPTY_URL, selectInDocument, signIn } from "./helpers";
import { expect, test } from "./test";

// The whole product on real servers, a real SQLite file and real Chromium: an annotator labels a
// query by selecting text, an engineer runs an evaluation and reads recall@5 and MRR, the set is
// exported, and the file imports into a fresh install.
test.describe.configure({ mode: "serial" });

let exportedFile = "";

test("an annotator labels a query by selecting a phrase", async ({ page }) => {
  await signIn(page, {
    baseUrl: DEMO_URL,
    email: "annotator@goldenset.local",
    password: "goldenset-annotator",
  });
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();

  // A new query typed by hand, then opened for labeling.
  const queryText = "e2e drive tray part number for the T4 Pro";
  await page.getByTestId("add-query-text").fill(queryText);
  await page.getByTestId("add-query-submit").click();
  await page.getByTestId("query-row").filter({ hasText: queryText }).getByRole("link").first().click();
  await expect(page.getByTestId("query-text")).toHaveText(queryText);

  // Candidates come from BM25; the best one is open. Select a phrase of it and press "l".
  await expect(page.getByTestId("candidate-1")).toBeVisible();
  const documentText = (await page.getByTestId("document-text").innerText()).trim();
  const phrase =
    documentText
      .split("\n")
      .find((line) => line.trim().length > 40)
      ?.trim()
      .slice(0, 40) ?? "";
  expect(phrase.length).toBe(40);
  await selectInDocument(page, phrase);
  await expect(page.getByTestId("selection-preview")).toContainText(phrase.slice(0, 20));
  await page.keyboard.press("l");

  // (a retry of this serial group finds the label of the first attempt too)
  await expect(page.getByTestId("label-item").first()).toContainText(phrase.slice(0, 20));
  await expect(page.getByTestId("label-item").first()).toContainText("Ana Annotator");
  await expect(page.getByTestId("label-highlight").first()).toBeVisible();
  await expect(page.getByTestId("label-highlight").first()).toContainText(phrase.slice(0, 10));
});

test("an engineer runs an evaluation and sees recall@5 and MRR", async ({ page }) => {
  await signIn(page, {
    baseUrl: DEMO_URL,
    email: "engineer@goldenset.local",
    password: "goldenset-engineer",
  });
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();
  await page.getByTestId("evaluate-link").click();
  await page.getByTestId("config-name").fill("E2E BM25 300/50");
  await page.getByTestId("field-chunkSize").fill("300");
  await page.getByTestId("field-chunkOverlap").fill("50");
  await page.getByTestId("run-evaluation").click();

  await expect(page).toHaveURL(/\/runs\/[^/]+$/);
  await expect(page.getByTestId("run-status")).toContainText(/succeeded/i, { timeout: 60_000 });
  const metric = async (testId: string) =>
    Number((await page.getByTestId(testId).innerText()).match(/\d\.\d{3}/)?.[0] ?? Number.NaN);
  const recall5 = await metric("run-recall-5");
  const mrr = await metric("run-mrr");
  expect(recall5).toBeGreaterThan(0);
  expect(recall5).toBeLessThanOrEqual(1);
  expect(mrr).toBeGreaterThan(0);
  expect(mrr).toBeLessThanOrEqual(1);
  await expect(page.getByTestId("resolution-report")).toContainText("exact");
});

test("the set exports as JSON and imports into an empty database", async ({ page, browser }, testInfo) => {
  await signIn(page, {
    baseUrl: DEMO_URL,
    email: "engineer@goldenset.local",
    password: "goldenset-engineer",
  });
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();
  await expect(page.getByTestId("query-row").first()).toBeVisible();
  const queryCount = await page.getByTestId("query-row").count();
  const download = page.waitForEvent("download");
  await page.getByTestId("export-set").click();
  exportedFile = testInfo.outputPath("exported.goldenset.json");
  await (await download).saveAs(exportedFile);
  const exported = JSON.parse(await readFile(exportedFile, "utf8"));
  expect(exported.format).toBe("goldenset");
  expect(exported.version).toBe(1);
  expect(exported.queries).toHaveLength(queryCount);

  // A fresh install: import the corpus, then the set.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  await signIn(fresh, { baseUrl: EMPTY_URL, email: "admin@empty.local", password: "empty-admin-pw" });
  await fresh.goto(`${EMPTY_URL}/corpora`);
  await fresh.locator('input[name="corpusName"]').fill(exported.corpus.name);
  await fresh.getByTestId("upload-file").setInputFiles(path.resolve("prisma/demo/corpus.jsonl"));
  await fresh.getByTestId("upload-submit").click();
  await expect(fresh.locator('[data-testid="job-progress"][data-status="succeeded"]').first()).toBeVisible({
    timeout: 60_000,
  });

  await fresh.goto(`${EMPTY_URL}/sets`);
  // a unique name keeps a retry (or a --repeat-each run) from clashing with an earlier attempt's set
  await fresh
    .getByTestId("import-set-name")
    .fill(`${exported.set.name} (${testInfo.retry}.${testInfo.repeatEachIndex})`);
  await fresh.getByTestId("import-set-file").setInputFiles(exportedFile);
  await fresh.getByTestId("import-set-submit").click();
  await fresh.getByTestId("import-set-done").click();
  await expect(fresh.getByTestId("query-row")).toHaveCount(queryCount);
  await context.close();
});

test("bad files get a clear message naming the line or JSON path", async ({ page }, testInfo) => {
  await signIn(page, { baseUrl: EMPTY_URL, email: "admin@empty.local", password: "empty-admin-pw" });

  // A golden set with a wrong field: rejected before anything is written, with its JSON path.
  const badSet = testInfo.outputPath("bad.goldenset.json");
  const exported = JSON.parse(await readFile(exportedFile, "utf8"));
  exported.set.name = "Should never exist";
  exported.queries[2].labels[0].grade = "three";
  await writeFile(badSet, JSON.stringify(exported, null, 2));
  await page.goto(`${EMPTY_URL}/sets`);
  await page.getByTestId("import-set-file").setInputFiles(badSet);
  await page.getByTestId("import-set-submit").click();
  await expect(page.getByTestId("import-set-error")).toContainText("queries[2].labels[0].grade");
  await page.reload();
  await expect(page.getByTestId("set-link").filter({ hasText: "Should never exist" })).toHaveCount(0);

  // A corpus file with a malformed line: the import job fails visibly and names the line.
  const badCorpus = testInfo.outputPath("bad.jsonl");
  await writeFile(
    badCorpus,
    `${JSON.stringify({ id: "ok", title: "Fine", text: "fine" })}\n{"id": "broken", "text": \n`,
  );
  await page.goto(`${EMPTY_URL}/corpora`);
  await page.locator('input[name="corpusName"]').fill("Broken corpus");
  await page.getByTestId("upload-file").setInputFiles(badCorpus);
  await page.getByTestId("upload-submit").click();
  const failed = page
    .locator('[data-testid="job-progress"][data-status="failed"]')
    .filter({ hasText: "line 2" });
  await expect(failed.first()).toBeVisible({ timeout: 60_000 });
  await page.goto(`${EMPTY_URL}/corpora`);
  await expect(page.getByTestId("corpus-link").filter({ hasText: "Broken corpus" })).toHaveCount(0);
});
