import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { pairedRandomizationTest } from "@/lib/eval/statistics/paired-randomization-test";
import { createSeededRandom } from "@/lib/eval/statistics/seeded-random";

/** The sampling path written plainly: one sign per difference, bit i of each 32-bit draw. */
function referencePValue(differences: number[], permutations: number, seed: number): number {
  const random = createSeededRandom(seed);
  const observed = Math.abs(differences.reduce((sum, value) => sum + value, 0));
  const threshold = observed - 1e-12 * differences.reduce((sum, value) => sum + Math.abs(value), 0);
  let extreme = 0;
  for (let draw = 0; draw < permutations; draw++) {
    let sum = 0;
    let bits = 0;
    differences.forEach((value, index) => {
      if (index % 32 === 0) bits = random() * 2 ** 32;
      sum += (bits >>> (index % 32)) & 1 ? -value : value;
    });
    if (Math.abs(sum) >= threshold) extreme += 1;
  }
  return (extreme + 1) / (permutations + 1);
}

describe("pairedRandomizationTest", () => {
  it("enumerates all 2^5 sign flips of five positive differences: p = 2/32", () => {
    const result = pairedRandomizationTest({ differences: [0.1, 0.2, 0.3, 0.4, 0.5] });
    expect(result).toEqual({ meanDifference: 0.3, pValue: 2 / 32, permutations: 32, exact: true });
  });

  it("counts ties with the observed |mean| by hand", () => {
    // Differences 1, 1, −1: observed |sum| = 1. The 8 flips give sums ±3 (2 of them) and ±1
    // (6 of them), so every flip reaches 1: p = 1. Differences 2, 1, 1: sums ±4 (2), ±2 (4) and
    // 0 (2); only the two ±4 reach the observed 4: p = 2/8.
    expect(pairedRandomizationTest({ differences: [1, 1, -1] }).pValue).toBe(1);
    expect(pairedRandomizationTest({ differences: [2, 1, 1] }).pValue).toBe(2 / 8);
  });

  it("gives p = 1 for no differences or only zeros", () => {
    expect(pairedRandomizationTest({ differences: [] })).toMatchObject({ pValue: 1, meanDifference: 0 });
    expect(pairedRandomizationTest({ differences: [0, 0, 0] }).pValue).toBe(1);
  });

  it("samples when 2^n exceeds the permutations, reproducibly, with (count + 1)/(permutations + 1)", () => {
    const differences = Array.from({ length: 20 }, (_, index) => (index % 4 === 0 ? -0.05 : 0.1));
    const first = pairedRandomizationTest({ differences, seed: 3 });
    expect(first.exact).toBe(false);
    expect(first.permutations).toBe(10_000);
    expect(pairedRandomizationTest({ differences, seed: 3 })).toEqual(first);
    // Every p-value of this kind is (a whole count + 1) / 10,001, never 0.
    const extremeDraws = Math.round(first.pValue * 10_001) - 1;
    expect(first.pValue).toBe((extremeDraws + 1) / 10_001);
    // Exact p (counted by binomials over the 15 positive and 5 negative values) is
    // 2104 / 2^20 ≈ 0.00201; 10,000 draws estimate it within a few thousandths.
    expect(Math.abs(first.pValue - 2104 / 2 ** 20)).toBeLessThan(0.0015);
  });

  it("matches exact enumeration when sampling the same small problem", () => {
    const differences = [0.3, -0.1, 0.2, 0.25, -0.05, 0.15, 0.1, -0.2, 0.05, 0.3];
    const exact = pairedRandomizationTest({ differences, permutations: 1024 });
    expect(exact).toMatchObject({ exact: true, pValue: 126 / 1024 });
    const sampled = pairedRandomizationTest({ differences, permutations: 1023, seed: 11 });
    expect(sampled.exact).toBe(false);
    expect(Math.abs(sampled.pValue - exact.pValue)).toBeLessThan(0.04);
  });

  it("samples exactly the sign flips of the plain one-sign-per-difference loop", () => {
    const random = createSeededRandom(5);
    for (const count of [31, 33, 57, 64, 200]) {
      // small true effect, so p-values land in the interesting middle range
      const differences = Array.from({ length: count }, () => Math.round((random() - 0.47) * 1000) / 1000);
      const fast = pairedRandomizationTest({ differences, permutations: 3_000, seed: 9 });
      expect(fast.exact).toBe(false);
      expect(fast.pValue).toBe(referencePValue(differences, 3_000, 9));
    }
  });

  it("rejects bad permutation counts and non-finite differences", () => {
    expect(() => pairedRandomizationTest({ differences: [1], permutations: 0 })).toThrowError(AppError);
    expect(() => pairedRandomizationTest({ differences: [Number.NaN] })).toThrowError(AppError);
  });
});
