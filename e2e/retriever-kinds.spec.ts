import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import {
  type LoopbackProviderServer,
  startLoopbackProviderServer,
} from "../lib/retrieval/providers/testing/loopback-provider-server";
import {
  type LoopbackSearchServer,
  startLoopbackSearchServer,
} from "../lib/retrieval/providers/testing/loopback-search-server";
import { DEMO_SET_NAME, DEMO_URL, signIn } from "./helpers";
import { expect, test } from "./test";

// Every retriever kind evaluated from the evaluate form on the demo set, in a real browser against
// the production server: BM25, built-in LSA dense and hybrid, an OpenAI-compatible embeddings
// endpoint (dense and hybrid), a reranker, the team's own search endpoint and an uploaded run file.
// The HTTP services are real servers on loopback, started here (serve.sh allows 127.0.0.1 and sets
// E2E_PROVIDER_KEY to this key).
test.describe.configure({ mode: "serial" });

const KEY = "sk-e2e-loopback";
let providers: LoopbackProviderServer;
let search: LoopbackSearchServer;

test.beforeAll(async () => {
  providers = await startLoopbackProviderServer({ apiKey: KEY, defaultDimensions: 48 });
  const lines = (await readFile(path.join("prisma", "demo", "corpus.jsonl"), "utf8")).split("\n");
  const corpus = lines
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { id: string; text: string })
    .map((document) => ({ id: document.id, text: document.text.normalize("NFC").replace(/\r\n?/g, "\n") }));
  search = await startLoopbackSearchServer({ corpus, apiKey: KEY });
});

test.afterAll(async () => {
  await providers?.close();
  await search?.close();
});

async function openEvaluate(page: Page) {
  await signIn(page, {
    baseUrl: DEMO_URL,
    email: "engineer@goldenset.local",
    password: "goldenset-engineer",
  });
  await page.goto(`${DEMO_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();
  await page.getByTestId("evaluate-link").click();
  await expect(page.getByTestId("evaluate-form")).toBeVisible();
}

async function runAndRead(page: Page, name: string) {
  await page.getByTestId("config-name").fill(name);
  await page.getByTestId("run-evaluation").click();
  await expect(page).toHaveURL(/\/runs\/[^/]+$/, { timeout: 30_000 });
  await expect(page.getByTestId("run-status")).toContainText(/succeeded/i, { timeout: 90_000 });
  const text = await page.getByTestId("run-recall-20").innerText();
  return Number(text.match(/\d\.\d{3}/)?.[0] ?? Number.NaN);
}

const field = (page: Page, name: string) => page.getByTestId(`field-${name}`);

/** A retriever kind on a fresh form, without the reranker the previous run may have left checked. */
async function chooseKind(page: Page, kind: string) {
  await page.getByTestId("retriever-kind").selectOption(kind);
  await field(page, "rerank").uncheck();
}

test("each retriever kind runs from the evaluate form and lands on the runs page", async ({ page }) => {
  test.setTimeout(600_000);
  await openEvaluate(page);
  const evaluatePage = page.url();
  const recalls: Record<string, number> = {};

  await chooseKind(page, "dense");
  recalls["e2e LSA"] = await runAndRead(page, "e2e LSA");

  await page.goto(evaluatePage);
  await chooseKind(page, "hybrid");
  recalls["e2e hybrid LSA"] = await runAndRead(page, "e2e hybrid LSA");

  await page.goto(evaluatePage);
  await chooseKind(page, "dense-http");
  await field(page, "embeddingBaseUrl").fill(`${providers.origin}/v1`);
  await field(page, "embeddingModel").fill("loopback-embed");
  await field(page, "embeddingApiKeyEnv").fill("E2E_PROVIDER_KEY");
  recalls["e2e embeddings"] = await runAndRead(page, "e2e embeddings");
  expect(providers.requests.some((request) => request.path === "/v1/embeddings")).toBe(true);

  await page.goto(evaluatePage);
  await chooseKind(page, "hybrid-http");
  await field(page, "embeddingBaseUrl").fill(`${providers.origin}/v1`);
  await field(page, "embeddingModel").fill("loopback-embed");
  await field(page, "embeddingApiKeyEnv").fill("E2E_PROVIDER_KEY");
  recalls["e2e hybrid embeddings"] = await runAndRead(page, "e2e hybrid embeddings");

  await page.goto(evaluatePage);
  await chooseKind(page, "bm25");
  await field(page, "rerank").check();
  await field(page, "rerankBaseUrl").fill(providers.origin);
  await field(page, "rerankModel").fill("loopback-rerank");
  await field(page, "rerankDepth").fill("40");
  await field(page, "rerankApiKeyEnv").fill("E2E_PROVIDER_KEY");
  recalls["e2e bm25 reranked"] = await runAndRead(page, "e2e bm25 reranked");
  expect(providers.requests.some((request) => request.path.endsWith("/rerank"))).toBe(true);

  await page.goto(evaluatePage);
  await chooseKind(page, "external");
  await field(page, "externalUrl").fill(`${search.origin}/search`);
  await field(page, "externalApiKeyEnv").fill("E2E_PROVIDER_KEY");
  recalls["e2e my search"] = await runAndRead(page, "e2e my search");
  expect(search.requests.length).toBeGreaterThan(40);

  // An uploaded run file: the set's queries (from its export) sent to the search server, answers
  // written as JSONL the way a team would dump their own system's results.
  await page.goto(evaluatePage);
  const setId = evaluatePage.match(/\/sets\/([^/]+)\//)?.[1] ?? "";
  const exported = (await (await page.request.get(`${DEMO_URL}/api/sets/${setId}/export`)).json()) as {
    queries: { id: string; text: string }[];
  };
  const runLines: string[] = [];
  for (const query of exported.queries) {
    const response = await fetch(`${search.origin}/search`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${KEY}` },
      body: JSON.stringify({ query: query.text, top_k: 20 }),
    });
    const { results: hits } = (await response.json()) as {
      results: { doc_id: string; score: number; start: number; end: number }[];
    };
    for (const hit of hits)
      runLines.push(
        JSON.stringify({
          query_id: query.id,
          doc_id: hit.doc_id,
          score: hit.score,
          start: hit.start,
          end: hit.end,
        }),
      );
  }
  const runFile = path.join(tmpdir(), `e2e-run-${Date.now()}.jsonl`);
  await writeFile(runFile, `${runLines.join("\n")}\n`);
  await chooseKind(page, "imported");
  await field(page, "file").setInputFiles(runFile);
  recalls["e2e imported"] = await runAndRead(page, "e2e imported");
  // the same answers, live or from the file, score the same
  expect(recalls["e2e imported"]).toBe(recalls["e2e my search"]);

  for (const [name, recall] of Object.entries(recalls)) {
    expect(recall, name).toBeGreaterThan(0);
    expect(recall, name).toBeLessThanOrEqual(1);
  }

  await page.goto(evaluatePage);
  for (const name of Object.keys(recalls))
    await expect(page.getByRole("link", { name: new RegExp(`^${name} v\\d+$`) }).first()).toBeVisible();
});

test("a provider failure shows on the run page and the evaluate page stays usable", async ({ page }) => {
  await openEvaluate(page);
  await chooseKind(page, "dense-http");
  await field(page, "embeddingBaseUrl").fill(`${providers.origin}/v1`);
  await field(page, "embeddingModel").fill("never-cached-model");
  await field(page, "embeddingApiKeyEnv").fill("E2E_PROVIDER_KEY");
  providers.behave({ kind: "malformed-json" });
  await page.getByTestId("config-name").fill("e2e broken provider");
  await page.getByTestId("run-evaluation").click();
  await expect(page.getByTestId("run-status")).toContainText(/failed/i, { timeout: 90_000 });
  await expect(page.getByTestId("run-error")).toContainText(/embedding provider/i);
  providers.behave({ kind: "ok" });
});

test("a run file with a bad line is refused with its line number, and nothing is queued", async ({
  page,
}) => {
  await openEvaluate(page);
  const runFile = path.join(tmpdir(), `e2e-bad-run-${Date.now()}.trec`);
  await writeFile(runFile, "q-0001 Q0 kb-0001 1 12.5 mine\nq-0001 Q0 kb-0002 two 11 mine\n");
  await chooseKind(page, "imported");
  await field(page, "file").setInputFiles(runFile);
  await page.getByTestId("config-name").fill("e2e bad run file");
  await page.getByTestId("run-evaluation").click();
  await expect(page.getByTestId("evaluate-form").getByRole("alert")).toContainText("line 2");
  await expect(page).toHaveURL(/\/runs$/);
});

test("a sweep over chunk size runs one evaluation per point and charts them", async ({ page }) => {
  await openEvaluate(page);
  await chooseKind(page, "bm25");
  await page.getByTestId("sweep-section").locator("summary").click();
  await page.getByTestId("sweep-axis-1-path").selectOption("chunking.size");
  await page.getByTestId("sweep-axis-1-values").fill("200, 400, 800");
  await expect(page.getByTestId("sweep-point-count")).toContainText("3 points");
  await page.getByTestId("config-name").fill(`e2e size sweep ${Date.now()}`);
  await expect(page.getByTestId("run-evaluation")).toContainText("Run sweep (3 runs)");
  await page.getByTestId("run-evaluation").click();
  await expect(page).toHaveURL(/\/sweeps\/[^/]+$/, { timeout: 30_000 });
  await expect(page.getByTestId("sweep-status")).toContainText(/succeeded/i, { timeout: 120_000 });
  await expect(page.getByTestId("sweep-point")).toHaveCount(3);
  await expect(page.locator('[data-testid="sweep-point"][data-status="succeeded"]')).toHaveCount(3);
});
