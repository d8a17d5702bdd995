import { z } from "zod";

/**
 * The disagreement view's decision form: the pair, the grade, and what is decided — the whole
 * document ("document") or an annotator's quote label adopted (its id).
 */
export const adjudicationInputSchema = z.object({
  queryId: z.string().min(1),
  documentId: z.string().min(1),
  target: z
    .string({ error: "Choose the whole document or a quote" })
    .min(1, "Choose the whole document or a quote"),
  grade: z.coerce
    .number({ error: "Choose a grade" })
    .int("Choose a grade")
    .min(0, "Choose a grade")
    .max(10, "Choose a grade"),
});

/** Withdrawing the decision on a pair. */
export const clearAdjudicationInputSchema = z.object({
  queryId: z.string().min(1),
  documentId: z.string().min(1),
});
