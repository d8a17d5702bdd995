import { DEMO_SET_NAME, DEMO_URL, signIn } from "./helpers";
import { expect, test } from "./test";

// The evaluate form's "Whole documents" strategy and "Prepend title" checkbox, in a real browser
// against the production server: the run succeeds and says what it indexed; the form opens again
// with the saved chunking.
test("a BM25 run over whole documents with titles, from the evaluate form", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, {
    baseUrl: DEMO_URL,
    email: "engineer@goldenset.local",
    password: "goldenset-engineer",
  });
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();
  await page.getByTestId("evaluate-link").click();
  await expect(page.getByTestId("evaluate-form")).toBeVisible();
  const evaluatePage = page.url();

  await page.getByTestId("retriever-kind").selectOption("bm25");
  await expect(page.getByTestId("field-chunkSize")).toBeVisible();
  await page.getByTestId("chunking-strategy").selectOption("document");
  await expect(page.getByTestId("field-chunkSize")).toHaveCount(0); // whole documents have no size
  await page.getByTestId("field-prependTitle").check();
  await page.getByTestId("field-rerank").uncheck();
  await page.getByTestId("config-name").fill("e2e whole documents");
  await page.getByTestId("run-evaluation").click();
  await expect(page).toHaveURL(/\/runs\/[^/]+$/, { timeout: 30_000 });
  await expect(page.getByTestId("run-status")).toContainText(/succeeded/i, { timeout: 90_000 });
  await expect(page.getByText(/whole documents \+ title/).first()).toBeVisible();

  await page.goto(evaluatePage);
  await expect(page.getByTestId("chunking-strategy")).toHaveValue("document");
  await expect(page.getByTestId("field-prependTitle")).toBeChecked();
});
