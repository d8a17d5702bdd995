import { AppError } from "@/lib/errors";
import type { QueryMetrics } from "@/lib/eval/label-metrics";
import { validateKs } from "@/lib/eval/validate-eval-options";

/** Means over the evaluated queries; each `Record<number, number>` has one entry per k. */
export type MeanQueryMetrics = {
  recall: Record<number, number>;
  ndcg: Record<number, number>;
  precision: Record<number, number>;
  /** Mean hit@k: the share of queries with a relevant item in the top k (hit rate, success@k). */
  hit: Record<number, number>;
  /** Mean judged@k: the share of the top k that some label judges (`judgedAtK`). */
  judged: Record<number, number>;
  /** Mean coverage-weighted label recall@k (`partialRecallAtK`). */
  partialRecall: Record<number, number>;
  /** Mean reciprocal rank. */
  mrr: number;
  /** Mean average precision. */
  map: number;
  evaluated: number;
  excluded: number;
};

const PER_K = ["recall", "ndcg", "precision", "hit", "judged", "partialRecall"] as const;

/**
 * Means over the evaluated (non-null) queries. `evaluated` of them were scored and `excluded`
 * had no relevant label. With nothing evaluated every mean is 0 — read `evaluated` before the
 * numbers.
 */
export function meanQueryMetrics(options: {
  perQuery: (QueryMetrics | null)[];
  ks: number[];
}): MeanQueryMetrics {
  const { perQuery, ks } = options;
  validateKs(ks);
  const evaluated = perQuery.filter((metrics): metrics is QueryMetrics => metrics !== null);
  const count = evaluated.length;
  const mean = (sum: number) => (count === 0 ? 0 : sum / count);
  const perK = {} as Record<(typeof PER_K)[number], Record<number, number>>;
  for (const measure of PER_K) {
    const means: Record<number, number> = {};
    for (const k of ks) {
      let sum = 0;
      for (const metrics of evaluated) {
        const value = metrics[measure][k];
        if (value === undefined)
          throw new AppError("bad_request", `A query was scored without ${measure}@${k}.`);
        sum += value;
      }
      means[k] = mean(sum);
    }
    perK[measure] = means;
  }
  return {
    ...perK,
    mrr: mean(evaluated.reduce((sum, metrics) => sum + metrics.reciprocalRank, 0)),
    map: mean(evaluated.reduce((sum, metrics) => sum + metrics.averagePrecision, 0)),
    evaluated: count,
    excluded: perQuery.length - count,
  };
}
