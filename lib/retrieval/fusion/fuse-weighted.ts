import { AppError } from "@/lib/errors";
import { compareIds, type ScoredId } from "@/lib/retrieval/fusion/fuse-reciprocal-rank";

export type ScoreNormalization = "min-max" | "z-score";

/**
 * Weighted (convex) fusion of two retrievers' scores: fused = alpha · norm₁ + (1 − alpha) · norm₂,
 * so alpha = 1 is the first list alone and alpha = 0 the second. Scores are normalized per list,
 * over its first `depth` items (default: all):
 * - "min-max": (s − min) / (max − min) ∈ [0, 1]; a list whose scores are all equal maps to 0;
 * - "z-score": (s − mean) / std (population std); a list with std 0 maps to 0.
 * An id missing from one list gets that list's normalized minimum (0 under min-max, the lowest z
 * under z-score), not 0: the list was cut at depth, so whatever it did not return scored at most
 * its last item, and under z-score 0 is the mean — absence must not beat a returned item.
 * Ties: the list with the larger weight decides by rank (first list when alpha ≥ 0.5), then the
 * other list, then id; so alpha = 1 (or 0) reproduces that list's order, followed by the rest.
 */
export function fuseWeighted(options: {
  first: readonly ScoredId[];
  second: readonly ScoredId[];
  alpha: number;
  normalization: ScoreNormalization;
  depth?: number;
}): ScoredId[] {
  const { alpha } = options;
  if (!(alpha >= 0 && alpha <= 1))
    throw new AppError("bad_request", `alpha must be within [0, 1], got ${alpha}`);
  const depth = options.depth ?? Number.POSITIVE_INFINITY;
  const first = normalizeList(options.first, depth, options.normalization);
  const second = normalizeList(options.second, depth, options.normalization);
  const ids = new Set([...first.byId.keys(), ...second.byId.keys()]);
  const fused = [...ids].map((id) => {
    const a = first.byId.get(id);
    const b = second.byId.get(id);
    const score = alpha * (a?.normalized ?? first.minimum) + (1 - alpha) * (b?.normalized ?? second.minimum);
    return { id, score, firstRank: a?.rank ?? Infinity, secondRank: b?.rank ?? Infinity };
  });
  const firstDecides = alpha >= 0.5;
  return fused
    .sort((x, y) => {
      const [majorX, minorX, majorY, minorY] = firstDecides
        ? [x.firstRank, x.secondRank, y.firstRank, y.secondRank]
        : [x.secondRank, x.firstRank, y.secondRank, y.firstRank];
      return (
        y.score - x.score ||
        compareRanks(majorX, majorY) ||
        compareRanks(minorX, minorY) ||
        compareIds(x.id, y.id)
      );
    })
    .map(({ id, score }) => ({ id, score }));
}

function compareRanks(a: number, b: number): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

/** First occurrence of each id within depth, with its 1-based rank and normalized score. */
function normalizeList(
  list: readonly ScoredId[],
  depth: number,
  normalization: ScoreNormalization,
): { byId: Map<string, { rank: number; normalized: number }>; minimum: number } {
  const kept: ScoredId[] = [];
  const seen = new Set<string>();
  for (const item of list) {
    if (kept.length >= depth) break;
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    kept.push(item);
  }
  const scores = kept.map((item) => item.score);
  const normalize = createNormalizer(scores, normalization);
  const byId = new Map(
    kept.map((item, position) => [item.id, { rank: position + 1, normalized: normalize(item.score) }]),
  );
  const minimum = scores.length === 0 ? 0 : normalize(lowest(scores));
  return { byId, minimum };
}

function createNormalizer(scores: number[], normalization: ScoreNormalization): (score: number) => number {
  if (scores.length === 0) return () => 0;
  if (normalization === "min-max") {
    const min = lowest(scores);
    const range = -lowest(scores.map((score) => -score)) - min;
    return range === 0 ? () => 0 : (score) => (score - min) / range;
  }
  const mean = scores.reduce((sum, score) => sum + score, 0) / scores.length;
  const std = Math.sqrt(scores.reduce((sum, score) => sum + (score - mean) ** 2, 0) / scores.length);
  return std === 0 ? () => 0 : (score) => (score - mean) / std;
}

/** Minimum without spreading (Math.min(...xs) overflows the stack on long lists). */
function lowest(scores: readonly number[]): number {
  let minimum = Number.POSITIVE_INFINITY;
  for (const score of scores) if (score < minimum) minimum = score;
  return minimum;
}
