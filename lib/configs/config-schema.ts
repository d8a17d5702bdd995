import { z } from "zod";

// A retrieval configuration (DESIGN.md §5) is data: validated here, stored as JSON, immutable once
// saved (an edit makes a new version). The discriminated unions are where more strategies and
// retrievers slot in.

const isOverlapBelowSize = (chunking: { size: number; overlap: number }) => chunking.overlap < chunking.size;
const overlapBelowSize = { message: "overlap must be smaller than the chunk size", path: ["overlap"] };

/** `size` and `overlap` in UTF-16 code units ("characters"). */
const characterWindow = {
  size: z.number().int().min(20).max(20_000),
  overlap: z.number().int().min(0),
};

/**
 * How documents are cut into chunks; `lib/chunking` states what each strategy guarantees.
 * `overlap` is always below `size` and in the same unit.
 */
export const chunkingConfigSchema = z.discriminatedUnion("strategy", [
  z
    .object({ strategy: z.literal("fixed-characters"), ...characterWindow })
    .refine(isOverlapBelowSize, overlapBelowSize),
  /** `size` and `overlap` in tokens of `lib/chunking/tokenize-text.ts`. */
  z
    .object({
      strategy: z.literal("fixed-tokens"),
      size: z.number().int().min(4).max(8_192),
      overlap: z.number().int().min(0),
    })
    .refine(isOverlapBelowSize, overlapBelowSize),
  /** Whole sentences up to `size` characters; `overlap` caps the characters of repeated sentences. */
  z
    .object({ strategy: z.literal("sentence-packed"), ...characterWindow })
    .refine(isOverlapBelowSize, overlapBelowSize),
  /** Paragraph → line → sentence → word → character pieces merged up to `size` characters. */
  z
    .object({ strategy: z.literal("recursive"), ...characterWindow })
    .refine(isOverlapBelowSize, overlapBelowSize),
]);

const bm25ParamsShape = {
  k1: z.number().min(0).max(10).default(0.9),
  b: z.number().min(0).max(1).default(0.4),
};

/**
 * Where dense vectors come from. Only the built-in offline baseline runs today; the
 * `openai-compatible` provider (baseUrl, model, apiKeyEnv) joins this union when runs can call it.
 */
export const embeddingProviderSchema = z.discriminatedUnion("kind", [
  /** LSA (TF-IDF + truncated SVD) fitted on the run's chunks; `seed` fixes the randomized SVD. */
  z.object({
    kind: z.literal("builtin-lsa"),
    dimensions: z.number().int().min(8).max(512).default(128),
    seed: z.number().int().min(0).default(1),
  }),
]);

/**
 * How a hybrid run merges its two rankings. `rrf`: Σ 1/(k + rank). `weighted`:
 * alpha · dense + (1 − alpha) · bm25 over per-list normalized scores, so alpha = 1 is dense alone.
 */
export const fusionConfigSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("rrf"), k: z.number().min(0).max(1_000).default(60) }),
  z.object({
    kind: z.literal("weighted"),
    alpha: z.number().min(0).max(1).default(0.5),
    normalization: z.enum(["min-max", "z-score"]).default("min-max"),
  }),
]);

export const retrieverConfigSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("bm25"), ...bm25ParamsShape }),
  z.object({ kind: z.literal("dense"), provider: embeddingProviderSchema }),
  z.object({
    kind: z.literal("hybrid"),
    sparse: z.object(bm25ParamsShape),
    dense: z.object({ provider: embeddingProviderSchema }),
    fusion: fusionConfigSchema,
    /** each retriever contributes its first `depth` hits to the fusion */
    depth: z.number().int().min(1).max(1_000).default(100),
  }),
]);

export const retrievalConfigSchema = z.object({
  chunking: chunkingConfigSchema,
  retriever: retrieverConfigSchema,
  /** results kept per query; metrics at k larger than this see only topK results */
  topK: z.number().int().min(1).max(1000).default(20),
  /** drop results whose final score is below this */
  scoreThreshold: z.number().nullable().default(null),
});

export type RetrievalConfig = z.infer<typeof retrievalConfigSchema>;
export type ChunkingConfig = z.infer<typeof chunkingConfigSchema>;
export type RetrieverConfig = z.infer<typeof retrieverConfigSchema>;
export type EmbeddingProviderConfig = z.infer<typeof embeddingProviderSchema>;
export type FusionConfig = z.infer<typeof fusionConfigSchema>;

export const defaultRetrievalConfig: RetrievalConfig = {
  chunking: { strategy: "fixed-characters", size: 400, overlap: 80 },
  retriever: { kind: "bm25", k1: 0.9, b: 0.4 },
  topK: 20,
  scoreThreshold: null,
};

/** The cutoffs every run reports (DESIGN.md: recall@k and MRR always together). */
export const REPORTED_KS = [1, 3, 5, 10, 20] as const;

/** Short human label: "BM25 k1=0.9 b=0.4 · 400/80 chars · top 20". */
export function describeConfig(config: RetrievalConfig): string {
  const retriever = describeRetriever(config.retriever);
  const chunking = describeChunking(config.chunking);
  const threshold = config.scoreThreshold === null ? "" : ` · score ≥ ${config.scoreThreshold}`;
  return `${retriever} · ${chunking} · top ${config.topK}${threshold}`;
}

/** "BM25 k1=0.9 b=0.4", "LSA 128d", "BM25 + LSA 128d · RRF k=60" (non-default settings spelled out). */
export function describeRetriever(retriever: RetrieverConfig): string {
  switch (retriever.kind) {
    case "bm25":
      return `BM25 k1=${retriever.k1} b=${retriever.b}`;
    case "dense":
      return describeProvider(retriever.provider);
    case "hybrid": {
      const { sparse, dense, fusion, depth } = retriever;
      const isDefaultBm25 = sparse.k1 === 0.9 && sparse.b === 0.4;
      const bm25 = isDefaultBm25 ? "BM25" : `BM25 k1=${sparse.k1} b=${sparse.b}`;
      const fused =
        fusion.kind === "rrf" ? `RRF k=${fusion.k}` : `weighted α=${fusion.alpha} ${fusion.normalization}`;
      return `${bm25} + ${describeProvider(dense.provider)} · ${fused}${depth === 100 ? "" : ` depth ${depth}`}`;
    }
  }
}

function describeProvider(provider: EmbeddingProviderConfig): string {
  return `LSA ${provider.dimensions}d${provider.seed === 1 ? "" : ` seed ${provider.seed}`}`;
}

/** "400/80 chars", "128/16 tokens", "sentences ≤ 600 chars, overlap ≤ 120", "recursive 400/80 chars". */
export function describeChunking(chunking: ChunkingConfig): string {
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

/** One default per retriever kind (the form's starting points and the presets of tests). */
export const defaultRetrievers = {
  bm25: { kind: "bm25", k1: 0.9, b: 0.4 },
  dense: { kind: "dense", provider: { kind: "builtin-lsa", dimensions: 128, seed: 1 } },
  hybrid: {
    kind: "hybrid",
    sparse: { k1: 0.9, b: 0.4 },
    dense: { provider: { kind: "builtin-lsa", dimensions: 128, seed: 1 } },
    fusion: { kind: "rrf", k: 60 },
    depth: 100,
  },
} as const satisfies { [Kind in RetrieverConfig["kind"]]: Extract<RetrieverConfig, { kind: Kind }> };
