import { judgedAtK } from "@/lib/eval/judged-at-k";
import { chunkSatisfiesLabel, type EvalLabel, type RankedChunk } from "@/lib/eval/label-coverage";
import { partialRecallAtK } from "@/lib/eval/partial-credit";
import { computeRankMeasures, type RankMeasures } from "@/lib/eval/rank-measures";
import { validateCoverage, validateKs } from "@/lib/eval/validate-eval-options";

export {
  chunkSatisfiesLabel,
  type EvalLabel,
  type RankedChunk,
} from "@/lib/eval/label-coverage";
export { meanQueryMetrics } from "@/lib/eval/mean-query-metrics";

/**
 * Label-based metrics of one query (docs/domain.md, "Evaluation"): the measures of `RankMeasures`
 * (recall, nDCG, precision and hit at every requested k, reciprocal rank, average precision) plus
 * `relevantCount`, |L| after removing duplicate labels, `splitLabelIds`, the quote labels that no
 * chunk contains whole, and `judged`, judged@k at every requested k (`judgedAtK`).
 */
export type QueryMetrics = RankMeasures & {
  /** Coverage-weighted label recall at every requested k (`partialRecallAtK`): no θ, partial credit. */
  partialRecall: Record<number, number>;
  relevantCount: number;
  splitLabelIds: string[];
  judged: Record<number, number>;
};

/**
 * Scores one query. Labels with grade ≥ `relevantThreshold` are relevant; labels with the same
 * document and span count once (two annotators quoting the same words are one passage), the
 * highest grade deciding relevance. Returns null when no label is relevant: such queries are
 * excluded from the means and counted separately. The measures are defined in
 * `computeRankMeasures` (k beyond the ranking's length sees the whole ranking); nDCG gains come
 * from every label with grade > 0, relevant or not, as trec_eval's `ndcg_cut` does.
 *
 * A quote label (any grade) is split when no chunk of the ranking, nor of `documentChunks` for
 * its document when given (the document's full chunking), contains it whole; it still counts,
 * through the chunks inside it. A chunk is judged (judged@k) when a label of any grade, 0
 * included, satisfies it under the same coverage rule.
 */
export function evaluateQuery(options: {
  labels: EvalLabel[];
  ranking: RankedChunk[];
  ks: number[];
  coverage: number;
  relevantThreshold: number;
  documentChunks?: Map<string, { start: number; end: number }[]>;
}): QueryMetrics | null {
  const { labels, ranking, ks, coverage, relevantThreshold, documentChunks } = options;
  validateKs(ks);
  validateCoverage(coverage);
  // Only labels that are relevant or carry an nDCG gain can change a number.
  const scored = distinctLabels(labels).filter(
    (label) => label.grade >= relevantThreshold || label.grade > 0,
  );
  const relevantCount = scored.filter((label) => label.grade >= relevantThreshold).length;
  if (relevantCount === 0) return null;

  const satisfiedByRank = ranking.map((chunk) => {
    const indices: number[] = [];
    scored.forEach((label, index) => {
      if (chunkSatisfiesLabel({ chunk, label, coverage })) indices.push(index);
    });
    return indices;
  });
  const measures = computeRankMeasures({
    satisfiedByRank,
    grades: scored.map((label) => label.grade),
    relevantThreshold,
    ks,
  });
  const judgedByRank = ranking.map((chunk) =>
    labels.some((label) => chunkSatisfiesLabel({ chunk, label, coverage })),
  );
  return {
    ...measures,
    partialRecall: partialRecallAtK({
      labels: scored.filter((label) => label.grade >= relevantThreshold),
      ranking,
      ks,
    }),
    relevantCount,
    splitLabelIds: findSplitLabels(labels, ranking, documentChunks),
    judged: judgedAtK({ judgedByRank, ks }),
  };
}

/** One label per passage (document + span, or document for document-level labels), highest grade kept. */
function distinctLabels(labels: EvalLabel[]): EvalLabel[] {
  const byPassage = new Map<string, EvalLabel>();
  for (const label of labels) {
    const key = label.span
      ? `${label.documentId}\u0000${label.span.start}:${label.span.end}`
      : label.documentId;
    const known = byPassage.get(key);
    if (!known || label.grade > known.grade) byPassage.set(key, label);
  }
  return [...byPassage.values()];
}

function findSplitLabels(
  labels: EvalLabel[],
  ranking: RankedChunk[],
  documentChunks: Map<string, { start: number; end: number }[]> | undefined,
): string[] {
  const split: string[] = [];
  for (const label of labels) {
    const span = label.span;
    if (span === null) continue;
    const contains = (chunk: { start: number; end: number }) =>
      chunk.start <= span.start && span.end <= chunk.end;
    const inRanking = ranking.some((chunk) => chunk.documentId === label.documentId && contains(chunk));
    const inDocument = documentChunks?.get(label.documentId)?.some(contains) ?? false;
    if (!inRanking && !inDocument) split.push(label.id);
  }
  return split;
}
