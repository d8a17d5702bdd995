import type { Db } from "@/lib/db/client";
import { policyLabelSelect, setJudging, toPolicyLabel } from "@/lib/db/policy-labels";
import { countSetQueries, type SetQueryCounts } from "@/lib/sets/query-counts";

/**
 * The set-level counts of a set's queries (`countSetQueries`: labeled, done, with relevant
 * labels, per status) — the one loader the set page, the overview, the assignments page, the
 * run page and the API read them from.
 */
export async function loadSetQueryCounts(prisma: Db, setId: string): Promise<SetQueryCounts> {
  const set = await prisma.goldenSet.findUniqueOrThrow({
    where: { id: setId },
    select: { relevantThreshold: true, judgmentPolicy: true, modelJudgments: true },
  });
  const queries = await prisma.query.findMany({
    where: { goldenSetId: setId },
    select: {
      status: true,
      labels: { select: policyLabelSelect },
    },
  });
  return countSetQueries({
    queries: queries.map((query) => ({
      status: query.status,
      labels: query.labels.map(toPolicyLabel),
    })),
    ...setJudging(set),
  });
}
