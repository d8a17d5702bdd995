import { randomBytes } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import type { SqlDialect } from "@/lib/db/sql-dialect";
import type { Variant } from "@/lib/logs/merge-log-query";

// The raw statements saveQueryLog batches (lib/db/query-logs.ts), apart from the save's logic so
// that another database's dialect has one place to go: these four are the only SQL of a log
// import that runs on the app's database. (The import's stage, lib/db/query-log-stage.ts, is
// SQLite SQL too, but on its own scratch file whatever the app's database is: no dialect there.)

/** A LogQuery as a raw SELECT returns it (drivers differ in parsing JSON and dates). */
export type StoredQuery = {
  id: string;
  normalized: string;
  variants: unknown;
  firstSeen: Date | string | null;
  lastSeen: Date | string | null;
  classes: string;
};

export function parseJson<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

export function toDate(value: Date | string | null): Date | null {
  return value === null ? null : new Date(value);
}

export type MergedRow = {
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
export function sequentialIds(now: Date): () => string {
  const prefix = `l${now.getTime().toString(36)}${randomBytes(6).toString("hex")}`;
  let counter = 0;
  return () => `${prefix}${(counter++).toString(36).padStart(8, "0")}`;
}

// Batches go to SQLite as ONE bound JSON array each, expanded by json_each: Prisma's raw-query
// path costs ~5 µs per bound value, several times what SQLite spends on a row, so binding ~10
// values a row made the save the slowest part of an import (bench/README.md). json_each and ->>
// are SQLite's (≥ 3.38); on PostgreSQL these four statements would use jsonb_array_elements.

/** DateTime as Prisma stores it in SQLite: ISO 8601 text with an explicit +00:00 offset. */
export function sqliteDateTime(date: Date | null): string | null {
  return date === null ? null : date.toISOString().replace("Z", "+00:00");
}

export function lookupStatement(dialect: SqlDialect, normalized: string[]): Prisma.Sql {
  return Prisma.sql`
    SELECT "id", "normalized", "variants", "firstSeen", "lastSeen", "classes" FROM "LogQuery"
    WHERE "normalized" IN (SELECT t."value" FROM ${dialect.jsonArrayTexts(Prisma.sql`${JSON.stringify(normalized)}`, "t")})`;
}

export type NewRow = {
  id: string;
  normalized: string;
  display: string;
  variants: Variant[];
  frequency: number;
  classes: string;
  firstSeen: Date | null;
  lastSeen: Date | null;
};

export function insertStatement(dialect: SqlDialect, rows: NewRow[], createdAt: Date): Prisma.Sql {
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
    SELECT e."value"->>0, e."value"->>1, e."value"->>2, ${dialect.typed(Prisma.sql`e."value"->>3`, "json")},
      ${dialect.typed(Prisma.sql`e."value"->>4`, "integer")}, e."value"->>5,
      ${dialect.typed(Prisma.sql`e."value"->>6`, "datetime")}, ${dialect.typed(Prisma.sql`e."value"->>7`, "datetime")},
      ${dialect.dateTimeValue(createdAt)}
    FROM ${dialect.jsonArrayElements(Prisma.sql`${json}`, "e")}`;
}

/**
 * One UPDATE for a batch of merged rows (`UPDATE … FROM`, SQLite ≥ 3.33): the frequency is
 * incremented, so it stays right even if another writer got in between; the other columns take
 * the values merged here.
 */
export function mergeStatement(dialect: SqlDialect, rows: MergedRow[]): Prisma.Sql {
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
      SELECT e."value"->>0 AS id, ${dialect.typed(Prisma.sql`e."value"->>1`, "integer")} AS increment,
        ${dialect.typed(Prisma.sql`e."value"->>2`, "json")} AS variants, e."value"->>3 AS display,
        ${dialect.typed(Prisma.sql`e."value"->>4`, "datetime")} AS firstSeen,
        ${dialect.typed(Prisma.sql`e."value"->>5`, "datetime")} AS lastSeen, e."value"->>6 AS classes
      FROM ${dialect.jsonArrayElements(Prisma.sql`${json}`, "e")}
    ) AS v
    WHERE "LogQuery"."id" = v.id`;
}

/** Provenance rows `(logQueryId, count, firstLine)` of one log. */
export function sourcesStatement(
  dialect: SqlDialect,
  rows: [string, number, number][],
  queryLogId: string,
): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "LogQuerySource" ("logQueryId", "queryLogId", "count", "firstLine")
    SELECT e."value"->>0, ${queryLogId}, ${dialect.typed(Prisma.sql`e."value"->>1`, "integer")},
      ${dialect.typed(Prisma.sql`e."value"->>2`, "integer")}
    FROM ${dialect.jsonArrayElements(Prisma.sql`${JSON.stringify(rows)}`, "e")}`;
}
