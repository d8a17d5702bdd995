/** One retrieved passage of a run: its query's key, its document's id, its rank (1-based) and score. */
export type RunHit = { queryKey: string; documentId: string; rank: number; score: number };

/**
 * A run as a TREC run file at document level (`qid Q0 docid rank score tag`): each document once
 * per query, at its first (best) rank, ranks renumbered 1…n; queries in key order. Scores are made
 * strictly decreasing in rank order (trec_eval sorts by score, not rank; ties and passage scores
 * lower than a later document's would reorder it), so trec_eval sees the app's order exactly.
 */
export function formatDocumentTrecRun(hits: readonly RunHit[], options: { tag: string }): string {
  const tag = options.tag.replace(/\s+/g, "_") || "goldenset";
  const byQuery = new Map<string, RunHit[]>();
  for (const hit of hits) byQuery.set(hit.queryKey, [...(byQuery.get(hit.queryKey) ?? []), hit]);
  const lines: string[] = [];
  for (const queryKey of [...byQuery.keys()].sort()) {
    const seen = new Set<string>();
    const ranked = [...(byQuery.get(queryKey) ?? [])].sort((a, b) => a.rank - b.rank);
    const documents = ranked.filter((hit) => !seen.has(hit.documentId) && seen.add(hit.documentId));
    documents.forEach((hit, index) => {
      const score = documents.length - index; // strictly decreasing: trec_eval keeps this order
      lines.push(`${queryKey} Q0 ${hit.documentId} ${index + 1} ${score} ${tag}`);
    });
  }
  return lines.length ? `${lines.join("\n")}\n` : "";
}
