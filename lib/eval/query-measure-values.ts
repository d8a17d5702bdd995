import { z } from "zod";
import { contextMeasureValues } from "@/lib/eval/context-budget";

const perK = z.record(z.string(), z.number()).optional();

/**
 * One query's metrics as a run stores them (RunQueryMetric.metrics, lib/db/runs saveRunOutcome).
 * Excluded queries hold only `returned`; runs stored before graded metrics lack nDCG, precision
 * and hit, and runs stored before judged@k lack `judged`.
 */
const storedQueryMetricsSchema = z.object({
  recall: perK,
  ndcg: perK,
  precision: perK,
  hit: perK,
  judged: perK,
  /** coverage-weighted label recall@k (lib/eval/partial-credit.ts): partial credit for a chunk holding part of a quote */
  partialRecall: perK,
  /** context-budget measures at the run's budget (lib/eval/context-budget.ts); runs stored before them lack them */
  context: z.object({ recall: z.number(), precision: z.number(), iou: z.number() }).optional(),
  reciprocalRank: z.number().optional(),
  averagePrecision: z.number().optional(),
  returned: z.number().optional(),
});
export type StoredQueryMetrics = z.infer<typeof storedQueryMetricsSchema>;

export function parseStoredQueryMetrics(value: unknown): StoredQueryMetrics {
  const parsed = storedQueryMetricsSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
}

const PER_K_MEASURES = ["recall", "ndcg", "precision", "hit", "judged"] as const;
const PER_K_STORED: Record<PerKMeasure | "partial_recall", keyof StoredQueryMetrics> = {
  recall: "recall",
  ndcg: "ndcg",
  precision: "precision",
  hit: "hit",
  judged: "judged",
  partial_recall: "partialRecall",
};
type PerKMeasure = (typeof PER_K_MEASURES)[number];

/**
 * A stored query's metrics flattened to measure names — "recall@5", "ndcg@10", "precision@5",
 * "hit@1", "judged@10", "partial_recall@5", "mrr", "map", "context_recall", "context_precision",
 * "context_iou" — as `compareRuns` takes them. Measures the run did not store are absent, never 0.
 */
export function queryMeasureValues(metrics: StoredQueryMetrics): Record<string, number> {
  const values: Record<string, number> = {};
  for (const [measure, field] of Object.entries(PER_K_STORED)) {
    const perKValues = metrics[field] as Record<string, number> | undefined;
    for (const [k, value] of Object.entries(perKValues ?? {})) values[`${measure}@${k}`] = value;
  }
  if (metrics.reciprocalRank !== undefined) values.mrr = metrics.reciprocalRank;
  if (metrics.averagePrecision !== undefined) values.map = metrics.averagePrecision;
  if (metrics.context) Object.assign(values, contextMeasureValues(metrics.context));
  return values;
}

/** The measures every one of these queries has: what a comparison of them can show. */
export function sharedMeasures(values: Iterable<Readonly<Record<string, number>>>): Set<string> {
  let shared: Set<string> | null = null;
  for (const entry of values) {
    const names = Object.keys(entry);
    shared = shared === null ? new Set(names) : new Set(names.filter((name) => shared?.has(name)));
  }
  return shared ?? new Set();
}
