/**
 * Cohen's kappa of two raters over the same items: κ = (p_o − p_e) / (1 − p_e), with p_o the share
 * of items both rated alike and p_e the agreement expected by chance from each rater's own
 * distribution of ratings (Cohen 1960; sklearn's `cohen_kappa_score` without weights).
 *
 * Undefined cases are null, as sklearn's NaN (its default `replace_undefined_by=np.nan`): no items,
 * or p_e = 1 — both raters gave every item the same single rating, so there is no variation for
 * agreement to be measured on (p_o is then 1 too, but kappa is 0 / 0, not 1).
 * Computed on integer counts, so 0.4 is 0.4 and not 0.39999….
 */
export function cohensKappa<Rating>(options: {
  ratings: readonly (readonly [Rating, Rating])[];
}): number | null {
  const { ratings } = options;
  const n = ratings.length;
  if (n === 0) return null;
  const first = new Map<Rating, number>();
  const second = new Map<Rating, number>();
  let agreed = 0;
  for (const [a, b] of ratings) {
    if (a === b) agreed++;
    first.set(a, (first.get(a) ?? 0) + 1);
    second.set(b, (second.get(b) ?? 0) + 1);
  }
  // p_e · n² = Σ_c a_c · b_c; p_o · n² = agreed · n
  let chance = 0;
  for (const [rating, count] of first) chance += count * (second.get(rating) ?? 0);
  if (chance === n * n) return null;
  return (agreed * n - chance) / (n * n - chance);
}
