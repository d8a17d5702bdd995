/** A ranked hit of one configuration: a span of a document, 1-based rank. */
type RankedSpan = { documentId: string; start: number; end: number; rank: number };

/** One configuration's ranking for the query. */
export type SourceRanking = { name: string; hits: readonly RankedSpan[] };

export type PooledSpan = {
  documentId: string;
  start: number;
  end: number;
  /** Each configuration's best rank among the merged spans, best rank first (ties by name). */
  sources: { name: string; rank: number }[];
};

/** Reciprocal-rank-fusion constant (Cormack et al.), used only to order the pool for display. */
const FUSION_K = 60;

/**
 * TREC-style pooling: the union of the top `depth` hits of every ranking, deduplicated by
 * overlapping span within a document — spans that overlap (share at least one character) merge
 * into one passage covering them all, transitively. Each passage lists which configurations
 * retrieved it and at what (best) rank.
 *
 * Order (a pool has none; this is for reading): by reciprocal-rank fusion, Σ 1/(60 + rank) over
 * the sources — passages several configurations found high come first — then by best rank, then
 * by document id and start, so the result is deterministic.
 */
export function poolPassages(options: { rankings: readonly SourceRanking[]; depth: number }): PooledSpan[] {
  const { depth } = options;
  const byDocument = new Map<string, { start: number; end: number; name: string; rank: number }[]>();
  for (const ranking of options.rankings) {
    const top = [...ranking.hits]
      .filter((hit) => hit.end > hit.start)
      .sort((a, b) => a.rank - b.rank)
      .slice(0, depth);
    for (const hit of top) {
      const spans = byDocument.get(hit.documentId) ?? [];
      spans.push({ start: hit.start, end: hit.end, name: ranking.name, rank: hit.rank });
      byDocument.set(hit.documentId, spans);
    }
  }

  const pooled: (PooledSpan & { fused: number; best: number })[] = [];
  for (const [documentId, spans] of byDocument) {
    spans.sort((a, b) => a.start - b.start || a.end - b.end);
    let current: { start: number; end: number; ranks: Map<string, number> } | null = null;
    const flush = () => {
      if (current) pooled.push(passageOf(documentId, current));
    };
    for (const span of spans) {
      if (current && span.start < current.end) {
        current.end = Math.max(current.end, span.end);
      } else {
        flush();
        current = { start: span.start, end: span.end, ranks: new Map() };
      }
      const known = current.ranks.get(span.name);
      if (known === undefined || span.rank < known) current.ranks.set(span.name, span.rank);
    }
    flush();
  }
  pooled.sort(
    (a, b) =>
      b.fused - a.fused ||
      a.best - b.best ||
      (a.documentId < b.documentId ? -1 : a.documentId > b.documentId ? 1 : 0) ||
      a.start - b.start,
  );
  return pooled.map(({ documentId, start, end, sources }) => ({ documentId, start, end, sources }));
}

function passageOf(
  documentId: string,
  merged: { start: number; end: number; ranks: Map<string, number> },
): PooledSpan & { fused: number; best: number } {
  const sources = [...merged.ranks]
    .map(([name, rank]) => ({ name, rank }))
    .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name));
  return {
    documentId,
    start: merged.start,
    end: merged.end,
    sources,
    fused: sources.reduce((sum, source) => sum + 1 / (FUSION_K + source.rank), 0),
    best: sources[0]?.rank ?? Number.POSITIVE_INFINITY,
  };
}

/**
 * Groups passages by document, documents in the order of their first passage (passages keep
 * their order inside a document): one entry per document for j/k, which walk documents.
 */
export function groupByDocument<T extends { documentId: string }>(
  passages: readonly T[],
): { documentId: string; passages: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const passage of passages) {
    const group = groups.get(passage.documentId);
    if (group) group.push(passage);
    else groups.set(passage.documentId, [passage]);
  }
  return [...groups].map(([documentId, grouped]) => ({ documentId, passages: grouped }));
}
