import type { Page } from "@playwright/test";
import { type FakeChatServer, startFakeChatServer } from "../lib/judging/testing/fake-chat-server";
import { DEMO_SET_NAME, DEMO_URL, signIn } from "./helpers";
import { expect, test } from "./test";

// Model-assisted judging (issue 23) in a real browser against the production server: an engineer
// configures a judge against a fake OpenAI-compatible server on loopback (started here; serve.sh
// allows 127.0.0.1 and the key variable E2E_PROVIDER_KEY), judges a pool of a demo run, reads the
// judgments — one of them with a made-up quote, so unsupported — and opens the judge's report.
test.describe.configure({ mode: "serial" });

const KEY = "sk-e2e-loopback";
let chat: FakeChatServer;

test.beforeAll(async () => {
  chat = await startFakeChatServer({ apiKey: KEY });
});

test.afterAll(async () => {
  await chat?.close();
});

async function signInAs(page: Page, role: "engineer" | "annotator") {
  await signIn(page, { baseUrl: DEMO_URL, email: `${role}@goldenset.local`, password: `goldenset-${role}` });
}

async function openDemoSet(page: Page) {
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();
}

test("an engineer configures a judge, judges a pool and reads the report", async ({ page }) => {
  test.setTimeout(240_000);
  const name = `e2e judge ${Date.now().toString(36)}`;
  await signInAs(page, "engineer");
  await page.getByRole("link", { name: "Judges", exact: true }).click();
  await expect(page).toHaveURL(/\/judges$/);

  // a mistake is said beside its field; the form keeps what was typed
  await page.getByTestId("judge-name").fill(name);
  await page.getByTestId("judge-baseUrl").fill("not a url");
  await page.getByTestId("judge-model").fill("fake-judge");
  await page.getByTestId("judge-concurrency").fill("many");
  await page.getByTestId("save-judge").click();
  await expect(page.getByTestId("judge-form-error")).toBeVisible();
  await expect(page.locator("#judge-baseUrl-error")).toContainText("http(s) URL");
  await expect(page.locator("#judge-concurrency-error")).toContainText("whole number");
  await expect(page.getByTestId("judge-name")).toHaveValue(name);

  await page.getByTestId("judge-baseUrl").fill(`${chat.origin}/v1`);
  await page.getByTestId("judge-apiKeyVariable").fill("E2E_PROVIDER_KEY");
  await page.getByTestId("judge-concurrency").fill("2");
  await page.getByTestId("judge-maxCalls").fill("500");
  await page.getByTestId("save-judge").click();
  await expect(page.getByTestId("judge-saved")).toContainText(`${name} v1`);
  const row = page.getByTestId("judge-row").filter({ hasText: name });
  await expect(row).toContainText("fake-judge");
  await expect(row).toContainText("not yet");
  await page.screenshot({ path: "test-results/model-judging-judges.png", fullPage: true });

  // judge the top 2 of the newest demo run; the first answer quotes text the passage does not hold
  await openDemoSet(page);
  await page.getByTestId("judging-link").click();
  await expect(page.getByTestId("start-judging-form")).toBeVisible();
  await page.getByTestId("judging-judge").selectOption({ label: `${name} v1 · fake-judge` });
  await expect(page.getByTestId("judging-run").first()).toBeChecked();
  await page.getByTestId("judging-depth").fill("2");
  await page.getByLabel("Prompt price").fill("0.15");
  await page.getByLabel("Completion price").fill("0.6");
  chat.script({ kind: "made-up-quote", grade: 2 });
  await page.getByTestId("start-judging").click();

  const job = page.getByTestId("judging-job").filter({ hasText: name }).first();
  await expect(job).toHaveAttribute("data-status", "succeeded", { timeout: 120_000 });
  const figures = await job.getByTestId("judging-figures").innerText();
  expect(figures).toMatch(/\d+ of \d+ pairs? judged/);
  expect(figures).toContain("1 unsupported");
  expect(figures).toMatch(/\$\d/);
  expect(chat.requests.length).toBeGreaterThan(1);

  await page.getByTestId("judgments-filter-unsupported").click();
  const unsupported = page.getByTestId("judgment-row");
  await expect(unsupported).toHaveCount(1);
  await expect(unsupported.getByTestId("judgment-status")).toHaveText("UNSUPPORTED");
  await expect(unsupported.locator("s")).toBeVisible();
  await page.getByTestId("judgments-filter-all").click();
  await expect(page.locator('[data-testid="judgment-row"][data-status="supported"]').first()).toBeVisible();
  await page.screenshot({ path: "test-results/model-judging-set.png", fullPage: true });
  await page.getByTestId("judgments-table").screenshot({ path: "test-results/model-judging-judgments.png" });

  // the report: the verdict line on top, kappa beside people's kappa
  await job.getByTestId("judge-report-link").click();
  await expect(page).toHaveURL(/\/judging\/[^/?]+$/);
  await expect(page.getByTestId("judge-verdict")).toContainText(/judge|pairs/);
  await expect(page.getByTestId("judge-kappa")).toBeVisible();
  await expect(page.getByTestId("people-kappa")).toBeVisible();
  await expect(page.getByTestId("judge-unsupported")).toContainText("1 of");
  await expect(page.getByTestId("judge-confusion")).toBeVisible();
  await page.screenshot({ path: "test-results/model-judging-report.png", fullPage: true });
  await page
    .getByTestId("calibration-form")
    .screenshot({ path: "test-results/model-judging-calibration.png" });

  // a second job over the same pool sends nothing: every pair is cached
  const before = chat.requests.length;
  await page.goto(`${DEMO_URL}${new URL(page.url()).pathname.replace(/\/[^/]+$/, "")}`);
  await page.getByTestId("judging-judge").selectOption({ label: `${name} v1 · fake-judge` });
  await page.getByTestId("judging-depth").fill("2");
  await page.getByTestId("start-judging").click();
  const jobs = page.getByTestId("judging-job").filter({ hasText: name });
  await expect(jobs).toHaveCount(2);
  await expect(jobs.first()).toHaveAttribute("data-status", "succeeded", { timeout: 60_000 });
  expect(chat.requests.length - before).toBe(0);

  // the judge has judged: its edit says it makes version 2
  await page.goto(`${DEMO_URL}/judges`);
  await row.getByTestId("edit-judge").click();
  await expect(page.getByTestId("judge-new-version-note")).toContainText("version 2");
});

test("annotators neither see nor open the judging pages", async ({ page }) => {
  await signInAs(page, "annotator");
  await expect(page.getByRole("link", { name: "Judges", exact: true })).toHaveCount(0);
  await page.goto(`${DEMO_URL}/judges`);
  await expect(page).not.toHaveURL(/\/judges/);
  await openDemoSet(page);
  await expect(page.getByTestId("judging-link")).toHaveCount(0);
});
