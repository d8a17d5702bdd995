import { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/lib/db/client";
import { buildClassMix, type ClassGroup, type ClassMix, splitClasses } from "@/lib/logs/class-mix";
import type { LogQueryPage, LogQueryRow } from "@/lib/logs/log-queries-schema";

/**
 * The class mix of some logs (all logs when `queryLogIds` is absent): per class, distinct
 * queries and lines. One GROUP BY over class combinations, so it stays cheap on 10⁵ queries.
 */
export async function getLogClassMix(
  prisma: Db,
  options: { queryLogIds?: string[] } = {},
): Promise<ClassMix> {
  type Group = { classes: string; distinctCount: bigint | number; lineCount: bigint | number | null };
  const groups =
    options.queryLogIds === undefined
      ? await prisma.$queryRaw<Group[]>`
          SELECT "classes", COUNT(*) AS "distinctCount", SUM("frequency") AS "lineCount"
          FROM "LogQuery" GROUP BY "classes"`
      : options.queryLogIds.length === 0
        ? []
        : await prisma.$queryRaw<Group[]>`
          SELECT q."classes" AS "classes", COUNT(DISTINCT q."id") AS "distinctCount", SUM(s."count") AS "lineCount"
          FROM "LogQuerySource" s JOIN "LogQuery" q ON q."id" = s."logQueryId"
          WHERE s."queryLogId" IN (${Prisma.join(options.queryLogIds)})
          GROUP BY q."classes"`;
  return buildClassMix(
    groups.map((group) => ({
      classes: group.classes,
      distinct: Number(group.distinctCount),
      lines: Number(group.lineCount ?? 0),
    })),
  );
}

/** The class mix of every log, by log id, in one query (for the logs list). */
export async function getClassMixByLog(prisma: Db): Promise<Map<string, ClassMix>> {
  const groups = await prisma.$queryRaw<
    {
      queryLogId: string;
      classes: string;
      distinctCount: bigint | number;
      lineCount: bigint | number | null;
    }[]
  >`
    SELECT s."queryLogId" AS "queryLogId", q."classes" AS "classes",
      COUNT(*) AS "distinctCount", SUM(s."count") AS "lineCount"
    FROM "LogQuerySource" s JOIN "LogQuery" q ON q."id" = s."logQueryId"
    GROUP BY s."queryLogId", q."classes"`;
  const byLog = new Map<string, ClassGroup[]>();
  for (const group of groups) {
    const list = byLog.get(group.queryLogId) ?? [];
    list.push({
      classes: group.classes,
      distinct: Number(group.distinctCount),
      lines: Number(group.lineCount ?? 0),
    });
    byLog.set(group.queryLogId, list);
  }
  return new Map([...byLog.entries()].map(([queryLogId, list]) => [queryLogId, buildClassMix(list)]));
}

/** The earliest firstSeen and latest lastSeen of a log's queries (null without timestamps). */
export async function getLogSeenRange(prisma: Db, queryLogId: string) {
  const range = await prisma.logQuery.aggregate({
    where: { sources: { some: { queryLogId } } },
    _min: { firstSeen: true },
    _max: { lastSeen: true },
  });
  return { firstSeen: range._min.firstSeen, lastSeen: range._max.lastSeen };
}

/**
 * One page of a log's queries, most frequent in this log first (ties by normal form).
 * `search` is a substring of the normal form; `queryClass` one class id.
 */
export async function listLogQueryPage(
  prisma: Db,
  options: { queryLogId: string; offset: number; limit: number; search?: string; queryClass?: string },
): Promise<LogQueryPage> {
  const where: Prisma.LogQuerySourceWhereInput = {
    queryLogId: options.queryLogId,
    logQuery: {
      ...(options.search ? { normalized: { contains: options.search.toLowerCase() } } : {}),
      ...(options.queryClass ? { OR: hasClass(options.queryClass) } : {}),
    },
  };
  const [sources, total] = await prisma.$transaction([
    prisma.logQuerySource.findMany({
      where,
      orderBy: [{ count: "desc" }, { logQuery: { normalized: "asc" } }],
      skip: options.offset,
      take: options.limit,
      select: { count: true, logQuery: true },
    }),
    prisma.logQuerySource.count({ where }),
  ]);
  const rows = sources.map(
    ({ count, logQuery }): LogQueryRow => ({
      id: logQuery.id,
      display: logQuery.display,
      normalized: logQuery.normalized,
      countInLog: count,
      frequency: logQuery.frequency,
      classes: splitClasses(logQuery.classes),
      firstSeen: logQuery.firstSeen?.toISOString() ?? null,
      lastSeen: logQuery.lastSeen?.toISOString() ?? null,
      variantCount: Array.isArray(logQuery.variants) ? logQuery.variants.length : 1,
    }),
  );
  return { offset: options.offset, total, rows };
}

/** `classes` is comma-separated: match the id as a whole item, not as a substring. */
function hasClass(queryClass: string): Prisma.LogQueryWhereInput[] {
  return [
    { classes: queryClass },
    { classes: { startsWith: `${queryClass},` } },
    { classes: { endsWith: `,${queryClass}` } },
    { classes: { contains: `,${queryClass},` } },
  ];
}

/** Every query of a log with its count in that log: the sampling candidates. */
export async function listLogSampleCandidates(prisma: Db, queryLogId: string) {
  const rows = await prisma.$queryRaw<
    { id: string; normalized: string; display: string; count: bigint | number; classes: string }[]
  >`
    SELECT q."id", q."normalized", q."display", s."count", q."classes"
    FROM "LogQuerySource" s JOIN "LogQuery" q ON q."id" = s."logQueryId"
    WHERE s."queryLogId" = ${queryLogId}`;
  return rows.map((row) => ({
    id: row.id,
    normalized: row.normalized,
    display: row.display,
    frequency: Number(row.count),
    classes: splitClasses(row.classes),
  }));
}
