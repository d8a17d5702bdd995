import { z } from "zod";
import { AppError } from "@/lib/errors";
import { describeSchemaIssues } from "@/lib/exchange/describe-schema-issues";
import { type AnalyzerOptions, defaultAnalyzer } from "@/lib/retrieval/analyze-text";
import type { Bm25Params } from "@/lib/retrieval/bm25-index";

/**
 * What `goldenset retrieve` runs: a retriever over whole documents. Only BM25 for now; the dense
 * (`lsa`) and hybrid (`hybrid-rrf`) kinds join this union when they land.
 */
export type RetrievalRunConfig = {
  /** the run tag written in the TREC run's last column */
  name: string;
  retriever: { kind: "bm25"; params: Bm25Params; analyzer: AnalyzerOptions };
};

const analyzerSchema = z.strictObject({
  lowercase: z.boolean().default(defaultAnalyzer.lowercase),
  stopwords: z.boolean().default(defaultAnalyzer.stopwords),
  stem: z.boolean().default(defaultAnalyzer.stem),
  possessives: z.boolean().default(defaultAnalyzer.possessives),
});

const bm25RetrieverSchema = z.strictObject({
  kind: z.literal("bm25"),
  k1: z.number().finite().min(0).default(0.9),
  b: z.number().min(0).max(1).default(0.4),
  analyzer: analyzerSchema.default(defaultAnalyzer),
});

/** A config file: `{ "name"?: "...", "retriever": { "kind": "bm25", "k1": 0.9, "b": 0.4 } }`. */
export const retrievalConfigFileSchema = z.strictObject({
  name: z.string().regex(/^\S+$/, { error: "must be one word (it becomes the run tag)" }).optional(),
  retriever: z.discriminatedUnion("kind", [bm25RetrieverSchema]),
});

/** Presets that exist, and those announced but not built yet (named in the error). */
const AVAILABLE_PRESETS = ["bm25"] as const;
const UPCOMING_PRESETS = ["lsa", "hybrid-rrf"] as const;

/** A preset by name: `bm25` is Anserini's default BM25 (k1 0.9, b 0.4, default English analyzer). */
export function resolveRetrievalPreset(name: string): RetrievalRunConfig {
  if (name === "bm25") {
    return { name, retriever: { kind: "bm25", params: { k1: 0.9, b: 0.4 }, analyzer: defaultAnalyzer } };
  }
  const upcoming = (UPCOMING_PRESETS as readonly string[]).includes(name)
    ? ` The "${name}" preset is not available yet (dense and hybrid retrieval are still being built).`
    : "";
  throw new AppError(
    "bad_request",
    `unknown preset "${name}".${upcoming} Available presets: ${AVAILABLE_PRESETS.join(", ")}; or pass a FILE.json.`,
  );
}

/** A parsed config file → the run config; `fallbackName` (the file's base name) tags the run. */
export function parseRetrievalConfigFile(value: unknown, fallbackName: string): RetrievalRunConfig {
  const parsed = retrievalConfigFileSchema.safeParse(value);
  if (!parsed.success) throw describeSchemaIssues(parsed.error, "bad_request", "config: ");
  const { k1, b, analyzer } = parsed.data.retriever;
  return {
    name: parsed.data.name ?? fallbackName,
    retriever: { kind: "bm25", params: { k1, b }, analyzer },
  };
}
