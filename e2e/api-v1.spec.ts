import type { APIRequestContext, Browser } from "@playwright/test";
import { DEMO_SET_NAME, DEMO_URL, signIn } from "./helpers";
import { expect, test } from "./test";

// Issue 13's API acceptance: tokens made on the tokens page, every v1 endpoint called with them,
// 401/403/400 answers, a run started and polled to its metrics, its TREC file and a comparison
// (api-v1-openapi.spec.ts validates the OpenAPI document).
test.describe.configure({ mode: "serial" });

const CONFIG = {
  name: "api bm25",
  chunking: { strategy: "fixed-characters", size: 400, overlap: 80 },
  retriever: { kind: "bm25", k1: 0.9, b: 0.4 },
  topK: 20,
};

const tokens: { engineer: string; annotator: string; revoked: string; limited: string } = {
  engineer: "",
  annotator: "",
  revoked: "",
  limited: "",
};

/** Signs in as `email` in a new browser context and makes a token per name on the tokens page. */
async function makeTokens(
  browser: Browser,
  email: string,
  password: string,
  names: string[],
): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, { baseUrl: DEMO_URL, email, password });
  await page.getByTestId("api-tokens-link").click();
  await expect(page).toHaveURL(/\/settings\/tokens$/);
  const made: string[] = [];
  for (const name of names) {
    await page.getByTestId("token-name").fill(name);
    await page.getByTestId("create-token").click();
    const shown = page.getByTestId("new-token");
    const previous = made.at(-1);
    if (previous) await expect(shown).not.toHaveText(previous); // the answer to this submission
    await expect(shown).toHaveText(/^gs_[A-Za-z0-9_-]{43}$/);
    const token = (await shown.textContent()) ?? "";
    expect(made).not.toContain(token);
    made.push(token);
    await expect(page.getByTestId("token-row").filter({ hasText: name })).toContainText(token.slice(0, 10));
  }
  await context.close();
  return made;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function demoSetId(request: APIRequestContext): Promise<string> {
  const response = await request.get(`${DEMO_URL}/api/v1/sets`, { headers: bearer(tokens.engineer) });
  expect(response.status()).toBe(200);
  const { sets } = (await response.json()) as { sets: { id: string; name: string; queries: number }[] };
  const set = sets.find((candidate) => candidate.name === DEMO_SET_NAME);
  expect(set?.queries).toBeGreaterThan(0);
  return set!.id;
}

async function startRun(request: APIRequestContext, setId: string, config: object): Promise<string> {
  const response = await request.post(`${DEMO_URL}/api/v1/sets/${setId}/runs`, {
    headers: bearer(tokens.engineer),
    data: { config, mode: "document" },
  });
  expect(response.status(), await response.text()).toBe(201);
  const created = (await response.json()) as { runId: string; jobId: string };
  expect(created.jobId).toBeTruthy();
  return created.runId;
}

async function pollRun(request: APIRequestContext, runId: string) {
  let run: { status: string; progress: number; metrics: Record<string, unknown> | null } | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${DEMO_URL}/api/v1/runs/${runId}`, {
          headers: bearer(tokens.engineer),
        });
        expect(response.status()).toBe(200);
        run = await response.json();
        return run?.status;
      },
      { timeout: 90_000, intervals: [500, 1_000] },
    )
    .toBe("succeeded");
  return run!;
}

test("tokens are made on the tokens page, shown once, and revoked there", async ({ browser }) => {
  const [engineer, revoked, limited] = await makeTokens(
    browser,
    "engineer@goldenset.local",
    "goldenset-engineer",
    ["CI", "to revoke", "rate limit"],
  );
  const [annotator] = await makeTokens(browser, "annotator@goldenset.local", "goldenset-annotator", [
    "notebook",
  ]);
  Object.assign(tokens, { engineer, revoked, limited, annotator });

  const context = await browser.newContext();
  const page = await context.newPage();
  const before = await page.request.get(`${DEMO_URL}/api/v1/sets`, { headers: bearer(tokens.revoked) });
  expect(before.status()).toBe(200);
  await signIn(page, {
    baseUrl: DEMO_URL,
    email: "engineer@goldenset.local",
    password: "goldenset-engineer",
  });
  await page.goto(`${DEMO_URL}/settings/tokens`);
  const row = page.getByTestId("token-row").filter({ hasText: "to revoke" });
  await expect(row.getByTestId("token-last-used")).not.toHaveText("never");
  await row.getByTestId("revoke-token").click();
  await expect(row.getByTestId("token-revoked")).toBeVisible();
  await expect(page.getByTestId("new-token")).toHaveCount(0); // the token is never shown again
  const after = await page.request.get(`${DEMO_URL}/api/v1/sets`, { headers: bearer(tokens.revoked) });
  expect(after.status()).toBe(401);

  // a session works too, and keeps the cross-origin check; a Bearer call is not cookie-authenticated
  const session = await page.request.get(`${DEMO_URL}/api/v1/sets`);
  expect(session.status()).toBe(200);
  const foreign = { Origin: "https://evil.example", "Content-Type": "application/json" };
  const forged = await page.request.post(`${DEMO_URL}/api/v1/compare`, { headers: foreign, data: {} });
  expect(forged.status()).toBe(403);
  await context.close();
});

test("no, wrong, malformed or revoked tokens get 401 JSON", async ({ request }) => {
  const wrong = `gs_${"A".repeat(43)}`;
  for (const headers of [
    {},
    bearer(wrong),
    bearer("nonsense"),
    { Authorization: "Basic dXNlcjpwYXNz" },
    bearer(tokens.revoked),
  ]) {
    const response = await request.get(`${DEMO_URL}/api/v1/sets`, { headers });
    expect(response.status()).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBeTruthy();
  }
  const write = await request.post(`${DEMO_URL}/api/v1/compare`, { headers: bearer(wrong), data: {} });
  expect(write.status()).toBe(401);
});

test("a run is started with a token, polled to its metrics, exported as TREC and compared", async ({
  request,
}) => {
  const setId = await demoSetId(request);

  const detail = await request.get(`${DEMO_URL}/api/v1/sets/${setId}`, { headers: bearer(tokens.annotator) });
  expect(detail.status()).toBe(200);
  const { set, export: file } = (await detail.json()) as {
    set: { id: string };
    export: { queries: unknown[] };
  };
  expect(set.id).toBe(setId);
  expect(file.queries.length).toBeGreaterThan(0);
  const unknownSet = await request.get(`${DEMO_URL}/api/v1/sets/no-such-set`, {
    headers: bearer(tokens.engineer),
  });
  expect(unknownSet.status()).toBe(404);

  // an annotator's token may read but not evaluate
  const refused = await request.post(`${DEMO_URL}/api/v1/sets/${setId}/runs`, {
    headers: bearer(tokens.annotator),
    data: { config: CONFIG },
  });
  expect(refused.status()).toBe(403);

  // a bad field: 400 with its JSON path
  const bad = await request.post(`${DEMO_URL}/api/v1/sets/${setId}/runs`, {
    headers: bearer(tokens.engineer),
    data: { config: { ...CONFIG, chunking: { ...CONFIG.chunking, size: 5 } } },
  });
  expect(bad.status()).toBe(400);
  const badBody = (await bad.json()) as { error: string; location: { path: string } };
  expect(badBody.location.path).toBe("config.chunking.size");
  expect(badBody.error).toContain("config.chunking.size");
  const notJson = await request.post(`${DEMO_URL}/api/v1/sets/${setId}/runs`, {
    headers: { ...bearer(tokens.engineer), "Content-Type": "application/json" },
    data: "{",
  });
  expect(notJson.status()).toBe(400);

  // cross-origin does not apply to Bearer calls
  const baselineId = await startRun(request, setId, CONFIG);
  const candidateId = await startRun(request, setId, {
    ...CONFIG,
    name: "api bm25 b=0.75",
    retriever: { kind: "bm25", k1: 1.2, b: 0.75 },
  });
  const baseline = await pollRun(request, baselineId);
  expect(baseline.progress).toBe(1);
  const metrics = baseline.metrics as {
    recall: Record<string, number>;
    mrr: number;
    ndcg: Record<string, number>;
  };
  expect(metrics.recall["10"]).toBeGreaterThan(0);
  expect(metrics.mrr).toBeGreaterThan(0);
  expect(metrics.ndcg["10"]).toBeGreaterThan(0);
  await pollRun(request, candidateId);

  const listed = await request.get(`${DEMO_URL}/api/v1/sets/${setId}/runs`, {
    headers: bearer(tokens.annotator),
  });
  expect(listed.status()).toBe(200);
  const { runs } = (await listed.json()) as { runs: { id: string; status: string; configName: string }[] };
  expect(runs.slice(0, 2).map((run) => run.id)).toEqual([candidateId, baselineId]); // newest first
  expect(runs[1]).toMatchObject({ status: "succeeded", configName: CONFIG.name });
  const unlisted = await request.get(`${DEMO_URL}/api/v1/sets/no-such-set/runs`, {
    headers: bearer(tokens.annotator),
  });
  expect(unlisted.status()).toBe(404);

  const trec = await request.get(`${DEMO_URL}/api/v1/runs/${baselineId}/trec`, {
    headers: bearer(tokens.annotator),
  });
  expect(trec.status()).toBe(200);
  const lines = (await trec.text()).trim().split("\n");
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line).toMatch(/^\S+ Q0 \S+ \d+ \d+ api_bm25$/);
  const firstQuery = lines.filter((line) => line.startsWith(`${lines[0]!.split(" ")[0]} `));
  const documents = firstQuery.map((line) => line.split(" ")[2]);
  expect(new Set(documents).size).toBe(documents.length); // each document once, at its first rank
  expect(firstQuery.map((line) => Number(line.split(" ")[3]))).toEqual(
    firstQuery.map((_, index) => index + 1),
  );

  // passage level: every result at its rank, as docid#start-end (what an imported run accepts)
  const passages = await request.get(`${DEMO_URL}/api/v1/runs/${baselineId}/trec?level=passage`, {
    headers: bearer(tokens.annotator),
  });
  expect(passages.status()).toBe(200);
  expect(passages.headers()["content-disposition"]).toContain(".passages.trec");
  const passageLines = (await passages.text()).trim().split("\n");
  for (const line of passageLines) expect(line).toMatch(/^\S+ Q0 \S+#\d+-\d+ \d+ \d+ api_bm25$/);
  expect(passageLines.length).toBeGreaterThanOrEqual(lines.length);
  const firstQueryPassages = passageLines.filter((line) => line.startsWith(`${lines[0]!.split(" ")[0]} `));
  expect(firstQueryPassages.length).toBeLessThanOrEqual(CONFIG.topK);
  expect(firstQueryPassages.map((line) => Number(line.split(" ")[3]))).toEqual(
    firstQueryPassages.map((_, index) => index + 1),
  );
  const badLevel = await request.get(`${DEMO_URL}/api/v1/runs/${baselineId}/trec?level=sentences`, {
    headers: bearer(tokens.annotator),
  });
  expect(badLevel.status()).toBe(400);
  expect(((await badLevel.json()) as { error: string }).error).toContain("level");
  const anonymous = await request.get(`${DEMO_URL}/api/v1/runs/${baselineId}/trec?level=passage`);
  expect(anonymous.status()).toBe(401);

  const comparison = await request.post(`${DEMO_URL}/api/v1/compare`, {
    headers: bearer(tokens.annotator),
    data: { baseline: baselineId, runs: [candidateId], measures: ["ndcg_cut.10", "recip_rank"], seed: 7 },
  });
  expect(comparison.status(), await comparison.text()).toBe(200);
  const compared = (await comparison.json()) as {
    queries: number;
    runs: {
      name: string;
      measures: Record<string, { baseline: number; mean: number; delta: number; wins: number }>;
    }[];
  };
  expect(compared.queries).toBeGreaterThan(0);
  expect(compared.runs.map((run) => run.name)).toEqual([candidateId]);
  expect(Object.keys(compared.runs[0]!.measures)).toEqual(["ndcg_cut_10", "recip_rank"]);
  expect(compared.runs[0]!.measures.ndcg_cut_10!.baseline).toBeCloseTo(metrics.ndcg["10"]!, 10);
  const badCompare = await request.post(`${DEMO_URL}/api/v1/compare`, {
    headers: bearer(tokens.engineer),
    data: { baseline: baselineId, runs: [] },
  });
  expect(badCompare.status()).toBe(400);
  expect(((await badCompare.json()) as { location: { path: string } }).location.path).toBe("runs");
  const unknownRun = await request.get(`${DEMO_URL}/api/v1/runs/no-such-run`, {
    headers: bearer(tokens.engineer),
  });
  expect(unknownRun.status()).toBe(404);
});

test("each token is rate limited: 429 with Retry-After", async ({ request }) => {
  const statuses: number[] = [];
  for (let index = 0; index < 121; index++) {
    const response = await request.get(`${DEMO_URL}/api/v1/runs/no-such-run`, {
      headers: bearer(tokens.limited),
    });
    statuses.push(response.status());
    if (response.status() === 429) {
      expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
    }
  }
  expect(statuses.slice(0, 120).every((status) => status === 404)).toBe(true);
  expect(statuses[120]).toBe(429);
  // other tokens are not affected
  const other = await request.get(`${DEMO_URL}/api/v1/runs/no-such-run`, {
    headers: bearer(tokens.engineer),
  });
  expect(other.status()).toBe(404);
});
