import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retrievalConfigSchema } from "@/lib/configs/config-schema";
import { addModelLabels, createPeopleLabeledSet } from "@/lib/db/testing/model-labels-fixture";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { runMetricsSchema } from "@/lib/eval/run-report-schema";
import { createRun } from "@/lib/runs/create-run";
import { testRunServices } from "@/lib/runs/testing/test-run-services";
import { drainJobs } from "@/lib/worker/worker";

// A real run (createRun → the job → executeRun) says which model-judgments setting produced its
// numbers and how many of the labels it scored were a judge's.
const database = createTestDatabase();
let ids: Awaited<ReturnType<typeof createPeopleLabeledSet>>;

beforeAll(async () => {
  ids = await createPeopleLabeledSet(database.prisma);
  await addModelLabels(database.prisma, ids);
});
afterAll(() => database.dispose());

async function evaluate(modelJudgments: string) {
  const { prisma } = database;
  await prisma.goldenSet.update({ where: { id: ids.set }, data: { modelJudgments } });
  const config = retrievalConfigSchema.parse({
    chunking: { strategy: "document" },
    retriever: { kind: "bm25", k1: 0.9, b: 0.4 },
    topK: 10,
    scoreThreshold: null,
    reranker: null,
  });
  const { runId } = await createRun(prisma, {
    setId: ids.set,
    configName: "bm25 whole documents",
    config,
    coverage: 1,
    mode: "label",
    userId: null,
  });
  await drainJobs(prisma, { services: testRunServices() });
  const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
  expect(run.error).toBeNull();
  return runMetricsSchema.parse(run.metrics);
}

describe("a run's judgments", () => {
  it("counts no model label under ignore, and says so", async () => {
    const metrics = await evaluate("ignore");
    expect(metrics.judgments).toEqual({ policy: "any", modelJudgments: "ignore", modelLabels: 0 });
    expect(metrics.evaluated).toBe(1); // q1: ana's relevant d1 passage; q2 has no person's label
  });

  it("counts the judge's labels that fill holes under fill_holes", async () => {
    const metrics = await evaluate("fill_holes");
    // d1 6–10, d3 (q1) and d3 0–4 (q2); the judge's d1 0–5 and d2 are hidden by ana's labels
    expect(metrics.judgments).toEqual({ policy: "any", modelJudgments: "fill_holes", modelLabels: 3 });
    expect(metrics.evaluated).toBe(2);
  });

  it("counts every judge's label under model_only", async () => {
    const metrics = await evaluate("model_only");
    expect(metrics.judgments).toEqual({ policy: "any", modelJudgments: "model_only", modelLabels: 5 });
  });
});
