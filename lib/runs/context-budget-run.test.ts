import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retrievalConfigSchema } from "@/lib/configs/config-schema";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors";
import { parseStoredQueryMetrics } from "@/lib/eval/query-measure-values";
import { runMetricsSchema, type ScoringMode } from "@/lib/eval/run-report-schema";
import { contextMetricsAtBudget } from "@/lib/runs/context-at-budget";
import { createRun } from "@/lib/runs/create-run";
import { CONTEXT_FIXTURE_CONFIG, seedContextFixture } from "@/lib/runs/testing/context-budget-fixture";
import { testRunServices } from "@/lib/runs/testing/test-run-services";
import { drainJobs } from "@/lib/worker/worker";

// A real run (createRun → the job → executeRun) on the hand-made fixture of
// lib/runs/testing/context-budget-fixture.ts, whose context measures are worked out there.
const database = createTestDatabase();
let setId = "";

beforeAll(async () => {
  ({ setId } = await seedContextFixture(database.prisma));
});
afterAll(() => database.dispose());

async function evaluate(options: { mode: ScoringMode; budgetChars?: number }) {
  const { prisma } = database;
  const { name, ...params } = CONTEXT_FIXTURE_CONFIG;
  const config = retrievalConfigSchema.parse(params);
  const { runId } = await createRun(prisma, {
    setId,
    configName: name,
    config,
    coverage: 1,
    mode: options.mode,
    budgetChars: options.budgetChars,
    userId: null,
  });
  await drainJobs(prisma, { services: testRunServices() });
  const run = await prisma.run.findUniqueOrThrow({
    where: { id: runId },
    include: { queryMetrics: { include: { query: { select: { key: true } } } } },
  });
  expect(run.error).toBeNull();
  const perQuery = new Map(
    run.queryMetrics.map((row) => [row.query.key, parseStoredQueryMetrics(row.metrics).context]),
  );
  return { run, metrics: runMetricsSchema.parse(run.metrics), perQuery };
}

const measures = (recall: number, precision: number, iou: number) => ({
  recall: expect.closeTo(recall, 12),
  precision: expect.closeTo(precision, 12),
  iou: expect.closeTo(iou, 12),
});

describe("a run's context-budget measures", () => {
  it("are stored per query and as means at the set's budget in label mode", async () => {
    const { run, metrics, perQuery } = await evaluate({ mode: "label" });
    expect(run.contextBudgetChars).toBe(200);
    expect(perQuery.get("q1")).toEqual(measures(1, 0.05, 0.05));
    expect(perQuery.get("q2")).toEqual(measures(0.5, 0.5, 1 / 3));
    expect(perQuery.get("q3")).toEqual(measures(0, 0, 0));
    expect(perQuery.get("q4")).toEqual(measures(0, 0, 0));
    expect(perQuery.get("q5")).toBeUndefined();
    expect(metrics.evaluated).toBe(4);
    expect(metrics.context).toEqual({ budgetChars: 200, ...measures(0.375, 0.1375, (0.05 + 1 / 3) / 4) });
    expect(metrics.meanResultChars).toBe(100);
    const interval = metrics.ci?.context_recall;
    expect(interval?.lower).toBeLessThanOrEqual(0.375);
    expect(interval?.upper).toBeGreaterThanOrEqual(0.375);
  });

  it("count each relevant document's whole text in document mode", async () => {
    const { metrics, perQuery } = await evaluate({ mode: "document" });
    expect(perQuery.get("q1")).toEqual(measures(0.5, 1, 0.5));
    expect(perQuery.get("q2")).toEqual(measures(0.5, 0.5, 1 / 3));
    expect(perQuery.get("q3")).toEqual(measures(0, 0, 0));
    expect(metrics.context).toEqual({ budgetChars: 200, ...measures(0.25, 0.375, (0.5 + 1 / 3) / 4) });
  });

  it("use the budget the run was created with, and recomputing at a run's budget gives what it stored", async () => {
    const small = await evaluate({ mode: "label", budgetChars: 120 });
    expect(small.run.contextBudgetChars).toBe(120);
    expect(small.perQuery.get("q1")).toEqual(measures(1, 10 / 120, 10 / 120));
    expect(small.perQuery.get("q2")).toEqual(measures(0.5, 100 / 120, 100 / 220));
    expect(small.metrics.context?.budgetChars).toBe(120);

    const label = await evaluate({ mode: "label" });
    const document = await evaluate({ mode: "document" });
    const runIds = [label.run.id, document.run.id, small.run.id];
    const at200 = await contextMetricsAtBudget(database.prisma, { runIds, budgetChars: 200 });
    const at120 = await contextMetricsAtBudget(database.prisma, { runIds, budgetChars: 120 });
    const byKey = (values: Map<string, unknown> | undefined, run: typeof label.run) =>
      new Map(run.queryMetrics.map((row) => [row.query.key, values?.get(row.queryId) ?? undefined]));
    for (const [stored, recomputed] of [
      [label, at200.get(label.run.id)],
      [document, at200.get(document.run.id)],
      [small, at120.get(small.run.id)],
    ] as const) {
      const values = byKey(recomputed, stored.run);
      // equal up to the database's JSON, which keeps ~16 significant digits
      for (const [key, context] of stored.perQuery)
        expect(values.get(key) ?? undefined).toEqual(
          context && measures(context.recall, context.precision, context.iou),
        );
      expect(values.get("q5")).toBeUndefined();
    }
    // the 200-character label run rescored at 120 characters is the 120-character run
    const label120 = byKey(at120.get(label.run.id), label.run);
    for (const [key, context] of small.perQuery)
      expect(label120.get(key) ?? undefined).toEqual(
        context && measures(context.recall, context.precision, context.iou),
      );
  });

  it("refuse a budget outside 100 to 1,000,000 whole characters before saving anything", async () => {
    const { name, ...params } = CONTEXT_FIXTURE_CONFIG;
    const config = retrievalConfigSchema.parse(params);
    const before = await database.prisma.run.count();
    for (const budgetChars of [99, 1_000_001, 250.5]) {
      const error = await createRun(database.prisma, {
        setId,
        configName: name,
        config,
        coverage: 1,
        budgetChars,
        userId: null,
      }).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).message).toMatch(/context budget/);
      expect((error as AppError).location).toEqual({ path: ["budgetChars"] });
    }
    expect(await database.prisma.run.count()).toBe(before);
    await expect(contextMetricsAtBudget(database.prisma, { runIds: [], budgetChars: 0 })).rejects.toThrow(
      /context budget/,
    );
  });
});
