import { type EvalLabel, labelCoverage, type RankedChunk } from "@/lib/eval/label-coverage";

/**
 * Coverage-weighted label recall@k, the partial-credit companion of recall@k: each relevant label
 * earns the highest coverage (`labelCoverage`, overlap ÷ the shorter span) that any of the top k
 * chunks gives it, instead of 1 or 0 at a threshold θ; the mean over `relevantLabels` (distinct
 * passages, as recall counts them). A chunk holding 90% of a quote earns 0.9 where recall at θ = 1
 * counts a miss. Hence recall@k at θ = 1 ≤ partial recall@k ≤ recall@k at any smaller θ.
 * Returns 0 at every k when there is no relevant label.
 */
export function partialRecallAtK(options: {
  labels: readonly EvalLabel[];
  ranking: readonly RankedChunk[];
  ks: readonly number[];
}): Record<number, number> {
  const { labels, ranking, ks } = options;
  const result: Record<number, number> = {};
  if (labels.length === 0) {
    for (const k of ks) result[k] = 0;
    return result;
  }
  // best[i]: the highest coverage of label i within the ranks seen so far
  const best = new Array<number>(labels.length).fill(0);
  const sortedKs = [...new Set(ks)].sort((left, right) => left - right);
  let rank = 0;
  for (const k of sortedKs) {
    for (; rank < Math.min(k, ranking.length); rank++) {
      const chunk = ranking[rank]!;
      labels.forEach((label, index) => {
        const share = labelCoverage({ chunk, label });
        if (share > best[index]!) best[index] = share;
      });
    }
    result[k] = best.reduce((sum, share) => sum + share, 0) / labels.length;
  }
  return result;
}

/**
 * The highest coverage a passage gives any relevant label it does not satisfy at θ (what the run
 * page shows as "holds 90% of label 2"), or null when it covers none partially.
 */
export function bestPartialCoverage<Label extends EvalLabel>(options: {
  chunk: RankedChunk;
  labels: readonly Label[];
  coverage: number;
  relevantThreshold: number;
}): { label: Label; share: number } | null {
  let best: { label: Label; share: number } | null = null;
  for (const label of options.labels) {
    if (label.grade < options.relevantThreshold) continue;
    const share = labelCoverage({ chunk: options.chunk, label });
    if (share > 0 && share < options.coverage && (!best || share > best.share)) best = { label, share };
  }
  return best;
}

/** A coverage share as a whole percentage, never rounded up to a full "100%" it is not: 0.996 → "99%". */
export function formatShare(share: number): string {
  return `${Math.min(Math.round(share * 100), share < 1 ? 99 : 100)}%`;
}
