import { z } from "zod";
import { type ChunkRetrieverConfig, retrieverConfigSchema } from "@/lib/configs/config-schema";
import { AppError } from "@/lib/errors";
import { describeSchemaIssues } from "@/lib/exchange/describe-schema-issues";
import { defaultAnalyzer } from "@/lib/retrieval/analyzer-options";

/**
 * What `goldenset retrieve` runs over whole documents: one of the app's retriever configurations
 * (lib/configs/config-schema.ts) that searches texts itself — bm25, dense or hybrid.
 */
export type RetrievalRunConfig = {
  /** the run tag written in the TREC run's last column */
  name: string;
  retriever: ChunkRetrieverConfig;
  /**
   * Drop the document whose id equals the query's id (BEIR's `ignore_identical_ids`, Anserini's
   * `-removeQuery`): the app's configuration setting of the same name, off unless asked.
   */
  ignoreIdenticalIds: boolean;
};

/**
 * A config file: `{ "name"?: "one-word-tag", "retriever": R, "ignoreIdenticalIds"?: boolean }`, R
 * validated by the app's `retrieverConfigSchema` (the same JSON a saved configuration holds under
 * `retriever`), `ignoreIdenticalIds` as in a saved configuration (absent: false).
 */
const retrievalConfigFileSchema = z.strictObject({
  name: z.string().regex(/^\S+$/, { error: "must be one word (it becomes the run tag)" }).optional(),
  retriever: retrieverConfigSchema,
  ignoreIdenticalIds: z.boolean().optional(),
});

/**
 * The presets, fixed here rather than taken from the app's form defaults so their published
 * figures stay reproducible: `bm25` is Anserini's BM25 (k1 0.9, b 0.4, default English analyzer);
 * `lsa` the built-in LSA baseline (128 dimensions, seed 1); `hybrid-rrf` both, each cut at 1,000
 * hits, fused by reciprocal rank with k 60.
 */
export const RETRIEVAL_PRESETS = {
  bm25: { kind: "bm25", k1: 0.9, b: 0.4, analyzer: defaultAnalyzer },
  lsa: { kind: "dense", provider: { kind: "builtin-lsa", dimensions: 128, seed: 1 } },
  "hybrid-rrf": {
    kind: "hybrid",
    sparse: { k1: 0.9, b: 0.4, analyzer: defaultAnalyzer },
    dense: { provider: { kind: "builtin-lsa", dimensions: 128, seed: 1 } },
    fusion: { kind: "rrf", k: 60 },
    depth: 1000,
  },
} as const satisfies Record<string, ChunkRetrieverConfig>;

/** A preset by name (see RETRIEVAL_PRESETS), tagged with that name; a fresh copy each time. */
export function resolveRetrievalPreset(name: string): RetrievalRunConfig {
  if (!Object.hasOwn(RETRIEVAL_PRESETS, name)) {
    throw new AppError(
      "bad_request",
      `unknown preset "${name}". Available presets: ${Object.keys(RETRIEVAL_PRESETS).join(", ")}; or pass a FILE.json.`,
    );
  }
  const retriever: ChunkRetrieverConfig = RETRIEVAL_PRESETS[name as keyof typeof RETRIEVAL_PRESETS];
  return { name, retriever: structuredClone(retriever), ignoreIdenticalIds: false };
}

/**
 * A parsed config file → the run config; `fallbackName` (the file's base name) tags the run unless
 * the file names it. Problems are reported with their JSON path, including fields the app's schema
 * would silently drop (a misspelt `k_1` must not run the default k1 under a "tuned" tag).
 */
export function parseRetrievalConfigFile(options: {
  value: unknown;
  fallbackName: string;
}): RetrievalRunConfig {
  const parsed = retrievalConfigFileSchema.safeParse(options.value);
  if (!parsed.success) throw describeSchemaIssues(parsed.error, "bad_request", "config: ");
  const unknownFields = findDroppedKeys({ input: options.value, output: parsed.data, path: [] });
  if (unknownFields.length > 0)
    throw describeSchemaIssues(new z.ZodError(unknownFields), "bad_request", "config: ");

  const { retriever } = parsed.data;
  if (retriever.kind === "external" || retriever.kind === "imported") {
    throw new AppError(
      "bad_request",
      `config: retriever.kind: "${retriever.kind}" cannot run here; retrieve runs bm25, dense and hybrid configurations over whole documents`,
      { path: ["retriever", "kind"] },
    );
  }
  return {
    name: parsed.data.name ?? options.fallbackName,
    retriever,
    ignoreIdenticalIds: parsed.data.ignoreIdenticalIds ?? false,
  };
}

/** The keys of `input`'s objects that parsing dropped (zod's `z.object` strips unknown keys), one issue per object. */
export function findDroppedKeys(options: {
  input: unknown;
  output: unknown;
  path: (string | number)[];
}): z.core.$ZodIssue[] {
  const { input, output, path } = options;
  if (!isPlainObject(input) || !isPlainObject(output)) return [];
  const dropped = Object.keys(input).filter((key) => !Object.hasOwn(output, key));
  const issues: z.core.$ZodIssue[] =
    dropped.length === 0
      ? []
      : [{ code: "unrecognized_keys", keys: dropped, path, message: "unknown field", input }];
  for (const key of Object.keys(input).filter((key) => Object.hasOwn(output, key)))
    issues.push(...findDroppedKeys({ input: input[key], output: output[key], path: [...path, key] }));
  return issues;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
