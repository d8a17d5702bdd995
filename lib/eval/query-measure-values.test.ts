import { describe, expect, it } from "vitest";
import { parseStoredQueryMetrics, queryMeasureValues, sharedMeasures } from "@/lib/eval/query-measure-values";

describe("queryMeasureValues", () => {
  it("flattens stored per-query metrics to measure names", () => {
    const stored = parseStoredQueryMetrics({
      recall: { 1: 0, 5: 1 },
      ndcg: { 10: 0.63 },
      judged: { 10: 0.4 },
      reciprocalRank: 0.5,
      averagePrecision: 0.25,
      returned: 20,
    });
    expect(queryMeasureValues(stored)).toEqual({
      "recall@1": 0,
      "recall@5": 1,
      "ndcg@10": 0.63,
      "judged@10": 0.4,
      mrr: 0.5,
      map: 0.25,
    });
  });

  it("leaves out what a run did not store, and reads an excluded query as empty", () => {
    expect(queryMeasureValues(parseStoredQueryMetrics({ returned: 3 }))).toEqual({});
    expect(queryMeasureValues(parseStoredQueryMetrics("not metrics"))).toEqual({});
    expect(queryMeasureValues(parseStoredQueryMetrics({ recall: { 5: 1 } }))).not.toHaveProperty("judged@5");
  });
});

describe("sharedMeasures", () => {
  it("keeps the measures every query has", () => {
    const shared = sharedMeasures([
      { "recall@5": 1, mrr: 1, "judged@5": 1 },
      { "recall@5": 0, mrr: 0 },
    ]);
    expect([...shared].sort()).toEqual(["mrr", "recall@5"]);
    expect(sharedMeasures([]).size).toBe(0);
  });
});
