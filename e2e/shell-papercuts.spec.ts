import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { DEMO_SET_NAME, DEMO_URL, selectInDocument, signIn } from "./helpers";
import { expect, test } from "./test";

// Papercuts of the shell on the shared demo server (issue 22): the sign-in page's demo accounts
// with their passwords, breadcrumbs without a trailing "/", document tables in columns, a new API
// token on one line with a Copy button, and one confirmation at a time on the users page.
const ADMIN = { email: "admin@goldenset.local", password: "goldenset-admin" };
const ENGINEER = { email: "engineer@goldenset.local", password: "goldenset-engineer" };
const ANNOTATOR = { email: "annotator@goldenset.local", password: "goldenset-annotator" };

test("the sign-in page lists each demo account with its password, and a click fills the form", async ({
  page,
}) => {
  await page.goto(`${DEMO_URL}/sign-in`);
  const accounts = page.getByTestId("demo-accounts");
  await expect(accounts).toContainText("Click an account to fill the form.");
  for (const role of ["admin", "engineer", "annotator"]) {
    const account = page.getByTestId(`demo-account-${role}`);
    await expect(account.getByTestId("demo-account-email")).toHaveText(`${role}@goldenset.local`);
    await expect(account.getByTestId("demo-account-password")).toHaveText(`password goldenset-${role}`);
  }
  await page.getByTestId("demo-account-engineer").click();
  await expect(page.getByTestId("sign-in-email")).toHaveValue(ENGINEER.email);
  await expect(page.getByTestId("sign-in-password")).toHaveValue(ENGINEER.password);
  await page.getByTestId("sign-in-submit").click();
  await expect(page.getByTestId("user-role")).toHaveText("engineer");
});

/** Where `needle` starts on screen, inside the element with the given test id. */
async function leftOf(page: Page, testId: string, needle: string): Promise<number> {
  return page.getByTestId(testId).evaluate((root, text) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(text) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect().left;
    }
    throw new Error(`"${text}" is not on the page`);
  }, needle);
}

test("a document's table keeps its columns, and breadcrumbs end without a separator", async ({ page }) => {
  await signIn(page, { baseUrl: DEMO_URL, ...ENGINEER });
  await page.goto(`${DEMO_URL}/corpora`);
  // the demo's corpus by name: other specs import corpora that list before it
  await page.getByTestId("corpus-link").filter({ hasText: "Larkspur help center" }).first().click();
  await page.getByTestId("document-search").fill("kb-0008");
  await page.getByTestId("document-search").press("Enter");
  await page.getByTestId("document-row").first().getByRole("link").first().click();
  await expect(page.getByTestId("document-external-id")).toHaveText("kb-0008");

  const breadcrumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumbs).toHaveText(/^Corpora\s*\/\s*\S.*$/);
  expect((await breadcrumbs.innerText()).trim()).not.toMatch(/\/$/);

  // the second column starts at the same x on every row: a fixed-width font, spaces kept
  const table = page.getByTestId("document-table").first();
  await expect(table).toContainText("Solid green");
  expect(await table.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/mono/i);
  const columns = await Promise.all(
    ["Meaning", "Normal operation", "Booting or shutting down"].map((text) =>
      leftOf(page, "document-text", text),
    ),
  );
  expect(Math.max(...columns) - Math.min(...columns)).toBeLessThan(1);
  // rendered 1:1: the page holds the document's text, character for character
  const shown = await page.getByTestId("document-text").evaluate((root) =>
    Array.from(root.children)
      .map((block) => block.textContent)
      .join(""),
  );
  expect(shown).toContain("    Solid green                             Normal operation\n");
});

test("the labeling workspace keeps a document's table in columns, and a quote from a row is stored exactly", async ({
  page,
  browser,
}) => {
  await signIn(page, { baseUrl: DEMO_URL, ...ANNOTATOR });
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();
  // a query of its own, so that no other spec's labels or locks are in the way
  const queryText = `e2e what a solid amber status LED means ${randomUUID().slice(0, 6)}`;
  await page.getByTestId("add-query-text").fill(queryText);
  await page.getByTestId("add-query-submit").click();
  await page.getByTestId("query-row").filter({ hasText: queryText }).getByRole("link").first().click();
  await expect(page.getByTestId("query-text")).toHaveText(queryText);
  await page.getByTestId("corpus-search").fill("status drive LEDs blink patterns");
  await page.getByTestId("corpus-search-result").filter({ hasText: "kb-0008" }).first().click();
  await expect(page.getByTestId("document-title")).toContainText("What the status and drive LEDs mean");

  const documentText = page.getByTestId("document-text");
  const table = documentText.getByTestId("document-table").first();
  await expect(table).toContainText("Solid green");
  expect(await table.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/mono/i);
  const columns = await Promise.all(
    ["Meaning", "Normal operation", "Booting or shutting down"].map((text) =>
      leftOf(page, "document-text", text),
    ),
  );
  expect(Math.max(...columns) - Math.min(...columns)).toBeLessThan(1);
  const prose = await leftOf(page, "document-text", "Status LED");
  expect(Math.min(...columns)).toBeGreaterThan(prose + 100); // a column, not text run on from the first

  // a phrase across the row's column gap: the stored quote keeps every space of it
  const phrase = "Solid amber                             A pool is degraded";
  await selectInDocument(page, phrase);
  await expect(page.getByTestId("selection-preview")).toContainText("Solid amber");
  await page.keyboard.press("l");
  await expect(page.getByTestId("label-item")).toHaveCount(1);
  await expect(page.getByTestId("label-item")).toContainText("Solid amber A pool is degraded"); // shown flat
  const highlight = documentText.getByTestId("label-highlight");
  await expect(highlight).toHaveCount(1);
  expect(await highlight.textContent()).toBe(phrase);
  expect(await highlight.evaluate((mark) => mark.closest("[data-testid=document-table]") !== null)).toBe(
    true,
  );

  // a row that starts in a part of the table scrolled out of view is scrolled back in when selected
  const scrolled = await table.evaluate((element) => {
    element.scrollLeft = element.scrollWidth;
    return element.scrollLeft;
  });
  expect(scrolled).toBeGreaterThan(40); // wider than the pane: its first column is out of view
  await selectInDocument(page, phrase);
  await page.keyboard.press(")"); // the next sentence: the next row
  await expect(page.getByTestId("selection-preview")).toContainText("Blinking amber (1 per second)");
  await expect
    .poll(() =>
      table.evaluate((element) => {
        const start = window.getSelection()?.getRangeAt(0).getClientRects()[0];
        return start ? start.left - element.getBoundingClientRect().left : -1;
      }),
    )
    .toBeGreaterThanOrEqual(0);

  // as stored: the set's export (an engineer's) holds the quote character for character
  const setId = new URL(page.url()).pathname.split("/")[2];
  const engineer = await browser.newContext();
  const engineerPage = await engineer.newPage();
  await signIn(engineerPage, { baseUrl: DEMO_URL, ...ENGINEER });
  const response = await engineerPage.request.get(`${DEMO_URL}/api/sets/${setId}/export`);
  expect(response.ok()).toBe(true);
  const file = (await response.json()) as {
    queries: {
      text: string;
      labels: {
        document: string;
        target: { selector?: [{ exact: string }, { start: number; end: number }] };
      }[];
    }[];
  };
  const stored = file.queries.find((query) => query.text === queryText)?.labels ?? [];
  expect(stored.map((label) => [label.document, label.target.selector?.[0].exact])).toEqual([
    ["kb-0008", phrase],
  ]);
  // …at the phrase's offsets in the document as the demo corpus holds it, which the page shows 1:1
  const corpus = await readFile(path.join(process.cwd(), "prisma/demo/corpus.jsonl"), "utf8");
  const ledText = corpus
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { id: string; text: string })
    .find((document) => document.id === "kb-0008")?.text;
  expect(await documentText.textContent()).toBe(ledText);
  const start = ledText?.indexOf(phrase) ?? -1;
  expect(stored[0]?.target.selector?.[1]).toMatchObject({ start, end: start + phrase.length });
  await engineer.close();
});

test("a new token shows on one line with a Copy button that copies it", async ({ browser }) => {
  const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  await signIn(page, { baseUrl: DEMO_URL, ...ENGINEER });
  await page.goto(`${DEMO_URL}/settings/tokens`);
  await page.getByTestId("token-name").fill(`copy ${randomUUID().slice(0, 6)}`);
  await page.getByTestId("create-token").click();
  const done = page.getByTestId("create-token-done");
  await expect(done).toContainText("Copy the token now: you will not see it again.");
  const token = page.getByTestId("new-token");
  await expect(token).toHaveText(/^gs_[A-Za-z0-9_-]{43}$/);
  const lineHeight = await token.evaluate((element) => {
    const style = getComputedStyle(element);
    return { height: element.clientHeight, line: Number.parseFloat(style.lineHeight) || 16 };
  });
  expect(lineHeight.height).toBeLessThan(lineHeight.line * 2); // one line, not wrapped

  await page.getByTestId("copy-token").click();
  await expect(page.getByTestId("copy-token")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await token.textContent());
  await expect(page.getByTestId("copy-token")).toHaveText("Copy", { timeout: 5_000 });
  await context.close();
});

test("each action on the users page confirms itself and replaces the previous message", async ({ page }) => {
  const email = `plover-${randomUUID().slice(0, 8)}@example.com`;
  await signIn(page, { baseUrl: DEMO_URL, ...ADMIN });
  await page.goto(`${DEMO_URL}/admin/users`);
  await page.getByTestId("add-user-name").fill("Pia Plover");
  await page.getByTestId("add-user-email").fill(email);
  await page.getByTestId("add-user-password").fill("plover cartography 1921");
  await page.getByTestId("add-user-submit").click();
  await expect(page.getByTestId("add-user-done")).toContainText(`Added ${email} as annotator`);

  const row = page.locator(`[data-testid=user-row][data-email="${email}"]`);
  await row.getByTestId("user-role-select").selectOption("engineer");
  await row.getByTestId("user-role-save").click();
  await expect(row.getByTestId("user-role-done")).toHaveText("Changed Pia Plover's role to engineer.");
  await expect(row.getByTestId("user-role")).toHaveText("engineer");
  await expect(page.getByTestId("add-user-done")).toHaveCount(0);

  await row.getByTestId("user-deactivate").click();
  await expect(row.getByTestId("user-active-done")).toContainText("Deactivated Pia Plover");
  await expect(row.getByTestId("user-role-done")).toHaveCount(0);
  await row.getByTestId("user-reactivate").click();
  await expect(row.getByTestId("user-active-done")).toContainText("Reactivated Pia Plover");

  // a refusal replaces the confirmation too
  await page.getByTestId("add-user-submit").click();
  await expect(page.getByTestId("add-user-error")).toBeVisible();
  await expect(page.getByTestId("user-active-done")).toHaveCount(0);
});

test("corpus search results fill most of the Candidates panel and ↓ keeps the active one in view", async ({
  page,
}) => {
  await signIn(page, {
    baseUrl: DEMO_URL,
    email: "annotator@goldenset.local",
    password: "goldenset-annotator",
  });
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).first().click();
  await page.getByTestId("query-link").first().click();
  const search = page.getByTestId("corpus-search");
  await search.fill("drive");
  await expect(page.getByTestId("corpus-search-result")).toHaveCount(20);
  await expect(page.getByTestId("corpus-search-count")).toContainText("20 documents");
  const list = page.getByTestId("corpus-search-results");
  const panel = page.locator("section").filter({ has: list }).last(); // the Candidates card;
  const [listBox, panelBox] = await Promise.all([list.boundingBox(), panel.boundingBox()]);
  // the old box was 18rem (288 px) whatever the window; now most of the panel
  expect(listBox?.height ?? 0).toBeGreaterThan(288);
  expect(listBox?.height ?? 0).toBeGreaterThan((panelBox?.height ?? 0) * 0.5);

  for (let step = 0; step < 12; step++) await search.press("ArrowDown");
  const active = page.locator("[data-testid=corpus-search-result][data-active=true]");
  await expect(active).toHaveCount(1);
  const [activeBox, scrolledBox] = await Promise.all([active.boundingBox(), list.boundingBox()]);
  expect(activeBox?.y ?? 0).toBeGreaterThanOrEqual(scrolledBox?.y ?? 0);
  expect((activeBox?.y ?? 0) + (activeBox?.height ?? 0)).toBeLessThanOrEqual(
    (scrolledBox?.y ?? 0) + (scrolledBox?.height ?? 0) + 1,
  );
  await search.press("Enter");
  await expect(page).toHaveURL(/\?doc=/);
});
