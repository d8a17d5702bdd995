import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import type { Page } from "@playwright/test";
import { DEMO_URL, signIn } from "./helpers";
import { lanePort } from "./ports";
import { expect, test } from "./test";

// The demo's accounts have published passwords: every page says so while they exist, and an admin
// removes them in one step. Removing them on the shared demo server would break the specs that
// sign in as them, so this spec starts a demo server of its own (a fresh SQLite file, as
// `npm start` on an empty database) on E2E_DEMO_ACCOUNTS_PORT, by default its lane's port + 2
// (e2e/ports.ts).
const OWN_PORT = Number(process.env.E2E_DEMO_ACCOUNTS_PORT ?? lanePort(2));
const OWN_URL = `http://127.0.0.1:${OWN_PORT}`;
const OWN_ADMIN = { email: "rita@example.com", password: "heron cartography 1907" };

test.describe.configure({ mode: "serial" });

let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = spawn("bash", [path.resolve("e2e/serve.sh"), "demo", String(OWN_PORT)], {
    detached: true, // its own process group, so afterAll ends next start with it
    stdio: "ignore",
  });
  const deadline = Date.now() + 170_000;
  for (;;) {
    const healthy = await fetch(`${OWN_URL}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline || server.exitCode !== null)
      throw new Error(`The demo server on port ${OWN_PORT} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
});

const banner = (page: Page) => page.getByTestId("demo-accounts-banner");

async function signOut(page: Page) {
  await page.context().clearCookies();
}

test("the shared demo server shows the banner too, without a link for an engineer", async ({ page }) => {
  await page.goto(`${DEMO_URL}/sign-in`);
  await expect(banner(page)).toContainText("Demo accounts with published passwords exist on this server");
  await signIn(page, {
    baseUrl: DEMO_URL,
    email: "engineer@goldenset.local",
    password: "goldenset-engineer",
  });
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole("link")).toHaveCount(0);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }),
  ).toHaveCount(0);
  // the users page is for admins: an engineer gets the app's usual denial
  await page.goto(`${DEMO_URL}/admin/users`);
  await expect(page).toHaveURL(/\/\?denied=1$/);
  await expect(page.getByText("Your role cannot open that page")).toBeVisible();
});

test("every page warns while demo accounts exist, and admins are linked to the users page", async ({
  page,
}) => {
  await page.goto(`${OWN_URL}/sign-in`);
  await expect(banner(page)).toContainText("Demo accounts with published passwords exist on this server");
  await expect(banner(page)).toContainText("admin@goldenset.local");
  await expect(banner(page)).toContainText("Remove them before sharing it");

  await signIn(page, { baseUrl: OWN_URL, email: "admin@goldenset.local", password: "goldenset-admin" });
  for (const pathname of ["/", "/sets", "/corpora", "/logs", "/runs", "/jobs"]) {
    await page.goto(`${OWN_URL}${pathname}`);
    await expect(banner(page), pathname).toBeVisible();
  }
  await page.getByTestId("demo-accounts-banner-link").click();
  await expect(page).toHaveURL(/\/admin\/users#demo-accounts$/);
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await expect(page.getByTestId("user-row")).toHaveCount(3);
  await expect(page.getByTestId("demo-badge")).toHaveCount(3);
  await expect(page.getByText("3 users, 1 active admin")).toBeVisible();
});

test("a demo admin cannot remove the demo accounts; an admin of one's own does, and the banner goes", async ({
  page,
}) => {
  await signIn(page, { baseUrl: OWN_URL, email: "admin@goldenset.local", password: "goldenset-admin" });
  await page.goto(`${OWN_URL}/admin/users`);

  // refused: it would remove the admin doing it, and then no admin would be left
  await page.getByTestId("remove-demo-start").click();
  await expect(page.getByTestId("remove-demo-confirm")).toContainText("Remove 3 demo accounts?");
  await page.getByTestId("remove-demo-submit").click();
  await expect(page.getByTestId("remove-demo-error")).toContainText("Create your own admin first");
  await expect(page.getByTestId("demo-badge")).toHaveCount(3);

  // an own admin, under the password rules of `goldenset add-user`
  await page.getByTestId("add-user-name").fill("Rita Owner");
  await page.getByTestId("add-user-email").fill(OWN_ADMIN.email);
  await page.getByTestId("add-user-role").selectOption("admin");
  await page.getByTestId("add-user-password").fill("Password1234");
  await page.getByTestId("add-user-submit").click();
  await expect(page.getByTestId("add-user-form")).toContainText("password: too common");
  await expect(page.getByTestId("add-user-role")).toHaveValue("admin");
  await page.getByTestId("add-user-password").fill("short");
  await page.getByTestId("add-user-submit").click();
  await expect(page.getByTestId("add-user-form")).toContainText("password: at least 12 characters");
  await page.getByTestId("add-user-password").fill(OWN_ADMIN.password);
  await page.getByTestId("add-user-submit").click();
  await expect(page.getByTestId("add-user-done")).toContainText(`Added ${OWN_ADMIN.email} as admin`);
  await expect(page.getByTestId("user-row")).toHaveCount(4);

  await signOut(page);
  await signIn(page, { baseUrl: OWN_URL, ...OWN_ADMIN });
  await expect(banner(page)).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }).click();
  await page.getByTestId("remove-demo-start").click();
  await page.getByTestId("remove-demo-submit").click();
  await expect(page.getByTestId("remove-demo-done")).toContainText("Removed 3 demo accounts");
  await expect(page.getByTestId("no-demo-accounts")).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByTestId("user-row")).toHaveCount(1);

  for (const pathname of ["/", "/sets", "/admin/users"]) {
    await page.goto(`${OWN_URL}${pathname}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner(page), pathname).toHaveCount(0);
  }

  // signed out: no banner, no demo accounts to pick, and their published passwords no longer work
  await signOut(page);
  await page.goto(`${OWN_URL}/sign-in`);
  await expect(page.getByTestId("sign-in-email")).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByTestId("demo-account-admin")).toHaveCount(0);
  await page.getByTestId("sign-in-email").fill("admin@goldenset.local");
  await page.getByTestId("sign-in-password").fill("goldenset-admin");
  await page.getByTestId("sign-in-submit").click();
  await expect(page.getByTestId("sign-in-error")).toBeVisible();
});
