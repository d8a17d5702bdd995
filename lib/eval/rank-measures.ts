/**
 * The ranked-list measures shared by the label-based and the document-level modes
 * (docs/domain.md, "Evaluation"). Every `Record<number, number>` has one entry per requested k.
 */
export type RankMeasures = {
  /** Share of relevant labels satisfied by some item in the top k. */
  recall: Record<number, number>;
  /** Graded nDCG@k (trec_eval `ndcg_cut_k`), in [0, 1]. */
  ndcg: Record<number, number>;
  /** Items in the top k satisfying ≥ 1 relevant label, divided by k (trec_eval `P_k`). */
  precision: Record<number, number>;
  /** 1 when some item in the top k satisfies a relevant label, else 0 (trec_eval `success_k`). */
  hit: Record<number, number>;
  /** 1 / rank of the first item satisfying a relevant label, 0 if none (trec_eval `recip_rank`). */
  reciprocalRank: number;
  /** Average precision over the relevant labels, in [0, 1] (trec_eval `map` per query). */
  averagePrecision: number;
};

/**
 * Scores one ranking given, for each rank (index 0 = rank 1), the indices into `grades` of the
 * labels its item satisfies. Labels are assumed distinct; at least one must have
 * grade ≥ `relevantThreshold` (the caller excludes queries without one).
 *
 * Crediting: a label is credited to the first item that satisfies it; later items satisfying it
 * again earn nothing for it (recall, nDCG and MAP). Precision and hit ask only whether the item
 * satisfies a relevant label, credited before or not.
 *
 * nDCG gains: every label with grade > 0 earns its grade, whatever `relevantThreshold` says —
 * trec_eval's `ndcg_cut` ignores `-l` the same way, so graded nDCG does not change when the
 * binarizing threshold does. An item's gain is the highest grade among the labels it credits;
 * the ideal DCG@k takes the k highest positive grades of all labels; discount 1/log2(rank + 1).
 *
 * Average precision is the area under the precision–recall curve: Σ over ranks i of P@i × (relevant
 * labels first credited at i) / |L|, with P@i as precision@k above. When every item satisfies at
 * most one label and no label is satisfied twice — the case that must equal trec_eval — P@i =
 * (labels credited so far) / i, exactly the product brief's formula (noted in docs/domain.md,
 * "Evaluation"). The two differ when one item credits several labels (a chunk holding two quotes):
 * "labels credited so far / i" then exceeds 1 and pushes AP above 1, while P@i keeps AP within
 * [0, 1] (one chunk holding every relevant quote scores 1 at rank 1, 1/2 at rank 2). They also
 * differ when an item re-satisfies an already credited label (overlapping chunks): P@i counts it as
 * relevant, as precision@k does.
 */
export function computeRankMeasures(options: {
  satisfiedByRank: readonly (readonly number[])[];
  grades: readonly number[];
  relevantThreshold: number;
  ks: readonly number[];
}): RankMeasures {
  const { satisfiedByRank, grades, relevantThreshold, ks } = options;
  const relevantCount = grades.filter((grade) => grade >= relevantThreshold).length;
  const credited = new Set<number>();
  // After rank i (index i): relevant labels credited, items that satisfy a relevant label, DCG.
  const creditedThrough: number[] = [];
  const relevantItemsThrough: number[] = [];
  const dcgThrough: number[] = [];
  let creditedRelevant = 0;
  let relevantItems = 0;
  let dcg = 0;
  let precisionSum = 0;
  let firstHit = 0;
  satisfiedByRank.forEach((labelIndices, index) => {
    const rank = index + 1;
    let gain = 0;
    let newlyRelevant = 0;
    let satisfiesRelevant = false;
    for (const label of labelIndices) {
      const grade = grades[label] ?? Number.NEGATIVE_INFINITY;
      if (grade >= relevantThreshold) satisfiesRelevant = true;
      if (credited.has(label)) continue;
      credited.add(label);
      if (grade > gain) gain = grade;
      if (grade >= relevantThreshold) newlyRelevant += 1;
    }
    if (satisfiesRelevant) {
      relevantItems += 1;
      if (firstHit === 0) firstHit = rank;
    }
    if (newlyRelevant > 0) {
      creditedRelevant += newlyRelevant;
      precisionSum += newlyRelevant * (relevantItems / rank);
    }
    if (gain > 0) dcg += gain / Math.log2(rank + 1);
    creditedThrough.push(creditedRelevant);
    relevantItemsThrough.push(relevantItems);
    dcgThrough.push(dcg);
  });

  const idealGains = grades.filter((grade) => grade > 0).sort((a, b) => b - a);
  const through = (values: number[], k: number) =>
    values.length === 0 ? 0 : (values[Math.min(k, values.length) - 1] ?? 0);
  const recall: Record<number, number> = {};
  const ndcg: Record<number, number> = {};
  const precision: Record<number, number> = {};
  const hit: Record<number, number> = {};
  for (const k of ks) {
    recall[k] = relevantCount === 0 ? 0 : through(creditedThrough, k) / relevantCount;
    precision[k] = through(relevantItemsThrough, k) / k;
    hit[k] = firstHit > 0 && firstHit <= k ? 1 : 0;
    const idealDcg = discountedSum(idealGains, k);
    ndcg[k] = idealDcg === 0 ? 0 : through(dcgThrough, k) / idealDcg;
  }
  return {
    recall,
    ndcg,
    precision,
    hit,
    reciprocalRank: firstHit === 0 ? 0 : 1 / firstHit,
    averagePrecision: relevantCount === 0 ? 0 : precisionSum / relevantCount,
  };
}

/** Σ gains[i] / log2(i + 2) over the first k gains (gains already in rank order). */
function discountedSum(gains: readonly number[], k: number): number {
  let sum = 0;
  const cutoff = Math.min(k, gains.length);
  for (let index = 0; index < cutoff; index++) sum += (gains[index] ?? 0) / Math.log2(index + 2);
  return sum;
}
