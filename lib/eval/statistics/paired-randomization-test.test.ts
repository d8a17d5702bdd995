import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { pairedRandomizationTest } from "@/lib/eval/statistics/paired-randomization-test";
import { createSeededRandom } from "@/lib/eval/statistics/seeded-random";

/** C(n, k), exact for the small n used here. */
function binomial(n: number, k: number): number {
  let value = 1;
  for (let i = 1; i <= k; i++) value = (value * (n - k + i)) / i;
  return value;
}

/**
 * The test's definition written the plain way, as an oracle: `bit ? −x : x` per difference, a
 * 32-bit draw per 32 differences, enumeration when 2^n ≤ permutations.
 */
function plainRandomizationTest(differences: number[], permutations: number, seed: number): number {
  const observedSum = differences.reduce((sum, value) => sum + value, 0);
  const threshold =
    Math.abs(observedSum) - 1e-12 * differences.reduce((sum, value) => sum + Math.abs(value), 0);
  const flippedSum = (signBit: (index: number) => number) => {
    let sum = 0;
    differences.forEach((value, index) => {
      sum += signBit(index) ? -value : value;
    });
    return sum;
  };
  let extreme = 0;
  if (2 ** differences.length <= permutations) {
    for (let mask = 0; mask < 2 ** differences.length; mask++) {
      if (Math.abs(flippedSum((index) => (mask >>> index) & 1)) >= threshold) extreme += 1;
    }
    return extreme / 2 ** differences.length;
  }
  const random = createSeededRandom(seed);
  for (let draw = 0; draw < permutations; draw++) {
    const words = Array.from({ length: Math.ceil(differences.length / 32) }, () => random() * 2 ** 32);
    if (Math.abs(flippedSum((index) => (words[index >> 5]! >>> (index % 32)) & 1)) >= threshold) extreme += 1;
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

  it("rejects bad permutation counts and non-finite differences", () => {
    expect(() => pairedRandomizationTest({ differences: [1], permutations: 0 })).toThrowError(AppError);
    expect(() => pairedRandomizationTest({ differences: [Number.NaN] })).toThrowError(AppError);
  });

  it("matches a closed form: n differences of equal size, k of them positive", () => {
    // Each flip assignment gives sum c × (2B − n) with B ~ Binomial(n, 1/2) the positives, so the
    // exact p is P(|2B − n| ≥ |2k − n|) = Σ C(n, b) / 2^n over those b.
    const n = 12;
    for (let positives = 0; positives <= n; positives++) {
      const differences = Array.from({ length: n }, (_, index) => (index < positives ? 0.25 : -0.25));
      let count = 0;
      for (let b = 0; b <= n; b++)
        if (Math.abs(2 * b - n) >= Math.abs(2 * positives - n)) count += binomial(n, b);
      expect(pairedRandomizationTest({ differences, permutations: 2 ** n }).pValue).toBe(count / 2 ** n);
    }
  });

  it("gives the exact p of Student's sleep data (a zero difference flips both ways): 4/1024", () => {
    // Cushny & Peebles via R's `sleep`: the 10 paired differences of hours of extra sleep.
    const differences = [1.2, 2.4, 1.3, 1.3, 0, 1, 1.8, 0.8, 4.6, 1.4];
    expect(pairedRandomizationTest({ differences })).toMatchObject({ exact: true, pValue: 4 / 1024 });
  });

  it("samples within Monte Carlo error of the exact p where both are computable (n = 15 … 18)", () => {
    const random = createSeededRandom(77);
    for (let n = 15; n <= 18; n++) {
      for (let set = 0; set < 4; set++) {
        // Deltas with a growing drift: exact p from 0.0007 to 0.9 over the 16 sets.
        const drift = set * 0.1;
        const differences = Array.from({ length: n }, () =>
          random() < 0.25 ? 0 : Math.round((random() - 0.5 + drift) * 100) / 100,
        );
        const exact = pairedRandomizationTest({ differences, permutations: 2 ** n });
        const sampled = pairedRandomizationTest({ differences, permutations: 20_000, seed: n * 10 + set });
        expect(exact.exact).toBe(true);
        expect(sampled.exact).toBe(false); // 2^15 = 32,768 > 20,000
        // Four binomial standard errors of 20,000 draws, plus the (count + 1)/(N + 1) offset.
        const tolerance = 4 * Math.sqrt((exact.pValue * (1 - exact.pValue)) / 20_000) + 1 / 20_001;
        expect(Math.abs(sampled.pValue - exact.pValue)).toBeLessThanOrEqual(tolerance);
      }
    }
  });

  it("gives bit-for-bit the p-values of the plain definition, enumerated and sampled", () => {
    const random = createSeededRandom(3);
    for (const count of [0, 1, 5, 9, 31, 32, 33, 64, 200]) {
      const differences = Array.from({ length: count }, () =>
        random() < 0.3 ? 0 : (random() - 0.45) * 10 ** Math.floor(random() * 3 - 2),
      );
      for (const permutations of [300, 1024]) {
        expect(pairedRandomizationTest({ differences, permutations, seed: count }).pValue).toBe(
          plainRandomizationTest(differences, permutations, count),
        );
      }
    }
  });
});
