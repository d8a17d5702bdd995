import { AppError } from "@/lib/errors";

/**
 * Holm–Bonferroni adjusted p-values, for comparing one baseline with several runs: sort the m
 * p-values ascending, multiply the i-th smallest (1-based) by m − i + 1, carry the running
 * maximum so adjusted values never decrease with the raw ones, and cap at 1. The result is in
 * the input order; reject hypothesis j at level α when adjusted[j] ≤ α (this controls the
 * family-wise error rate at α).
 */
export function adjustHolmBonferroni(options: { pValues: number[] }): number[] {
  const { pValues } = options;
  for (const pValue of pValues) {
    if (!(pValue >= 0 && pValue <= 1))
      throw new AppError("bad_request", `A p-value must be in [0, 1] (got ${pValue}).`);
  }
  const count = pValues.length;
  const order = pValues.map((_, index) => index).sort((a, b) => (pValues[a] ?? 0) - (pValues[b] ?? 0));
  const adjusted = new Array<number>(count).fill(1);
  let runningMaximum = 0;
  order.forEach((index, position) => {
    const scaled = Math.min(1, (count - position) * (pValues[index] ?? 1));
    runningMaximum = Math.max(runningMaximum, scaled);
    adjusted[index] = runningMaximum;
  });
  return adjusted;
}
