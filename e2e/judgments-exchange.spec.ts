import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_URL, signIn } from "./helpers";

// Judgments in and out through the UI, on the demo server: an engineer imports TREC qrels with a
// topics file into a new set over the demo corpus (a refused file first: nothing written, every
// problem with its line), downloads the set's qrels (the same lines back) and a demo run's TREC
// run file. The set is the spec's own.
test.describe.configure({ mode: "serial" });

const engineer = { email: "engineer@goldenset.local", password: "goldenset-engineer" };
const qrels = "e2e-1 0 kb-0001 2\ne2e-1 0 kb-0002 0\ne2e-2 0 kb-0003 1\n";
const topics = "e2e-1\thow do I update the firmware offline\ne2e-2\tsecond question\n";

const file = (name: string, text: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) });

async function download(page: Page, testId: string): Promise<string> {
  const [downloaded] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  return readFile((await downloaded.path()) ?? "", "utf8");
}

test("an engineer imports qrels into a new set and downloads them back, and a run as a TREC file", async ({
  page,
}) => {
  await signIn(page, { baseUrl: DEMO_URL, ...engineer });
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("new-set-name").fill(`E2E qrels set ${randomUUID().slice(0, 8)}`);
  const corpus = page.getByTestId("new-set-corpus");
  const demoCorpus = (await corpus.locator("option").allTextContents()).find((text) =>
    text.includes("(67 docs)"),
  );
  await corpus.selectOption({ label: demoCorpus ?? "" });
  await page.getByTestId("new-set-submit").click();
  await expect(page).toHaveURL(/\/sets\/[^/]+$/);

  // Refused: an unknown document and a grade off the scale, each with its line; nothing written.
  await page
    .getByTestId("judgments-file")
    .setInputFiles(file("bad.qrels", "e2e-1 0 kb-0001 2\ne2e-1 0 nope 1\ne2e-2 0 kb-0003 7\n"));
  await page.getByTestId("judgments-queries").setInputFiles(file("topics.tsv", topics));
  await page.getByTestId("judgments-submit").click();
  const error = page.getByTestId("judgments-error");
  await expect(error).toContainText('bad.qrels line 2: unknown document "nope"');
  await expect(error).toContainText("bad.qrels line 3: grade 7 is not on the set's scale");
  await expect(page.getByTestId("set-total")).toContainText("0");

  await page.getByTestId("judgments-file").setInputFiles(file("good.qrels", qrels));
  await page.getByTestId("judgments-queries").setInputFiles(file("topics.tsv", topics));
  await page.getByTestId("judgments-submit").click();
  await expect(page.getByTestId("judgments-imported")).toHaveText(
    "Imported 3 judgments on 2 queries (2 new).",
  );
  await expect(page.getByTestId("set-total")).toContainText("2");
  await expect(page.getByTestId("query-link").first()).toHaveText("how do I update the firmware offline");

  expect(await download(page, "export-qrels")).toBe(qrels);

  // A demo run as a document-level TREC run: ranks 1, 2, 3 … per query, scores descending.
  await page.goto(`${DEMO_URL}/runs?q=BM25`);
  await page.getByTestId("run-link").first().click();
  const run = (await download(page, "export-run-trec")).trim().split("\n");
  expect(run.length).toBeGreaterThan(0);
  expect(run[0]).toMatch(/^\S+ Q0 kb-\d{4} 1 \d+ \S+$/);
});

test("an annotator sees no import form", async ({ page }) => {
  await signIn(page, {
    baseUrl: DEMO_URL,
    email: "annotator@goldenset.local",
    password: "goldenset-annotator",
  });
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("set-link").first().click();
  await expect(page.getByTestId("export-qrels")).toBeVisible();
  await expect(page.getByTestId("import-judgments")).toHaveCount(0);
});
