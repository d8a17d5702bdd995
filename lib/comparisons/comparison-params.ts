import { z } from "zod";
import type { SignificanceTest } from "@/lib/eval/compare-runs";

/** A comparison shows a baseline and at most this many runs. */
export const MAX_COMPARED_RUNS = 6;

const optionalId = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional()
  .catch(undefined);

/** `runs=a,b` or `runs=a&runs=b` (a GET form), in order, without blanks or repeats. */
const runIdList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => {
    const parts = (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((part) =>
      part.split(","),
    );
    return [...new Set(parts.map((part) => part.trim()).filter((part) => part !== ""))];
  })
  .catch([]);

/**
 * The comparison page's state, all of it in the URL so a link reopens the same view:
 * `baseline` (a run id), `runs` (run ids), `test` (randomization by default, or t-test),
 * `query` (the query whose passages are open), `against` (the run shown beside the baseline's
 * passages), `archived=1` (list archived runs in the picker). Anything unreadable falls back to
 * its default rather than failing the page.
 */
export const comparisonParamsSchema = z.object({
  baseline: optionalId,
  runs: runIdList,
  test: z.enum(["randomization", "t-test"]).catch("randomization").default("randomization"),
  query: optionalId,
  against: optionalId,
  archived: z
    .string()
    .optional()
    .transform((value) => value === "1")
    .catch(false),
});

export type ComparisonParams = z.infer<typeof comparisonParamsSchema> & { test: SignificanceTest };

export function parseComparisonParams(
  searchParams: Record<string, string | string[] | undefined>,
): ComparisonParams {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  return comparisonParamsSchema.parse({
    baseline: first(searchParams.baseline),
    runs: searchParams.runs,
    test: first(searchParams.test),
    query: first(searchParams.query),
    against: first(searchParams.against),
    archived: first(searchParams.archived),
  });
}

/**
 * The comparison page's URL for a state; defaults are left out (`test=randomization`,
 * `archived=0`), so equal states give equal links.
 */
export function comparisonHref(setId: string, state: Partial<ComparisonParams>): string {
  const search = new URLSearchParams();
  if (state.baseline) search.set("baseline", state.baseline);
  if (state.runs && state.runs.length > 0) search.set("runs", state.runs.join(","));
  if (state.test && state.test !== "randomization") search.set("test", state.test);
  if (state.query) search.set("query", state.query);
  if (state.against) search.set("against", state.against);
  if (state.archived) search.set("archived", "1");
  const query = search.toString().replaceAll("%2C", ",");
  return `/sets/${encodeURIComponent(setId)}/compare${query ? `?${query}` : ""}`;
}
