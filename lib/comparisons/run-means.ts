import { bootstrapConfidenceIntervals } from "@/lib/eval/statistics/bootstrap-confidence-interval";

export type MeanWithInterval = { mean: number; lower: number; upper: number; queries: number };

/**
 * Each run's mean of each measure over `queryIds` with its 95% percentile-bootstrap interval
 * (seeded, so a page shows the same whiskers on every load): run id → measure → interval.
 * Queries without a value for the measure are skipped; a measure with no values is null. Series
 * of the same length are resampled together (one pass of the generator; each interval is the one
 * `bootstrapConfidenceInterval` gives that series alone).
 */
export function meansWithIntervals(options: {
  runs: readonly { id: string; values: ReadonlyMap<string, Readonly<Partial<Record<string, number>>>> }[];
  queryIds: readonly string[];
  measures: readonly string[];
  resamples?: number;
}): Record<string, Record<string, MeanWithInterval | null>> {
  const series = options.runs.flatMap((run) =>
    options.measures.map((measure) => ({
      runId: run.id,
      measure,
      values: options.queryIds.flatMap((queryId) => {
        const value = run.values.get(queryId)?.[measure];
        return value === undefined ? [] : [value];
      }),
    })),
  );
  const result: Record<string, Record<string, MeanWithInterval | null>> = Object.fromEntries(
    options.runs.map((run) => [run.id, {}]),
  );
  const lengths = [...new Set(series.map((entry) => entry.values.length))];
  for (const length of lengths) {
    const group = series.filter((entry) => entry.values.length === length);
    const intervals = bootstrapConfidenceIntervals({
      series: group.map((entry) => entry.values),
      ...(options.resamples === undefined ? {} : { resamples: options.resamples }),
    });
    group.forEach((entry, index) => {
      const interval = intervals[index];
      const byMeasure = result[entry.runId] ?? {};
      byMeasure[entry.measure] = interval
        ? { mean: interval.mean, lower: interval.lower, upper: interval.upper, queries: length }
        : null;
      result[entry.runId] = byMeasure;
    });
  }
  return result;
}

/** Mean of `measure` over `queryIds` (those with a value), or null when none has one. */
export function meanOver(
  values: ReadonlyMap<string, Readonly<Partial<Record<string, number>>>>,
  queryIds: readonly string[],
  measure: string,
): number | null {
  let sum = 0;
  let count = 0;
  for (const queryId of queryIds) {
    const value = values.get(queryId)?.[measure];
    if (value === undefined) continue;
    sum += value;
    count += 1;
  }
  return count === 0 ? null : sum / count;
}
