import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { LogEntry, LogSummary } from "@/lib/logs/read-text-log";

const MAX_VARIANTS = 20;
const LOOKUP_BATCH = 500;

type Variant = { text: string; count: number };

function mergeVariants(previous: Variant[], incoming: Variant[]): Variant[] {
  const counts = new Map(previous.map((variant) => [variant.text, variant.count]));
  for (const variant of incoming) counts.set(variant.text, (counts.get(variant.text) ?? 0) + variant.count);
  return [...counts.entries()]
    .map(([text, count]) => ({ text, count }))
    .sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : 1))
    .slice(0, MAX_VARIANTS);
}

/**
 * Stores a parsed log in one transaction: a QueryLog row, and per normalized query a LogQuery
 * (created, or its frequency and variants merged when another log had it) plus its provenance.
 */
export async function saveQueryLog(
  prisma: Db,
  options: { name: string; fileName: string; format: string; entries: LogEntry[]; summary: LogSummary },
): Promise<{ queryLogId: string; newQueries: number; mergedQueries: number }> {
  if (options.entries.length === 0) throw new AppError("bad_request", "The file has no queries.");
  return prisma.$transaction(
    async (tx) => {
      const skipped = options.summary.skipped;
      const log = await tx.queryLog.create({
        data: {
          name: options.name,
          fileName: options.fileName,
          format: options.format,
          lineCount: options.summary.lines,
          importedCount: options.summary.imported,
          skippedCount: skipped.empty + skipped.tooLong + skipped.binary,
          fallbackDecoded: options.summary.fallbackDecoded,
        },
      });
      let newQueries = 0;
      let mergedQueries = 0;
      for (let offset = 0; offset < options.entries.length; offset += LOOKUP_BATCH) {
        const batch = options.entries.slice(offset, offset + LOOKUP_BATCH);
        const existing = new Map(
          (
            await tx.logQuery.findMany({
              where: { normalized: { in: batch.map((entry) => entry.normalized) } },
            })
          ).map((row) => [row.normalized, row]),
        );
        const created: {
          id: string;
          normalized: string;
          display: string;
          variants: Variant[];
          frequency: number;
        }[] = [];
        const sources: { logQueryId: string; queryLogId: string; count: number; firstLine: number }[] = [];
        for (const entry of batch) {
          const previous = existing.get(entry.normalized);
          if (previous) {
            const variants = mergeVariants(previous.variants as Variant[], entry.variants);
            await tx.logQuery.update({
              where: { id: previous.id },
              data: {
                frequency: { increment: entry.count },
                variants,
                display: variants[0]?.text ?? previous.display,
              },
            });
            sources.push({
              logQueryId: previous.id,
              queryLogId: log.id,
              count: entry.count,
              firstLine: entry.firstLine,
            });
            mergedQueries++;
          } else {
            const id = randomUUID();
            created.push({
              id,
              normalized: entry.normalized,
              display: entry.display,
              variants: entry.variants.slice(0, MAX_VARIANTS),
              frequency: entry.count,
            });
            sources.push({
              logQueryId: id,
              queryLogId: log.id,
              count: entry.count,
              firstLine: entry.firstLine,
            });
            newQueries++;
          }
        }
        if (created.length) await tx.logQuery.createMany({ data: created });
        await tx.logQuerySource.createMany({ data: sources });
      }
      return { queryLogId: log.id, newQueries, mergedQueries };
    },
    { timeout: 30 * 60_000, maxWait: 60_000 },
  );
}

export function listQueryLogs(prisma: Db) {
  return prisma.queryLog.findMany({
    orderBy: { createdAt: "desc" },
    include: { _count: { select: { sources: true } } },
  });
}

export async function getQueryLog(prisma: Db, id: string) {
  const log = await prisma.queryLog.findUnique({ where: { id } });
  if (!log) throw new AppError("not_found", "No such query log.");
  return log;
}

/** Log queries, most frequent first, optionally filtered by a substring of the normal form. */
export function listLogQueries(
  prisma: Db,
  options: { queryLogId?: string; search?: string; skip: number; take: number },
) {
  const where = {
    ...(options.queryLogId ? { sources: { some: { queryLogId: options.queryLogId } } } : {}),
    ...(options.search ? { normalized: { contains: options.search.toLowerCase() } } : {}),
  };
  return prisma.$transaction([
    prisma.logQuery.findMany({
      where,
      orderBy: [{ frequency: "desc" }, { normalized: "asc" }],
      skip: options.skip,
      take: options.take,
    }),
    prisma.logQuery.count({ where }),
  ]);
}

/** Log queries by id, in the order given; unknown ids are left out. */
export async function getLogQueriesByIds(prisma: Db, ids: string[]) {
  const rows = await prisma.logQuery.findMany({
    where: { id: { in: ids } },
    select: { id: true, display: true, normalized: true },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** How often each of these log queries occurred in one log (LogQuery.frequency sums all logs). */
export async function countLogQueriesInLog(
  prisma: Db,
  options: { queryLogId: string; logQueryIds: string[] },
): Promise<Map<string, number>> {
  const rows = await prisma.logQuerySource.findMany({
    where: { queryLogId: options.queryLogId, logQueryId: { in: options.logQueryIds } },
    select: { logQueryId: true, count: true },
  });
  return new Map(rows.map((row) => [row.logQueryId, row.count]));
}
