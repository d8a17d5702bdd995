import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  defaultRetrievalConfig,
  defaultRetrievers,
  type RetrievalConfig,
  retrievalConfigSchema,
} from "@/lib/configs/config-schema";
import type { Db } from "@/lib/db/client";
import { PrismaEmbeddingCache } from "@/lib/db/prisma-embedding-cache";
import { insertQueuedRun } from "@/lib/db/runs";
import { type TestDatabase, tableCounts } from "@/lib/db/testing/test-database";
import { DEMO_CORPUS_NAME } from "@/lib/demo/seed-demo";
import { createDemoTestDatabase } from "@/lib/demo/testing/demo-test-database";
import { parseRunMetrics } from "@/lib/eval/run-report-schema";
import { findClosedPortOrigin } from "@/lib/retrieval/providers/testing/loopback-http";
import {
  type LoopbackProviderServer,
  startLoopbackProviderServer,
} from "@/lib/retrieval/providers/testing/loopback-provider-server";
import {
  type LoopbackSearchServer,
  startLoopbackSearchServer,
} from "@/lib/retrieval/providers/testing/loopback-search-server";
import { createRun } from "@/lib/runs/create-run";
import { storeRunFile } from "@/lib/runs/run-files";
import type { RunServices } from "@/lib/runs/run-services";
import { testRunServices } from "@/lib/runs/testing/test-run-services";
import { drainJobs } from "@/lib/worker/worker";

// Every HTTP-backed retriever kind end to end on the demo set, against real servers on loopback:
// embeddings (dense, hybrid, cached), a reranker, the team's own search endpoint, an uploaded run
// file — and each way a provider fails, which must fail the run clearly and touch nothing else.

const API_KEY = "sk-test-loopback-1234";

let database: TestDatabase;
let prisma: Db;
let setId: string;
let userId: string;
let providers: LoopbackProviderServer;
let search: LoopbackSearchServer;
let runFilesDirectory: string;
let services: RunServices;

beforeAll(async () => {
  database = await createDemoTestDatabase();
  prisma = database.prisma;
  setId = (await prisma.goldenSet.findFirstOrThrow()).id;
  userId = (await prisma.user.findFirstOrThrow({ where: { role: "engineer" } })).id;
  providers = await startLoopbackProviderServer({ apiKey: API_KEY, defaultDimensions: 32 });
  const corpus = await prisma.corpus.findUniqueOrThrow({ where: { name: DEMO_CORPUS_NAME } });
  const documents = await prisma.documentVersion.findMany({
    where: { document: { corpusId: corpus.id } },
    include: { document: true },
  });
  search = await startLoopbackSearchServer({
    apiKey: API_KEY,
    corpus: documents
      .filter((version) => version.version === version.document.version)
      .map((version) => ({ id: version.document.externalId, text: version.text })),
  });
  runFilesDirectory = mkdtempSync(path.join(tmpdir(), "goldenset-run-files-"));
  services = testRunServices({
    allowList: ["127.0.0.1"],
    secrets: { LOOPBACK_KEY: API_KEY, WRONG_KEY: "sk-wrong" },
    keyVariables: ["NOT_SET_ANYWHERE"],
    embeddingCache: new PrismaEmbeddingCache(prisma),
    runFilesDirectory,
  });
}, 120_000);

afterAll(async () => {
  await providers?.close();
  await search?.close();
  await database?.dispose();
  rmSync(runFilesDirectory, { force: true, recursive: true });
});

/**
 * What the server allowed when these configurations were saved; the run-time services allow
 * less (no search.internal.example), as after an admin tightens the allow-list.
 */
const creationPolicy = {
  keyVariables: ["LOOPBACK_KEY", "WRONG_KEY", "NOT_SET_ANYWHERE"],
  allowList: ["127.0.0.1", "search.internal.example:9200"],
};

async function evaluate(name: string, config: unknown) {
  const { runId } = await createRun(prisma, {
    setId,
    configName: name,
    config: retrievalConfigSchema.parse(config),
    coverage: 1,
    userId,
    policy: creationPolicy,
  });
  await drainJobs(prisma, { services });
  const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
  return { run, metrics: parseRunMetrics(run.metrics) };
}

const embeddings = (overrides: Record<string, unknown> = {}) => ({
  kind: "openai-compatible",
  baseUrl: `${providers.origin}/v1`,
  model: "loopback-embed",
  dimensions: 32,
  apiKeyEnv: "LOOPBACK_KEY",
  ...overrides,
});

const withRetriever = (retriever: unknown, extra: Partial<RetrievalConfig> = {}) => ({
  ...defaultRetrievalConfig,
  retriever,
  ...extra,
});

describe("HTTP-backed retrievers on the demo set", () => {
  it("dense through an embeddings endpoint: every chunk embedded once, a re-run sends nothing", async () => {
    providers.behave({ kind: "ok" });
    const before = providers.requests.length;
    const first = await evaluate("http dense", withRetriever({ kind: "dense", provider: embeddings() }));
    expect(first.run.status, first.run.error ?? "").toBe("succeeded");
    expect(first.metrics?.evaluated).toBeGreaterThan(40);
    expect(first.metrics?.meanReturned).toBe(20);
    const cached = await prisma.embeddingCacheEntry.count();
    // the demo's chunks at 400/80 plus the set's queries, each distinct text once
    expect(cached).toBeGreaterThan(first.metrics?.chunks ?? 0);
    expect(providers.requests.length).toBeGreaterThan(before);
    expect(providers.requests.every((request) => request.path === "/v1/embeddings")).toBe(true);

    const sent = providers.requests.length;
    const second = await evaluate(
      "http dense again",
      withRetriever({ kind: "dense", provider: embeddings() }),
    );
    expect(second.run.status).toBe("succeeded");
    expect(providers.requests.length).toBe(sent);
    expect(await prisma.embeddingCacheEntry.count()).toBe(cached);
    expect(second.metrics?.recall).toEqual(first.metrics?.recall);
  }, 120_000);

  it("hybrid BM25 + embeddings endpoint (RRF) runs and differs from both of its parts", async () => {
    const hybrid = await evaluate(
      "http hybrid",
      withRetriever({ ...defaultRetrievers.hybrid, dense: { provider: embeddings() } }),
    );
    expect(hybrid.run.status, hybrid.run.error ?? "").toBe("succeeded");
    expect(hybrid.metrics?.recall[5]).toBeGreaterThan(0);
  }, 120_000);

  it("a reranker re-scores BM25's first `depth` chunks; its scores are the final ones", async () => {
    const depth = 30;
    const sent = providers.requests.length;
    const { run, metrics } = await evaluate(
      "bm25 + rerank",
      withRetriever(defaultRetrievers.bm25, {
        reranker: {
          baseUrl: providers.origin,
          model: "loopback-rerank",
          requestFormat: "cohere",
          depth,
          apiKeyEnv: "LOOPBACK_KEY",
          timeoutMs: 5_000,
        },
      }),
    );
    expect(run.status, run.error ?? "").toBe("succeeded");
    const rerankRequests = providers.requests
      .slice(sent)
      .filter((request) => request.path.endsWith("/rerank"));
    // one request per query that BM25 found anything for (an empty candidate list is not sent)
    const answered = await prisma.runResult.groupBy({ by: ["queryId"], where: { runId: run.id } });
    expect(rerankRequests.length).toBe(answered.length);
    expect(answered.length).toBeGreaterThan((metrics?.queries ?? 0) - 5);
    const body = rerankRequests[0]?.body as { documents: string[]; top_n: number };
    expect(body.documents.length).toBe(depth);
    expect(body.top_n).toBe(20);
    const scores = await prisma.runResult.findMany({ where: { runId: run.id }, select: { score: true } });
    // token-overlap scores are shares in [0, 1]; BM25 scores on the demo are mostly above 1
    expect(scores.every((row) => row.score >= 0 && row.score <= 1)).toBe(true);
    expect(metrics?.recall[5]).toBeGreaterThan(0);
  }, 120_000);

  it("the team's own search endpoint: passages located in the documents, recall above zero", async () => {
    search.behave({ kind: "ok" });
    const { run, metrics } = await evaluate(
      "my search",
      withRetriever({ kind: "external", url: `${search.origin}/search`, apiKeyEnv: "LOOPBACK_KEY" }),
    );
    expect(run.status, run.error ?? "").toBe("succeeded");
    expect(metrics?.chunks).toBeNull();
    expect(metrics?.unknownDocuments).toBe(0);
    expect(metrics?.unlocated).toBe(0);
    expect(metrics?.recall[20]).toBeGreaterThan(0);
    const body = search.requests.at(-1)?.body as { query: string; top_k: number };
    expect(body.top_k).toBe(20);
    expect(search.requests.at(-1)?.authorization).toBe(`Bearer ${API_KEY}`);
  }, 120_000);

  it("an uploaded run file with chunk ids reproduces the run it was exported from exactly", async () => {
    const bm25 = await evaluate("bm25 to export", withRetriever(defaultRetrievers.bm25));
    const results = await prisma.runResult.findMany({
      where: { runId: bm25.run.id },
      include: { query: true, run: false },
      orderBy: [{ queryId: "asc" }, { rank: "asc" }],
    });
    const documents = new Map(
      (await prisma.document.findMany({ select: { id: true, externalId: true } })).map((row) => [
        row.id,
        row.externalId,
      ]),
    );
    // Scores by rank: a run file is ordered the way trec_eval orders it (score, then docno), and
    // BM25's float64 ties and near-ties would be reordered by docno.
    const lines = results.map(
      (row) =>
        `${row.query.key} Q0 ${documents.get(row.documentId)}#${row.start}-${row.end} ${row.rank} ${1000 - row.rank} exported`,
    );
    const upload = path.join(runFilesDirectory, "upload-bm25-export.trec");
    writeFileSync(upload, `${lines.join("\n")}\n`);
    const { stored } = await storeRunFile({ path: upload, name: "bm25-export.trec" }, runFilesDirectory);
    expect(existsSync(upload)).toBe(false);
    const imported = await evaluate("imported bm25", withRetriever({ kind: "imported", file: stored }));
    expect(imported.run.status, imported.run.error ?? "").toBe("succeeded");
    expect(imported.metrics?.recall).toEqual(bm25.metrics?.recall);
    expect(imported.metrics?.mrr).toBeCloseTo(bm25.metrics?.mrr ?? -1, 12);
    expect(imported.metrics?.ndcg).toEqual(bm25.metrics?.ndcg);
    expect(imported.metrics?.unlocated).toBe(0);
  }, 120_000);
});

describe("provider failures fail the run clearly and leave earlier runs and labels intact", () => {
  const failures: { name: string; arrange: () => void; config: () => unknown; message: RegExp }[] = [
    {
      name: "unreachable provider",
      arrange: () => {},
      config: () => withRetriever({ kind: "dense", provider: embeddings({ baseUrl: `${closedOrigin}/v1` }) }),
      message: /unreachable/i,
    },
    {
      name: "bad API key",
      arrange: () => providers.behave({ kind: "ok" }),
      config: () =>
        withRetriever({
          kind: "dense",
          provider: embeddings({ apiKeyEnv: "WRONG_KEY", model: "not-cached" }),
        }),
      message: /401|API key/i,
    },
    {
      name: "malformed response",
      arrange: () => providers.behave({ kind: "malformed-json" }),
      config: () => withRetriever({ kind: "dense", provider: embeddings({ model: "malformed" }) }),
      message: /malformed|JSON/i,
    },
    {
      name: "timeout",
      arrange: () => providers.behave({ kind: "slow", delayMs: 2_000 }),
      config: () => withRetriever({ kind: "dense", provider: embeddings({ model: "slow", timeoutMs: 200 }) }),
      message: /did not answer within 0\.2 s/,
    },
    {
      name: "HTTP 429 on every attempt",
      arrange: () => providers.behave({ kind: "rate-limited-forever", retryAfterSeconds: 0 }),
      config: () => withRetriever({ kind: "dense", provider: embeddings({ model: "limited" }) }),
      message: /429|rate/i,
    },
    {
      name: "reranker down",
      arrange: () => providers.behave({ kind: "unauthorized" }),
      config: () =>
        withRetriever(defaultRetrievers.bm25, {
          reranker: {
            baseUrl: providers.origin,
            model: "r",
            requestFormat: "cohere",
            depth: 20,
            apiKeyEnv: "LOOPBACK_KEY",
            timeoutMs: 5_000,
          },
        }),
      message: /rerank provider/i,
    },
    {
      name: "external system answering the wrong shape",
      arrange: () => search.behave({ kind: "wrong-shape", at: 1, field: "score", value: "high" }),
      config: () =>
        withRetriever({ kind: "external", url: `${search.origin}/search`, apiKeyEnv: "LOOPBACK_KEY" }),
      message: /\[1\]\.score/,
    },
    {
      name: "host not in the allow-list",
      arrange: () => {},
      config: () => withRetriever({ kind: "external", url: "http://search.internal.example:9200/search" }),
      message: /allow-list/,
    },
    {
      name: "API key variable not set",
      arrange: () => {},
      config: () => withRetriever({ kind: "dense", provider: embeddings({ apiKeyEnv: "NOT_SET_ANYWHERE" }) }),
      message: /NOT_SET_ANYWHERE.*not set/,
    },
  ];
  let closedOrigin = "";

  beforeAll(async () => {
    closedOrigin = await findClosedPortOrigin();
  });

  it.each(failures)(
    "$name",
    async ({ name, arrange, config, message }) => {
      const earlier = await prisma.run.findFirstOrThrow({
        where: { status: "succeeded" },
        include: { _count: { select: { results: true } } },
        orderBy: { createdAt: "asc" },
      });
      const countsBefore = await tableCounts(prisma);
      arrange();
      const { run } = await evaluate(`failing: ${name}`, config());
      providers.behave({ kind: "ok" });
      search.behave({ kind: "ok" });
      expect(run.status).toBe("failed");
      expect(run.error).toMatch(message);
      expect(run.error).not.toContain(API_KEY);
      expect(await prisma.runResult.count({ where: { runId: run.id } })).toBe(0);
      const job = await prisma.job.findUniqueOrThrow({ where: { id: run.jobId ?? "" } });
      expect(job.status).toBe("failed");
      expect(job.error).toBe(run.error);
      const earlierAfter = await prisma.run.findUniqueOrThrow({
        where: { id: earlier.id },
        include: { _count: { select: { results: true } } },
      });
      expect(earlierAfter.metrics).toEqual(earlier.metrics);
      expect(earlierAfter._count.results).toBe(earlier._count.results);
      const countsAfter = await tableCounts(prisma);
      for (const table of ["Label", "Query", "RunResult", "Document", "GoldenSet"])
        expect(countsAfter[table], table).toBe(countsBefore[table]);
    },
    60_000,
  );

  it("refuses, when the configuration is made, a key variable the server does not allow; saves nothing", async () => {
    const countsBefore = await tableCounts(prisma);
    const databaseUrlAsKey = retrievalConfigSchema.parse(
      withRetriever({ kind: "dense", provider: embeddings({ apiKeyEnv: "DATABASE_URL" }) }),
    );
    await expect(
      createRun(prisma, { setId, configName: "leaky", config: databaseUrlAsKey, coverage: 1, userId }),
    ).rejects.toThrow(/API key variable DATABASE_URL is not one this server allows/);
    const outsideAllowList = retrievalConfigSchema.parse(
      withRetriever({ kind: "external", url: "http://search.internal.example:9200/search" }),
    );
    await expect(
      createRun(prisma, {
        setId,
        configName: "elsewhere",
        config: outsideAllowList,
        coverage: 1,
        userId,
        policy: { keyVariables: [], allowList: ["127.0.0.1"] },
      }),
    ).rejects.toThrow(/not in the allow-list/);
    expect(await tableCounts(prisma)).toEqual(countsBefore);
  });

  it("never sends the app's own settings as a key, even from a configuration saved before the rule", async () => {
    const sent = providers.requests.length;
    const config = retrievalConfigSchema.parse(
      withRetriever({
        kind: "dense",
        provider: embeddings({ apiKeyEnv: "DATABASE_URL", model: "leak-probe" }),
      }),
    );
    const { runId } = await insertQueuedRun(prisma, {
      setId,
      setVersionId: (await prisma.goldenSetVersion.findFirstOrThrow({ where: { goldenSetId: setId } })).id,
      configName: "saved before the rule",
      config,
      coverage: 1,
      mode: "label",
      userId,
    });
    const leaky = testRunServices({
      allowList: ["127.0.0.1"],
      secrets: { DATABASE_URL: "file:/srv/goldenset/secret.db" },
      runFilesDirectory,
    });
    await drainJobs(prisma, { services: leaky });
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/DATABASE_URL is not one this server allows/);
    expect(run.error).not.toContain("secret.db");
    expect(providers.requests.length).toBe(sent);
  });
});
