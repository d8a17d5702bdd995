import { writeFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { DEMO_URL, signIn } from "./helpers";
import { expect, test } from "./test";

// Never silently mixed (issue 23, point 5): the set's model-judgments setting beside the judgment
// policy, and a run's summary saying which setting produced its numbers. The spec imports a set
// of its own so that the demo set keeps its settings for the other specs.
test.describe.configure({ mode: "serial" });

const stamp = Date.now();
const setName = `e2e model judgments ${stamp}`;
const engineer = { email: "engineer@goldenset.local", password: "goldenset-engineer" };
const annotator = { email: "annotator@goldenset.local", password: "goldenset-annotator" };
let setUrl = "";

async function signedIn(browser: Browser, user: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, { baseUrl: DEMO_URL, ...user });
  return page;
}

test("an engineer sets what model judgments count for; an annotator only sees it", async ({
  browser,
}, testInfo) => {
  const file = testInfo.outputPath("model-judgments.goldenset.json");
  await writeFile(
    file,
    JSON.stringify({
      format: "goldenset",
      version: 1,
      set: {
        name: setName,
        description: "No model judgments setting in the file: ignore",
        relevantThreshold: 2,
        gradeScale: [
          { grade: 0, name: "Not relevant" },
          { grade: 2, name: "Relevant" },
        ],
      },
      corpus: { name: "Larkspur help center", documents: [] },
      queries: [
        {
          id: "q-0001",
          text: "reset a forgotten password",
          informationNeed: "",
          tags: [],
          notes: "",
          status: "unlabeled",
          source: null,
          labels: [],
        },
      ],
    }),
  );
  const page = await signedIn(browser, engineer);
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("import-set-file").setInputFiles(file);
  await page.getByTestId("import-set-submit").click();
  await page.getByTestId("import-set-done").click();
  await expect(page.getByTestId("set-name")).toHaveText(setName);
  setUrl = page.url();

  await expect(page.getByTestId("model-judgments-ignore")).toBeChecked();
  await page.getByTestId("model-judgments-fill_holes").check();
  await page.getByTestId("model-judgments-save").click();
  await expect(page.getByTestId("model-judgments-form")).toContainText("Saved");
  await page.reload();
  await expect(page.getByTestId("model-judgments-fill_holes")).toBeChecked();
  await page.locator("#judgment-policy").scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("model-judgments-setting.png"), fullPage: true });

  const ana = await signedIn(browser, annotator);
  await ana.goto(setUrl);
  await expect(ana.getByTestId("model-judgments-fill_holes")).toBeChecked();
  await expect(ana.getByTestId("model-judgments-fill_holes")).toBeDisabled();
  await expect(ana.getByTestId("model-judgments-save")).toHaveCount(0);
});

test("a run's summary says which judgments produced its numbers", async ({ browser }, testInfo) => {
  const page = await signedIn(browser, engineer);
  await page.goto(setUrl);
  await page.getByTestId("evaluate-link").click();
  await page.getByTestId("config-name").fill(`e2e model judgments run ${stamp}`);
  await page.getByTestId("run-evaluation").click();
  await expect(page).toHaveURL(/\/runs\/[^/]+$/);
  await expect(page.getByTestId("run-status")).toContainText(/succeeded/i, { timeout: 90_000 });
  await expect(page.getByText("judgments: people, model fills holes (0 model judgments)")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("run-judgments-line.png") });
});
