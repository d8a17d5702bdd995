import { DEMO_URL } from "./helpers";
import { addAnnotator, demoExport, ENGINEER, importSet, signedInPage } from "./queue-fixtures";
import { expect, test } from "./test";

// "Next" says why it opened a query, and says when the annotator's own work is over: a set with
// one labeled query and two unlabeled ones, and a run whose top 10 leaves holes. A new annotator's
// overview names the next task; Next opens the two unlabeled queries ("nobody has labeled it"),
// which she closes; then — instead of silently opening the labeled query for its holes — the end
// of her queue says so and offers the holes, which then open with the run that left them named.

test("Next says why, and the end of the own queue offers holes instead of opening them", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const engineer = await signedInPage(browser, ENGINEER);
  const demo = await demoExport(engineer);
  const labeled = demo.queries.find((query) => query.labels.length > 0);
  const fresh = demo.queries.filter((query) => query !== labeled).slice(0, 2);
  expect(labeled, "the demo set has a labeled query").toBeDefined();
  const queries = [labeled!, ...fresh.map((query) => ({ ...query, labels: [], status: "unlabeled" }))];
  const setId = await importSet(engineer, { ...demo, queries }, `End of queue e2e ${Date.now()}`);
  const created = await engineer.request.post(`${DEMO_URL}/api/sets/${setId}/runs`, {
    headers: { origin: DEMO_URL },
    multipart: { name: "End BM25", topK: "10", retrieverKind: "bm25", chunkSize: "400", chunkOverlap: "80" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { runId } = (await created.json()) as { runId: string };
  await engineer.goto(`${DEMO_URL}/runs/${runId}`);
  await expect(engineer.getByTestId("run-status")).toHaveAttribute("data-status", "succeeded", {
    timeout: 60_000,
  });

  const page = await signedInPage(browser, await addAnnotator(browser, "Dara"));
  // the overview names a next task and leads into it
  await page.goto(`${DEMO_URL}/`);
  await expect(page.getByTestId("next-task")).toContainText("Your next task: label");
  await expect(page.getByTestId("next-task-label")).toBeVisible();
  await page.screenshot({ path: "test-results/next-task-overview.png", fullPage: true });

  // Next opens the unlabeled queries, each saying why
  await page.goto(`${DEMO_URL}/sets/${setId}/next`);
  for (const query of fresh) {
    await expect(page.getByTestId("query-text")).toHaveText(query.text);
    await expect(page.getByTestId("next-reason")).toHaveAttribute("data-tier", "unlabeled");
    await expect(page.getByTestId("next-reason")).toContainText("nobody has labeled it yet");
    // closing it as "no answer in corpus" finishes it, as Done would (a query may retrieve nothing)
    await page.getByTestId("mark-no-answer").click();
  }

  // her own queue is done: said as such, with the holes offered, not opened
  await expect(page.getByRole("heading", { name: "Nothing left for you in this set" })).toBeVisible();
  await expect(page.getByTestId("end-of-queue-message")).toContainText(
    "You have labeled every query assigned to you",
  );
  await expect(page.getByTestId("end-of-queue-message")).toContainText("nobody judged");
  await expect(page.getByTestId("fill-holes")).toBeVisible();
  await page.screenshot({ path: "test-results/next-end-of-queue.png", fullPage: true });

  // asked for, the holes open, saying whose they are
  await page.getByTestId("next-with-holes").click();
  await expect(page.getByTestId("next-reason")).toHaveAttribute("data-tier", "holes");
  await expect(page.getByTestId("next-reason")).toContainText("in the top 10 of End BM25");
  await page.screenshot({ path: "test-results/next-reason-holes.png" });
});
