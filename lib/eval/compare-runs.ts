import { AppError } from "@/lib/errors";
import { bootstrapConfidenceIntervals } from "@/lib/eval/statistics/bootstrap-confidence-interval";
import { adjustHolmBonferroni } from "@/lib/eval/statistics/holm-bonferroni";
import { pairedRandomizationTest } from "@/lib/eval/statistics/paired-randomization-test";
import { pairedTTest } from "@/lib/eval/statistics/paired-t-test";
import { computePerQueryDeltas } from "@/lib/eval/statistics/per-query-deltas";
import { DEFAULT_SEED } from "@/lib/eval/statistics/seeded-random";

/** Each query's value of each measure in one run: queryId → measure → value. */
export type PerQueryValues = ReadonlyMap<string, Readonly<Record<string, number>>>;

export type SignificanceTest = "randomization" | "t-test";

export type MeasureComparison = {
  /** Mean of the baseline over the queries both runs evaluated. */
  baseline: number;
  /** Mean of the run over the same queries. */
  mean: number;
  /** mean − baseline. */
  delta: number;
  /** 95% percentile-bootstrap interval of the mean per-query delta; null without queries. */
  ci95: [number, number] | null;
  /** Two-sided paired p-value of "no difference"; null when the test has too few queries. */
  p: number | null;
  /** Holm-adjusted across every run and measure of the comparison. */
  pAdjusted: number | null;
  wins: number;
  losses: number;
  ties: number;
  /** pAdjusted ≤ alpha. */
  significant: boolean;
};

export type RunComparison = {
  name: string;
  /** Queries both this run and the baseline evaluated: what the numbers stand on. */
  queries: number;
  measures: Record<string, MeasureComparison>;
  /** Per measure, each shared query's delta (run − baseline), in the baseline's query order. */
  deltas: Record<string, { queryId: string; baseline: number; value: number; delta: number }[]>;
};

export type CompareRunsOptions = {
  baseline: PerQueryValues;
  runs: { name: string; values: PerQueryValues }[];
  measures: string[];
  test?: SignificanceTest;
  /** Random sign flips of the randomization test (default DEFAULT_PERMUTATIONS; exact enumeration when 2^n is fewer). */
  permutations?: number;
  /** Bootstrap resamples of the delta's interval (default 2,000). */
  resamples?: number;
  seed?: number;
  alpha?: number;
};

/**
 * Compares runs with a baseline, measure by measure, on the queries both evaluated: means,
 * delta with a 95% bootstrap interval, a paired test (randomization by default, or Student's t),
 * Holm's adjustment over every (run, measure) pair shown, and per-query wins, losses and ties.
 * The comparison page and `goldenset compare`/`gate` all answer from this function.
 */
export function compareRuns(options: CompareRunsOptions): RunComparison[] {
  const { baseline, runs, measures, test = "randomization", alpha = 0.05, seed = DEFAULT_SEED } = options;
  if (measures.length === 0) throw new AppError("bad_request", "Choose at least one measure to compare.");
  if (!(alpha > 0 && alpha < 1)) throw new AppError("bad_request", `Alpha must be in (0, 1) (got ${alpha}).`);
  const comparisons = runs.map((run) => compareOne(baseline, run, measures, { ...options, test, seed }));
  const flat = comparisons.flatMap((comparison) => measures.map((measure) => comparison.measures[measure]));
  const tested = flat.filter((entry): entry is MeasureComparison & { p: number } => entry?.p != null);
  const adjusted = adjustHolmBonferroni({ pValues: tested.map((entry) => entry.p) });
  tested.forEach((entry, index) => {
    entry.pAdjusted = adjusted[index] ?? null;
    entry.significant = entry.pAdjusted !== null && entry.pAdjusted <= alpha;
  });
  return comparisons;
}

function compareOne(
  baseline: PerQueryValues,
  run: { name: string; values: PerQueryValues },
  measures: string[],
  options: CompareRunsOptions & { test: SignificanceTest; seed: number },
): RunComparison {
  const shared = [...baseline.keys()].filter((queryId) => run.values.has(queryId));
  const comparison: RunComparison = { name: run.name, queries: shared.length, measures: {}, deltas: {} };
  const perMeasure = measures.map((measure) => {
    const pairs = shared.map((queryId) => ({
      queryId,
      baseline: measureValue(baseline, queryId, measure, "the baseline"),
      candidate: measureValue(run.values, queryId, measure, run.name),
    }));
    const { deltas, wins, losses, ties } = computePerQueryDeltas({ pairs });
    return { measure, pairs, deltas, wins, losses, ties, differences: deltas.map((entry) => entry.delta) };
  });
  // one bootstrap pass for every measure: the same resampled queries, the same intervals as one by one
  const intervals = bootstrapConfidenceIntervals({
    series: perMeasure.map((entry) => entry.differences),
    seed: options.seed,
    ...(options.resamples === undefined ? {} : { resamples: options.resamples }),
  });
  perMeasure.forEach(({ measure, pairs, deltas, wins, losses, ties, differences }, index) => {
    const interval = intervals[index] ?? null;
    const p =
      differences.length === 0
        ? null
        : options.test === "t-test"
          ? (pairedTTest({ differences })?.pValue ?? null)
          : pairedRandomizationTest({
              differences,
              seed: options.seed,
              ...(options.permutations === undefined ? {} : { permutations: options.permutations }),
            }).pValue;
    const baselineMean = mean(pairs.map((pair) => pair.baseline));
    const runMean = mean(pairs.map((pair) => pair.candidate));
    comparison.measures[measure] = {
      baseline: baselineMean,
      mean: runMean,
      delta: runMean - baselineMean,
      ci95: interval ? [interval.lower, interval.upper] : null,
      p,
      pAdjusted: null,
      wins,
      losses,
      ties,
      significant: false,
    };
    comparison.deltas[measure] = deltas.map((entry) => ({
      queryId: entry.queryId,
      baseline: entry.baseline,
      value: entry.candidate,
      delta: entry.delta,
    }));
  });
  return comparison;
}

function measureValue(values: PerQueryValues, queryId: string, measure: string, runName: string): number {
  const value = values.get(queryId)?.[measure];
  if (value === undefined) {
    throw new AppError("bad_request", `${runName} has no ${measure} for query ${queryId}.`);
  }
  return value;
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}
