import { countedGrades, type PolicyLabel } from "@/lib/eval/count-judgments";
import { NOISE_FLOOR_QUERIES } from "@/lib/eval/run-report-schema";
import type { JudgmentPolicy, ModelJudgmentsPolicy } from "@/lib/exchange/golden-set-schema";
import { type QueryStatus, queryStatusSchema } from "@/lib/sets/set-schema";

/**
 * The one definition of each count of a set's queries. Every page (set, overview, assignments,
 * run, set health) and the REST API read these; none counts on its own.
 *
 * Set level, each query counted once:
 * - total: the set's queries.
 * - byStatus: per status (a partition of total). The status is the set-level summary of everyone's
 *   work (lib/labeling/query-status-after.ts).
 * - labeled: status `labeled` — someone marked it done with at least one judgment, or it came
 *   judged in an import. A judge's labels never change a status: a query a model judged is not
 *   labeled or done for that.
 * - done: closed, nothing left for an annotator: `labeled` or `no_answer` (not in the corpus).
 * - withRelevantLabels: at least one label whose grade, as the set's judgment policy counts it
 *   (the model-judgments setting, adjudication, then any/majority/mean: `countedGrades`), reaches the relevance
 *   threshold, whatever the status. These are the queries an evaluation scores now — a run's
 *   `evaluated` is this count when it was scored (less any quote whose text has since left its
 *   document). The noise floor (NOISE_FLOOR_QUERIES) is a goal for this count.
 *
 * Per annotator (assignments page, set health), in the same set:
 * - assigned: queries assigned to them.
 * - done: queries they marked done, "no answer in corpus" included (their QueryProgress is
 *   `done`); skipped and can't judge are their other states.
 * - labeledQueries: queries with at least one label of theirs, any grade — they need not have
 *   pressed done (labels saved before "done", or labels on a query someone else closed).
 * - labels: their labels, any grade.
 */
export type SetQueryCounts = {
  total: number;
  byStatus: Record<QueryStatus, number>;
  labeled: number;
  done: number;
  withRelevantLabels: number;
};

/** What the counts read of one query: its status and its labels as the judgment policy sees them. */
export type CountedQuery = { status: string; labels: readonly PolicyLabel[] };

/** Whether any of a query's labels counts as relevant under the policy (see SetQueryCounts). */
export function hasRelevantLabel(options: {
  labels: readonly PolicyLabel[];
  policy: JudgmentPolicy;
  relevantThreshold: number;
  modelJudgments?: ModelJudgmentsPolicy | undefined;
}): boolean {
  return countedGrades(options).some((grade) => grade !== null && grade >= options.relevantThreshold);
}

/** The set-level counts of `queries` (definitions above). An unknown status counts in total only. */
export function countSetQueries(options: {
  queries: readonly CountedQuery[];
  policy: JudgmentPolicy;
  relevantThreshold: number;
  modelJudgments?: ModelJudgmentsPolicy | undefined;
}): SetQueryCounts {
  const byStatus = Object.fromEntries(queryStatusSchema.options.map((status) => [status, 0])) as Record<
    QueryStatus,
    number
  >;
  let withRelevantLabels = 0;
  for (const query of options.queries) {
    const status = queryStatusSchema.safeParse(query.status);
    if (status.success) byStatus[status.data] += 1;
    if (hasRelevantLabel({ ...options, labels: query.labels })) withRelevantLabels += 1;
  }
  return {
    total: options.queries.length,
    byStatus,
    labeled: byStatus.labeled,
    done: byStatus.labeled + byStatus.no_answer,
    withRelevantLabels,
  };
}

/** Per annotator (null: imported or deleted user), the distinct queries with a label of theirs. */
export function countQueriesLabeledBy(
  labels: readonly { queryId: string; annotatorId: string | null }[],
): Map<string | null, number> {
  const queries = new Map<string | null, Set<string>>();
  for (const label of labels) {
    const mine = queries.get(label.annotatorId) ?? new Set<string>();
    mine.add(label.queryId);
    queries.set(label.annotatorId, mine);
  }
  return new Map([...queries].map(([annotatorId, ids]) => [annotatorId, ids.size]));
}

const countFormat = new Intl.NumberFormat("en-US");

/** "72 queries with relevant labels · goal 30": the count and the noise floor it is measured against. */
export function describeRelevantCount(withRelevantLabels: number): string {
  const noun = withRelevantLabels === 1 ? "query" : "queries";
  return `${countFormat.format(withRelevantLabels)} ${noun} with relevant labels · goal ${NOISE_FLOOR_QUERIES}`;
}
