import { z } from "zod";
import { DEFAULT_MIN_PER_CLASS, DEFAULT_SAMPLE_SEED, sampleStrategySchema } from "@/lib/logs/sample-queries";

export const DEFAULT_SAMPLE_SIZE = 60;
export const MAX_SAMPLE_SIZE = 1000;

/**
 * The size the form proposes for a log of `distinctQueries` queries: DEFAULT_SAMPLE_SIZE, or
 * all of them when the log has fewer (an 11-query log proposes 11, not 60); at least 1.
 */
export function defaultSampleSize(distinctQueries: number): number {
  return Math.max(1, Math.min(DEFAULT_SAMPLE_SIZE, Math.floor(distinctQueries)));
}

const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

/**
 * The "Sample into a golden set" form: into an existing set (`setId`) or a new one
 * (`newSetName` over `corpusId`).
 */
export const sampleIntoSetFormSchema = z
  .object({
    target: z.enum(["existing", "new"]),
    setId: z.string().trim().optional(),
    newSetName: z.string().trim().max(200).optional(),
    corpusId: z.string().trim().optional(),
    strategy: sampleStrategySchema.default("stratified"),
    size: z.coerce
      .number({ error: "Size must be a number" })
      .int()
      .min(1, "Sample at least one query")
      .max(MAX_SAMPLE_SIZE, `At most ${MAX_SAMPLE_SIZE} queries at a time`)
      .default(DEFAULT_SAMPLE_SIZE),
    seed: z.coerce.number({ error: "Seed must be a number" }).int().min(0).default(DEFAULT_SAMPLE_SEED),
    minPerClass: z.coerce.number().int().min(0).max(100).default(DEFAULT_MIN_PER_CLASS),
    excludeNearDuplicates: checkbox,
  })
  .superRefine((input, context) => {
    if (input.target === "existing" && !input.setId)
      context.addIssue({ code: "custom", path: ["setId"], message: "Choose a golden set" });
    if (input.target === "new" && !input.newSetName)
      context.addIssue({ code: "custom", path: ["newSetName"], message: "Name the new golden set" });
    if (input.target === "new" && !input.corpusId)
      context.addIssue({ code: "custom", path: ["corpusId"], message: "Choose the corpus of the new set" });
  });

export type SampleIntoSetForm = z.infer<typeof sampleIntoSetFormSchema>;
