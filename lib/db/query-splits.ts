import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { QuerySplit } from "@/lib/sets/split-queries";

/** The set's queries with what a split needs: key, text and the classes of the log query each came from. */
export function loadQueriesForSplit(prisma: Db, setId: string) {
  return prisma.query.findMany({
    where: { goldenSetId: setId },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    select: { id: true, key: true, text: true, logQuery: { select: { classes: true } } },
  });
}

/**
 * Stores a split in one transaction: the set's seed and share, and each query's side (query id →
 * split); a query of the set missing from `splits` gets none. Throws not_found for an unknown set.
 */
export async function saveQuerySplits(
  prisma: Db,
  options: { setId: string; seed: number; holdoutShare: number; splits: ReadonlyMap<string, QuerySplit> },
): Promise<void> {
  const idsOf = (side: QuerySplit) =>
    [...options.splits].flatMap(([queryId, split]) => (split === side ? [queryId] : []));
  await prisma.$transaction(async (tx) => {
    const set = await tx.goldenSet.findUnique({ where: { id: options.setId }, select: { id: true } });
    if (!set) throw new AppError("not_found", "No such golden set.");
    await tx.goldenSet.update({
      where: { id: set.id },
      data: { splitSeed: options.seed, splitHoldoutShare: options.holdoutShare },
    });
    await tx.query.updateMany({ where: { goldenSetId: set.id }, data: { split: null } });
    for (const side of ["dev", "holdout"] as const) {
      await tx.query.updateMany({
        where: { goldenSetId: set.id, id: { in: idsOf(side) } },
        data: { split: side },
      });
    }
  });
}

/** Forgets the set's split: no seed, no query on either side. Throws not_found for an unknown set. */
export async function clearQuerySplits(prisma: Db, setId: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const set = await tx.goldenSet.findUnique({ where: { id: setId }, select: { id: true } });
    if (!set) throw new AppError("not_found", "No such golden set.");
    await tx.goldenSet.update({ where: { id: set.id }, data: { splitSeed: null, splitHoldoutShare: null } });
    await tx.query.updateMany({ where: { goldenSetId: set.id }, data: { split: null } });
  });
}

/** Query id → its split (null: none) for the set's queries. */
export async function loadQuerySplitsOfSet(prisma: Db, setId: string): Promise<Map<string, string | null>> {
  const rows = await prisma.query.findMany({
    where: { goldenSetId: setId },
    select: { id: true, split: true },
  });
  return new Map(rows.map((row) => [row.id, row.split]));
}
