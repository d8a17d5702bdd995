import { AppError } from "@/lib/errors";

/**
 * A resolved label as evaluation sees it. `span` is the quote's [start, end) in the document's
 * current text (UTF-16, end exclusive); null makes it a document-level label.
 */
export type EvalLabel = {
  id: string;
  documentId: string;
  grade: number;
  span: { start: number; end: number } | null;
};

/** One retrieved chunk, in rank order within a ranking. */
export type RankedChunk = { documentId: string; start: number; end: number };

/**
 * Label-based metrics of one query (DESIGN.md §4). `recall[k]` is in [0, 1] for every requested
 * k; `reciprocalRank` is 1/rank of the first chunk satisfying a relevant label, 0 if none;
 * `relevantCount` is |L| after removing duplicate labels; `splitLabelIds` lists the quote labels
 * that no chunk contains whole.
 */
export type QueryMetrics = {
  recall: Record<number, number>;
  reciprocalRank: number;
  relevantCount: number;
  splitLabelIds: string[];
};

/**
 * coverage = overlap(chunk, quote) / min(|chunk|, |quote|); the chunk satisfies the label when
 * coverage ≥ θ (`coverage`, in (0, 1]). θ = 1 means the quote lies wholly inside the chunk or, for a
 * quote longer than the chunk, the chunk lies wholly inside the quote. A document-level label is
 * satisfied by any chunk of its document. Empty spans never overlap anything.
 */
export function chunkSatisfiesLabel(options: {
  chunk: RankedChunk;
  label: EvalLabel;
  coverage: number;
}): boolean {
  const { chunk, label, coverage } = options;
  if (chunk.documentId !== label.documentId) return false;
  if (label.span === null) return true;
  const overlap = Math.min(chunk.end, label.span.end) - Math.max(chunk.start, label.span.start);
  if (overlap <= 0) return false;
  const shorter = Math.min(chunk.end - chunk.start, label.span.end - label.span.start);
  return overlap / shorter >= coverage;
}

/**
 * Scores one query. Labels with grade ≥ `relevantThreshold` are relevant; labels with the same
 * document and span count once (two annotators quoting the same words are one passage), the
 * highest grade deciding relevance. Returns null when no label is relevant: such queries are
 * excluded from the means and counted separately.
 *
 * recall@k = share of relevant labels satisfied by some chunk in the top k (k beyond the ranking's
 * length sees the whole ranking). A quote label (any grade) is split when no chunk of the ranking,
 * nor of `documentChunks` for its document when given (the document's full chunking), contains
 * it whole; it still counts, through the chunks inside it.
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
  const relevant = distinctRelevantLabels(labels, relevantThreshold);
  if (relevant.length === 0) return null;

  // firstRanks[i]: 1-based rank of the first chunk satisfying relevant[i], Infinity if none.
  const firstRanks = relevant.map((label) => {
    const index = ranking.findIndex((chunk) => chunkSatisfiesLabel({ chunk, label, coverage }));
    return index === -1 ? Number.POSITIVE_INFINITY : index + 1;
  });
  const recall: Record<number, number> = {};
  for (const k of ks) {
    recall[k] = firstRanks.filter((rank) => rank <= k).length / relevant.length;
  }
  const firstHit = Math.min(...firstRanks);
  return {
    recall,
    reciprocalRank: Number.isFinite(firstHit) ? 1 / firstHit : 0,
    relevantCount: relevant.length,
    splitLabelIds: findSplitLabels(labels, ranking, documentChunks),
  };
}

/**
 * Means over the evaluated (non-null) queries. `evaluated` of them were scored and `excluded`
 * had no relevant label. With nothing evaluated every mean is 0 — read `evaluated` before the
 * numbers.
 */
export function meanQueryMetrics(options: { perQuery: (QueryMetrics | null)[]; ks: number[] }): {
  recall: Record<number, number>;
  mrr: number;
  evaluated: number;
  excluded: number;
} {
  const { perQuery, ks } = options;
  validateKs(ks);
  const evaluated = perQuery.filter((metrics): metrics is QueryMetrics => metrics !== null);
  const count = evaluated.length;
  const recall: Record<number, number> = {};
  for (const k of ks) {
    let sum = 0;
    for (const metrics of evaluated) {
      const value = metrics.recall[k];
      if (value === undefined) throw new AppError("bad_request", `A query was scored without recall@${k}.`);
      sum += value;
    }
    recall[k] = count === 0 ? 0 : sum / count;
  }
  const rrSum = evaluated.reduce((sum, metrics) => sum + metrics.reciprocalRank, 0);
  return {
    recall,
    mrr: count === 0 ? 0 : rrSum / count,
    evaluated: count,
    excluded: perQuery.length - count,
  };
}

function distinctRelevantLabels(labels: EvalLabel[], relevantThreshold: number): EvalLabel[] {
  const byPassage = new Map<string, EvalLabel>();
  for (const label of labels) {
    const key = label.span
      ? `${label.documentId}\u0000${label.span.start}:${label.span.end}`
      : label.documentId;
    const known = byPassage.get(key);
    if (!known || label.grade > known.grade) byPassage.set(key, label);
  }
  return [...byPassage.values()].filter((label) => label.grade >= relevantThreshold);
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

function validateKs(ks: number[]): void {
  for (const k of ks) {
    if (!Number.isInteger(k) || k < 1)
      throw new AppError("bad_request", `k must be a whole number ≥ 1 (got ${k}).`);
  }
}

function validateCoverage(coverage: number): void {
  if (!(coverage > 0 && coverage <= 1)) {
    throw new AppError("bad_request", `Coverage θ must be in (0, 1] (got ${coverage}).`);
  }
}
