import {
  type ChunkingConfig,
  type EmbeddingProviderConfig,
  type RetrievalConfig,
  type RetrieverConfig,
  usesChunking,
} from "@/lib/configs/config-schema";
import type { AnalyzerOptions } from "@/lib/retrieval/analyzer-options";

// How a retrieval configuration reads to a person: one line per configuration, retriever or
// chunking, as lists, pickers, run pages and the CLI show them.

/** How a configuration that drops the query's own document says so in its description. */
export const IGNORE_IDENTICAL_IDS_LABEL = "without the query's own document";

/**
 * Short human label: "BM25 k1=0.9 b=0.4 · 400/80 chars · top 20 · rerank bge-reranker@50"
 * (" · without the query's own document" when ignoreIdenticalIds is on).
 */
export function describeConfig(config: RetrievalConfig): string {
  const parts = [describeRetriever(config.retriever)];
  if (usesChunking(config.retriever)) parts.push(describeChunking(config.chunking));
  if (config.reranker) parts.push(`rerank ${config.reranker.model}@${config.reranker.depth}`);
  parts.push(`top ${config.topK}`);
  if (config.scoreThreshold !== null) parts.push(`score ≥ ${config.scoreThreshold}`);
  if (config.ignoreIdenticalIds) parts.push(IGNORE_IDENTICAL_IDS_LABEL);
  return parts.join(" · ");
}

/**
 * "BM25 k1=0.9 b=0.4", "LSA 128d", "BM25 + LSA 128d · RRF k=60", "text-embedding-3-small",
 * "external api.example.com", "imported run.trec" (non-default settings spelled out).
 */
export function describeRetriever(retriever: RetrieverConfig): string {
  switch (retriever.kind) {
    case "bm25":
      return `BM25 k1=${retriever.k1} b=${retriever.b}${describeAnalyzer(retriever.analyzer)}`;
    case "dense":
      return describeProvider(retriever.provider);
    case "hybrid": {
      const { sparse, dense, fusion, depth } = retriever;
      const isDefaultBm25 = sparse.k1 === 0.9 && sparse.b === 0.4;
      const bm25 = `${isDefaultBm25 ? "BM25" : `BM25 k1=${sparse.k1} b=${sparse.b}`}${describeAnalyzer(sparse.analyzer)}`;
      const fused =
        fusion.kind === "rrf" ? `RRF k=${fusion.k}` : `weighted α=${fusion.alpha} ${fusion.normalization}`;
      return `${bm25} + ${describeProvider(dense.provider)} · ${fused}${depth === 100 ? "" : ` depth ${depth}`}`;
    }
    case "external":
      return `external ${hostOf(retriever.url)}`;
    case "imported":
      return `imported ${retriever.file.name}`;
  }
}

/** "" for the default analyzer, else the steps switched off: " (no stem, no stopwords)". */
function describeAnalyzer(analyzer: AnalyzerOptions): string {
  const off = (["lowercase", "stopwords", "stem", "possessives"] as const).filter((step) => !analyzer[step]);
  return off.length === 0 ? "" : ` (${off.map((step) => `no ${step}`).join(", ")})`;
}

function describeProvider(provider: EmbeddingProviderConfig): string {
  switch (provider.kind) {
    case "builtin-lsa":
      return `LSA ${provider.dimensions}d${provider.seed === 1 ? "" : ` seed ${provider.seed}`}`;
    case "openai-compatible":
      return `${provider.model}${provider.dimensions === undefined ? "" : ` ${provider.dimensions}d`} @ ${hostOf(provider.baseUrl)}`;
  }
}

function hostOf(url: string): string {
  return new URL(url).host;
}

/**
 * "400/80 chars", "128/16 tokens", "sentences ≤ 600 chars, overlap ≤ 120", "recursive 400/80 chars",
 * "whole documents"; "+ title" when the title is indexed with each chunk.
 */
export function describeChunking(chunking: ChunkingConfig): string {
  const cut = describeCut(chunking);
  return chunking.prependTitle ? `${cut} + title` : cut;
}

function describeCut(chunking: ChunkingConfig): string {
  if (chunking.strategy === "document") return "whole documents";
  const { size, overlap } = chunking;
  switch (chunking.strategy) {
    case "fixed-characters":
      return `${size}/${overlap} chars`;
    case "fixed-tokens":
      return `${size}/${overlap} tokens`;
    case "sentence-packed":
      return `sentences ≤ ${size} chars, ${overlap === 0 ? "no overlap" : `overlap ≤ ${overlap}`}`;
    case "recursive":
      return `recursive ${size}/${overlap} chars`;
  }
}
