import { z } from "zod";

const perK = z.record(z.string(), z.number()).optional();

/**
 * One query's metrics as a run stores them (RunQueryMetric.metrics, lib/db/runs saveRunOutcome).
 * Excluded queries hold only `returned`; runs stored before graded metrics lack nDCG, precision
 * and hit, and runs stored before judged@k lack `judged`.
 */
export const storedQueryMetricsSchema = z.object({
  recall: perK,
  ndcg: perK,
  precision: perK,
  hit: perK,
  judged: perK,
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
export type PerKMeasure = (typeof PER_K_MEASURES)[number];

/**
 * A stored query's metrics flattened to measure names — "recall@5", "ndcg@10", "precision@5",
 * "hit@1", "judged@10", "mrr", "map" — as `compareRuns` takes them. Measures the run did not
 * store are absent, never 0.
 */
export function queryMeasureValues(metrics: StoredQueryMetrics): Record<string, number> {
  const values: Record<string, number> = {};
  for (const measure of PER_K_MEASURES)
    for (const [k, value] of Object.entries(metrics[measure] ?? {})) values[`${measure}@${k}`] = value;
  if (metrics.reciprocalRank !== undefined) values.mrr = metrics.reciprocalRank;
  if (metrics.averagePrecision !== undefined) values.map = metrics.averagePrecision;
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
