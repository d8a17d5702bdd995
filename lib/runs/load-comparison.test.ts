import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readComparedMeasures } from "@/lib/comparisons/compared-measures";
import { parseComparisonParams } from "@/lib/comparisons/comparison-params";
import { REPORTED_KS } from "@/lib/configs/config-schema";
import { loadRankingsOfRuns } from "@/lib/db/comparisons";
import { createGoldenSet } from "@/lib/db/golden-sets";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors";
import { compareRuns } from "@/lib/eval/compare-runs";
import { parseStoredQueryMetrics } from "@/lib/eval/query-measure-values";
import { parseRunMetrics } from "@/lib/eval/run-report-schema";
import { loadComparison } from "@/lib/runs/load-comparison";
import { type SeededComparison, seedComparison } from "@/lib/runs/testing/seed-comparison";

const database = createTestDatabase();
const prisma = database.prisma;
let seeded: SeededComparison;
let other: SeededComparison;

beforeAll(async () => {
  seeded = await seedComparison(prisma, { queries: 40, runs: 4, documents: 30, seed: 3 });
  other = await seedComparison(prisma, { queries: 5, runs: 1, documents: 5, seed: 4 });
});
afterAll(() => database.dispose());

const load = (search: Record<string, string>, setId = seeded.setId) =>
  loadComparison(prisma, { setId, params: parseComparisonParams(search), permutations: 1_000 });

describe("loadComparison", () => {
  it("refuses an unknown set with not_found (the page shows the set's 404)", async () => {
    await expect(load({}, "no-such-set")).rejects.toSatisfy(
      (error: unknown) => error instanceof AppError && error.code === "not_found",
    );
  });

  it("says there is nothing to compare in a set without runs", async () => {
    const set = await createGoldenSet(prisma, {
      name: "Empty set",
      description: "",
      corpusId: seeded.corpusId,
    });
    const page = await load({}, set.id);
    expect(page.status).toBe("no-runs");
    expect(page.comparison).toBeNull();
  });

  it("asks to choose without a baseline, and defaults to the set's pinned baseline", async () => {
    const [baseline, run] = seeded.runIds;
    expect((await load({ runs: run ?? "" })).status).toBe("choose");
    await prisma.goldenSet.update({ where: { id: seeded.setId }, data: { baselineRunId: baseline ?? null } });
    try {
      const page = await load({ runs: run ?? "" });
      expect(page.status).toBe("ready");
      expect(page.state.baseline).toBe(baseline);
      expect(page.set.pinnedBaselineId).toBe(baseline);
    } finally {
      await prisma.goldenSet.update({ where: { id: seeded.setId }, data: { baselineRunId: null } });
    }
  });

  it("compares the stored per-query metrics with compareRuns, and recomputes recall curves equal to the stored means", async () => {
    const [baseline, ...runs] = seeded.runIds;
    const page = await load({ baseline: baseline ?? "", runs: runs.join(",") });
    expect(page.status).toBe("ready");
    const comparison = page.comparison;
    if (!comparison) throw new Error("no comparison");
    const rows = await prisma.runQueryMetric.findMany({ where: { runId: { in: seeded.runIds } } });
    const values = (runId: string) =>
      new Map(
        rows.flatMap((row) => {
          const measures = row.runId === runId ? readComparedMeasures(row) : null;
          // the context measures as the run stored them at the set's budget: the page recomputes
          // them at the comparison's budget (here the same), so they must agree
          const context = parseStoredQueryMetrics(row.metrics).context;
          return measures && context
            ? [
                [
                  row.queryId,
                  {
                    ...(measures as Record<string, number>),
                    context_recall: context.recall,
                    context_precision: context.precision,
                    context_iou: context.iou,
                  },
                ],
              ]
            : [];
        }),
      );
    const expected = compareRuns({
      baseline: values(baseline ?? ""),
      runs: runs.map((id) => ({ name: id, values: values(id) })),
      measures: [
        "recall@5",
        "recall@10",
        "mrr",
        "ndcg@10",
        "context_recall",
        "context_precision",
        "context_iou",
      ],
      permutations: 1_000,
    });
    // recomputed and stored context values may differ in the last bit of a double
    const rounded = (value: unknown) =>
      JSON.parse(
        JSON.stringify(value, (_key, entry) =>
          typeof entry === "number" ? Number(entry.toFixed(12)) : entry,
        ),
      );
    expect(rounded(comparison.results.map((result) => result.measures))).toEqual(
      rounded(expected.map((run) => run.measures)),
    );
    // 40 queries, every 25th without a relevant label: 39 compared
    expect(comparison.sharedQueries).toBe(39);
    for (const id of seeded.runIds) {
      const run = await prisma.run.findUniqueOrThrow({ where: { id } });
      const stored = parseRunMetrics(run.metrics);
      for (const k of REPORTED_KS) {
        expect(comparison.curves.recall[id]?.[String(k)]).toBeCloseTo(stored?.recall[String(k)] ?? -1, 12);
      }
    }
    expect(comparison.queryRows).toHaveLength(39);
    expect(comparison.breakdown.map((group) => group.name)).toContain("error-code");
    expect(comparison.configs[0]?.changes.map((change) => change.path)).toEqual(["retriever.b"]);
  });

  it("explains, instead of failing, a run of another set, an unknown run, an unfinished run and too many runs", async () => {
    const [baseline, ...runs] = seeded.runIds;
    const foreign = other.runIds[0] ?? "";
    const queued = await prisma.run.create({
      data: {
        goldenSetId: seeded.setId,
        goldenSetVersionId: (await prisma.run.findUniqueOrThrow({ where: { id: baseline ?? "" } }))
          .goldenSetVersionId,
        configId: (await prisma.run.findUniqueOrThrow({ where: { id: baseline ?? "" } })).configId,
        status: "queued",
      },
    });
    const page = await load({
      baseline: baseline ?? "",
      runs: [foreign, "nope", queued.id, ...runs].join(","),
    });
    expect(page.status).toBe("ready");
    expect(page.state.runs).toEqual(runs);
    expect(page.notices).toEqual([
      `Run ${foreign} is not a run of this set; it was left out.`,
      "Run nope is not a run of this set; it was left out.",
      expect.stringMatching(/^Run Synthetic 0 v\d+ has no results \(queued\); it was left out\.$/),
    ]);
    await prisma.run.delete({ where: { id: queued.id } });

    const eight = await seedComparison(prisma, { queries: 3, runs: 8, documents: 3, seed: 5 });
    const [first, ...rest] = eight.runIds;
    const many = await load({ baseline: first ?? "", runs: [...rest, first ?? ""].join(",") }, eight.setId);
    expect(many.state.runs).toEqual(rest.slice(0, 6));
    expect(many.notices).toEqual(["A comparison shows at most 6 runs: the first 6 are shown."]);
    expect(many.comparison?.results).toHaveLength(6);
  });

  it("hides archived runs from the picker unless asked, but keeps a chosen one", async () => {
    const [baseline, archived] = seeded.runIds;
    await prisma.run.update({ where: { id: archived ?? "" }, data: { archivedAt: new Date() } });
    try {
      const hidden = await load({});
      expect(hidden.picker.map((run) => run.id)).not.toContain(archived);
      expect(hidden.hiddenArchived).toBe(1);
      const shown = await load({ archived: "1" });
      expect(shown.picker.find((run) => run.id === archived)?.archived).toBe(true);
      const chosen = await load({ baseline: baseline ?? "", runs: archived ?? "" });
      expect(chosen.picker.map((run) => run.id)).toContain(archived);
      expect(chosen.status).toBe("ready");
    } finally {
      await prisma.run.update({ where: { id: archived ?? "" }, data: { archivedAt: null } });
    }
  });

  it("opens a query's passages in the baseline and the chosen run, and explains an unknown query", async () => {
    const [baseline, first, second] = seeded.runIds;
    const queryId = seeded.queryIds[1] ?? "";
    const page = await load({
      baseline: baseline ?? "",
      runs: `${first},${second}`,
      query: queryId,
      against: second ?? "",
    });
    expect(page.passages?.runId).toBe(second);
    expect(page.passages?.data.sides.map((side) => [side.runId, side.passages.length])).toEqual([
      [baseline, 20],
      [second, 20],
    ]);
    const relevant = page.passages?.data.sides.flatMap((side) =>
      side.passages.filter((passage) => passage.judgement === "relevant"),
    );
    const labels = await prisma.label.count({ where: { queryId } });
    expect(page.passages?.data.labels).toHaveLength(labels);
    for (const passage of relevant ?? []) expect(passage.labels.length).toBeGreaterThan(0);
    expect(page.passages?.data.sides[0]?.passages[0]?.changed).toBe(false);

    const defaulted = await load({
      baseline: baseline ?? "",
      runs: `${first},${second}`,
      query: queryId,
      against: "other",
    });
    expect(defaulted.passages?.runId).toBe(first);
    const unknown = await load({ baseline: baseline ?? "", runs: first ?? "", query: "nope" });
    expect(unknown.passages).toBeNull();
    expect(unknown.notices).toEqual(["Query nope is not in this set."]);
  });
});

describe("loadRankingsOfRuns", () => {
  it("returns each run's rankings in rank order, as the stored rows say", async () => {
    const runIds = seeded.runIds.slice(0, 2);
    const rankings = await loadRankingsOfRuns(prisma, { runIds, maxRank: 5 });
    const rows = await prisma.runResult.findMany({
      where: { runId: { in: runIds }, rank: { lte: 5 } },
      orderBy: { rank: "asc" },
    });
    for (const runId of runIds) {
      for (const queryId of seeded.queryIds) {
        expect(rankings.get(runId)?.get(queryId)).toEqual(
          rows
            .filter((row) => row.runId === runId && row.queryId === queryId)
            .map(({ documentId, start, end }) => ({ documentId, start, end })),
        );
      }
    }
  });
});
