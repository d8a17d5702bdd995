import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { meanQueryMetrics, type QueryMetrics } from "@/lib/eval/label-metrics";

const ks = [1, 3, 5, 10, 20];

describe("meanQueryMetrics", () => {
  const atKs = (values: number[]) => Object.fromEntries(ks.map((k, index) => [k, values[index] ?? 0]));
  const metrics = (recallAt: number[], reciprocalRank: number, averagePrecision = 0): QueryMetrics => ({
    recall: atKs(recallAt),
    ndcg: atKs(recallAt.map((value) => value / 2)),
    precision: atKs(recallAt.map((value) => value / 4)),
    hit: atKs(recallAt.map((value) => (value > 0 ? 1 : 0))),
    judged: atKs(recallAt.map((value) => (value + 1) / 2)),
    partialRecall: atKs(recallAt),
    reciprocalRank,
    averagePrecision,
    relevantCount: 1,
    splitLabelIds: [],
  });

  it("averages evaluated queries and counts excluded ones separately", () => {
    const perQuery = [
      metrics([0, 1 / 3, 1 / 3, 2 / 3, 1], 1 / 3, 0.25),
      null,
      metrics([1, 1, 1, 1, 1], 1, 0.75),
      null,
    ];
    const mean = meanQueryMetrics({ perQuery, ks });
    expect(mean.evaluated).toBe(2);
    expect(mean.excluded).toBe(2);
    expect(mean.mrr).toBeCloseTo(2 / 3, 12);
    expect(mean.recall[1]).toBe(0.5);
    expect(mean.recall[3]).toBeCloseTo(2 / 3, 12);
    expect(mean.recall[10]).toBeCloseTo(5 / 6, 12);
    expect(mean.recall[20]).toBe(1);
    expect(mean.map).toBe(0.5);
    expect(mean.ndcg[1]).toBe(0.25);
    expect(mean.precision[20]).toBe(0.25);
    expect(mean.hit).toEqual({ 1: 0.5, 3: 1, 5: 1, 10: 1, 20: 1 });
    expect(mean.judged[1]).toBe(0.75);
    expect(mean.judged[20]).toBe(1);
  });

  it("reports zeros with evaluated = 0 when every query was excluded", () => {
    expect(meanQueryMetrics({ perQuery: [null, null], ks: [1, 5] })).toEqual({
      recall: { 1: 0, 5: 0 },
      ndcg: { 1: 0, 5: 0 },
      precision: { 1: 0, 5: 0 },
      hit: { 1: 0, 5: 0 },
      judged: { 1: 0, 5: 0 },
      partialRecall: { 1: 0, 5: 0 },
      mrr: 0,
      map: 0,
      evaluated: 0,
      excluded: 2,
    });
  });

  it("refuses to average a k the queries were not scored at", () => {
    expect(() => meanQueryMetrics({ perQuery: [metrics([1], 1)], ks: [7] })).toThrowError(AppError);
  });
});
