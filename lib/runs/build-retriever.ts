import type { EmbeddingProviderConfig, FusionConfig, RetrieverConfig } from "@/lib/configs/config-schema";
import { Bm25Index, type Bm25Params } from "@/lib/retrieval/bm25-index";
import { DenseIndex } from "@/lib/retrieval/dense/dense-index";
import { fitLsa } from "@/lib/retrieval/dense/lsa";
import { fuseReciprocalRank, type ScoredId } from "@/lib/retrieval/fusion/fuse-reciprocal-rank";
import { fuseWeighted } from "@/lib/retrieval/fusion/fuse-weighted";

/** A hit: `index` into the texts the retriever was built on; `score` is the final stage's, higher is better. */
export type RetrieverHit = { index: number; score: number };

/**
 * One configured retriever over a fixed list of texts (a run's chunks). `search` returns at most
 * `topK` hits, best first. Scores are in the retriever's own unit: BM25 scores (> 0), cosine
 * similarities in [-1, 1] for dense, fused scores for hybrid (RRF: Σ 1/(k + rank)).
 */
export type Retriever = { search(query: string, topK: number): RetrieverHit[] };

/** Builds the index (and, for dense, fits the model) once; pure and deterministic for given inputs. */
export function buildRetriever(options: { retriever: RetrieverConfig; texts: string[] }): Retriever {
  const { retriever, texts } = options;
  switch (retriever.kind) {
    case "bm25":
      return buildBm25({ params: retriever, texts });
    case "dense":
      return buildDense({ provider: retriever.provider, texts });
    case "hybrid":
      return buildHybrid({
        sparse: buildBm25({ params: retriever.sparse, texts }),
        dense: buildDense({ provider: retriever.dense.provider, texts }),
        fusion: retriever.fusion,
        depth: retriever.depth,
      });
  }
}

function buildBm25(options: { params: Bm25Params; texts: string[] }): Retriever {
  const index = Bm25Index.build({
    texts: options.texts,
    params: { k1: options.params.k1, b: options.params.b },
  });
  return { search: (query, topK) => index.search(query, topK) };
}

/**
 * The built-in LSA baseline, fitted on the run's own chunks. A query with no term known to the
 * model embeds as the zero vector: it returns nothing rather than topK arbitrary chunks at cosine 0.
 */
function buildDense(options: { provider: EmbeddingProviderConfig; texts: string[] }): Retriever {
  if (options.texts.length === 0) return { search: () => [] };
  const model = fitLsa({
    texts: options.texts,
    dimensions: options.provider.dimensions,
    seed: options.provider.seed,
  });
  const index = DenseIndex.build({ vectors: model.corpusVectors });
  return {
    search(query, topK) {
      const vector = model.embed(query);
      if (vector.every((value) => value === 0)) return [];
      return index.search(vector, topK);
    },
  };
}

/**
 * Fuses the first `depth` hits of each retriever, then keeps the best `topK` of the fusion (so a
 * hybrid run returns at most 2 · depth hits). Weighted fusion: alpha weighs the dense list.
 */
function buildHybrid(options: { sparse: Retriever; dense: Retriever; fusion: FusionConfig; depth: number }) {
  const { sparse, dense, fusion, depth } = options;
  return {
    search(query: string, topK: number): RetrieverHit[] {
      const sparseHits = toScoredIds(sparse.search(query, depth));
      const denseHits = toScoredIds(dense.search(query, depth));
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
  } satisfies Retriever;
}

/** Fusion works on string ids; a hit's id is its index in decimal. */
export function toScoredIds(hits: readonly RetrieverHit[]): ScoredId[] {
  return hits.map((hit) => ({ id: String(hit.index), score: hit.score }));
}
