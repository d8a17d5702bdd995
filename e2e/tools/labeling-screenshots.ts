import { mkdir } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_PATH } from "../chromium";

/**
 * Screenshots of the labeling workspace at 1280×800 and 1920×1080 on a running demo server, to
 * look at before a change ships: a query as it opens, a sentence selected from the keyboard, a
 * label picked for a grade change, the cheat sheet, a label regraded to 0 and a delete with its
 * Undo toast (undone again, so the demo's labels end as they were).
 *
 *   bash e2e/serve.sh demo 3345 &   # a demo server on a fresh database
 *   npx tsx e2e/tools/labeling-screenshots.ts --url http://127.0.0.1:3345 --out /tmp/keys-shots
 */
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: "string", default: "http://127.0.0.1:3345" },
      out: { type: "string", default: "/tmp/keys-shots" },
      query: { type: "string", default: "2" },
    },
  });
  await mkdir(values.out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: size });
    await signIn(page, values.url);
    await page.getByTestId("set-link").first().click();
    await page.getByTestId("query-link").nth(Number(values.query)).click();
    await page.getByTestId("labeling-workspace").waitFor();
    await page.waitForTimeout(400);
    const shot = (name: string) =>
      page.screenshot({ path: path.join(values.out, `${size.width}x${size.height}-${name}.png`) });
    await shot("1-open");
    await page.keyboard.press(")");
    await page.keyboard.press("]");
    await page.waitForTimeout(500);
    await shot("2-sentence-selected");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Shift+J");
    await page.waitForTimeout(500);
    await shot("3-label-selected");
    await page.keyboard.press("Escape");
    await page.keyboard.press("?");
    await page.waitForTimeout(300);
    await shot("4-cheat-sheet");
    await page.keyboard.press("Escape");
    // A label judged not relevant (grade 0) in place, then deleted: the toast offers Undo.
    await page.keyboard.press("Shift+J");
    await page.keyboard.press("0");
    await page.waitForTimeout(800);
    await shot("5-regraded-not-relevant");
    await page.keyboard.press("x");
    await page.waitForTimeout(800);
    await shot("6-deleted-undo-toast");
    await page.keyboard.press("u"); // the deletion
    await page.keyboard.press("u"); // the grade change (queued behind the first)
    await page.waitForTimeout(800);
    await page.close();
  }
  await browser.close();
}

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/sign-in`);
  await page.getByTestId("sign-in-email").fill("annotator@goldenset.local");
  await page.getByTestId("sign-in-password").fill("goldenset-annotator");
  await page.getByTestId("sign-in-submit").click();
  await page.waitForURL((url) => !url.pathname.includes("sign-in"));
  await page.goto(`${base}/sets`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
