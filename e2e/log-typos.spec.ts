import { writeFile } from "node:fs/promises";
import { DEMO_SET_NAME, DEMO_URL, signIn } from "./helpers";
import { expect, test } from "./test";

// A small log with misspellings beside their correct spellings and a line of broken bytes: the
// broken line is skipped as binary, the misspelled queries are classed typo, and the sample
// form proposes the log's 11 distinct queries, not 60.
test("a small log: typos classed, broken bytes skipped, the sample size fits the log", async ({
  page,
}, testInfo) => {
  const unique = Date.now().toString(36);
  const lines = [
    ...Array(6).fill("firmware update"),
    "firmare update",
    ...Array(5).fill("reset admin password"),
    "reset admin pasword",
    ...Array(4).fill("raid migration"),
    "raid migraton",
    "E-4012",
    "how do i replace a failed drive?",
    "colour of the status led",
    "Mireille Okafor",
    `ticket #${unique} status`,
  ];
  const bytes = Buffer.concat([
    Buffer.from(`${lines.join("\n")}\n`),
    Buffer.from([0xff, 0xfe]),
    Buffer.from(" broken bytes "),
    Buffer.from([0x80, 0x81, 0x0a]),
  ]);
  const logFile = testInfo.outputPath("small-log.txt");
  await writeFile(logFile, bytes);

  await signIn(page, {
    baseUrl: DEMO_URL,
    email: "engineer@goldenset.local",
    password: "goldenset-engineer",
  });
  await page.goto(`${DEMO_URL}/logs`);
  await page.locator('input[name="logName"]').fill(`Small log ${unique}`);
  await page.locator('input[type="file"][name="file"]').setInputFiles(logFile);
  await page.getByTestId("upload-submit").click();
  await expect(page.locator('[data-testid="job-progress"][data-status="succeeded"]').first()).toBeVisible({
    timeout: 60_000,
  });

  await page.goto(`${DEMO_URL}/logs`);
  await page
    .getByTestId("log-link")
    .filter({ hasText: `Small log ${unique}` })
    .click();
  // The Stat's value is its second line: label, value, hint.
  const statValue = (testId: string) => page.getByTestId(testId).locator("div").nth(1);
  await expect(statValue("log-lines")).toHaveText("24");
  await expect(statValue("log-imported")).toHaveText("23");
  await expect(statValue("log-skipped")).toHaveText("1");
  await expect(statValue("log-distinct")).toHaveText("11");
  await expect(page.getByTestId("class-mix").locator('[data-class="typo"]')).toBeVisible();

  await page.getByTestId("class-filter-typo").click();
  const rows = page.getByTestId("log-query-row");
  await expect(rows).toHaveCount(3);
  for (const query of ["firmare update", "reset admin pasword", "raid migraton"])
    await expect(rows.filter({ hasText: query })).toHaveCount(1);
  await page.getByTestId("class-filter-typo").click();

  await expect(page.getByTestId("sample-size")).toHaveValue("11");

  // The demo set holds the demo log's "firmare update" and "raid migraton": its class coverage
  // shows the typo class (it read 0% before the dictionary).
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).first().click();
  const typoRow = page.locator('[data-testid="class-coverage-row"][data-class="typo"]');
  await expect(typoRow).toBeVisible();
  // The row ends with "<set share> / <log share>": the set's share of typo queries is not 0%.
  await expect(typoRow.locator("span.tabular-nums > span").first()).not.toHaveText("0%");
});
