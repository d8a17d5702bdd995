import type { Page } from "@playwright/test";
import { DEMO_SET_NAME, DEMO_URL, signIn } from "./helpers";
import { expect, test } from "./test";

// The workspace's actions answer what they changed and do not re-render the page: the label, the
// query's status and the edited need and notes show from their answers, and the other pages are
// fresh when the annotator goes there (they are dynamic: rendered anew on navigation; Back and
// Forward after such a write refresh the page they restore). The spec
// works on a query of its own and removes its label at the end.

const items = (page: Page) => page.getByTestId("label-item");

test("a save shows its label and status at once, and the set page has them after navigating there", async ({
  page,
}) => {
  await signIn(page, {
    baseUrl: DEMO_URL,
    email: "annotator@goldenset.local",
    password: "goldenset-annotator",
  });
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();
  // the click does not wait for the navigation: read the set's URL once it is there
  await expect(page).toHaveURL(/\/sets\/[^/?]+$/);
  const setUrl = page.url();
  const queryText = `e2e answers: E-4013 fan noise after the update (${test.info().retry})`;
  await page.getByTestId("add-query-text").fill(queryText);
  await page.getByTestId("add-query-submit").click();
  const row = page.getByTestId("query-row").filter({ hasText: queryText });
  await row.getByRole("link").first().click();
  await expect(page.getByTestId("query-text")).toHaveText(queryText);
  await expect(page.getByTestId("query-status")).toHaveAttribute("data-status", "unlabeled");

  // Only the action's own answer comes back: no page payload rides along with the save. The
  // answers pass through the test (route.fetch), which reads each one whole.
  const answers: number[] = [];
  await page.route("**/*", async (route) => {
    const request = route.request();
    if (request.method() !== "POST" || !request.headers()["next-action"]) return route.fallback();
    const response = await route.fetch();
    const body = await response.body();
    answers.push(body.byteLength);
    await route.fulfill({ response, body });
  });
  await page.keyboard.press("2");
  await page.keyboard.press(")");
  await expect(page.getByTestId("selection-preview")).toBeVisible();
  await page.keyboard.press("l");
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toHaveAttribute("data-grade", "2");
  await expect(page.getByTestId("query-status")).toHaveAttribute("data-status", "in_progress");
  await expect.poll(() => answers.length).toBeGreaterThan(0);
  expect(Math.max(...answers)).toBeLessThan(2048);

  // Need and notes show as saved, without a reload.
  await page.getByTestId("edit-query-details").click();
  await page.getByTestId("query-notes-input").fill("  fan noise only after the update  ");
  await page.getByTestId("save-query-details").click();
  await expect(page.getByTestId("query-notes")).toHaveText("Notes: fan noise only after the update");

  // The set page, reached by the app's own links, counts the label and shows the new status.
  await page.getByRole("link", { name: "Golden sets" }).first().click();
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();
  await expect(page).toHaveURL(setUrl);
  await expect(row.locator('[data-status="in_progress"]')).toBeVisible();
  await expect(row.locator("td").filter({ hasText: /^1$/ })).toHaveCount(1);

  // Back in the workspace, the label, status and notes are those the server has.
  await row.getByRole("link").first().click();
  await expect(items(page)).toHaveCount(1);
  await expect(page.getByTestId("query-status")).toHaveAttribute("data-status", "in_progress");
  await expect(page.getByTestId("query-notes")).toContainText("fan noise only after the update");

  // Clean up: the demo set's judgments stay as they were for the specs that evaluate it.
  await page.keyboard.press("Shift+J");
  await page.keyboard.press("x");
  await expect(items(page)).toHaveCount(0);

  // Back and Forward restore pages from the router's cache; after a write that re-rendered
  // nothing, the page they land on is refreshed: the workspace, cached with its label, has none.
  await page.getByRole("link", { name: "Golden sets" }).first().click();
  await expect(page.getByTestId("set-link").first()).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId("query-text")).toHaveText(queryText);
  await expect(items(page)).toHaveCount(0);
  await page.waitForTimeout(1_000);
  await expect(items(page)).toHaveCount(0);
});
