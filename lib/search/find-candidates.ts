import { type CorpusChunk, chunkCorpus } from "@/lib/chunking/chunk-corpus";
import type { Db } from "@/lib/db/client";
import { loadCorpusDocuments } from "@/lib/db/corpora";
import { Bm25Index } from "@/lib/retrieval/bm25-index";

/** Passage size the labeling page searches with: small enough for a readable snippet. */
const CANDIDATE_CHUNKING = { strategy: "fixed-characters", size: 300, overlap: 60 } as const;

type CachedIndex = {
  key: string;
  index: Bm25Index;
  chunks: CorpusChunk[];
  texts: string[];
  documents: { id: string; externalId: string; title: string }[];
};

const globalForCandidates = globalThis as unknown as { goldensetCandidateIndexes?: Map<string, CachedIndex> };
globalForCandidates.goldensetCandidateIndexes ??= new Map();
const cache = globalForCandidates.goldensetCandidateIndexes;

async function corpusIndex(prisma: Db, corpusId: string): Promise<CachedIndex> {
  // The index is rebuilt when any document of the corpus changed (count or latest update).
  const stamp = await prisma.document.aggregate({
    where: { corpusId },
    _count: true,
    _max: { updatedAt: true },
  });
  const key = `${stamp._count}:${stamp._max.updatedAt?.toISOString() ?? ""}`;
  const cached = cache.get(corpusId);
  if (cached?.key === key) return cached;
  const documents = await loadCorpusDocuments(prisma, corpusId);
  const { chunks, texts } = chunkCorpus({ documents, chunking: CANDIDATE_CHUNKING });
  const built: CachedIndex = {
    key,
    index: Bm25Index.build({ texts }),
    chunks,
    texts,
    documents: documents.map(({ id, externalId, title }) => ({ id, externalId, title })),
  };
  cache.set(corpusId, built);
  return built;
}

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
