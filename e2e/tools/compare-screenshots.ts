import { mkdir } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_PATH } from "../chromium";

/**
 * Screenshots of the comparison page at 1440×900 on a running demo server, to look at before a
 * change ships: the BM25 baseline against the hybrid run (2 runs on the page), then against six
 * runs (the demo's three others and three more evaluated here through the evaluate API).
 *
 *   bash e2e/serve.sh demo 3412 &   # a demo server on a fresh database
 *   npx tsx e2e/tools/compare-screenshots.ts --url http://127.0.0.1:3412 --out /tmp/compare-shots
 *
 * Each view is saved as <out>/<runs>-runs-<n>.png, scrolled section by section.
 */
const EXTRA_RUNS: Record<string, string>[] = [
  { name: "BM25 k1=1.2 b=0.75", retrieverKind: "bm25", k1: "1.2", b: "0.75" },
  { name: "Hybrid RRF k=20", retrieverKind: "hybrid", rrfK: "20", lsaDimensions: "128" },
  {
    name: "Sentence chunks 600",
    retrieverKind: "bm25",
    strategy: "sentence-packed",
    chunkSize: "600",
    chunkOverlap: "0",
  },
];

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: "string", default: "http://127.0.0.1:3412" },
      out: { type: "string", default: "/tmp/compare-shots" },
    },
  });
  const base = values.url;
  await mkdir(values.out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${base}/sign-in`);
    await page.getByTestId("sign-in-email").fill("engineer@goldenset.local");
    await page.getByTestId("sign-in-password").fill("goldenset-engineer");
    await page.getByTestId("sign-in-submit").click();
    await page.waitForURL((url) => !url.pathname.includes("sign-in"));

    await page.goto(`${base}/sets`);
    const setHref = (await page.getByTestId("set-link").first().getAttribute("href")) ?? "";
    const setId = setHref.split("/").pop() ?? "";
    for (const run of EXTRA_RUNS) await evaluate(page, { base, setId, fields: run });

    await page.goto(`${base}/sets/${setId}/compare`);
    const ids = await page.getByTestId("picker-row").evaluateAll((rows) =>
      rows.map((row) => ({
        name: row.getAttribute("data-run-name") ?? "",
        id: row.getAttribute("data-run-id") ?? "",
      })),
    );
    const idOf = (name: string) => ids.find((entry) => entry.name.startsWith(name))?.id ?? "";
    const baseline = idOf("BM25 baseline");
    const hybrid = idOf("Hybrid RRF v");
    const others = ids.map((entry) => entry.id).filter((id) => id !== baseline && id !== hybrid);
    const query = await firstQueryWithWinsAndLosses(page, { base, setId, baseline, runs: [hybrid] });

    await shoot(page, {
      url: `${base}/sets/${setId}/compare?baseline=${baseline}&runs=${hybrid}&query=${query}&against=${hybrid}`,
      out: values.out,
      name: "2-runs",
    });
    const six = [hybrid, ...others].slice(0, 6);
    await shoot(page, {
      url: `${base}/sets/${setId}/compare?baseline=${baseline}&runs=${six.join(",")}&query=${query}&against=${hybrid}`,
      out: values.out,
      name: "7-runs",
    });
  } finally {
    await browser.close();
  }
}

/** Queues a run through the evaluate API (as the form posts it) and waits for its job to finish. */
async function evaluate(
  page: Page,
  options: { base: string; setId: string; fields: Record<string, string> },
) {
  const response = await page.request.post(`${options.base}/api/sets/${options.setId}/runs`, {
    headers: { origin: options.base },
    multipart: { topK: "20", chunkSize: "400", chunkOverlap: "80", coverage: "1", ...options.fields },
  });
  if (response.status() !== 201)
    throw new Error(`evaluate ${options.fields.name}: ${response.status()} ${await response.text()}`);
  const { jobId } = (await response.json()) as { jobId: string };
  for (let attempt = 0; attempt < 240; attempt++) {
    const job = (await (await page.request.get(`${options.base}/api/jobs/${jobId}`)).json()) as {
      status: string;
    };
    if (job.status === "succeeded") return;
    if (job.status === "failed") throw new Error(`run ${options.fields.name} failed`);
    await page.waitForTimeout(500);
  }
  throw new Error(`run ${options.fields.name} did not finish`);
}

async function firstQueryWithWinsAndLosses(
  page: Page,
  options: { base: string; setId: string; baseline: string; runs: string[] },
) {
  await page.goto(
    `${options.base}/sets/${options.setId}/compare?baseline=${options.baseline}&runs=${options.runs.join(",")}`,
  );
  await page.getByTestId("per-query-measure").selectOption("mrr");
  await page.getByTestId("outcome-win").click();
  const href = (await page.getByTestId("open-query").first().getAttribute("href")) ?? "";
  return new URL(href, options.base).searchParams.get("query") ?? "";
}

async function shoot(page: Page, options: { url: string; out: string; name: string }) {
  await page.goto(options.url);
  await page.getByTestId("recall-curves").locator(".recharts-line").first().waitFor();
  const sections = [
    "comparison-summary",
    "recall-chart-card",
    "measure-table",
    "class-breakdown",
    "per-query",
    "query-passages",
  ];
  for (const [index, testId] of sections.entries()) {
    await page
      .getByTestId(testId)
      .first()
      .evaluate((element, first) => {
        const main = element.closest("main");
        if (!main) return;
        const top =
          element.getBoundingClientRect().top - main.getBoundingClientRect().top + main.scrollTop - 16;
        main.scrollTo(0, first ? 0 : top);
      }, index === 0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(options.out, `${options.name}-${index + 1}-${testId}.png`) });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
