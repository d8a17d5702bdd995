import { AppError } from "@/lib/errors";
import { createSeededRandom, DEFAULT_SEED, randomIndex } from "@/lib/eval/statistics/seeded-random";

/** A model judgment that may be sampled: `id` names it (e.g. the label's id), `grade` the judge's grade. */
export type CalibrationCandidate = { id: string; grade: number };

export type CalibrationStratum = { grade: number; available: number; sampled: number };

export type CalibrationSample<Candidate extends CalibrationCandidate> = {
  /** The sampled judgments, in a seeded random order for the annotators' queue. */
  items: Candidate[];
  /** Per model grade present, ascending: how many judgments there were and how many were drawn. */
  strata: CalibrationStratum[];
};

/**
 * A calibration sample (issue 23, item 6): `size` model judgments, stratified by the judge's grade,
 * that annotators judge blind so the judge's agreement can be measured on them. Every grade present
 * gets one judgment — a rare grade (often the top one) would otherwise be missed, and it is where a
 * judge errs most — and the other `size − grades` are shared in proportion to each grade's count
 * (largest remainders, ties to the lower grade), never more than a grade holds. Within a grade the
 * draw is a seeded shuffle of the judgments ordered by id, so the same judgments and seed give the
 * same sample whatever order they come in. The caller passes the judgments to calibrate (normally
 * the supported ones); with `size` at or above their number, all are taken.
 */
export function drawCalibrationSample<Candidate extends CalibrationCandidate>(options: {
  candidates: readonly Candidate[];
  size: number;
  seed?: number;
}): CalibrationSample<Candidate> {
  const { candidates, size, seed = DEFAULT_SEED } = options;
  if (!Number.isInteger(size) || size < 1) {
    throw new AppError(
      "bad_request",
      `A calibration sample needs a whole number of passages ≥ 1 (got ${size}).`,
    );
  }
  const ids = new Set(candidates.map((candidate) => candidate.id));
  if (ids.size !== candidates.length) throw new AppError("bad_request", "Two model judgments share an id.");
  const byGrade = new Map<number, Candidate[]>();
  for (const candidate of [...candidates].sort((a, b) => compareIds(a.id, b.id))) {
    const stratum = byGrade.get(candidate.grade);
    if (stratum) stratum.push(candidate);
    else byGrade.set(candidate.grade, [candidate]);
  }
  const strata = [...byGrade.keys()].sort((a, b) => a - b);
  if (size < strata.length) {
    throw new AppError(
      "bad_request",
      `A calibration sample of ${size} cannot hold one passage for each of the ${strata.length} grades the judge gave.`,
    );
  }
  const allocation = allocate({
    available: strata.map((grade) => byGrade.get(grade)!.length),
    size: Math.min(size, candidates.length),
  });
  const random = createSeededRandom(seed);
  const items = strata.flatMap((grade, index) =>
    shuffle(byGrade.get(grade)!, random).slice(0, allocation[index]),
  );
  return {
    items: shuffle(items, random),
    strata: strata.map((grade, index) => ({
      grade,
      available: byGrade.get(grade)!.length,
      sampled: allocation[index]!,
    })),
  };
}

/**
 * One per stratum, then the rest in proportion to each stratum's size by largest remainders,
 * capped at what a stratum holds (size ≤ Σ available and size ≥ strata, checked by the caller).
 */
function allocate(options: { available: readonly number[]; size: number }): number[] {
  const { available, size } = options;
  const total = available.reduce((sum, count) => sum + count, 0);
  const rest = size - available.length;
  const shares = available.map((count) => (rest * count) / total);
  const allocation = shares.map((share) => 1 + Math.floor(share));
  // Each share is below its stratum's count (rest < total), so 1 + floor(share) never exceeds it.
  let left = size - allocation.reduce((sum, count) => sum + count, 0);
  const order = shares
    .map((share, index) => ({ index, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  // A capped stratum passes its turn on; total capacity exceeds what is left, so this ends.
  while (left > 0) {
    for (const { index } of order) {
      if (left === 0) break;
      if (allocation[index]! < available[index]!) {
        allocation[index]!++;
        left--;
      }
    }
  }
  return allocation;
}

/** A seeded Fisher–Yates shuffle into a new array. */
function shuffle<Item>(items: readonly Item[], random: () => number): Item[] {
  const shuffled = [...items];
  for (let index = shuffled.length - 1; index > 0; index--) {
    const other = randomIndex(random, index + 1);
    [shuffled[index], shuffled[other]] = [shuffled[other]!, shuffled[index]!];
  }
  return shuffled;
}

/** Code-unit order, so the sample does not depend on the locale. */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
