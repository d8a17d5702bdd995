import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { DEMO_URL, signIn } from "./helpers";
import { expect, test } from "./test";

// The admin users page on the shared demo server: the admin adds a user of their own (a unique
// email per run, so the demo's accounts are untouched), changes their role, deactivates them (their
// open session ends and sign-in says why), reactivates them and resets their password.
const ADMIN = { email: "admin@goldenset.local", password: "goldenset-admin" };

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test("an admin changes a role, deactivates, reactivates and resets a password", async ({ browser }) => {
  test.setTimeout(120_000);
  const email = `heron-${randomUUID().slice(0, 8)}@example.com`;
  const firstPassword = "first cartography 1907";
  const admin = await newPage(browser);
  await signIn(admin, { baseUrl: DEMO_URL, ...ADMIN });
  await admin.goto(`${DEMO_URL}/admin/users`);
  // the admin's own row has no controls: no demoting or deactivating oneself
  const own = admin.locator(`[data-testid=user-row][data-email="${ADMIN.email}"]`);
  await expect(own.getByTestId("user-actions")).toHaveCount(0);

  await admin.getByTestId("add-user-name").fill("Heron");
  await admin.getByTestId("add-user-email").fill(email);
  // twelve spaces are no password: judged after trimming
  await admin.getByTestId("add-user-password").fill(" ".repeat(12));
  await admin.getByTestId("add-user-submit").click();
  await expect(admin.getByTestId("add-user-form")).toContainText(
    "password: at least 12 characters, not counting spaces at the ends",
  );
  await admin.getByTestId("add-user-password").fill(firstPassword);
  await admin.getByTestId("add-user-submit").click();
  await expect(admin.getByTestId("add-user-done")).toContainText(`Added ${email} as annotator`);
  const row = admin.locator(`[data-testid=user-row][data-email="${email}"]`);
  await expect(row.getByTestId("user-role")).toHaveText("annotator");

  const user = await newPage(browser);
  await signIn(user, { baseUrl: DEMO_URL, email, password: firstPassword });

  await row.getByTestId("user-role-select").selectOption("engineer");
  await row.getByTestId("user-role-save").click();
  await expect(row.getByTestId("user-role")).toHaveText("engineer");

  await row.getByTestId("user-deactivate").click();
  await expect(row.getByTestId("deactivated-badge")).toBeVisible();
  await expect(row).toHaveAttribute("data-active", "false");
  // their session ended: the next page sends them to sign in, where they are told why
  await user.goto(`${DEMO_URL}/`);
  await expect(user).toHaveURL(/sign-in/);
  await user.getByTestId("sign-in-email").fill(email);
  await user.getByTestId("sign-in-password").fill(firstPassword);
  await user.getByTestId("sign-in-submit").click();
  await expect(user.getByTestId("sign-in-error")).toHaveText(
    "This account is deactivated. Ask an admin to reactivate it.",
  );

  await row.getByTestId("user-reactivate").click();
  await expect(row).toHaveAttribute("data-active", "true");
  await row.getByTestId("user-reset-start").click();
  await row.getByTestId("user-reset-password").fill("short");
  await row.getByTestId("user-reset-submit").click();
  await expect(row.getByTestId("user-reset-error")).toContainText("password: at least 12 characters");
  await row.getByTestId("user-reset-password").fill("   Password1234   "); // a padded common one
  await row.getByTestId("user-reset-submit").click();
  await expect(row.getByTestId("user-reset-error")).toContainText("password: too common");
  const secondPassword = "second cartography 1911";
  await row.getByTestId("user-reset-password").fill(secondPassword);
  await row.getByTestId("user-reset-submit").click();
  await expect(row.getByTestId("user-reset-done")).toContainText("signed out everywhere");

  await signIn(user, { baseUrl: DEMO_URL, email, password: secondPassword });
  await expect(user.getByRole("navigation", { name: "Main" })).toBeVisible();
});
