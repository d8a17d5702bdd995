import { z } from "zod";
import "@/lib/readable-zod-messages";
import { analyzerOptionsSchema, defaultAnalyzer } from "@/lib/retrieval/analyzer-options";

// A retrieval configuration (docs/domain.md, "Configurations") is data: validated here, stored as
// JSON, immutable once saved (an edit makes a new version). The discriminated unions are where
// more strategies and retrievers slot in.

const isOverlapBelowSize = (chunking: { size: number; overlap: number }) => chunking.overlap < chunking.size;
const overlapBelowSize = { message: "overlap must be smaller than the chunk size", path: ["overlap"] };

/**
 * Every strategy: index the document's title with each chunk ("title text", as many RAG pipelines
 * do). The chunk's span still points into the text only, so labels and metrics are unaffected.
 * Absent means false (configurations saved before the option keep their meaning and their JSON).
 */
const titleOption = { prependTitle: z.boolean().optional() };

/** `size` and `overlap` in UTF-16 code units ("characters"). */
const characterWindow = {
  size: z.number().int().min(20).max(20_000),
  overlap: z.number().int().min(0),
  ...titleOption,
};

/**
 * How documents are cut into chunks; `lib/chunking` states what each strategy guarantees.
 * `overlap` is always below `size` and in the same unit.
 */
export const chunkingConfigSchema = z.discriminatedUnion("strategy", [
  z
    .object({ strategy: z.literal("fixed-characters"), ...characterWindow })
    .refine(isOverlapBelowSize, overlapBelowSize),
  /** `size` and `overlap` in tokens of `lib/chunking/token-spans.ts`. */
  z
    .object({
      strategy: z.literal("fixed-tokens"),
      size: z.number().int().min(4).max(8_192),
      overlap: z.number().int().min(0),
      ...titleOption,
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
  /** One chunk per document, its span the whole text (document-level retrieval, as BEIR's). */
  z.object({ strategy: z.literal("document"), ...titleOption }),
]);

const bm25ParamsShape = {
  k1: z.number().min(0).max(10).default(0.9),
  b: z.number().min(0).max(1).default(0.4),
  analyzer: analyzerOptionsSchema.default(defaultAnalyzer),
};

/** The name of an environment variable holding a secret; the secret itself is never stored. */
export const envVarNameSchema = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: "must be an environment variable name, e.g. OPENAI_API_KEY" });

/** An HTTP service Goldenset calls; its host must be in GOLDENSET_OUTBOUND_ALLOWLIST. */
const httpServiceShape = {
  /** the API key is read from this environment variable at run time, sent as a Bearer token */
  apiKeyEnv: envVarNameSchema.optional(),
  /** per request, retries excluded */
  timeoutMs: z.number().int().min(100).max(600_000).default(30_000),
};

export const httpUrlSchema = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

/** Where dense vectors come from. */
const embeddingProviderSchema = z.discriminatedUnion("kind", [
  /** LSA (TF-IDF + truncated SVD) fitted on the run's chunks; `seed` fixes the randomized SVD. */
  z.object({
    kind: z.literal("builtin-lsa"),
    dimensions: z.number().int().min(8).max(512).default(128),
    seed: z.number().int().min(0).default(1),
  }),
  /**
   * An OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, Ollama, vLLM, LM Studio, TEI, LiteLLM).
   * `baseUrl` includes the version segment (`http://localhost:11434/v1`); `dimensions` asks the
   * provider to shorten vectors. Vectors are cached by (endpoint, model@dimensions, text hash).
   */
  z.object({
    kind: z.literal("openai-compatible"),
    baseUrl: httpUrlSchema,
    model: z.string().trim().min(1),
    dimensions: z.number().int().min(1).max(16_384).optional(),
    batchSize: z.number().int().min(1).max(2_048).default(64),
    ...httpServiceShape,
  }),
]);

/**
 * How a hybrid run merges its two rankings. `rrf`: Σ 1/(k + rank). `weighted`:
 * alpha · dense + (1 − alpha) · bm25 over per-list normalized scores, so alpha = 1 is dense alone.
 */
const fusionConfigSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("rrf"), k: z.number().min(0).max(1_000).default(60) }),
  z.object({
    kind: z.literal("weighted"),
    alpha: z.number().min(0).max(1).default(0.5),
    normalization: z.enum(["min-max", "z-score"]).default("min-max"),
  }),
]);

/** A run file uploaded for a golden set, stored content-addressed (lib/runs/run-files.ts). */
const importedRunFileSchema = z.object({
  /** the name it was uploaded under, for people */
  name: z.string().min(1).max(255),
  /** sha256 of its bytes, hex: where it is stored and what makes the configuration immutable */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  format: z.enum(["trec", "jsonl"]),
});
export type StoredRunFile = z.infer<typeof importedRunFileSchema>;

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
  /**
   * The team's own system: `POST url` with `{ query, top_k }`, answering
   * `[{ doc_id, score, text?, start?, end? }]` (spans, or text located in the document, or the
   * whole document). Chunking does not apply: the system returns its own passages.
   */
  z.object({ kind: z.literal("external"), url: httpUrlSchema, ...httpServiceShape }),
  /** Results computed elsewhere, uploaded as a TREC run or JSONL. Chunking does not apply. */
  z.object({ kind: z.literal("imported"), file: importedRunFileSchema }),
]);

/**
 * A second stage: the first `depth` results of the retriever are re-scored by a Cohere- or
 * TEI-compatible `/rerank` endpoint and the best `topK` of them kept, with the reranker's scores.
 */
export const rerankerConfigSchema = z.object({
  baseUrl: httpUrlSchema,
  model: z.string().trim().min(1),
  /** "cohere" sends { model, query, documents, top_n }; "tei" sends { query, texts } */
  requestFormat: z.enum(["cohere", "tei"]).default("cohere"),
  depth: z.number().int().min(1).max(1_000).default(50),
  ...httpServiceShape,
});

export const retrievalConfigSchema = z
  .object({
    /** how documents are cut; ignored by the external and imported retrievers */
    chunking: chunkingConfigSchema,
    retriever: retrieverConfigSchema,
    /** results kept per query; metrics at k larger than this see only topK results */
    topK: z.number().int().min(1).max(1000).default(20),
    /** drop results whose final score (the reranker's, when there is one) is below this */
    scoreThreshold: z.number().nullable().default(null),
    reranker: rerankerConfigSchema.nullable().default(null),
    /**
     * Drop a result whose document's external id equals the query's id (BEIR's
     * `ignore_identical_ids`, Anserini's `-removeQuery`): for collections where a query is itself
     * a document. Off unless asked — on collections whose query and document ids merely share
     * numbers (Cranfield, CISI, CACM) it silently drops real results. Absent means false
     * (configurations saved before the option keep their meaning and their JSON).
     */
    ignoreIdenticalIds: z.boolean().optional(),
  })
  .refine((config) => config.reranker === null || config.reranker.depth >= config.topK, {
    message: "the reranker's depth must be at least topK (it reranks the first `depth` results)",
    path: ["reranker", "depth"],
  });

export type RetrievalConfig = z.infer<typeof retrievalConfigSchema>;
export type ChunkingConfig = z.infer<typeof chunkingConfigSchema>;
export type RetrieverConfig = z.infer<typeof retrieverConfigSchema>;
/** The retrievers that rank the run's own chunks (the others bring their own passages). */
export type ChunkRetrieverConfig = Extract<RetrieverConfig, { kind: "bm25" | "dense" | "hybrid" }>;
export type EmbeddingProviderConfig = z.infer<typeof embeddingProviderSchema>;
export type FusionConfig = z.infer<typeof fusionConfigSchema>;
export type RerankerConfig = z.infer<typeof rerankerConfigSchema>;

/** The chunk window a configuration starts with (and the form shows for whole documents). */
export const DEFAULT_CHUNK_WINDOW = { size: 400, overlap: 80 } as const;

export const defaultRetrievalConfig: RetrievalConfig = {
  chunking: { strategy: "fixed-characters", ...DEFAULT_CHUNK_WINDOW },
  retriever: { kind: "bm25", k1: 0.9, b: 0.4, analyzer: defaultAnalyzer },
  topK: 20,
  scoreThreshold: null,
  reranker: null,
};

/** The cutoffs every run reports (docs/domain.md, "Ideas": recall@k and MRR always together). */
export const REPORTED_KS = [1, 3, 5, 10, 20] as const;

/** Whether the configuration cuts documents itself (external and imported retrievers return passages). */
export function usesChunking(retriever: RetrieverConfig): boolean {
  return retriever.kind !== "external" && retriever.kind !== "imported";
}

/** The offline retriever kinds' defaults (the form's starting points and the presets of tests). */
export const defaultRetrievers = {
  bm25: { kind: "bm25", k1: 0.9, b: 0.4, analyzer: defaultAnalyzer },
  dense: { kind: "dense", provider: { kind: "builtin-lsa", dimensions: 128, seed: 1 } },
  hybrid: {
    kind: "hybrid",
    sparse: { k1: 0.9, b: 0.4, analyzer: defaultAnalyzer },
    dense: { provider: { kind: "builtin-lsa", dimensions: 128, seed: 1 } },
    fusion: { kind: "rrf", k: 60 },
    depth: 100,
  },
} as const satisfies {
  [Kind in "bm25" | "dense" | "hybrid"]: Extract<RetrieverConfig, { kind: Kind }>;
};
