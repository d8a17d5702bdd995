import {
  countAssignmentsByUser,
  insertAssignments,
  listLabelers,
  listUnassignedQueryIds,
  loadAnnotatorActivity,
} from "@/lib/db/assignments";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { planAssignments } from "@/lib/labeling/plan-assignments";
import type { AssignQueriesInput } from "@/lib/labeling/queue-schema";
import { summarizeAnnotatorProgress } from "@/lib/labeling/summarize-annotator-progress";

/**
 * Assigns the set's queries that nobody is assigned to yet among the chosen annotators
 * (`planAssignments`: round-robin, balanced with what they already have, `overlapPercent` of
 * the queries to two of them). Answers how many queries and assignments were made.
 */
export async function assignQueries(
  prisma: Db,
  options: { setId: string; input: AssignQueriesInput; actorId: string },
): Promise<{ queries: number; assignments: number }> {
  const labelers = new Set((await listLabelers(prisma)).map((user) => user.id));
  const unknown = options.input.annotatorIds.find((id) => !labelers.has(id));
  if (unknown) throw new AppError("bad_request", "One of the chosen annotators no longer exists.");
  const queryIds = await listUnassignedQueryIds(prisma, options.setId);
  if (queryIds.length === 0)
    throw new AppError(
      "conflict",
      "Every query of this set is assigned already: clear open assignments first.",
    );
  const rows = planAssignments({
    queryIds,
    annotatorIds: options.input.annotatorIds,
    overlapPercent: options.input.overlapPercent,
    existing: await countAssignmentsByUser(prisma, options.setId),
  });
  const assignments = await insertAssignments(prisma, { rows, assignedById: options.actorId });
  return { queries: queryIds.length, assignments };
}

/** Per-annotator progress in a set (`summarizeAnnotatorProgress`). */
export async function loadAnnotatorProgress(prisma: Db, setId: string) {
  return summarizeAnnotatorProgress(await loadAnnotatorActivity(prisma, setId));
}
