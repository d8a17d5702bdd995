export type RunMetrics = {
  /** recall@k keyed by k as a string ("1", "5", …), each 0..1. */
  recall: Record<string, number>;
  mrr: number;
  /** Queries with at least one relevant label (in the means). */
  evaluated: number;
  /** Queries left out of the means (no relevant labels). */
  excluded: number;
};

/** Metrics are shown and compared at this many decimals. */
export const METRIC_DECIMALS = 3;

export function formatMetric(value: number | undefined): string {
  return typeof value === "number" && Number.isFinite(value) ? value.toFixed(METRIC_DECIMALS) : "–";
}

const rounded = (value: number) => Number(value.toFixed(METRIC_DECIMALS));

/**
 * The best (highest) value of each metric column, compared at display precision so that two
 * runs showing the same number are both marked. Null when fewer than two runs have a value:
 * a single run is not "best" at anything.
 */
export function bestMetricValues(metrics: readonly (RunMetrics | null)[], ks: readonly number[]) {
  const best = (values: (number | undefined)[]) => {
    const finite = values.filter(
      (value): value is number => typeof value === "number" && Number.isFinite(value),
    );
    return finite.length < 2 ? null : Math.max(...finite.map(rounded));
  };
  const present = metrics.filter((entry): entry is RunMetrics => entry !== null);
  const recall: Record<string, number | null> = {};
  for (const k of ks) recall[String(k)] = best(present.map((entry) => entry.recall[String(k)]));
  return { recall, mrr: best(present.map((entry) => entry.mrr)) };
}

export function isBest(value: number | undefined, best: number | null): boolean {
  return best !== null && typeof value === "number" && Number.isFinite(value) && rounded(value) === best;
}
