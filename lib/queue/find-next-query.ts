import type { Db } from "@/lib/db/client";
import { listProgressHistory, listSetQueryIds, loadQueueQueries } from "@/lib/db/queue";
import type { Hole } from "@/lib/labeling/list-holes";
import { lockedAgainst, nextInQueue, previousQuery } from "@/lib/labeling/order-queue";
import { type HoleRef, holeAfter, holeIndex } from "@/lib/labeling/walk-holes";
import { countHolesByQuery, loadHoles } from "@/lib/queue/load-holes";

/**
 * The next query that needs this annotator after `currentId` (null: from the start), by the
 * queue's order (`nextInQueue`: assigned to them, then unlabeled by anyone, then with holes);
 * null at the end of the queue. Holes cost a look at every run, so they are computed only when
 * the first two tiers have nothing left after the current query.
 */
export async function findNextQuery(
  prisma: Db,
  options: { setId: string; userId: string; currentId: string | null; now: Date },
): Promise<string | null> {
  const queries = await loadQueueQueries(prisma, { setId: options.setId, userId: options.userId });
  const ask = (list: typeof queries) =>
    nextInQueue({ queries: list, me: options.userId, now: options.now, currentId: options.currentId });
  const first = ask(queries);
  if (first && !first.wrapped) return first.query.id;
  const { holes } = await loadHoles(prisma, { setId: options.setId, details: false });
  const counts = countHolesByQuery(holes);
  const withHoles = ask(queries.map((query) => ({ ...query, holes: counts.get(query.id) ?? 0 })));
  return withHoles?.query.id ?? null;
}

/** `p`: back through this annotator's history in the set, else set order (`previousQuery`). */
export async function findPreviousQuery(
  prisma: Db,
  options: { setId: string; userId: string; currentId: string },
): Promise<string | null> {
  const [history, setOrder] = await Promise.all([
    listProgressHistory(prisma, options),
    listSetQueryIds(prisma, options.setId),
  ]);
  return previousQuery({ history, setOrder, currentId: options.currentId });
}

/**
 * The hole walk of "fill holes" mode — the holes of one run (`runId`) or of the set — seen from
 * the hole `current` (null: the start): where it stands (`index`, null once judged), how many are
 * left, and the next hole (`holeAfter`), leaving out queries another annotator holds the lock of;
 * `runName` names the run when the walk is one run's.
 */
export async function walkHoles(
  prisma: Db,
  options: { setId: string; runId?: string | undefined; userId: string; current: HoleRef | null; now: Date },
): Promise<{ index: number | null; total: number; next: Hole | null; k: number; runName: string | null }> {
  const [{ holes, k, runs }, queries] = await Promise.all([
    loadHoles(prisma, { setId: options.setId, runId: options.runId, details: false }),
    loadQueueQueries(prisma, { setId: options.setId, userId: options.userId }),
  ]);
  const locked = new Set(
    queries.filter((query) => lockedAgainst(query, options.userId, options.now)).map((query) => query.id),
  );
  return {
    index: holeIndex(holes, options.current),
    total: holes.length,
    next: holeAfter({
      holes,
      current: options.current,
      queryOrder: queries.map((query) => query.id),
      skip: (hole) => locked.has(hole.queryId),
    }),
    k,
    runName: options.runId ? (runs[0]?.name ?? null) : null,
  };
}
