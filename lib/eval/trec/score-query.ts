import { CUTOFF_MEASURES, type MeasureSelection, SINGLE_MEASURES } from "@/lib/eval/trec/select-measures";

/** Relevance of a retrieved document that the qrels do not judge (trec_eval's RELVALUE_NONPOOL). */
export const NOT_JUDGED = -1;
/** Relevance of a retrieved document judged with a negative grade (trec_eval's RELVALUE_UNJUDGED). */
export const JUDGED_NEGATIVE = -2;

/**
 * trec_eval 9.0.7's measures of one evaluated query, from its view of the query:
 * - `relevance[r]` (r < `numRet`) is the relevance of the document at rank r + 1: its grade when
 *   judged ≥ 0, else `NOT_JUDGED` or `JUDGED_NEGATIVE`;
 * - `judgedGrades` are the grades of every qrels line of the query.
 * Binary measures call a document relevant when its relevance ≥ `relevanceLevel`; `num_rel`
 * counts judgments with grade ≥ max(0, level). `ndcg_cut` ignores the level: gain = grade when
 * > 0, discount 1/log2(rank + 1), ideal ranking from every grade > 0. The arithmetic follows
 * trec_eval's operation order so that the doubles are the same.
 * Returns the values in `listMeasureNames(selection)` order (`num_q` is 1).
 */
export function scoreQuery(options: {
  relevance: ArrayLike<number>;
  numRet: number;
  judgedGrades: readonly number[];
  relevanceLevel: number;
  selection: MeasureSelection;
}): Float64Array {
  const { relevance, numRet, judgedGrades, relevanceLevel: level, selection } = options;

  let numRel = 0;
  const positiveGrades: number[] = [];
  for (const grade of judgedGrades) {
    if (grade >= 0 && grade >= level) numRel++;
    if (grade > 0) positiveGrades.push(grade);
  }

  // relevantWithin[n]: relevant documents among the first n retrieved.
  const relevantWithin = new Int32Array(numRet + 1);
  let numRelRet = 0;
  let firstRelevantRank = 0;
  let precisionSum = 0;
  for (let i = 0; i < numRet; i++) {
    const rel = relevance[i]!;
    let relevantSoFar = relevantWithin[i]!;
    if (rel >= level) {
      relevantSoFar++;
      precisionSum += relevantSoFar / (i + 1);
      if (firstRelevantRank === 0) firstRelevantRank = i + 1;
    }
    if (rel >= 0 && rel >= level) numRelRet++;
    relevantWithin[i + 1] = relevantSoFar;
  }
  const relevantAt = (cutoff: number) => relevantWithin[Math.min(cutoff, numRet)]!;

  const lookAt = Math.min(numRet, numRel);
  const singleValues: Record<(typeof SINGLE_MEASURES)[number], number> = {
    num_q: 1,
    num_ret: numRet,
    num_rel: numRel,
    num_rel_ret: numRelRet,
    map: relevantWithin[numRet]! > 0 ? precisionSum / numRel : 0,
    Rprec: lookAt === 0 ? 0 : relevantWithin[lookAt]! / numRel,
    recip_rank: firstRelevantRank > 0 ? 1 / firstRelevantRank : 0,
  };

  const values: number[] = [];
  for (const single of SINGLE_MEASURES) {
    if (selection.singles.has(single)) values.push(singleValues[single]);
  }
  for (const measure of CUTOFF_MEASURES) {
    const cutoffs = selection.cutoffs[measure];
    if (cutoffs.length === 0) continue;
    if (measure === "P") for (const k of cutoffs) values.push(relevantAt(k) / k);
    if (measure === "recall") for (const k of cutoffs) values.push(numRel === 0 ? 0 : relevantAt(k) / numRel);
    if (measure === "success") for (const k of cutoffs) values.push(relevantAt(k) > 0 ? 1 : 0);
    if (measure === "ndcg_cut") values.push(...ndcgAtCutoffs({ relevance, numRet, positiveGrades, cutoffs }));
  }
  return Float64Array.from(values);
}

/** m_ndcg_cut.c: DCG over the first min(k, numRet) ranks over the ideal DCG over min(k, |ideal|). */
function ndcgAtCutoffs(options: {
  relevance: ArrayLike<number>;
  numRet: number;
  positiveGrades: number[];
  cutoffs: readonly number[];
}): number[] {
  const { relevance, numRet, positiveGrades, cutoffs } = options;
  const deepest = cutoffs[cutoffs.length - 1]!;

  const dcgWithin = new Float64Array(Math.min(deepest, numRet) + 1);
  let dcg = 0;
  for (let i = 0; i + 1 < dcgWithin.length; i++) {
    const gain = relevance[i]!;
    if (gain > 0) dcg += gain / Math.log2(i + 2);
    dcgWithin[i + 1] = dcg;
  }

  positiveGrades.sort((a, b) => b - a);
  const idealWithin = new Float64Array(Math.min(deepest, positiveGrades.length) + 1);
  let idealDcg = 0;
  for (let i = 0; i + 1 < idealWithin.length; i++) {
    idealDcg += positiveGrades[i]! / Math.log2(i + 2);
    idealWithin[i + 1] = idealDcg;
  }

  return cutoffs.map((k) => {
    const dcgAtK = dcgWithin[Math.min(k, dcgWithin.length - 1)]!;
    const idealAtK = idealWithin[Math.min(k, idealWithin.length - 1)]!;
    return idealAtK > 0 ? dcgAtK / idealAtK : dcgAtK;
  });
}
