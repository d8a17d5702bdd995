import { z } from "zod";

/** An annotator's own progress on a query (QueryProgress.state). */
export const progressStateSchema = z.enum(["done", "skipped", "cannot_judge"]);
export type ProgressState = z.infer<typeof progressStateSchema>;

const reason = z
  .string()
  .trim()
  .min(1, "Say why, in a few words (the next annotator and the engineer read it)")
  .max(500, "Keep the reason under 500 characters");

/**
 * What an annotator does with a query from the workspace: done (it has judgments), no answer in
 * the corpus (done, nothing answers it), skip or can't judge (each with a reason), or reopen
 * (forget my progress on it).
 */
export const recordProgressInputSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("done") }),
  z.object({ action: z.literal("no_answer") }),
  z.object({ action: z.literal("skipped"), reason }),
  z.object({ action: z.literal("cannot_judge"), reason }),
  z.object({ action: z.literal("reopen") }),
]);
export type RecordProgressInput = z.infer<typeof recordProgressInputSchema>;
export type ProgressAction = RecordProgressInput["action"];

/** The information need and notes of a query, as the workspace edits them. */
export const queryDetailsInputSchema = z.object({
  informationNeed: z.string().trim().max(2000, "Keep the information need under 2,000 characters"),
  notes: z.string().trim().max(5000, "Keep the notes under 5,000 characters"),
});
export type QueryDetailsInput = z.infer<typeof queryDetailsInputSchema>;

/** Assigning a set's unassigned queries: to whom, and which share goes to two annotators. */
export const assignQueriesInputSchema = z.object({
  annotatorIds: z
    .array(z.string().min(1))
    .min(1, "Choose at least one annotator")
    .refine((ids) => new Set(ids).size === ids.length, "An annotator is chosen twice"),
  overlapPercent: z.coerce
    .number({ message: "Give the overlap as a number of percent" })
    .int("Give the overlap as a whole number of percent")
    .min(0, "The overlap is between 0% and 100%")
    .max(100, "The overlap is between 0% and 100%"),
});
export type AssignQueriesInput = z.infer<typeof assignQueriesInputSchema>;

/**
 * How long a query stays locked to the annotator who opened it unless the workspace renews it:
 * short, so a lock whose release never arrived (a crashed tab, a lost connection) frees the query
 * for others within a minute.
 */
export const QUERY_LOCK_SECONDS = 60;

/** The workspace renews its lock this often while the page is visible: three renewals per lock. */
export const QUERY_LOCK_RENEW_SECONDS = 20;

/** "120-480" in a workspace URL: a span of the open document (a hole's chunk). */
const spanParamSchema = z
  .string()
  .regex(/^\d+-\d+$/)
  .transform((value) => {
    const [start, end] = value.split("-").map(Number) as [number, number];
    return { start, end };
  })
  .refine((span) => span.end > span.start);

/** Why "Next" opened a query (lib/labeling/order-queue.ts QueueTier). */
const nextReasonSchema = z.enum(["assigned", "unlabeled", "holes"]);

/**
 * The workspace's search params for the queue: `mode=holes` walks holes (of one run with
 * `run=<id>`, else of every non-archived run of the set); `span` is the hole's chunk; `why` is
 * set by "Next" (/next), which says why it opened the query.
 */
export const queueParamsSchema = z.object({
  mode: z.enum(["holes"]).optional().catch(undefined),
  why: nextReasonSchema.optional().catch(undefined),
  run: z.string().min(1).optional().catch(undefined),
  span: spanParamSchema.optional().catch(undefined),
});
export type QueueParams = z.infer<typeof queueParamsSchema>;
