import { writeFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { DEMO_URL, signIn, waitForLiveWorkspace } from "./helpers";
import { expect, test } from "./test";

// Several annotators (issue 12): the demo annotator and a second one, added on the Users page,
// judge the same query's documents differently; the agreement page shows kappa; an engineer
// decides both disagreements; a run started afterwards scores the decisions (the query has no
// relevant label left) where a run before them scored the annotators' labels. The spec imports a
// set of its own (relevant from grade 2), so the demo set stays as it was for the other specs.
test.describe.configure({ mode: "serial" });

const stamp = Date.now();
const setName = `e2e agreement ${stamp}`;
const queryText = "drive not detected after swapping a disk";
const engineer = { email: "engineer@goldenset.local", password: "goldenset-engineer" };
const annotatorA = {
  email: "annotator@goldenset.local",
  password: "goldenset-annotator",
  name: "Ana Annotator",
};
const annotatorB = {
  email: `bo-${stamp}@example.test`,
  password: "agreement-e2e-pw-7431",
  name: `Bo ${stamp}`,
};

let setUrl = "";
/** The workspace of the query with each of the first three candidates open. */
const documentHrefs: string[] = [];
const documentTitles: string[] = [];

async function signedIn(browser: Browser, user: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, { baseUrl: DEMO_URL, ...user });
  return page;
}

/**
 * Opens a document of the query in the workspace and labels it whole with `grade`, from the
 * keyboard; returns the document's title.
 */
async function judgeWholeDocument(page: Page, href: string, grade: number): Promise<string> {
  await page.goto(`${DEMO_URL}${href}`);
  const title = page.getByTestId("document-title");
  await expect(title).toBeVisible();
  await waitForLiveWorkspace(page);
  await page.keyboard.press(String(grade));
  await page.keyboard.press("w");
  await expect(page.getByTestId("labeling-notice")).toContainText("whole document");
  return ((await title.textContent()) ?? "").trim();
}

/** Starts a BM25 run of the set and returns its per-query row once it succeeded. */
async function runEvaluation(page: Page, name: string) {
  await page.goto(setUrl);
  await page.getByTestId("evaluate-link").click();
  await page.getByTestId("config-name").fill(name);
  await page.getByTestId("run-evaluation").click();
  await expect(page).toHaveURL(/\/runs\/[^/]+$/);
  await expect(page.getByTestId("run-status")).toContainText(/succeeded/i, { timeout: 90_000 });
  const row = page.getByTestId("per-query-row").filter({ hasText: queryText });
  await expect(row).toHaveCount(1);
  return row;
}

test("an admin adds a second annotator; an engineer imports a set of one query", async ({
  browser,
}, testInfo) => {
  const admin = await signedIn(browser, { email: "admin@goldenset.local", password: "goldenset-admin" });
  await admin.goto(`${DEMO_URL}/admin/users`);
  await admin.getByTestId("add-user-name").fill(annotatorB.name);
  await admin.getByTestId("add-user-email").fill(annotatorB.email);
  await admin.getByTestId("add-user-role").selectOption("annotator");
  await admin.getByTestId("add-user-password").fill(annotatorB.password);
  await admin.getByTestId("add-user-submit").click();
  await expect(admin.getByTestId("add-user-done")).toBeVisible();

  const file = testInfo.outputPath("agreement.goldenset.json");
  await writeFile(
    file,
    JSON.stringify({
      format: "goldenset",
      version: 1,
      set: {
        name: setName,
        description: "Two annotators, one query",
        relevantThreshold: 2,
        gradeScale: [
          { grade: 0, name: "Not relevant" },
          { grade: 1, name: "Partly relevant" },
          { grade: 2, name: "Relevant" },
          { grade: 3, name: "Answers it" },
        ],
      },
      corpus: { name: "Larkspur help center", documents: [] },
      queries: [
        {
          id: "q-0001",
          text: queryText,
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

  // Nobody judged anything yet: the agreement page says what it needs.
  await page.getByTestId("agreement-link").click();
  await expect(page.getByText("Nothing to agree on yet")).toBeVisible();
});

test("two annotators judge the same documents differently; kappa appears", async ({ browser }) => {
  const ana = await signedIn(browser, annotatorA);
  await ana.goto(setUrl);
  await ana.getByTestId("query-link").filter({ hasText: queryText }).click();
  await expect(ana.getByTestId("candidate-3")).toBeVisible();
  for (const rank of [1, 2, 3])
    documentHrefs.push((await ana.getByTestId(`candidate-${rank}`).getAttribute("href")) ?? "");
  // Ana: the first answers it, the others partly; Bo: the second answers it. Relevant from grade 2.
  const grades = { ana: [3, 1, 1], bo: [1, 3, 1] };
  for (const [index, href] of documentHrefs.entries())
    documentTitles.push(await judgeWholeDocument(ana, href, grades.ana[index]!));
  const bo = await signedIn(browser, annotatorB);
  for (const [index, href] of documentHrefs.entries()) await judgeWholeDocument(bo, href, grades.bo[index]!);

  // An annotator does not see others' judgments side by side: the page is for adjudicators.
  await bo.goto(`${setUrl}/agreement`);
  await expect(bo).toHaveURL(/\/\?denied=1$/);

  const page = await signedIn(browser, engineer);
  await page.goto(setUrl);
  await page.getByTestId("agreement-link").click();
  await expect(page.getByTestId("agreement-items")).toContainText("3");
  // relevance: Ana yes/no/no, Bo no/yes/no → p_o = 1/3, p_e = 5/9, κ = (3/9 − 5/9) / (4/9) = −0.5
  const row = page.getByTestId("kappa-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(annotatorA.name);
  await expect(row).toContainText(annotatorB.name);
  await expect(row.getByTestId("kappa-value")).toContainText("-0.500");
  await expect(row.getByTestId("kappa-value")).toContainText("poor");
  await expect(page.getByTestId("alpha-nominal")).toContainText(/-?\d\.\d{3}/);
  const disagreements = page.getByTestId("disagreement");
  await expect(disagreements).toHaveCount(2);
  const first = disagreements.filter({ hasText: documentTitles[0]! });
  await expect(first.getByTestId("annotator-judgments")).toHaveCount(2);
  await expect(first).toContainText("grade 3 · Answers it");
  await expect(first).toContainText("grade 1 · Partly relevant");
});

test("a run before the decisions scores the annotators' labels", async ({ browser }) => {
  const page = await signedIn(browser, engineer);
  const row = await runEvaluation(page, `e2e agreement before ${stamp}`);
  // either annotator's grade 3 makes the query relevant (policy "any"): it is scored
  await expect(row).not.toContainText("—");
});

test("an engineer decides both disagreements; a run afterwards scores the decisions", async ({ browser }) => {
  const page = await signedIn(browser, engineer);
  await page.goto(`${setUrl}/agreement`);
  for (const [title, grade] of [
    [documentTitles[0]!, "1"],
    [documentTitles[1]!, "0"],
  ] as const) {
    const card = page.getByTestId("disagreement").filter({ hasText: title });
    await card.getByTestId("adjudication-target").selectOption("document");
    await card.getByTestId("adjudication-grade").selectOption(grade);
    await card.getByTestId("adjudication-submit").click();
    await expect(card).toHaveAttribute("data-decided", "true");
    await expect(card.getByTestId("decision")).toContainText(`grade ${grade}`);
  }
  // decisions are not annotators' judgments: kappa stays
  await expect(page.getByTestId("kappa-value")).toContainText("-0.500");

  const row = await runEvaluation(page, `e2e agreement after ${stamp}`);
  // no label counts as relevant any more: the query is left out of the means
  await expect(row).toContainText("—");
  await row.getByTestId("open-passages").click();
  const labels = page.getByTestId("query-passages").getByTestId("query-label");
  await expect(labels).toHaveCount(8);
  // the four annotators' labels on the decided documents are not counted; the decisions are
  await expect(labels.and(page.locator("[data-counted-grade=none]"))).toHaveCount(4);
  await expect(labels.and(page.locator("[data-counted-grade='1']"))).toHaveCount(3);
  await expect(labels.and(page.locator("[data-counted-grade='0']"))).toHaveCount(1);
});

test("the judgment policy is set on the set page", async ({ browser }) => {
  const page = await signedIn(browser, engineer);
  await page.goto(setUrl);
  await page.getByTestId("judgment-policy-majority").check();
  await page.getByTestId("judgment-policy-save").click();
  await expect(page.getByTestId("judgment-policy-form")).toContainText("Saved");
  await page.reload();
  await expect(page.getByTestId("judgment-policy-majority")).toBeChecked();
  // an annotator sees the policy but cannot change it
  const ana = await signedIn(browser, annotatorA);
  await ana.goto(setUrl);
  await expect(ana.getByTestId("judgment-policy-majority")).toBeChecked();
  await expect(ana.getByTestId("judgment-policy-majority")).toBeDisabled();
  await expect(ana.getByTestId("judgment-policy-save")).toHaveCount(0);
  await expect(ana.getByTestId("agreement-link")).toHaveCount(0);
});
