import type {
  ChunkRetrieverConfig,
  EmbeddingProviderConfig,
  FusionConfig,
} from "@/lib/configs/config-schema";
import { AppError } from "@/lib/errors";
import type { AnalyzerOptions } from "@/lib/retrieval/analyzer-options";
import { Bm25Index, type Bm25Params } from "@/lib/retrieval/bm25-index";
import { DenseIndex } from "@/lib/retrieval/dense/dense-index";
import { embedWithCache } from "@/lib/retrieval/dense/embed-with-cache";
import { fitLsa } from "@/lib/retrieval/dense/lsa";
import { fuseReciprocalRank, type ScoredId } from "@/lib/retrieval/fusion/fuse-reciprocal-rank";
import { fuseWeighted } from "@/lib/retrieval/fusion/fuse-weighted";
import {
  createOpenAiEmbeddingsClient,
  type EmbeddingsClient,
} from "@/lib/retrieval/providers/openai-embeddings";
import type { RunServices } from "@/lib/runs/run-services";

/** A hit: `index` into the texts the retriever was built on; `score` is the final stage's, higher is better. */
export type RetrieverHit = { index: number; score: number };

/**
 * One configured retriever over a fixed list of texts (a run's chunks). `search` returns at most
 * `topK` hits, best first. Scores are in the retriever's own unit: BM25 scores (> 0), cosine
 * similarities in [-1, 1] for dense, fused scores for hybrid (RRF: Σ 1/(k + rank)).
 * `prepare` is called once with every query before the searches, so providers can embed them in
 * batches (and through the cache) instead of one request per query.
 */
export type Retriever = {
  prepare(queries: readonly string[]): Promise<void>;
  search(query: string, topK: number): Promise<RetrieverHit[]>;
};

/** The retriever kinds that search chunks the run cut itself. */

/**
 * Builds the index once (for dense: fits LSA, or embeds every chunk through the provider and the
 * embedding cache). Deterministic for given inputs; provider failures surface as AppErrors.
 */
export async function buildRetriever(options: {
  retriever: ChunkRetrieverConfig;
  texts: string[];
  services: RunServices;
}): Promise<Retriever> {
  const { retriever, texts, services } = options;
  switch (retriever.kind) {
    case "bm25":
      return buildBm25({ params: retriever, texts, services });
    case "dense":
      return buildDense({ provider: retriever.provider, texts, services });
    case "hybrid":
      return buildHybrid({
        sparse: await buildBm25({ params: retriever.sparse, texts, services }),
        dense: await buildDense({ provider: retriever.dense.provider, texts, services }),
        fusion: retriever.fusion,
        depth: retriever.depth,
      });
  }
}

/**
 * Loads the index from `services.bm25IndexCache` when it holds one for these texts and settings,
 * else builds it (and the cache saves it). Cache trouble never fails the run: it is reported.
 */
async function buildBm25(options: {
  params: Bm25Params & { analyzer: AnalyzerOptions };
  texts: string[];
  services: Pick<RunServices, "bm25IndexCache" | "onProgress">;
}): Promise<Retriever> {
  const { params, texts, services } = options;
  const settings = { params: { k1: params.k1, b: params.b }, analyzer: params.analyzer };
  const build = () => Bm25Index.build({ texts, ...settings });
  let index: Bm25Index;
  if (services.bm25IndexCache === undefined) {
    index = build();
  } else {
    const cached = await services.bm25IndexCache.getOrBuild({ texts, ...settings, build });
    index = cached.index;
    const count = texts.length.toLocaleString("en");
    await services.onProgress?.(
      `BM25 index over ${count} chunks ${cached.hit ? "loaded from cache" : "built"}${cached.warning ? ` (${cached.warning})` : ""}`,
    );
  }
  return { prepare: async () => {}, search: async (query, topK) => index.search(query, topK) };
}

function buildDense(options: {
  provider: EmbeddingProviderConfig;
  texts: string[];
  services: RunServices;
}): Promise<Retriever> | Retriever {
  if (options.texts.length === 0) return { prepare: async () => {}, search: async () => [] };
  const { provider } = options;
  switch (provider.kind) {
    case "builtin-lsa":
      return buildLsa({ texts: options.texts, dimensions: provider.dimensions, seed: provider.seed });
    case "openai-compatible":
      return buildProviderDense({ provider, texts: options.texts, services: options.services });
  }
}

/**
 * The built-in LSA baseline, fitted on the run's own chunks. A query with no term known to the
 * model embeds as the zero vector: it returns nothing rather than topK arbitrary chunks at cosine 0.
 */
function buildLsa(options: { texts: string[]; dimensions: number; seed: number }): Retriever {
  const model = fitLsa(options);
  const index = DenseIndex.build({ vectors: model.corpusVectors });
  return {
    prepare: async () => {},
    async search(query, topK) {
      const vector = model.embed(query);
      if (vector.every((value) => value === 0)) return [];
      return index.search(vector, topK);
    },
  };
}

/** Chunks embedded in groups of this many, so progress moves and a failure loses little (the cache keeps the rest). */
const EMBED_GROUP = 256;

/**
 * Dense retrieval through an OpenAI-compatible endpoint: every chunk embedded once through the
 * embedding cache (a re-run over the same chunks sends nothing), queries embedded in `prepare`,
 * exact cosine search over all chunks (brute force: fine to ~10⁵ chunks × 10³ dimensions, about
 * 0.2–0.3 s a query here at 200k × 768; beyond that an ANN index would be needed).
 */
async function buildProviderDense(options: {
  provider: Extract<EmbeddingProviderConfig, { kind: "openai-compatible" }>;
  texts: string[];
  services: RunServices;
}): Promise<Retriever> {
  const { provider, texts, services } = options;
  const client = createEmbeddingsClient(provider, services);
  const cacheModel =
    provider.dimensions === undefined ? provider.model : `${provider.model}@${provider.dimensions}`;
  const embed = (batch: readonly string[]) =>
    embedWithCache({
      texts: batch,
      provider: client.provider,
      model: cacheModel,
      cache: services.embeddingCache,
      embed: (misses) => client.embed(misses),
    });

  const vectors: Float32Array[] = [];
  let cacheHits = 0;
  for (let start = 0; start < texts.length; start += EMBED_GROUP) {
    const group = await embed(texts.slice(start, start + EMBED_GROUP));
    vectors.push(...group.vectors);
    cacheHits += group.cacheHits;
    const done = Math.min(texts.length, start + EMBED_GROUP);
    await services.onProgress?.(
      `Embedding chunks with ${provider.model}: ${done.toLocaleString("en")} of ${texts.length.toLocaleString("en")} (${cacheHits.toLocaleString("en")} cached)`,
    );
  }
  const index = DenseIndex.build({ vectors });
  const queryVectors = new Map<string, Float32Array>();
  const prepare = async (queries: readonly string[]) => {
    const distinct = [...new Set(queries)].filter((query) => !queryVectors.has(query));
    if (distinct.length === 0) return;
    const { vectors: embedded } = await embed(distinct);
    for (const [position, query] of distinct.entries()) queryVectors.set(query, embedded[position]!);
  };
  return {
    prepare,
    async search(query, topK) {
      if (!queryVectors.has(query)) await prepare([query]);
      const vector = queryVectors.get(query)!;
      if (vector.length !== index.dimensions)
        throw new AppError(
          "unavailable",
          `the embedding provider returned ${vector.length}-dimensional query vectors for ${index.dimensions}-dimensional chunk vectors`,
        );
      return index.search(vector, topK);
    },
  };
}

function createEmbeddingsClient(
  provider: Extract<EmbeddingProviderConfig, { kind: "openai-compatible" }>,
  services: RunServices,
): EmbeddingsClient {
  return createOpenAiEmbeddingsClient({
    baseUrl: provider.baseUrl,
    model: provider.model,
    dimensions: provider.dimensions,
    batchSize: provider.batchSize,
    apiKey: services.secret(provider.apiKeyEnv, "embedding provider"),
    allowList: services.allowList,
    retry: { ...services.retry, timeoutMs: provider.timeoutMs },
  });
}

/**
 * Fuses the first `depth` hits of each retriever, then keeps the best `topK` of the fusion (so a
 * hybrid run returns at most 2 · depth hits). Weighted fusion: alpha weighs the dense list.
 */
function buildHybrid(options: {
  sparse: Retriever;
  dense: Retriever;
  fusion: FusionConfig;
  depth: number;
}): Retriever {
  const { sparse, dense, fusion, depth } = options;
  return {
    async prepare(queries) {
      await sparse.prepare(queries);
      await dense.prepare(queries);
    },
    async search(query, topK) {
      const sparseHits = toScoredIds(await sparse.search(query, depth));
      const denseHits = toScoredIds(await dense.search(query, depth));
      const fused =
        fusion.kind === "rrf"
          ? fuseReciprocalRank({ rankings: [sparseHits, denseHits], k: fusion.k })
          : fuseWeighted({
              first: denseHits,
              second: sparseHits,
              alpha: fusion.alpha,
              normalization: fusion.normalization,
            });
      return fused.slice(0, topK).map((item) => ({ index: Number(item.id), score: item.score }));
    },
  };
}

/** Fusion works on string ids; a hit's id is its index in decimal. */
export function toScoredIds(hits: readonly RetrieverHit[]): ScoredId[] {
  return hits.map((hit) => ({ id: String(hit.index), score: hit.score }));
}
