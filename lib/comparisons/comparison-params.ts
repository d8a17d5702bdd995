import { z } from "zod";
import type { SignificanceTest } from "@/lib/eval/compare-runs";
import { contextBudgetCharsSchema, querySplitSchema } from "@/lib/exchange/golden-set-schema";
import type { QueryListSort, QueryOutcome } from "./query-rows";

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

/** How the per-query list sorts, and the smallest |Δ| it can be filtered to. */
const QUERY_LIST_SORTS = [
  "largest-change",
  "biggest-loss",
  "biggest-win",
  "set",
] as const satisfies readonly QueryListSort[];
export const QUERY_LIST_MIN_CHANGES = [0, 0.1, 0.25, 0.5] as const;

/**
 * The comparison page's state, all of it in the URL so a link reopens the same view:
 * `baseline` (a run id), `runs` (run ids), `test` (randomization by default, or t-test),
 * `query` (the query whose passages are open), `against` (the run shown beside the baseline's
 * passages, and whose wins and losses the per-query list shows), `archived=1` (list archived
 * runs in the picker), and the per-query list's `measure`, `outcome` (win, loss, tie), `class`,
 * `tag`, `min` (smallest |Δ|) and `sort`; `budget` (the context budget in characters; the set's
 * own when absent); `split` (dev or holdout: only the set's queries on that side of its split).
 * Anything unreadable falls back to its default rather
 * than failing the page.
 */
const comparisonParamsSchema = z.object({
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
  measure: optionalId,
  outcome: z
    .enum(["win", "loss", "tie"] satisfies QueryOutcome[])
    .optional()
    .catch(undefined),
  queryClass: optionalId,
  tag: optionalId,
  minChange: z.coerce
    .number()
    .refine((value) => (QUERY_LIST_MIN_CHANGES as readonly number[]).includes(value))
    .catch(0)
    .default(0),
  sort: z.enum(QUERY_LIST_SORTS).catch("largest-change").default("largest-change"),
  /** The context budget in characters; absent: the set's own budget. */
  budget: z.coerce.number().pipe(contextBudgetCharsSchema).optional().catch(undefined),
  split: querySplitSchema.optional().catch(undefined),
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
    measure: first(searchParams.measure),
    outcome: first(searchParams.outcome),
    queryClass: first(searchParams.class),
    tag: first(searchParams.tag),
    minChange: first(searchParams.min),
    sort: first(searchParams.sort),
    budget: first(searchParams.budget) || undefined,
    split: first(searchParams.split),
  });
}

/**
 * The comparison page's URL for a state; defaults are left out (`test=randomization`,
 * `archived=0`, `sort=largest-change`, `min=0`), so equal states give equal links.
 */
export function comparisonHref(setId: string, state: Partial<ComparisonParams>): string {
  const search = new URLSearchParams();
  if (state.baseline) search.set("baseline", state.baseline);
  if (state.runs && state.runs.length > 0) search.set("runs", state.runs.join(","));
  if (state.test && state.test !== "randomization") search.set("test", state.test);
  if (state.query) search.set("query", state.query);
  if (state.against) search.set("against", state.against);
  if (state.archived) search.set("archived", "1");
  if (state.measure) search.set("measure", state.measure);
  if (state.outcome) search.set("outcome", state.outcome);
  if (state.queryClass) search.set("class", state.queryClass);
  if (state.tag) search.set("tag", state.tag);
  if (state.minChange) search.set("min", String(state.minChange));
  if (state.sort && state.sort !== "largest-change") search.set("sort", state.sort);
  if (state.budget) search.set("budget", String(state.budget));
  if (state.split) search.set("split", state.split);
  const query = search.toString().replaceAll("%2C", ",");
  return `/sets/${encodeURIComponent(setId)}/compare${query ? `?${query}` : ""}`;
}
