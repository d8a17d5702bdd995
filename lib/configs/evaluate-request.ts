import { z } from "zod";
import {
  type ChunkingConfig,
  DEFAULT_CHUNK_WINDOW,
  type RetrievalConfig,
  retrievalConfigSchema,
  type StoredRunFile,
} from "@/lib/configs/config-schema";
import {
  RETRIEVER_FORM_KINDS,
  rerankerInputFromForm,
  retrieverInputFromForm,
} from "@/lib/configs/retriever-form-fields";
import { parseAxisValues, type SweepAxis } from "@/lib/configs/sweep-schema";
import { scoringModeSchema } from "@/lib/eval/run-report-schema";
import { coverageSchema } from "@/lib/eval/validate-eval-options";

const optionalNumber = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.coerce.number().optional(),
);
const optionalText = z.preprocess(
  (value) => (value === null ? undefined : value),
  z.string().trim().optional(),
);
const checkbox = z.preprocess(
  (value) => (value === null || value === undefined ? undefined : value === "true" || value === "on"),
  z.boolean().optional(),
);

/**
 * The evaluate form's fields as posted (multipart, all strings). Fields the chosen retriever does
 * not use may be absent; the configuration schema fills their defaults and does the range checks.
 */
export const evaluateRequestSchema = z.object({
  name: z.string().trim().min(1, "Name the configuration").max(120),
  strategy: z
    .enum(["fixed-characters", "fixed-tokens", "sentence-packed", "recursive", "document"])
    .default("fixed-characters"),
  chunkSize: optionalNumber,
  chunkOverlap: optionalNumber,
  prependTitle: checkbox,
  topK: z.coerce.number().int(),
  scoreThreshold: optionalNumber,
  ignoreIdenticalIds: checkbox,
  retrieverKind: z.enum(RETRIEVER_FORM_KINDS).default("bm25"),
  k1: optionalNumber,
  b: optionalNumber,
  lowercase: checkbox,
  stopwords: checkbox,
  stem: checkbox,
  lsaDimensions: optionalNumber,
  fusion: z.enum(["rrf", "weighted"]).default("rrf"),
  rrfK: optionalNumber,
  alpha: optionalNumber,
  normalization: z.enum(["min-max", "z-score"]).optional(),
  embeddingBaseUrl: optionalText,
  embeddingModel: optionalText,
  embeddingDimensions: optionalText,
  embeddingApiKeyEnv: optionalText,
  externalUrl: optionalText,
  externalApiKeyEnv: optionalText,
  rerank: checkbox,
  rerankBaseUrl: optionalText,
  rerankModel: optionalText,
  rerankDepth: optionalNumber,
  rerankApiKeyEnv: optionalText,
  mode: scoringModeSchema.default("label"),
  /** a sweep: up to two axes, each a dotted path and its values ("200, 400" or "0:1:0.25") */
  axis1Path: optionalText,
  axis1Values: optionalText,
  axis2Path: optionalText,
  axis2Values: optionalText,
  skipInvalid: checkbox,
  coverage: optionalNumber.pipe(coverageSchema.default(1)),
});

export type EvaluateRequest = z.infer<typeof evaluateRequestSchema>;

/** The sweep axes the form filled in (a path with values); none means a single run. */
export function sweepAxesFromEvaluateRequest(request: EvaluateRequest): SweepAxis[] {
  return [
    [request.axis1Path, request.axis1Values],
    [request.axis2Path, request.axis2Values],
  ].flatMap(([path, values]) => (path && values ? [{ path, values: parseAxisValues(values) }] : []));
}

/**
 * The posted fields (and, for an imported run, the stored run file) → the input of
 * `retrievalConfigSchema`, unchecked. The evaluate form parses it in the browser before posting
 * (without the run file, which only the server stores).
 * The chunking of external and imported retrievers is kept at its default: they bring passages.
 */
export function configInputFromEvaluateRequest(request: EvaluateRequest, runFile?: StoredRunFile): unknown {
  const retriever = retrieverInputFromForm(request);
  // prependTitle only when set, so a configuration without a title is saved as before the option
  const title = request.prependTitle ? { prependTitle: true } : {};
  return {
    chunking:
      request.strategy === "document"
        ? { strategy: "document", ...title }
        : {
            strategy: request.strategy,
            size: request.chunkSize ?? DEFAULT_CHUNK_WINDOW.size,
            overlap: request.chunkOverlap ?? DEFAULT_CHUNK_WINDOW.overlap,
            ...title,
          },
    retriever: request.retrieverKind === "imported" ? { ...(retriever as object), file: runFile } : retriever,
    topK: request.topK,
    scoreThreshold: request.scoreThreshold ?? null,
    reranker: rerankerInputFromForm(request),
    // only when set, so a configuration that keeps the query's own document is saved as before the option
    ...(request.ignoreIdenticalIds ? { ignoreIdenticalIds: true } : {}),
  };
}

/** The posted fields (and, for an imported run, the stored run file) → a validated configuration. */
export function configFromEvaluateRequest(
  request: EvaluateRequest,
  runFile?: StoredRunFile,
): RetrievalConfig {
  return retrievalConfigSchema.parse(configInputFromEvaluateRequest(request, runFile));
}

/** A saved chunking → the form's fields (size and overlap at their defaults for whole documents). */
export function chunkingFormFields(chunking: ChunkingConfig): {
  strategy: ChunkingConfig["strategy"];
  chunkSize: number;
  chunkOverlap: number;
  prependTitle: boolean;
} {
  const window =
    chunking.strategy === "document"
      ? DEFAULT_CHUNK_WINDOW
      : { size: chunking.size, overlap: chunking.overlap };
  return {
    strategy: chunking.strategy,
    chunkSize: window.size,
    chunkOverlap: window.overlap,
    prependTitle: chunking.prependTitle ?? false,
  };
}
