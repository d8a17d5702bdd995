/** The difference functions of Krippendorff's alpha used here (Krippendorff 2011, section E). */
export type AlphaMetric = "nominal" | "ordinal" | "interval";

/**
 * Krippendorff's alpha, coincidence-matrix formulation (Krippendorff, "Computing Krippendorff's
 * Alpha-Reliability", 2011). `units[u]` holds the values the coders gave unit u, missing values
 * left out (order does not matter). Units with fewer than two values are not pairable and are
 * ignored. Each pairable unit with m_u values adds 1 / (m_u − 1) to o_ck for every ordered pair of
 * values (c, k) from different coders; n_c = Σ_k o_ck and n = Σ_c n_c. Then
 *
 *   α = 1 − (n − 1) · Σ_ck o_ck δ²_ck / Σ_ck n_c n_k δ²_ck
 *
 * with δ² the metric's squared difference: nominal 1 for c ≠ k; interval (c − k)²; ordinal
 * (Σ_{g=c..k} n_g − (n_c + n_k) / 2)², the values ranked by their frequencies n_g.
 *
 * Null when undefined: no pairable unit, or no expected disagreement (all pairable values equal).
 */
export function krippendorffAlpha(options: {
  units: readonly (readonly number[])[];
  metric: AlphaMetric;
}): number | null {
  const pairable = options.units.filter((values) => values.length >= 2);
  const values = [...new Set(pairable.flat())].sort((a, b) => a - b);
  const index = new Map(values.map((value, position) => [value, position]));
  const size = values.length;
  const coincidences = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (const unit of pairable) {
    const counts = new Map<number, number>();
    for (const value of unit) counts.set(value, (counts.get(value) ?? 0) + 1);
    for (const [c, countC] of counts) {
      for (const [k, countK] of counts) {
        const pairs = countC * (c === k ? countK - 1 : countK);
        coincidences[index.get(c)!]![index.get(k)!]! += pairs / (unit.length - 1);
      }
    }
  }
  const marginals = coincidences.map((row) => row.reduce((sum, value) => sum + value, 0));
  const n = marginals.reduce((sum, value) => sum + value, 0);
  const distance = squaredDistance({ metric: options.metric, values, marginals });
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < size; c++) {
    for (let k = 0; k < size; k++) {
      const delta = distance(c, k);
      observed += coincidences[c]![k]! * delta;
      expected += marginals[c]! * marginals[k]! * delta;
    }
  }
  if (n === 0 || expected === 0) return null;
  return 1 - ((n - 1) * observed) / expected;
}

/** δ²(c, k) for value indexes c and k (values ascending, marginals n_g by index). */
function squaredDistance(options: {
  metric: AlphaMetric;
  values: readonly number[];
  marginals: readonly number[];
}): (c: number, k: number) => number {
  const { metric, values, marginals } = options;
  if (metric === "nominal") return (c, k) => (c === k ? 0 : 1);
  if (metric === "interval") return (c, k) => (values[c]! - values[k]!) ** 2;
  // ordinal: the frequencies from c to k (both included), less half of c's and half of k's
  const cumulative = [0];
  for (const count of marginals) cumulative.push(cumulative.at(-1)! + count);
  return (c, k) => {
    const [low, high] = c <= k ? [c, k] : [k, c];
    const between = cumulative[high + 1]! - cumulative[low]!;
    return (between - (marginals[c]! + marginals[k]!) / 2) ** 2;
  };
}
