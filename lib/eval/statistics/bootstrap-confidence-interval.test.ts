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
