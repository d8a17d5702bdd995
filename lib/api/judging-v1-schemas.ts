import { z } from "zod";
import { judgingFiguresSchema, judgingPricesSchema } from "@/lib/judging/judging-figures";
import { judgingSourceSchema } from "@/lib/judging/judging-source";

/**
 * The REST API v1's judging bodies (issue 23): judging jobs, judges, the judge report. The routes
 * validate and answer with these; openapi-judging-paths.ts publishes them.
 */

const dateTime = z.string().meta({ format: "date-time" });
const nullableNumber = z.number().nullable();

export const startJudgingBodySchema = z.object({
  judgeId: z
    .string()
    .min(1, { error: "judgeId: choose a judge" })
    .describe("the judge version's id (GET /api/v1/judges)"),
  source: judgingSourceSchema.describe(
    '`{ "kind": "runs", "runIds": [...], "depth": 10 }`: the pool of the top depth results of those runs over the set\'s queries; `{ "kind": "holes", "runId", "depth": 10 }`: what no person judged in that run\'s top depth',
  ),
  prices: judgingPricesSchema.optional().describe("dollars per million tokens, for the job's cost"),
});

export const judgingJobResponseSchema = z.object({
  id: z.string(),
  status: z.enum(["queued", "running", "paused", "succeeded", "failed", "cancelled"]),
  progress: z.number().min(0).max(1).describe("pairs done of the pool, 0 to 1"),
  message: z.string(),
  error: z.string().nullable(),
  setId: z.string(),
  judgeId: z.string(),
  judgeName: z.string(),
  judgeVersion: z.number().int(),
  source: judgingSourceSchema,
  figures: judgingFiguresSchema.describe(
    "pairs of the pool, those judged, cached (no request), unsupported and failed passages, HTTP calls (retries included), tokens, cost in dollars (null without prices)",
  ),
  createdAt: dateTime,
  finishedAt: dateTime.nullable(),
});

export const judgingJobListResponseSchema = z.object({
  jobs: z.array(judgingJobResponseSchema).describe("the set's judging jobs, newest first"),
});

export const judgeResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number().int(),
  settings: z
    .object({
      baseUrl: z.string(),
      model: z.string(),
      apiKeyVariable: z.string().optional().describe("the environment variable's name; never its value"),
      promptVersion: z.string(),
      temperature: z.number(),
      maxTokens: z.number().int(),
      concurrency: z.number().int(),
      timeoutMs: z.number().int(),
      maxCalls: z.number().int().optional(),
    })
    .describe("the judge's settings (OpenAI-compatible endpoint, model, limits)"),
  annotator: z.string().describe("the annotator its labels carry: model:<name>"),
  used: z.boolean().describe("it has judged: editing its answer settings makes a new version"),
  createdAt: dateTime,
  archivedAt: dateTime.nullable(),
});

export const judgeListResponseSchema = z.object({
  judges: z
    .array(judgeResponseSchema)
    .describe("the latest version of each judge first, then older versions"),
});

const intervalSchema = z
  .object({ lower: z.number(), upper: z.number(), confidence: z.number(), resamples: z.number().int() })
  .nullable();

const agreementSchema = z.object({
  items: z.number().int().describe("pairs with a person's grade and a supported judgment of the judge"),
  kappa: nullableNumber.describe("Cohen's kappa, person vs judge, binarized at the set's threshold"),
  kappaInterval: intervalSchema.describe("percentile-bootstrap 95% interval of that kappa"),
  alpha: z.object({ nominal: nullableNumber, ordinal: nullableNumber }).describe("Krippendorff's alpha"),
});

export const judgeReportResponseSchema = z.object({
  set: z.object({ id: z.string(), name: z.string() }),
  judge: judgeResponseSchema,
  agreement: agreementSchema,
  peopleKappa: nullableNumber.describe(
    "kappa between people on the same set (binarized), items-weighted over pairs of annotators",
  ),
  confusion: z.object({
    grades: z.array(z.number().int()),
    counts: z
      .array(z.array(z.number().int()))
      .describe("counts[p][m]: pairs the person graded grades[p] and the judge grades[m]"),
  }),
  modelJudgments: z.number().int().describe("the judge's judgments on the set that did not fail"),
  unsupported: z.number().int().describe("of those, answers whose quote is not in the passage"),
  unsupportedRate: nullableNumber,
  tau: z.object({
    measure: z.literal("ndcg_cut_10"),
    value: nullableNumber.describe(
      "Kendall's tau-b between the runs ordered by nDCG@10 under people's and the judge's judgments",
    ),
    runs: z.number().int(),
  }),
  runs: z.array(
    z
      .object({ id: z.string(), label: z.string(), human: z.number(), model: z.number() })
      .describe("a run with its nDCG@10 under each"),
  ),
  verdict: z.object({
    outcome: z.enum(["agrees", "agrees_less", "too_few_pairs", "undefined", "no_people_figure"]),
    text: z.string(),
  }),
  calibration: z
    .object({
      id: z.string(),
      createdAt: dateTime,
      seed: z.number().int(),
      size: z.number().int(),
      strata: z.array(
        z.object({ grade: z.number().int(), available: z.number().int(), sampled: z.number().int() }),
      ),
      judged: z
        .number()
        .int()
        .describe("sampled judgments whose pair a person has judged: what agreement is over"),
      agreement: agreementSchema,
    })
    .nullable(),
});

/** `?runs=ID,ID&calibration=SAMPLE_ID` of the report. */
export const judgeReportQuerySchema = z.object({
  runs: z
    .string()
    .optional()
    .transform((value) =>
      value === undefined
        ? undefined
        : value
            .split(",")
            .map((id) => id.trim())
            .filter(Boolean),
    ),
  calibration: z.string().min(1).optional(),
});
