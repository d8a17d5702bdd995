import { CONTEXT_MEASURES, type ContextMetrics, contextMeasureValues } from "@/lib/eval/context-budget";
import type { QueryMetrics } from "@/lib/eval/label-metrics";
import { bootstrapConfidenceIntervals } from "@/lib/eval/statistics/bootstrap-confidence-interval";

export type ConfidenceIntervals = Record<string, { lower: number; upper: number }>;

/**
 * Bootstrap 95% confidence intervals of every mean a run reports, keyed like the UI names them
 * (`recall@5`, `ndcg@10`, `mrr`, `map`; with `context`, the evaluated queries' context-budget
 * measures, `context_recall`, `context_precision`, `context_iou`). Seeded, so a run's intervals are
 * reproducible.
 */
export function computeConfidenceIntervals(options: {
  perQuery: QueryMetrics[];
  ks: number[];
  context?: readonly ContextMetrics[];
}): ConfidenceIntervals {
  const series: Record<string, number[]> = { mrr: [], map: [] };
  if (options.context) {
    const named = options.context.map(contextMeasureValues);
    for (const measure of CONTEXT_MEASURES) series[measure] = named.map((values) => values[measure]);
  }
  for (const k of options.ks) {
    series[`recall@${k}`] = [];
    series[`ndcg@${k}`] = [];
  }
  for (const metrics of options.perQuery) {
    series.mrr?.push(metrics.reciprocalRank);
    series.map?.push(metrics.averagePrecision);
    for (const k of options.ks) {
      series[`recall@${k}`]?.push(metrics.recall[k] ?? 0);
      series[`ndcg@${k}`]?.push(metrics.ndcg[k] ?? 0);
    }
  }
  // Series of equal length share their resamples' indices (bootstrapConfidenceIntervals): the
  // same intervals as one bootstrap per series, for one pass of the generator.
  const byLength = new Map<number, string[]>();
  for (const [name, values] of Object.entries(series))
    byLength.set(values.length, [...(byLength.get(values.length) ?? []), name]);
  const intervals: ConfidenceIntervals = {};
  for (const names of byLength.values()) {
    const computed = bootstrapConfidenceIntervals({ series: names.map((name) => series[name] ?? []) });
    names.forEach((name, index) => {
      const interval = computed[index];
      if (interval) intervals[name] = { lower: interval.lower, upper: interval.upper };
    });
  }
  return intervals;
}
