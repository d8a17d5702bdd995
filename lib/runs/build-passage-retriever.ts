import { chunkCorpus } from "@/lib/chunking/chunk-corpus";
import type { ChunkingConfig, RerankerConfig, RetrieverConfig } from "@/lib/configs/config-schema";
import { createExternalSearchClient } from "@/lib/retrieval/external/external-search-client";
import { matchRunQueries } from "@/lib/retrieval/imported/match-run-queries";
import type { ImportedHit } from "@/lib/retrieval/imported/read-run-file";
import { createPassageLocator, type RankedPassage, type RunDocument } from "@/lib/retrieval/located-passages";
import { createRerankClient } from "@/lib/retrieval/providers/rerank-client";
import { buildRetriever } from "@/lib/runs/build-retriever";
import { dropQueryDocument } from "@/lib/runs/drop-query-document";
import { loadRunFile } from "@/lib/runs/run-files";
import type { RunServices } from "@/lib/runs/run-services";

type RunQuery = { key: string; text: string };

/**
 * Whatever a configuration retrieves with, seen the same way by the evaluation: ranked passages of
 * the corpus's documents. Built by `buildPassageRetriever`.
 */
export type PassageRetriever = {
  /** The run's chunking per document id, when the run cut documents itself (split-label report). */
  readonly documentChunks: Map<string, { start: number; end: number }[]> | undefined;
  /** How many chunks were indexed; null when the passages come from elsewhere. */
  readonly chunkCount: number | null;
  prepare(queries: readonly RunQuery[]): Promise<void>;
  /** At most `topK` passages, best first. */
  search(query: RunQuery, topK: number): Promise<RankedPassage[]>;
  /** Counts worth reporting with the run (e.g. hits that named unknown documents). */
  notes(): Record<string, number>;
};

/**
 * The first stage from the configuration's retriever, and its reranker on top when configured.
 * Chunk retrievers (BM25, dense, hybrid) cut the documents with `chunking` and index the chunks.
 * With `ignoreIdenticalIds`, the first stage never returns the query's own document
 * (dropQueryDocument), so a reranker neither sees it nor loses a candidate to it.
 */
export async function buildPassageRetriever(options: {
  retriever: RetrieverConfig;
  chunking: ChunkingConfig;
  reranker: RerankerConfig | null;
  ignoreIdenticalIds?: boolean | undefined;
  documents: readonly RunDocument[];
  services: RunServices;
}): Promise<PassageRetriever> {
  const built = await buildFirstStage(options);
  const first = options.ignoreIdenticalIds
    ? dropQueryDocument({ retriever: built, documents: options.documents })
    : built;
  return options.reranker ? withReranker(first, options.reranker, options) : first;
}

async function buildFirstStage(options: {
  retriever: RetrieverConfig;
  chunking: ChunkingConfig;
  documents: readonly RunDocument[];
  services: RunServices;
}): Promise<PassageRetriever> {
  const { retriever, documents, services } = options;
  switch (retriever.kind) {
    case "bm25":
    case "dense":
    case "hybrid":
      return buildChunkStage({ retriever, chunking: options.chunking, documents, services });
    case "external":
      return buildExternalStage({ retriever, documents, services });
    case "imported":
      return buildImportedStage({ retriever, documents, directory: services.runFilesDirectory });
  }
}

async function buildChunkStage(options: {
  retriever: Extract<RetrieverConfig, { kind: "bm25" | "dense" | "hybrid" }>;
  chunking: ChunkingConfig;
  documents: readonly RunDocument[];
  services: RunServices;
}): Promise<PassageRetriever> {
  const { chunks, texts } = chunkCorpus({ documents: [...options.documents], chunking: options.chunking });
  const documentChunks = new Map<string, { start: number; end: number }[]>();
  for (const chunk of chunks) {
    const id = options.documents[chunk.documentIndex]?.id ?? "";
    const list = documentChunks.get(id) ?? [];
    list.push({ start: chunk.start, end: chunk.end });
    documentChunks.set(id, list);
  }
  const retriever = await buildRetriever({ retriever: options.retriever, texts, services: options.services });
  return {
    documentChunks,
    chunkCount: chunks.length,
    prepare: (queries) => retriever.prepare(queries.map((query) => query.text)),
    async search(query, topK) {
      const hits = await retriever.search(query.text, topK);
      return hits.map((hit) => {
        const chunk = chunks[hit.index];
        if (!chunk) throw new Error(`The retriever returned an unknown chunk ${hit.index}`);
        return { documentIndex: chunk.documentIndex, start: chunk.start, end: chunk.end, score: hit.score };
      });
    },
    notes: () => ({}),
  };
}

/** The team's own system: one POST per query; its hits located in the corpus's documents. */
function buildExternalStage(options: {
  retriever: Extract<RetrieverConfig, { kind: "external" }>;
  documents: readonly RunDocument[];
  services: RunServices;
}): PassageRetriever {
  const { retriever, services } = options;
  const client = createExternalSearchClient({
    url: retriever.url,
    apiKey: services.secret(retriever.apiKeyEnv, "external retriever"),
    allowList: services.allowList,
    retry: { ...services.retry, timeoutMs: retriever.timeoutMs },
  });
  const locator = createPassageLocator(options.documents);
  return {
    documentChunks: undefined,
    chunkCount: null,
    prepare: async () => {},
    search: async (query, topK) => locator.locate(await client.search(query.text, topK)),
    notes: () => ({ ...locator.counts }),
  };
}

/**
 * A stored run file: its queries tied to the set's by id, then text (matchRunQueries); a set query
 * the file has no results for is evaluated with an empty ranking and counted.
 */
async function buildImportedStage(options: {
  retriever: Extract<RetrieverConfig, { kind: "imported" }>;
  documents: readonly RunDocument[];
  directory: string;
}): Promise<PassageRetriever> {
  const run = await loadRunFile(options.retriever.file, options.directory);
  const locator = createPassageLocator(options.documents);
  const hitsBySetKey = new Map<string, ImportedHit[]>();
  let queriesWithoutResults = 0;
  return {
    documentChunks: undefined,
    chunkCount: null,
    async prepare(queries) {
      const matching = matchRunQueries({
        runQueryKeys: run.queries.keys(),
        setQueries: queries,
        runQueryTexts: run.queryTexts,
      });
      for (const { runKey, setKey } of matching.matched)
        hitsBySetKey.set(setKey, run.queries.get(runKey) ?? []);
      queriesWithoutResults = matching.setQueriesWithoutRun.length;
    },
    search: async (query, topK) => locator.locate((hitsBySetKey.get(query.key) ?? []).slice(0, topK)),
    notes: () => ({ ...locator.counts, queriesWithoutResults }),
  };
}

/**
 * Reranks the first stage's first `depth` passages (their text sent to `/rerank`) and keeps the
 * best `topK` with the reranker's scores, so a score threshold applies to those.
 */
function withReranker(
  first: PassageRetriever,
  reranker: RerankerConfig,
  options: { documents: readonly RunDocument[]; services: RunServices },
): PassageRetriever {
  const { services, documents } = options;
  const client = createRerankClient({
    baseUrl: reranker.baseUrl,
    model: reranker.model,
    requestFormat: reranker.requestFormat,
    apiKey: services.secret(reranker.apiKeyEnv, "rerank provider"),
    allowList: services.allowList,
    retry: { ...services.retry, timeoutMs: reranker.timeoutMs },
  });
  return {
    ...first,
    async search(query, topK) {
      const candidates = await first.search(query, reranker.depth);
      const texts = candidates.map((passage) =>
        (documents[passage.documentIndex]?.text ?? "").slice(passage.start, passage.end),
      );
      const reranked = await client.rerank({ query: query.text, documents: texts, topN: topK });
      return reranked.map((hit) => ({ ...candidates[hit.index]!, score: hit.score }));
    },
  };
}
