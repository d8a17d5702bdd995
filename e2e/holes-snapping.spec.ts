import type { Page } from "@playwright/test";
import { DEMO_SET_NAME, DEMO_URL, signIn } from "./helpers";
import { expect, test } from "./test";

// Holes as an annotator meets them, on a set of its own (four demo queries, no labels) with two
// runs that chunk the corpus differently: the holes page lists the text both retrieved once,
// with both runs; each passage starts and ends on word edges; and "Fill holes" pre-selects
// exactly the span the list shows.

const ENGINEER = { email: "engineer@goldenset.local", password: "goldenset-engineer" };
const ANNOTATOR = { email: "annotator@goldenset.local", password: "goldenset-annotator" };

/** A set of the demo's first four queries without labels, as the engineer; its id. */
async function setWithoutLabels(page: Page): Promise<string> {
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();
  await expect(page).toHaveURL(/\/sets\/[^/]+$/);
  const demoId = page.url().split("/").at(-1) ?? "";
  const demo = (await (await page.request.get(`${DEMO_URL}/api/sets/${demoId}/export`)).json()) as {
    queries: { labels: unknown[]; status: string }[];
  };
  const file = {
    ...demo,
    queries: demo.queries.slice(0, 4).map((query) => ({ ...query, labels: [], status: "unlabeled" })),
  };
  const response = await page.request.post(`${DEMO_URL}/api/sets/import`, {
    headers: { origin: DEMO_URL },
    multipart: {
      name: `Snapped holes e2e ${Date.now()}`,
      file: { name: "set.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(file)) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { setId: string }).setId;
}

/** Evaluates BM25 with `chunkSize`-character chunks on the set and waits for the run to finish. */
async function evaluate(page: Page, setId: string, chunkSize: number): Promise<string> {
  const created = await page.request.post(`${DEMO_URL}/api/sets/${setId}/runs`, {
    headers: { origin: DEMO_URL },
    multipart: {
      name: `BM25 ${chunkSize}`,
      topK: "10",
      retrieverKind: "bm25",
      chunkSize: String(chunkSize),
      chunkOverlap: "80",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { runId } = (await created.json()) as { runId: string };
  await page.goto(`${DEMO_URL}/runs/${runId}`);
  await expect(page.getByTestId("run-status")).toHaveAttribute("data-status", "succeeded", {
    timeout: 60_000,
  });
  return runId;
}

/** Whether the text has a letter or digit on both sides of `offset` (a cut inside a word). */
function cutsWord(text: string, offset: number): boolean {
  const word = /[\p{L}\p{N}]/u;
  return word.test(text.charAt(offset - 1)) && word.test(text.charAt(offset));
}

test("holes are shown on word edges, once across chunkings, and Fill holes selects that span", async ({
  browser,
}) => {
  const engineer = await browser.newPage();
  await signIn(engineer, { baseUrl: DEMO_URL, ...ENGINEER });
  const setId = await setWithoutLabels(engineer);
  await evaluate(engineer, setId, 400);
  await evaluate(engineer, setId, 420);

  const page = await browser.newPage();
  await signIn(page, { baseUrl: DEMO_URL, ...ANNOTATOR });
  await page.goto(`${DEMO_URL}/sets/${setId}/holes`);
  const rows = page.getByTestId("hole-row");
  const count = await rows.count();
  expect(count).toBeGreaterThan(3);
  await expect(page.getByText(new RegExp(`^${count} holes? from 2 runs$`))).toBeVisible();
  // two chunkings 20 characters apart retrieve much the same text: listed once, with both runs
  const runsPerRow = await page
    .getByTestId("hole-runs")
    .evaluateAll((cells) => cells.map((cell) => cell.querySelectorAll("li").length));
  expect(Math.max(...runsPerRow)).toBe(2);
  const sum = (await page.getByTestId("hole-run-holes").allTextContents()).reduce(
    (total, text) => total + Number(text.replace(/,/g, "")),
    0,
  );
  expect(sum).toBeGreaterThan(count); // shared holes count for each run that retrieved them

  // three holes, each the first left, opened in "Fill holes": the passage selected is the one
  // listed, on word edges, and labeling that selection fills the hole
  for (let index = 0; index < 3; index++) {
    await page.goto(`${DEMO_URL}/sets/${setId}/holes`);
    const left = await rows.count();
    const row = rows.first();
    const passage = row.getByTestId("hole-passage");
    const start = Number(await passage.getAttribute("data-start"));
    const end = Number(await passage.getAttribute("data-end"));
    const listed = ((await passage.textContent()) ?? "").trim();
    await row.getByTestId("hole-link").click();
    await expect(page).toHaveURL(new RegExp(`span=${start}-${end}`));
    await expect(page.getByTestId("hole-position")).toContainText(`Hole 1 of ${left}`);
    const text = (await page.getByTestId("document-text").textContent()) ?? "";
    expect(cutsWord(text, start), `hole ${index + 1} starts mid-word`).toBe(false);
    expect(cutsWord(text, end), `hole ${index + 1} ends mid-word`).toBe(false);
    await expect
      .poll(() => page.evaluate(() => window.getSelection()?.toString() ?? ""))
      .toBe(text.slice(start, end));
    // the list shows the same passage (cut at a word, with "…", when long)
    const shown = listed.endsWith("…") ? listed.slice(0, -1) : listed;
    expect(text.slice(start, end).startsWith(shown)).toBe(true);
    await page.keyboard.press("l");
    await expect(page.getByTestId("hole-position")).toContainText("✓ Judged");
  }
  await page.goto(`${DEMO_URL}/sets/${setId}/holes`);
  expect(await rows.count()).toBeLessThanOrEqual(count - 3);
});
