import { rankSweepPoints, type SweepRanking } from "@/lib/comparisons/rank-sweep-points";
import type { Db } from "@/lib/db/client";
import { loadQueryMetricsOfRuns } from "@/lib/db/comparisons";
import { loadQuerySplitsOfSet } from "@/lib/db/query-splits";
import { parseStoredQueryMetrics, queryMeasureValues } from "@/lib/eval/query-measure-values";

export type { SweepRanking };

/**
 * A sweep's points ranked by `measure` (rankSweepPoints) from their runs' stored per-query
 * metrics, choosing on the set's dev queries when it is split (the queries' current split).
 */
export async function loadSweepRanking(
  prisma: Db,
  options: { setId: string; runIds: readonly string[]; measure?: string },
): Promise<SweepRanking> {
  const [rows, splits] = await Promise.all([
    loadQueryMetricsOfRuns(prisma, [...options.runIds]),
    loadQuerySplitsOfSet(prisma, options.setId),
  ]);
  const values = new Map(options.runIds.map((runId) => [runId, new Map<string, Record<string, number>>()]));
  for (const row of rows) {
    if (!row.excluded)
      values.get(row.runId)?.set(row.queryId, queryMeasureValues(parseStoredQueryMetrics(row.metrics)));
  }
  return rankSweepPoints({
    points: options.runIds.map((runId) => ({ runId, values: values.get(runId) ?? new Map() })),
    splitOf: (queryId) => splits.get(queryId),
    ...(options.measure ? { measure: options.measure } : {}),
  });
}
