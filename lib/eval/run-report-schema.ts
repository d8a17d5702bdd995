import { z } from "zod";
import { labelStateSchema } from "@/lib/anchor/label-state";
import { runJudgmentsSchema } from "@/lib/eval/run-judgments";

/**
 * How a run scores (docs/domain.md, "Evaluation"): `label` resolves quotes to chunks (the default,
 * chunking-independent); `document` maps chunks to documents (first rank each) and scores them
 * against the labels' documents, as for imported qrels.
 */
export const scoringModeSchema = z.enum(["label", "document"]);
export type ScoringMode = z.infer<typeof scoringModeSchema>;

/** The aggregate metrics a run stores (Run.metrics JSON). */
export const runMetricsSchema = z.object({
  recall: z.record(z.string(), z.number()),
  mrr: z.number(),
  // added with graded metrics; runs stored before them lack these
  ndcg: z.record(z.string(), z.number()).optional(),
  precision: z.record(z.string(), z.number()).optional(),
  hit: z.record(z.string(), z.number()).optional(),
  /** mean judged@k (lib/eval/judged-at-k.ts); runs stored before it lack it */
  judged: z.record(z.string(), z.number()).optional(),
  /** mean coverage-weighted label recall@k (lib/eval/partial-credit.ts); runs stored before it lack it */
  partialRecall: z.record(z.string(), z.number()).optional(),
  map: z.number().optional(),
  /** the cut-offs every per-k measure was computed at */
  ks: z.array(z.number()).optional(),
  /** bootstrap 95% intervals keyed "recall@5", "ndcg@10", "mrr", "map" */
  ci: z.record(z.string(), z.object({ lower: z.number(), upper: z.number() })).optional(),
  evaluated: z.number(),
  excluded: z.number(),
  queries: z.number().optional(),
  /** chunks indexed; null when the passages came from an external system or a run file */
  chunks: z.number().nullable().optional(),
  /** external / imported results naming a document the corpus lacks (dropped) */
  unknownDocuments: z.number().optional(),
  /** external / imported results whose text could not be found in their document (dropped) */
  unlocated: z.number().optional(),
  /** imported runs: set queries the file has no results for (evaluated with an empty ranking) */
  queriesWithoutResults: z.number().optional(),
  /** mean results per query after topK and scoreThreshold; runs stored before it lack it */
  meanReturned: z.number().optional(),
  /** mean characters per returned result, over all results of the run; runs stored before it lack it */
  meanResultChars: z
    .number()
    .optional()
    .describe("mean characters per returned result, over all results of the run"),
  /** the judgment policy, model-judgments setting and model labels it scored (lib/eval/run-judgments.ts); runs stored before them lack it: people only */
  judgments: runJudgmentsSchema
    .optional()
    .describe(
      "which judgments produced the numbers: the set's judgment policy, what LLM judges' labels counted for (ignore, fill_holes, model_only), and how many labels the run scored came from a model",
    ),
  /**
   * means over the evaluated queries of context recall, precision and IoU at `budgetChars`
   * characters of context (lib/eval/context-budget.ts); runs stored before them lack them
   */
  context: z
    .object({
      budgetChars: z.number(),
      recall: z.number(),
      precision: z.number(),
      iou: z.number(),
    })
    .optional()
    .describe(
      "means over the evaluated queries of context recall, precision and IoU: how much of the relevant labeled text the results hold within budgetChars characters of context, taken in rank order",
    ),
});
export type RunMetrics = z.infer<typeof runMetricsSchema>;

/** The label-resolution report a run stores (Run.resolution JSON). */
const runResolutionSchema = z.object({
  counts: z.record(z.string(), z.number()),
  labels: z.array(
    z.object({
      id: z.string(),
      queryKey: z.string(),
      document: z.string(),
      grade: z.number(),
      exact: z.string().nullable(),
      state: labelStateSchema,
      from: z.object({ start: z.number(), end: z.number() }).nullable(),
      to: z.object({ start: z.number(), end: z.number() }).nullable(),
      split: z.boolean().optional(),
    }),
  ),
});
export type RunResolution = z.infer<typeof runResolutionSchema>;

export function parseRunMetrics(value: unknown): RunMetrics | null {
  const parsed = runMetricsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function parseRunResolution(value: unknown): RunResolution | null {
  const parsed = runResolutionSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Below this many evaluated queries, every chart says the numbers are noise (docs/domain.md, "Ideas"). */
export const NOISE_FLOOR_QUERIES = 30;

export function noiseWarning(evaluated: number): string | undefined {
  return evaluated < NOISE_FLOOR_QUERIES
    ? `Only ${evaluated} evaluated ${evaluated === 1 ? "query" : "queries"} (fewer than ${NOISE_FLOOR_QUERIES}): differences of a few points are noise.`
    : undefined;
}

/** Tags an engineer attaches to a run ("candidate", "pr-123"): short, at most `MAX_RUN_TAGS`. */
export const MAX_RUN_TAGS = 10;
const MAX_RUN_TAG_LENGTH = 32;

const runTagSchema = z
  .string()
  .trim()
  .min(1, "A tag cannot be empty")
  .max(MAX_RUN_TAG_LENGTH, `A tag is at most ${MAX_RUN_TAG_LENGTH} characters`)
  .regex(/^[^,\p{C}]+$/u, "A tag has no commas or control characters");

/** A run's tags as stored (Run.tags): distinct, each valid. */
export const runTagsSchema = z
  .array(runTagSchema)
  .max(MAX_RUN_TAGS, `A run has at most ${MAX_RUN_TAGS} tags`)
  .refine((tags) => new Set(tags).size === tags.length, "Each tag once");

/** The tag form: one text field, tags separated by commas; blanks and repeats are dropped. */
export const runTagsFormSchema = z.object({
  tags: z
    .string()
    .max(1_000, "Too long for a list of tags")
    .default("")
    .transform((text) => [...new Set(text.split(",").map((tag) => tag.trim()))].filter((tag) => tag !== ""))
    .pipe(runTagsSchema),
});

/** Run.tags read back: a string array, or none when the stored value is not one. */
export function parseRunTags(value: unknown): string[] {
  const parsed = z.array(z.string()).safeParse(value);
  return parsed.success ? parsed.data : [];
}
