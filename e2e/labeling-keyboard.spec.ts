import type { Page } from "@playwright/test";
import { DEMO_SET_NAME, DEMO_URL, signIn, waitForLiveWorkspace } from "./helpers";
import { expect, test } from "./test";

// Labeling from the keyboard alone: open candidates (j/k), select by sentence ( ) ] [ ), pick a
// grade and label (l), regrade in place (one label, new grade), undo a regrade and a delete, judge
// a passage not relevant (0), judge a document twice with w (still one label), read the cheat
// sheet (?). The spec works on a query of its own and removes its labels at the end, so the demo
// set's judgments are as before for the specs that evaluate it.

const selectedText = (page: Page) => page.evaluate(() => window.getSelection()?.toString().trim() ?? "");
const items = (page: Page) => page.getByTestId("label-item");

test("an annotator judges a query from the keyboard, regrades, deletes and undoes", async ({ page }) => {
  await signIn(page, {
    baseUrl: DEMO_URL,
    email: "annotator@goldenset.local",
    password: "goldenset-annotator",
  });
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();
  const queryText = `e2e keyboard: E-4012 drive not detected after a swap (${test.info().retry})`;
  await page.getByTestId("add-query-text").fill(queryText);
  await page.getByTestId("add-query-submit").click();
  await page.getByTestId("query-row").filter({ hasText: queryText }).getByRole("link").first().click();
  await expect(page.getByTestId("query-text")).toHaveText(queryText);
  await expect(items(page)).toHaveCount(0);
  // The document the page opened by itself is pinned in the address: label changes keep it open.
  await expect(page).toHaveURL(/\?doc=/);
  const firstUrl = page.url();

  // j and k move between candidates, opening each.
  const firstTitle = await page.getByTestId("document-title").innerText();
  await page.keyboard.press("j");
  await expect(page).not.toHaveURL(firstUrl);
  await expect(page.getByTestId("document-title")).not.toHaveText(firstTitle);
  await page.keyboard.press("k");
  await expect(page.getByTestId("document-title")).toHaveText(firstTitle);

  // A sentence from the keyboard, extended by one and shrunk back, then extended again.
  await page.keyboard.press("3");
  await expect(page.getByTestId("grade-3")).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press(")");
  await expect(page.getByTestId("selection-preview")).toBeVisible();
  const sentence = await selectedText(page);
  expect(sentence.length).toBeGreaterThan(10);
  await page.keyboard.press("]");
  await expect.poll(() => selectedText(page)).not.toBe(sentence);
  const extended = await selectedText(page);
  expect(extended.startsWith(sentence)).toBe(true);
  expect(extended.length).toBeGreaterThan(sentence.length);
  await page.keyboard.press("[");
  await expect.poll(() => selectedText(page)).toBe(sentence);
  await page.keyboard.press("]");
  await expect.poll(() => selectedText(page)).toBe(extended);
  await page.keyboard.press("l");
  await expect(items(page)).toHaveCount(1);
  const label = items(page).first();
  await expect(label).toHaveAttribute("data-grade", "3");
  await expect(label).toContainText(sentence.slice(0, 20));
  await expect(page.getByTestId("labeling-notice")).toContainText("Labeled");

  // Regrade in place: pick the label with Shift+J and press a grade key — still one label.
  await page.keyboard.press("Shift+J");
  await expect(label).toHaveAttribute("data-selected", "true");
  await expect(page.getByTestId("grade-bar")).toHaveAttribute("data-mode", "label");
  await page.keyboard.press("1");
  await expect(label).toHaveAttribute("data-grade", "1");
  await expect(page.getByTestId("labeling-notice")).toContainText("changed to Partly relevant (1)");
  await expect(items(page)).toHaveCount(1);
  // Ctrl+Z undoes the regrade.
  await page.keyboard.press("Control+z");
  await expect(label).toHaveAttribute("data-grade", "3");
  await expect(page.getByTestId("labeling-notice")).toContainText("Undone");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("grade-bar")).toHaveAttribute("data-mode", "new");

  // Labeling the same span again changes its grade: one label, grade 2.
  await page.keyboard.press("2");
  await page.keyboard.press(")");
  await page.keyboard.press("]");
  await expect.poll(() => selectedText(page)).toBe(extended);
  await page.keyboard.press("l");
  await expect(page.getByTestId("labeling-notice")).toContainText("its grade is now Relevant (2)");
  await expect(label).toHaveAttribute("data-grade", "2");
  await expect(items(page)).toHaveCount(1);

  // Delete asks nothing and offers undo; u brings the label back as it was.
  await page.keyboard.press("Shift+J");
  await page.keyboard.press("x");
  await expect(items(page)).toHaveCount(0);
  await expect(page.getByTestId("labeling-notice")).toContainText("Label deleted");
  await expect(page.getByTestId("notice-undo")).toBeVisible();
  await page.keyboard.press("u");
  await expect(items(page)).toHaveCount(1);
  await expect(label).toHaveAttribute("data-grade", "2");
  await page.reload();
  await waitForLiveWorkspace(page);
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toHaveAttribute("data-grade", "2");

  // The next candidate: a passage judged not relevant (0), then the whole document twice with w.
  await page.keyboard.press("j");
  await expect(page.getByTestId("document-title")).not.toHaveText(firstTitle);
  await page.keyboard.press("0");
  await page.keyboard.press(")");
  await expect(page.getByTestId("selection-preview")).toBeVisible();
  await page.keyboard.press("l");
  const notRelevant = page.locator('[data-testid="label-item"][data-grade="0"]');
  await expect(notRelevant).toHaveCount(1);
  await expect(notRelevant.getByTestId("label-grade")).toHaveValue("0");
  await expect(notRelevant.locator("option:checked")).toHaveText("Not relevant (0)");
  await expect(page.getByTestId("label-highlight").first()).toHaveAttribute("data-grade", "0");
  await page.keyboard.press("1");
  await page.keyboard.press("w");
  await expect(page.getByTestId("whole-document-badge")).toContainText("Partly relevant (1)");
  await page.keyboard.press("w");
  await expect(page.getByTestId("labeling-notice")).toContainText("already");
  await expect(items(page).filter({ hasText: "Whole document" })).toHaveCount(1);
  await expect(items(page)).toHaveCount(3);

  // The cheat sheet lists every key with the set's grade names; Escape closes it.
  await page.keyboard.press("?");
  const sheet = page.getByTestId("shortcut-dialog");
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText("Not relevant");
  await expect(sheet).toContainText("Extend / shrink the selection at its end by a sentence");
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();

  // Opened without ?doc=, the page shows the first labeled document and pins it: deleting that
  // document's only label (the page would now pick another) keeps it open.
  await page.goto(firstUrl.split("?")[0] ?? firstUrl);
  await expect(page.getByTestId("document-title")).toHaveText(firstTitle);
  await expect(page).toHaveURL(/\?doc=/);
  await page.keyboard.press("Shift+J");
  await expect(page.getByTestId("selected-label-bar")).toContainText("Relevant");
  await page.keyboard.press("x");
  await expect(page.getByTestId("labeling-notice")).toContainText("Label deleted");
  await expect(items(page)).toHaveCount(2);
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("document-title")).toHaveText(firstTitle);

  // Clean up from the keyboard: select each label and delete it.
  for (let left = 2; left > 0; left--) {
    await page.keyboard.press("Shift+J");
    await expect(page.getByTestId("selected-label-bar")).toBeVisible();
    await page.keyboard.press("x");
    await expect(items(page)).toHaveCount(left - 1);
  }
  await page.reload();
  await waitForLiveWorkspace(page);
  await expect(items(page)).toHaveCount(0);
});
