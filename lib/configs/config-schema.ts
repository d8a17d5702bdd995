import { z } from "zod";

/**
 * A retrieval configuration (DESIGN.md §5) — data, validated here, stored as JSON, immutable once
 * saved (an edit makes a new version). Only fixed-character chunking and BM25 exist so far; the
 * discriminated unions are where more strategies and retrievers slot in.
 */
export const chunkingConfigSchema = z
  .object({
    strategy: z.literal("fixed-characters"),
    size: z.number().int().min(20).max(20_000),
    overlap: z.number().int().min(0),
  })
  .refine((chunking) => chunking.overlap < chunking.size, {
    message: "overlap must be smaller than the chunk size",
    path: ["overlap"],
  });

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

/** Short human label: "BM25 · 400/80 chars · top 20". */
export function describeConfig(config: RetrievalConfig): string {
  const retriever = `BM25 k1=${config.retriever.k1} b=${config.retriever.b}`;
  const chunking = `${config.chunking.size}/${config.chunking.overlap} chars`;
  const threshold = config.scoreThreshold === null ? "" : ` · score ≥ ${config.scoreThreshold}`;
  return `${retriever} · ${chunking} · top ${config.topK}${threshold}`;
}
