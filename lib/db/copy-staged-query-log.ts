import { randomBytes } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/lib/db/client";
import {
  type MergedRow,
  mergeStatement,
  parseJson,
  sqliteDateTime,
  toDate,
} from "@/lib/db/query-log-statements";
import { sqlDialect } from "@/lib/db/sql-dialect";
import type { ClassifyLogQuery } from "@/lib/logs/classifier-for-entries";
import { earliest, latest, mergeVariants, unionClasses, type Variant } from "@/lib/logs/merge-log-query";

// The SQLite save of a staged log (saveQueryLog with a stage): the stage's file is attached to
// the app's connection and its `final` rows (QueryLogStage.writeFinalRows) are copied with
// INSERT … SELECT, so that the distinct queries never pass through JavaScript or Prisma again —
// on 1M lines, binding them as JSON batches through Prisma's raw queries was most of the save.

/** Staged rows per step: the save reports progress (and can be stopped) between steps. */
const STEP_ROWS = 20_000;

/** The attached stage's page cache, in KiB. */
const STAGE_CACHE_KIB = 1024;

/** Rows per UPDATE of queries merged into existing ones (as in saveQueryLog's batches). */
const MERGE_BATCH = 150;

export type AttachedStage = { schema: string; rows: number; detach: () => Promise<void> };

/**
 * Attaches a stage's file to the app's SQLite connection under a name of its own, outside any
 * transaction (SQLite cannot attach inside one). `detach` must be called once the save is over.
 */
export async function attachStage(prisma: Db, file: string): Promise<AttachedStage> {
  const schema = `log_stage_${randomBytes(6).toString("hex")}`;
  await prisma.$executeRaw(Prisma.sql`ATTACH DATABASE ${file} AS ${Prisma.raw(schema)}`);
  // Read once, in order: a small page cache, not the build's default of 16 MB per schema.
  await prisma.$executeRawUnsafe(`PRAGMA ${schema}.cache_size = -${STAGE_CACHE_KIB}`);
  const [counted] = await prisma.$queryRaw<{ rows: bigint | number }[]>(
    Prisma.sql`SELECT count(*) AS "rows" FROM ${Prisma.raw(schema)}.final`,
  );
  return {
    schema,
    rows: Number(counted?.rows ?? 0),
    detach: async () => {
      await prisma.$executeRaw(Prisma.sql`DETACH DATABASE ${Prisma.raw(schema)}`);
    },
  };
}

type StagedMerge = {
  id: string;
  normalized: string;
  display: string;
  variants: string;
  frequency: bigint | number;
  firstSeen: string | null;
  lastSeen: string | null;
  previousVariants: unknown;
  previousFirstSeen: Date | string | null;
  previousLastSeen: Date | string | null;
  previousClasses: string;
};

/**
 * Copies an attached stage into LogQuery and LogQuerySource inside the caller's transaction, in
 * steps of STEP_ROWS staged rows: queries that exist are merged as saveQueryLog merges them (in
 * JavaScript: variants, dates and classes), the others inserted as staged, then one source row
 * per staged query. Returns the counts saveQueryLog reports.
 */
export async function copyStagedQueries(
  tx: Prisma.TransactionClient,
  options: {
    stage: AttachedStage;
    queryLogId: string;
    createdAt: Date;
    classify: ClassifyLogQuery;
    onProgress?: (saved: number, total: number) => Promise<void>;
  },
): Promise<{ newQueries: number; mergedQueries: number }> {
  const { stage } = options;
  const final = Prisma.raw(`${stage.schema}.final`);
  let newQueries = 0;
  let mergedQueries = 0;
  for (let from = 0; from < stage.rows; from += STEP_ROWS) {
    const range = Prisma.sql`f.rowid > ${from} AND f.rowid <= ${from + STEP_ROWS}`;
    mergedQueries += await mergeExisting(tx, { final, range, classify: options.classify });
    newQueries += await tx.$executeRaw(Prisma.sql`
      INSERT INTO "LogQuery"
        ("id", "normalized", "display", "variants", "frequency", "classes", "firstSeen", "lastSeen", "createdAt")
      SELECT f.id, f.normalized, f.display, f.variants, f.frequency, f.classes, f.firstSeen, f.lastSeen,
        ${sqliteDateTime(options.createdAt)}
      FROM ${final} AS f
      WHERE ${range} AND NOT EXISTS (SELECT 1 FROM "LogQuery" AS q WHERE q."normalized" = f.normalized)
      ORDER BY f.rowid`);
    await tx.$executeRaw(Prisma.sql`
      INSERT INTO "LogQuerySource" ("logQueryId", "queryLogId", "count", "firstLine")
      SELECT q."id", ${options.queryLogId}, f.frequency, f.firstLine
      FROM ${final} AS f JOIN "LogQuery" AS q ON q."normalized" = f.normalized
      WHERE ${range}
      ORDER BY f.rowid`);
    await options.onProgress?.(Math.min(from + STEP_ROWS, stage.rows), stage.rows);
  }
  return { newQueries, mergedQueries };
}

/** Merges the staged rows of one step whose query exists already; returns how many. */
async function mergeExisting(
  tx: Prisma.TransactionClient,
  options: { final: Prisma.Sql; range: Prisma.Sql; classify: ClassifyLogQuery },
): Promise<number> {
  const staged = await tx.$queryRaw<StagedMerge[]>(Prisma.sql`
    SELECT q."id" AS "id", f.normalized AS "normalized", f.display AS "display", f.variants AS "variants",
      f.frequency AS "frequency", f.firstSeen AS "firstSeen", f.lastSeen AS "lastSeen",
      q."variants" AS "previousVariants", q."firstSeen" AS "previousFirstSeen",
      q."lastSeen" AS "previousLastSeen", q."classes" AS "previousClasses"
    FROM ${options.final} AS f JOIN "LogQuery" AS q ON q."normalized" = f.normalized
    WHERE ${options.range}
    ORDER BY f.rowid`);
  const merged = staged.map((row): MergedRow => {
    const variants = mergeVariants(
      parseJson<Variant[]>(row.previousVariants),
      parseJson<Variant[]>(row.variants),
    );
    const display = variants[0]?.text ?? row.display;
    return {
      id: row.id,
      increment: Number(row.frequency),
      variants,
      display,
      firstSeen: earliest(toDate(row.previousFirstSeen), toDate(row.firstSeen) ?? undefined),
      lastSeen: latest(toDate(row.previousLastSeen), toDate(row.lastSeen) ?? undefined),
      classes: unionClasses(row.previousClasses, options.classify({ normalized: row.normalized, display })),
    };
  });
  const dialect = sqlDialect(tx);
  for (let start = 0; start < merged.length; start += MERGE_BATCH)
    await tx.$executeRaw(mergeStatement(dialect, merged.slice(start, start + MERGE_BATCH)));
  return merged.length;
}
