import {
  defaultRetrievers,
  type EmbeddingProviderConfig,
  type RerankerConfig,
  type RetrieverConfig,
} from "@/lib/configs/config-schema";
import type { AnalyzerOptions } from "@/lib/retrieval/analyzer-options";

/**
 * The evaluate form's retriever choices. `-http` kinds embed through an OpenAI-compatible endpoint
 * instead of the built-in LSA. `imported` takes a run file.
 */
export const RETRIEVER_FORM_KINDS = [
  "bm25",
  "dense",
  "dense-http",
  "hybrid",
  "hybrid-http",
  "external",
  "imported",
] as const;
export type RetrieverFormKind = (typeof RETRIEVER_FORM_KINDS)[number];

export const RETRIEVER_FORM_LABELS: Record<RetrieverFormKind, string> = {
  bm25: "BM25",
  dense: "Dense: built-in LSA (offline)",
  "dense-http": "Dense: embeddings endpoint",
  hybrid: "Hybrid BM25 + LSA",
  "hybrid-http": "Hybrid BM25 + embeddings endpoint",
  external: "My system: HTTP search endpoint",
  imported: "Imported run file (TREC or JSONL)",
};

/** The configuration's retriever kind behind a form choice (for the sweep axes that apply to it). */
export function configRetrieverKind(kind: RetrieverFormKind): RetrieverConfig["kind"] {
  if (kind === "dense-http") return "dense";
  if (kind === "hybrid-http") return "hybrid";
  return kind;
}

/** The flat fields the evaluate form shows; fields a kind lacks keep their defaults. Text fields "" = unset. */
export type RetrieverFormFields = {
  retrieverKind: RetrieverFormKind;
  k1: number;
  b: number;
  /** BM25 analyzer steps (possessive removal follows stemming's default) */
  lowercase: boolean;
  stopwords: boolean;
  stem: boolean;
  lsaDimensions: number;
  /** hybrids: reciprocal rank fusion with k, or weighted fusion with alpha (the dense list's weight) */
  fusion: "rrf" | "weighted";
  rrfK: number;
  alpha: number;
  normalization: "min-max" | "z-score";
  embeddingBaseUrl: string;
  embeddingModel: string;
  embeddingDimensions: string;
  embeddingApiKeyEnv: string;
  externalUrl: string;
  externalApiKeyEnv: string;
  rerank: boolean;
  rerankBaseUrl: string;
  rerankModel: string;
  rerankDepth: number;
  rerankApiKeyEnv: string;
};

const blankFields: RetrieverFormFields = {
  retrieverKind: "bm25",
  k1: defaultRetrievers.bm25.k1,
  b: defaultRetrievers.bm25.b,
  lowercase: true,
  stopwords: true,
  stem: true,
  lsaDimensions: defaultRetrievers.dense.provider.dimensions,
  fusion: "rrf",
  rrfK: defaultRetrievers.hybrid.fusion.k,
  alpha: 0.5,
  normalization: "min-max",
  embeddingBaseUrl: "",
  embeddingModel: "",
  embeddingDimensions: "",
  embeddingApiKeyEnv: "",
  externalUrl: "",
  externalApiKeyEnv: "",
  rerank: false,
  rerankBaseUrl: "",
  rerankModel: "",
  rerankDepth: 50,
  rerankApiKeyEnv: "",
};

/** A stored configuration → the form's starting values. */
export function retrieverFormFields(
  retriever: RetrieverConfig,
  reranker: RerankerConfig | null,
): RetrieverFormFields {
  const fields: RetrieverFormFields = {
    ...blankFields,
    ...(reranker
      ? {
          rerank: true,
          rerankBaseUrl: reranker.baseUrl,
          rerankModel: reranker.model,
          rerankDepth: reranker.depth,
          rerankApiKeyEnv: reranker.apiKeyEnv ?? "",
        }
      : {}),
  };
  switch (retriever.kind) {
    case "bm25":
      return { ...fields, k1: retriever.k1, b: retriever.b, ...analyzerFields(retriever.analyzer) };
    case "dense":
      return withProvider({ ...fields, retrieverKind: "dense" }, retriever.provider);
    case "hybrid":
      return withProvider(
        {
          ...fields,
          retrieverKind: "hybrid",
          k1: retriever.sparse.k1,
          b: retriever.sparse.b,
          ...analyzerFields(retriever.sparse.analyzer),
          ...(retriever.fusion.kind === "rrf"
            ? { fusion: "rrf", rrfK: retriever.fusion.k }
            : {
                fusion: "weighted",
                alpha: retriever.fusion.alpha,
                normalization: retriever.fusion.normalization,
              }),
        },
        retriever.dense.provider,
      );
    case "external":
      return {
        ...fields,
        retrieverKind: "external",
        externalUrl: retriever.url,
        externalApiKeyEnv: retriever.apiKeyEnv ?? "",
      };
    case "imported":
      return { ...fields, retrieverKind: "imported" };
  }
}

function analyzerFields(analyzer: AnalyzerOptions) {
  return { lowercase: analyzer.lowercase, stopwords: analyzer.stopwords, stem: analyzer.stem };
}

function withProvider(fields: RetrieverFormFields, provider: EmbeddingProviderConfig): RetrieverFormFields {
  if (provider.kind === "builtin-lsa") return { ...fields, lsaDimensions: provider.dimensions };
  return {
    ...fields,
    retrieverKind: fields.retrieverKind === "hybrid" ? "hybrid-http" : "dense-http",
    embeddingBaseUrl: provider.baseUrl,
    embeddingModel: provider.model,
    embeddingDimensions: provider.dimensions === undefined ? "" : String(provider.dimensions),
    embeddingApiKeyEnv: provider.apiKeyEnv ?? "",
  };
}

type SubmittedFields = Partial<Omit<RetrieverFormFields, "retrieverKind">> & {
  retrieverKind: RetrieverFormKind;
};

/**
 * Submitted fields → the input of `retrieverConfigSchema` (which validates and fills what a field
 * left undefined, e.g. one the form did not show for the chosen kind). `imported` needs the stored
 * run file, which the caller adds.
 */
export function retrieverInputFromForm(fields: SubmittedFields): unknown {
  const analyzer = { lowercase: fields.lowercase, stopwords: fields.stopwords, stem: fields.stem };
  const bm25 = { k1: fields.k1, b: fields.b, analyzer };
  const lsa = { kind: "builtin-lsa", dimensions: fields.lsaDimensions };
  const http = {
    kind: "openai-compatible",
    baseUrl: fields.embeddingBaseUrl,
    model: fields.embeddingModel,
    dimensions: fields.embeddingDimensions ? Number(fields.embeddingDimensions) : undefined,
    apiKeyEnv: fields.embeddingApiKeyEnv || undefined,
  };
  const fusion =
    fields.fusion === "weighted"
      ? { kind: "weighted", alpha: fields.alpha, normalization: fields.normalization }
      : { kind: "rrf", k: fields.rrfK };
  switch (fields.retrieverKind) {
    case "bm25":
      return { kind: "bm25", ...bm25 };
    case "dense":
      return { kind: "dense", provider: lsa };
    case "dense-http":
      return { kind: "dense", provider: http };
    case "hybrid":
      return { kind: "hybrid", sparse: bm25, dense: { provider: lsa }, fusion };
    case "hybrid-http":
      return { kind: "hybrid", sparse: bm25, dense: { provider: http }, fusion };
    case "external":
      return { kind: "external", url: fields.externalUrl, apiKeyEnv: fields.externalApiKeyEnv || undefined };
    case "imported":
      return { kind: "imported" };
  }
}

/** The reranker's input for `rerankerConfigSchema`, or null when the form's "Rerank" box is off. */
export function rerankerInputFromForm(fields: SubmittedFields): unknown {
  if (!fields.rerank) return null;
  return {
    baseUrl: fields.rerankBaseUrl,
    model: fields.rerankModel,
    depth: fields.rerankDepth,
    apiKeyEnv: fields.rerankApiKeyEnv || undefined,
  };
}
