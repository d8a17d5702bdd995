import type { Prisma } from "@/generated/prisma/client";
import { type Db, providerOfClient } from "@/lib/db/client";
import { collectGarbage } from "@/lib/db/collect-garbage";
import { attachStage, copyStagedQueries } from "@/lib/db/copy-staged-query-log";
import type { QueryLogStage } from "@/lib/db/query-log-stage";
import {
  insertStatement,
  lookupStatement,
  type MergedRow,
  mergeStatement,
  type NewRow,
  parseJson,
  type StoredQuery,
  sequentialIds,
  sourcesStatement,
  toDate,
} from "@/lib/db/query-log-statements";
import { sqlDialect } from "@/lib/db/sql-dialect";
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
 * bench/README.md). Small enough that a batch's JSON (and Prisma's copies of it) stays under V8's
 * large-object size (~128 KB): at 500 rows those strings went straight to the old generation
 * and the heap grew by ~400 MB of garbage between full collections during a 700k-row save
 * (peak RSS 790 MB); at 150 it stays near 250 MB. Larger batches were not faster.
 */
const BATCH = 150;

/** Batches between full garbage collections in a save (collectGarbage: native statements). */
const BATCHES_PER_COLLECTION = 300;

export type SaveQueryLogInput = {
  name: string;
  fileName: string;
  format: string;
  /**
   * The log's distinct queries (distinct by normal form), in the order to save them; read once,
   * BATCH at a time, so a generator over a stage keeps memory flat. `summary.unique` counts them.
   */
  entries: Iterable<LogEntry>;
  summary: LogSummary;
  /** sha256 (hex) of the uploaded bytes; a log with the same hash is not imported twice */
  contentHash?: string;
  /** how the file was read (LogFormatOptions), stored with the log */
  options?: Record<string, unknown>;
  /** the classes stored per query (lib/logs classifierForEntries for a log's own context) */
  classify: ClassifyLogQuery;
  /** called after each batch with the distinct queries saved so far */
  onProgress?: (saved: number, total: number) => Promise<void>;
  /**
   * The stage `entries` come from (importQueryLog): on SQLite its rows are copied by SQL
   * (copyStagedQueries) instead, with the same result; `entries` are read on PostgreSQL.
   */
  stage?: QueryLogStage;
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
 */
export async function saveQueryLog(prisma: Db, input: SaveQueryLogInput): Promise<SaveQueryLogResult> {
  const { summary } = input;
  if (summary.unique === 0) throw new AppError("bad_request", "The file has no queries.");
  const createdAt = new Date();
  const nextId = sequentialIds(createdAt);
  // On SQLite a stage is copied by SQL (copyStagedQueries); elsewhere the entries go in batches.
  const stage =
    input.stage && providerOfClient(prisma) === "sqlite"
      ? await attachStage(prisma, input.stage.writeFinalRows({ classify: input.classify, nextId }))
      : undefined;
  // The classification's garbage would otherwise pile up with the copy's (the save's peak RSS).
  if (stage) collectGarbage();
  try {
    return await prisma.$transaction(
      async (tx) => {
        if (input.contentHash) {
          const duplicateOf = await tx.queryLog.findFirst({
            where: { contentHash: input.contentHash },
            select: { id: true, name: true, createdAt: true },
            orderBy: { createdAt: "asc" },
          });
          if (duplicateOf)
            return { queryLogId: duplicateOf.id, newQueries: 0, mergedQueries: 0, duplicateOf };
        }
        const log = await tx.queryLog.create({ data: queryLogData(input), select: { id: true } });
        const saving = { queryLogId: log.id, createdAt, classify: input.classify };
        const progress = input.onProgress ? { onProgress: input.onProgress } : {};
        const counts = stage
          ? await copyStagedQueries(tx, { ...saving, ...progress, stage })
          : await saveEntries(tx, {
              ...saving,
              ...progress,
              entries: input.entries,
              total: summary.unique,
              nextId,
            });
        return { queryLogId: log.id, ...counts, duplicateOf: null };
      },
      { timeout: 30 * 60_000, maxWait: 60_000 },
    );
  } finally {
    await stage?.detach();
  }
}

function queryLogData(input: SaveQueryLogInput): Prisma.QueryLogUncheckedCreateInput {
  const { summary } = input;
  const { empty, tooLong, binary, malformed } = summary.skipped;
  return {
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
  };
}

/** saveQueryLog's entries in batches of BATCH: looked up, then inserted or merged, with sources. */
async function saveEntries(
  tx: Prisma.TransactionClient,
  options: {
    entries: Iterable<LogEntry>;
    total: number;
    queryLogId: string;
    createdAt: Date;
    nextId: () => string;
    classify: ClassifyLogQuery;
    onProgress?: (saved: number, total: number) => Promise<void>;
  },
): Promise<{ newQueries: number; mergedQueries: number }> {
  const { classify, nextId } = options;
  let newQueries = 0;
  let mergedQueries = 0;
  const dialect = sqlDialect(tx);
  let saved = 0;
  for (const batch of inBatches(options.entries, BATCH)) {
    const existing = new Map(
      (
        await tx.$queryRaw<StoredQuery[]>(
          lookupStatement(
            dialect,
            batch.map((entry) => entry.normalized),
          ),
        )
      ).map((row) => [row.normalized, row]),
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
    if (created.length > 0) await tx.$executeRaw(insertStatement(dialect, created, options.createdAt));
    if (merged.length > 0) await tx.$executeRaw(mergeStatement(dialect, merged));
    await tx.$executeRaw(sourcesStatement(dialect, sources, options.queryLogId));
    newQueries += created.length;
    mergedQueries += merged.length;
    saved += batch.length;
    if ((saved / BATCH) % BATCHES_PER_COLLECTION === 0) collectGarbage();
    await options.onProgress?.(saved, options.total);
  }
  return { newQueries, mergedQueries };
}

function* inBatches<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
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
