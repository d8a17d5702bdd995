import type { EvalLabel, RankedChunk } from "@/lib/eval/label-metrics";

/** Context-budget measures of one query (DESIGN.md §4, "Context-budget metrics"); each in [0, 1]. */
export type ContextMetrics = { recall: number; precision: number; iou: number };

type Span = { start: number; end: number };

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
export function contextBudgetMetrics(options: {
  ranking: readonly RankedChunk[];
  labels: readonly EvalLabel[];
  relevantThreshold: number;
  budgetChars: number;
  documentLength: (documentId: string) => number;
}): ContextMetrics | null {
  const { ranking, labels, relevantThreshold, budgetChars, documentLength } = options;
  if (!Number.isInteger(budgetChars) || budgetChars < 1)
    throw new RangeError(`The context budget must be a whole number of characters ≥ 1, not ${budgetChars}.`);
  const relevant = groupByDocument(
    labels
      .filter((label) => label.grade >= relevantThreshold)
      .map((label) => ({
        documentId: label.documentId,
        ...(label.span ?? { start: 0, end: documentLength(label.documentId) }),
      })),
  );
  const relevantByDocument = new Map([...relevant].map(([id, spans]) => [id, unionOfSpans(spans)]));
  const relevantChars = sumOfLengths([...relevantByDocument.values()].flat());
  if (relevantChars === 0) return null;

  const context = takeWithinBudget(ranking, budgetChars);
  const contextChars = context.reduce((sum, chunk) => sum + (chunk.end - chunk.start), 0);
  let coveredChars = 0;
  for (const [documentId, spans] of groupByDocument(context)) {
    const relevantSpans = relevantByDocument.get(documentId);
    if (relevantSpans) coveredChars += intersectionLength(unionOfSpans(spans), relevantSpans);
  }
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

function groupByDocument(spans: readonly (Span & { documentId: string })[]): Map<string, Span[]> {
  const byDocument = new Map<string, Span[]>();
  for (const { documentId, start, end } of spans) {
    if (end <= start) continue;
    const list = byDocument.get(documentId);
    if (list) list.push({ start, end });
    else byDocument.set(documentId, [{ start, end }]);
  }
  return byDocument;
}

/** Sorted, disjoint, non-adjacent spans covering exactly the characters of `spans`. */
function unionOfSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
  const union: Span[] = [];
  for (const span of sorted) {
    const last = union[union.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else union.push({ ...span });
  }
  return union;
}

function sumOfLengths(spans: readonly Span[]): number {
  return spans.reduce((sum, span) => sum + (span.end - span.start), 0);
}

/** Characters shared by two sorted, disjoint span lists. */
function intersectionLength(a: readonly Span[], b: readonly Span[]): number {
  let shared = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const left = a[i]!;
    const right = b[j]!;
    shared += Math.max(0, Math.min(left.end, right.end) - Math.max(left.start, right.start));
    if (left.end < right.end) i++;
    else j++;
  }
  return shared;
}
