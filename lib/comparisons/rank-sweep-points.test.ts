import { describe, expect, it } from "vitest";
import { rankSweepPoints, type SweepPointInput } from "./rank-sweep-points";

/** A point whose queries q0…q(n−1) have these measures. */
function point(runId: string, perQuery: Record<string, number>[]): SweepPointInput {
  return { runId, values: new Map(perQuery.map((measures, index) => [`q${index}`, measures])) };
}

// q0, q1 dev; q2, q3 holdout.
const splits = new Map([
  ["q0", "dev"],
  ["q1", "dev"],
  ["q2", "holdout"],
  ["q3", "holdout"],
]);
const splitOf = (queryId: string) => splits.get(queryId);

describe("rankSweepPoints", () => {
  it("ranks by context recall by default, not by recall@10 (which favours the longer chunks)", () => {
    const small = point("small", [
      { "recall@10": 0.5, context_recall: 0.6 },
      { "recall@10": 0.5, context_recall: 0.6 },
    ]);
    const large = point("large", [
      { "recall@10": 0.9, context_recall: 0.4 },
      { "recall@10": 0.9, context_recall: 0.4 },
    ]);
    const ranking = rankSweepPoints({ points: [small, large], splitOf: () => null });
    expect(ranking.measure).toBe("context_recall");
    expect(ranking.fallback).toBeNull();
    expect(ranking.split).toBe(false);
    expect(ranking.best).toMatchObject({ runId: "small", all: 0.6, dev: null, holdout: null, gap: null });
    expect(ranking.available).toEqual(["context_recall", "recall@10"]);
  });

  it("falls back to recall@10 when the runs have no context metrics, and says so", () => {
    const ranking = rankSweepPoints({
      points: [point("a", [{ "recall@10": 0.2 }]), point("b", [{ "recall@10": 0.7 }])],
      splitOf: () => null,
    });
    expect(ranking.measure).toBe("recall@10");
    expect(ranking.fallback?.asked).toBe("context_recall");
    expect(ranking.fallback?.reason).toMatch(/no context-budget metrics/);
    expect(ranking.best?.runId).toBe("b");
  });

  it("takes the engineer's measure, and falls back when a point lacks it", () => {
    const points = [
      point("a", [{ mrr: 0.9, context_recall: 0.1, "recall@10": 0.1 }]),
      point("b", [{ mrr: 0.2, context_recall: 0.5, "recall@10": 0.5 }]),
    ];
    expect(rankSweepPoints({ points, splitOf: () => null, measure: "mrr" }).best?.runId).toBe("a");
    const missing = rankSweepPoints({ points, splitOf: () => null, measure: "ndcg@10" });
    expect(missing.measure).toBe("context_recall");
    expect(missing.fallback?.reason).toMatch(/not every point has ndcg@10/);
  });

  it("on a split set, chooses on dev only and reports the winner's holdout numbers and gap", () => {
    // "lucky" wins on dev by chance and loses on holdout; "steady" is better on all queries.
    const lucky = point("lucky", [
      { context_recall: 0.9 },
      { context_recall: 0.9 },
      { context_recall: 0.1 },
      { context_recall: 0.1 },
    ]);
    const steady = point("steady", [
      { context_recall: 0.6 },
      { context_recall: 0.6 },
      { context_recall: 0.6 },
      { context_recall: 0.6 },
    ]);
    const ranking = rankSweepPoints({ points: [steady, lucky], splitOf });
    expect(ranking.split).toBe(true);
    expect(ranking.best?.runId).toBe("lucky");
    expect(ranking.best?.dev).toBeCloseTo(0.9);
    expect(ranking.best?.holdout).toBeCloseTo(0.1);
    expect(ranking.best?.gap).toBeCloseTo(0.8);
    expect(ranking.points.find((entry) => entry.runId === "steady")).toMatchObject({
      dev: 0.6,
      holdout: 0.6,
      rankedBy: 0.6,
    });
  });

  it("keeps the first point in grid order on a tie, and has no best when nothing is evaluated", () => {
    const tie = rankSweepPoints({
      points: [point("first", [{ context_recall: 0.5 }]), point("second", [{ context_recall: 0.5 }])],
      splitOf: () => null,
    });
    expect(tie.best?.runId).toBe("first");
    const none = rankSweepPoints({ points: [point("queued", [])], splitOf: () => null });
    expect(none.best).toBeNull();
    expect(none.points[0]?.all).toBeNull();
  });
});
