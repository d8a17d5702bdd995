import { AppError } from "@/lib/errors";
/** A retrieved item: an id (chunk or document) and the retriever's score, higher is better. */
export type ScoredId = { id: string; score: number };

/**
 * Reciprocal rank fusion (Cormack, Clarke & Büttcher 2009): score(d) = Σ over rankings of
 * 1 / (k + rank(d)), rank 1-based. Each ranking is taken in array order (best first) — scores
 * are ignored, which is why RRF needs no normalization. Only the first `depth` items of each
 * ranking take part (default: all); an id repeated within one ranking counts at its first rank.
 * Result: every fused id, best first; ties by best single rank, then id, so output is deterministic.
 */
export function fuseReciprocalRank(options: {
  rankings: readonly (readonly ScoredId[])[];
  k?: number;
  depth?: number;
}): ScoredId[] {
  const k = options.k ?? 60;
  if (!(k >= 0)) throw new AppError("bad_request", `RRF k must be ≥ 0, got ${k}`);
  const depth = options.depth ?? Number.POSITIVE_INFINITY;
  const fused = new Map<string, { score: number; bestRank: number }>();
  for (const ranking of options.rankings) {
    const seen = new Set<string>();
    const limit = Math.min(depth, ranking.length);
    for (let position = 0; position < limit; position++) {
      const { id } = ranking[position]!;
      if (seen.has(id)) continue;
      seen.add(id);
      const rank = position + 1;
      const entry = fused.get(id) ?? { score: 0, bestRank: rank };
      entry.score += 1 / (k + rank);
      entry.bestRank = Math.min(entry.bestRank, rank);
      fused.set(id, entry);
    }
  }
  return [...fused.entries()]
    .sort(([idA, a], [idB, b]) => b.score - a.score || a.bestRank - b.bestRank || compareIds(idA, idB))
    .map(([id, { score }]) => ({ id, score }));
}

export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
