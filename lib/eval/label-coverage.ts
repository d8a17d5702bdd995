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
 * coverage = overlap(chunk, quote) / min(|chunk|, |quote|), in [0, 1] (docs/domain.md,
 * "Evaluation"): 1 when the quote lies wholly inside the chunk or, for a quote longer than the
 * chunk, the chunk wholly inside the quote. A document-level label is covered (1) by any chunk of
 * its document. Chunks of other documents and empty spans cover nothing (0).
 */
export function labelCoverage(options: { chunk: RankedChunk; label: EvalLabel }): number {
  const { chunk, label } = options;
  if (chunk.documentId !== label.documentId) return 0;
  if (label.span === null) return 1;
  const overlap = Math.min(chunk.end, label.span.end) - Math.max(chunk.start, label.span.start);
  if (overlap <= 0) return 0;
  return overlap / Math.min(chunk.end - chunk.start, label.span.end - label.span.start);
}

/** The chunk satisfies the label when their coverage (`labelCoverage`) is ≥ θ (`coverage`, in (0, 1]). */
export function chunkSatisfiesLabel(options: {
  chunk: RankedChunk;
  label: EvalLabel;
  coverage: number;
}): boolean {
  const share = labelCoverage(options);
  return share > 0 && share >= options.coverage;
}
