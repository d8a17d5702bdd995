import { z } from "zod";

/**
 * A stored model judgment (ModelJudgment.status): `supported` (its quote was found in the passage;
 * it is a label), `not_needed` (grade 0, no quote needed; also a label), `unsupported` (the quote is
 * not in the passage: shown, never relevant, left out of agreement), `failed` (no usable answer
 * after one retry; the raw answer kept; judged again by a later job).
 */
export const modelJudgmentStatusSchema = z.enum(["supported", "not_needed", "unsupported", "failed"]);
export type ModelJudgmentStatus = z.infer<typeof modelJudgmentStatusSchema>;

/** Where a judgment was asked for (ModelJudgment.origin). */
const judgmentOriginSchema = z.enum(["pool", "holes", "workspace"]);
export type JudgmentOrigin = z.infer<typeof judgmentOriginSchema>;
