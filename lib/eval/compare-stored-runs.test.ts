import { describe, expect, it } from "vitest";
import { compareStoredRuns, type StoredQueryRow } from "@/lib/eval/compare-stored-runs";

function row(queryId: string, recall5: number, mrr: number, judged10?: number): StoredQueryRow {
  return {
    queryId,
    excluded: false,
    metrics: {
      recall: { 5: recall5 },
      reciprocalRank: mrr,
      ...(judged10 === undefined ? {} : { judged: { 10: judged10 } }),
    },
  };
}

describe("compareStoredRuns", () => {
  const baseline = [
    row("q1", 0, 0.5, 0.2),
    row("q2", 1, 1, 0.4),
    row("q3", 0.5, 0.25, 0.6),
    { queryId: "q4", excluded: true, metrics: { returned: 20 } },
  ];
  const run = [row("q1", 1, 1, 0.5), row("q2", 1, 1, 0.5), row("q3", 1, 0.5, 0.5), row("q4", 1, 1, 1)];

  it("compares the measures on the queries both runs evaluated", () => {
    const comparison = compareStoredRuns({
      baseline,
      run,
      tested: ["recall@5", "mrr"],
      described: ["judged@10"],
    });
    expect(comparison.queries).toBe(3); // q4 was excluded from the baseline
    expect(comparison.tested["recall@5"]).toMatchObject({
      baseline: 0.5,
      mean: 1,
      delta: 0.5,
      wins: 2,
      ties: 1,
    });
    expect(comparison.tested.mrr?.delta).toBeCloseTo(0.25, 12);
    expect(Object.keys(comparison.tested)).toEqual(["recall@5", "mrr"]);
    // judged@10 is described only
    expect(comparison.described["judged@10"]?.baseline).toBeCloseTo(0.4, 12);
    expect(comparison.described["judged@10"]?.delta).toBeCloseTo(0.1, 12);
  });

  it("leaves out a measure one run did not store instead of comparing it as 0", () => {
    const older = baseline.map((entry) =>
      entry.excluded ? entry : { ...entry, metrics: { recall: { 5: 1 }, reciprocalRank: 1 } },
    );
    const comparison = compareStoredRuns({
      baseline: older,
      run,
      tested: ["recall@5", "ndcg@10"],
      described: ["judged@10"],
    });
    expect(Object.keys(comparison.tested)).toEqual(["recall@5"]);
    expect(comparison.described).toEqual({});
  });

  it("has nothing to compare without shared queries", () => {
    const comparison = compareStoredRuns({
      baseline: [row("a", 1, 1)],
      run: [row("b", 1, 1)],
      tested: ["mrr"],
    });
    expect(comparison).toEqual({ queries: 0, tested: {}, described: {} });
  });
});
