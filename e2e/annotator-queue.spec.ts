import type { Page } from "@playwright/test";
import { DEMO_SET_NAME, DEMO_URL, signIn, waitForLiveWorkspace } from "./helpers";
import { expect, test } from "./test";

// The annotator's queue on sets of its own (imported from the demo set's export, so the demo set
// stays as other specs expect it): an engineer assigns queries; the annotator skips with a
// reason, moves with `n` to the next query needing them, marks done, and reaches the end of the
// queue; a run's holes open as a queue and judging them raises the run's judged@k.

const ANNOTATOR = { email: "annotator@goldenset.local", password: "goldenset-annotator" };
const ENGINEER = { email: "engineer@goldenset.local", password: "goldenset-engineer" };

type SetFile = { set: { name: string }; queries: { text: string; status: string; labels: unknown[] }[] };

/** The demo set's id and its export, read as the engineer. */
async function demoExport(page: Page): Promise<SetFile> {
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();
  await expect(page).toHaveURL(/\/sets\/[^/]+$/);
  const demoId = page.url().split("/").at(-1) ?? "";
  return (await (await page.request.get(`${DEMO_URL}/api/sets/${demoId}/export`)).json()) as SetFile;
}

/** Imports `file` under a new name (the engineer's session) and answers the new set's id. */
async function importSet(page: Page, file: SetFile, name: string): Promise<string> {
  const response = await page.request.post(`${DEMO_URL}/api/sets/import`, {
    headers: { origin: DEMO_URL },
    multipart: {
      name,
      file: { name: "set.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(file)) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { setId: string }).setId;
}

async function signedIn(page: Page, account: { email: string; password: string }) {
  await signIn(page, { baseUrl: DEMO_URL, ...account });
}

test("assigned queries: skip with a reason, n to the next needing me, done, and the end of the queue", async ({
  browser,
}) => {
  const engineer = await browser.newPage();
  await signedIn(engineer, ENGINEER);
  const demo = await demoExport(engineer);
  // four queries nobody labeled yet, no runs: the annotator's queue is exactly her assignments
  const picked = demo.queries.slice(0, 4);
  const texts = picked.map((query) => query.text);
  const setId = await importSet(
    engineer,
    { ...demo, queries: picked.map((query) => ({ ...query, labels: [], status: "unlabeled" })) },
    `Queue e2e ${Date.now()}`,
  );

  // the engineer deals them to the annotator and themself, a quarter to both (overlap):
  // round-robin gives her the 1st and 3rd, him the 2nd, and both of them the 4th
  await engineer.goto(`${DEMO_URL}/sets/${setId}/assignments`);
  for (const box of await engineer.getByTestId("assign-annotator").all()) {
    const wanted = [ANNOTATOR.email, ENGINEER.email].includes((await box.getAttribute("data-email")) ?? "");
    if (wanted !== (await box.isChecked())) await box.click();
  }
  await engineer.getByTestId("assign-overlap").fill("25");
  await engineer.getByTestId("assign-submit").click();
  await expect(engineer.getByTestId("assign-result")).toContainText("Assigned 4 queries (5 assignments)");
  await engineer.reload();
  const annotatorRow = engineer.locator(`[data-testid=progress-row][data-email="${ANNOTATOR.email}"]`);
  await expect(annotatorRow.getByTestId("progress-assigned")).toHaveText("3");
  await expect(annotatorRow.getByTestId("progress-remaining")).toHaveText("3");
  // the engineer opens the shared 4th query: he holds its lock
  await engineer.goto(`${DEMO_URL}/sets/${setId}/next`);
  await expect(engineer.getByTestId("query-text")).toHaveText(texts[1] ?? "");
  // a key pressed before the page is hydrated is lost
  await waitForLiveWorkspace(engineer);
  await engineer.keyboard.press("n");
  await expect(engineer.getByTestId("query-text")).toHaveText(texts[3] ?? "");

  const page = await browser.newPage();
  await signedIn(page, ANNOTATOR);
  await page.goto(`${DEMO_URL}/sets/${setId}/next`);
  await expect(page.getByTestId("query-text")).toHaveText(texts[0] ?? "");
  await waitForLiveWorkspace(page);

  // the information need is written in the workspace
  await page.getByTestId("edit-query-details").click();
  await page.getByTestId("information-need-input").fill("Which drives the T4 accepts");
  await page.getByTestId("save-query-details").click();
  await expect(page.getByTestId("information-need")).toContainText("Which drives the T4 accepts");

  // S asks for a reason; Enter skips and opens the next query needing me (not the engineer's 2nd)
  await page.keyboard.press("s");
  await expect(page.getByTestId("reason-input")).toBeFocused();
  await page.keyboard.type("Needs a storage engineer");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("query-text")).toHaveText(texts[2] ?? "");

  // n: the shared 4th, which the engineer has open — overlap, so it is not kept from me
  await page.keyboard.press("n");
  await expect(page.getByTestId("query-text")).toHaveText(texts[3] ?? "");
  await expect(page.getByTestId("lock-notice")).toContainText("is judging this query too");
  // n again: round past the skipped 1st, back to the 3rd
  await page.keyboard.press("n");
  await expect(page.getByTestId("query-text")).toHaveText(texts[2] ?? "");

  // done needs a judgment: the whole open document, then D opens the next one
  await page.keyboard.press("d");
  await expect(page.getByTestId("progress-error")).toContainText("Nothing is judged");
  await expect(page.getByTestId("candidate-1")).toBeVisible();
  await page.keyboard.press("w");
  await expect(page.getByText(/Labeled the whole document/)).toBeVisible();
  // one write at a time: D waits for the label's save (and the page's refresh) to finish
  await expect(page.getByTestId("mark-labeled")).toBeEnabled();
  await page.keyboard.press("d");
  await expect(page.getByTestId("query-text")).toHaveText(texts[3] ?? "");

  // p goes back to what I did last; n from there returns to the 4th
  await page.keyboard.press("p");
  await expect(page.getByTestId("query-text")).toHaveText(texts[2] ?? "");
  await expect(page.getByTestId("my-progress")).toContainText("You marked it done");
  await page.keyboard.press("n");
  await expect(page.getByTestId("query-text")).toHaveText(texts[3] ?? "");

  // nothing answers the 4th: the end of the queue says so, and lists what I set aside
  await page.getByTestId("mark-no-answer").click();
  await expect(page.getByRole("heading", { name: "Nothing left for you in this set" })).toBeVisible();
  await expect(page.getByTestId("set-aside")).toContainText(texts[0] ?? "");
  await expect(page.getByTestId("set-aside")).toContainText("Needs a storage engineer");

  // the engineer sees her progress, and the set-level statuses follow
  await engineer.goto(`${DEMO_URL}/sets/${setId}/assignments`);
  await expect(annotatorRow.getByTestId("progress-done")).toHaveText("2");
  await expect(annotatorRow.getByTestId("progress-remaining")).toHaveText("0");
  await engineer.goto(`${DEMO_URL}/sets/${setId}`);
  const statuses = engineer.getByTestId("query-row").locator("[data-status]");
  await expect(statuses).toHaveCount(4);
  expect(
    await statuses.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-status"))),
  ).toEqual(["skipped", "unlabeled", "labeled", "no_answer"]);
});

test("a run's holes open as a queue, and judging them raises its judged@k", async ({ browser }) => {
  const engineer = await browser.newPage();
  await signedIn(engineer, ENGINEER);
  const demo = await demoExport(engineer);
  const setId = await importSet(
    engineer,
    { ...demo, queries: demo.queries.slice(0, 4) },
    `Holes e2e ${Date.now()}`,
  );
  const created = await engineer.request.post(`${DEMO_URL}/api/sets/${setId}/runs`, {
    headers: { origin: DEMO_URL },
    multipart: {
      name: "Holes BM25",
      topK: "10",
      retrieverKind: "bm25",
      chunkSize: "400",
      chunkOverlap: "80",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { runId } = (await created.json()) as { runId: string };

  const page = await browser.newPage();
  await signedIn(page, ANNOTATOR);
  await page.goto(`${DEMO_URL}/runs/${runId}`);
  await expect(page.getByTestId("run-status")).toHaveAttribute("data-status", "succeeded", {
    timeout: 60_000,
  });
  await expect(page.getByTestId("run-holes")).toBeVisible();
  const holesBefore = Number(await page.getByTestId("run-holes-count").textContent());
  const judgedBefore = Number.parseFloat((await page.getByTestId("run-judged-now").textContent()) ?? "");
  expect(holesBefore).toBeGreaterThan(2);

  // the run's holes as a queue: the first hole opens with its passage selected
  await page.getByTestId("run-fill-holes").click();
  await expect(page).toHaveURL(/mode=holes/);
  await expect(page.getByTestId("hole-position")).toHaveText(
    new RegExp(`Hole 1 of ${holesBefore} in the top 10`),
  );
  const judge = async () => {
    await expect
      .poll(() => page.evaluate(() => window.getSelection()?.toString().length ?? 0))
      .toBeGreaterThan(0);
    await page.keyboard.press("l");
    await expect(page.getByTestId("hole-position")).toContainText("✓ Judged");
  };
  await judge();
  await expect(page.getByTestId("hole-position")).toContainText(`${holesBefore - 1} holes left`);
  await page.keyboard.press("n");
  await expect(page.getByTestId("hole-position")).toHaveText(new RegExp(`Hole 1 of ${holesBefore - 1} `));
  await judge();

  await page.goto(`${DEMO_URL}/runs/${runId}`);
  await expect(page.getByTestId("run-holes-count")).toHaveText(String(holesBefore - 2));
  const judgedAfter = Number.parseFloat((await page.getByTestId("run-judged-now").textContent()) ?? "");
  expect(judgedAfter).toBeGreaterThan(judgedBefore);

  // the set's holes page lists the rest, and walks them from the start
  await page.getByTestId("run-holes-link").click();
  await expect(page.getByTestId("hole-row")).toHaveCount(holesBefore - 2);
});
