import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { pairedTTest } from "@/lib/eval/statistics/paired-t-test";

describe("pairedTTest", () => {
  it("works 1, 2, 3, 4, 5 by hand", () => {
    // mean 3, s² = (4 + 1 + 0 + 1 + 4) / 4 = 2.5, standard error √(2.5 / 5) = √0.5, t = 3 / √0.5.
    const result = pairedTTest({ differences: [1, 2, 3, 4, 5] });
    expect(result?.meanDifference).toBe(3);
    expect(result?.standardError).toBeCloseTo(Math.sqrt(0.5), 14);
    expect(result?.t).toBeCloseTo(3 / Math.sqrt(0.5), 12);
    expect(result?.degreesOfFreedom).toBe(4);
    expect(result?.pValue).toBeCloseTo(0.013235599563682681, 12); // scipy.stats.ttest_1samp
  });

  it("matches R and scipy on Student's sleep data", () => {
    // R: t.test(extra ~ group, data = sleep, paired = TRUE) → t = 4.0621, df = 9, p = 0.002833;
    // scipy.stats.ttest_rel(group2, group1) → 4.062127683382037, 0.002832890197384273.
    const result = pairedTTest({ differences: [1.2, 2.4, 1.3, 1.3, 0, 1, 1.8, 0.8, 4.6, 1.4] });
    expect(result?.meanDifference).toBeCloseTo(1.58, 14);
    expect(result?.degreesOfFreedom).toBe(9);
    expect(result?.t).toBeCloseTo(4.062127683382037, 12);
    expect(result?.pValue).toBeCloseTo(0.002832890197384273, 12);
  });

  it("works two differences by hand through the Cauchy closed form", () => {
    // 1 and 3: mean 2, s² = 2, standard error 1, t = 2 with 1 df: p = 1 − (2/π) atan 2.
    const result = pairedTTest({ differences: [1, 3] });
    expect(result).toMatchObject({ meanDifference: 2, standardError: 1, t: 2, degreesOfFreedom: 1 });
    expect(result?.pValue).toBeCloseTo(1 - (2 / Math.PI) * Math.atan(2), 14);
    expect(pairedTTest({ differences: [-1, -3] })?.t).toBe(-2);
  });

  it("handles equal differences, too few of them, and NaN", () => {
    expect(pairedTTest({ differences: [0.1, 0.1, 0.1] })).toMatchObject({
      t: Number.POSITIVE_INFINITY,
      pValue: 0,
    });
    expect(pairedTTest({ differences: [0, 0, 0] })).toMatchObject({ t: 0, pValue: 1 });
    expect(pairedTTest({ differences: [0.5] })).toBeNull();
    expect(pairedTTest({ differences: [] })).toBeNull();
    expect(() => pairedTTest({ differences: [1, Number.NaN] })).toThrowError(AppError);
  });
});
