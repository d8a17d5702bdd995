import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { adjustHolmBonferroni } from "@/lib/eval/statistics/holm-bonferroni";

describe("adjustHolmBonferroni", () => {
  it("scales the i-th smallest by m − i + 1 and keeps the input order", () => {
    // Sorted: 0.005 × 4 = 0.02, 0.01 × 3 = 0.03, 0.03 × 2 = 0.06, 0.04 × 1 = 0.04 → 0.06 (monotone).
    const adjusted = adjustHolmBonferroni({ pValues: [0.01, 0.04, 0.03, 0.005] });
    expect(adjusted[0]).toBeCloseTo(0.03, 14);
    expect(adjusted[1]).toBeCloseTo(0.06, 14);
    expect(adjusted[2]).toBeCloseTo(0.06, 14);
    expect(adjusted[3]).toBeCloseTo(0.02, 14);
  });

  it("rejects what Holm's step-down procedure rejects in the worked example", () => {
    // The textbook example (Wikipedia, "Holm–Bonferroni method"): four hypotheses, α = 0.05.
    // Sorted, 0.005 < 0.05/4 and 0.01 < 0.05/3 are rejected; 0.03 > 0.05/2 stops the procedure,
    // so 0.04 is not rejected either although it is below 0.05/1. Adjusted p ≤ α gives the same.
    const pValues = [0.01, 0.04, 0.03, 0.005];
    const adjusted = adjustHolmBonferroni({ pValues });
    expect(adjusted.map((p) => p <= 0.05)).toEqual([true, false, false, true]);
  });

  it("enforces monotonicity and caps at 1", () => {
    // 0.01 × 3 = 0.03, 0.02 × 2 = 0.04, 0.025 × 1 = 0.025 → raised to 0.04.
    const monotone = adjustHolmBonferroni({ pValues: [0.025, 0.01, 0.02] });
    expect(monotone[0]).toBeCloseTo(0.04, 14);
    expect(monotone[1]).toBeCloseTo(0.03, 14);
    expect(monotone[2]).toBeCloseTo(0.04, 14);
    expect(adjustHolmBonferroni({ pValues: [0.6, 0.5] })).toEqual([1, 1]);
  });

  it("leaves a single p-value alone, handles none, and rejects values outside [0, 1]", () => {
    expect(adjustHolmBonferroni({ pValues: [0.03] })).toEqual([0.03]);
    expect(adjustHolmBonferroni({ pValues: [] })).toEqual([]);
    expect(() => adjustHolmBonferroni({ pValues: [1.2] })).toThrowError(AppError);
    expect(() => adjustHolmBonferroni({ pValues: [Number.NaN] })).toThrowError(AppError);
  });
});
