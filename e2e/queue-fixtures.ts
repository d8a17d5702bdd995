import { randomUUID } from "node:crypto";
import { type Browser, expect, type Page } from "@playwright/test";
import { DEMO_SET_NAME, DEMO_URL, signIn } from "./helpers";

// Sets and people of their own for the queue specs (lock hand-over, unsaved edits, the end of the
// queue), so they depend on no demo state another spec changes: a set imported from the demo
// set's export under a new name, and annotators the admin adds with unique emails.

export const ANNOTATOR = { email: "annotator@goldenset.local", password: "goldenset-annotator" };
export const ENGINEER = { email: "engineer@goldenset.local", password: "goldenset-engineer" };
const ADMIN = { email: "admin@goldenset.local", password: "goldenset-admin" };

type Account = { email: string; password: string };
export type SetFile = {
  set: { name: string };
  queries: { text: string; status: string; labels: unknown[] }[];
};

/** A page in a context of its own (its own cookies), signed in as `account`. */
export async function signedInPage(browser: Browser, account: Account): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, { baseUrl: DEMO_URL, ...account });
  return page;
}

/** A new annotator added by the admin on the users page; answers their account. */
export async function addAnnotator(browser: Browser, name: string): Promise<Account> {
  const account = {
    email: `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`,
    password: "queue spec password 2026",
  };
  const admin = await signedInPage(browser, ADMIN);
  await admin.goto(`${DEMO_URL}/admin/users`);
  await admin.getByTestId("add-user-name").fill(name);
  await admin.getByTestId("add-user-email").fill(account.email);
  await admin.getByTestId("add-user-password").fill(account.password);
  await admin.getByTestId("add-user-submit").click();
  await expect(admin.getByTestId("add-user-done")).toContainText(`Added ${account.email} as annotator`);
  await admin.context().close();
  return account;
}

/** The demo set's export, read as the signed-in engineer. */
export async function demoExport(page: Page): Promise<SetFile> {
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();
  await expect(page).toHaveURL(/\/sets\/[^/]+$/);
  const demoId = page.url().split("/").at(-1) ?? "";
  return (await (await page.request.get(`${DEMO_URL}/api/sets/${demoId}/export`)).json()) as SetFile;
}

/** Imports `file` under a new name as the signed-in engineer; answers the new set's id. */
export async function importSet(page: Page, file: SetFile, name: string): Promise<string> {
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

/** The first `count` queries of the demo set, their labels dropped: unlabeled and free for anyone. */
export function unlabeled(file: SetFile, count: number): SetFile {
  return {
    ...file,
    queries: file.queries.slice(0, count).map((query) => ({ ...query, labels: [], status: "unlabeled" })),
  };
}
