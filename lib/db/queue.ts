import type { Db, DbOrTransaction } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { QueueQuery } from "@/lib/labeling/order-queue";
import { type ProgressState, progressStateSchema, type QueryDetailsInput } from "@/lib/labeling/queue-schema";
import type { QueryStatus } from "@/lib/sets/set-schema";

// Data access for the annotator's queue: per-annotator progress (QueryProgress), assignments as
// the queue reads them, the query lock and the query's editable details. The rules are in
// lib/labeling (pure) and lib/queue (use cases).

const state = (value: string): ProgressState => progressStateSchema.catch("skipped").parse(value);

const queueQuerySelect = {
  id: true,
  position: true,
  status: true,
  lockedById: true,
  lockedUntil: true,
  _count: { select: { labels: true } },
  assignments: { select: { userId: true } },
  progress: { select: { userId: true, state: true } },
} as const;

/** The name of the set the queue is in (its pages' heading); not_found for an unknown set. */
export async function findQueueSetName(prisma: Db, setId: string): Promise<string> {
  const set = await prisma.goldenSet.findUnique({ where: { id: setId }, select: { name: true } });
  if (!set) throw new AppError("not_found", "No such golden set.");
  return set.name;
}

/** Every query of a set as the queue sees it for `userId` (holes are added by the caller). */
export async function loadQueueQueries(
  prisma: Db,
  options: { setId: string; userId: string },
): Promise<QueueQuery[]> {
  const rows = await prisma.query.findMany({
    where: { goldenSetId: options.setId },
    orderBy: { position: "asc" },
    select: queueQuerySelect,
  });
  return rows.map((row) => toQueueQuery(row, options.userId));
}

/**
 * The queries of a set that can be in `userId`'s own queue — assigned to them, or assigned to
 * nobody, labeled by nobody and not closed (the `assigned` and `unlabeled` tiers of QueueTier) —
 * as loadQueueQueries reads them. Every other query has no tier for them until holes are counted
 * (nextInQueue places such a current query before everything, as if it were absent), so "Next"
 * without holes gives the same answer on these as on the whole set, from the assignment and label
 * indexes instead of every query's rows.
 */
export async function loadOwnQueueQueries(
  prisma: Db,
  options: { setId: string; userId: string },
): Promise<QueueQuery[]> {
  const rows = await prisma.query.findMany({
    where: {
      goldenSetId: options.setId,
      OR: [
        { assignments: { some: { userId: options.userId } } },
        { assignments: { none: {} }, labels: { none: {} }, status: { notIn: ["no_answer", "skipped"] } },
      ],
    },
    orderBy: { position: "asc" },
    select: queueQuerySelect,
  });
  return rows.map((row) => toQueueQuery(row, options.userId));
}

type QueueQueryRow = {
  id: string;
  position: number;
  status: string;
  lockedById: string | null;
  lockedUntil: Date | null;
  _count: { labels: number };
  assignments: { userId: string }[];
  progress: { userId: string; state: string }[];
};

function toQueueQuery(row: QueueQueryRow, userId: string): QueueQuery {
  const progress = new Map(row.progress.map((entry) => [entry.userId, state(entry.state)]));
  return {
    id: row.id,
    position: row.position,
    status: row.status,
    labelCount: row._count.labels,
    assignees: row.assignments.map((entry) => ({
      userId: entry.userId,
      state: progress.get(entry.userId) ?? null,
    })),
    myState: progress.get(userId) ?? null,
    lock: row.lockedById && row.lockedUntil ? { userId: row.lockedById, until: row.lockedUntil } : null,
  };
}

/**
 * The stretch of set order previousQuery needs around `currentId`: the query before it and it,
 * ids in set order ([currentId] at the start of the set, [] when it is not in the set).
 */
export async function findQueryBefore(prisma: Db, options: { setId: string; currentId: string }) {
  const current = await prisma.query.findFirst({
    where: { id: options.currentId, goldenSetId: options.setId },
    select: { position: true },
  });
  if (!current) return [];
  const before = await prisma.query.findFirst({
    where: { goldenSetId: options.setId, position: { lt: current.position } },
    orderBy: { position: "desc" },
    select: { id: true },
  });
  return before ? [before.id, options.currentId] : [options.currentId];
}

/**
 * The queries `userId` finished, skipped or could not judge in a set, most recent first, with
 * what they did and why.
 */
export async function listProgressHistory(prisma: Db, options: { setId: string; userId: string }) {
  const rows = await prisma.queryProgress.findMany({
    where: { userId: options.userId, query: { goldenSetId: options.setId } },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    select: { queryId: true, state: true, reason: true },
  });
  return rows.map((row) => ({ ...row, state: state(row.state) }));
}

/** My progress on one query, or null. */
export async function findProgress(prisma: Db, options: { queryId: string; userId: string }) {
  const row = await prisma.queryProgress.findUnique({
    where: { queryId_userId: { queryId: options.queryId, userId: options.userId } },
    select: { state: true, reason: true, updatedAt: true },
  });
  return row ? { ...row, state: state(row.state) } : null;
}

/** What the set-level status of a query depends on: its labels and who has it done. */
export async function loadStatusInputs(
  prisma: DbOrTransaction,
  options: { setId: string; queryId: string; userId: string },
) {
  const query = await prisma.query.findFirst({
    where: { id: options.queryId, goldenSetId: options.setId },
    select: { id: true, status: true, goldenSet: { select: { relevantThreshold: true } } },
  });
  if (!query) throw new AppError("not_found", "No such query in this set.");
  const [labelCount, relevantCount, othersDone] = await Promise.all([
    prisma.label.count({ where: { queryId: query.id } }),
    prisma.label.count({ where: { queryId: query.id, grade: { gte: query.goldenSet.relevantThreshold } } }),
    prisma.queryProgress.count({
      where: { queryId: query.id, state: "done", userId: { not: options.userId } },
    }),
  ]);
  return { status: query.status, labelCount, relevantCount, othersDone };
}

/**
 * Writes my progress on a query (null removes it), the query's new set-level status, and drops
 * my lock on it — the work is over. Run it in a transaction.
 */
export async function saveProgress(
  prisma: DbOrTransaction,
  options: {
    queryId: string;
    userId: string;
    progress: { state: ProgressState; reason: string } | null;
    status: QueryStatus;
  },
) {
  const key = { queryId: options.queryId, userId: options.userId };
  if (options.progress)
    await prisma.queryProgress.upsert({
      where: { queryId_userId: key },
      create: { ...key, ...options.progress },
      update: options.progress,
    });
  else await prisma.queryProgress.deleteMany({ where: key });
  await prisma.query.update({ where: { id: options.queryId }, data: { status: options.status } });
  await prisma.query.updateMany({
    where: { id: options.queryId, lockedById: options.userId },
    data: { lockedById: null, lockedUntil: null },
  });
}

/**
 * Takes or renews the lock for `userId` when it is free, expired or theirs — one statement, so
 * two annotators opening the query at once cannot both get it. Answers whether it was taken.
 */
export async function takeQueryLock(
  prisma: Db,
  options: { setId: string; queryId: string; userId: string; now: Date; until: Date },
): Promise<boolean> {
  const taken = await prisma.query.updateMany({
    where: {
      id: options.queryId,
      goldenSetId: options.setId,
      OR: [{ lockedById: null }, { lockedById: options.userId }, { lockedUntil: { lte: options.now } }],
    },
    data: { lockedById: options.userId, lockedUntil: options.until },
  });
  return taken.count > 0;
}

/** Who holds the query's lock and until when (expired locks included), or null; not_found off the set. */
export async function findQueryLock(prisma: Db, options: { setId: string; queryId: string }) {
  const query = await prisma.query.findFirst({
    where: { id: options.queryId, goldenSetId: options.setId },
    select: {
      lockedUntil: true,
      lockedBy: { select: { id: true, name: true } },
      _count: { select: { assignments: true } },
    },
  });
  if (!query) throw new AppError("not_found", "No such query in this set.");
  const holder = query.lockedBy && query.lockedUntil ? { ...query.lockedBy, until: query.lockedUntil } : null;
  return { holder, assignees: query._count.assignments };
}

/** Drops `userId`'s lock on the query (nothing when someone else holds it). */
export async function releaseQueryLock(
  prisma: Db,
  options: { setId: string; queryId: string; userId: string },
) {
  await prisma.query.updateMany({
    where: { id: options.queryId, goldenSetId: options.setId, lockedById: options.userId },
    data: { lockedById: null, lockedUntil: null },
  });
}

/** Saves the query's information need and notes (updatedAt moves); not_found off the set. */
export async function updateQueryDetails(
  prisma: Db,
  options: { setId: string; queryId: string } & QueryDetailsInput,
) {
  const updated = await prisma.query.updateMany({
    where: { id: options.queryId, goldenSetId: options.setId },
    data: { informationNeed: options.informationNeed, notes: options.notes },
  });
  if (updated.count === 0) throw new AppError("not_found", "No such query in this set.");
}

/** The queries `userId` skipped or could not judge in a set, in set order, with their reasons. */
export async function listSetAside(prisma: Db, options: { setId: string; userId: string }) {
  const rows = await prisma.queryProgress.findMany({
    where: {
      userId: options.userId,
      state: { in: ["skipped", "cannot_judge"] },
      query: { goldenSetId: options.setId },
    },
    orderBy: { query: { position: "asc" } },
    select: { state: true, reason: true, query: { select: { id: true, text: true, position: true } } },
  });
  return rows.map((row) => ({ ...row.query, state: state(row.state), reason: row.reason }));
}
