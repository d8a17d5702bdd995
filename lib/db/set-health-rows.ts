import type { Db } from "@/lib/db/client";
import { policyLabelSelect } from "@/lib/db/policy-labels";

/** The rows a set's health is computed from: its relevance threshold and every query with its labels. */
export async function loadSetHealthRows(prisma: Db, setId: string) {
  const set = await prisma.goldenSet.findUniqueOrThrow({
    where: { id: setId },
    select: { relevantThreshold: true, judgmentPolicy: true, modelJudgments: true, corpusId: true },
  });
  const queries = await prisma.query.findMany({
    where: { goldenSetId: setId },
    select: {
      id: true,
      text: true,
      status: true,
      logQueryId: true,
      logQuery: { select: { classes: true } },
      labels: { select: policyLabelSelect },
    },
  });
  return {
    relevantThreshold: set.relevantThreshold,
    judgmentPolicy: set.judgmentPolicy,
    modelJudgments: set.modelJudgments,
    corpusId: set.corpusId,
    queries,
  };
}

/** How many of `logQueryIds` each query log holds. */
export async function countLogQueriesPerLog(
  prisma: Db,
  logQueryIds: string[],
): Promise<{ queryLogId: string; count: number }[]> {
  const perLog = await prisma.logQuerySource.groupBy({
    by: ["queryLogId"],
    where: { logQueryId: { in: logQueryIds } },
    _count: { _all: true },
  });
  return perLog.map((row) => ({ queryLogId: row.queryLogId, count: row._count._all }));
}

/** Ids and names of the given logs, oldest first. */
export function listQueryLogNames(prisma: Db, ids: string[]): Promise<{ id: string; name: string }[]> {
  return prisma.queryLog.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true },
    orderBy: { createdAt: "asc" },
  });
}
