import { DEMO_URL } from "./helpers";
import { addAnnotator, demoExport, ENGINEER, importSet, signedInPage, unlabeled } from "./queue-fixtures";
import { expect, test } from "./test";

// No silent loss of typed text: while the information need or notes hold unsaved text, every way
// out of the query asks first — the Next button, the n key, Done, a sidebar link, closing the
// tab — and cancelling keeps the annotator on the query with their text. Once saved, nothing asks.

const QUESTION = "The information need or notes you typed are not saved. Leave this query and lose them?";

test("a dirty information need asks before Next, n, Done, a link or closing the tab", async ({ browser }) => {
  const engineer = await signedInPage(browser, ENGINEER);
  const file = unlabeled(await demoExport(engineer), 2);
  const texts = file.queries.map((query) => query.text);
  const setId = await importSet(engineer, file, `Unsaved e2e ${Date.now()}`);
  const page = await signedInPage(browser, await addAnnotator(browser, "Cato"));

  const asked: string[] = [];
  page.on("dialog", async (dialog) => {
    asked.push(dialog.type() === "beforeunload" ? "beforeunload" : dialog.message());
    await dialog.dismiss();
  });

  await page.goto(`${DEMO_URL}/sets/${setId}/next`);
  await expect(page.getByTestId("query-text")).toHaveText(texts[0] ?? "");
  // the workspace adds the open document to the URL (?doc=): compare the query's path
  const here = new URL(page.url()).pathname;
  await page.getByTestId("edit-query-details").click();
  await page.getByTestId("information-need-input").fill("Which drives the T4 accepts");
  await expect(page.getByTestId("query-details-unsaved")).toHaveText("Not saved yet");

  // each way out asks; dismissing keeps the query and the typed text
  const stays = async (count: number) => {
    await expect.poll(() => asked.length).toBe(count);
    expect(asked.at(-1)).toBe(QUESTION);
    expect(new URL(page.url()).pathname).toBe(here);
    await expect(page.getByTestId("information-need-input")).toHaveValue("Which drives the T4 accepts");
  };
  await page.getByTestId("query-next").click();
  await stays(1);
  await page.getByTestId("query-text").click(); // out of the text box, where n is a letter
  await page.keyboard.press("n");
  await stays(2);
  await page.keyboard.press("d");
  await stays(3);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Golden sets" }).click();
  await stays(4);
  await expect(page.getByTestId("my-progress")).toHaveCount(0); // Done was not recorded

  // saved, nothing asks: n opens the next query
  await page.getByTestId("information-need-input").press("Control+Enter");
  await expect(page.getByTestId("information-need")).toContainText("Which drives the T4 accepts");
  await page.keyboard.press("n");
  await expect(page.getByTestId("query-text")).toHaveText(texts[1] ?? "");
  expect(asked).toHaveLength(4);

  // typed notes on the next query, then the tab is closed: the browser asks (beforeunload)
  await page.getByTestId("edit-query-details").click();
  await page.getByTestId("query-notes-input").fill("Ask the storage team");
  await page.screenshot({ path: "test-results/unsaved-edits.png" });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked.at(-1)).toBe("beforeunload");
});
