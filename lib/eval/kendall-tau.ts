import { AppError } from "@/lib/errors";

/**
 * Kendall's τ-b between two scorings of the same items (`first[i]` and `second[i]` score item i),
 * as scipy.stats.kendalltau computes it (variant "b", the default):
 *
 *   τ_b = (P − Q) / √((P + Q + T) · (P + Q + U))
 *
 * over all pairs of items i < j, with P the concordant pairs, Q the discordant ones, T the pairs
 * tied in `first` only and U those tied in `second` only; a pair tied in both counts in neither.
 * Used to compare the order of runs by nDCG@10 under people's qrels and under a judge's.
 *
 * Null where scipy answers NaN: fewer than two items, or every item tied in either scoring (the
 * denominator is 0 — a constant ranking has no order to agree with). O(n²): n is a handful of runs.
 */
export function kendallTauB(options: { first: readonly number[]; second: readonly number[] }): number | null {
  const { first, second } = options;
  if (first.length !== second.length) {
    throw new AppError(
      "bad_request",
      `Kendall's tau needs two scorings of the same items (got ${first.length} and ${second.length} values).`,
    );
  }
  if (![...first, ...second].every(Number.isFinite)) {
    throw new AppError("bad_request", "A score for Kendall's tau is not a finite number.");
  }
  let concordant = 0;
  let discordant = 0;
  let tiedFirstOnly = 0;
  let tiedSecondOnly = 0;
  for (let i = 0; i < first.length; i++) {
    for (let j = i + 1; j < first.length; j++) {
      const signFirst = Math.sign(first[j]! - first[i]!);
      const signSecond = Math.sign(second[j]! - second[i]!);
      if (signFirst === 0 && signSecond === 0) continue;
      if (signFirst === 0) tiedFirstOnly++;
      else if (signSecond === 0) tiedSecondOnly++;
      else if (signFirst === signSecond) concordant++;
      else discordant++;
    }
  }
  const denominator = Math.sqrt(
    (concordant + discordant + tiedFirstOnly) * (concordant + discordant + tiedSecondOnly),
  );
  if (denominator === 0) return null;
  return (concordant - discordant) / denominator;
}
