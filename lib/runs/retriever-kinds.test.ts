import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultRetrievalConfig, defaultRetrievers, type RetrieverConfig } from "@/lib/configs/config-schema";
import type { Db } from "@/lib/db/client";
import type { TestDatabase } from "@/lib/db/testing/test-database";
import { createDemoTestDatabase } from "@/lib/demo/testing/demo-test-database";
import { parseRunMetrics, parseRunResolution } from "@/lib/eval/run-report-schema";
import { createRun } from "@/lib/runs/create-run";
import { drainJobs } from "@/lib/worker/worker";

// Each retriever kind end to end on the demo set: createRun → the durable job → stored metrics.

let demo: TestDatabase;
let prisma: Db;
let setId: string;
let userId: string;

beforeAll(async () => {
  demo = await createDemoTestDatabase();
  prisma = demo.prisma;
  setId = (await prisma.goldenSet.findFirstOrThrow()).id;
  userId = (await prisma.user.findFirstOrThrow({ where: { role: "engineer" } })).id;
}, 120_000);

afterAll(async () => {
  await demo.dispose();
});

async function evaluate(name: string, retriever: RetrieverConfig, scoreThreshold: number | null = null) {
  const { runId } = await createRun(prisma, {
    setId,
    configName: name,
    config: { ...defaultRetrievalConfig, retriever, scoreThreshold },
    coverage: 1,
    userId,
  });
  await drainJobs(prisma);
  const run = await prisma.run.findUniqueOrThrow({ where: { id: runId }, include: { queryMetrics: true } });
  return { run, metrics: parseRunMetrics(run.metrics), resolution: parseRunResolution(run.resolution) };
}

describe("retriever kinds on the demo set", () => {
  it("evaluates bm25, dense (LSA) and hybrid (RRF) with zero orphaned labels and recall above zero", async () => {
    const kinds = {
      bm25: defaultRetrievers.bm25,
      lsa: defaultRetrievers.dense,
      "hybrid-rrf": defaultRetrievers.hybrid,
    } satisfies Record<string, RetrieverConfig>;
    const summary: Record<string, { recallAt5: number; mrr: number; meanReturned: number }> = {};
    for (const [name, retriever] of Object.entries(kinds)) {
      const { run, metrics, resolution } = await evaluate(`kinds ${name}`, retriever);
      expect(run.status, run.error ?? "").toBe("succeeded");
      expect(resolution?.counts.orphaned).toBe(0);
      expect(metrics?.evaluated).toBeGreaterThanOrEqual(40);
      expect(metrics?.recall[5]).toBeGreaterThan(0);
      expect(metrics?.mrr).toBeGreaterThan(0);
      expect(metrics?.meanReturned).toBeGreaterThan(0);
      expect(metrics?.meanReturned).toBeLessThanOrEqual(defaultRetrievalConfig.topK);
      summary[name] = {
        recallAt5: metrics?.recall[5] ?? 0,
        mrr: metrics?.mrr ?? 0,
        meanReturned: metrics?.meanReturned ?? 0,
      };
    }
    console.info("demo set, 400/80 chars, top 20:", JSON.stringify(summary));
  }, 120_000);

  it("records per query how many results survived the score threshold", async () => {
    // BM25 scores on the demo are mostly a few units; a threshold of 8 drops many of them.
    const { metrics, run } = await evaluate("kinds bm25 threshold", defaultRetrievers.bm25, 8);
    const returned = run.queryMetrics.map((row) => (row.metrics as { returned?: number }).returned);
    expect(returned.every((count) => typeof count === "number")).toBe(true);
    const counts = returned as number[];
    const stored = await prisma.runResult.groupBy({
      by: ["queryId"],
      where: { runId: run.id },
      _count: true,
    });
    const storedByQuery = new Map(stored.map((row) => [row.queryId, row._count]));
    for (const row of run.queryMetrics) {
      expect((row.metrics as { returned: number }).returned).toBe(storedByQuery.get(row.queryId) ?? 0);
    }
    const mean = counts.reduce((sum, count) => sum + count, 0) / counts.length;
    expect(metrics?.meanReturned).toBeCloseTo(mean, 10);
    expect(mean).toBeGreaterThan(0);
    expect(mean).toBeLessThan(defaultRetrievalConfig.topK);
  }, 120_000);
});
