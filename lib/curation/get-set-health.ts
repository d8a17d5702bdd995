import type { Db } from "@/lib/db/client";
import { getLogClassMix } from "@/lib/db/log-insights";
import { setJudging, toPolicyLabel } from "@/lib/db/policy-labels";
import { countLogQueriesPerLog, listQueryLogNames, loadSetHealthRows } from "@/lib/db/set-health-rows";
import { findUserNames } from "@/lib/db/users";
import { isModelAnnotator } from "@/lib/exchange/model-annotator";
import { classifySetQueries } from "@/lib/logs/classify-set-queries";
import { setClassifierOptions } from "@/lib/search/corpus-vocabulary";
import { buildClassCoverage, type ClassCoverageRow } from "@/lib/sets/class-coverage";
import {
  type CountedQuery,
  countQueriesLabeledBy,
  countSetQueries,
  hasRelevantLabel,
  type SetQueryCounts,
} from "@/lib/sets/query-counts";
import type { QueryStatus } from "@/lib/sets/set-schema";

type AnnotatorProgress = {
  annotatorId: string | null;
  name: string;
  /** distinct queries of the set this annotator labeled */
  queries: number;
  labels: number;
};

export type SetHealth = {
  total: number;
  /** queries with status "labeled" (lib/sets/query-counts.ts) */
  labeled: number;
  byStatus: Record<QueryStatus, number>;
  /** the set's counts, as every page reads them (lib/sets/query-counts.ts) */
  counts: SetQueryCounts;
  /** labeled queries without a relevant label (as the judgment policy counts grades), plus "no_answer" queries */
  noRelevantPassage: number;
  annotators: AnnotatorProgress[];
  coverage: {
    rows: ClassCoverageRow[];
    setTotal: number;
    underCovered: number;
    /** what the set is compared with: the logs its queries came from, or every log */
    comparedWith: { kind: "logs"; names: string[] } | { kind: "all-logs" } | { kind: "none" };
  };
};

/**
 * How ready a golden set is to gate decisions: status counts, queries without a relevant
 * passage, per-annotator progress, and its class mix beside the mix of its logs. Queries from a
 * log use that log query's classes; typed-in ones are classified here, with the typo and casing
 * context built from the set's own texts.
 */
export async function getSetHealth(prisma: Db, setId: string): Promise<SetHealth> {
  const rows = await loadSetHealthRows(prisma, setId);
  const { queries, relevantThreshold } = rows;
  const judging = setJudging({ ...rows, relevantThreshold });
  const counted = queries.map(
    (query): CountedQuery => ({ status: query.status, labels: query.labels.map(toPolicyLabel) }),
  );
  const counts = countSetQueries({ queries: counted, ...judging });
  const noRelevantPassage = counted.filter(
    (query) =>
      query.status === "no_answer" ||
      (query.status === "labeled" && !hasRelevantLabel({ labels: query.labels, ...judging })),
  ).length;
  // annotators' progress is people's work: a judge's labels are not an annotator's
  const labels = queries.flatMap((query) =>
    query.labels
      .filter((label) => !isModelAnnotator(label.annotator?.email))
      .map((label) => ({ queryId: query.id, annotatorId: label.annotatorId })),
  );
  const queriesBy = countQueriesLabeledBy(labels);
  const labelsBy = new Map<string | null, number>();
  for (const label of labels) labelsBy.set(label.annotatorId, (labelsBy.get(label.annotatorId) ?? 0) + 1);

  const annotatorIds = [...queriesBy.keys()].filter((id): id is string => id !== null);
  const users = new Map((await findUserNames(prisma, annotatorIds)).map((user) => [user.id, user.name]));
  const annotators = [...queriesBy.entries()]
    .map(([annotatorId, labeledQueries]) => ({
      annotatorId,
      name: annotatorId === null ? "Imported / deleted user" : (users.get(annotatorId) ?? "Unknown user"),
      queries: labeledQueries,
      labels: labelsBy.get(annotatorId) ?? 0,
    }))
    .sort((left, right) => right.queries - left.queries || left.name.localeCompare(right.name));

  return {
    total: counts.total,
    labeled: counts.labeled,
    byStatus: counts.byStatus,
    counts,
    noRelevantPassage,
    annotators,
    coverage: await classCoverage(prisma, { queries, corpusId: rows.corpusId }),
  };
}

async function classCoverage(
  prisma: Db,
  options: {
    queries: { text: string; logQueryId: string | null; logQuery: { classes: string } | null }[];
    corpusId: string;
  },
): Promise<SetHealth["coverage"]> {
  const { queries } = options;
  const setClasses = classifySetQueries(
    queries.map((query) => ({ text: query.text, logClasses: query.logQuery?.classes ?? null })),
    await setClassifierOptions(prisma, options.corpusId),
  );
  const logs = await sourceLogs(
    prisma,
    queries.flatMap((query) => (query.logQueryId ? [query.logQueryId] : [])),
  );
  const logMix =
    logs.length > 0
      ? await getLogClassMix(prisma, { queryLogIds: logs.map((log) => log.id) })
      : await getLogClassMix(prisma);
  const comparedWith: SetHealth["coverage"]["comparedWith"] =
    logs.length > 0
      ? { kind: "logs", names: logs.map((log) => log.name) }
      : logMix.totalDistinct > 0
        ? { kind: "all-logs" }
        : { kind: "none" };
  return { ...buildClassCoverage({ setClasses, logMix }), comparedWith };
}

/**
 * The logs the set's queries came from. A log query is shared by every log that has it, so a
 * log counts as a source when it holds at least half of the set's linked queries (a sample of
 * one log), else the log holding the most is taken.
 */
async function sourceLogs(prisma: Db, logQueryIds: string[]): Promise<{ id: string; name: string }[]> {
  if (logQueryIds.length === 0) return [];
  const perLog = await countLogQueriesPerLog(prisma, logQueryIds);
  const most = Math.max(0, ...perLog.map((row) => row.count));
  const holdingHalf = perLog.filter((row) => row.count * 2 >= logQueryIds.length);
  const chosen = (holdingHalf.length > 0 ? holdingHalf : perLog.filter((row) => row.count === most)).map(
    (row) => row.queryLogId,
  );
  return listQueryLogNames(prisma, chosen);
}
