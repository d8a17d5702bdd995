import { z } from "zod";
import { AppError } from "@/lib/errors";
import { describeSchemaIssues } from "@/lib/exchange/describe-schema-issues";
import { type AnalyzerOptions, defaultAnalyzer } from "@/lib/retrieval/analyze-text";
import type { Bm25Params } from "@/lib/retrieval/bm25-index";
import type { ScoreNormalization } from "@/lib/retrieval/fusion/fuse-weighted";

/** BM25 over the whole document (Anserini's scoring; see bm25-index.ts). */
export type Bm25RetrieverConfig = { kind: "bm25"; params: Bm25Params; analyzer: AnalyzerOptions };
/** The built-in offline dense baseline: LSA fitted on the corpus (see dense/lsa.ts), exact cosine search. */
export type LsaRetrieverConfig = { kind: "lsa"; dimensions: number; seed: number };
/**
 * How the hybrid retriever fuses its two lists: reciprocal rank fusion with `k`, or weighted fusion
 * where `alpha` weighs the dense list and 1 − alpha the sparse one (alpha 1 = LSA alone, 0 = BM25).
 */
export type FusionConfig =
  | { kind: "rrf"; k: number }
  | { kind: "weighted"; alpha: number; normalization: ScoreNormalization };
/** BM25 and LSA, each cut at `depth` hits, fused. */
export type HybridRetrieverConfig = {
  kind: "hybrid";
  sparse: Bm25RetrieverConfig;
  dense: LsaRetrieverConfig;
  fusion: FusionConfig;
  depth: number;
};

/** What `goldenset retrieve` runs: a retriever over whole documents. */
export type RetrievalRunConfig = {
  /** the run tag written in the TREC run's last column */
  name: string;
  retriever: Bm25RetrieverConfig | LsaRetrieverConfig | HybridRetrieverConfig;
};

const analyzerSchema = z.strictObject({
  lowercase: z.boolean().default(defaultAnalyzer.lowercase),
  stopwords: z.boolean().default(defaultAnalyzer.stopwords),
  stem: z.boolean().default(defaultAnalyzer.stem),
  possessives: z.boolean().default(defaultAnalyzer.possessives),
});

const bm25Fields = {
  k1: z.number().finite().min(0).default(0.9),
  b: z.number().min(0).max(1).default(0.4),
  analyzer: analyzerSchema.default(defaultAnalyzer),
};
const lsaFields = {
  dimensions: z.number().int().min(1).max(4096).default(128),
  seed: z.number().int().default(1),
};

const bm25RetrieverSchema = z.strictObject({ kind: z.literal("bm25"), ...bm25Fields });
const lsaRetrieverSchema = z.strictObject({ kind: z.literal("lsa"), ...lsaFields });

/** The hybrid's parts: BM25 / LSA fields; `kind` may be written but must then name that retriever. */
const sparsePartSchema = z.strictObject({ kind: z.literal("bm25").optional(), ...bm25Fields });
const densePartSchema = z.strictObject({ kind: z.literal("lsa").optional(), ...lsaFields });
const hybridFields = {
  kind: z.literal("hybrid"),
  depth: z.number().int().min(1).max(100_000).default(1000),
  sparse: sparsePartSchema.default({ k1: 0.9, b: 0.4, analyzer: defaultAnalyzer }),
  dense: densePartSchema.default({ dimensions: 128, seed: 1 }),
};
const hybridRetrieverSchema = z.discriminatedUnion("fusion", [
  z.strictObject({ ...hybridFields, fusion: z.literal("rrf"), k: z.number().finite().min(0).default(60) }),
  z.strictObject({
    ...hybridFields,
    fusion: z.literal("weighted"),
    alpha: z.number().min(0).max(1),
    normalization: z.enum(["min-max", "z-score"]).default("min-max"),
  }),
]);

/**
 * A config file, `{ "name"?: "...", "retriever": R }` with R one of
 * - `{ "kind": "bm25", "k1"?: 0.9, "b"?: 0.4, "analyzer"?: { "stem"?: true, … } }`
 * - `{ "kind": "lsa", "dimensions"?: 128, "seed"?: 1 }`
 * - `{ "kind": "hybrid", "fusion": "rrf", "k"?: 60, "depth"?: 1000, "sparse"?: {BM25 fields}, "dense"?: {LSA fields} }`
 * - `{ "kind": "hybrid", "fusion": "weighted", "alpha": 0.5, "normalization"?: "min-max" | "z-score", "depth"?, "sparse"?, "dense"? }`
 *   (alpha weighs the dense list: 1 = LSA alone, 0 = BM25 alone).
 */
export const retrievalConfigFileSchema = z.strictObject({
  name: z.string().regex(/^\S+$/, { error: "must be one word (it becomes the run tag)" }).optional(),
  retriever: z.discriminatedUnion("kind", [bm25RetrieverSchema, lsaRetrieverSchema, hybridRetrieverSchema]),
});

type RetrieverFile = z.infer<typeof retrievalConfigFileSchema>["retriever"];

const defaultBm25: Bm25RetrieverConfig = {
  kind: "bm25",
  params: { k1: 0.9, b: 0.4 },
  analyzer: defaultAnalyzer,
};
const defaultLsa: LsaRetrieverConfig = { kind: "lsa", dimensions: 128, seed: 1 };

/**
 * The presets: `bm25` is Anserini's default BM25 (k1 0.9, b 0.4, default English analyzer);
 * `lsa` the built-in LSA baseline (128 dimensions, seed 1); `hybrid-rrf` both, each cut at 1,000
 * hits, fused by reciprocal rank with k 60.
 */
const PRESETS: Record<string, RetrievalRunConfig["retriever"]> = {
  bm25: defaultBm25,
  lsa: defaultLsa,
  "hybrid-rrf": {
    kind: "hybrid",
    sparse: defaultBm25,
    dense: defaultLsa,
    fusion: { kind: "rrf", k: 60 },
    depth: 1000,
  },
};

/** A preset by name (see PRESETS). */
export function resolveRetrievalPreset(name: string): RetrievalRunConfig {
  const retriever = Object.hasOwn(PRESETS, name) ? PRESETS[name] : undefined;
  if (retriever === undefined) {
    throw new AppError(
      "bad_request",
      `unknown preset "${name}". Available presets: ${Object.keys(PRESETS).join(", ")}; or pass a FILE.json.`,
    );
  }
  return { name, retriever: structuredClone(retriever) };
}

/** A parsed config file → the run config; `fallbackName` (the file's base name) tags the run. */
export function parseRetrievalConfigFile(value: unknown, fallbackName: string): RetrievalRunConfig {
  const parsed = retrievalConfigFileSchema.safeParse(value);
  if (!parsed.success) throw describeSchemaIssues(parsed.error, "bad_request", "config: ");
  return { name: parsed.data.name ?? fallbackName, retriever: toRetrieverConfig(parsed.data.retriever) };
}

function toRetrieverConfig(retriever: RetrieverFile): RetrievalRunConfig["retriever"] {
  switch (retriever.kind) {
    case "bm25":
      return toBm25(retriever);
    case "lsa":
      return toLsa(retriever);
    case "hybrid":
      return {
        kind: "hybrid",
        sparse: toBm25(retriever.sparse),
        dense: toLsa(retriever.dense),
        depth: retriever.depth,
        fusion:
          retriever.fusion === "rrf"
            ? { kind: "rrf", k: retriever.k }
            : { kind: "weighted", alpha: retriever.alpha, normalization: retriever.normalization },
      };
  }
}

function toBm25(fields: { k1: number; b: number; analyzer: AnalyzerOptions }): Bm25RetrieverConfig {
  return { kind: "bm25", params: { k1: fields.k1, b: fields.b }, analyzer: fields.analyzer };
}

function toLsa(fields: { dimensions: number; seed: number }): LsaRetrieverConfig {
  return { kind: "lsa", dimensions: fields.dimensions, seed: fields.seed };
}
