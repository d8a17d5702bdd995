import { z } from "zod";

/**
 * Which filters run after tokenization, in Lucene's EnglishAnalyzer order
 * (lib/retrieval/analyze-text.ts); every step is on by default, as in Anserini.
 */
export const analyzerOptionsSchema = z.object({
  lowercase: z.boolean().default(true),
  stopwords: z.boolean().default(true),
  stem: z.boolean().default(true),
  possessives: z.boolean().default(true),
});
export type AnalyzerOptions = z.infer<typeof analyzerOptionsSchema>;

/** Anserini's default English analyzer: every filter on. */
export const defaultAnalyzer: AnalyzerOptions = {
  lowercase: true,
  stopwords: true,
  stem: true,
  possessives: true,
};
