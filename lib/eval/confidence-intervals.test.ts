import { describe, expect, it } from "vitest";
import { computeConfidenceIntervals } from "@/lib/eval/confidence-intervals";
import type { QueryMetrics } from "@/lib/eval/label-metrics";
import { bootstrapConfidenceInterval } from "@/lib/eval/statistics/bootstrap-confidence-interval";

function query(recall: number, reciprocalRank: number): QueryMetrics {
  return {
    recall: { 5: recall },
    ndcg: { 5: recall },
    precision: { 5: recall / 5 },
    hit: { 5: recall > 0 ? 1 : 0 },
    judged: { 5: 1 },
    partialRecall: { 5: recall },
    reciprocalRank,
    averagePrecision: reciprocalRank,
    relevantCount: 1,
    splitLabelIds: [],
  };
}

describe("computeConfidenceIntervals", () => {
  it("brackets each mean and collapses when every query agrees", () => {
    const varied = computeConfidenceIntervals({
      perQuery: [query(0, 0), query(1, 1), query(0.5, 0.5), query(1, 0.25)],
      ks: [5],
    });
    const recall = varied["recall@5"];
    expect(recall?.lower).toBeLessThanOrEqual(0.625);
    expect(recall?.upper).toBeGreaterThanOrEqual(0.625);
    expect(recall?.lower).toBeGreaterThanOrEqual(0);
    const constant = computeConfidenceIntervals({ perQuery: [query(1, 1), query(1, 1)], ks: [5] });
    expect(constant.mrr).toEqual({ lower: 1, upper: 1 });
  });

  it("is empty without queries and reproducible with them", () => {
    expect(computeConfidenceIntervals({ perQuery: [], ks: [5] })).toEqual({});
    const perQuery = [query(0, 0), query(1, 1), query(0.5, 0.2)];
    expect(computeConfidenceIntervals({ perQuery, ks: [5] })).toEqual(
      computeConfidenceIntervals({ perQuery, ks: [5] }),
    );
  });
});

describe("computeConfidenceIntervals of the context-budget measures", () => {
  it("brackets the means of context recall, precision and IoU when given them", () => {
    const context = [
      { recall: 0, precision: 0, iou: 0 },
      { recall: 1, precision: 0.5, iou: 0.5 },
      { recall: 0.5, precision: 0.25, iou: 0.2 },
    ];
    const intervals = computeConfidenceIntervals({
      perQuery: [query(0, 0), query(1, 1), query(1, 1)],
      ks: [5],
      context,
    });
    expect(intervals.context_recall?.lower).toBeLessThanOrEqual(0.5);
    expect(intervals.context_recall?.upper).toBeGreaterThanOrEqual(0.5);
    expect(intervals.context_iou?.upper).toBeLessThanOrEqual(0.5);
    expect(intervals.context_precision).toBeDefined();
    expect(computeConfidenceIntervals({ perQuery: [query(1, 1)], ks: [5] }).context_recall).toBeUndefined();
  });
});

describe("computeConfidenceIntervals, all series in one bootstrap", () => {
  it("gives each measure the interval of its own bootstrap", () => {
    const perQuery = [query(0, 0), query(1, 1), query(0.5, 0.5), query(1, 0.25), query(0.2, 1)];
    const context = perQuery.map((_, index) => ({
      recall: index / 5,
      precision: 1 - index / 5,
      iou: index / 10,
    }));
    const intervals = computeConfidenceIntervals({ perQuery, ks: [5], context });
    const alone = (values: number[]) => {
      const interval = bootstrapConfidenceInterval({ values });
      return interval && { lower: interval.lower, upper: interval.upper };
    };
    expect(intervals["recall@5"]).toEqual(alone(perQuery.map((metrics) => metrics.recall[5] ?? 0)));
    expect(intervals.mrr).toEqual(alone(perQuery.map((metrics) => metrics.reciprocalRank)));
    expect(intervals.context_precision).toEqual(alone(context.map((value) => value.precision)));
  });
});
