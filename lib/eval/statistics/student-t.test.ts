import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { studentTTwoSidedPValue } from "@/lib/eval/statistics/student-t";

const pValue = (t: number, degreesOfFreedom: number) => studentTTwoSidedPValue({ t, degreesOfFreedom });

describe("studentTTwoSidedPValue", () => {
  it("matches reference values", () => {
    // scipy.stats: 2 * t.sf(|t|, df)
    expect(pValue(2, 10)).toBeCloseTo(0.07338803477074037, 12);
    expect(pValue(-2, 10)).toBeCloseTo(0.07338803477074037, 12);
    expect(pValue(1.5, 3)).toBeCloseTo(0.23058386524482294, 12);
    expect(pValue(0.5, 30)).toBeCloseTo(0.6207230048851272, 12);
    expect(pValue(3, 100_000)).toBeCloseTo(0.0027004608840647234, 10);
    // The 97.5% quantile at 10 df is 2.2281388519862740: p = 0.05.
    expect(pValue(2.228138851986274, 10)).toBeCloseTo(0.05, 12);
  });

  it("matches the closed forms at 1 and 2 degrees of freedom", () => {
    expect(pValue(1, 1)).toBeCloseTo(0.5, 14); // Cauchy: 1 − (2/π) atan|t|
    expect(pValue(3, 1)).toBeCloseTo(1 - (2 / Math.PI) * Math.atan(3), 14);
    expect(pValue(2, 2)).toBeCloseTo(1 - 2 / Math.sqrt(6), 14); // 1 − |t|/√(t² + 2)
  });

  it("gives 1 at t = 0 and 0 at infinity, and rejects bad input", () => {
    expect(pValue(0, 5)).toBe(1);
    expect(pValue(Number.POSITIVE_INFINITY, 5)).toBe(0);
    expect(() => pValue(1, 0)).toThrowError(AppError);
    expect(() => pValue(Number.NaN, 3)).toThrowError(AppError);
  });
});
