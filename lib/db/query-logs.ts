import { randomBytes } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { ClassifyLogQuery } from "@/lib/logs/classifier-for-entries";
import {
  earliest,
  latest,
  MAX_STORED_VARIANTS,
  mergeVariants,
  unionClasses,
  type Variant,
} from "@/lib/logs/merge-log-query";
import type { LogEntry, LogSummary } from "@/lib/logs/read-log";

/**
 * Rows per lookup / insert / update statement. The statements are raw SQL because Prisma's
 * createMany/findMany cost up to ~1 ms a row on this machine against ~0.05 ms for these (see
 * bench/README.md). Larger batches were not faster, and Prisma keeps recent statements' values
 * alive for a while (~30 MB at 500 rows, ~100 MB at 2,000), so 500 it is.
 */
const BATCH = 500;

export type SaveQueryLogInput = {
  name: string;
  fileName: string;
  format: string;
  entries: LogEntry[];
  summary: LogSummary;
  /** sha256 (hex) of the uploaded bytes; a log with the same hash is not imported twice */
  contentHash?: string;
  /** how the file was read (LogFormatOptions), stored with the log */
  options?: Record<string, unknown>;
  /** the classes stored per query (lib/logs classifierForEntries for a log's own context) */
  classify: ClassifyLogQuery;
  /** called after each batch with the distinct queries saved so far */
  onProgress?: (saved: number, total: number) => Promise<void>;
};

export type DuplicateLog = { id: string; name: string; createdAt: Date };

export type SaveQueryLogResult = {
  queryLogId: string;
  newQueries: number;
  mergedQueries: number;
  /** set when a log with the same content hash exists: then nothing was written */
  duplicateOf: DuplicateLog | null;
};

/** The log imported from the same bytes, if any (contentHash is sha256 hex of the file). */
export function findQueryLogByContentHash(prisma: Db, contentHash: string): Promise<DuplicateLog | null> {
  return prisma.queryLog.findFirst({
    where: { contentHash },
    select: { id: true, name: true, createdAt: true },
    orderBy: { createdAt: "asc" },
  });
}

/**
 * Stores a parsed log in ONE transaction (all or nothing): a QueryLog row with its counts,
 * options and problems; per normalized query a LogQuery, created or merged into (frequency
 * summed, variants merged to the top MAX_STORED_VARIANTS by count with the most frequent as display,
 * firstSeen/lastSeen widened, classes recomputed on the merged display and united with the old
 * ones); and one LogQuerySource per (log, query) for provenance. Lookups, inserts and updates
 * are batched (BATCH rows per statement), so 10⁶ distinct queries take ~10⁴ statements. When a
 * log with the same `contentHash` exists, nothing is written and `duplicateOf` names it.
 * `entries` must be distinct by normal form, as readLog returns them.
 */
export async function saveQueryLog(prisma: Db, input: SaveQueryLogInput): Promise<SaveQueryLogResult> {
  const { entries, summary } = input;
  if (entries.length === 0) throw new AppError("bad_request", "The file has no queries.");
  const { classify } = input;
  return prisma.$transaction(
    async (tx) => {
      if (input.contentHash) {
        const duplicateOf = await tx.queryLog.findFirst({
          where: { contentHash: input.contentHash },
          select: { id: true, name: true, createdAt: true },
          orderBy: { createdAt: "asc" },
        });
        if (duplicateOf) return { queryLogId: duplicateOf.id, newQueries: 0, mergedQueries: 0, duplicateOf };
      }
      const { empty, tooLong, binary, malformed } = summary.skipped;
      const log = await tx.queryLog.create({
        data: {
          name: input.name,
          fileName: input.fileName,
          format: input.format,
          lineCount: summary.lines,
          importedCount: summary.imported,
          skippedCount: empty + tooLong + binary + malformed,
          malformedCount: malformed,
          fallbackDecoded: summary.fallbackDecoded,
          contentHash: input.contentHash ?? "",
          options: (input.options ?? { format: input.format }) as Prisma.InputJsonValue,
          problems: summary.problems,
        },
        select: { id: true },
      });
      let newQueries = 0;
      let mergedQueries = 0;
      const createdAt = new Date();
      const nextId = sequentialIds(createdAt);
      for (let offset = 0; offset < entries.length; offset += BATCH) {
        const batch = entries.slice(offset, offset + BATCH);
        const existing = new Map(
          (await tx.$queryRaw<StoredQuery[]>(lookupStatement(batch.map((entry) => entry.normalized)))).map(
            (row) => [row.normalized, row],
          ),
        );
        const created: NewRow[] = [];
        const merged: MergedRow[] = [];
        const sources: [string, number, number][] = [];
        for (const entry of batch) {
          const previous = existing.get(entry.normalized);
          const logQueryId = previous?.id ?? nextId();
          sources.push([logQueryId, entry.count, entry.firstLine]);
          if (previous === undefined) {
            created.push({
              id: logQueryId,
              normalized: entry.normalized,
              display: entry.display,
              variants: entry.variants.slice(0, MAX_STORED_VARIANTS),
              frequency: entry.count,
              classes: classify({ normalized: entry.normalized, display: entry.display }).join(","),
              firstSeen: entry.firstSeen ?? null,
              lastSeen: entry.lastSeen ?? null,
            });
            continue;
          }
          const variants = mergeVariants(parseJson<Variant[]>(previous.variants), entry.variants);
          const display = variants[0]?.text ?? entry.display;
          merged.push({
            id: previous.id,
            increment: entry.count,
            variants,
            display,
            firstSeen: earliest(toDate(previous.firstSeen), entry.firstSeen),
            lastSeen: latest(toDate(previous.lastSeen), entry.lastSeen),
            classes: unionClasses(previous.classes, classify({ normalized: entry.normalized, display })),
          });
        }
        if (created.length > 0) await tx.$executeRaw(insertStatement(created, createdAt));
        if (merged.length > 0) await tx.$executeRaw(mergeStatement(merged));
        await tx.$executeRaw(sourcesStatement(sources, log.id));
        newQueries += created.length;
        mergedQueries += merged.length;
        await input.onProgress?.(offset + batch.length, entries.length);
      }
      return { queryLogId: log.id, newQueries, mergedQueries, duplicateOf: null };
    },
    { timeout: 30 * 60_000, maxWait: 60_000 },
  );
}

/** A LogQuery as a raw SELECT returns it (drivers differ in parsing JSON and dates). */
type StoredQuery = {
  id: string;
  normalized: string;
  variants: unknown;
  firstSeen: Date | string | null;
  lastSeen: Date | string | null;
  classes: string;
};

function parseJson<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

function toDate(value: Date | string | null): Date | null {
  return value === null ? null : new Date(value);
}

type MergedRow = {
  id: string;
  increment: number;
  variants: Variant[];
  display: string;
  firstSeen: Date | null;
  lastSeen: Date | null;
  classes: string;
};

/**
 * Ids for one save's new rows: a time and random prefix, then a counter, so that they sort
 * together and in order (like cuid). Inserting them appends to the primary-key B-tree instead
 * of scattering random UUIDs over it.
 */
function sequentialIds(now: Date): () => string {
  const prefix = `l${now.getTime().toString(36)}${randomBytes(6).toString("hex")}`;
  let counter = 0;
  return () => `${prefix}${(counter++).toString(36).padStart(8, "0")}`;
}

// Batches go to SQLite as ONE bound JSON array each, expanded by json_each: Prisma's raw-query
// path costs ~5 µs per bound value, several times what SQLite spends on a row, so binding ~10
// values a row made the save the slowest part of an import (bench/README.md). json_each and ->>
// are SQLite's (≥ 3.38); on PostgreSQL these four statements would use jsonb_array_elements.

/** DateTime as Prisma stores it in SQLite: ISO 8601 text with an explicit +00:00 offset. */
function sqliteDateTime(date: Date | null): string | null {
  return date === null ? null : date.toISOString().replace("Z", "+00:00");
}

function lookupStatement(normalized: string[]): Prisma.Sql {
  return Prisma.sql`
    SELECT "id", "normalized", "variants", "firstSeen", "lastSeen", "classes" FROM "LogQuery"
    WHERE "normalized" IN (SELECT value FROM json_each(${JSON.stringify(normalized)}))`;
}

type NewRow = {
  id: string;
  normalized: string;
  display: string;
  variants: Variant[];
  frequency: number;
  classes: string;
  firstSeen: Date | null;
  lastSeen: Date | null;
};

function insertStatement(rows: NewRow[], createdAt: Date): Prisma.Sql {
  const json = JSON.stringify(
    rows.map((row) => [
      row.id,
      row.normalized,
      row.display,
      JSON.stringify(row.variants),
      row.frequency,
      row.classes,
      sqliteDateTime(row.firstSeen),
      sqliteDateTime(row.lastSeen),
    ]),
  );
  return Prisma.sql`
    INSERT INTO "LogQuery"
      ("id", "normalized", "display", "variants", "frequency", "classes", "firstSeen", "lastSeen", "createdAt")
    SELECT value->>0, value->>1, value->>2, value->>3, value->>4, value->>5, value->>6, value->>7,
      ${sqliteDateTime(createdAt)}
    FROM json_each(${json})`;
}

/**
 * One UPDATE for a batch of merged rows (`UPDATE … FROM`, SQLite ≥ 3.33): the frequency is
 * incremented, so it stays right even if another writer got in between; the other columns take
 * the values merged here.
 */
function mergeStatement(rows: MergedRow[]): Prisma.Sql {
  const json = JSON.stringify(
    rows.map((row) => [
      row.id,
      row.increment,
      JSON.stringify(row.variants),
      row.display,
      sqliteDateTime(row.firstSeen),
      sqliteDateTime(row.lastSeen),
      row.classes,
    ]),
  );
  return Prisma.sql`
    UPDATE "LogQuery" SET
      "frequency" = "LogQuery"."frequency" + v.increment,
      "variants" = v.variants,
      "display" = v.display,
      "firstSeen" = v.firstSeen,
      "lastSeen" = v.lastSeen,
      "classes" = v.classes
    FROM (
      SELECT value->>0 AS id, value->>1 AS increment, value->>2 AS variants, value->>3 AS display,
        value->>4 AS firstSeen, value->>5 AS lastSeen, value->>6 AS classes
      FROM json_each(${json})
    ) AS v
    WHERE "LogQuery"."id" = v.id`;
}

/** Provenance rows `(logQueryId, count, firstLine)` of one log. */
function sourcesStatement(rows: [string, number, number][], queryLogId: string): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "LogQuerySource" ("logQueryId", "queryLogId", "count", "firstLine")
    SELECT value->>0, ${queryLogId}, value->>1, value->>2 FROM json_each(${JSON.stringify(rows)})`;
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
