import type { Db } from "@/lib/db/client";
import { corpusIndex } from "@/lib/search/corpus-index";

export type Candidate = {
  documentId: string;
  externalId: string;
  title: string;
  snippet: string;
  score: number;
  rank: number;
};

/** BM25 candidates for labeling: the best passage per document, best documents first. */
export async function findCandidates(
  prisma: Db,
  options: { corpusId: string; query: string; limit: number },
): Promise<Candidate[]> {
  const { index, chunks, texts, documents } = await corpusIndex(prisma, options.corpusId);
  const seen = new Set<number>();
  const candidates: Candidate[] = [];
  for (const hit of index.search(options.query, options.limit * 8)) {
    const chunk = chunks[hit.index];
    const document = chunk ? documents[chunk.documentIndex] : undefined;
    if (!chunk || !document || seen.has(chunk.documentIndex)) continue;
    seen.add(chunk.documentIndex);
    candidates.push({
      documentId: document.id,
      externalId: document.externalId,
      title: document.title,
      snippet: wordAlignedSnippet(texts[hit.index] ?? ""),
      score: hit.score,
      rank: candidates.length + 1,
    });
    if (candidates.length >= options.limit) break;
  }
  return candidates;
}

/** A chunk cut mid-word reads badly: drop the partial words at both ends, collapse whitespace. */
export function wordAlignedSnippet(chunk: string): string {
  const start = /^\S*\s/.exec(chunk)?.[0].length ?? 0;
  const lastSpace = chunk.search(/\s\S*$/);
  const end = lastSpace > start ? lastSpace : chunk.length;
  return `…${chunk.slice(start, end).replace(/\s+/g, " ").trim()}…`;
}
