import { describe, expect, it } from "vitest";
import { measuresAvailable, readComparedMeasures } from "./compared-measures";

describe("readComparedMeasures", () => {
  it("reads recall@5, recall@10, reciprocal rank and nDCG@10 from a stored row", () => {
    const metrics = {
      recall: { "5": 0.5, "10": 1 },
      ndcg: { "10": 0.61 },
      reciprocalRank: 0.25,
      returned: 20,
    };
    expect(readComparedMeasures({ metrics, excluded: false })).toEqual({
      "recall@5": 0.5,
      "recall@10": 1,
      mrr: 0.25,
      "ndcg@10": 0.61,
    });
  });

  it("gives null for an excluded query: it has no value, and is never compared as 0", () => {
    expect(readComparedMeasures({ metrics: { returned: 3 }, excluded: true })).toBeNull();
    expect(readComparedMeasures({ metrics: null, excluded: false })).toBeNull();
  });

  it("leaves out a measure the run did not store (nDCG before graded metrics)", () => {
    expect(
      readComparedMeasures({ metrics: { recall: { "5": 1, "10": 1 }, reciprocalRank: 1 }, excluded: false }),
    ).toEqual({
      "recall@5": 1,
      "recall@10": 1,
      mrr: 1,
    });
  });
});

describe("measuresAvailable", () => {
  it("keeps only the measures every run has for every query it evaluated", () => {
    const full = new Map([["q1", { "recall@5": 1, "recall@10": 1, mrr: 1, "ndcg@10": 1 }]]);
    const old = new Map([["q1", { "recall@5": 1, "recall@10": 1, mrr: 1 }]]);
    expect(measuresAvailable([full, full])).toEqual(["recall@5", "recall@10", "mrr", "ndcg@10"]);
    expect(measuresAvailable([full, old])).toEqual(["recall@5", "recall@10", "mrr"]);
  });
});
