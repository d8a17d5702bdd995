import type { Db } from "@/lib/db/client";
import { judgmentPolicySchema } from "@/lib/exchange/golden-set-schema";
import { countSetQueries, type SetQueryCounts } from "@/lib/sets/query-counts";

/**
 * The set-level counts of a set's queries (`countSetQueries`: labeled, done, with relevant
 * labels, per status) — the one loader the set page, the overview, the assignments page, the
 * run page and the API read them from.
 */
export async function loadSetQueryCounts(prisma: Db, setId: string): Promise<SetQueryCounts> {
  const set = await prisma.goldenSet.findUniqueOrThrow({
    where: { id: setId },
    select: { relevantThreshold: true, judgmentPolicy: true },
  });
  const queries = await prisma.query.findMany({
    where: { goldenSetId: setId },
    select: {
      status: true,
      labels: { select: { documentId: true, grade: true, annotatorId: true, adjudicated: true } },
    },
  });
  return countSetQueries({
    queries: queries.map((query) => ({
      status: query.status,
      labels: query.labels.map((label) => ({
        document: label.documentId,
        grade: label.grade,
        annotator: label.annotatorId,
        adjudicated: label.adjudicated,
      })),
    })),
    policy: judgmentPolicySchema.catch("any").parse(set.judgmentPolicy),
    relevantThreshold: set.relevantThreshold,
  });
}
