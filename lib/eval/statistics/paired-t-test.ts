import { AppError } from "@/lib/errors";
import { studentTTwoSidedPValue } from "@/lib/eval/statistics/student-t";

/**
 * Paired t-test of "the mean per-query difference is 0": t = mean / (s / √n) with s the sample
 * standard deviation (n − 1 denominator), df = n − 1, two-sided p from Student's t CDF.
 * Returns null below two differences (no variance to estimate). When every difference is equal,
 * s = 0: t = 0 and p = 1 if they are all 0, else t = ±∞ and p = 0.
 */
export function pairedTTest(options: { differences: number[] }): {
  meanDifference: number;
  standardError: number;
  t: number;
  degreesOfFreedom: number;
  pValue: number;
} | null {
  const { differences } = options;
  if (!differences.every(Number.isFinite)) {
    throw new AppError("bad_request", "A per-query difference is not a finite number.");
  }
  const count = differences.length;
  if (count < 2) return null;
  const meanDifference = differences.reduce((sum, value) => sum + value, 0) / count;
  const squares = differences.reduce((sum, value) => sum + (value - meanDifference) ** 2, 0);
  const standardError = Math.sqrt(squares / (count - 1) / count);
  const degreesOfFreedom = count - 1;
  const allEqual = differences.every((value) => value === differences[0]);
  if (allEqual || standardError === 0) {
    const t = meanDifference === 0 ? 0 : Math.sign(meanDifference) * Number.POSITIVE_INFINITY;
    return { meanDifference, standardError: 0, t, degreesOfFreedom, pValue: meanDifference === 0 ? 1 : 0 };
  }
  const t = meanDifference / standardError;
  return {
    meanDifference,
    standardError,
    t,
    degreesOfFreedom,
    pValue: studentTTwoSidedPValue({ t, degreesOfFreedom }),
  };
}
