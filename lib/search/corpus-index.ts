import { type CorpusChunk, chunkCorpus } from "@/lib/chunking/chunk-corpus";
import type { Db } from "@/lib/db/client";
import { type CurrentDocument, loadCorpusDocuments } from "@/lib/db/current-documents";
import { type Bm25Hit, Bm25Index } from "@/lib/retrieval/bm25-index";

/** Passage size the labeling page searches with: small enough for a readable snippet. */
export const CANDIDATE_CHUNKING = { strategy: "fixed-characters", size: 300, overlap: 60 } as const;

/** A corpus's current documents, chunked and indexed for BM25, as the labeling pages search it. */
export type CorpusIndex = {
  key: string;
  index: Bm25Index;
  chunks: CorpusChunk[];
  texts: string[];
  documents: CurrentDocument[];
  /** Document position by id, and by external id lowercased. */
  byId: Map<string, number>;
  byExternalId: Map<string, number>;
  /** BM25 hits by depth and query text, kept with the index so they go when it is rebuilt. */
  searches: Map<string, Bm25Hit[]>;
};

/** Searches remembered per index: one workspace page per query and depth, a set's worth. */
const SEARCHES_PER_INDEX = 5_000;

/**
 * `index.index.search(text, depth)`, remembered on the index: the same query's candidates are
 * read on every page load of it, and the answer changes only when the corpus does (a new index).
 */
export function searchIndex(index: CorpusIndex, text: string, depth: number): Bm25Hit[] {
  const key = `${depth}\u0000${text}`;
  const known = index.searches.get(key);
  if (known) return known;
  const hits = index.index.search(text, depth);
  // oldest first out: a Map iterates in insertion order
  if (index.searches.size >= SEARCHES_PER_INDEX)
    index.searches.delete(index.searches.keys().next().value ?? "");
  index.searches.set(key, hits);
  return hits;
}

type CacheEntry = { key: string; built: Promise<CorpusIndex> };

const globalForIndexes = globalThis as unknown as { goldensetCandidateIndexes?: Map<string, CacheEntry> };
globalForIndexes.goldensetCandidateIndexes ??= new Map();
const cache = globalForIndexes.goldensetCandidateIndexes;

/**
 * The cached index of a corpus, rebuilt when any of its documents changed (count or latest
 * update). Concurrent callers share one build. One small query per call checks the stamp.
 */
export async function corpusIndex(prisma: Db, corpusId: string): Promise<CorpusIndex> {
  const key = await corpusStamp(prisma, corpusId);
  const cached = cache.get(corpusId);
  if (cached?.key === key) return cached.built;
  const built = buildIndex(prisma, corpusId, key);
  cache.set(corpusId, { key, built });
  built.catch(() => {
    if (cache.get(corpusId)?.built === built) cache.delete(corpusId);
  });
  return built;
}

/** Changes whenever a document of the corpus is added, removed or edited: a cache key. */
export async function corpusStamp(prisma: Db, corpusId: string): Promise<string> {
  const stamp = await prisma.document.aggregate({
    where: { corpusId },
    _count: true,
    _max: { updatedAt: true },
  });
  return `${stamp._count}:${stamp._max.updatedAt?.toISOString() ?? ""}`;
}

async function buildIndex(prisma: Db, corpusId: string, key: string): Promise<CorpusIndex> {
  const documents = await loadCorpusDocuments(prisma, corpusId);
  const { chunks, texts } = chunkCorpus({ documents, chunking: CANDIDATE_CHUNKING });
  return {
    key,
    index: Bm25Index.build({ texts }),
    chunks,
    texts,
    documents,
    byId: new Map(documents.map((document, position) => [document.id, position])),
    byExternalId: new Map(
      documents.map((document, position) => [document.externalId.toLowerCase(), position]),
    ),
    searches: new Map(),
  };
}
