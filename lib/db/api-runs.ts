import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

/** The runs with these ids (set, status), in the order asked; not_found names the first unknown id. */
export async function findRunsByIds(prisma: Db, ids: readonly string[]) {
  const rows = await prisma.run.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, goldenSetId: true, status: true },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new AppError("not_found", `No run with the id ${id}.`);
    return row;
  });
}

/**
 * A run's results for the TREC export: each query's key and each hit's document external id,
 * rank and score, in rank order; with the run's status and configuration name.
 */
export async function loadRunResultsForTrec(prisma: Db, runId: string) {
  const run = await prisma.run.findUnique({
    where: { id: runId },
    select: { id: true, status: true, config: { select: { name: true, version: true } } },
  });
  if (!run) throw new AppError("not_found", "No such run.");
  const results = await prisma.runResult.findMany({
    where: { runId },
    orderBy: [{ queryId: "asc" }, { rank: "asc" }],
    select: { rank: true, score: true, documentId: true, query: { select: { key: true } } },
  });
  const documentIds = [...new Set(results.map((result) => result.documentId))];
  const documents = await prisma.document.findMany({
    where: { id: { in: documentIds } },
    select: { id: true, externalId: true },
  });
  const externalIds = new Map(documents.map((document) => [document.id, document.externalId]));
  return {
    run,
    hits: results.map((result) => ({
      queryKey: result.query.key,
      documentId: externalIds.get(result.documentId) ?? result.documentId,
      rank: result.rank,
      score: result.score,
    })),
  };
}

/** A run's status for the API: set, configuration name, mode, job progress, stored metrics. */
export async function loadRunStatus(prisma: Db, runId: string) {
  const run = await prisma.run.findUnique({
    where: { id: runId },
    select: {
      id: true,
      goldenSetId: true,
      status: true,
      mode: true,
      metrics: true,
      error: true,
      createdAt: true,
      config: { select: { name: true } },
      job: { select: { progress: true, message: true, error: true } },
    },
  });
  if (!run) throw new AppError("not_found", "No such run.");
  return run;
}
