import type { Db } from "@/lib/db/client";
import { getGoldenSet } from "@/lib/db/golden-sets";
import { buildExcerpt, queryTermSet } from "@/lib/pooling/build-excerpt";
import type { TextExcerpt } from "@/lib/pooling/candidate-pool";
import { CANDIDATE_CHUNKING, corpusIndex } from "@/lib/search/corpus-index";

type CorpusSearchHit = {
  document: { id: string; externalId: string; title: string };
  /** The best-matching passage: UTF-16 offsets into the document's current text, end exclusive. */
  span: { start: number; end: number };
  /** BM25 score of the passage; null for a document found by its id. */
  score: number | null;
  excerpt: TextExcerpt;
};

export type CorpusSearchResult = { query: string; results: CorpusSearchHit[] };

/**
 * Full-text search of a set's corpus for annotators looking for what no configuration
 * retrieved: BM25 over every document's text in 300-character passages (the cached index the
 * candidates use, so nothing is read from the database but a stamp), best passage per document,
 * best documents first. A query equal to a document's external id (any case) finds it first.
 */
export async function searchCorpus(
  prisma: Db,
  options: { setId: string; query: string; limit?: number },
): Promise<CorpusSearchResult> {
  const limit = options.limit ?? 20;
  const query = options.query.trim();
  const set = await getGoldenSet(prisma, options.setId);
  if (!query) return { query, results: [] };
  const index = await corpusIndex(prisma, set.corpusId);
  const terms = queryTermSet(query);
  const results: CorpusSearchHit[] = [];
  const seen = new Set<number>();

  const byId = index.byExternalId.get(query.toLowerCase());
  const named = byId === undefined ? undefined : index.documents[byId];
  if (byId !== undefined && named) {
    seen.add(byId);
    const end = Math.min(named.text.length, CANDIDATE_CHUNKING.size);
    results.push({
      document: { id: named.id, externalId: named.externalId, title: named.title },
      span: { start: 0, end },
      score: null,
      excerpt: buildExcerpt({ text: named.text, start: 0, end, terms }),
    });
  }
  for (const hit of index.index.search(query, limit * 8)) {
    if (results.length >= limit) break;
    const chunk = index.chunks[hit.index];
    const document = chunk ? index.documents[chunk.documentIndex] : undefined;
    if (!chunk || !document || seen.has(chunk.documentIndex)) continue;
    seen.add(chunk.documentIndex);
    results.push({
      document: { id: document.id, externalId: document.externalId, title: document.title },
      span: { start: chunk.start, end: chunk.end },
      score: hit.score,
      excerpt: buildExcerpt({ text: document.text, start: chunk.start, end: chunk.end, terms }),
    });
  }
  return { query, results };
}
