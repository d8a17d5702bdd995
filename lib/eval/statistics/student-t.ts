import { AppError } from "@/lib/errors";
import { regularizedIncompleteBeta } from "@/lib/eval/statistics/incomplete-beta";

/**
 * Two-sided p-value P(|T| ≥ |t|) for Student's t distribution with `degreesOfFreedom` > 0
 * (not necessarily whole): I_{ν/(ν+t²)}(ν/2, 1/2). |t| = ∞ gives 0; t = 0 gives 1.
 */
export function studentTTwoSidedPValue(options: { t: number; degreesOfFreedom: number }): number {
  const { t, degreesOfFreedom } = options;
  if (!(degreesOfFreedom > 0)) {
    throw new AppError("bad_request", `Degrees of freedom must be > 0 (got ${degreesOfFreedom}).`);
  }
  if (Number.isNaN(t)) throw new AppError("bad_request", "The t statistic is not a number.");
  if (!Number.isFinite(t)) return 0;
  return regularizedIncompleteBeta({
    x: degreesOfFreedom / (degreesOfFreedom + t * t),
    a: degreesOfFreedom / 2,
    b: 0.5,
  });
}
