import type { EvalLabel, RankedChunk } from "@/lib/eval/label-metrics";

/** Context-budget measures of one query (docs/domain.md, "Evaluation": context budget); each in [0, 1]. */
export type ContextMetrics = { recall: number; precision: number; iou: number };

/** The names runs, comparisons and the API give the context-budget measures, in display order. */
export const CONTEXT_MEASURES = ["context_recall", "context_precision", "context_iou"] as const;
export type ContextMeasure = (typeof CONTEXT_MEASURES)[number];

/** One query's context measures under their measure names. */
export function contextMeasureValues(metrics: ContextMetrics): Record<ContextMeasure, number> {
  return { context_recall: metrics.recall, context_precision: metrics.precision, context_iou: metrics.iou };
}

/** What one query's context-budget measures are computed from; `documentLength` in characters. */
export type ContextBudgetInput = {
  ranking: readonly RankedChunk[];
  labels: readonly EvalLabel[];
  relevantThreshold: number;
  budgetChars: number;
  documentLength: (documentId: string) => number;
};

/**
 * How much of a query's labeled evidence fits in a fixed amount of context. The context is the
 * ranking's spans in rank order, each taken whole while the total stays within `budgetChars`;
 * the first span that does not fit contributes its first characters up to the budget, and
 * nothing after it. With L the characters of the union of the relevant labels' spans (grade ≥
 * `relevantThreshold`; a document-level label covers its document's whole text,
 * `documentLength`), U the characters of the context counted with repeats (overlapping chunks
 * cost budget twice) and C the characters of the union of the context's spans inside the
 * relevant spans: recall = C/L, precision = C/U (0 when U = 0), IoU = C/(U + L − C).
 *
 * Returns null when the query has no relevant label (or its relevant spans are empty): such a
 * query is excluded from the means, as with every other measure. A query with relevant labels and
 * no results scores 0 on all three.
 */
export function contextBudgetMetrics(options: ContextBudgetInput): ContextMetrics | null {
  const { ranking, labels, relevantThreshold, budgetChars, documentLength } = options;
  if (!Number.isInteger(budgetChars) || budgetChars < 1)
    throw new RangeError(`The context budget must be a whole number of characters ≥ 1, not ${budgetChars}.`);
  const relevantSpans: DocumentSpan[] = [];
  for (const label of labels) {
    if (label.grade < relevantThreshold) continue;
    const { documentId } = label;
    const start = label.span ? label.span.start : 0;
    const end = label.span ? label.span.end : documentLength(documentId);
    if (end > start) relevantSpans.push({ documentId, start, end });
  }
  const relevant = unionOfSpans(relevantSpans);
  let relevantChars = 0;
  for (const span of relevant) relevantChars += span.end - span.start;
  if (relevantChars === 0) return null;

  // The context, in rank order until the budget is spent (takeWithinBudget, without its copies).
  const context: DocumentSpan[] = [];
  let contextChars = 0;
  for (const chunk of ranking) {
    if (contextChars >= budgetChars) break;
    const length = Math.min(Math.max(0, chunk.end - chunk.start), budgetChars - contextChars);
    if (length > 0)
      context.push({ documentId: chunk.documentId, start: chunk.start, end: chunk.start + length });
    contextChars += length;
  }
  const coveredChars = intersectionLength(unionOfSpans(context), relevant);
  return {
    recall: coveredChars / relevantChars,
    precision: contextChars === 0 ? 0 : coveredChars / contextChars,
    iou: coveredChars / (contextChars + relevantChars - coveredChars),
  };
}

/** The ranking's spans cut to the budget: whole while they fit, then the first characters of the next one. */
export function takeWithinBudget(ranking: readonly RankedChunk[], budgetChars: number): RankedChunk[] {
  const taken: RankedChunk[] = [];
  let remaining = budgetChars;
  for (const chunk of ranking) {
    if (remaining <= 0) break;
    const length = Math.max(0, chunk.end - chunk.start);
    if (length <= remaining) {
      taken.push(chunk);
      remaining -= length;
    } else {
      taken.push({ ...chunk, end: chunk.start + remaining });
      remaining = 0;
    }
  }
  return taken;
}

type DocumentSpan = { documentId: string; start: number; end: number };

function compareSpans(a: DocumentSpan, b: DocumentSpan): number {
  if (a.documentId !== b.documentId) return a.documentId < b.documentId ? -1 : 1;
  return a.start - b.start;
}

/**
 * The characters of `spans` as sorted (by document, then start), disjoint, non-adjacent spans;
 * sorts `spans` in place (the callers' own arrays) and never changes their elements.
 */
function unionOfSpans(spans: DocumentSpan[]): DocumentSpan[] {
  if (spans.length > 1) spans.sort(compareSpans);
  const union: DocumentSpan[] = [];
  let last: DocumentSpan | undefined;
  for (const span of spans) {
    if (last && last.documentId === span.documentId && span.start <= last.end) {
      if (span.end > last.end) last.end = span.end;
    } else {
      last = { documentId: span.documentId, start: span.start, end: span.end };
      union.push(last);
    }
  }
  return union;
}

/** Characters shared by two span lists as `unionOfSpans` returns them. */
function intersectionLength(a: readonly DocumentSpan[], b: readonly DocumentSpan[]): number {
  let shared = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const left = a[i]!;
    const right = b[j]!;
    if (left.documentId !== right.documentId) {
      if (left.documentId < right.documentId) i++;
      else j++;
      continue;
    }
    shared += Math.max(0, Math.min(left.end, right.end) - Math.max(left.start, right.start));
    if (left.end < right.end) i++;
    else j++;
  }
  return shared;
}
