import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { type FakeChatServer, startFakeChatServer } from "../lib/judging/testing/fake-chat-server";
import { DEMO_SET_NAME, signIn, waitForLiveWorkspace } from "./helpers";
import { lanePort } from "./ports";
import { expect, test } from "./test";

// "Ask the judge" in the labeling workspace (issue 23, 4c): an annotator asks an LLM judge (the
// fake OpenAI-compatible server, run here on loopback) about the open query's candidates, sees
// its grades as suggestions — an unsupported quote flagged as not counted — accepts one with A
// (their own label), changes its grade with a digit, and the admin's label history says the
// label came from the model. A judge exists only in a database this spec can reach, so it serves
// the demo on a database of its own (e2e/serve.sh on E2E_SUGGEST_PORT, default its lane's port + 7, e2e/ports.ts) and
// adds the judge there with e2e/tools/add-judge.ts.
test.describe.configure({ mode: "serial" });

const PORT = Number(process.env.E2E_SUGGEST_PORT ?? lanePort(7));
const BASE_URL = `http://127.0.0.1:${PORT}`;
const JUDGE = "e2e-judge";
const SHOTS = path.resolve("test-results", "judge-suggestions");

let fake: FakeChatServer;
let databaseDir: string;
let server: ChildProcess | undefined;
let serverOutput = "";

async function waitUntilServing(deadline: number): Promise<void> {
  for (;;) {
    if (server?.exitCode !== null) throw new Error(`The server exited:\n${serverOutput}`);
    const healthy = await fetch(`${BASE_URL}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${serverOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  fake = await startFakeChatServer();
  databaseDir = mkdtempSync(path.join(tmpdir(), "goldenset-e2e-judge-"));
  server = spawn("bash", ["e2e/serve.sh", "demo", String(PORT)], {
    detached: true, // its own process group: one kill reaches npx, next and the server
    env: { ...process.env, E2E_DATABASE: "sqlite", E2E_DATABASE_DIR: databaseDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => {
    serverOutput += chunk.toString();
  });
  server.stderr?.on("data", (chunk: Buffer) => {
    serverOutput += chunk.toString();
  });
  await waitUntilServing(Date.now() + 180_000);
  execFileSync("npx", ["tsx", "e2e/tools/add-judge.ts", "--name", JUDGE, "--base-url", `${fake.origin}/v1`], {
    env: { ...process.env, DATABASE_URL: `file:${path.join(databaseDir, "e2e.db")}` },
    stdio: ["ignore", "pipe", "inherit"],
  });
});

test.afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    process.kill(-server.pid, "SIGTERM");
    await exited;
  }
  await fake?.close();
  if (databaseDir) rmSync(databaseDir, { recursive: true, force: true });
});

async function signedIn(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(page, { baseUrl: BASE_URL, email, password });
  return page;
}

const items = (page: Page) => page.getByTestId("label-item");

test("an annotator asks the judge, accepts a suggestion with one key, and the history says it came from the model", async ({
  browser,
}) => {
  const page = await signedIn(browser, "annotator@goldenset.local", "goldenset-annotator");
  await page.goto(`${BASE_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();
  const queryText = "e2e judge: E-4012 drive not detected after a swap";
  await page.getByTestId("add-query-text").fill(queryText);
  await page.getByTestId("add-query-submit").click();
  await page.getByTestId("query-row").filter({ hasText: queryText }).getByRole("link").first().click();
  await expect(page.getByTestId("query-text")).toHaveText(queryText);
  await expect(items(page)).toHaveCount(0);
  const setId = new URL(page.url()).pathname.split("/")[2];
  await waitForLiveWorkspace(page);

  // The judge is offered (the only one, so picked), and M asks it about the top candidates.
  await expect(page.getByTestId("judge-picker")).toHaveValue(/.+/);
  await expect(page.getByTestId("judge-picker").locator("option:checked")).toHaveText(JUDGE);
  fake.script({ kind: "made-up-quote", grade: 3 }); // the first answer quotes what no passage says
  await page.keyboard.press("m");
  await expect(page.getByTestId("judge-summary")).toContainText(/\d+ suggestions? \(1 unsupported/);
  const requests = fake.requests.length;
  expect(requests).toBeGreaterThan(1);
  await expect(page.getByTestId("judge-suggestion-flag")).toHaveCount(1);
  await expect(page.getByTestId("judge-suggestion-flag")).toHaveText("quote not in passage — not counted");

  // Open a candidate whose suggestion counts; its note shows the grade and the reason.
  const acceptable = page
    .locator("a[data-testid^='candidate-']")
    .filter({ has: page.getByTestId("judge-suggestion"), hasNot: page.getByTestId("judge-suggestion-flag") })
    .first();
  const chip = (await acceptable.getByTestId("judge-suggestion").innerText()).trim();
  const grade = Number(/Judge: (\d+)/.exec(chip)?.[1]);
  await acceptable.click();
  const note = page.getByTestId("judge-suggestion-note");
  await expect(note).toContainText(`Judge: ${grade}`);
  await expect(page.getByTestId("judge-suggestion-reason")).not.toBeEmpty();
  await page.screenshot({ path: path.join(SHOTS, "workspace-suggestions.png") });

  // A: the suggestion becomes the annotator's own label, selected, so a digit changes its grade.
  await page.keyboard.press("a");
  await expect(page.getByTestId("labeling-notice")).toContainText(`accepted from model:${JUDGE}`);
  await expect(items(page)).toHaveCount(1);
  const label = items(page).first();
  await expect(label).toHaveAttribute("data-grade", String(grade));
  await expect(label).toHaveAttribute("data-selected", "true");
  await expect(label.getByTestId("label-suggested-by")).toHaveText(`from model:${JUDGE}`);
  const changed = grade === 1 ? 2 : 1;
  await page.keyboard.press(String(changed));
  await expect(label).toHaveAttribute("data-grade", String(changed));
  await page.screenshot({ path: path.join(SHOTS, "workspace-accepted.png") });

  // Asking again sends nothing: every pair is in the judge's cache.
  await page.keyboard.press("m");
  await expect(page.getByTestId("judge-summary")).toContainText("all from the cache");
  expect(fake.requests.length).toBe(requests);
  await page.keyboard.press("?");
  await expect(page.getByTestId("shortcut-dialog")).toContainText(
    "Ask the judge about the top 10 candidates",
  );
  await page.keyboard.press("Escape");

  // The admin's history: the annotator created the label, accepted from the model's suggestion.
  const admin = await signedIn(browser, "admin@goldenset.local", "goldenset-admin");
  await admin.goto(`${BASE_URL}/sets/${setId}/history`);
  const created = admin
    .getByTestId("history-row")
    .filter({ hasText: queryText })
    .and(admin.locator("[data-action='created']"));
  await expect(created).toHaveCount(1);
  await expect(created.getByTestId("history-label-from")).toHaveText(
    `accepted from model:${JUDGE}'s suggestion`,
  );
  await expect(created.getByTestId("history-label-by")).not.toContainText("model:");
  await admin.screenshot({ path: path.join(SHOTS, "label-history.png") });
  await admin.context().close();
  await page.context().close();
});
