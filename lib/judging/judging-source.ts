import { z } from "zod";

const depthSchema = z
  .number({ error: "depth must be a whole number from 1 to 100" })
  .int({ error: "depth must be a whole number from 1 to 100" })
  .min(1, { error: "depth must be at least 1" })
  .max(100, { error: "depth must be at most 100" })
  .default(10);

/**
 * What a judging job judges: the pool of the top `depth` results of chosen runs over the set's
 * queries, or the holes of one run (results in its top `depth` that no person judged).
 */
export const judgingSourceSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("runs"),
      runIds: z
        .array(z.string().min(1, { error: "a run id is empty" }))
        .min(1, { error: "choose at least one run to pool" }),
      depth: depthSchema,
    }),
    z.object({
      kind: z.literal("holes"),
      runId: z.string().min(1, { error: "choose the run whose holes to judge" }),
      depth: depthSchema,
    }),
  ],
  { error: 'source.kind must be "runs" or "holes"' },
);

export type JudgingSource = z.infer<typeof judgingSourceSchema>;
export type JudgingSourceInput = z.input<typeof judgingSourceSchema>;

/** The runs a source reads. */
export function sourceRunIds(source: JudgingSource): string[] {
  return source.kind === "runs" ? [...new Set(source.runIds)] : [source.runId];
}
