import type { Db } from "@/lib/db/client";
import { findQueryBefore, listProgressHistory, loadOwnQueueQueries, loadQueueQueries } from "@/lib/db/queue";
import type { Hole } from "@/lib/labeling/list-holes";
import {
  lockedAgainst,
  nextInQueue,
  orderQueue,
  previousQuery,
  type QueueQuery,
  type QueueTier,
  queueTier,
  queueTierForMe,
} from "@/lib/labeling/order-queue";
import type { ProgressState } from "@/lib/labeling/queue-schema";
import { type HoleRef, holeAfter, holeIndex } from "@/lib/labeling/walk-holes";
import { countHolesByQuery, loadHoles } from "@/lib/queue/load-holes";

/** The query "Next" opens, and why it needs this annotator (its tier, see QueueTier). */
export type NextQuery = { queryId: string; reason: QueueTier };

/**
 * The next query that needs this annotator after `currentId` (null: from the start), by the
 * queue's order (`nextInQueue`). Their own work comes first and alone: the queries assigned to
 * them and the unlabeled ones, wrapping round to the start. Queries that only have holes are
 * offered when `holes` is set — the annotator asked for them — since a labeled query opened
 * without a word reads as a mistake. Null at the end of the queue (of their own work, without
 * `holes`). Holes cost a look at every run, so they are computed only when asked for and the
 * first two tiers have nothing left after the current query.
 */
export async function findNextQuery(
  prisma: Db,
  options: { setId: string; userId: string; currentId: string | null; now: Date; holes?: boolean },
): Promise<NextQuery | null> {
  const own = await loadOwnQueueQueries(prisma, options);
  const ask = (list: readonly QueueQuery[]) =>
    nextInQueue({ queries: list, me: options.userId, now: options.now, currentId: options.currentId });
  const answer = (found: ReturnType<typeof ask>): NextQuery | null => {
    const reason = found ? queueTierForMe(found.query, options.userId) : null;
    return found && reason ? { queryId: found.query.id, reason } : null;
  };
  const first = ask(own);
  if (first && (!first.wrapped || !options.holes)) return answer(first);
  if (!options.holes) return null;
  // holes can bring any query of the set back: from here on, the whole set
  const [queries, { holes }] = await Promise.all([
    loadQueueQueries(prisma, options),
    loadHoles(prisma, { setId: options.setId, details: false }),
  ]);
  const counts = countHolesByQuery(holes);
  return answer(ask(queries.map((query) => ({ ...query, holes: counts.get(query.id) ?? 0 }))));
}

/**
 * How many queries of the set need this annotator now in their own queue (assigned to them or
 * unlabeled, not finished by them, not held by someone else) — holes left out, as in findNextQuery.
 */
export async function countOwnQueue(
  prisma: Db,
  options: { setId: string; userId: string; now: Date },
): Promise<{ left: number; assigned: number }> {
  const queries = await loadOwnQueueQueries(prisma, options);
  const queue = orderQueue({ queries, me: options.userId, now: options.now });
  return {
    left: queue.length,
    assigned: queue.filter((query) => queueTier(query, options.userId) === "assigned").length,
  };
}

/** The holes of one query now: how many, at which depth, and the names of the runs that ranked them. */
export async function describeQueryHoles(
  prisma: Db,
  options: { setId: string; queryId: string },
): Promise<{ holes: number; k: number; runNames: string[] }> {
  const { holes, k, runs } = await loadHoles(prisma, { setId: options.setId, details: false });
  const mine = holes.filter((hole) => hole.queryId === options.queryId);
  const runIds = new Set(mine.flatMap((hole) => hole.runs.map((run) => run.runId)));
  return {
    holes: mine.length,
    k,
    runNames: runs.filter((run) => runIds.has(run.runId)).map((run) => run.name),
  };
}

/**
 * `p`: back through this annotator's history in the set, else set order (`previousQuery`); set
 * order is read only without a history, and then only the query before the current one.
 */
export async function findPreviousQuery(
  prisma: Db,
  options: { setId: string; userId: string; currentId: string },
): Promise<string | null> {
  return (await findHistoryAround(prisma, options)).previousId;
}

/**
 * From one read of this annotator's history in the set: `p` from the current query (as
 * findPreviousQuery) and their own progress on it (null: none yet).
 */
export async function findHistoryAround(
  prisma: Db,
  options: { setId: string; userId: string; currentId: string },
): Promise<{ previousId: string | null; progress: { state: ProgressState; reason: string } | null }> {
  const rows = await listProgressHistory(prisma, options);
  const history = rows.map((row) => row.queryId);
  const setOrder = history.length > 0 ? [] : await findQueryBefore(prisma, options);
  const mine = rows.find((row) => row.queryId === options.currentId);
  return {
    previousId: previousQuery({ history, setOrder, currentId: options.currentId }),
    progress: mine ? { state: mine.state, reason: mine.reason } : null,
  };
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
