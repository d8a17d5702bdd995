/**
 * judged@k (docs/domain.md, "Evaluation"): the share of the top k results that some label of the
 * query judges — a label of any grade, 0 ("seen and rejected") included — so a low value says the
 * top of the ranking holds passages nobody has looked at, and the metrics above it may be
 * understated. `judgedByRank[i]` says whether the result at rank i + 1 is judged.
 *
 * As ir_measures' Judged@k, a ranking shorter than k is divided by its own length (its top k is
 * the whole ranking), and an empty ranking has nothing judged: 0.
 */
export function judgedAtK(options: {
  judgedByRank: readonly boolean[];
  ks: readonly number[];
}): Record<number, number> {
  const { judgedByRank, ks } = options;
  const judged: Record<number, number> = {};
  for (const k of ks) {
    const top = judgedByRank.slice(0, k);
    judged[k] = top.length === 0 ? 0 : top.filter(Boolean).length / top.length;
  }
  return judged;
}
