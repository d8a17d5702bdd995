import { AppError } from "@/lib/errors";

export type QueryDelta = {
  queryId: string;
  baseline: number;
  candidate: number;
  /** candidate − baseline. */
  delta: number;
  outcome: "win" | "loss" | "tie";
};

/**
 * Per-query differences of one measure between a baseline and a candidate run, over the same
 * queries. A win is delta > tolerance, a loss delta < −tolerance, anything else a tie. The
 * default tolerance (1e-9) only absorbs floating-point noise; pass a larger one (say 0.01) to
 * call small moves ties. `meanDelta` is 0 when there are no pairs.
 */
export function computePerQueryDeltas(options: {
  pairs: { queryId: string; baseline: number; candidate: number }[];
  tolerance?: number;
}): { deltas: QueryDelta[]; wins: number; losses: number; ties: number; meanDelta: number } {
  const { pairs, tolerance = 1e-9 } = options;
  if (!(tolerance >= 0)) throw new AppError("bad_request", `The tolerance must be ≥ 0 (got ${tolerance}).`);
  const seen = new Set<string>();
  let wins = 0;
  let losses = 0;
  let sum = 0;
  const deltas = pairs.map(({ queryId, baseline, candidate }): QueryDelta => {
    if (seen.has(queryId)) throw new AppError("bad_request", `Query ${queryId} is paired twice.`);
    seen.add(queryId);
    if (!Number.isFinite(baseline) || !Number.isFinite(candidate)) {
      throw new AppError("bad_request", `Query ${queryId} has a value that is not a finite number.`);
    }
    const delta = candidate - baseline;
    sum += delta;
    const outcome = delta > tolerance ? "win" : delta < -tolerance ? "loss" : "tie";
    if (outcome === "win") wins += 1;
    if (outcome === "loss") losses += 1;
    return { queryId, baseline, candidate, delta, outcome };
  });
  return {
    deltas,
    wins,
    losses,
    ties: pairs.length - wins - losses,
    meanDelta: pairs.length === 0 ? 0 : sum / pairs.length,
  };
}
