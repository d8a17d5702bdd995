import { describe, expect, it } from "vitest";
import { computeRankMeasures } from "@/lib/eval/rank-measures";

describe("computeRankMeasures", () => {
  // Label 0 (grade 2) at rank 1, label 1 (grade 1) at rank 3; ranks 2 and 4 satisfy nothing.
  const twoHits = {
    satisfiedByRank: [[0], [], [1], []],
    grades: [2, 1],
    relevantThreshold: 1,
    ks: [1, 2, 4, 10],
  };

  it("computes every measure by hand, k beyond the ranking included", () => {
    const measures = computeRankMeasures(twoHits);
    expect(measures.recall).toEqual({ 1: 0.5, 2: 0.5, 4: 1, 10: 1 });
    // P@k divides by k even past the end of the ranking, like trec_eval's P_k.
    expect(measures.precision).toEqual({ 1: 1, 2: 0.5, 4: 0.5, 10: 0.2 });
    expect(measures.hit).toEqual({ 1: 1, 2: 1, 4: 1, 10: 1 });
    expect(measures.reciprocalRank).toBe(1);
    expect(measures.averagePrecision).toBeCloseTo((1 / 1 + 2 / 3) / 2, 12);
    // The ideal DCG is cut at k too: at k = 1 it holds only the top grade.
    const ideal = 2 + 1 / Math.log2(3);
    expect(measures.ndcg[1]).toBe(1);
    expect(measures.ndcg[2]).toBeCloseTo(2 / ideal, 12);
    expect(measures.ndcg[4]).toBeCloseTo((2 + 1 / 2) / ideal, 12);
    expect(measures.ndcg[10]).toBeCloseTo((2 + 1 / 2) / ideal, 12);
  });

  it("scores an empty ranking 0 everywhere", () => {
    const measures = computeRankMeasures({ ...twoHits, satisfiedByRank: [] });
    expect(measures).toEqual({
      recall: { 1: 0, 2: 0, 4: 0, 10: 0 },
      ndcg: { 1: 0, 2: 0, 4: 0, 10: 0 },
      precision: { 1: 0, 2: 0, 4: 0, 10: 0 },
      hit: { 1: 0, 2: 0, 4: 0, 10: 0 },
      reciprocalRank: 0,
      averagePrecision: 0,
    });
  });

  it("gives grade-0 labels no nDCG gain even when the threshold makes them relevant", () => {
    const measures = computeRankMeasures({
      satisfiedByRank: [[0]],
      grades: [0],
      relevantThreshold: 0,
      ks: [1],
    });
    expect(measures).toMatchObject({ recall: { 1: 1 }, precision: { 1: 1 }, ndcg: { 1: 0 } });
  });

  it("lets a below-threshold label earn nDCG gain but nothing else", () => {
    // Rank 1 satisfies only the grade-1 label; the threshold is 2.
    const measures = computeRankMeasures({
      satisfiedByRank: [[1], [0]],
      grades: [3, 1],
      relevantThreshold: 2,
      ks: [1, 2],
    });
    expect(measures).toMatchObject({
      recall: { 1: 0, 2: 1 },
      precision: { 1: 0, 2: 0.5 },
      hit: { 1: 0, 2: 1 },
      reciprocalRank: 0.5,
      averagePrecision: 0.5,
    });
    const ideal = 3 + 1 / Math.log2(3);
    expect(measures.ndcg[1]).toBeCloseTo(1 / 3, 12);
    expect(measures.ndcg[2]).toBeCloseTo((1 + 3 / Math.log2(3)) / ideal, 12);
  });
});
