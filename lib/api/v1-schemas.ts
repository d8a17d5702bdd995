import { z } from "zod";
import { savedConfigSchema } from "@/lib/configs/parse-saved-config";
import { runMetricsSchema, scoringModeSchema } from "@/lib/eval/run-report-schema";
import { DEFAULT_PERMUTATIONS } from "@/lib/eval/statistics/paired-randomization-test";
import { coverageSchema } from "@/lib/eval/validate-eval-options";
import { contextBudgetCharsSchema } from "@/lib/exchange/golden-set-schema";
import { querySplitSchema, splitRequestSchema } from "@/lib/sets/split-queries";

/**
 * The REST API v1's request and response bodies. The routes validate with these, and
 * openapi-document.ts builds the published OpenAPI document from the very same schemas.
 */

const dateTime = z.string().meta({ format: "date-time" });

/** A saved configuration's JSON (lib/configs/parse-saved-config.ts, as `goldenset evaluate` reads it). */
export const configurationFileSchema = savedConfigSchema;

export const createRunBodySchema = z.object({
  config: configurationFileSchema,
  mode: scoringModeSchema.optional().describe("label (quotes resolved to chunks, the default) or document"),
  coverage: coverageSchema.default(1).describe("coverage threshold θ of label scoring, in (0, 1]"),
  budgetChars: contextBudgetCharsSchema
    .optional()
    .describe(
      "the context budget in characters (100 to 1,000,000) at which the run computes context recall, precision and IoU (metrics.context); the set's budget when absent",
    ),
});

export const createRunResponseSchema = z.object({ runId: z.string(), jobId: z.string() });

export const compareBodySchema = z.object({
  baseline: z.string().min(1).describe("the id of the run the others are compared with"),
  runs: z.array(z.string().min(1)).min(1, "Name at least one run to compare with the baseline"),
  measures: z
    .array(z.string().min(1))
    .min(1)
    .optional()
    .describe(
      'trec_eval measure names as `goldenset compare` takes them ("ndcg_cut.10", "recip_rank", "recall.10", "P.5", "map"; also "ndcg@10", "mrr"); default ndcg_cut_10, recip_rank, recall_10, map. The response is keyed by trec_eval\'s output names ("ndcg_cut_10").',
    ),
  test: z.enum(["randomization", "t-test"]).default("randomization"),
  permutations: z.number().int().min(1).max(1_000_000).default(DEFAULT_PERMUTATIONS),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .optional(),
  split: querySplitSchema
    .optional()
    .describe(
      "compare on the set's dev or holdout queries only (the set must be split); absent: every query",
    ),
});

/** POST /api/v1/sets/{id}/split: a new dev/holdout split of the set's queries. */
export const splitBodySchema = splitRequestSchema;

export const splitResponseSchema = z.object({
  seed: z.number().int(),
  holdoutShare: z.number(),
  dev: z.number().int().describe("queries on the dev side"),
  holdout: z.number().int().describe("queries on the holdout side"),
});

const measureComparisonSchema = z.object({
  baseline: z.number(),
  mean: z.number(),
  delta: z.number(),
  ci95: z.tuple([z.number(), z.number()]).nullable(),
  p: z.number().nullable(),
  pAdjusted: z.number().nullable(),
  wins: z.number().int(),
  losses: z.number().int(),
  ties: z.number().int(),
});

/** The JSON of `goldenset compare --json`. */
export const comparisonResponseSchema = z.object({
  queries: z.number().int(),
  runs: z.array(z.object({ name: z.string(), measures: z.record(z.string(), measureComparisonSchema) })),
});

export const setSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  corpus: z.string(),
  queries: z.number().int(),
  runs: z.number().int(),
  counts: z
    .object({
      labeled: z
        .number()
        .int()
        .describe("queries with status labeled: marked done with a judgment, or imported judged"),
      done: z.number().int().describe("queries closed: labeled or no answer in the corpus"),
      withRelevantLabels: z
        .number()
        .int()
        .describe(
          "queries with a label whose grade, as the judgment policy counts it, reaches the relevance threshold: what a run evaluates",
        ),
      byStatus: z.record(z.string(), z.number().int()).describe("queries per status"),
    })
    .describe("the set's query counts, as every page shows them"),
  createdAt: dateTime,
  updatedAt: dateTime,
});

export const setListResponseSchema = z.object({ sets: z.array(setSummarySchema) });

export const setDetailResponseSchema = z.object({
  set: setSummarySchema,
  export: z
    .record(z.string(), z.unknown())
    .describe("the set as a goldenset v1 JSON file (see public schema)"),
});

const runStatusSchema = z.enum(["queued", "running", "succeeded", "failed"]);

export const runResponseSchema = z.object({
  id: z.string(),
  setId: z.string(),
  configName: z.string(),
  mode: scoringModeSchema,
  status: runStatusSchema,
  progress: z.number().min(0).max(1).describe("the job's progress, 0 to 1"),
  message: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: dateTime,
  metrics: runMetricsSchema.nullable().describe("the stored aggregate metrics, once the run succeeded"),
});

export const runListResponseSchema = z.object({
  runs: z.array(runResponseSchema).describe("the set's runs, newest first"),
});

export const errorResponseSchema = z.object({
  error: z.string(),
  code: z.string(),
  location: z.object({ line: z.number().int().optional(), path: z.string().optional() }).optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
