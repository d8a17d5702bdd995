import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { computePerQueryDeltas } from "@/lib/eval/statistics/per-query-deltas";

describe("computePerQueryDeltas", () => {
  const pairs = [
    { queryId: "q1", baseline: 0.5, candidate: 0.75 },
    { queryId: "q2", baseline: 1, candidate: 0.5 },
    { queryId: "q3", baseline: 0.25, candidate: 0.25 },
    { queryId: "q4", baseline: 0, candidate: 0.005 },
  ];

  it("counts wins, losses and ties and averages the deltas", () => {
    const result = computePerQueryDeltas({ pairs });
    expect(result).toMatchObject({ wins: 2, losses: 1, ties: 1 });
    expect(result.meanDelta).toBeCloseTo((0.25 - 0.5 + 0 + 0.005) / 4, 12);
    expect(result.deltas.map((row) => row.outcome)).toEqual(["win", "loss", "tie", "win"]);
    expect(result.deltas[1]).toEqual({
      queryId: "q2",
      baseline: 1,
      candidate: 0.5,
      delta: -0.5,
      outcome: "loss",
    });
  });

  it("calls moves within the tolerance ties, and floating-point noise a tie by default", () => {
    expect(computePerQueryDeltas({ pairs, tolerance: 0.01 })).toMatchObject({ wins: 1, losses: 1, ties: 2 });
    const noisy = [{ queryId: "q", baseline: 0.1 + 0.2, candidate: 0.3 }];
    expect(computePerQueryDeltas({ pairs: noisy }).ties).toBe(1);
    expect(computePerQueryDeltas({ pairs: noisy, tolerance: 0 }).losses).toBe(1);
  });

  it("handles no pairs and rejects duplicates, NaN and a negative tolerance", () => {
    expect(computePerQueryDeltas({ pairs: [] })).toEqual({
      deltas: [],
      wins: 0,
      losses: 0,
      ties: 0,
      meanDelta: 0,
    });
    expect(() => computePerQueryDeltas({ pairs: [pairs[0]!, pairs[0]!] })).toThrowError(AppError);
    expect(() =>
      computePerQueryDeltas({ pairs: [{ queryId: "q", baseline: Number.NaN, candidate: 1 }] }),
    ).toThrowError(AppError);
    expect(() => computePerQueryDeltas({ pairs, tolerance: -1 })).toThrowError(AppError);
  });
});
