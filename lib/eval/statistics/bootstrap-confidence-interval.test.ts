import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import {
  bootstrapConfidenceInterval,
  bootstrapConfidenceIntervals,
  linearPercentile,
} from "@/lib/eval/statistics/bootstrap-confidence-interval";
import { createSeededRandom } from "@/lib/eval/statistics/seeded-random";

describe("linearPercentile", () => {
  it("interpolates between order statistics by hand", () => {
    const sorted = [1, 2, 3, 4, 5];
    expect(linearPercentile(sorted, 0)).toBe(1);
    expect(linearPercentile(sorted, 0.25)).toBe(2); // position 1
    expect(linearPercentile(sorted, 0.1)).toBeCloseTo(1.4, 14); // position 0.4
    expect(linearPercentile(sorted, 0.975)).toBeCloseTo(4.9, 14); // position 3.9
    expect(linearPercentile(sorted, 1)).toBe(5);
    expect(linearPercentile([7], 0.5)).toBe(7);
  });
});

describe("bootstrapConfidenceInterval", () => {
  it("collapses to the value when every value is the same, or there is one", () => {
    expect(bootstrapConfidenceInterval({ values: [0.25, 0.25, 0.25] })).toEqual({
      mean: 0.25,
      lower: 0.25,
      upper: 0.25,
      confidence: 0.95,
      resamples: 2_000,
    });
    expect(bootstrapConfidenceInterval({ values: [0.7] })).toMatchObject({ lower: 0.7, upper: 0.7 });
    expect(bootstrapConfidenceInterval({ values: [] })).toBeNull();
  });

  it("spans the extremes for two values", () => {
    // A resample of {0, 1} has mean 0 with probability 1/4, 1/2 with 1/2 and 1 with 1/4: the 2.5%
    // and 97.5% percentiles of 2,000 such means are 0 and 1.
    expect(bootstrapConfidenceInterval({ values: [0, 1] })).toMatchObject({ mean: 0.5, lower: 0, upper: 1 });
  });

  it("agrees with the normal approximation on a larger sample and is reproducible", () => {
    const random = createSeededRandom(5);
    const values = Array.from({ length: 200 }, () => random());
    const interval = bootstrapConfidenceInterval({ values, seed: 9 });
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
    const halfWidth = 1.96 * Math.sqrt(variance / values.length);
    expect(interval?.mean).toBeCloseTo(mean, 14);
    expect(Math.abs((interval?.lower ?? 0) - (mean - halfWidth))).toBeLessThan(0.1 * halfWidth);
    expect(Math.abs((interval?.upper ?? 0) - (mean + halfWidth))).toBeLessThan(0.1 * halfWidth);
    expect(bootstrapConfidenceInterval({ values, seed: 9 })).toEqual(interval);
    const narrower = bootstrapConfidenceInterval({ values, seed: 9, confidence: 0.5 });
    expect(narrower?.lower).toBeGreaterThan(interval?.lower ?? 0);
    expect(narrower?.upper).toBeLessThan(interval?.upper ?? 0);
  });

  it("rejects bad resamples, confidence and values", () => {
    expect(() => bootstrapConfidenceInterval({ values: [1], resamples: 0 })).toThrowError(AppError);
    expect(() => bootstrapConfidenceInterval({ values: [1], confidence: 1 })).toThrowError(AppError);
    expect(() => bootstrapConfidenceInterval({ values: [Number.NaN] })).toThrowError(AppError);
  });

  it("covers the true mean of simulated paired deltas about as often as it claims", () => {
    // Per-query deltas the way metrics move between two runs: half the queries tie (0), 30% win
    // by U(0, 0.5), 20% lose by U(0, 0.4). True mean 0.3 × 0.25 − 0.2 × 0.2 = 0.035. 400 trials
    // of 50 queries each; the 95% interval should hold the true mean in ~95% of them (binomial
    // standard error ±1.1 points), the 50% interval in ~50% (±2.5 points). Seeded: deterministic.
    const trueMean = 0.035;
    const random = createSeededRandom(2024);
    const draw = () => {
      const kind = random();
      return kind < 0.5 ? 0 : kind < 0.8 ? random() * 0.5 : -random() * 0.4;
    };
    const trials = 400;
    let covered95 = 0;
    let covered50 = 0;
    let width95 = 0;
    for (let trial = 0; trial < trials; trial++) {
      const values = Array.from({ length: 50 }, draw);
      const wide = bootstrapConfidenceInterval({ values, seed: trial + 1 })!;
      const narrow = bootstrapConfidenceInterval({
        values,
        seed: trial + 1,
        confidence: 0.5,
        resamples: 500,
      })!;
      if (wide.lower <= trueMean && trueMean <= wide.upper) covered95 += 1;
      if (narrow.lower <= trueMean && trueMean <= narrow.upper) covered50 += 1;
      width95 += (wide.upper - wide.lower) / trials;
    }
    expect(covered95 / trials).toBeGreaterThanOrEqual(0.9);
    expect(covered95 / trials).toBeLessThanOrEqual(0.98);
    expect(covered50 / trials).toBeGreaterThanOrEqual(0.42);
    expect(covered50 / trials).toBeLessThanOrEqual(0.58);
    // Not covering by being wide: 2 × 1.96 × σ/√n, σ² = E[d²] − μ² = 0.3/12 + 0.2 × 0.16/3 − μ².
    const sigma = Math.sqrt(0.3 * (0.25 / 3) + 0.2 * (0.16 / 3) - trueMean ** 2);
    expect(width95 / (2 * 1.96 * (sigma / Math.sqrt(50)))).toBeGreaterThan(0.9);
    expect(width95 / (2 * 1.96 * (sigma / Math.sqrt(50)))).toBeLessThan(1.1);
  });
});

describe("bootstrapConfidenceIntervals", () => {
  it("gives each series the interval it gets alone, from one pass of the generator", () => {
    const random = createSeededRandom(4);
    const series = [0, 1, 2].map(() => Array.from({ length: 57 }, () => random()));
    const together = bootstrapConfidenceIntervals({ series, seed: 8, resamples: 700 });
    expect(together).toEqual(
      series.map((values) => bootstrapConfidenceInterval({ values, seed: 8, resamples: 700 })),
    );
  });

  it("needs series of one length, and gives nulls for empty ones", () => {
    expect(() => bootstrapConfidenceIntervals({ series: [[1, 2], [1]] })).toThrowError(AppError);
    expect(bootstrapConfidenceIntervals({ series: [[], []] })).toEqual([null, null]);
  });
});
