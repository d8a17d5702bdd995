import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { sweepAxisSchema } from "@/lib/configs/sweep-schema";
import type { Db } from "@/lib/db/client";
import { type SqlDialect, sqlDialect } from "@/lib/db/sql-dialect";
import { sweepProgress } from "@/lib/jobs/sweep-progress";

/** Which runs a list shows; every field narrows it, absent fields do not. */
export type RunListFilters = {
  setId?: string | undefined;
  /** Part of the configuration's name, case-insensitive (a sweep's points carry its name). */
  name?: string | undefined;
  /** The retriever's kind: bm25, dense, hybrid, external, imported. */
  retrieverKind?: string | undefined;
  /** The golden-set version number the runs evaluated (meaningful with `setId`). */
  setVersion?: number | undefined;
  status?: string | undefined;
  tag?: string | undefined;
  /** Archived runs are left out unless this is true; they are never deleted. */
  includeArchived?: boolean | undefined;
};

/** One line of a runs list: a run on its own, or a sweep with its points that match the filters. */
export type RunListEntry =
  | { kind: "run"; runId: string }
  | { kind: "sweep"; sweepId: string; runIds: string[] };

const runInclude = {
  config: true,
  goldenSet: { select: { id: true, name: true, baselineRunId: true } },
  goldenSetVersion: { select: { number: true } },
  job: { select: { id: true, status: true } },
} satisfies Prisma.RunInclude;

export type ListedRun = Prisma.RunGetPayload<{ include: typeof runInclude }>;

/** SQL conditions on `r` (Run), `c` (RetrievalConfig) and `v` (GoldenSetVersion) for the filters. */
function filterConditions(dialect: SqlDialect, filters: RunListFilters): Prisma.Sql {
  const conditions: Prisma.Sql[] = [Prisma.sql`1 = 1`];
  if (filters.setId) conditions.push(Prisma.sql`r."goldenSetId" = ${filters.setId}`);
  if (filters.name) {
    const pattern = `%${filters.name.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(dialect.likeIgnoringCase(Prisma.sql`c."name"`, pattern));
  }
  if (filters.retrieverKind)
    conditions.push(
      Prisma.sql`${dialect.jsonPathText(Prisma.sql`c."params"`, ["retriever", "kind"])} = ${filters.retrieverKind}`,
    );
  if (filters.setVersion !== undefined) conditions.push(Prisma.sql`v."number" = ${filters.setVersion}`);
  if (filters.status) conditions.push(Prisma.sql`r."status" = ${filters.status}`);
  if (filters.tag)
    conditions.push(
      Prisma.sql`EXISTS (SELECT 1 FROM ${dialect.jsonArrayTexts(Prisma.sql`r."tags"`, "t")} WHERE t."value" = ${filters.tag})`,
    );
  if (!filters.includeArchived) conditions.push(Prisma.sql`r."archivedAt" IS NULL`);
  return Prisma.join(conditions, " AND ");
}

/**
 * One page of a runs list, newest first, a sweep's matching points folded into one entry (placed
 * by its newest matching point) — so a 50-point sweep takes one line, not a page. `total` counts
 * entries. Returns the entries in order and every run they name, with its configuration, set,
 * set version and job.
 */
export async function listRunEntries(
  prisma: Db,
  options: { filters: RunListFilters; page: number; pageSize: number },
): Promise<{ entries: RunListEntry[]; runs: Map<string, ListedRun>; total: number }> {
  const dialect = sqlDialect(prisma);
  const where = filterConditions(dialect, options.filters);
  const matching = Prisma.sql`
    SELECT r."id" AS "id", r."sweepId" AS "sweepId", r."createdAt" AS "createdAt"
    FROM "Run" r
    JOIN "RetrievalConfig" c ON c."id" = r."configId"
    JOIN "GoldenSetVersion" v ON v."id" = r."goldenSetVersionId"
    WHERE ${where}`;
  const [counted] = await prisma.$queryRaw<{ total: number | bigint }[]>`
    SELECT COUNT(DISTINCT COALESCE(m."sweepId", m."id")) AS "total" FROM (${matching}) m`;
  const rows = await prisma.$queryRaw<{ entryId: string; isSweep: number | bigint; runIds: string }[]>`
    SELECT COALESCE(m."sweepId", m."id") AS "entryId",
           MAX(CASE WHEN m."sweepId" IS NOT NULL THEN 1 ELSE 0 END) AS "isSweep",
           ${dialect.jsonArrayAggText(Prisma.sql`m."id"`)} AS "runIds"
    FROM (${matching}) m
    GROUP BY COALESCE(m."sweepId", m."id")
    ORDER BY MAX(m."createdAt") DESC, "entryId" DESC
    LIMIT ${options.pageSize} OFFSET ${(options.page - 1) * options.pageSize}`;
  const entries: RunListEntry[] = rows.map((row) =>
    Number(row.isSweep)
      ? { kind: "sweep", sweepId: row.entryId, runIds: JSON.parse(row.runIds) as string[] }
      : { kind: "run", runId: row.entryId },
  );
  const ids = entries.flatMap((entry) => (entry.kind === "run" ? [entry.runId] : entry.runIds));
  const runs = await prisma.run.findMany({ where: { id: { in: ids } }, include: runInclude });
  return { entries, runs: new Map(runs.map((run) => [run.id, run])), total: Number(counted?.total ?? 0) };
}

/** The sweeps named by `ids`, with their axes' paths and their points' statuses, for the sweep rows of a list. */
export async function listSweepHeaders(prisma: Db, ids: string[]) {
  const sweeps = await prisma.sweep.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      name: true,
      axes: true,
      createdAt: true,
      runs: { select: { status: true } },
    },
  });
  return sweeps.map(({ axes, runs, ...sweep }) => ({
    ...sweep,
    pointCount: runs.length,
    status: sweepProgress(runs.map((run) => ({ status: run.status, jobProgress: null }))).status,
    axisPaths: z
      .array(sweepAxisSchema)
      .catch([])
      .parse(axes)
      .map((axis) => axis.path),
  }));
}

/** What the filters of a runs list can choose from: the sets, set versions and tags in use. */
export async function runFilterChoices(prisma: Db, options: { setId?: string | undefined }) {
  const [sets, versions, tagRows] = await Promise.all([
    prisma.goldenSet.findMany({ orderBy: { name: "asc" }, select: { id: true, name: true } }),
    options.setId
      ? prisma.goldenSetVersion.findMany({
          where: { goldenSetId: options.setId, runs: { some: {} } },
          orderBy: { number: "desc" },
          select: { number: true },
        })
      : Promise.resolve([]),
    prisma.$queryRaw<{ tag: string }[]>`
      SELECT DISTINCT t."value" AS "tag" FROM "Run" r, ${sqlDialect(prisma).jsonArrayTexts(Prisma.sql`r."tags"`, "t")}
      WHERE ${options.setId ? Prisma.sql`r."goldenSetId" = ${options.setId}` : Prisma.sql`1 = 1`}
      ORDER BY t."value"`,
  ]);
  return {
    sets,
    setVersions: versions.map((version) => version.number),
    tags: tagRows.map((row) => row.tag),
  };
}
