import { AppError } from "@/lib/errors";
import { createSeededRandom, DEFAULT_SEED, randomIndex } from "@/lib/eval/statistics/seeded-random";

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
}): { mean: number; lower: number; upper: number; confidence: number; resamples: number } | null {
  const { values, resamples = 2_000, confidence = 0.95, seed = DEFAULT_SEED } = options;
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new AppError("bad_request", `Resamples must be a whole number ≥ 1 (got ${resamples}).`);
  }
  if (!(confidence > 0 && confidence < 1)) {
    throw new AppError("bad_request", `Confidence must be in (0, 1) (got ${confidence}).`);
  }
  if (!values.every(Number.isFinite)) throw new AppError("bad_request", "A value is not a finite number.");
  const count = values.length;
  if (count === 0) return null;
  const random = createSeededRandom(seed);
  const means = new Float64Array(resamples);
  for (let resample = 0; resample < resamples; resample++) {
    let sum = 0;
    for (let draw = 0; draw < count; draw++) sum += values[randomIndex(random, count)] ?? 0;
    means[resample] = sum / count;
  }
  means.sort();
  const tail = (1 - confidence) / 2;
  return {
    mean: values.reduce((sum, value) => sum + value, 0) / count,
    lower: linearPercentile(means, tail),
    upper: linearPercentile(means, 1 - tail),
    confidence,
    resamples,
  };
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
