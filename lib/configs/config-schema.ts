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

export const retrieverConfigSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("bm25"),
    k1: z.number().min(0).max(10).default(0.9),
    b: z.number().min(0).max(1).default(0.4),
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
  const retriever = `BM25 k1=${config.retriever.k1} b=${config.retriever.b}`;
  const chunking = describeChunking(config.chunking);
  const threshold = config.scoreThreshold === null ? "" : ` · score ≥ ${config.scoreThreshold}`;
  return `${retriever} · ${chunking} · top ${config.topK}${threshold}`;
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
