import type { ContextMeasure } from "@/lib/eval/context-budget";

/**
 * The measures the comparison page tests, in the order it shows them. `key` is what
 * compareRuns, the CSV and the Markdown call them; values are read from a query's stored
 * metrics (RunQueryMetric.metrics, written by lib/db/runs saveRunOutcome).
 */
const COMPARED_MEASURES = [
  { key: "recall@5", label: "Recall@5" },
  { key: "recall@10", label: "Recall@10" },
  { key: "mrr", label: "MRR" },
  { key: "ndcg@10", label: "nDCG@10" },
  { key: "context_recall", label: "Context recall" },
  { key: "context_precision", label: "Context precision" },
  { key: "context_iou", label: "Context IoU" },
] as const;

/**
 * The measure a verdict rests on when the runs return different amounts of text per result: a
 * context-budget measure (CONTEXT_MEASURES) is comparable across chunkings because the amount of
 * text is fixed. A comparison computes them at its own budget from the runs' rankings.
 */
export const BUDGET_VERDICT_MEASURE: ContextMeasure = "context_recall";

export type ComparedMeasure = (typeof COMPARED_MEASURES)[number]["key"];

export const COMPARED_MEASURE_KEYS: ComparedMeasure[] = COMPARED_MEASURES.map((measure) => measure.key);

export function measureLabel(key: string): string {
  return COMPARED_MEASURES.find((measure) => measure.key === key)?.label ?? key;
}

type StoredQueryMetrics = {
  recall?: Record<string, unknown>;
  ndcg?: Record<string, unknown>;
  reciprocalRank?: unknown;
  judged?: Record<string, unknown>;
};

/** The k of the judged@k a comparison shows beside its measures. */
const JUDGED_K = 10;

/**
 * One query's stored judged@10 (the share of its top 10 that some label, grade 0 included,
 * judges), or undefined for runs stored before judged@k existed. Not a compared measure: it says
 * how far the other numbers can be trusted, and excluded queries have it too.
 */
export function readJudgedAtK(metrics: unknown): number | undefined {
  if (typeof metrics !== "object" || metrics === null) return undefined;
  return finite((metrics as StoredQueryMetrics).judged?.[String(JUDGED_K)]);
}

const finite = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

/**
 * One query's compared measures from its stored metrics, or null when the query was excluded
 * (no relevant labels: it has no value to compare, so it is left out of every comparison rather
 * than counted as 0). A measure the run did not store (nDCG before graded metrics) is absent.
 */
export function readComparedMeasures(options: {
  metrics: unknown;
  excluded: boolean;
}): Partial<Record<ComparedMeasure, number>> | null {
  if (options.excluded || typeof options.metrics !== "object" || options.metrics === null) return null;
  const stored = options.metrics as StoredQueryMetrics;
  const values: Partial<Record<ComparedMeasure, number>> = {
    "recall@5": finite(stored.recall?.["5"]),
    "recall@10": finite(stored.recall?.["10"]),
    mrr: finite(stored.reciprocalRank),
    "ndcg@10": finite(stored.ndcg?.["10"]),
  };
  for (const key of COMPARED_MEASURE_KEYS) if (values[key] === undefined) delete values[key];
  return Object.keys(values).length > 0 ? values : null;
}

/**
 * The measures every run has for every query it evaluated: a measure one run lacks (stored
 * before it existed) cannot be paired, so it is left out of the whole comparison.
 */
export function measuresAvailable(
  runs: readonly ReadonlyMap<string, Partial<Record<ComparedMeasure, number>>>[],
): ComparedMeasure[] {
  return COMPARED_MEASURE_KEYS.filter((key) =>
    runs.every((values) => [...values.values()].every((row) => row[key] !== undefined)),
  );
}
