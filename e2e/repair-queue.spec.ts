import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { DEMO_URL, selectInDocument, signIn } from "./helpers";
import { expect, test } from "./test";

// After a document is edited (a new version through the corpus import), a label that no longer
// anchors shows up in the set's repair queue, and accepting a candidate with the key fixes it.

const QUOTE = "Hold the reset button for ten seconds";
const ORIGINAL =
  "Resetting the router. Hold the reset button for ten seconds until the power light blinks. The router restarts with factory settings.";
const EDITED = ORIGINAL.replace(QUOTE, "Press and hold the reset key for 10 seconds");

/** Imports `documents` into the corpus `name` through the upload route and waits for the job. */
async function importCorpus(
  page: Page,
  name: string,
  documents: { id: string; title: string; text: string }[],
) {
  const jsonl = documents.map((document) => JSON.stringify(document)).join("\n");
  const response = await page.request.post(`${DEMO_URL}/api/corpora/import`, {
    multipart: {
      corpusName: name,
      format: "jsonl",
      file: { name: "corpus.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(jsonl) },
    },
  });
  expect(response.status()).toBe(202);
  const { jobId } = await response.json();
  await expect
    .poll(async () => (await (await page.request.get(`${DEMO_URL}/api/jobs/${jobId}`)).json()).status, {
      timeout: 60_000,
    })
    .toBe("succeeded");
}

test("a label orphaned by an edited document is repaired from the queue with one key", async ({ page }) => {
  await signIn(page, {
    baseUrl: DEMO_URL,
    email: "engineer@goldenset.local",
    password: "goldenset-engineer",
  });
  const corpusName = `E2E repair corpus ${randomUUID().slice(0, 8)}`;
  const documents = [
    { id: "router", title: "Resetting the router", text: ORIGINAL },
    { id: "warranty", title: "Warranty", text: "Our warranty covers parts and labour for three years." },
  ];
  await importCorpus(page, corpusName, documents);

  // A set over that corpus, a query, and a label on the phrase.
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("new-set-name").fill(`E2E repair set ${randomUUID().slice(0, 8)}`);
  await page.getByTestId("new-set-corpus").selectOption({ label: `${corpusName} (2 docs)` });
  await page.getByTestId("new-set-submit").click();
  await expect(page).toHaveURL(/\/sets\/[^/]+$/);
  const setUrl = page.url();
  await page.getByTestId("add-query-text").fill("how to reset the router");
  await page.getByTestId("add-query-submit").click();
  await page.getByTestId("query-link").first().click();
  await expect(page.getByTestId("candidate-1")).toContainText("Resetting the router");
  await selectInDocument(page, QUOTE);
  await page.keyboard.press("l");
  await expect(page.getByTestId("label-item")).toHaveCount(1);
  await expect(page.getByTestId("repair-link")).toHaveCount(0);

  // The document is edited: the quote is no longer in its text.
  await importCorpus(page, corpusName, [{ ...documents[0]!, text: EDITED }]);
  await page.goto(setUrl);
  await expect(page.getByTestId("repair-link")).toHaveText("Repair 1 label");
  await page.getByTestId("repair-link").click();

  const item = page.getByTestId("repair-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("orphaned");
  await expect(page.getByTestId("repair-old-quote")).toContainText(QUOTE);
  await expect(page.getByTestId("repair-candidate").first()).toContainText(
    "hold the reset key for 10 seconds",
  );
  await expect(page.getByTestId("repair-candidate").first()).toHaveAttribute("aria-pressed", "true");

  await expect(page.getByTestId("repair-queue")).toHaveAttribute("data-keys", "on");
  await page.keyboard.press("a");
  await expect(page.getByTestId("repair-notice")).toContainText("re-anchored on version 2");
  await expect(page.getByText("No label needs repair")).toBeVisible();

  // The label now anchors exactly on the new text.
  await page.goto(setUrl);
  await expect(page.getByTestId("repair-link")).toHaveCount(0);
  await page.getByTestId("query-link").first().click();
  const label = page.getByTestId("label-item");
  await expect(label).toHaveCount(1);
  await expect(label).toContainText("hold the reset key for 10 seconds");
  await expect(label).not.toContainText("orphaned");
  await expect(page.getByTestId("label-highlight").first()).toContainText("reset key");
});
