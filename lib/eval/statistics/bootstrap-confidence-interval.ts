import { AppError } from "@/lib/errors";
import { createSeededRandom, DEFAULT_SEED, randomIndex } from "@/lib/eval/statistics/seeded-random";

export type BootstrapInterval = {
  mean: number;
  lower: number;
  upper: number;
  confidence: number;
  resamples: number;
};

/**
 * Percentile-bootstrap confidence interval of a mean (e.g. of per-query recall@10). Draws
 * `resamples` samples of n values with replacement from a seeded generator, takes each sample's
 * mean, and reports the (1 − confidence)/2 and (1 + confidence)/2 percentiles of those means
 * (linear interpolation between order statistics, `linearPercentile`). Returns null for no values.
 */
export function bootstrapConfidenceInterval(options: {
  values: number[];
  /** Default 2,000. */
  resamples?: number;
  /** Default 0.95. */
  confidence?: number;
  seed?: number;
}): BootstrapInterval | null {
  const { values, ...rest } = options;
  return bootstrapConfidenceIntervals({ series: [values], ...rest })[0] ?? null;
}

/**
 * `bootstrapConfidenceInterval` of several series of the same n values at once (the measures of
 * one run's queries, paired by query): each resample draws one set of indices and sums every
 * series over it. With the same seed the indices are those each series would draw alone, so each
 * interval equals `bootstrapConfidenceInterval` of that series — computed with one pass of the
 * generator instead of one per series. Every entry is null when n is 0.
 */
export function bootstrapConfidenceIntervals(options: {
  series: readonly number[][];
  resamples?: number;
  confidence?: number;
  seed?: number;
}): (BootstrapInterval | null)[] {
  const { series, resamples = 2_000, confidence = 0.95, seed = DEFAULT_SEED } = options;
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new AppError("bad_request", `Resamples must be a whole number ≥ 1 (got ${resamples}).`);
  }
  if (!(confidence > 0 && confidence < 1)) {
    throw new AppError("bad_request", `Confidence must be in (0, 1) (got ${confidence}).`);
  }
  const count = series[0]?.length ?? 0;
  if (series.some((values) => values.length !== count)) {
    throw new AppError("bad_request", "Bootstrapped series must have the same number of values.");
  }
  if (!series.every((values) => values.every(Number.isFinite))) {
    throw new AppError("bad_request", "A value is not a finite number.");
  }
  if (count === 0) return series.map(() => null);
  const columns = series.map((values) => Float64Array.from(values));
  const means = columns.map(() => new Float64Array(resamples));
  const indices = new Int32Array(count);
  const random = createSeededRandom(seed);
  for (let resample = 0; resample < resamples; resample++) {
    for (let draw = 0; draw < count; draw++) indices[draw] = randomIndex(random, count);
    columns.forEach((column, position) => {
      let sum = 0;
      for (let draw = 0; draw < count; draw++) sum += column[indices[draw] as number] as number;
      (means[position] as Float64Array)[resample] = sum / count;
    });
  }
  const tail = (1 - confidence) / 2;
  return series.map((values, column) => {
    const sorted = (means[column] as Float64Array).sort();
    return {
      mean: values.reduce((sum, value) => sum + value, 0) / count,
      lower: linearPercentile(sorted, tail),
      upper: linearPercentile(sorted, 1 - tail),
      confidence,
      resamples,
    };
  });
}

/**
 * The `fraction` percentile (0 … 1) of ascending `sorted` values, interpolating linearly between
 * order statistics at position (n − 1) × fraction — the default of numpy and R's type 7.
 */
export function linearPercentile(sorted: ArrayLike<number>, fraction: number): number {
  if (sorted.length === 0) throw new AppError("bad_request", "A percentile of no values.");
  const position = (sorted.length - 1) * fraction;
  const below = Math.floor(position);
  const lowerValue = sorted[below] ?? 0;
  const upperValue = sorted[Math.min(below + 1, sorted.length - 1)] ?? lowerValue;
  return lowerValue + (position - below) * (upperValue - lowerValue);
}
