import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { DEMO_SET_NAME, DEMO_URL, signIn } from "./helpers";
import { expect, test } from "./test";

// Judgments in and out through the UI, on the demo server: an engineer imports TREC qrels with a
// topics file into a new set over the demo corpus (a refused file first: nothing written, every
// problem of both kinds — the file's own and its references — listed with its line in one pass),
// downloads the set's qrels as TREC and BEIR (the same judgments back, files named after the set)
// and a demo run's TREC run file; an admin's label history names the import. The set is the spec's own.
test.describe.configure({ mode: "serial" });

const engineer = { email: "engineer@goldenset.local", password: "goldenset-engineer" };
const qrels = "e2e-1 0 kb-0001 2\ne2e-1 0 kb-0002 0\ne2e-2 0 kb-0003 1\n";
const topics = "e2e-1\thow do I update the firmware offline\ne2e-2\tsecond question\n";

const file = (name: string, text: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) });

async function download(page: Page, testId: string): Promise<string> {
  return (await downloadNamed(page, testId)).text;
}

/** Opens the qrels menu when the link is in it, downloads, and gives the file's name and text. */
async function downloadNamed(page: Page, testId: string): Promise<{ name: string; text: string }> {
  const link = page.getByTestId(testId);
  const menu = page.getByTestId("export-qrels-menu");
  // the qrels downloads sit in a folded menu; open it unless it is open already
  if ((await menu.count()) > 0 && (await menu.getAttribute("open")) === null)
    await menu.locator("summary").click();
  const [downloaded] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return {
    name: downloaded.suggestedFilename(),
    text: await readFile((await downloaded.path()) ?? "", "utf8"),
  };
}

test("an engineer imports qrels into a new set and downloads them back, and a run as a TREC file", async ({
  page,
  browser,
}) => {
  await signIn(page, { baseUrl: DEMO_URL, ...engineer });
  await page.goto(`${DEMO_URL}/sets`);
  const suffix = randomUUID().slice(0, 8);
  await page.getByTestId("new-set-name").fill(`E2E qrels set ${suffix}`);
  const corpus = page.getByTestId("new-set-corpus");
  const demoCorpus = (await corpus.locator("option").allTextContents()).find((text) =>
    text.includes("(67 docs)"),
  );
  await corpus.selectOption({ label: demoCorpus ?? "" });
  await page.getByTestId("new-set-submit").click();
  await expect(page).toHaveURL(/\/sets\/[^/]+$/);

  // Refused: a malformed line, a duplicate, an unknown document, an unknown query and a grade off
  // the scale — the file's own problems and its references, all in one answer, by line.
  const bad = [
    "e2e-1 0 kb-0001 2",
    "e2e-1 0 nope 1",
    "e2e-1 0 kb-0001 2",
    "e2e-7 0 kb-0002 1",
    "e2e-2 0 kb-0003",
    "e2e-2 0 kb-0004 7",
  ].join("\n");
  await page.getByTestId("judgments-file").setInputFiles(file("bad.qrels", bad));
  await page.getByTestId("judgments-queries").setInputFiles(file("topics.tsv", topics));
  await page.getByTestId("judgments-submit").click();
  const error = page.getByTestId("judgments-error");
  await expect(error).toContainText("Nothing was imported — 5 problems");
  await expect(error.getByTestId("import-problem")).toHaveText([
    'bad.qrels line 2unknown document "nope" (not in the set\'s corpus)',
    'bad.qrels line 3query "e2e-1" and document "kb-0001" were already judged on line 1',
    'bad.qrels line 4unknown query "e2e-7" (no text in the queries file)',
    "bad.qrels line 5expected 4 columns (qid 0 docid grade), found 3",
    "bad.qrels line 6grade 7 is not on the set's scale (0, 1, 2, 3)",
  ]);
  await expect(page.getByTestId("set-total")).toContainText("0");

  await page.getByTestId("judgments-file").setInputFiles(file("good.qrels", qrels));
  await page.getByTestId("judgments-queries").setInputFiles(file("topics.tsv", topics));
  await page.getByTestId("judgments-submit").click();
  await expect(page.getByTestId("judgments-imported")).toHaveText(
    "Imported 3 judgments on 2 queries (2 new).",
  );
  await expect(page.getByTestId("set-total")).toContainText("2");
  await expect(page.getByTestId("query-link").first()).toHaveText("how do I update the firmware offline");

  const slug = `e2e-qrels-set-${suffix}`;
  expect(await downloadNamed(page, "export-qrels")).toEqual({ name: `${slug}.qrels`, text: qrels });
  expect(await downloadNamed(page, "export-qrels-beir")).toEqual({
    name: `${slug}-qrels.tsv`,
    text: "query-id\tcorpus-id\tscore\ne2e-1\tkb-0001\t2\ne2e-1\tkb-0002\t0\ne2e-2\tkb-0003\t1\n",
  });
  expect(await downloadNamed(page, "export-queries-beir")).toEqual({
    name: `${slug}-queries.jsonl`,
    text: '{"_id":"e2e-1","text":"how do I update the firmware offline"}\n{"_id":"e2e-2","text":"second question"}\n',
  });
  const setUrl = page.url();

  // The label history (admins) names the import each label came from, not "unknown".
  const admin = await browser.newPage();
  await signIn(admin, { baseUrl: DEMO_URL, email: "admin@goldenset.local", password: "goldenset-admin" });
  await admin.goto(`${setUrl}/history`);
  const labelBy = admin.getByTestId("history-label-by");
  await expect(labelBy).toHaveCount(3);
  await expect(labelBy).toHaveText(Array(3).fill("import of good.qrels"));
  await admin.close();

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
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).first().click();
  await page.getByTestId("export-qrels-menu").locator("summary").click();
  await expect(page.getByTestId("export-qrels")).toBeVisible();
  await expect(page.getByTestId("export-qrels-beir")).toBeVisible();
  await expect(page.getByTestId("import-judgments")).toHaveCount(0);
});
