import { DEMO_SET_NAME, DEMO_URL, signIn } from "./helpers";
import { expect, test } from "./test";

// Labels have owners and a history: an annotator regrades and deletes their own label, cannot
// open the history; an admin finds the deletion there and restores the label as it was. The set
// ends as it began (same labels, same grades) for the specs that evaluate it.

test("an annotator changes and deletes their own label; an admin restores it from the history", async ({
  browser,
}) => {
  const annotator = await browser.newPage();
  await signIn(annotator, {
    baseUrl: DEMO_URL,
    email: "annotator@goldenset.local",
    password: "goldenset-annotator",
  });
  await annotator.goto(`${DEMO_URL}/sets`);
  await annotator.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();
  await expect(annotator).toHaveURL(/\/sets\/[^/]+$/);
  const setUrl = annotator.url();
  await annotator.getByTestId("query-link").nth(1).click();

  const label = annotator.getByTestId("label-item").first();
  await expect(label).toBeVisible();
  const quote = ((await label.locator("q").first().textContent()) ?? "").slice(1, 30);
  const mine = annotator.getByTestId("label-item").filter({ hasText: quote });
  const grade = await mine.getByTestId("label-grade").inputValue();
  await mine.getByTestId("label-grade").selectOption(grade === "1" ? "2" : "1");
  await expect(annotator.getByText("Grade changed to")).toBeVisible();
  await mine.getByTestId("label-grade").selectOption(grade);
  await expect(mine.getByTestId("label-grade")).toHaveValue(grade);
  await mine.getByTestId("label-delete").click();
  await expect(mine).toHaveCount(0);

  // The history is for admins: others are sent to the overview, as for other pages they may not open.
  await annotator.goto(`${setUrl}/history`);
  await expect(annotator).toHaveURL(/\/\?denied=1$/);

  const admin = await browser.newPage();
  await signIn(admin, { baseUrl: DEMO_URL, email: "admin@goldenset.local", password: "goldenset-admin" });
  await admin.goto(setUrl);
  await admin.getByTestId("label-history-link").click();
  await expect(admin).toHaveURL(/\/history$/);
  const deletion = admin.locator("[data-testid=history-row][data-action=deleted]").filter({ hasText: quote });
  await expect(deletion.first()).toContainText("Ana Annotator");
  await expect(
    admin.locator("[data-testid=history-row][data-action=updated]").filter({ hasText: quote }),
  ).toHaveCount(2);
  await deletion.first().getByTestId("restore-label").click();
  await expect(
    admin.locator("[data-testid=history-row][data-action=restored]").filter({ hasText: quote }),
  ).toHaveCount(1);
  await expect(deletion.first().getByTestId("restore-label")).toHaveCount(0);

  await annotator.goBack();
  await annotator.reload();
  await expect(annotator.getByTestId("label-item").filter({ hasText: quote })).toHaveCount(1);
  await expect(
    annotator.getByTestId("label-item").filter({ hasText: quote }).getByTestId("label-grade"),
  ).toHaveValue(grade);

  // An unknown set has no history page.
  const missing = await admin.goto(`${DEMO_URL}/sets/no-such-set/history`);
  expect(missing?.status()).toBe(404);
  await expect(admin.getByText("Golden set not found")).toBeVisible();
});
