import { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/lib/db/client";
import { sqlDialect } from "@/lib/db/sql-dialect";
import type { RankedChunk } from "@/lib/eval/label-metrics";

// What the comparison page reads (lib/runs/load-comparison.ts): the runs of one set, their
// per-query metrics and rankings, the set versions they evaluated, and the set's queries.

/** Every run of a set, newest first, with what the run picker shows. */
export function listSetRunsForPicker(prisma: Db, setId: string) {
  return prisma.run.findMany({
    where: { goldenSetId: setId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      id: true,
      status: true,
      createdAt: true,
      archivedAt: true,
      config: { select: { name: true, version: true, params: true } },
      goldenSetVersion: { select: { number: true } },
      sweep: { select: { name: true } },
    },
  });
}

/** The runs of `setId` among `runIds`, with what a comparison needs (ids of other sets are not returned). */
export function loadRunsOfSet(prisma: Db, options: { setId: string; runIds: string[] }) {
  return prisma.run.findMany({
    where: { goldenSetId: options.setId, id: { in: options.runIds } },
    select: {
      id: true,
      status: true,
      createdAt: true,
      archivedAt: true,
      coverage: true,
      mode: true,
      metrics: true,
      resolution: true,
      goldenSetVersionId: true,
      goldenSetVersion: { select: { number: true } },
      config: { select: { name: true, version: true, params: true } },
    },
  });
}

/** Per-query metrics rows of the runs (excluded queries included, flagged). */
export function loadQueryMetricsOfRuns(prisma: Db, runIds: string[]) {
  return prisma.runQueryMetric.findMany({
    where: { runId: { in: runIds } },
    select: { runId: true, queryId: true, metrics: true, excluded: true },
  });
}

const FIELD = "\u001f";
const HIT = "\u001e";

/**
 * Each run's rankings up to `maxRank`: run id → query id → chunks in rank order. One grouped row
 * per (run, query) instead of one per hit: reading 200 queries × 7 runs × 20 hits as separate
 * rows through the client costs several times the comparison itself.
 */
export async function loadRankingsOfRuns(
  prisma: Db,
  options: { runIds: string[]; maxRank: number },
): Promise<Map<string, Map<string, RankedChunk[]>>> {
  const rankings = new Map<string, Map<string, RankedChunk[]>>(
    options.runIds.map((runId) => [runId, new Map()]),
  );
  if (options.runIds.length === 0) return rankings;
  const rows = await prisma.$queryRaw<{ runId: string; queryId: string; hits: string }[]>`
    SELECT "runId", "queryId",
           ${sqlDialect(prisma).groupConcat(
             Prisma.sql`CAST("rank" AS TEXT) || ${FIELD} || "documentId" || ${FIELD} || CAST("start" AS TEXT) || ${FIELD} || CAST("end" AS TEXT)`,
             HIT,
           )} AS "hits"
    FROM "RunResult"
    WHERE "runId" IN (${Prisma.join(options.runIds)}) AND "rank" <= ${options.maxRank}
    GROUP BY "runId", "queryId"`;
  for (const row of rows) {
    const hits = row.hits.split(HIT).map((hit) => {
      const [rank, documentId, start, end] = hit.split(FIELD);
      return { rank: Number(rank), documentId: documentId ?? "", start: Number(start), end: Number(end) };
    });
    hits.sort((left, right) => left.rank - right.rank);
    rankings.get(row.runId)?.set(
      row.queryId,
      hits.map(({ documentId, start, end }) => ({ documentId, start, end })),
    );
  }
  return rankings;
}

/** The frozen set versions (their snapshots), by id. */
export async function loadSetVersionSnapshots(
  prisma: Db,
  versionIds: string[],
): Promise<Map<string, unknown>> {
  const versions = await prisma.goldenSetVersion.findMany({
    where: { id: { in: versionIds } },
    select: { id: true, snapshot: true },
  });
  return new Map(versions.map((version) => [version.id, version.snapshot]));
}

/** The set's queries in set order, with tags and the classes of the log query each came from. */
export function loadSetQueriesForComparison(prisma: Db, setId: string) {
  return prisma.query.findMany({
    where: { goldenSetId: setId },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
    select: {
      id: true,
      key: true,
      text: true,
      tags: true,
      position: true,
      split: true,
      logQuery: { select: { classes: true } },
    },
  });
}

/** One query's stored hits in each of the runs, in rank order. */
export function loadQueryHits(prisma: Db, options: { runIds: string[]; queryId: string }) {
  return prisma.runResult.findMany({
    where: { runId: { in: options.runIds }, queryId: options.queryId },
    orderBy: [{ runId: "asc" }, { rank: "asc" }],
    select: {
      runId: true,
      rank: true,
      documentId: true,
      start: true,
      end: true,
      score: true,
      chunkHash: true,
    },
  });
}

/**
 * What re-scoring runs from their stored results needs besides the rankings: each run's mode,
 * resolution report, set version and corpus, and the set's query keys by id.
 */
export async function loadRunsForRescoring(prisma: Db, runIds: string[]) {
  const runs = await prisma.run.findMany({
    where: { id: { in: runIds } },
    select: {
      id: true,
      mode: true,
      resolution: true,
      goldenSetId: true,
      goldenSetVersionId: true,
      goldenSet: { select: { corpusId: true } },
    },
  });
  const queries = await prisma.query.findMany({
    where: { goldenSetId: { in: [...new Set(runs.map((run) => run.goldenSetId))] } },
    select: { id: true, key: true },
  });
  return { runs, queryKeys: new Map(queries.map((query) => [query.id, query.key])) };
}
