import { z } from "zod";

/** Most runs a set may pool: each adds one indexed query per labeling page. */
const MAX_POOLED_RUNS = 12;

/**
 * A set's pooling settings as the runs page's form sends them: how many results of each
 * configuration to pool, and which of the set's runs (BM25 over the corpus is always pooled).
 */
export const poolSettingsInputSchema = z.object({
  depth: z.coerce
    .number({ error: "Pool depth must be a number" })
    .int("Pool depth must be a whole number")
    .min(1, "Pool at least the top 1 result")
    .max(100, "Pool at most the top 100 results of each run"),
  runIds: z
    .array(z.string().min(1))
    .max(MAX_POOLED_RUNS, `Pool at most ${MAX_POOLED_RUNS} runs`)
    .transform((ids) => [...new Set(ids)]),
});

/** `GoldenSet.poolRunIds` (JSON) as a list of run ids; anything else reads as no runs. */
export function readPoolRunIds(value: unknown): string[] {
  const parsed = z.array(z.string()).safeParse(value);
  return parsed.success ? parsed.data : [];
}
