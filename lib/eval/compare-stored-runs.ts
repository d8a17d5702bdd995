import { compareRuns, type MeasureComparison, type PerQueryValues } from "@/lib/eval/compare-runs";
import { parseStoredQueryMetrics, queryMeasureValues, sharedMeasures } from "@/lib/eval/query-measure-values";

/** One query's row of a run as stored (RunQueryMetric): excluded queries have no metrics to pair. */
export type StoredQueryRow = { queryId: string; excluded: boolean; metrics: unknown };

export type StoredRunComparison = {
  /** Queries both runs evaluated: what every number below stands on. */
  queries: number;
  /** Per tested measure: means on the shared queries, delta with its CI, paired test (Holm over them). */
  tested: Record<string, MeasureComparison>;
  /** Per described measure: means on the shared queries and their difference, untested. */
  described: Record<string, { baseline: number; mean: number; delta: number }>;
};

function perQueryValues(rows: readonly StoredQueryRow[]): PerQueryValues {
  return new Map(
    rows
      .filter((row) => !row.excluded)
      .map((row) => [row.queryId, queryMeasureValues(parseStoredQueryMetrics(row.metrics))]),
  );
}

/**
 * A run against the run it is compared with (its baseline), from their stored per-query metrics,
 * on the queries both evaluated. Each of `tested` is compared with `compareRuns` (paired
 * randomization test, Holm's adjustment over `tested` — keep it to the measures a decision rests
 * on, so the correction is not spent on near-duplicates); each of `described` gets its two means
 * and their difference only (judged@k, say, which measures labeling, not retrieval). Measures a
 * run lacks for some shared query (runs stored before nDCG or judged@k) are left out, never
 * compared as 0.
 */
export function compareStoredRuns(options: {
  baseline: readonly StoredQueryRow[];
  run: readonly StoredQueryRow[];
  tested: readonly string[];
  described?: readonly string[];
  seed?: number;
}): StoredRunComparison {
  const baseline = perQueryValues(options.baseline);
  const run = perQueryValues(options.run);
  const sharedQueries = [...baseline.keys()].filter((queryId) => run.has(queryId));
  const available = sharedMeasures(
    sharedQueries.flatMap((queryId) => [baseline.get(queryId) ?? {}, run.get(queryId) ?? {}]),
  );
  const tested = options.tested.filter((measure) => available.has(measure));
  const described = (options.described ?? []).filter((measure) => available.has(measure));
  const [comparison] =
    tested.length && sharedQueries.length
      ? compareRuns({
          baseline,
          runs: [{ name: "run", values: run }],
          measures: tested,
          ...(options.seed === undefined ? {} : { seed: options.seed }),
        })
      : [];
  const mean = (values: PerQueryValues, measure: string) =>
    sharedQueries.reduce((sum, queryId) => sum + (values.get(queryId)?.[measure] ?? 0), 0) /
    sharedQueries.length;
  return {
    queries: sharedQueries.length,
    tested: comparison?.measures ?? {},
    described: Object.fromEntries(
      described.map((measure) => {
        const baselineMean = mean(baseline, measure);
        const runMean = mean(run, measure);
        return [measure, { baseline: baselineMean, mean: runMean, delta: runMean - baselineMean }];
      }),
    ),
  };
}
