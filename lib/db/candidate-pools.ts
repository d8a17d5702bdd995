import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

// Data access for pooled labeling candidates (GoldenSet.poolDepth, GoldenSet.poolRunIds). The
// use case is lib/search/load-candidate-pool.ts.

export type PoolRun = {
  id: string;
  configName: string;
  configVersion: number;
  setVersion: number;
  createdAt: Date;
};

/** The runs of `setId` among `runIds` (others, and runs since deleted, are left out), oldest first. */
export async function findPoolRuns(
  prisma: Db,
  options: { setId: string; runIds: string[] },
): Promise<PoolRun[]> {
  if (options.runIds.length === 0) return [];
  const runs = await prisma.run.findMany({
    where: { id: { in: options.runIds }, goldenSetId: options.setId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      createdAt: true,
      config: { select: { name: true, version: true } },
      goldenSetVersion: { select: { number: true } },
    },
  });
  return runs.map((run) => ({
    id: run.id,
    configName: run.config.name,
    configVersion: run.config.version,
    setVersion: run.goldenSetVersion.number,
    createdAt: run.createdAt,
  }));
}

/**
 * The stored top `depth` results of the runs for one query (the query row is the same in every
 * set version, so runs of older versions answer too), by run and rank.
 */
export function findPooledResults(prisma: Db, options: { runIds: string[]; queryId: string; depth: number }) {
  if (options.runIds.length === 0) return Promise.resolve([]);
  return prisma.runResult.findMany({
    where: { runId: { in: options.runIds }, queryId: options.queryId, rank: { lte: options.depth } },
    orderBy: [{ runId: "asc" }, { rank: "asc" }],
    select: { runId: true, rank: true, documentId: true, start: true, end: true },
  });
}

/** Saves a set's pooling settings; every run must be one of the set's (else bad_request naming it). */
export async function updatePoolSettings(
  prisma: Db,
  options: { setId: string; depth: number; runIds: string[] },
): Promise<void> {
  const set = await prisma.goldenSet.findUnique({ where: { id: options.setId }, select: { id: true } });
  if (!set) throw new AppError("not_found", "No such golden set.");
  const found = await prisma.run.findMany({
    where: { id: { in: options.runIds }, goldenSetId: options.setId },
    select: { id: true },
  });
  const known = new Set(found.map((run) => run.id));
  const unknown = options.runIds.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new AppError("bad_request", `Not a run of this set: ${unknown.join(", ")}.`);
  }
  await prisma.goldenSet.update({
    where: { id: options.setId },
    data: { poolDepth: options.depth, poolRunIds: options.runIds },
  });
}
