import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RetrievalConfig, retrievalConfigSchema } from "@/lib/configs/config-schema";
import type { Db } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import type { ScoringMode } from "@/lib/eval/run-report-schema";
import { createRun } from "@/lib/runs/create-run";
import { seedGeneratedCollection } from "@/lib/runs/testing/generated-collection";
import { testRunServices } from "@/lib/runs/testing/test-run-services";
import { drainJobs } from "@/lib/worker/worker";

/**
 * The rows a run stores must not change when the way they are written changes. The expected
 * digests were computed by this same test with the code of main before evaluation wrote through
 * batched statements (commit d31531e, on SQLite and PostgreSQL alike); any difference in a result
 * row (query, rank, document, span, chunk hash, score), a per-query metric row (its JSON,
 * relevant count, excluded flag) or the run's aggregate metrics and resolution report fails it.
 */
const EXPECTED: Record<string, { results: string; perQuery: string; run: string; rows: number }> = {
  "label mode, 200-character chunks, BM25 top 100": {
    results: "3c9c9a58992cec4de4531286ea090dde1757ad3342f4dd443aebfaad12ab439e",
    perQuery: "2c5e08a1e7fa632e437842c9d2672bbb0833272c866e9727ad70253fecb7e4f1",
    run: "f9bf094621a0d907d1d1bc889943524206c1f22a0c43b199c78b4611feb0bb7a",
    rows: 4000,
  },
  "document mode, whole documents with titles, BM25 top 1000": {
    results: "536b9f8e406df303a42ff91b400dce704d797fabc836e0ab2c3c0acb647b1f71",
    perQuery: "7fbf79e76ea560e8977ac6c709eb8027b433c890e8458970d84cb4c2cded5644",
    run: "5a73e621cc2a62528214ad745ba50a50a56961059a2bd6be9a35c031384d72b7",
    rows: 13083,
  },
  "label mode, hybrid BM25 + LSA, score threshold": {
    results: "e2142f6ccafc1029413466a1f5eb569ca82213a9bc8e6ffd1fffef78ad75e9ae",
    perQuery: "420c225f8606dc926fa9e1c3eb3eb584e0872dc512da636880072a0fdf263da8",
    run: "47dfb6b545899f6d76eea97b23a7535fe359461c491758d9a530e1807b2b9040",
    rows: 434,
  },
};

const CASES: { name: string; mode: ScoringMode; config: Record<string, unknown> }[] = [
  {
    name: "label mode, 200-character chunks, BM25 top 100",
    mode: "label",
    config: {
      chunking: { strategy: "fixed-characters", size: 200, overlap: 50 },
      retriever: { kind: "bm25", k1: 0.9, b: 0.4 },
      topK: 100,
    },
  },
  {
    name: "document mode, whole documents with titles, BM25 top 1000",
    mode: "document",
    config: {
      chunking: { strategy: "document", prependTitle: true },
      retriever: { kind: "bm25", k1: 0.9, b: 0.4 },
      topK: 1000,
    },
  },
  {
    name: "label mode, hybrid BM25 + LSA, score threshold",
    mode: "label",
    config: {
      chunking: { strategy: "sentence-packed", size: 300, overlap: 0 },
      retriever: {
        kind: "hybrid",
        sparse: { k1: 1.2, b: 0.75 },
        dense: { provider: { kind: "builtin-lsa", dimensions: 16, seed: 3 } },
        fusion: { kind: "rrf", k: 60 },
        depth: 50,
      },
      topK: 30,
      scoreThreshold: 0.02,
    },
  },
];

const database = createTestDatabase();
let setId = "";
beforeAll(async () => {
  ({ setId } = await seedGeneratedCollection(database.prisma));
}, 60_000);
afterAll(() => database.dispose());

describe("a run's stored rows are the same as before batched writes", () => {
  for (const [index, testCase] of CASES.entries()) {
    it(testCase.name, async () => {
      const config = retrievalConfigSchema.parse(testCase.config);
      const runId = await evaluate(database.prisma, { config, mode: testCase.mode, name: `case ${index}` });
      const digests = await storedRunDigests(database.prisma, runId);
      console.info(`${testCase.name}: ${JSON.stringify(digests)}`);
      expect(digests.rows).toBeGreaterThan(0);
      expect(digests).toEqual(EXPECTED[testCase.name]);
    }, 60_000);
  }
});

async function evaluate(prisma: Db, options: { config: RetrievalConfig; mode: ScoringMode; name: string }) {
  const { runId } = await createRun(prisma, {
    setId,
    configName: options.name,
    config: options.config,
    coverage: 1,
    mode: options.mode,
    userId: null,
  });
  await drainJobs(prisma, { services: testRunServices() });
  const run = await prisma.run.findUniqueOrThrow({
    where: { id: runId },
    select: { status: true, error: true },
  });
  expect(run).toEqual({ status: "succeeded", error: null });
  return runId;
}

/**
 * sha256 of the run's rows in a canonical order, with database ids replaced by what they name
 * (query keys, document external ids), JSON with sorted keys.
 */
async function storedRunDigests(prisma: Db, runId: string) {
  const documents = new Map(
    (await prisma.document.findMany({ select: { id: true, externalId: true } })).map((row) => [
      row.id,
      row.externalId,
    ]),
  );
  const results = await prisma.runResult.findMany({
    where: { runId },
    select: {
      query: { select: { key: true } },
      rank: true,
      documentId: true,
      start: true,
      end: true,
      chunkHash: true,
      score: true,
    },
  });
  const resultLines = results
    .map((row) =>
      canonicalJson([
        row.query.key,
        row.rank,
        documents.get(row.documentId),
        row.start,
        row.end,
        row.chunkHash,
        row.score,
      ]),
    )
    .sort();
  const metrics = await prisma.runQueryMetric.findMany({
    where: { runId },
    select: { query: { select: { key: true } }, metrics: true, relevant: true, excluded: true },
  });
  const metricLines = metrics
    .map((row) => canonicalJson([row.query.key, row.metrics, row.relevant, row.excluded]))
    .sort();
  const run = await prisma.run.findUniqueOrThrow({
    where: { id: runId },
    select: { metrics: true, resolution: true },
  });
  return {
    results: sha256(resultLines.join("\n")),
    perQuery: sha256(metricLines.join("\n")),
    run: sha256(canonicalJson(run)),
    rows: results.length,
  };
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
