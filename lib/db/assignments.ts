import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/prisma-errors";
import { AppError } from "@/lib/errors";
import { MODEL_ROLE } from "@/lib/exchange/model-annotator";

// Data access for query assignments (QueryAssignment) and the per-annotator progress they are
// measured against. lib/queue/assign-queries.ts decides who gets what.

/** Everyone who can label, annotators first, for the assignment form (people: no judge's "model" user). */
export function listLabelers(prisma: Db) {
  return prisma.user.findMany({
    where: { role: { not: MODEL_ROLE } },
    orderBy: [{ role: "asc" }, { name: "asc" }, { email: "asc" }],
    select: { id: true, name: true, email: true, role: true },
  });
}

/** Ids of the set's queries nobody is assigned to yet, in set order. */
export async function listUnassignedQueryIds(prisma: Db, setId: string): Promise<string[]> {
  const rows = await prisma.query.findMany({
    where: { goldenSetId: setId, assignments: { none: {} } },
    orderBy: { position: "asc" },
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

/** How many queries of the set each user is assigned. */
export async function countAssignmentsByUser(prisma: Db, setId: string): Promise<Map<string, number>> {
  const rows = await prisma.queryAssignment.groupBy({
    by: ["userId"],
    where: { query: { goldenSetId: setId } },
    _count: true,
  });
  return new Map(rows.map((row) => [row.userId, row._count]));
}

/**
 * Inserts assignments in one transaction; the set must not have changed meanwhile: a query
 * assigned since (by a second engineer) makes the unique index refuse, and nothing is written.
 */
export async function insertAssignments(
  prisma: Db,
  options: { rows: { queryId: string; userId: string }[]; assignedById: string },
): Promise<number> {
  if (options.rows.length === 0) return 0;
  try {
    const created = await prisma.$transaction((tx) =>
      tx.queryAssignment.createMany({
        data: options.rows.map((row) => ({ ...row, assignedById: options.assignedById })),
      }),
    );
    return created.count;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError("conflict", "Someone assigned queries of this set meanwhile: reload and try again.");
  }
}

/**
 * Removes the set's assignments that nobody has acted on: the assignee has no progress on the
 * query. Started work keeps its assignment. Answers how many were removed.
 */
export async function removeOpenAssignments(prisma: Db, setId: string): Promise<number> {
  return prisma.$transaction(async (tx) => {
    const assignments = await tx.queryAssignment.findMany({
      where: { query: { goldenSetId: setId } },
      select: { id: true, userId: true, query: { select: { progress: { select: { userId: true } } } } },
    });
    const open = assignments.filter(
      (assignment) => !assignment.query.progress.some((entry) => entry.userId === assignment.userId),
    );
    const removed = await tx.queryAssignment.deleteMany({ where: { id: { in: open.map((row) => row.id) } } });
    return removed.count;
  });
}

/** Raw counts per annotator for the progress table: assignments, progress, labels in the set. */
export async function loadAnnotatorActivity(prisma: Db, setId: string) {
  const inSet = { query: { goldenSetId: setId } };
  const [assignments, progress, labels] = await Promise.all([
    prisma.queryAssignment.findMany({ where: inSet, select: { queryId: true, userId: true } }),
    prisma.queryProgress.findMany({ where: inSet, select: { queryId: true, userId: true, state: true } }),
    prisma.label.findMany({
      // people's labels: a judge's are not an annotator's progress
      where: { ...inSet, annotatorId: { not: null }, annotator: { role: { not: MODEL_ROLE } } },
      select: { queryId: true, annotatorId: true },
    }),
  ]);
  const userIds = [
    ...new Set([
      ...assignments.map((row) => row.userId),
      ...progress.map((row) => row.userId),
      ...labels.flatMap((row) => (row.annotatorId ? [row.annotatorId] : [])),
    ]),
  ];
  const users = await prisma.user.findMany({
    where: { id: { in: userIds } },
    select: { id: true, name: true, email: true, role: true },
  });
  return {
    users,
    assignments,
    progress,
    labels: labels.map((row) => ({ queryId: row.queryId, userId: row.annotatorId ?? "" })),
  };
}
